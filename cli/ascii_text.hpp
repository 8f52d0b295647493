// What --ascii promises: output in ASCII alone, for terminals, logs and tools that cannot show UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace ballpark::cli {

// `text` with each non-ASCII character the formatter writes replaced by an ASCII spelling Ballpark reads back:
// "×" by "*" (8.40 * 10^23 FLOP), "Ω" by "ohm", "µ" by "u", "°" by "deg", "²" and "³" by "^2" and "^3", "·" by
// "*", "π" by "pi", "∞" by "inf", "−" by "-", "℃" and "℉" by "degC" and "degF". A character outside that list (from a user's own unit name) is
// written as "?", so the promise holds whatever the input.
std::string in_ascii(std::string_view text);

}  // namespace ballpark::cli
