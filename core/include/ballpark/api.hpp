// The public API that the add-in and the command-line tool call. Every function here is noexcept:
// any failure comes back as an Error in the Result.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "ballpark/dimension.hpp"
#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/mode.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

enum class Part { central, low, high };

// How a range is read, as an evaluation option (libqalculate carries its interval model the same way): one row of
// BALLPARK_MODES each (mode.hpp) - bounds, guaranteed bounds that know a name used twice is one unknown (the
// default); interval, plain interval arithmetic, every use of a range a new unknown; dist, `a to b` a 90% interval
// and results a median and the 5th and 95th percentiles.
struct EvaluationOptions {
    Mode mode = Mode{};  // the first row of BALLPARK_MODES
};

// Parses a mode's name or one of its aliases ("bounds", "interval", "dist" or "distribution"); anything else is an
// error that lists the names.
Result<Mode> parse_mode(std::string_view text) noexcept;
std::string_view mode_name(Mode mode) noexcept;

// The mode percentiles and the mean are asked in (Pick::needs_distribution) where no mode is chosen: the default
// mode's percentiles-in column (ballpark/mode.hpp). Code that has a mode in use asks its row instead,
// mode_info(mode).percentiles_in.
Mode distribution_mode() noexcept;

class Recipe;  // linked.hpp

// One value given to an expression from outside: a plain number, a quantity text ("312 TFLOP/s"), a quantity
// already computed (an accelerator's peak from the table), or an earlier result with how it was computed (a
// Recipe, linked.hpp). Like a text, a Quantity or Recipe is the caller's and must live through the call. A
// Quantity is read as the same figures in every mode: a single number when its low and high agree, else a new
// input from low to high about its central value. A Recipe is read as its computation, its inputs shared with
// every other use of them in the evaluation, and only in the mode it was made in.
using Input = std::variant<double, std::string_view, const Quantity*, const Recipe*>;

// What a bound value must be. The core checks it on the value it read for the binding, in the evaluation's mode,
// so the check and the computation see one reading of the text (a normal(...) utilization is checked at its 5th
// and 95th percentiles where percentiles are asked for). Every end of a binding is checked on its own.
struct Expectation {
    std::string_view name;    // the value in sentences ("params"); empty: the binding's name
    std::string_view wanted;  // what it should be, for sentences: "a count such as 70 billion or 70e9"
    // The dimension it must have; a plain number is first taken in the binding's unit. Empty: any dimension.
    std::optional<Dimension> dimension;
    // positive: its low end above zero; fraction: above 0 and at most 1 (a utilization).
    enum class Sign { any, positive, fraction };
    Sign sign = Sign::any;
    // A hint for a value of the wrong dimension, from the dimension found; may be null.
    std::string (*dimension_hint)(const Dimension& found) = nullptr;
    std::string_view zero_hint;       // a hint when the value is the number 0
    std::string_view above_one_hint;  // a hint when a fraction's high end is above 1
};

// What a declared input must be: "fraction" (or "percent": a plain number above 0 and at most 1), "count" (a plain
// number above zero), "positive" (above zero, any dimension), or a unit ("FLOP/s": its dimension; "positive $/hour":
// both), as in the add-in's "u: fraction" and the language's "u: fraction = 35% to 55%". The expectation lives for
// the whole program; its sentences name the input `name` in quotes. Case does not matter for the words; an unknown
// declaration is an error of kind argument.
Result<const Expectation*> declared_expectation(std::string_view name, std::string_view declaration) noexcept;

// A named input for an expression. With `high` set, the input is the range from `value` to `high` (low and
// high in two cells). A plain number (a double, or a text without units) is taken in `unit` when one is given.
struct Binding {
    std::string_view name;
    Input value;
    std::optional<Input> high = std::nullopt;
    std::string_view unit = {};
    // With `high` set, a central value between them (low, central and high in three cells).
    std::optional<Input> central = std::nullopt;
    // Checked on each end as it is read (null: no check); `high_expected`, when set, for `high` instead.
    const Expectation* expected = nullptr;
    const Expectation* high_expected = nullptr;
    // The ends are the cells of a range: each must be one value, not itself a range, and a sentence about one
    // names its cell ("Cell 2 of 2 of the range for "u"").
    bool ends_are_cells = false;
    // The row of a column it was given in (1-based; 0: no column). Where results are read, a plain input is one
    // input per name and content: two rows that hold the same figures are still two runs, so the row is part of
    // the content.
    std::size_t row = 0;
};

