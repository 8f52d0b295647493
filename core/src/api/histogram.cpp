// The bins of a distribution result: equal widths between its 0.5th and 99.5th percentiles, each bin's probability
// the difference of the 90% reading's CDF at its edges (ballpark/histogram.hpp).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/text.hpp"

namespace ballpark {
namespace {

// The most bins asked for at once: a picture of more than this is a table no one reads, and each bin costs one CDF.
constexpr std::size_t max_bins = 1000;

}  // namespace

Result<std::vector<HistogramBin>> histogram_bins(const Quantity& q, std::size_t count) noexcept {
    return capture_errors([&]() -> Result<std::vector<HistogramBin>> {
        if (count < 1 || count > max_bins) {
            fail(ErrorKind::argument, "A histogram needs from 1 to " + std::to_string(max_bins) + " bins, but " +
                                          std::to_string(count) + " were asked for.");
        }
        if (!q.spread) {
            const ModeInfo& row = mode_info(mode_info(first_mode_with(q.ends)).percentiles_in);
            const std::string reading = std::string(row.label) + " reading";
            Error error{"A picture of a distribution needs a result of the " + reading + ", but this one is a pair of "
                        "guaranteed bounds, which say where the value lies but not how likely each part of the range "
                        "is; drawn, it would have to be drawn as if every value were equally likely.",
                        0, "Compute it in the " + reading + " (median [" + percentile_part(low_percentile(row)) + ", " +
                               percentile_part(high_percentile(row)) + "]), where every range `a to b` is a " +
                               std::string(row.range_noun) + "."};
            error.kind = ErrorKind::needs_distribution;
            error.mode = row.mode;
            fail(std::move(error));
        }
        if (!q.is_range()) {
            fail(ErrorKind::domain, "A picture of a distribution needs a value that varies, but this one is the single number " +
                                        format(q) + ", which has no spread to draw.");
        }
        const Spread& s = *q.spread;
        // The ends from the same points as the CDF below where the value is sampled (a selection among them),
        // rather than its far percentiles, which a sum of ranges integrates to 1% at the cost of thousands of
        // CDFs, and beyond the 0.1st and 99.9th percentile refuses: the CDF is 0.005 at the first edge, and the
        // bins hold 99% of the probability, whichever value is drawn.
        const double ends_p[2] = {picture_from, picture_to};
        double ends[2];
        s.sampled_quantiles(ends_p, ends);
        const double low = ends[0], high = ends[1];
        if (!(std::isfinite(low) && std::isfinite(high) && high > low)) {
            fail(ErrorKind::overflow, "The 0.5th and 99.5th percentiles of this value (" + plain_text(low) + " and " +
                                          plain_text(high) + " in SI base units) give no finite range to draw.");
        }
        const double width = (high - low) / static_cast<double>(count);
        std::vector<double> edges(count + 1), at(count + 1);
        for (std::size_t i = 0; i <= count; ++i) edges[i] = i == count ? high : low + width * static_cast<double>(i);
        s.probabilities_at_most(edges, at);
        std::vector<HistogramBin> bins(count);
        for (std::size_t i = 0; i < count; ++i) {
            HistogramBin& bin = bins[i];
            bin.lower = edges[i];
            bin.upper = edges[i + 1];
            // A CDF never decreases; the quadrature's last digits may, and a probability must not be negative.
            at[i + 1] = std::clamp(at[i + 1], at[i], 1.0);
            bin.probability = at[i + 1] - at[i];
            bin.cumulative = at[i + 1];
        }
        return bins;
    });
}

}  // namespace ballpark
