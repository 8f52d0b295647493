// Declared inputs: a name of a name; value pair may say, after a colon, what its value must be, so that a value of
// the wrong kind is refused with a sentence instead of read silently ("u: fraction" and 35 gave a hundredth of the
// hours before issue 34). And the hint for a number glued to B, which reads as bytes.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// A pair's name text split at its colon: "u: fraction" is the name "u" declared a fraction. `expected` is null
// for a name with no declaration. The declarations (case does not matter for the words):
//   fraction (or percent)  a plain number above 0 and at most 1: 0.35, 35%, 35% to 55%; 35 is refused
//   count                  a plain number above zero: 70 billion, 70e9; 70B (bytes) is refused with a hint
//   positive               any value above zero, of any dimension
//   a unit, such as FLOP/s a value of that unit's dimension (312 TFLOP/s, not 312 or 80 GB); "positive FLOP/s"
//                          asks both
// The expectations live for the whole program (a result's recipe keeps a pointer to its bindings' ones): one per
// declaration text, made once. An unknown declaration throws an error of kind argument that lists the known ones.
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
