// The pictures of histogram.hpp as text: the terminal's bars and the cell's sparkline.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/text.hpp"

namespace ballpark {
namespace {

constexpr std::size_t line_width = 80;

// Columns a UTF-8 text takes: one per character (every byte that is not a continuation byte starts one).
std::size_t columns_of(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string padded(std::string text, std::size_t columns) {
    const std::size_t have = columns_of(text);
    if (have < columns) text.append(columns - have, ' ');
    return text;
}

std::string fixed_decimals(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text = buffer;
    if (text.find_first_not_of("-0.") == std::string::npos && text.starts_with('-')) text.erase(0, 1);  // no "-0.00"
    return text;
}

std::string superscript(int n) {
    static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string text = n < 0 ? "⁻" : "";
    for (char c : std::to_string(std::abs(n))) text += digits[c - '0'];
    return text;
}

std::string power_of_ten(int exponent, bool ascii) {
    return ascii ? "10^" + std::to_string(exponent) : "10" + superscript(exponent);
}

// The numbers of a picture in a unit: a value x in SI base units reads x / factor - offset, and when the largest
// is beyond what the formatter writes out (0.001 up to a million), every number is scaled by one power of ten.
struct Scale {
    double factor = 1;
    double offset = 0;
    int exponent = 0;  // 0: written out
    double read(double x) const { return (x / factor - offset) / std::pow(10.0, exponent); }
};

// The power of ten of `x`, or 0 for none.
int exponent_of(double x) {
    const double magnitude = std::abs(x);
    return magnitude > 0 && std::isfinite(magnitude) ? static_cast<int>(std::floor(std::log10(magnitude))) : 0;
}

// The scale of numbers about `typical` (the median, as the printed result is scaled) up to `largest`, in `unit`:
// none where the formatter writes them out, else the typical number's power of ten, or the largest's where the
// typical one would leave it with more than six digits before the point (a long tail).
Scale scale_for(const DisplayUnit& unit, double typical, double largest) {
    Scale s{unit.factor, unit.offset, 0};
    const int e = exponent_of(typical != 0 ? typical : largest), top = exponent_of(largest);
    const bool written_out = e >= -3 && e < 6;
    if (written_out && top < 6) return s;
    s.exponent = written_out || top - e >= 6 ? top : e;
    return s;
}

// "million hour", "units of 10²³ FLOP", "%": what the numbers are in, for a heading.
std::string unit_words(const DisplayUnit& unit, const Scale& s, bool ascii) {
    std::string words;
    if (s.exponent != 0) words = "units of " + power_of_ten(s.exponent, ascii);
    if (!unit.label.empty()) words += (words.empty() ? "" : " ") + unit.label;
    return words;
}

// Two significant figures of the bin width decide the decimals every edge is written with.
int decimals_for(double width) {
    if (!(width > 0) || !std::isfinite(width)) return 2;
    return std::clamp(1 - static_cast<int>(std::floor(std::log10(width))), 0, 12);
}

std::string percent_text(double p) {
    if (p > 0 && p < 0.0005) return "<0.1%";
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%4.1f%%", 100 * p);
    return buffer;
}

// A bar of `units` character cells: whole blocks and an eighth-block for the rest (ASCII: '#' rounded, '.' for a
// bin too small for one). A bin with any probability shows at least its thinnest mark.
std::string bar(double units, bool nonzero, bool ascii) {
    static const char* const eighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    std::string text;
    if (ascii) {
        const auto whole = static_cast<std::size_t>(std::lround(units));
        if (whole == 0) return nonzero ? "." : "";
        return std::string(whole, '#');
    }
    auto count = static_cast<std::size_t>(std::lround(units * 8));
    if (count == 0 && nonzero) count = 1;
    for (std::size_t k = 0; k < count / 8; ++k) text += "█";
    text += eighths[count % 8];
    return text;
}

// The bin that holds x, the first or last for a value outside them.
std::size_t bin_of(const std::vector<HistogramBin>& bins, double x) {
    for (std::size_t i = 0; i < bins.size(); ++i)
        if (x < bins[i].upper) return i;
    return bins.size() - 1;
}

// "48–86" in the unit, with the range's significant figures, the two sharing one power of ten where they need one.
std::string interval_text(double low, double high, const DisplayUnit& unit, int digits) {
    const double in_low = low / unit.factor - unit.offset, in_high = high / unit.factor - unit.offset;
    const Scale s = scale_for(unit, std::max(std::abs(in_low), std::abs(in_high)), std::max(std::abs(in_low), std::abs(in_high)));
    std::string numbers = format_number(s.read(low), digits) + "–" + format_number(s.read(high), digits);
    if (s.exponent != 0) numbers += " × " + power_of_ten(s.exponent, false);
    if (unit.label == "$") return "$" + numbers;
    if (unit.label == "%" || unit.label.empty()) return numbers + unit.label;
    return numbers + " " + unit.label;
}

}  // namespace

std::string format_histogram(const Histogram& h, const FormatOptions& options) {
    FormatOptions labelled = options;
    labelled.reading_label = true;
    std::string out = format(h.result, labelled) + "\n";
    if (h.bounds) {
        FormatOptions plain = options;
        plain.reading_label = false;
        out += "guaranteed bounds: " + format(*h.bounds, plain) + "\n";
    }
    const std::vector<HistogramBin>& bins = h.bins;
    if (bins.empty()) return out;
    const DisplayUnit unit = shown_unit(h.result, options);
    const double largest = std::max(std::abs(bins.front().lower / unit.factor - unit.offset),
                                    std::abs(bins.back().upper / unit.factor - unit.offset));
    const Scale s = scale_for(unit, h.result.central / unit.factor - unit.offset, largest);
    const int decimals = decimals_for(s.read(bins.front().upper) - s.read(bins.front().lower));
    const std::string words = unit_words(unit, s, options.ascii);
    // "probability of each bin, 0.5th to 99.5th percentile, in million hour:", the unit on a line of its own where
    // it would pass the 80 columns.
    const std::string heading = "probability of each bin, 0.5th to 99.5th percentile";
    const std::string in_words = words.empty() ? "" : "in " + words;
    if (columns_of(heading) + 2 + columns_of(in_words) + 1 <= line_width || in_words.empty()) {
        out += heading + (in_words.empty() ? "" : ", " + in_words) + ":\n";
    } else {
        out += heading + ",\n" + in_words + ":\n";
    }

    std::vector<std::string> labels;
    std::size_t label_width = 0;
    const std::string_view dash = options.ascii ? " to " : "–";
    for (const HistogramBin& bin : bins) {
        labels.push_back(fixed_decimals(s.read(bin.lower), decimals) + std::string(dash) + fixed_decimals(s.read(bin.upper), decimals));
        label_width = std::max(label_width, columns_of(labels.back()));
    }
    // The result's low end, median and high end, named as the percentiles its reading prints, each on the bin that
    // holds it.
    std::vector<std::string> marks(bins.size());
    const ModeInfo& row = mode_info(first_mode_with(h.result.ends));
    const std::pair<double, std::string> percentiles[] = {{h.result.low, percentile_part(low_percentile(row))},
                                                          {h.result.central, "median"},
                                                          {h.result.high, percentile_part(high_percentile(row))}};
    for (const auto& [x, name] : percentiles) {
        std::string& mark = marks[bin_of(bins, x)];
        mark += mark.empty() ? (options.ascii ? " < " : " ◂ ") : ", ";
        mark += name;
    }
    std::size_t mark_width = 0;
    for (const std::string& m : marks) mark_width = std::max(mark_width, columns_of(m));
    double most = 0;
    for (const HistogramBin& bin : bins) most = std::max(most, bin.probability);
    // "  label  bar  12.3% ◂ p5": what the label, percentage and marks leave of 80 columns, 10 to 40 for the bar.
    const std::size_t fixed = 2 + label_width + 2 + 1 + 5 + mark_width;
    const std::size_t bar_width = std::clamp<std::size_t>(fixed < line_width ? line_width - fixed : 0, 10, 40);
    for (std::size_t i = 0; i < bins.size(); ++i) {
        const double units = most > 0 ? bins[i].probability / most * static_cast<double>(bar_width) : 0;
        std::string line = "  " + padded(labels[i], label_width) + "  " +
                           padded(bar(units, bins[i].probability > 0, options.ascii), bar_width) + " " +
                           percent_text(bins[i].probability) + marks[i];
        out += line + "\n";
    }
    out.pop_back();
    return out;
}

Result<std::string> sparkline(const Quantity& q, std::size_t width) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        if (width < 1 || width > sparkline_max_width) {
            fail(ErrorKind::argument, "A sparkline needs from 1 to " + std::to_string(sparkline_max_width) +
                                          " glyphs, but " + std::to_string(width) + " were asked for.");
        }
        auto bins = histogram_bins(q, width);
        if (!bins) fail(std::move(bins.error()));
        static const char* const glyphs[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
        double most = 0;
        for (const HistogramBin& bin : *bins) most = std::max(most, bin.probability);
        std::string text;
        for (const HistogramBin& bin : *bins) {
            // Squiggle's rule (Dist.sparkline): glyph ceil(8 p / p_max), so only the modal bin is full height.
            const int level = most > 0 ? static_cast<int>(std::ceil(8 * bin.probability / most)) - 1 : 0;
            text += glyphs[std::clamp(level, 0, 7)];
        }
        FormatOptions options;
        return text + " " + interval_text(q.low, q.high, shown_unit(q, options), options.range_digits);
    });
}

}  // namespace ballpark
