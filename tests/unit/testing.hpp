// Shared matchers and helpers for the unit tests, and the list of value types that typed tests run over (au's
// testing.hh plays this part there). A property of every reading of a range is written once, as a typed test. The
// reference models tests compute expected values from (z95, the lognormal of a range, a quarter's plan) are in
// reference_models.hpp, and the tolerance matchers (RelativelyNear) in tolerance.hpp, both included here.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <concepts>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "values/affine_bounds.hpp"
#include "values/distribution/distribution.hpp"
#include "eval/evaluator.hpp"
#include "eval/value_types.hpp"
#include "values/interval.hpp"
#include "values/law_lognormal.hpp"
#include "values/law_normal.hpp"
#include "values/law_pert.hpp"
#include "values/law_uniform.hpp"
#include "language/parser.hpp"
#include "values/quantity_conversion.hpp"
#include "reference_models.hpp"
#include "tolerance.hpp"

namespace ballpark::testing {

// Every value type the evaluator is instantiated with in the product: each mode's and the others
// (eval/value_types.hpp).
template <class List>
struct TypesOf;
template <class... V>
struct TypesOf<TypeList<V...>> {
    using type = ::testing::Types<V...>;
};
using ValueTypes = TypesOf<AllValueTypes>::type;

// Evaluates `text` with the value type V directly, not through the public API's mode switch; throws
// ErrorException on an error.
template <ValueType V>
Quantity run_as(std::string_view text) {
    const auto tree = parse_statement(text, UnitRegistry::instance());
    Evaluator<V> evaluator(nullptr, {});
    return to_quantity(evaluator.run(*tree));
}

// The error sentence of `text` with value type V, or "" when it evaluates.
template <ValueType V>
std::string error_as(std::string_view text) {
    try {
        run_as<V>(text);
    } catch (const ErrorException& e) {
        return e.error().sentence();
    }
    return {};
}

// The error of evaluating `text` through the public API (an empty one, with a test failure, when it evaluates).
inline Error error_of(std::string_view text) {
    const auto result = evaluate(text);
    if (result) {
        ADD_FAILURE() << "\"" << text << "\" evaluated to " << result->central << " instead of an error";
        return {};
    }
    EXPECT_FALSE(result.error().message.empty()) << text;
    return result.error();
}

// The error that calling `f` throws (an empty one, with a test failure, when it throws none).
template <std::invocable F>
Error error_of(F&& f) {
    try {
        std::forward<F>(f)();
    } catch (const ErrorException& e) {
        return e.error();
    }
    ADD_FAILURE() << "no error was raised";
    return {};
}

// The whole sentence (message and hint) of error_of(what), and its message alone.
std::string sentence_of(auto&& what) { return error_of(std::forward<decltype(what)>(what)).sentence(); }
std::string message_of(auto&& what) { return error_of(std::forward<decltype(what)>(what)).message; }

// A Quantity whose [low, high] contains [low, high]: the guarantee of a bounds reading.
MATCHER_P2(Encloses, low, high, "has bounds that enclose [" + ::testing::PrintToString(low) + ", " +
                                     ::testing::PrintToString(high) + "]") {
    *result_listener << "its bounds are [" << arg.low << ", " << arg.high << "]";
    return arg.low <= low && arg.high >= high;
}

// A Quantity that is the single number `value`, to a relative `tolerance`.
MATCHER_P2(EvaluatesTo, value, tolerance, "is the single number " + ::testing::PrintToString(value)) {
    *result_listener << "it is " << arg.central << " [" << arg.low << ", " << arg.high << "]";
    const double scale = std::max(std::abs(static_cast<double>(value)), 1e-300);
    return std::abs(arg.central - value) <= tolerance * scale && std::abs(arg.low - value) <= tolerance * scale &&
           std::abs(arg.high - value) <= tolerance * scale;
}

// A Result that failed with a sentence containing `part`.
MATCHER_P(FailsWith, part, "fails with a sentence containing \"" + std::string(part) + "\"") {
    if (arg) {
        *result_listener << "it succeeded with " << arg->central;
        return false;
    }
    *result_listener << "its sentence is \"" << arg.error().sentence() << "\"";
    return arg.error().sentence().find(part) != std::string::npos;
}

// low <= central <= high, all finite: true of every reading's three numbers.
MATCHER(IsOrdered, "has low <= central <= high") {
    *result_listener << "it is " << arg.central << " [" << arg.low << ", " << arg.high << "]";
    return std::isfinite(arg.low) && std::isfinite(arg.high) && arg.low <= arg.central && arg.central <= arg.high;
}

// A named distribution's call on single numbers as the built-ins make it (eval/builtins.hpp): the law `Named`
// makes of the numbers, with its checks, read by the value type V.
template <class V, class Named>
V named(typename V::Context& context, std::initializer_list<double> arguments, int column = 1) {
    const std::span<const double> x(arguments.begin(), arguments.size());
    return V::law(context, Named::law(x, column, Place(column).at()), column);
}

}  // namespace ballpark::testing
