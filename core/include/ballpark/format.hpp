// Turning a quantity into the text a person writes: "8.40 × 10²³ FLOP", "1.7 [1.4, 2.1] million hour {time}".
#pragma once

#include <string>
#include <string_view>

#include "ballpark/quantity.hpp"

namespace ballpark {

struct FormatOptions {
    bool ascii = false;            // "× 10^23" and "*" instead of "× 10²³" and "·"
    bool dimension_label = true;   // append " {time}" to results converted with `as`
    int point_digits = 3;          // significant figures of a single value
    int range_digits = 2;          // significant figures of central, low and high of a range
    // "1.7 [90%: 1.4, 2.1]" for a range of the 90% reading (median, 5th and 95th percentiles), so that a text read
    // elsewhere says which reading it is; bounds print unlabelled, "1.7 [1.4, 2.1]".
    bool reading_label = false;
};

std::string format(const Quantity& quantity, const FormatOptions& options = {}) noexcept;

// The most significant figures worth asking for: 17 digits tell any two doubles apart.
inline constexpr int max_significant_digits = 17;

// Whether a text carries the label the 90% reading prints its ranges with (reading_label): typed or pasted from
// such a result, it is a result of that reading.
inline bool has_ninety_label(std::string_view text) { return text.find("[90%:") != std::string_view::npos; }

// One number with `digits` significant figures, in the fixed or scientific style the formatter uses.
std::string format_number(double value, int digits, bool ascii = false);

// The shortest decimal that reads back as the same double ("0.5", "1e-10", "0.3333333333333333"), for numbers a
// sentence must quote exactly, such as an exponent.
std::string shortest_number(double value);

}  // namespace ballpark
