// The rule for cycles and angles. Both are plain numbers (the hertz is 1/s, the radian 1), so 60 rpm is 1 Hz and
// 1 turn is 6.28; a cycle is a turn, though, so a value that counted cycles shown in a unit that counts an angle
// (60 rpm as rad/s: 1 rad/s) is off by 2π, and so is the way back (1 turn/s as Hz: 6.28 Hz). Such a conversion is
// refused with the factor to write. The rule reads what a value's units counted (Counted, dimension.hpp), which
// its dimension carries through arithmetic, so it holds however the value arrived.
#pragma once

#include <optional>
#include <string>

#include "ballpark/dimension.hpp"

namespace ballpark {

// What a value's units counted, as the rule reads it: an angle if any of them was one (60 rpm * turn is an angular
// speed, the turn being the angle each cycle sweeps), else cycles if any was, else neither.
enum class CountedKind { neither, cycles, angle };

inline CountedKind counted_kind(const Dimension& d) {
    if (d.counted(Counted::angle) != 0) return CountedKind::angle;
    if (d.counted(Counted::cycles) != 0) return CountedKind::cycles;
    return CountedKind::neither;
}

// Whether showing a value of dimension `value` in a unit of dimension `target` turns cycles into an angle or an
// angle into cycles. Most targets ("million hour") count neither, and then nothing else is read.
inline bool turns_cycles_into_angles(const Dimension& value, const Dimension& target) {
    if (!target.counts_cycles_or_angles()) return false;
    const CountedKind from = counted_kind(value);
    const CountedKind to = counted_kind(target);
    return from != to && from != CountedKind::neither && to != CountedKind::neither;
}

// The refusal, for a value of dimension `value`: `conversion` names the conversion at the start of the sentence
// ("The conversion at column 8", "Converting \"rpm\" to \"rad/s\"").
[[noreturn]] void fail_cycles_into_angles(const Dimension& value, const std::string& conversion, int column);

// What a sum, range or comparison of a and b (of one dimension) counts: what either counts, or nothing when a
// value that counted cycles meets one that counted an angle, which the caller refuses (fail_cycles_beside_angles).
std::optional<Dimension> counts_of_both(const Dimension& a, const Dimension& b);

// The refusal of cycles beside an angle: `what` begins the sentence ("Cannot add"), `where` places it (" at column
// 8"), as the evaluator's other sentences about two operands do.
[[noreturn]] void fail_cycles_beside_angles(const std::string& what, const std::string& where, int column);

}  // namespace ballpark
