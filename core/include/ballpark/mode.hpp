// The modes: how a range `a to b` is read. Each mode is one row of BALLPARK_MODES, and everything else about modes
// derives from the rows: the enum Mode, parse_mode and mode_name, the value type each mode evaluates with and the
// dispatch to it (core/src/eval/mode_dispatch.hpp), the per-mode caches of evaluate(), a Session's scope, the
// command line's help and its answer to a `mode` line, the typed tests' list of value types, and every question
// of which reading a result is (its percentiles, its printed label, a tornado's points, advice, fast paths), asked
// of the row's columns. docs/language.md, "Adding a mode", says what else a new mode needs.
#pragma once

#include <cstddef>
#include <iterator>
#include <string_view>

// One row a mode:
//   X(enumerator, name, aliases, value type, reading, results, label, range noun, tornado, inputs once, sheet function,
//     correlations, percentiles in)
// - enumerator: its name in the enum Mode;
// - name: the word parse_mode reads and mode_name gives (--mode=dist, the notebook line `mode dist`);
// - aliases: further words parse_mode reads, separated by spaces ("" for none);
// - value type: the class of core/src/values that implements it. Only core/src/eval/mode_dispatch.hpp reads this
//   column; here it is a name and nothing more;
// - reading: what a range is read as, completing "ranges are read as …";
// - results: the Reading of its results (Quantity::reading): whether percentiles and the mean exist;
// - label: what its printed ranges carry before their ends where a text says its reading (FormatOptions::
//   reading_label), "90%" printing "1.7 [90%: 1.4, 2.1]"; a text with the label is read as a result of this mode.
//   "" for none: such ranges print "1.7 [1.4, 2.1]". Rows of one Reading of results share one label;
// - range noun: what one printed range of it is, for advice ("read it as a 90% interval");
// - tornado: the Reading a tornado reads its inputs in: each moved between its bounds with the others at their
//   midpoints, or between its 5th and 95th percentiles with the others at their medians;
// - inputs once: the mode that gives its results, faster, where every input is used once (bounds: interval, whose
//   plain intervals are then the same guaranteed bounds); the mode itself where none does;
// - sheet function: the Calc function that computes in it and reads its results ("QTYDIST"), which a front end
//   names in advice; "" for none;
// - correlations: whether it joins inputs by their stated correlations (yes), or holds for any dependence between
//   them and only checks the statements (no). A row that says yes has a value type whose context keeps them
//   (CorrelatedReading, core/src/eval/mode_dispatch.hpp checks it), so no reading drops a correlation unseen;
// - percentiles in: the mode a percentile, the mean or a picture of a distribution is asked in where this mode is
//   the one in use (a QTYVALUE "p95", a histogram, the advice after a needs_distribution error): itself where its
//   results are percentiles, else a mode whose results are.
// The first row is the default mode.
#define BALLPARK_MODES(X)                                                                                              \
    X(bounds, "bounds", "", AffineBounds, "guaranteed bounds, a name used twice being one unknown", bounds, "",        \
      "range of guaranteed bounds", bounds, interval, "QTY", false, distribution)                                                    \
    X(interval, "interval", "", Interval, "plain intervals, every use of a name a new unknown", bounds, "",             \
      "plain interval", bounds, interval, "", false, distribution)                                                     \
    X(distribution, "dist", "distribution", Distribution, "90% intervals (median [p5, p95])", percentiles, "90%",      \
      "90% interval", percentiles, distribution, "QTYDIST", true, distribution)

namespace ballpark {

// What a result's low, central and high values are: guaranteed bounds about the value at the inputs' central
// values, or the 5th percentile, median and 95th percentile of a distribution (which then has every percentile and
// a mean, Quantity::spread).
enum class Reading { bounds, percentiles };

#define BALLPARK_MODE_ENUMERATOR(enumerator, name, aliases, value_type, reading, ...) enumerator,
enum class Mode { BALLPARK_MODES(BALLPARK_MODE_ENUMERATOR) };
#undef BALLPARK_MODE_ENUMERATOR

// A row as data, for the front ends (the help lists the modes, advice names a mode's function) and for every
// question of which reading: code outside the rows reads these columns rather than naming a mode
// (tests/structure/readings_test.py).
struct ModeInfo {
    Mode mode;
    std::string_view name;
    std::string_view aliases;
    std::string_view reading;
    Reading results;
    std::string_view label;
    std::string_view range_noun;
    Reading tornado;
    Mode inputs_once;
    std::string_view sheet_function;
    bool correlations;
    Mode percentiles_in;
};

#define BALLPARK_MODE_INFO(enumerator, name, aliases, value_type, reading, results, label, range_noun, tornado, once, \
                           sheet_function, correlations, percentiles_in)                                            \
    ModeInfo{Mode::enumerator, name,    aliases,         reading, Reading::results, label, range_noun, Reading::tornado, \
             Mode::once,       sheet_function, correlations, Mode::percentiles_in},
inline constexpr ModeInfo mode_table[] = {BALLPARK_MODES(BALLPARK_MODE_INFO)};
#undef BALLPARK_MODE_INFO

inline constexpr std::size_t mode_count = std::size(mode_table);

// The row of `mode`: the rows are in the enum's order.
constexpr const ModeInfo& mode_info(Mode mode) { return mode_table[static_cast<std::size_t>(mode)]; }

// The first mode whose results are `results`: the mode a value of that Reading is read in where no mode is named.
constexpr Mode first_mode_with(Reading results) {
    for (const ModeInfo& row : mode_table)
        if (row.results == results) return row.mode;
    return Mode{};
}

// The label that ranges of `results` print with (the label column of its rows), "" for none.
constexpr std::string_view reading_label(Reading results) { return mode_info(first_mode_with(results)).label; }

namespace mode_checks {
constexpr bool rows_in_enum_order() {
    for (std::size_t k = 0; k < mode_count; ++k)
        if (static_cast<std::size_t>(mode_table[k].mode) != k) return false;
    return true;
}
// A result is printed by its Reading alone, so the rows of one Reading must agree on the label; and a fast path
// must print as its mode does.
constexpr bool labels_agree() {
    for (const ModeInfo& row : mode_table) {
        if (row.label != reading_label(row.results)) return false;
        const ModeInfo& fast = mode_info(row.inputs_once);
        if (fast.results != row.results || fast.tornado != row.tornado) return false;
        const ModeInfo& percentiles = mode_info(row.percentiles_in);
        if (percentiles.results != Reading::percentiles) return false;
        if (row.results == Reading::percentiles && row.percentiles_in != row.mode) return false;
    }
    return true;
}
}  // namespace mode_checks
static_assert(mode_checks::rows_in_enum_order(), "mode_info indexes the rows by the enum");
static_assert(mode_checks::labels_agree(),
              "rows with one Reading of results need one label, a mode's inputs-once mode its results and tornado, and its "
              "percentiles-in mode percentiles (itself where it gives them)");

}  // namespace ballpark
