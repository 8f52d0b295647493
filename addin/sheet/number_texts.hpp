// Numbers written in texts the way one locale reads and another does not: a decimal comma ("1,5") and separators
// between groups of three digits ("1.500", "8,000,000,000"). Ballpark reads neither and refuses them the same way
// in every locale, with a sentence that says what to write.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// Whether a text has a decimal comma between digits ("1,5"), as a German or French Calc writes numbers joined
// into a text with &. Ballpark refuses it rather than guessing: "1,500" is one and a half in Berlin and fifteen
// hundred in London. Inside brackets "," separates a function's arguments ("normal(1,2)"), so it is no decimal.
// A comma before a group of three digits ("1,500", "8,000,000,000") never gets this far: grouped_number below
// refuses it with a sentence about thousands separators before the core reads the text.
bool has_decimal_comma(std::string_view text);

inline constexpr std::string_view decimal_comma_hint =
    "Ballpark reads only a decimal point: write 1.5, not 1,5. To use a number from a cell, bind it instead of "
    "joining it into the text with &, as in QTY(\"x * 1 hour\"; ; \"x\"; A1): it then reaches Ballpark as a "
    "number in any locale.";

// The core's error for a text the user typed, with the decimal-comma hint when that is the likely cause.
Error with_comma_hint(std::string_view text, Error e);

// Gives the core's error about a call the decimal-comma hint when a text the call was given has one. On the error
// alone, so that a successful result is not moved through here.
void add_comma_hint(std::span<const Arg> args, Error& e);

// A number written with separators between groups of three digits ("1.500", "1,500", "8,000,000,000",
// "1.500,5"): a point or a comma that one locale reads as thousands and another as a decimal. Calc writes such
// texts itself (TEXT(1500; "#,##0") is "1.500" in a German sheet and "1,500" in an English one), so Ballpark
// refuses them the same way in every locale instead of reading "1.500" as one and a half in Berlin, where it means
// fifteen hundred. A number qualifies when its integer part is 1 to 3 digits without a leading 0 and a separator
// follows with exactly three digits after it: "1.5", "0.125", "1.50" and "1.2345" are no groups and stay numbers.
// Inside brackets a comma separates a function's arguments ("normal(1,500)"), so only a point groups there.
struct GroupedNumber {
    std::string_view written;  // "1.500", "8,000,000,000", "1.500,5"
    char separator = '.';      // between the groups
    std::size_t groups = 0;    // of three digits after the integer part
    std::string plain;         // the number without its groups' separators, a point before any decimals: "1500.5"
    std::string integer;       // "1"
    std::string group_digits;  // the digits of the groups: "500"
    bool decimals = false;     // the other separator and decimals follow the groups ("1.500,5")
};

std::optional<GroupedNumber> grouped_number(std::string_view text);

// The sentence refusing the grouped number `g` found in `text`, with what to write instead.
Error grouped_error(const GroupedNumber& g, std::string_view text);

}  // namespace ballpark::sheet::detail
