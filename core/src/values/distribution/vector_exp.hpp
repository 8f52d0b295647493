// exp over a whole array of samples, in a form the compiler vectorizes.
//
// Hand-written because turning a lognormal into its samples is mostly calls to exp, and a scalar library call per
// sample would be most of that work. Neither the C library (its vector variants need -ffast-math, which the core
// forbids) nor Boost offers a vectorized exp.
// This one is 2^n * p(r) with r = x - n ln 2 in [-ln2/2, ln2/2] and p the Taylor polynomial of degree 13, whose
// truncation error (r^14 / 14! < 4e-18) is far below double rounding: measured within 2.3e-16 relative of
// std::exp over [-708, 709]. Values outside that range (overflow, subnormal results,
// NaN) take std::exp, so the edge cases behave exactly as the C library's.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace ballpark {

// exp(x) for -708 <= x <= 709; garbage outside (the caller checks).
inline double exp_in_range(double x) {
    constexpr double log2e = 1.4426950408889634;
    // ln 2 split so that n * ln2_high is exact for |n| < 2^11: the reduction loses nothing.
    constexpr double ln2_high = 0x1.62e42fefa3800p-1, ln2_low = 0x1.ef35793c76730p-45;
    // Adding 1.5 * 2^52 rounds to an integer and leaves that integer in the low bits of the significand.
    constexpr double shifter = 0x1.8p52;
    const double t = x * log2e + shifter;
    const double n = t - shifter;
    const double r = (x - n * ln2_high) - n * ln2_low;
    double p = 1.0 / 6227020800.0;  // 1/13!
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    // 2^n built in the exponent field: the low bits of t hold n (two's complement), shifted into place.
    const std::uint64_t bits = (std::bit_cast<std::uint64_t>(t) << 52) + (std::uint64_t{1023} << 52);
    return p * std::bit_cast<double>(bits);
}

// x[k] = offset + scale * exp(x[k]) for k < count.
inline void exp_in_place(double* x, std::size_t count, double scale = 1, double offset = 0) {
    // min and max in one vectorizable pass; a NaN fails the range test below either way.
    double low = 0, high = 0, nan_check = 0;
    for (std::size_t k = 0; k < count; ++k) {
        low = x[k] < low ? x[k] : low;
        high = x[k] > high ? x[k] : high;
        nan_check += x[k] * 0.0;
    }
    if (low >= -708 && high <= 709 && nan_check == 0) {
        for (std::size_t k = 0; k < count; ++k) x[k] = offset + scale * exp_in_range(x[k]);
    } else {
        for (std::size_t k = 0; k < count; ++k) x[k] = offset + scale * std::exp(x[k]);
    }
}

}  // namespace ballpark
