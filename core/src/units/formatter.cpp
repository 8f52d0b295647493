// Formatting rules (docs/language.md states them for users):
//   - A single value has 3 significant figures: "6.00 FLOP", "312", "0.00150", except that a whole number
//     from 1,000 up to a million keeps all its digits ("1024 MiB", "5280 ft"): rounding those reads as a mistake.
//   - A range has 2 significant figures on each of central, low and high: "1.7 [1.4, 2.1] million hour".
//     The bounds are rounded to nearest, not outward: the interval arithmetic already guarantees the enclosure,
//     and the text is for reading.
//   - Magnitudes from 0.001 up to (not including) 1,000,000 are written out; others in scientific form
//     "8.40 × 10²³" (ASCII: "8.40 × 10^23"). A range writes its three numbers in one notation: written out,
//     or all scaled by one power of ten after the bracket. That power is the central value's (none when the
//     central value is written out); when a bound would then need more than three leading zeros or six digits
//     before the point, the largest number's ("0.70 [0.47, 1.1] × 10⁶", not "700000 [470000, 1.1 × 10⁶]").
//     Only when even that leaves a number outside the window (ends many decades apart) each is written on its
//     own ("2.4 × 10⁻¹⁷⁴ [0, 2.7]", "3.2 × 10²⁵ [1.0 × 10²⁰, 1.0 × 10³¹]"), still with 2 significant figures. In the 90% reading a percentile within rounding of zero is 0, but never one of a
//     distribution that cannot come near zero (format() says how near).
//   - The unit is the one `as` chose, else the dimension's usual unit (FLOP, s, B, FLOP/s …), else base units.
//     Without `as`, a time takes the largest of s, min, hour, day and year in which its number is at least 1
//     ("1.7 [1.4, 2.1] day"), and data, data rates, energy, power and compute rates take the SI prefix from k up
//     to Q that puts the number between 1 and 1000 ("3.20 TB/s", "989 TFLOP/s"). FLOP counts keep the
//     scientific form ("8.40 × 10²³ FLOP"): a training budget is compared by its power of ten.
//     "%" and "$" attach without a space ("43%", "$1.20").
//   - A result converted with `as` ends with its dimension in braces: " {time}".
// numeric/significant_digits.hpp gives the correctly rounded digits; this file only arranges them.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>

#include "ballpark/format.hpp"
#include "language/superscripts.hpp"
#include "numeric/significant_digits.hpp"
#include "units/cycles_and_angles.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

using Digits = SignificantDigits;

Digits significant(double value, int count) { return significant_digits(value, count); }

// The digits written out with the decimal point where the exponent puts it: ("840", 2) is "840", ("17", 0) "1.7".
// Appended to `out`, as the other pieces of a text below are: a cell's text is written into one string.
void append_fixed(std::string& out, const Digits& d) {
    if (d.negative) out += '-';
    const int n = static_cast<int>(d.digits.size());
    if (d.exponent < 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-d.exponent - 1), '0');
        out += d.digits;
    } else if (d.exponent + 1 >= n) {
        out += d.digits;
        out.append(static_cast<std::size_t>(d.exponent + 1 - n), '0');
    } else {
        const std::string_view digits = d.digits;
        out += digits.substr(0, static_cast<std::size_t>(d.exponent + 1));
        out += '.';
        out += digits.substr(static_cast<std::size_t>(d.exponent + 1));
    }
}

std::string fixed(const Digits& d) {
    std::string out;
    append_fixed(out, d);
    return out;
}

// Put together in a buffer and appended once.
void append_power_of_ten(std::string& out, int exponent, bool ascii) {
    char digits[16];
    const char* const end = std::to_chars(digits, digits + sizeof digits, exponent).ptr;
    char text[64];
    std::size_t size = 0;
    const auto put = [&](std::string_view piece) {
        std::copy(piece.begin(), piece.end(), text + size);
        size += piece.size();
    };
    put(ascii ? " × 10^" : " × 10");
    for (const char* c = digits; c != end; ++c) {
        if (ascii) text[size++] = *c;
        else put(*c == '-' ? superscript_minus : superscript_digits[static_cast<std::size_t>(*c - '0')]);
    }
    out.append(text, size);
}

