#include "values/interval.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "ballpark/format.hpp"
#include "numeric/within_rounding.hpp"

namespace ballpark {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// std::exp, std::log, std::log10 and std::pow are not correctly rounded. glibc documents errors below one ulp
// for them, but a result within one ulp of the true value can still be two doubles away from it next to a
// power of two (the spacing halves there), and other C libraries promise less; so each bound moves two doubles
// outward. Boost.Interval's own exp and log would need a correctly rounded library (CRlibm), which we lack.
constexpr int libm_margin_ulps = 2;

double step_down(double r) {
    for (int k = 0; k < libm_margin_ulps; ++k) r = std::nextafter(r, -inf);
    return r;
}
double step_up(double r) {
    for (int k = 0; k < libm_margin_ulps; ++k) r = std::nextafter(r, inf);
    return r;
}

// Bounds of e^x. Exact at 0; e^x ≥ 0 always, ≥ 1 from x = 0 up and ≤ 1 below, so the margin never crosses those.
double exp_down(double x) {
    if (x == 0) return 1;
    return std::max(step_down(std::exp(x)), x > 0 ? 1.0 : 0.0);
}
double exp_up(double x) {
    if (x == 0) return 1;
    const double r = step_up(std::exp(x));
    return x < 0 ? std::min(r, 1.0) : r;
}

// Bounds of a logarithm (ln or log10) for x > 0: exact at 1, ≥ 0 from 1 up, ≤ 0 below.
template <class F>
double log_down(double x, F f) {
    if (x == 1) return 0;
    const double r = step_down(f(x));
    return x > 1 ? std::max(r, 0.0) : r;
}
template <class F>
double log_up(double x, F f) {
    if (x == 1) return 0;
    const double r = step_up(f(x));
    return x < 1 ? std::min(r, 0.0) : r;
}

// Bounds of x^e for x ≥ 0 (and e > 0 when x is 0). Exact for x of 0 or 1 and for e of 1; x^e ≥ 0 always, and
// x^e is on the same side of 1 as x is for e > 0, on the other side for e < 0.
bool at_least_one(double x, double e) { return (x >= 1) == (e > 0); }
double pow_down(double x, double e) {
    if (x == 0 || x == 1 || e == 1) return std::pow(x, e);
    return std::max(step_down(std::pow(x, e)), at_least_one(x, e) ? 1.0 : 0.0);
}
double pow_up(double x, double e) {
    if (x == 0 || x == 1 || e == 1) return std::pow(x, e);
    const double r = step_up(std::pow(x, e));
    return at_least_one(x, e) ? r : std::min(r, 1.0);
}

}  // namespace

// Ends that differ only by rounding (a cell =0.1+0.2 beside 0.3) are one number written two ways, in either order;
// the hull of both keeps enclosing each.
Interval Interval::between(const Interval& a, const Interval& b, int column) {
    if (a.low() > b.high() && !within_rounding(a.low(), b.high())) {
        fail(ErrorKind::range_order, "A range must go from low to high, but " + format_number(a.central(), 3, true) + " to " + format_number(b.central(), 3, true) +
                 " goes down.",
             column, "Swap the two ends.");
    }
    const Bounds hull(std::min(a.low(), b.low()), std::max(a.high(), b.high()));
    return Interval(hull, a.central_ / 2 + b.central_ / 2);
}

Interval Interval::between3(Context&, const Interval& low, const Interval& central, const Interval& high, int column) {
    const double c = central.central_;
    const bool above_low = low.low() <= c || within_rounding(low.low(), c);
    const bool below_high = c <= high.high() || within_rounding(c, high.high());
    if (!(above_low && below_high)) {
        fail(ErrorKind::range_order, "A range written as central [low, high] needs low ≤ central ≤ high, but it reads " + format_number(c, 3, true) +
                 " [" + format_number(low.central(), 3, true) + ", " + format_number(high.central(), 3, true) + "].",
             column);
    }
    const Bounds hull(std::min({low.low(), central.low(), high.low()}), std::max({low.high(), central.high(), high.high()}));
    return Interval(hull, c);
}

Interval Interval::divide(const Interval& a, const Interval& b, int column) {
    if (b.low() <= 0 && b.high() >= 0) {
        if (b.is_point()) fail(ErrorKind::domain, "Division by zero.", column);
        fail(ErrorKind::domain, "Division by a range that contains zero (" + format_number(b.low(), 3, true) + " to " + format_number(b.high(), 3, true) +
                 "); the result would be unbounded.",
             column);
    }
    return Interval(a.bounds_ / b.bounds_, a.central_ / b.central_);
}

