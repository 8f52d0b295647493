#include "units/cycles_and_angles.hpp"

#include "ballpark/error.hpp"

namespace ballpark {

void fail_cycles_into_angles(const Dimension& value, const std::string& conversion, int column) {
    if (counted_kind(value) == CountedKind::cycles) {
        fail(ErrorKind::dimension, conversion + " turns cycles (rpm, Hz) into an angle (rad, deg, turn), but a cycle is not an angle here: 60 rpm "
                          "is 1 Hz.",
             column, "Multiply by turn for the angle a cycle sweeps: \"60 rpm * turn as rad/s\" is 6.28 rad/s.");
    }
    fail(ErrorKind::dimension, conversion + " turns an angle (rad, deg, turn) into cycles (rpm, Hz), but an angle is a plain number here (a "
                      "turn is 2π).",
         column, "Divide by turn to count turns: \"1 turn/s / turn as Hz\" is 1 Hz.");
}

std::optional<Dimension> counts_of_both(const Dimension& a, const Dimension& b) {
    const CountedKind first = counted_kind(a);
    const CountedKind second = counted_kind(b);
    if (first == CountedKind::neither) return b;
    if (second == CountedKind::neither || first == second) return a;
    return std::nullopt;
}

void fail_cycles_beside_angles(const std::string& what, const std::string& where, int column) {
    fail(ErrorKind::dimension, what + " cycles (rpm, Hz) and an angle (rad, deg, turn)" + where +
             ": a cycle is a turn, 2π rad, but each counts as 1 here, so the result would be neither.",
         column,
         "Multiply the cycles by turn to make them an angle (60 rpm * turn + 1 rad/s), or divide the angle by turn to "
         "count cycles (1 rad/s / turn + 60 rpm).");
}

}  // namespace ballpark