std::string power_of_ten(int exponent, bool ascii) {
    std::string out;
    append_power_of_ten(out, exponent, ascii);
    return out;
}

bool written_out(int exponent) { return exponent >= -3 && exponent < 6; }

// A number of a range scaled by 10^-shift, with `count` significant figures, written out; empty when it would
// need more than three leading zeros or six digits before the point (the window a value written on its own
// has), or leaves double precision either way. The shared power of ten would otherwise pad it with hundreds of zeros, as
// exp(-800 to 1), whose central 2.4 × 10⁻¹⁷⁴ made its high end 2.7 a 175-digit number.
std::string scaled_part(double value, int shift, int count) {
    if (value == 0) return "0";
    // Below 10^-307 the power of ten is subnormal or zero (10^-324 is 0, and x / 0 formats as "inf"): scale in two
    // steps there, each by a normal number.
    const double scaled = shift == 0 ? value
                          : shift < -300 ? value * 1e300 / std::pow(10.0, shift + 300)
                                         : value / std::pow(10.0, shift);
    if (!std::isfinite(scaled) || scaled == 0) return {};  // 0 when the scaling underflowed
    const Digits d = significant(scaled, count);
    if (!written_out(d.exponent)) return {};
    return fixed(d);
}

// The power of ten of the largest finite, nonzero number of `values` once rounded to `digits` figures; 0 when
// there is none.
int largest_exponent(std::initializer_list<double> values, int digits) {
    double largest = 0;
    for (double x : values)
        if (std::isfinite(x)) largest = std::max(largest, std::abs(x));
    return largest == 0 ? 0 : significant(largest, digits).exponent;
}

// `digits` significant figures, written out or in scientific form by the value's own magnitude.
void append_rounded(std::string& out, double value, int digits, bool ascii) {
    if (value == 0) {
        out += '0';
        return;
    }
    if (!std::isfinite(value)) {
        out += std::isnan(value) ? "NaN" : (value > 0 ? "∞" : "-∞");
        return;
    }
    Digits d = significant(value, digits);
    if (written_out(d.exponent)) {
        append_fixed(out, d);
        return;
    }
    const int exponent = d.exponent;
    d.exponent = 0;
    append_fixed(out, d);
    append_power_of_ten(out, exponent, ascii);
}

std::string rounded(double value, int digits, bool ascii) {
    std::string out;
    append_rounded(out, value, digits, ascii);
    return out;
}


// The power of ten of `value` once rounded to `digits` significant figures: 999.96 rounds to 1000, exponent 3.
// Choosing a unit by the rounded number keeps "1000 kW" and "60.0 s" from being printed; they are "1.00 MW" and
// "1.00 min".
int rounded_exponent(double value, int digits) { return significant(value, digits).exponent; }

// Time units from the largest down; their sizes come from the unit table so that the text reads back exactly.
constexpr std::string_view time_labels[] = {"year", "day", "hour", "min"};

// SI prefixes for quantities people count in large multiples; only upward, since a fraction of a byte or a
// milliwatt of an accelerator is not something a planner writes.
constexpr std::string_view si_prefixes[] = {"k", "M", "G", "T", "P", "E", "Z", "Y", "R", "Q"};

bool takes_si_prefix(std::string_view label) {
    return label == "B" || label == "B/s" || label == "J" || label == "W" || label == "FLOP/s";
}

