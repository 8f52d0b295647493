// The exact value of a decimal literal as a double enclosure. Most decimals ("0.1", "0.3048") fall between two
// doubles; holding only the nearest one and treating it as exact would let "the true value is inside" fail for
// what the user typed (1.1 * 1.1 - 1.21 excluding 0). So each literal carries the two adjacent doubles around
// its exact value (the same double twice when the decimal is exactly representable).
#pragma once

#include <string>
#include <string_view>

namespace ballpark {

struct DecimalEnclosure {
    double nearest = 0;  // the correctly rounded double, what std::from_chars gives
    double low = 0;      // the largest double <= the exact decimal
    double high = 0;     // the smallest double >= the exact decimal
    // Half a unit in the last typed digit ("1.4" -> 0.05, "30" -> 0.5, "8.40e23" -> 0.005e23), rounded up: the
    // widening under which a printed bound stands for everything that prints the same. 0 for a literal of zero,
    // since Ballpark prints "0" only for an exact zero.
    double half_step = 0;
    bool in_range = true;   // false when the decimal is beyond double precision or below its smallest subnormal
    bool too_large = false; // when !in_range: beyond (true) or below (false)
};

// A literal's digits as one integer and the power of ten of its last typed digit: "8.40e23" is {"840", 21},
// ".5" is {"5", -1}. Exponents are clamped to ±10^9, far beyond double precision.
struct DecimalDigits {
    std::string digits;
    long long exponent = 0;
};
DecimalDigits decimal_digits(std::string_view literal);

// The literal times 10^places, written out plainly for a hint: ("0.35", 2) is "35", ("55", -2) is "0.55".
std::string shift_decimal(std::string_view literal, int places);

// `literal` is what the lexer takes for a number: digits with an optional point and an optional exponent
// ("1.5", ".5", "8.40e23"). `extra_exponent` scales it by a further power of ten, for "8.40 × 10²³".
DecimalEnclosure enclose_decimal(std::string_view literal, long long extra_exponent = 0);

}  // namespace ballpark
