// Turning a quantity into the text a person writes: "8.40 × 10²³ FLOP", "1.7 [1.4, 2.1] million hour {time}".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ballpark/mode.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

struct FormatOptions {
    bool ascii = false;            // "× 10^23" and "*" instead of "× 10²³" and "·"
    bool dimension_label = true;   // append " {time}" to results converted with `as`
    int point_digits = 3;          // significant figures of a single value
    int range_digits = 2;          // significant figures of central, low and high of a range
    // Each range with the label of its reading (the label column of its mode's row, ballpark/mode.hpp), so that a
    // text read elsewhere says which reading it is: "1.7 [90%: 1.4, 2.1]" for the 90% reading (median, 5th and 95th
    // percentiles); bounds, whose label is empty, print "1.7 [1.4, 2.1]".
    bool reading_label = false;
};

std::string format(const Quantity& quantity, const FormatOptions& options = {}) noexcept;

// format()'s text appended to `out`: a caller that adds to the text (a result's key) writes it into one string.
void format_to(std::string& out, const Quantity& quantity, const FormatOptions& options = {}) noexcept;

// The unit format() shows `quantity` in: the one `as` chose, else the dimension's usual unit with the readable
// size format() picks for this quantity ("million hour" is `as`'s; "day", "GB" the formatter's), else the SI base
// units (factor 1). For pictures of a result, whose labels must be in the unit of its printed text.
DisplayUnit shown_unit(const Quantity& quantity, const FormatOptions& options = {});

// The most significant figures worth asking for: 17 digits tell any two doubles apart.
inline constexpr int max_significant_digits = 17;

// The mode whose label a text carries on a range ("[90%: …", reading_label): typed or pasted from such a result, it
// is a result of that mode's reading. None where no range is labelled.
inline std::optional<Mode> mode_labelled_in(std::string_view text) {
    for (const ModeInfo& row : mode_table) {
        if (row.label.empty()) continue;
        for (std::size_t at = text.find('['); at != std::string_view::npos; at = text.find('[', at + 1)) {
            const std::string_view rest = text.substr(at + 1);
            if (rest.starts_with(row.label) && rest.substr(row.label.size()).starts_with(':')) return row.mode;
        }
    }
    return std::nullopt;
}

// One number with `digits` significant figures, in the fixed or scientific style the formatter uses.
std::string format_number(double value, int digits, bool ascii = false);

// The shortest decimal that reads back as the same double ("0.5", "1e-10", "0.3333333333333333"), for numbers a
// sentence must quote exactly, such as an exponent.
std::string shortest_number(double value);

}  // namespace ballpark