Interval Interval::whole_power(const Interval& base, double n, int column) {
    if (n < 0 && base.low() <= 0 && base.high() >= 0)
        fail(ErrorKind::domain, "A negative power of a value that can be zero is unbounded.", column);
    // x^-n as (1/x)^n, not 1/x^n: x^n can overflow to infinity although x^-n is a normal number, and the
    // reciprocal of an infinite bound would lose the true value (10^-309 would be [0, 4.9e-324]).
    const Bounds b = n >= 0 ? base.bounds_ : Bounds(1.0) / base.bounds_;
    const double m = std::abs(n);
    const double central = std::pow(base.central_, n);
    if (m <= INT_MAX) return Interval(boost::numeric::pow(b, static_cast<int>(m)), central);
    // Beyond int, Boost's repeated squaring cannot take the exponent; |x|^m from the C library, the sign by the
    // parity of m (every double from 2^53 up is even).
    if (std::fmod(m, 2) == 0) {
        const Bounds magnitude = boost::numeric::abs(b);
        return Interval(Bounds(pow_down(magnitude.lower(), m), pow_up(magnitude.upper(), m)), central);
    }
    // An odd power is increasing and keeps the sign.
    const double low = b.lower() < 0 ? -pow_up(-b.lower(), m) : pow_down(b.lower(), m);
    const double high = b.upper() < 0 ? -pow_down(-b.upper(), m) : pow_up(b.upper(), m);
    return Interval(Bounds(low, high), central);
}

Interval Interval::power(const Interval& base, double exponent, int column) {
    if (exponent == 0) return point(1);
    if (exponent == std::trunc(exponent)) return whole_power(base, exponent, column);
    if (base.low() < 0) {
        fail(ErrorKind::domain, "A fractional power needs a value that cannot be negative, but the base goes down to " +
                 format_number(base.low(), 3, true) + ".",
             column);
    }
    if (exponent < 0 && base.low() == 0) fail(ErrorKind::domain, "A negative power of a value that can be zero is unbounded.", column);
    // The square root is correctly rounded (error_free_rounding.hpp), so it keeps exact roots exact.
    if (exponent == 0.5) return Interval(boost::numeric::sqrt(base.bounds_), std::sqrt(base.central_));
    const double central = std::pow(base.central_, exponent);
    if (exponent > 0) return Interval(Bounds(pow_down(base.low(), exponent), pow_up(base.high(), exponent)), central);
    // Decreasing for negative exponents: the low end comes from the high bound.
    return Interval(Bounds(pow_down(base.high(), exponent), pow_up(base.low(), exponent)), central);
}

Interval Interval::power(Context&, const Interval& base, const Interval& exponent, int column) {
    const double e = point_exponent(exponent.low(), exponent.central(), exponent.high(), column);
    if (exponent.is_point()) return power(base, e, column);
    const double e_low = exponent.low(), e_high = exponent.high();
    if (base.low() > 0 || (base.low() == 0 && e_low > 0)) {
        // For x ≥ 0 and e in the exponent's range, x^e is monotone in x for each e and in e for each x, so its
        // extremes over the box are at the corners.
        const double xs[] = {base.low(), base.high()};
        double low = inf, high = -inf;
        for (double x : xs) {
            for (double p : {e_low, e_high}) {
                low = std::min(low, pow_down(x, p));
                high = std::max(high, pow_up(x, p));
            }
        }
        return Interval(Bounds(low, high), std::pow(base.central_, e));
    }
    if (base.low() < 0) {
        // A base that can be negative has a real power only at whole exponents, so an exponent within rounding
        // of a whole number is that number ((-8)^(6/3) is 64); otherwise power() refuses it.
        const double whole = std::ceil(e_low);
        return power(base, whole <= e_high ? whole : e, column);
    }
    // The base can be 0 and the exponent 0 or below: 0^e is 1 or unbounded.
    fail_domain("A power of a value that can be zero needs an exponent above zero, but the exponent" + Place(column).at() +
                    " can be as low as " + shortest_number(e_low) + ".",
                "^", column);
}

Interval Interval::absolute(const Interval& a) { return Interval(boost::numeric::abs(a.bounds_), std::abs(a.central_)); }

Interval Interval::minimum(const Interval& a, const Interval& b) {
    return Interval(boost::numeric::min(a.bounds_, b.bounds_), std::min(a.central_, b.central_));
}

Interval Interval::maximum(const Interval& a, const Interval& b) {
    return Interval(boost::numeric::max(a.bounds_, b.bounds_), std::max(a.central_, b.central_));
}

Interval Interval::exp(Context&, const Interval& a, int) {
    return Interval(Bounds(exp_down(a.low()), exp_up(a.high())), std::exp(a.central_));
}

Interval Interval::log(Context&, const Interval& a, int column) {
    check_log_domain("ln", a.low(), a.high(), column);
    const auto f = [](double x) { return std::log(x); };
    return Interval(Bounds(log_down(a.low(), f), log_up(a.high(), f)), std::log(a.central_));
}

Interval Interval::log10(Context&, const Interval& a, int column) {
    check_log_domain("log10", a.low(), a.high(), column);
    const auto f = [](double x) { return std::log10(x); };
    return Interval(Bounds(log_down(a.low(), f), log_up(a.high(), f)), std::log10(a.central_));
}

Interval Interval::law(Context&, const Law& law, int column) {
    if (!law.bounded()) law.refuse_bounds(column);
    return Interval(Bounds(law.outer_low, law.outer_high), law.central);
}

}  // namespace ballpark
