// The CDF at many points at once, for the bins of a picture (ballpark/histogram.hpp): a sampled value's CDF at one
// point is a pass over its 8,192 shared points, so twenty bin edges one by one were twenty passes, ten times a
// percentile's work. One pass places every sample between two of the ascending points instead.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "values/distribution/distribution.hpp"

namespace ballpark {

void Distribution::probabilities_at_most(std::span<const double> t, std::span<double> out) const {
    if (form_ != Form::samples) {
        for (std::size_t i = 0; i < t.size(); ++i) out[i] = probability_at_most(t[i]);
        return;
    }
    // Cell k holds the samples v with t[k-1] < v <= t[k] (cell t.size(): above the last point): their count, and
    // the largest and smallest of them.
    constexpr double inf = std::numeric_limits<double>::infinity();
    const std::size_t cells = t.size() + 1;
    std::vector<std::size_t> count(cells, 0);
    std::vector<double> largest(cells, -inf), smallest(cells, inf);
    // A sample's cell is the number of points below it. For points of equal spacing (a picture's edges) the
    // spacing says it to within one, and a comparison with each neighbouring point makes it exact; a binary search
    // instead would mispredict a branch at most of its steps, for every sample.
    const std::size_t n = t.size();
    const double first = t.front(), per_step = n > 1 ? static_cast<double>(n - 1) / (t.back() - first) : 0.0;
    const double last_cell = static_cast<double>(n);
    for (const double v : *samples_) {
        const double guess = std::ceil((v - first) * per_step);
        std::size_t k = guess > 0 ? (guess < last_cell ? static_cast<std::size_t>(guess) : n) : 0;
        while (k > 0 && !(t[k - 1] < v)) --k;
        while (k < n && t[k] < v) ++k;
        ++count[k];
        largest[k] = std::max(largest[k], v);
        smallest[k] = std::min(smallest[k], v);
    }
    // The CDF that inverts the sampled percentiles, as probability_at_most computes it: between the largest
    // sample at or below t and the smallest above it, (rank + 1/2 + the fraction of the way) / N.
    const auto total = static_cast<double>(samples_->size());
    std::vector<double> above(cells, inf);  // the smallest sample in cells k and later
    for (std::size_t k = cells; k-- > 0;) above[k] = std::min(smallest[k], k + 1 < cells ? above[k + 1] : inf);
    std::size_t at_or_below = 0;
    double below = -inf;
    for (std::size_t i = 0; i < t.size(); ++i) {
        at_or_below += count[i];
        below = std::max(below, largest[i]);
        double p;
        if (at_or_below == 0) {
            p = 0;
        } else if (at_or_below == samples_->size()) {
            p = 1;
        } else {
            const double fraction = (t[i] - below) / (above[i + 1] - below);
            p = std::min(1.0, (static_cast<double>(at_or_below) - 0.5 + fraction) / total);
        }
        out[i] = p;
    }
}

}  // namespace ballpark
