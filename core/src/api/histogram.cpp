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

// The p-quantile that ends the picture. The spread's own where it gives one; a sum of four or more independent
// ranges refuses percentiles beyond the 5th and 95th (its samples place them to a few percent, not to 1%), and a
// picture's edge needs no such accuracy, so there the CDF is inverted instead: bracketed outward from the 5th or
// 95th percentile by doubling steps, then bisected. Its empirical CDF is the inverse of the sampled percentiles.
double picture_end(const Spread& s, double p) {
    try {
        return s.quantile(p);
    } catch (const ErrorException& e) {
        if (e.error().kind != ErrorKind::limit) throw;
    }
    const bool lower = p < 0.5;
    const double p5 = s.quantile(0.05), p95 = s.quantile(0.95);
    double step = p95 > p5 ? p95 - p5 : 1.0;
    double inside = lower ? p5 : p95;
    double outside = inside;
    const auto beyond = [&](double x) { return lower ? s.probability_at_most(x) <= p : s.probability_at_most(x) >= p; };
    for (int k = 0; k < 64; ++k) {
        outside = lower ? inside - step : inside + step;
        if (beyond(outside)) break;
        inside = outside;
        step *= 2;
    }
    for (int k = 0; k < 80 && inside != outside; ++k) {
        const double middle = inside + (outside - inside) / 2;
        if (middle == inside || middle == outside) break;
        (beyond(middle) ? outside : inside) = middle;
    }
    return (inside + outside) / 2;
}

}  // namespace

Result<std::vector<HistogramBin>> histogram_bins(const Quantity& q, std::size_t count) noexcept {
    return capture_errors([&]() -> Result<std::vector<HistogramBin>> {
        if (count < 1 || count > max_bins) {
            fail(ErrorKind::argument, "A histogram needs from 1 to " + std::to_string(max_bins) + " bins, but " +
                                          std::to_string(count) + " were asked for.");
        }
        if (!q.spread) {
            Error error{"A picture of a distribution needs a result of the 90% reading, but this one is a pair of "
                        "guaranteed bounds, which say where the value lies but not how likely each part of the range "
                        "is; drawn, it would have to be drawn as if every value were equally likely.",
                        0, "Compute it in the 90% reading (median [p5, p95]), where every range `a to b` is a 90% interval."};
            error.kind = ErrorKind::needs_distribution;
            error.mode = distribution_mode();
            fail(std::move(error));
        }
        if (!q.is_range()) {
            fail(ErrorKind::domain, "A picture of a distribution needs a value that varies, but this one is the single number " +
                                        format(q) + ", which has no spread to draw.");
        }
        const Spread& s = *q.spread;
        const double low = picture_end(s, picture_from);
        const double high = picture_end(s, picture_to);
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
