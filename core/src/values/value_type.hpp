// What the evaluator needs of a value type, as a C++20 concept checked where the evaluator is instantiated.
//
// A value type is one reading of a range: plain interval bounds (interval.hpp), dependency-aware bounds
// (affine_bounds.hpp) or a distribution (distribution.hpp). Every operation is static and takes the value type's
// Context first, because a range is not only a number: "a to b" makes a new input, and what an input is (a noise
// symbol, a column of sample points, a slot in a sensitivity run) lives in the context, which lasts as long as
// the values that refer to it (one evaluation, or a whole Session).
#pragma once

#include <concepts>

#include "values/law.hpp"

namespace ballpark {

template <class V>
concept ValueType = std::copyable<V> && std::default_initializable<typename V::Context> &&
    requires(const V& a, const V& b, const V& c, double x, typename V::Context& context, int column,
             const Law& law) {
        // An exact number, and a number a double cannot hold exactly (a decimal such as 0.1, a unit size such as
        // the foot): the true value lies in [low, high]. Neither is an uncertain input.
        { V::point(x) } -> std::same_as<V>;
        { V::literal(x, x, x) } -> std::same_as<V>;

        // "a to b" and a printed "c [a, b]" read back: each call is a new independent input.
        { V::between(context, a, b, column) } -> std::same_as<V>;
        { V::between3(context, a, c, b, column) } -> std::same_as<V>;

        { V::add(context, a, b) } -> std::same_as<V>;
        { V::subtract(context, a, b) } -> std::same_as<V>;
        { V::multiply(context, a, b) } -> std::same_as<V>;
        { V::negate(context, a) } -> std::same_as<V>;
        { V::divide(context, a, b, column) } -> std::same_as<V>;
        { V::power(context, a, x, column) } -> std::same_as<V>;  // a single-number exponent
        { V::absolute(context, a) } -> std::same_as<V>;
        { V::minimum(context, a, b) } -> std::same_as<V>;
        { V::maximum(context, a, b) } -> std::same_as<V>;
        { V::exp(context, a, column) } -> std::same_as<V>;
        { V::log(context, a, column) } -> std::same_as<V>;

        // A named distribution, as its law (law.hpp), made and checked before: each call a new input. A bounds
        // type gives the law's support where it has both ends and the law's refusal otherwise (normal,
        // lognormal); the one method reads every law, so that a named distribution needs nothing of the value
        // types.
        { V::law(context, law, column) } -> std::same_as<V>;

        // The three numbers a result shows: for bounds the central value and guaranteed bounds, for a
        // distribution the median and the 5th and 95th percentiles.
        { a.central() } -> std::same_as<double>;
        { a.low() } -> std::same_as<double>;
        { a.high() } -> std::same_as<double>;
        // Every value the result can take lies in [support_low, support_high]; domain checks (sqrt, ln, a
        // divisor that may be zero) use these, which for a normal distribution are infinite.
        { a.support_low() } -> std::same_as<double>;
        { a.support_high() } -> std::same_as<double>;
        { a.is_point() } -> std::same_as<bool>;
        { a.is_finite() } -> std::same_as<bool>;
    };

// A value type whose values refer to nothing in their context (plain intervals) says so with
// `static constexpr bool shareable = true;`: its values may then be cached and reused by text. Values of other
// types stand for inputs of one context, and a range reused from a cache would be one input where the user wrote
// two.
template <class V>
concept shareable_values = ValueType<V> && requires { requires V::shareable; };

// A value type whose results are percentiles of a distribution offers these too (mean, sd, percentile).
template <class V>
concept DistributionType = ValueType<V> && requires(const V& a, double p) {
    { a.quantile(p) } -> std::same_as<double>;
    { a.mean() } -> std::same_as<double>;
    { a.sd() } -> std::same_as<double>;
    // P(a <= t): the CDF at t (P(x < y) in the language, eval/probability.hpp).
    { a.probability_at_most(p) } -> std::same_as<double>;
};

}  // namespace ballpark
