// Which value types join their inputs by stated correlations: the readings whose row of BALLPARK_MODES says so
// (ballpark/mode.hpp, the correlations column; eval/mode_dispatch.hpp checks that the two agree).
#pragma once

#include <concepts>

#include "values/distribution/correlation.hpp"
#include "values/value_type.hpp"

namespace ballpark {

// A value type whose context keeps the correlations stated for its inputs, so that an input made under a
// correlated name takes its correlated normal score (the 90% reading). Every other value type holds for any
// dependence between the inputs, or moves one input at a time, and only checks what is stated.
template <class V>
concept CorrelatedReading = ValueType<V> && requires(typename V::Context& context) {
    { context.correlations } -> std::same_as<Correlations&>;
};

}  // namespace ballpark
