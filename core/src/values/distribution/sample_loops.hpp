// The loops over a value's samples, one element per shared point, written so that the compiler vectorizes them.
#pragma once

#include <cstddef>

#include "values/distribution/distribution_helpers.hpp"
#include "values/distribution/vector_exp.hpp"

namespace ballpark::distribution_detail {

// The loops over samples, as functions with __restrict parameters (a GCC and Clang extension): with it and the
// constant count, -O2 vectorizes them; without it the compiler must allow for the output overlapping an input
// and stays scalar (checked with -fopt-info-vec). __restrict on local pointers does not do it in GCC 12.
inline void affine(double* __restrict out, const double* __restrict z, double c, double w) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = c + w * z[k];
}
inline void add_scaled(double* __restrict out, const double* __restrict z, double w) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] += w * z[k];
}
inline void shifted_scaled_exp(double* __restrict x, double scale, double offset) {
    for (std::size_t k = 0; k < sample_count; ++k) x[k] = offset + scale * exp_in_range(x[k]);
}
// table[j] = e^(w q[j]) for the symmetric sorted quantiles q: the lower half by exp, the upper half as
// reciprocals, e^(w q[N-1-j]) = e^(-w q[j]) = 1 / e^(w q[j]). The caller checks |w q| <= 708.
inline void half_exp_table(double* __restrict table, const double* __restrict q, double w) {
    constexpr std::size_t half = sample_count / 2;
    for (std::size_t j = 0; j < half; ++j) table[j] = exp_in_range(w * q[j]);
    for (std::size_t j = 0; j < half; ++j) table[sample_count - 1 - j] = 1 / table[j];
}
// out[k] = offset + factor * table[cell of u[k]]; u = (j + 0.5) / N exactly, so u * N truncates to j.
inline void look_up(double* __restrict out, const double* __restrict u, const double* __restrict table, double factor,
             double offset) {
    for (std::size_t k = 0; k < sample_count; ++k)
        out[k] = offset + factor * table[static_cast<std::size_t>(u[k] * static_cast<double>(sample_count))];
}
template <class F>
inline void map(double* __restrict out, const double* __restrict x, F f) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = f(x[k]);
}
template <class F>
inline void map(double* __restrict out, const double* __restrict x, const double* __restrict y, F f) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = f(x[k], y[k]);
}

}  // namespace ballpark::distribution_detail