// The unit a result without `as` is shown in, or null to keep the dimension's usual unit. `unit` is that usual
// unit; `storage` holds a unit made here.
const DisplayUnit* readable_unit(const Quantity& q, const DisplayUnit& unit, int digits, DisplayUnit& storage) {
    const double central = std::abs(q.central);
    if (central == 0 || !std::isfinite(central)) return nullptr;
    const UnitRegistry& units = UnitRegistry::instance();
    if (q.dimension == Dimension::of(BaseDimension::time)) {
        for (std::string_view label : time_labels) {
            const auto size = units.find(label);
            if (!size) continue;
            if (rounded_exponent(central / size->factor, digits) >= 0) {
                storage = DisplayUnit{std::string(label), size->factor, q.dimension};
                return &storage;
            }
        }
        return nullptr;
    }
    if (!takes_si_prefix(unit.label)) return nullptr;
    const int exponent = rounded_exponent(central / unit.factor, digits);
    if (exponent < 3) return nullptr;
    const int step = std::min(exponent / 3, static_cast<int>(std::size(si_prefixes)));
    // Beyond quetta the number would pass 1000 again; the usual unit in scientific form reads better there.
    if (exponent / 3 > step) return nullptr;
    storage = DisplayUnit{std::string(si_prefixes[step - 1]) + unit.label, unit.factor * std::pow(10.0, 3 * step),
                          q.dimension};
    return &storage;
}

// format_number's text, appended to `out`.
void append_number(std::string& out, double value, int digits, bool ascii) {
    if (std::abs(value) >= 1000 && std::abs(value) < 1e6 && value == std::trunc(value)) {
        char buffer[24];
        out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value)).ptr);
        return;
    }
    append_rounded(out, value, digits, ascii);
}

}  // namespace

std::string format_number(double value, int digits, bool ascii) {
    std::string out;
    append_number(out, value, digits, ascii);
    return out;
}

std::string shortest_number(double value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
}

DisplayUnit shown_unit(const Quantity& q, const FormatOptions& options) {
    const UnitRegistry& units = UnitRegistry::instance();
    const DisplayUnit* unit = q.unit.get();
    DisplayUnit chosen;
    bool in_radians = false;
    if (!unit) {
        unit = units.preferred_unit(q.dimension);
        // An angle per time is no number of Hz (1 turn/s is 1 Hz, not 6.28 Hz): it is shown in radians.
        if (unit && turns_cycles_into_angles(q.dimension, unit->dimension)) {
            unit = nullptr;
            in_radians = true;
        }
        if (unit) {
            const int digits = q.is_range() ? options.range_digits : options.point_digits;
            if (const DisplayUnit* readable = readable_unit(q, *unit, digits, chosen)) unit = readable;
        }
    }
    if (unit) return *unit;
    std::string label = units.base_units_text(q.dimension, options.ascii);
    if (in_radians) label = label.starts_with("1/") ? "rad" + label.substr(1) : (options.ascii ? "rad*" : "rad·") + label;
    return DisplayUnit{std::move(label), 1.0, q.dimension};
}

std::string format(const Quantity& q, const FormatOptions& options) noexcept {
    std::string out;
    format_to(out, q, options);
    return out;
}