// Evaluates one expression ("6 FLOP * params * tokens / (312 TFLOP/s * (35% to 55%)) as million hour").
// Repeated texts are parsed once and cached per thread.
Result<Quantity> evaluate(std::string_view expression, std::span<const Binding> bindings = {},
                          const EvaluationOptions& options = {}) noexcept;

// The result of evaluate() expressed in `unit` (empty: as evaluate() shows it). A text that declares units
// ("unit token; 50 token/s") may use them in `unit` too ("token/min"), which express_in, knowing only the
// built-in table, cannot read.
Result<Quantity> evaluate_in(std::string_view expression, std::span<const Binding> bindings, std::string_view unit,
                             const EvaluationOptions& options = {}) noexcept;

// Calls one of the planning functions of the prelude (gpu_hours, training_flop, mfu, emissions, …; prelude.cpp)
// with its arguments bound by parameter name. Errors name the arguments, never a column of the prelude's text.
Result<Quantity> evaluate_function(std::string_view name, std::span<const Binding> arguments,
                                   const EvaluationOptions& options = {}) noexcept;

// What a parameter of the planning functions must be ("params", "tokens", "peak", "utilization", "pue", and the
// others of prelude.cpp's table): its dimension, and above zero or a fraction; null for any other name. Every call of a
// planning function checks its arguments by these rules, wherever it comes from; a front end that reads its
// arguments in its own way (a bare number in hours) checks them by the same rules with its own words.
const Expectation* planning_parameter_rule(std::string_view parameter) noexcept;

// Converts a number given in from_unit to to_unit ("PFLOP/s*day" to "FLOP"). Unit pairs are cached per thread.
// The sum of the bound values (each binding one term; its name is how sentences call it), in the mode of
// `options`. The terms must share a dimension; a sentence names the first that does not. Any number of terms: the
// sum is taken pairwise, never as an expression text.
Result<Quantity> sum(std::span<const Binding> terms, const EvaluationOptions& options = {}) noexcept;

Result<double> convert(double value, std::string_view from_unit, std::string_view to_unit) noexcept;

// The size of one unit in SI base units and its dimension, e.g. "kWh" gives 3.6e6 and energy.
Result<Quantity> unit_quantity(std::string_view unit) noexcept;

// Gives the quantity a display unit, as `expr as unit` does; fails when the dimensions differ.
Result<Quantity> express_in(const Quantity& quantity, std::string_view unit) noexcept;

// The low, central or high value expressed in unit; an empty unit means SI base units.
Result<double> value_in(const Quantity& quantity, std::string_view unit, Part part) noexcept;

// Parses "central", "low" or "high" (any case; empty means central).
Result<Part> parse_part(std::string_view text) noexcept;

// Which number of a result a cell shows: one of the three it prints, or a statistic of its distribution reading.
struct Pick {
    enum class Kind { central, low, high, percentile, mean };
    Kind kind = Kind::central;
    double percent = 0;  // for Kind::percentile: strictly between 0 and 100 ("median" is 50)
    // Percentiles and the mean read `a to b` as a distribution: evaluate in distribution_mode() for them.
    bool needs_distribution() const { return kind == Kind::percentile || kind == Kind::mean; }
};

// Parses "central", "low", "high" (empty means central), "median", "mean", or "p" and a percent strictly
// between 0 and 100 ("p5", "p95", "p37.5"); any case. Anything else ("p0", "p100", "p", "pct") is an error
// sentence that lists the forms.
Result<Pick> parse_pick(std::string_view text) noexcept;

// The picked number in `unit` (empty: SI base units). A percentile or mean needs a distribution result
// (quantity.spread); asking one of bounds is an error that says to evaluate in the distribution mode.
Result<double> value_in(const Quantity& quantity, std::string_view unit, const Pick& pick) noexcept;

}  // namespace ballpark
