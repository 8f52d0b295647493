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
//     correlations, percentiles in, tail)
// - enumerator: its name in the enum Mode;
// - name: the word parse_mode reads and mode_name gives (--mode=dist, the notebook line `mode dist`);
// - aliases: further words parse_mode reads, separated by spaces ("" for none);
// - value type: the class of core/src/values that implements it. Only core/src/eval/mode_dispatch.hpp reads this
//   column; here it is a name and nothing more;
// - reading: what a range is read as, completing "ranges are read as …";
// - results: what the ends of its results are (Ends, Quantity::ends): whether percentiles and the mean exist;
// - label: what its printed ranges carry before their ends where a text says its reading (FormatOptions::
//   reading_label), "90%" printing "1.7 [90%: 1.4, 2.1]"; a text with the label is read as a result of this mode.
//   "" for none: such ranges print "1.7 [1.4, 2.1]". Rows whose results have one kind of Ends share one label;
// - range noun: what one printed range of it is, for advice ("read it as a 90% interval");
// - tornado: the Ends a tornado moves its inputs between: each moved between its bounds with the others at their
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
//   results are percentiles, else a mode whose results are;
// - tail: the percent of the distribution beyond each end of a range it prints, where its results are percentiles
//   (5: its low end is the 5th percentile, its high end the 95th, and a range `a to b` is read so); 0 where they are
//   bounds, which nothing lies beyond. Texts that name a reading's ends ("p5", "95th percentile") are made from it.
// The first row is the default mode.
#define BALLPARK_MODES(X)                                                                                              \
    X(bounds, "bounds", "", AffineBounds, "guaranteed bounds, a name used twice being one unknown", bounds, "",        \
      "range of guaranteed bounds", bounds, interval, "QTY", false, distribution, 0)                                   \
    X(interval, "interval", "", Interval, "plain intervals, every use of a name a new unknown", bounds, "",             \
      "plain interval", bounds, interval, "", false, distribution, 0)                                                  \
    X(distribution, "dist", "distribution", Distribution, "90% intervals (median [p5, p95])", percentiles, "90%",      \
      "90% interval", percentiles, distribution, "QTYDIST", true, distribution, 5)

namespace ballpark {

// What a result's low, central and high values are: guaranteed bounds about the value at the inputs' central
// values, or percentiles of a distribution (its row's tail says which: the 5th and 95th about the median), which
// then has every percentile and a mean (Quantity::spread). Named Ends, not Reading: a reading is a Mode.
enum class Ends { bounds, percentiles };

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
    Ends results;
    std::string_view label;
    std::string_view range_noun;
    Ends tornado;
    Mode inputs_once;
    std::string_view sheet_function;
    bool correlations;
    Mode percentiles_in;
    double tail;
};

#define BALLPARK_MODE_INFO(enumerator, name, aliases, value_type, reading, results, label, range_noun, tornado, once, \
                           sheet_function, correlations, percentiles_in, tail)                                      \
    ModeInfo{Mode::enumerator, name,    aliases,         reading, Ends::results, label, range_noun, Ends::tornado, \
             Mode::once,       sheet_function, correlations, Mode::percentiles_in, tail},
inline constexpr ModeInfo mode_table[] = {BALLPARK_MODES(BALLPARK_MODE_INFO)};
#undef BALLPARK_MODE_INFO

inline constexpr std::size_t mode_count = std::size(mode_table);

// The row of `mode`: the rows are in the enum's order.
constexpr const ModeInfo& mode_info(Mode mode) { return mode_table[static_cast<std::size_t>(mode)]; }

// The first mode whose results are `results`: the mode a value with those Ends is read in where no mode is named.
constexpr Mode first_mode_with(Ends results) {
    for (const ModeInfo& row : mode_table)
        if (row.results == results) return row.mode;
    return Mode{};
}

// The label that ranges of `results` print with (the label column of its rows), "" for none.
constexpr std::string_view reading_label(Ends results) { return mode_info(first_mode_with(results)).label; }

// The percentiles a range of `row` prints at its low and high ends (5 and 95 for the 90% reading).
constexpr double low_percentile(const ModeInfo& row) { return row.tail; }
constexpr double high_percentile(const ModeInfo& row) { return 100 - row.tail; }

namespace mode_checks {
constexpr bool rows_in_enum_order() {
    for (std::size_t k = 0; k < mode_count; ++k)
        if (static_cast<std::size_t>(mode_table[k].mode) != k) return false;
    return true;
}
// A result is printed by its Ends alone, so the rows of one Ends must agree on the label and the tail; and a fast path
// must print as its mode does.
constexpr bool labels_agree() {
    for (const ModeInfo& row : mode_table) {
        if (row.label != reading_label(row.results)) return false;
        const ModeInfo& fast = mode_info(row.inputs_once);
        if (fast.results != row.results || fast.tornado != row.tornado) return false;
        const ModeInfo& percentiles = mode_info(row.percentiles_in);
        if (percentiles.results != Ends::percentiles) return false;
        if (row.results == Ends::percentiles && row.percentiles_in != row.mode) return false;
        if ((row.results == Ends::percentiles) != (row.tail > 0 && row.tail < 50)) return false;
        if (row.tail != mode_info(first_mode_with(row.results)).tail) return false;
    }
    return true;
}
}  // namespace mode_checks
static_assert(mode_checks::rows_in_enum_order(), "mode_info indexes the rows by the enum");
static_assert(mode_checks::labels_agree(),
              "rows whose results have one Ends need one label and one tail (above 0 and below 50 for percentiles, 0 for "
              "bounds), a mode's inputs-once mode its results and tornado, and its percentiles-in mode percentiles "
              "(itself where it gives them)");

}  // namespace ballpark
