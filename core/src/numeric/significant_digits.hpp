// A double's leading significant decimal digits, correctly rounded, and its power of ten.
//
// std::to_chars with a precision gives exactly this, but through Ryu's printf path: about 600 instructions a call,
// and a range's text needs four calls (callgrind, SheetQtyOneLiner: a quarter of a QTY call). Formatting needs
// two or three digits, where one multiplication by an exact power of ten decides the digits except within a
// hair of a tie; that case, and everything outside the range the argument below covers, goes to std::to_chars.
#pragma once

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace ballpark {

struct SignificantDigits {
    bool negative = false;
    std::string digits;  // the digits without the point: "840"
    int exponent = 0;    // value ≈ d.dd… × 10^exponent
};

namespace significant_detail {

// 10^0 … 10^22 are doubles exactly (5^22 < 2^53).
inline constexpr double exact_powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                          1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
inline constexpr int max_fast_count = 6;

inline SignificantDigits by_to_chars(double value, int count) {
    SignificantDigits d;
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific, count - 1);
    std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
    if (!text.empty() && text[0] == '-') {
        d.negative = true;
        text.remove_prefix(1);
    }
    const std::size_t e = text.find('e');
    for (char c : text.substr(0, e))
        if (c != '.') d.digits += c;
    std::string_view exponent = text.substr(e + 1);
    if (!exponent.empty() && exponent[0] == '+') exponent.remove_prefix(1);  // from_chars takes no '+'
    std::from_chars(exponent.data(), exponent.data() + exponent.size(), d.exponent);
    return d;
}

// m = |value| × 10^(count-1-e) is one rounded operation on exact operands, so it is within 2^-53 m of the exact
// product, which is below 1.2e-10 for m < 10^6. When m's fraction is further than 1e-9 from one half, the exact
// product rounds to the same integer as m does; nearer than that, the answer is left to std::to_chars (false).
// A decade boundary needs no care: a product just under 10^count that rounds up carries into the next decade,
// which is what the exact product does too.
inline bool by_one_product(double magnitude, int count, SignificantDigits& d) {
    const auto bits = std::bit_cast<std::uint64_t>(magnitude);
    const int binary = static_cast<int>(bits >> 52 & 0x7FF);
    if (binary == 0 || binary == 0x7FF) return false;  // subnormal, infinite or NaN
    // floor(log10(2) × (the binary exponent)), one below or above the decimal exponent, corrected below.
    int e = static_cast<int>(std::floor((binary - 1023) * 0.30102999566398120));
    const double lower = exact_powers[count - 1];
    const double upper = exact_powers[count];
    for (int attempt = 0; attempt < 3; ++attempt) {
        const int shift = count - 1 - e;
        if (shift > 22 || shift < -22) return false;
        const double m = shift >= 0 ? magnitude * exact_powers[shift] : magnitude / exact_powers[-shift];
        if (m < lower) {
            --e;
            continue;
        }
        if (m >= upper) {
            ++e;
            continue;
        }
        const double whole = std::floor(m);
        const double fraction = m - whole;  // exact: m and its floor are within a factor of two
        if (std::abs(fraction - 0.5) <= 1e-9) return false;
        auto n = static_cast<std::uint32_t>(whole) + (fraction > 0.5 ? 1u : 0u);
        if (n == static_cast<std::uint32_t>(upper)) {
            n = static_cast<std::uint32_t>(lower);
            ++e;
        }
        char buffer[16];
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, n).ptr;
        d.digits.assign(buffer, end);
        d.exponent = e;
        return true;
    }
    return false;
}

}  // namespace significant_detail

// `count` significant digits of value (1 or more), rounded to nearest with ties to even on the exact binary value,
// as std::to_chars(…, chars_format::scientific, count - 1) writes them.
inline SignificantDigits significant_digits(double value, int count) {
    using namespace significant_detail;
    if (count >= 1 && count <= max_fast_count && value != 0) {
        SignificantDigits d;
        d.negative = std::signbit(value);
        if (by_one_product(std::abs(value), count, d)) return d;
    }
    return by_to_chars(value, count);
}

}  // namespace ballpark
