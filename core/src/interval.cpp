#include "interval.hpp"

#include <string>

#include "ballpark/format.hpp"

namespace ballpark {

Interval Interval::between(const Interval& a, const Interval& b, int column) {
    if (a.low() > b.high()) {
        fail("A range must go from low to high, but " + format_number(a.central(), 3, true) + " to " + format_number(b.central(), 3, true) +
                 " goes down.",
             column, "Swap the two ends.");
    }
    const Bounds hull(std::min(a.low(), b.low()), std::max(a.high(), b.high()));
    return Interval(hull, a.central_ / 2 + b.central_ / 2);
}

Interval Interval::divide(const Interval& a, const Interval& b, int column) {
    if (b.low() <= 0 && b.high() >= 0) {
        if (b.is_point()) fail("Division by zero.", column);
        fail("Division by a range that contains zero (" + format_number(b.low(), 3, true) + " to " + format_number(b.high(), 3, true) +
                 "); the result would be unbounded.",
             column);
    }
    return Interval(a.bounds_ / b.bounds_, a.central_ / b.central_);
}

Interval Interval::power(const Interval& base, double exponent, int column) {
    const double whole = std::round(exponent);
    if (exponent == whole && std::abs(whole) <= 1024) {
        const int n = static_cast<int>(whole);
        if (n < 0 && base.low() <= 0 && base.high() >= 0)
            fail("A negative power of a value that can be zero is unbounded.", column);
        // x^-n as (1/x)^n, not 1/x^n: x^n can overflow to infinity although x^-n is a normal number, and the
        // reciprocal of an infinite bound lost the true value (10^-309 gave [0, 4.9e-324]; found by fuzz_expression).
        Bounds b = n >= 0 ? boost::numeric::pow(base.bounds_, n)
                          : boost::numeric::pow(Bounds(1.0) / base.bounds_, -n);
        return Interval(b, std::pow(base.central_, exponent));
    }
    if (base.low() < 0) {
        fail("A fractional power needs a value that cannot be negative, but the base goes down to " +
                 format_number(base.low(), 3, true) + ".",
             column);
    }
    if (exponent < 0 && base.low() == 0) fail("A negative power of a value that can be zero is unbounded.", column);
    const auto raise = [exponent](double x) { return std::pow(x, exponent); };
    if (exponent > 0) return increasing(base, raise);
    // Decreasing for negative exponents: the low end comes from the high bound.
    return Interval(Bounds(std::nextafter(raise(base.high()), -inf), std::nextafter(raise(base.low()), inf)),
                    raise(base.central_));
}

Interval Interval::absolute(const Interval& a) { return Interval(boost::numeric::abs(a.bounds_), std::abs(a.central_)); }

Interval Interval::minimum(const Interval& a, const Interval& b) {
    return Interval(boost::numeric::min(a.bounds_, b.bounds_), std::min(a.central_, b.central_));
}

Interval Interval::maximum(const Interval& a, const Interval& b) {
    return Interval(boost::numeric::max(a.bounds_, b.bounds_), std::max(a.central_, b.central_));
}

Interval Interval::between3(Context&, const Interval& low, const Interval& central, const Interval& high, int column) {
    Interval hull = between(low, high, column);
    if (central.central_ < hull.low() || central.central_ > hull.high()) {
        fail("The central value " + format_number(central.central_, 3, true) + " lies outside its range " +
                 format_number(hull.low(), 3, true) + " to " + format_number(hull.high(), 3, true) + ".",
             column);
    }
    hull.central_ = central.central_;
    return hull;
}

Interval Interval::exp(Context&, const Interval& a, int) {
    return increasing(a, [](double x) { return std::exp(x); });
}

Interval Interval::log(Context&, const Interval& a, int column) {
    if (a.low() <= 0) fail("\"ln\" needs a value above zero (column " + std::to_string(column) + ").", column);
    return increasing(a, [](double x) { return std::log(x); });
}

Interval Interval::pert(Context& context, const Interval& min, const Interval& likely, const Interval& max, int column) {
    return between3(context, min, likely, max, column);
}

Interval Interval::normal(Context&, const Interval&, const Interval&, int column) {
    fail("A normal distribution has no bounds, so it cannot be used in the bounds mode.", column,
         "Use --mode=dist, or a range such as 10 to 20.");
}

Interval Interval::lognormal(Context&, const Interval&, const Interval&, int column) {
    fail("A lognormal distribution has no bounds, so it cannot be used in the bounds mode.", column,
         "Use --mode=dist, or a range such as 10 to 20.");
}

}  // namespace ballpark
