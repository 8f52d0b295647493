// The value type of the evaluator today: a guaranteed enclosure [low, high] plus a central value.
// The bounds use Boost.Interval with a policy that rounds every operation outward (error_free_rounding.hpp), so
// the true result always lies inside. The central value is the same expression evaluated at the inputs' central
// values, in ordinary round-to-nearest arithmetic.
//
// The evaluator is a template over its value type; a sampled or dependency-tracking type can take this one's
// place if it offers the same operations.
#pragma once

#include <boost/numeric/interval.hpp>
#include <cmath>
#include <limits>

#include "ballpark/error.hpp"
#include "error_free_rounding.hpp"

namespace ballpark {

class Interval {
public:
    using Bounds = boost::numeric::interval<
        double, boost::numeric::interval_lib::policies<ErrorFreeRounding, boost::numeric::interval_lib::checking_strict<double>>>;

    Interval() = default;
    static Interval point(double x) { return Interval(Bounds(x), x); }
    // "a to b": the hull of both ends, central at the midpoint of the outer bounds.
    static Interval between(const Interval& a, const Interval& b, int column);

    double low() const { return bounds_.lower(); }
    double high() const { return bounds_.upper(); }
    double central() const { return central_; }
    bool is_point() const { return bounds_.lower() == bounds_.upper(); }

    friend Interval operator+(const Interval& a, const Interval& b) { return {a.bounds_ + b.bounds_, a.central_ + b.central_}; }
    friend Interval operator-(const Interval& a, const Interval& b) { return {a.bounds_ - b.bounds_, a.central_ - b.central_}; }
    friend Interval operator*(const Interval& a, const Interval& b) { return {a.bounds_ * b.bounds_, a.central_ * b.central_}; }
    friend Interval operator-(const Interval& a) { return {-a.bounds_, -a.central_}; }
    // Throws when the divisor's range contains zero: the quotient would be unbounded.
    static Interval divide(const Interval& a, const Interval& b, int column);
    // Raises to a point exponent; throws where the result would not be a real interval.
    static Interval power(const Interval& base, double exponent, int column);
    static Interval absolute(const Interval& a);
    static Interval minimum(const Interval& a, const Interval& b);
    static Interval maximum(const Interval& a, const Interval& b);
    // Applies an increasing function such as sqrt or log on [low, high], widening each bound by one ulp.
    template <class F>
    static Interval increasing(const Interval& a, F f) {
        return Interval(Bounds(std::nextafter(f(a.low()), -inf), std::nextafter(f(a.high()), inf)), f(a.central_));
    }
    bool is_finite() const { return std::isfinite(low()) && std::isfinite(high()) && std::isfinite(central_); }

    // The value-type contract (value_type.hpp). Plain intervals keep no inputs, so the context is empty.
    struct Context {};
    static constexpr bool shareable = true;  // no inputs: a cached value may stand for its text anywhere
    static Interval literal(double nearest, double low, double high) { return Interval(Bounds(low, high), nearest); }
    static Interval between(Context&, const Interval& a, const Interval& b, int column) { return between(a, b, column); }
    static Interval between3(Context&, const Interval& low, const Interval& central, const Interval& high, int column);
    static Interval add(Context&, const Interval& a, const Interval& b) { return a + b; }
    static Interval subtract(Context&, const Interval& a, const Interval& b) { return a - b; }
    static Interval multiply(Context&, const Interval& a, const Interval& b) { return a * b; }
    static Interval negate(Context&, const Interval& a) { return -a; }
    static Interval divide(Context&, const Interval& a, const Interval& b, int column) { return divide(a, b, column); }
    static Interval power(Context&, const Interval& a, double exponent, int column) { return power(a, exponent, column); }
    static Interval absolute(Context&, const Interval& a) { return absolute(a); }
    static Interval minimum(Context&, const Interval& a, const Interval& b) { return minimum(a, b); }
    static Interval maximum(Context&, const Interval& a, const Interval& b) { return maximum(a, b); }
    static Interval exp(Context&, const Interval& a, int column);
    static Interval log(Context&, const Interval& a, int column);
    static Interval uniform(Context& context, const Interval& min, const Interval& max, int column) {
        return between(context, min, max, column);
    }
    static Interval pert(Context& context, const Interval& min, const Interval& likely, const Interval& max, int column);
    static Interval normal(Context&, const Interval& mean, const Interval& sd, int column);
    static Interval lognormal(Context&, const Interval& median, const Interval& sigma, int column);
    double support_low() const { return low(); }
    double support_high() const { return high(); }

private:
    static constexpr double inf = std::numeric_limits<double>::infinity();
    Interval(Bounds bounds, double central) : bounds_(bounds), central_(central) {}
    Bounds bounds_{0.0};
    double central_ = 0;
};

}  // namespace ballpark
