// The CDF at many points at once, for the bins of a picture (ballpark/histogram.hpp): a sampled value's CDF at one
// point is a pass over its 8,192 shared points, so twenty bin edges one by one were twenty passes, ten times a
// percentile's work. One pass places every sample between two of the ascending points instead.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "values/distribution/distribution.hpp"
#include "values/distribution/sampled_form.hpp"
#include "values/distribution/sobol_points.hpp"

namespace ballpark {

void SampledForm::probabilities_at_most(std::span<const double> t, std::span<double> out) const {
    // Cell k holds the samples v with t[k-1] < v <= t[k] (cell t.size(): above the last point): their count, and
    // the largest and smallest of them.
    constexpr double inf = std::numeric_limits<double>::infinity();
    const std::size_t cells = t.size() + 1;
    struct Cell {
        double largest = -inf, smallest = inf;
        std::size_t count = 0;
    };
    std::vector<Cell> cell(cells);
    // A sample's cell is the number of points below it. For points of equal spacing (a picture's edges) the
    // spacing says it to within one, and a comparison with each neighbouring point makes it exact; a binary search
    // instead would mispredict a branch at most of its steps, for every sample. The guess in a first pass that
    // the compiler vectorizes (truncation: a rounding toward the cell above would need SSE4.1), the counts after.
    const std::size_t n = t.size();
    const double first = t[0], per_step = n > 1 ? static_cast<double>(n - 1) / (t[n - 1] - first) : 0.0;
    const double top = static_cast<double>(n) - 1;
    const double* const x = value.samples_->data();
    constexpr std::size_t size = sobol_points::sample_count;  // a bound the compiler knows: it vectorizes the guess
    const auto guess = std::make_unique_for_overwrite<std::uint32_t[]>(size);
    for (std::size_t j = 0; j < size; ++j) {
        double g = (x[j] - first) * per_step;  // from -1 to n - 1: NaN and every value beyond give an end
        g = g > -1 ? g : -1;
        g = g < top ? g : top;
        guess[j] = static_cast<std::uint32_t>(static_cast<int>(g) + 1);
    }
    // The points between an infinity below and one above (edge[k] is t[k - 1]): for a finite sample the
    // comparisons stop there without a test of k.
    std::vector<double> edge(n + 2);
    edge[0] = -inf;
    std::copy(t.begin(), t.end(), edge.begin() + 1);
    edge[n + 1] = inf;
    const bool finite = value.finite_;
    for (std::size_t j = 0; j < size; ++j) {
        const double v = x[j];
        std::size_t k = guess[j];
        if (finite) {
            while (!(edge[k] < v)) --k;
            while (edge[k + 1] < v) ++k;
        } else {
            while (k > 0 && !(edge[k] < v)) --k;
            while (k < n && edge[k + 1] < v) ++k;
        }
        Cell& c = cell[k];
        ++c.count;
        c.largest = std::max(c.largest, v);
        c.smallest = std::min(c.smallest, v);
    }
    // The CDF that inverts the sampled percentiles, as probability_at_most computes it: between the largest
    // sample at or below t and the smallest above it, (rank + 1/2 + the fraction of the way) / N.
    constexpr auto total = static_cast<double>(size);
    std::vector<double> above(cells, inf);  // the smallest sample in cells k and later
    for (std::size_t k = cells; k-- > 0;) above[k] = std::min(cell[k].smallest, k + 1 < cells ? above[k + 1] : inf);
    std::size_t at_or_below = 0;
    double below = -inf;
    for (std::size_t i = 0; i < t.size(); ++i) {
        at_or_below += cell[i].count;
        below = std::max(below, cell[i].largest);
        double p;
        if (at_or_below == 0) {
            p = 0;
        } else if (at_or_below == size) {
            p = 1;
        } else {
            const double fraction = (t[i] - below) / (above[i + 1] - below);
            p = std::min(1.0, (static_cast<double>(at_or_below) - 0.5 + fraction) / total);
        }
        out[i] = p;
    }
}

}  // namespace ballpark
