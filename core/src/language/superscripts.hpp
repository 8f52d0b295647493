// The superscript digits and minus, as people paste them from papers (m², s⁻¹) and as results are written
// (8.40 × 10²³): one table for the lexer that reads them and the formatter and registry that write them.
#pragma once

#include <array>
#include <string_view>

namespace ballpark {

inline constexpr std::array<std::string_view, 10> superscript_digits = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
inline constexpr std::string_view superscript_minus = "⁻";

// The digit a superscript character stands for, -1 for the minus, -2 for anything else.
constexpr int superscript_value(std::string_view ch) {
    // Every superscript is two or three bytes of UTF-8; the lexer asks about every character, most of them ASCII.
    if (ch.size() < 2) return -2;
    for (int digit = 0; digit < 10; ++digit)
        if (ch == superscript_digits[static_cast<std::size_t>(digit)]) return digit;
    return ch == superscript_minus ? -1 : -2;
}

}  // namespace ballpark
