// A Boost.Interval rounding policy that rounds outward without changing the FPU rounding mode.
//
// Boost.Interval's default policy for double switches the rounding mode (fesetround) around every operation; a
// profile of a GPUHOURS cell in Calc put a quarter of the core's time there. Here each operation is done once in
// the default round-to-nearest mode, and an error-free transformation gives the exact rounding error: TwoSum for
// + and -, an FMA for *, / and sqrt. The sign of that error says on which side of the rounded result the true
// value lies, so the directed result is either the rounded value or its neighbour — the same bound a switched
// rounding mode gives. Boost offers no such policy, hence this file.
//
// Where the error terms themselves could underflow (results or operands near the subnormal range) the exact
// error is not guaranteed, so both neighbours are taken: a bound one ulp wider, still a guaranteed enclosure.
// tests/unit/error_free_rounding_test.cpp compares every operation with Boost's own mode-switching policy.
#pragma once

#include <cmath>
#include <limits>

#include "numeric/neighbours.hpp"

namespace ballpark {

class ErrorFreeRounding {
public:
    using unprotected_rounding = ErrorFreeRounding;

    template <class U>
    double conv_down(const U& v) {
        return down(static_cast<double>(v), static_cast<double>(v) > v ? -1.0 : 0.0);
    }
    template <class U>
    double conv_up(const U& v) {
        return up(static_cast<double>(v), static_cast<double>(v) < v ? 1.0 : 0.0);
    }

    double add_down(double x, double y) { return sum(x, y, false); }
    double add_up(double x, double y) { return sum(x, y, true); }
    double sub_down(double x, double y) { return sum(x, -y, false); }
    double sub_up(double x, double y) { return sum(x, -y, true); }

    [[gnu::always_inline]] double mul_down(double x, double y) { return product(x, y, false); }
    [[gnu::always_inline]] double mul_up(double x, double y) { return product(x, y, true); }

    [[gnu::always_inline]] double div_down(double x, double y) { return quotient(x, y, false); }
    [[gnu::always_inline]] double div_up(double x, double y) { return quotient(x, y, true); }

    double sqrt_down(double x) { return root(x, false); }
    double sqrt_up(double x) { return root(x, true); }

    double median(double x, double y) { return (x + y) / 2; }
    double int_down(double x) { return std::floor(x); }
    double int_up(double x) { return std::ceil(x); }

private:
    static constexpr double inf = std::numeric_limits<double>::infinity();
    // Below this magnitude an FMA's error term may itself be rounded (2^-969 leaves 53 bits above the subnormals).
    static constexpr double tiny = 0x1p-969;

    // The rounded result r of an operation whose exact value is r + error.
    static double down(double r, double error) { return error < 0 ? next_down(r) : r; }
    static double up(double r, double error) { return error > 0 ? next_up(r) : r; }
    // The neighbour of r in the rounding direction, without crossing zero when the exact result's sign is known:
    // an underflowing positive product must not get a negative lower bound, or a later division would see zero.
    static double either(double r, bool upward, bool positive) {
        const double n = upward ? next_up(r) : next_down(r);
        if (positive && !upward) return n < 0 ? 0.0 : n;
        if (!positive && upward) return n > 0 ? -0.0 : n;
        return n;
    }

    static double sum(double x, double y, bool upward) {
        const double s = x + y;
        if (!std::isfinite(s)) return s;
        // TwoSum (Knuth): exact for any finite x and y, subnormals included.
        const double yy = s - x;
        const double error = (x - (s - yy)) + (y - yy);
        return upward ? up(s, error) : down(s, error);
    }

    // Products and quotients are inlined always: an interval product of two ranges makes four calls whose direction
    // is a constant at each call site, and GCC otherwise keeps one out-of-line copy that tests it at run time.
    [[gnu::always_inline]] static double product(double x, double y, bool upward) {
        const double p = x * y;
        if (!std::isfinite(p) || x == 0 || y == 0) return p;
        if (std::abs(p) < tiny) return either(p, upward, (x > 0) == (y > 0));
        const double error = std::fma(x, y, -p);
        return upward ? up(p, error) : down(p, error);
    }

    [[gnu::always_inline]] static double quotient(double x, double y, bool upward) {
        const double q = x / y;
        if (!std::isfinite(q) || x == 0) return q;
        if (std::abs(q) < tiny || std::abs(x) < tiny) return either(q, upward, (x > 0) == (y > 0));
        // x - q·y is exact; the true quotient is q + (x - q·y) / y.
        const double remainder = std::fma(-q, y, x);
        const double error = y > 0 ? remainder : -remainder;
        return upward ? up(q, error) : down(q, error);
    }

    static double root(double x, bool upward) {
        const double s = std::sqrt(x);
        if (!std::isfinite(s) || x == 0) return s;
        if (x < tiny) return either(s, upward, true);
        const double error = std::fma(-s, s, x);  // x - s², whose sign is that of √x - s
        return upward ? up(s, error) : down(s, error);
    }
};

}  // namespace ballpark
