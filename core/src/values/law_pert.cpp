#include "values/law_pert.hpp"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "values/distribution/sobol_points.hpp"

namespace ballpark {

namespace {

// The Beta(alpha, beta) quantiles at the cell centres (j + 0.5) / N, j = 0..N-1, which are exactly the values a
// Sobol column takes. Hand-written because boost::math::ibeta_inv, an iterative inversion per quantile, would run
// 8192 times for one input; this integrates the density once (3-point Gauss-Legendre on 2048 cells, exact for the
// polynomial densities of integer parameters) and inverts the cumulative sum by linear interpolation. PERT's
// parameters lie in [1, 5], so the density is bounded and continuous.
std::vector<double> beta_quantiles(double alpha, double beta) {
    constexpr std::size_t sample_count = sobol_points::sample_count;
    constexpr int cells = 2048;
    constexpr double h = 1.0 / cells;
    const double r = std::sqrt(0.6) * h / 2;
    const auto density = [alpha, beta](double x) { return std::pow(x, alpha - 1) * std::pow(1 - x, beta - 1); };
    std::vector<double> cdf(cells + 1, 0.0);
    for (int i = 0; i < cells; ++i) {
        const double mid = (i + 0.5) * h;
        cdf[i + 1] = cdf[i] + h / 2 * (5.0 / 9 * density(mid - r) + 8.0 / 9 * density(mid) + 5.0 / 9 * density(mid + r));
    }
    const double total = cdf[cells];
    for (double& c : cdf) c /= total;
    std::vector<double> out(sample_count);
    int i = 0;
    for (std::size_t j = 0; j < sample_count; ++j) {
        const double target = (j + 0.5) / sample_count;
        while (i < cells - 1 && cdf[i + 1] < target) ++i;
        const double frac = std::clamp((target - cdf[i]) / (cdf[i + 1] - cdf[i]), 0.0, 1.0);
        out[j] = (i + frac) * h;
    }
    return out;
}

}  // namespace

Law pert_law(double lo, double mode, double hi) {
    const double width = hi - lo;
    const double alpha = width > 0 ? 1 + 4 * (mode - lo) / width : 1, beta = width > 0 ? 1 + 4 * (hi - mode) / width : 1;
    Law law;
    law.name = "pert";
    law.call = law_call("pert", {lo, mode, hi});
    law.low = law.outer_low = lo;
    law.high = law.outer_high = hi;
    law.central = mode;
    law.quantile = [lo, width, alpha, beta](double p) { return lo + width * boost::math::ibeta_inv(alpha, beta, p); };
    law.median = width > 0 ? law.quantile(0.5) : lo;
    law.quantiles_at_cells = [lo, width, alpha, beta] {
        std::vector<double> q = beta_quantiles(alpha, beta);
        for (double& x : q) x = lo + width * x;
        return q;
    };
    return law;
}

Law PertLaw::law(std::span<const double> x, int column, const std::string&) {
    const double lo = x[0], mode = x[1], hi = x[2];
    const auto number = [](double v) { return format_number(v, 3, true); };
    if (lo > hi) {
        fail_about(ErrorKind::range_order, "pert",
                   "\"pert\" needs its minimum at or below its maximum, but got " + number(lo) + " and " + number(hi) +
                       Place(column).in_parentheses() + ".",
                   column, "Swap the minimum and the maximum.");
    }
    if (mode < lo || mode > hi) {
        fail_about(ErrorKind::range_order, "pert",
                   "\"pert\" needs its most likely value between its minimum and maximum (pert(min, likely, max) with "
                   "likely between min and max), but " + number(mode) + " is outside " + number(lo) + " to " +
                       number(hi) + Place(column).in_parentheses() + ".",
                   column);
    }
    return pert_law(lo, mode, hi);
}

}  // namespace ballpark
