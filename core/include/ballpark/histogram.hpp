// Pictures of a distribution result: its density as equal-width bins (the terminal's `histogram EXPRESSION`, the
// sheet's QTYBINS) and as a line of block characters (QTYSPARK). Every probability is the 90% reading's own: the
// CDF that its percentiles invert (Spread::probability_at_most), exact where the value has a closed form and
// interpolated between the shared quasi-random points otherwise, so a picture is the same on every run.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

// One bin, in SI base units of the result: [lower, upper), its probability P(lower < X <= upper), and the
// cumulative probability P(X <= upper), whose complement is the chance of exceeding the upper edge.
struct HistogramBin {
    double lower = 0;
    double upper = 0;
    double probability = 0;
    double cumulative = 0;
};

// The percentiles a picture spans: from the 0.5th to the 99.5th, so 99% of the probability is drawn and a long
// tail shows as a long run of short bins rather than being cut at the printed 90% interval.
inline constexpr double picture_from = 0.005;
inline constexpr double picture_to = 0.995;

// `count` equal-width bins of the distribution result `q` (q.spread set: a result of the 90% reading) between its
// picture_from and picture_to percentiles (for a sampled value those of its shared points, whose CDF the bins
// take: Spread::sampled_quantiles). The first bin's cumulative probability includes the 0.5% below it. A
// result that is a single number, or not a distribution, is refused with a sentence (kind needs_distribution for
// a result of guaranteed bounds).
Result<std::vector<HistogramBin>> histogram_bins(const Quantity& q, std::size_t count) noexcept;

// What the terminal draws for `histogram EXPRESSION`.
struct Histogram {
    Quantity result;                 // the expression in the 90% reading: median [p5, p95], with its spread
    std::vector<HistogramBin> bins;  // of `result`
    // The guaranteed bounds of the same expression, where that reading gives finite ones (a normal(...) input has
    // none).
    std::optional<Quantity> bounds;
};

// The bins one a line, as horizontal bars of block characters (ASCII '#' with options.ascii), each labelled with
// its range in the unit of the printed result (shown_unit) and its probability; the 5th percentile, the median
// and the 95th percentile marked on the bins that hold them; the result and its guaranteed bounds above. At most
// 80 columns a line.
std::string format_histogram(const Histogram& histogram, const FormatOptions& options = {});

// The number of glyphs a sparkline has unless asked otherwise, and the most it may have.
inline constexpr std::size_t sparkline_default_width = 12;
inline constexpr std::size_t sparkline_max_width = 100;

// A density sparkline of the distribution result `q`: `width` glyphs of U+2581..U+2588 (▁▂▃▄▅▆▇█), one a bin of
// histogram_bins (from its 0.5th to its 99.5th percentile), glyph ceil(8 p / p_max) (the tallest at the modal
// bin; a bin of no probability the lowest), then its 90% interval in the unit of its printed text:
// "▁▂▅█▆▃▁ 48–86 million USD".
Result<std::string> sparkline(const Quantity& q, std::size_t width = sparkline_default_width) noexcept;

}  // namespace ballpark
