// The value type of the bounds mode: a guaranteed enclosure [low, high] plus a central value.
// The arithmetic bounds use Boost.Interval with a policy that rounds every operation outward
// (error_free_rounding.hpp), so the true result always lies inside. exp, log and fractional powers come from the
// C library, which is not correctly rounded; their bounds are widened by a margin and clamped at what the
// function is known to give (exp ≥ 0, a power of a base ≥ 0 is ≥ 0, exp(x) ≥ 1 for x ≥ 0, …), so a bound never
// crosses zero or one by widening alone. The central value is the same expression evaluated at the inputs'
// central values, in ordinary round-to-nearest arithmetic.
//
// The operations follow the evaluator's value-type contract: static, taking the evaluation context first.
// Interval arithmetic needs no state, so its Context is empty. The operators and the context-free overloads are
// kept for the tests.
#pragma once

#include <boost/numeric/interval.hpp>
#include <cmath>
#include <limits>
#include <string_view>

#include "ballpark/error.hpp"
#include "values/domain_checks.hpp"
#include "values/law.hpp"
#include "numeric/error_free_rounding.hpp"

namespace ballpark {

class Interval {
public:
    struct Context {};
    static constexpr bool shareable = true;  // no inputs: a cached value may stand for its text anywhere

    using Bounds = boost::numeric::interval<
        double, boost::numeric::interval_lib::policies<ErrorFreeRounding, boost::numeric::interval_lib::checking_strict<double>>>;

    Interval() = default;
    static Interval point(double x) { return Interval(Bounds(x), x); }
    // A decimal or unit size a double cannot hold: the true value is in [low, high], `nearest` is the central.
    static Interval literal(double nearest, double low, double high) { return Interval(Bounds(low, high), nearest); }

    // "a to b": the hull of both ends' bounds; the central is halfway between the two ends' centrals.
    static Interval between(const Interval& a, const Interval& b, int column);
    static Interval between(Context&, const Interval& a, const Interval& b, int column) { return between(a, b, column); }
    // "c [l, h]" read back: bounds from l's low to h's high, central c; fails unless l ≤ c ≤ h.
    static Interval between3(Context&, const Interval& low, const Interval& central, const Interval& high, int column);

    double low() const { return bounds_.lower(); }
    double high() const { return bounds_.upper(); }
    double central() const { return central_; }
    // Interval arithmetic knows nothing about a value beyond its bounds, so its support is its bounds.
    double support_low() const { return bounds_.lower(); }
    double support_high() const { return bounds_.upper(); }
    bool is_point() const { return bounds_.lower() == bounds_.upper(); }
    bool is_finite() const { return std::isfinite(low()) && std::isfinite(high()) && std::isfinite(central_); }

    static Interval add(Context&, const Interval& a, const Interval& b) { return a + b; }
    static Interval subtract(Context&, const Interval& a, const Interval& b) { return a - b; }
    static Interval multiply(Context&, const Interval& a, const Interval& b) { return a * b; }
    static Interval negate(Context&, const Interval& a) { return -a; }
    friend Interval operator+(const Interval& a, const Interval& b) { return {a.bounds_ + b.bounds_, a.central_ + b.central_}; }
    friend Interval operator-(const Interval& a, const Interval& b) { return {a.bounds_ - b.bounds_, a.central_ - b.central_}; }
    friend Interval operator*(const Interval& a, const Interval& b) { return {a.bounds_ * b.bounds_, a.central_ * b.central_}; }
    friend Interval operator-(const Interval& a) { return {-a.bounds_, -a.central_}; }

    // Throws when the divisor's range contains zero: the quotient would be unbounded.
    static Interval divide(const Interval& a, const Interval& b, int column);
    static Interval divide(Context&, const Interval& a, const Interval& b, int column) { return divide(a, b, column); }

    // Raises to a point exponent; throws where the result would not be a real interval. Whole exponents of any
    // size are whole ((-1)^1025 is -1); x^0 is 1, 0^0 included, as in std::pow.
    static Interval power(const Interval& base, double exponent, int column);
    static Interval power(Context&, const Interval& base, double exponent, int column) { return power(base, exponent, column); }
    // Raises to an exponent that is a number to within rounding (1/3 is a range one ulp wide): the bounds
    // enclose base^e for every e in the exponent's range, so the guarantee holds; throws when the exponent's
    // range is wider than rounding leaves (point_exponent in domain_checks.hpp).
    static Interval power(Context&, const Interval& base, const Interval& exponent, int column);

    static Interval absolute(const Interval& a);
    static Interval absolute(Context&, const Interval& a) { return absolute(a); }
    static Interval minimum(const Interval& a, const Interval& b);
    static Interval minimum(Context&, const Interval& a, const Interval& b) { return minimum(a, b); }
    static Interval maximum(const Interval& a, const Interval& b);
    static Interval maximum(Context&, const Interval& a, const Interval& b) { return maximum(a, b); }

    // e^a. The low bound is never below 0, even when e^low underflows (exp(-800) is [0, 4.9 × 10⁻³²⁴]).
    static Interval exp(Context&, const Interval& a, int column);
    // Natural and decimal logarithms; throw (check_log_domain in domain_checks.hpp) when the value can be 0 or below.
    static Interval log(Context&, const Interval& a, int column);
    static Interval log10(Context&, const Interval& a, int column);

    // A named distribution, as its law (law.hpp): with both ends it spans what its end arguments enclose, with
    // the law's central value (a uniform's midpoint, a pert's likely value); without both it fails with the law's
    // refusal (normal, lognormal).
    static Interval law(Context&, const Law& law, int column);


private:
    static constexpr double inf = std::numeric_limits<double>::infinity();
    Interval(Bounds bounds, double central) : bounds_(bounds), central_(central) {}
    static Interval whole_power(const Interval& base, double exponent, int column);
    Bounds bounds_{0.0};
    double central_ = 0;
};

}  // namespace ballpark
