// The natural log and the standard normal CDF and density in forms the compiler vectorizes (straight-line code,
// no library calls), for the quadrature of two_input_sum.cpp, which needs them at 30 nodes per evaluation.
//
// Hand-written because the C library's erfc and log are scalar calls, which would be most of the cost of a
// percentile of a sum (erfc about 120 instructions a call, log 75, of about 440 per node); neither the C
// library (whose vector forms need -ffast-math, which the core forbids) nor Boost offers vector forms.
//   log: x = 2^n m with m in [sqrt(1/2), sqrt(2)), ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.172, by its
//        Taylor series to s^21 (truncation below 1e-18): within 2 ulp of std::log (vector_normal_test.cpp).
//   Phi: erfc(x) = e^(-x^2) erfcx(x), and erfcx(x) = t Q(t) with t = 2 / (2 + x) in [1/14, 1] for 0 <= x <= 26,
//        Q smooth there. Q's Chebyshev coefficients are computed on first use from long-double erfcl and expl (no
//        table copied from anywhere) and summed by Clenshaw's recurrence, unrolled so that the loop over values
//        vectorizes. Beyond x = 26 erfc < 1e-295 and is taken as 0. With 16 coefficients: within 1e-11 relative
//        of std::erfc where erfc exceeds 1e-290, and 3e-12 absolute everywhere (vector_normal_test.cpp), far below
//        the quadrature's own error of about 3e-10 (each 2 more coefficients gain about one digit).
// The choices in these functions (a clamp, a sign) vectorize only where GCC may assume that floating-point
// operations do not trap: the files that loop over them are compiled with -fno-trapping-math (core/CMakeLists.txt).
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "values/distribution/vector_exp.hpp"

namespace ballpark::vector_normal {

// ln x for normal positive doubles (not 0, subnormal, infinite or NaN: the caller keeps those out).
// always_inline: a call left in a loop keeps it from vectorizing, and GCC judges these too large to inline.
[[gnu::always_inline]] inline double log_positive(double x) {
    constexpr std::uint64_t sqrt_half_bits = 0x3fe6a09e667f3bcdULL;
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
    // n = exponent of x relative to sqrt(1/2); removing it from the exponent field leaves m in [sqrt(1/2), sqrt(2)).
    const std::uint64_t shifted = bits - sqrt_half_bits;
    const std::uint64_t exponent_field = shifted & 0xfff0000000000000ULL;
    const double m = std::bit_cast<double>(bits - exponent_field);
    // n as a double without an int64 conversion (SSE2 has none): n in the low bits of 1.5 * 2^52, read back.
    const std::uint64_t n_bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(shifted) >> 52);
    const double n = std::bit_cast<double>(n_bits + 0x4338000000000000ULL) - 0x1.8p52;
    const double s = (m - 1) / (m + 1), s2 = s * s;
    double p = 1.0 / 21;
    p = p * s2 + 1.0 / 19;
    p = p * s2 + 1.0 / 17;
    p = p * s2 + 1.0 / 15;
    p = p * s2 + 1.0 / 13;
    p = p * s2 + 1.0 / 11;
    p = p * s2 + 1.0 / 9;
    p = p * s2 + 1.0 / 7;
    p = p * s2 + 1.0 / 5;
    p = p * s2 + 1.0 / 3;
    constexpr double ln2_high = 0x1.62e42fefa3800p-1, ln2_low = 0x1.ef35793c76730p-45;
    return n * ln2_high + (2 * s + (2 * s * s2 * p + n * ln2_low));
}

inline constexpr int chebyshev_count = 16;
inline constexpr double t_low = 1.0 / 14;  // t at x = 26

// The Chebyshev coefficients of Q on [t_low, 1], computed on first use.
const std::array<double, chebyshev_count>& erfcx_coefficients();

// Clenshaw's sum of c[0..chebyshev_count) at u = u2 / 2, written out by the fold expression rather than a loop:
// a loop (or a lambda) left inside keeps the caller's loop over values from vectorizing (GCC 12 -O2).
[[gnu::always_inline]] inline void clenshaw_step(double& b1, double& b2, double ck, double u2) {
    const double b0 = ck + u2 * b1 - b2;
    b2 = b1, b1 = b0;
}
template <std::size_t... j>
[[gnu::always_inline]] inline double clenshaw(double u2, const double* c, std::index_sequence<j...>) {
    double b1 = 0, b2 = 0;
    (clenshaw_step(b1, b2, c[chebyshev_count - 1 - j], u2), ...);
    return c[0] + 0.5 * u2 * b1 - b2;
}

struct Normal {
    double cdf, density;
};

// Phi(y) and the standard normal density phi(y), which share e^(-y^2 / 2). c is erfcx_coefficients(), passed in
// so that a loop calling this has no call in it.
[[gnu::always_inline]] inline Normal normal_at(double y, const double* c) {
    constexpr double one_div_root_two = 0.70710678118654752440, one_div_root_two_pi = 0.39894228040143267794;
    constexpr double y_max = 26 * 1.41421356237309504880;  // x = 26
    const double a = std::fabs(y);
    const double keep = a < y_max ? 1.0 : 0.0;
    const double ay = a < y_max ? a : y_max;
    const double t = 2 / (2 + ay * one_div_root_two);
    // Clenshaw on u in [-1, 1], the image of t in [t_low, 1].
    // Times the reciprocal, not divided: a division by a constant stays a division (no -freciprocal-math), the
    // slowest instruction of the loop; the rounding of u moves the sum by far less than its accuracy.
    constexpr double scale = 2 / (1 - t_low);
    const double u2 = (2 * t - (1 + t_low)) * scale;
    const double q = clenshaw(u2, c, std::make_index_sequence<chebyshev_count - 1>{});
    const double e = exp_in_range(-0.5 * ay * ay);
    const double half_erfc = 0.5 * e * t * q * keep;
    const double upper = y < 0 ? 0.0 : 1.0;  // Phi(y) = 1 - erfc / 2 for y >= 0
    return {upper + (1 - 2 * upper) * half_erfc, e * one_div_root_two_pi * keep};
}

}  // namespace ballpark::vector_normal
