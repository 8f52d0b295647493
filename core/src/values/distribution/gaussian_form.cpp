// The spread of a gaussian form's terms (gaussian_form.hpp).
#include "values/distribution/gaussian_form.hpp"

#include <algorithm>
#include <cmath>

namespace ballpark {

// Scaled by the largest weight, as std::hypot is: squares of weights beyond about 1e154 overflow and below about
// 1e-154 underflow ("(0 to 1) ÷ %^86" has weights near 1e171, whose plain sum of squares is infinite).
double sigma_of(const Distribution::Terms& terms) {
    double largest = 0;
    for (const Distribution::Term& t : terms) {
        if (!std::isfinite(t.weight)) return std::abs(t.weight);  // infinite or NaN, which is_finite then refuses
        largest = std::max(largest, std::abs(t.weight));
    }
    if (largest == 0) return 0;
    double sum = 0;
    for (const Distribution::Term& t : terms) {
        const double r = t.weight / largest;
        sum += r * r;
    }
    return largest * std::sqrt(sum);
}

}  // namespace ballpark
