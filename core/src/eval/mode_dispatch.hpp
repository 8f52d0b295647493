// From the Mode of EvaluationOptions to the value type that implements it, by the value-type column of
// BALLPARK_MODES (ballpark/mode.hpp): the one place that knows which type reads a range which way.
#pragma once

#include <cstddef>
#include <utility>

#include "ballpark/mode.hpp"
#include "eval/correlated_reading.hpp"
#include "values/affine_bounds.hpp"
#include "values/distribution/distribution.hpp"
#include "values/interval.hpp"
#include "values/value_type.hpp"

namespace ballpark {

template <class... V>
struct TypeList {
    static constexpr std::size_t size = sizeof...(V);
};

// The value type of one mode.
template <Mode mode>
struct ValueTypeOf;
#define BALLPARK_MODE_VALUE_TYPE(enumerator, name, aliases, value_type, ...) \
    template <>                                                                  \
    struct ValueTypeOf<Mode::enumerator> {                                       \
        using type = value_type;                                                 \
    };
BALLPARK_MODES(BALLPARK_MODE_VALUE_TYPE)
#undef BALLPARK_MODE_VALUE_TYPE

namespace mode_detail {
template <std::size_t... I>
TypeList<typename ValueTypeOf<static_cast<Mode>(I)>::type...> mode_value_types(std::index_sequence<I...>);
}  // namespace mode_detail

// The value types of the modes, in the rows' order.
using ModeValueTypes = decltype(mode_detail::mode_value_types(std::make_index_sequence<mode_count>{}));

// A row's results column says what its value type gives: percentiles exactly where the type is a distribution.
#define BALLPARK_MODE_RESULTS(enumerator, name, aliases, value_type, reading, results, ...)            \
    static_assert(DistributionType<value_type> == (Ends::results == Ends::percentiles),           \
                  "the results column of the row " #enumerator " disagrees with its value type: a value "  \
                  "type that is a distribution gives percentiles, any other bounds");
BALLPARK_MODES(BALLPARK_MODE_RESULTS)
#undef BALLPARK_MODE_RESULTS

// A row's correlations column says what its value type does: a reading that joins inputs by their correlations
// keeps them in its context, where its inputs are made.
#define BALLPARK_MODE_CORRELATIONS(enumerator, name, aliases, value_type, reading, results, label, range_noun, tornado, \
                                   once, sheet_function, correlations, ...)                                           \
    static_assert(CorrelatedReading<value_type> == correlations,                                                      \
                  "the correlations column of the row " #enumerator " disagrees with its value type: a value type "    \
                  "whose context keeps correlations joins inputs by them, any other only checks them");
BALLPARK_MODES(BALLPARK_MODE_CORRELATIONS)
#undef BALLPARK_MODE_CORRELATIONS

// Calls body.template operator()<V>() with the value type of `mode`.
template <class F>
decltype(auto) with_value_type(Mode mode, F&& body) {
    switch (mode) {
#define BALLPARK_MODE_CASE(enumerator, name, aliases, value_type, ...) \
    case Mode::enumerator: return std::forward<F>(body).template operator()<value_type>();
        BALLPARK_MODES(BALLPARK_MODE_CASE)
#undef BALLPARK_MODE_CASE
    }
    return std::forward<F>(body).template operator()<typename ValueTypeOf<Mode{}>::type>();
}

}  // namespace ballpark
