// Exact percentiles of a sum of two independent inputs with closed forms: c + A + B, where each of A and B is a
// normal sigma * Z or a lognormal k * e^(sigma * Z) (k of either sign, so differences and scalings are included).
// The distribution mode keeps such a sum in this form (distribution.hpp) instead of sampling it: a sum of two
// lognormals has no closed form, but its CDF is a one-dimensional integral,
//     P(c + A + B <= t) = E over A's standard normal variate z of P(B <= t - c - A(z)),
// which a fixed 30-point Gauss-Legendre rule evaluates to within about 1e-9 (checked against brute-force Simpson
// in distribution_test.cpp), and a safeguarded Halley iteration inverts, two evaluations of the CDF a percentile as
// a rule. Deterministic: no samples, no seed.
#pragma once

#include <cstddef>

namespace ballpark::two_input_sum {

// One of the two independent parts, without its share of the constant: a normal sigma * Z (k is ignored) or a
// lognormal k * e^(sigma * Z). sigma > 0; k != 0 and finite.
struct Part {
    bool lognormal = false;
    double k = 1;
    double sigma = 1;
};

// The p-quantile of c + a + b for each of the `count` probabilities p[i] (each strictly between 0 and 1), into
// out[i]. Computing several together shares the quadrature nodes that do not depend on the point of evaluation.
void quantiles(const Part& a, const Part& b, double c, const double* p, double* out, std::size_t count);

// P(c + a + b <= t), by the quadrature the quantiles invert.
double cdf(const Part& a, const Part& b, double c, double t);

}  // namespace ballpark::two_input_sum
