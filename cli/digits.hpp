// How many significant figures results print with: `--digits N` on the command line, and the line `digits N` in
// a notebook or a session, from that line on. The default is three for a single value and two for each number of
// a range; N sets both. A planner who chains results by hand or compares with a paper needs more than two.
#pragma once

#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "ballpark/format.hpp"

namespace ballpark::cli {

// N of "--digits N" or "digits N": a whole number from 1 to max_significant_digits (ballpark/format.hpp), or a sentence saying what was found.
std::expected<int, std::string> parse_digits(std::string_view text);

// Whether `line` is a `digits N` line; its count (or the sentence of what is wrong with it) if it is.
std::optional<std::expected<int, std::string>> digits_line(std::string_view line);

void set_digits(FormatOptions& format, int digits);

// What a `digits N` line answers.
std::string digits_sentence(int digits);

}  // namespace ballpark::cli
