// The sum-of-two form's questions by quadrature (sum_of_two_form.hpp).
#include "values/distribution/sum_of_two_form.hpp"

#include <algorithm>
#include <cmath>

#include "values/distribution/two_input_sum.hpp"

namespace ballpark {

double SumOfTwoForm::quantile(double p) const {
    double q = 0;
    two_input_sum::quantiles(Distribution::part(parts.first), Distribution::part(parts.second), constant, &p, &q, 1);
    return q;
}

void SumOfTwoForm::printed_percentiles(Distribution::Percentiles& kept) const {
    const double p[3] = {0.05, 0.5, 0.95};
    double q[3];
    two_input_sum::quantiles(Distribution::part(parts.first), Distribution::part(parts.second), constant, p, q, 3);
    kept.p5 = q[0], kept.p50 = q[1], kept.p95 = q[2];
}

double SumOfTwoForm::probability_at_most(double t) const {
    return two_input_sum::cdf(Distribution::part(parts.first), Distribution::part(parts.second), constant, t);
}

bool SumOfTwoForm::is_finite() const {
    double low_end = constant, high_end = constant;
    for (const Distribution* d : {&parts.first, &parts.second}) {
        const two_input_sum::Part p = Distribution::part(*d);
        const double x = p.lognormal ? p.k * std::exp(-7 * p.sigma) : -7 * p.sigma;
        const double y = p.lognormal ? p.k * std::exp(7 * p.sigma) : 7 * p.sigma;
        low_end += std::min(x, y), high_end += std::max(x, y);
    }
    return std::isfinite(low_end) && std::isfinite(high_end);
}

}  // namespace ballpark
