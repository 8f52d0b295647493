// The modes: how a range `a to b` is read. Each mode is one row of BALLPARK_MODES, and everything else about modes
// derives from the rows: the enum Mode, parse_mode and mode_name, the value type each mode evaluates with and the
// dispatch to it (core/src/eval/mode_dispatch.hpp), the per-mode caches of evaluate(), a Session's scope, the
// command line's help and its answer to a `mode` line, and the typed tests' list of value types. docs/language.md,
// "Adding a mode", says what else a new mode needs.
#pragma once

#include <cstddef>
#include <iterator>
#include <string_view>

// One row a mode:
//   X(enumerator, name, aliases, value type, reading)
// - enumerator: its name in the enum Mode;
// - name: the word parse_mode reads and mode_name gives (--mode=dist, the notebook line `mode dist`);
// - aliases: further words parse_mode reads, separated by spaces ("" for none);
// - value type: the class of core/src/values that implements it. Only core/src/eval/mode_dispatch.hpp reads this
//   column; here it is a name and nothing more;
// - reading: what a range is read as, completing "ranges are read as …".
// The first row is the default mode.
#define BALLPARK_MODES(X)                                                                                              \
    X(bounds, "bounds", "", AffineBounds, "guaranteed bounds, a name used twice being one unknown")                    \
    X(interval, "interval", "", Interval, "plain intervals, every use of a name a new unknown")                         \
    X(distribution, "dist", "distribution", Distribution, "90% intervals (median [p5, p95])")

namespace ballpark {

#define BALLPARK_MODE_ENUMERATOR(enumerator, name, aliases, value_type, reading) enumerator,
enum class Mode { BALLPARK_MODES(BALLPARK_MODE_ENUMERATOR) };
#undef BALLPARK_MODE_ENUMERATOR

// A row as data, for the front ends (the help lists the modes) and parse_mode.
struct ModeInfo {
    Mode mode;
    std::string_view name;
    std::string_view aliases;
    std::string_view reading;
};

#define BALLPARK_MODE_INFO(enumerator, name, aliases, value_type, reading) ModeInfo{Mode::enumerator, name, aliases, reading},
inline constexpr ModeInfo mode_table[] = {BALLPARK_MODES(BALLPARK_MODE_INFO)};
#undef BALLPARK_MODE_INFO

inline constexpr std::size_t mode_count = std::size(mode_table);

// The row of `mode`: the rows are in the enum's order.
constexpr const ModeInfo& mode_info(Mode mode) { return mode_table[static_cast<std::size_t>(mode)]; }

}  // namespace ballpark
