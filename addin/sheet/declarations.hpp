// Declared inputs: a name of a name; value pair may say, after a colon, what its value must be, so that a value of
// the wrong kind is refused with a sentence instead of read silently (35 for "u: fraction" would give a hundredth
// of the hours). And the hint for a number glued to B, which reads as bytes.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// A pair's name text split at its colon: "u: fraction" is the name "u" declared a fraction (the words are the
// core's declared_expectation: fraction, count, positive, or a unit such as FLOP/s). `expected` is null for a name
// with no colon. An unknown declaration throws its error (kind argument), which names the pair's name text.
struct DeclaredName {
    std::string_view name;
    const Expectation* expected = nullptr;
};
DeclaredName declared_name(std::string_view text);

// "B is the byte, so "7B" is 7 byte; …" when a text of `args` (a pair's value, or a cell of its range) writes a
// number with B glued to it and the error is about a dimension: the number was meant as billions (GPUHOURS gives
// the same hint for its counts).
void add_byte_hint(std::span<const Arg> args, Error& e);

}  // namespace ballpark::sheet::detail