void format_to(std::string& out, const Quantity& q, const FormatOptions& options) noexcept {
    const std::size_t start = out.size();
    try {
        const UnitRegistry& units = UnitRegistry::instance();
        const DisplayUnit unit = shown_unit(q, options);
        const std::string& label = unit.label;
        const double factor = unit.factor;
        const double offset = unit.offset;  // a temperature scale's (degC): a value reads x / factor - offset on it

        const double central = q.central / factor - offset;
        if (!q.is_range()) {
            // A single value is written in place: the text of most cells.
            if (label == "$") out += '$';
            append_number(out, central, options.point_digits, options.ascii);
            if (label == "%" || label.empty()) out += label;
            else if (label != "$") (out += ' ') += label;
        } else {
            std::string number;
            // In the 90% reading a percentile within a billionth of the range's width of zero is zero: the
            // rounding of a percentage (0% to 10% has a 5th percentile of -1.4e-17) or the quadrature's noise in a
            // median that is exactly 0 ((1 to 100) - (1 to 100)), which three significant digits of the width could
            // never show. Not for guaranteed bounds, whose sign a reader may rely on, nor nearer to zero than a
            // billionth of the distance from zero to the end of the values the distribution can take (as shown):
            // 1e20 to 1e31 has its 5th percentile at a hundred-billionth of its width, but a lognormal is never
            // zero, and it printed 0, which read back as another distribution; its printed text read back is a
            // lognormal shifted by -2.4 × 10¹⁸, whose 5th percentile is no rounding of zero either.
            const double width = (q.high - q.low) / factor;
            const double room = q.spread ? std::min(offset - q.spread->support_low() / factor,
                                                    q.spread->support_high() / factor - offset)
                                         : width;
            const double noise = 1e-9 * std::min(width, room);
            // An infinite width ([-∞, 5]) says nothing about the rounding of the finite numbers.
            const bool zero_noise = q.ends == Ends::percentiles && std::isfinite(width) && noise > 0;
            const auto noise_as_zero = [&](double x) { return zero_noise && std::abs(x) <= noise ? 0.0 : x; };
            const double low = noise_as_zero(q.low / factor - offset);
            const double high = noise_as_zero(q.high / factor - offset);
            const double middle = noise_as_zero(central);
            const bool middle_digits = middle != 0 && std::isfinite(middle);
            const Digits rounded_middle = middle_digits ? significant(middle, options.range_digits) : Digits{};
            int exponent = rounded_middle.exponent;
            int shift = written_out(exponent) ? 0 : exponent;
            // Written out, the central value is its own digits: scaled_part would find them again.
            std::string c = middle_digits && shift == 0 ? fixed(rounded_middle) : scaled_part(middle, shift, options.range_digits);
            std::string l = scaled_part(low, shift, options.range_digits);
            std::string h = scaled_part(high, shift, options.range_digits);
            if (c.empty() || l.empty() || h.empty()) {
                // One notation for the three numbers: when the central value's power of ten (or none) leaves a
                // bound outside the window, the largest number's power of ten is shared instead, so that
                // 700000 to 1.1 million reads "0.70 [0.47, 1.1] × 10⁶", not "700000 [470000, 1.1 × 10⁶]".
                const int largest = largest_exponent({middle, low, high}, options.range_digits);
                if (largest != shift) {
                    exponent = largest;
                    shift = largest;
                    c = scaled_part(middle, shift, options.range_digits);
                    l = scaled_part(low, shift, options.range_digits);
                    h = scaled_part(high, shift, options.range_digits);
                }
            }
            // The central value, " [" and the label of the result's reading (its mode's row, ballpark/mode.hpp)
            // where the text says it.
            const std::string_view label = options.reading_label ? reading_label(q.ends) : std::string_view{};
            const auto open = [&](std::string central) {
                central += " [";
                if (!label.empty()) (central += label) += ": ";
                return central;
            };
            if (c.empty() || l.empty() || h.empty()) {
                // Orders of magnitude apart ((0 to 1)^1024 is about 5.6 × 10^-309 up to 1): each on its own, with
                // the range's significant figures.
                const auto alone = [&](double x) { return rounded(x, options.range_digits, options.ascii); };
                number = open(alone(middle)) + alone(low) + ", " + alone(high) + "]";
            } else {
                number = open(c) + l + ", " + h + "]" + (shift == 0 ? "" : power_of_ten(exponent, options.ascii));
            }
            // The unit's label: `label` in this branch is the reading's.
            if (unit.label == "$") (out += '$') += number;
            else if (unit.label == "%" || unit.label.empty()) (out += number) += unit.label;
            else ((out += number) += ' ') += unit.label;
        }

        if (options.dimension_label && q.unit && !q.dimension.is_dimensionless()) {
            if (auto name = units.dimension_name(q.dimension)) ((out += " {") += *name) += '}';
        }
    } catch (...) {
        out.resize(start);
        out += "(could not format this value)";
    }
}

bool Quantity::is_range() const {
    if (std::isnan(low) || std::isnan(high)) return false;
    // With an infinite bound the width test below reads inf > inf and took [-∞, ∞] for a point.
    if (std::isinf(low) || std::isinf(high)) return low != high;
    const double scale = std::max(std::abs(low), std::abs(high));
    return high - low > scale * 1e-9;
}

}  // namespace ballpark
