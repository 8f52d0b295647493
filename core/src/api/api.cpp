// The public API: catches every exception at this boundary and hands back Results.
#include "ballpark/api.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <new>
#include <unordered_map>
#include <utility>
#include <vector>

#include "api/recipe.hpp"
#include "api/tornado_from.hpp"
#include "ballpark/text.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text_cache.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "eval/mode_dispatch.hpp"
#include "language/parser.hpp"
#include "eval/prelude.hpp"
#include "eval/single_use.hpp"
#include "values/quantity_conversion.hpp"
#include "units/cycles_and_angles.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

template <ValueType V>
Value<V> evaluate_tree(typename V::Context& context, std::string_view text, std::span<const NamedValue<V>> bindings) {
    const auto tree = cached_statement(text);
    if (tree->statement.kind != Statement::Kind::expression) {
        fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(text) +
             " defines a name; assignments and functions belong in notebooks.");
    }
    Evaluator<V> evaluator(context, nullptr, bindings);
    return evaluator.run(*tree);
}

// A text evaluated without bindings depends on nothing but itself (the unit tables are immutable), so for a value
// type whose values refer to no context (plain intervals) its value is kept per thread like its syntax tree: a filled column that repeats the same one-liner,
// or "35% to 55%" as a binding, evaluates it once. Errors are not kept. Returned by value: a full cache starts
// over. Other value types are not cached: a range evaluated twice must be two independent inputs there, and a
// cached value would make two bindings with the same text one variable.
template <ValueType V>
Value<V> evaluate_closed_text(typename V::Context& context, std::string_view text) {
    if constexpr (shareable_values<V>) {
        static PerThread<TextCache<Value<V>>> caches;
        return caches.get().get(text, [&] { return evaluate_tree<V>(context, text, {}); });
    } else {
        return evaluate_tree<V>(context, text, {});
    }
}

// What a number that is not finite is, for sentences that refuse one.
std::string non_finite(double number) {
    return std::isnan(number) ? "not a number (NaN)" : number > 0 ? "infinity" : "minus infinity";
}

// A number handed in from a cell or the command line: a NaN or infinity would pass through the arithmetic and
// come out as a number that means nothing.
void check_finite(std::string_view name, double number) {
    if (!std::isfinite(number)) {
        fail(ErrorKind::domain, "The value of " + in_quotes(name) + " must be a finite number, but it is " +
             non_finite(number) + ".");
    }
}

// The units a text declared for itself ("unit token; …"), which the values bound to its names may use too; null
// for every other text, whose bindings go through the per-thread caches.
thread_local const UnitRegistry* declared_units = nullptr;

// One end of a binding as it is read: its input, the expectation it is checked against, and, when the ends are
// the cells of a range, which cell it is (1-based, of `cells`).
struct End {
    const Input& input;
    const Expectation* expected;
    std::size_t cell = 0;
    std::size_t cells = 0;
};

std::string_view label_of(const Binding& b, const Expectation* expected) {
    return expected && !expected->name.empty() ? expected->name : b.name;
}

// The value as a sentence quotes it: a number as written, a text in quotes, a result as it prints.
std::string shown(const Input& input) {
    if (const double* number = std::get_if<double>(&input)) return plain_text(*number);
    if (const auto* text = std::get_if<std::string_view>(&input)) return in_quotes(*text);
    if (const auto* quantity = std::get_if<const Quantity*>(&input)) return format(**quantity);
    const auto result = evaluate(*std::get<const Recipe*>(input));
    return result ? in_quotes(format(*result)) : std::string("an earlier result");
}

// A plain binding's value as the user gave it, without quotes: "1.8 to 2.2" for two cells, the text for a text.
std::string as_given(const Binding& b) {
    const auto one = [](const Input& input) {
        if (const auto* text = std::get_if<std::string_view>(&input)) return std::string(*text);
        return shown(input);
    };
    std::string out = one(b.value);
    if (b.central) out += ", " + one(*b.central);
    if (b.high) out += (b.central ? ", " : " to ") + one(*b.high);
    return out;
}

// An evaluation that reads recipes (linked.hpp) keeps, while it runs, the value of each recipe it has read and of
// each plain input by its content, so that what several results share is one input here. Opened by the
// evaluation that is handed the recipes; the recipes read inside it use the same one.
template <ValueType V>
struct LinkMemo {
    std::unordered_map<const Recipe*, Value<V>> results;
    std::unordered_map<std::string, Value<V>> inputs;  // by append_content of the binding
};

struct LinkScope {
    Mode mode;  // the mode the evaluation is in: a recipe of another is refused
    const void* memo_type;
    void* memo;  // a LinkMemo<V> of the value type that memo_type names
};

thread_local LinkScope* link_scope = nullptr;

// Set while a term of a sum reads a result that an earlier term of the same sum read too: two distinct cells of a
// QTYSUM range whose formulas and inputs are equal. The result is then read as an instance of its own (its
// expression evaluated again, so the ranges written in it are new unknowns), while what it reads by name (a plain
// input by its name and content, an earlier result) stays shared as everywhere else. Only the recipe the term reads
// directly is such an instance: recipe_value clears the flag before it reads anything.
thread_local bool read_as_own_instance = false;

class OwnInstance {
public:
    explicit OwnInstance(bool own) noexcept : previous_(std::exchange(read_as_own_instance, own)) {}
    ~OwnInstance() { read_as_own_instance = previous_; }
    OwnInstance(const OwnInstance&) = delete;
    OwnInstance& operator=(const OwnInstance&) = delete;

private:
    bool previous_;
};

// The result a binding's end reads, if it is one.
const Recipe* recipe_in(const Input& input) {
    const auto* recipe = std::get_if<const Recipe*>(&input);
    return recipe ? *recipe : nullptr;
}

template <ValueType V>
const void* memo_type_of() {
    static const char tag = 0;
    return &tag;
}

template <ValueType V>
LinkMemo<V>* active_memo() {
    if (!link_scope || link_scope->memo_type != memo_type_of<V>()) return nullptr;
    return static_cast<LinkMemo<V>*>(link_scope->memo);
}

template <ValueType V>
class Linking {
public:
    explicit Linking(Mode mode) : scope_{mode, memo_type_of<V>(), &memo_}, previous_(link_scope) { link_scope = &scope_; }
    ~Linking() { link_scope = previous_; }
    Linking(const Linking&) = delete;
    Linking& operator=(const Linking&) = delete;

private:
    LinkMemo<V> memo_;
    LinkScope scope_;
    LinkScope* previous_;
};

template <ValueType V>
Value<V> recipe_value(typename V::Context& context, const Recipe& recipe, std::string_view name);

// "Cell 2 of 3 of the range for "u" ("1 to 2")": where a sentence about one cell of a range begins.
std::string cell_place(const Binding& b, const End& end) {
    return "Cell " + std::to_string(end.cell) + " of " + std::to_string(end.cells) + " of the range for " +
           in_quotes(label_of(b, end.expected)) + " (" + shown(end.input) + ")";
}

// Whether low and high differ by more than rounding, as Quantity::is_range decides.
template <ValueType V>
bool is_range(const V& number) {
    Quantity q;
    q.low = number.low();
    q.high = number.high();
    return q.is_range();
}

// An error about the value bound to `b`, which the message names.
[[noreturn]] void fail_input(const Binding& b, ErrorKind kind, std::string message, std::string hint = {}) {
    Error error{std::move(message), 0, std::move(hint), kind};
    error.input = std::string(b.name);
    fail(std::move(error));
}

// The checks of an Expectation, on the value as this mode reads it.
template <ValueType V>
void check_expected(const Binding& b, const End& end, const Value<V>& value) {
    const Expectation& e = *end.expected;
    // The name as a string only in a sentence: every checked input passes here (callgrind: copying it for each
    // was 2.5% of GPUHOURS with numbers).
    const std::string_view name = label_of(b, &e);
    if (e.dimension && value.dimension != *e.dimension) {
        fail_input(b, ErrorKind::dimension, std::string(name) + " should be " + std::string(e.wanted) + ", but " + shown(end.input) + " is of dimension " +
                 dimension_name(value.dimension) + ".",
             e.dimension_hint ? e.dimension_hint(value.dimension) : std::string{});
    }
    if (e.sign == Expectation::Sign::any) return;
    const double low = value.number.low();
    const double high = value.number.high();
    if (e.sign == Expectation::Sign::positive) {
        if (low > 0) return;
        const std::string found = shown(end.input);
        fail_input(b, ErrorKind::domain, std::string(name) + " should be " + std::string(e.wanted) + ", above zero, but it is " + found + ".",
             found == "0" ? std::string(e.zero_hint) : std::string{});
    }
    // A distribution's percentiles are computed, not typed: "0.5 to 1" may give a 95th percentile a rounding above 1.
    constexpr double slack = DistributionType<V> ? 1e-12 : 0;
    if (low > 0 && high <= 1 + slack) return;
    fail_input(b, ErrorKind::domain, std::string(name) + " should be " + std::string(e.wanted) + ", above 0 and at most 1, but it is " + shown(end.input) + ".",
         high > 1 ? std::string(e.above_one_hint) : std::string{});
}

// A computed quantity as an input: a single number, or a new input from its low to its high end.
template <ValueType V>
Value<V> from_quantity(typename V::Context& context, const Quantity& q) {
    // A temperature on a scale with an offset stays one (eval/temperature.hpp), so that it is not added to another.
    const auto unit = is_offset_scale(q.unit.get()) ? q.unit : nullptr;
    if (!q.is_range()) return Value<V>{V::point(q.central), q.dimension, unit, q.temperature_difference};
    return Value<V>{V::between3(context, V::point(q.low), V::point(q.central), V::point(q.high), 0), q.dimension, unit,
                    q.temperature_difference};
}

template <ValueType V>
Value<V> read_input(typename V::Context& context, const Binding& b, const End& end) {
    const Input& input = end.input;
    Value<V> value;
    if (const double* number = std::get_if<double>(&input)) {
        check_finite(b.name, *number);
        value = Value<V>{V::point(*number), {}, nullptr};
    } else if (const auto* quantity = std::get_if<const Quantity*>(&input)) {
        value = from_quantity<V>(context, **quantity);
    } else if (const auto* recipe = std::get_if<const Recipe*>(&input)) {
        value = recipe_value<V>(context, **recipe, b.name);
    } else {
        const std::string_view text = std::get<std::string_view>(input);
        try {
            if (declared_units) {
                // Parsed with the text's own units and not cached: the caches hold built-in readings only.
                const auto tree = parse_statement(text, *declared_units);
                if (tree->statement.kind != Statement::Kind::expression) fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(text) + " defines a name.");
                Evaluator<V> evaluator(context, nullptr, {});
                value = evaluator.run(*tree);
            } else {
                value = evaluate_closed_text<V>(context, text);
            }
        } catch (const ErrorException& e) {
            Error error = e.error();
            if (end.cell) {
                error.message = cell_place(b, end) + ": " + error.message;
            } else if (end.expected) {
                error.message = std::string(label_of(b, end.expected)) + " (" + in_quotes(text) + "): " + error.message;
            } else {
                error.message = "The value of " + in_quotes(b.name) + " (" + in_quotes(text) + ") could not be read: " + error.message;
            }
            error.column = 0;
            error.input = std::string(b.name);
            throw ErrorException(std::move(error));
        }
    }
    // A plain number where a unit is expected is in that unit, as a number typed into a cell would be.
    if (!b.unit.empty() && value.dimension.is_dimensionless()) {
        const auto in_unit_of = [&](double factor, const Dimension& dimension, double offset) {
            if (offset == 0) return Value<V>{V::multiply(context, value.number, V::point(factor)), dimension, nullptr};
            // A number on a temperature scale (20 in "degC") is the temperature (20 + 273.15) K.
            const V kelvin = V::multiply(context, V::add(context, value.number, V::point(offset)), V::point(factor));
            if (below_absolute_zero(kelvin.low())) {
                fail_below_absolute_zero("The temperature " + shown(end.input) + " " + std::string(b.unit) + " of " + in_quotes(b.name), 0);
            }
            return Value<V>{kelvin, dimension, cached_unit(b.unit)};
        };
        if (declared_units) {
            const UnitValue unit = parse_unit(b.unit, *declared_units);
            value = in_unit_of(unit.factor, unit.dimension, unit.offset);
        } else {
            const DisplayUnit& unit = *cached_unit(b.unit);
            value = in_unit_of(unit.factor, unit.dimension, unit.offset);
        }
    }
    if (end.cell && is_range(value.number)) {
        fail(ErrorKind::argument, cell_place(b, end) + " is itself a range, but each cell of a range holds one end.", 0,
             "Write the low end in one cell and the high end in the next.");
    }
    if (end.expected) check_expected(b, end, value);
    return value;
}

// Gives `a` what either of two values of one dimension counted (cycles_and_angles.hpp), where they differ in it;
// `what` and `where()` word the refusal of cycles beside an angle, built only then.
template <class Where>
void count_both(Dimension& a, const Dimension& b, const char* what, Where where) {
    if (a.identical(b)) [[likely]] return;
    if (const auto both = counts_of_both(a, b)) {
        a = *both;
        return;
    }
    fail_cycles_beside_angles(what, where(), 0);
}

// One binding's value: its input, or the range between its ends.
template <ValueType V>
Value<V> read_binding(typename V::Context& context, const Binding& b) {
    const std::size_t cells = !b.ends_are_cells ? 0 : b.central ? 3 : 2;
    const auto cell = [&](std::size_t k) { return cells ? k : std::size_t{0}; };
    Value<V> value = read_input<V>(context, b, End{b.value, b.expected, cell(1), cells});
    if (!b.high) return value;
    Value<V> high = read_input<V>(context, b, End{*b.high, b.high_expected ? b.high_expected : b.expected, cell(cells), cells});
    if (high.dimension != value.dimension) {
        fail(ErrorKind::dimension, "The two ends of " + in_quotes(b.name) + " differ in dimension: " + describe_dimension(value.dimension) +
             " and " + describe_dimension(high.dimension) + ".");
    }
    count_both(value.dimension, high.dimension, "Cannot make a range of", [&] { return " in the ends of " + in_quotes(b.name); });
    if (b.central) {
        Value<V> central = read_input<V>(context, b, End{*b.central, b.expected, cell(2), cells});
        if (central.dimension != value.dimension) {
            fail(ErrorKind::dimension, "The central value of " + in_quotes(b.name) + " is " + describe_dimension(central.dimension) +
                 ", but its ends are " + describe_dimension(value.dimension) + ".");
        }
        count_both(value.dimension, central.dimension, "Cannot make a range of",
                   [&] { return " in the values of " + in_quotes(b.name); });
        return Value<V>{V::between3(context, value.number, central.number, high.number, 0), value.dimension, nullptr};
    }
    return Value<V>{V::between(context, value.number, high.number, 0), value.dimension, nullptr};
}

template <ValueType V>
[[gnu::always_inline]] inline Value<V> read_one(typename V::Context& context, const Binding& b) {
    // Most bindings are one value: read it without the range's bookkeeping, and without a call of its own (GCC
    // kept one, 4% of QTYVALUE with bindings in callgrind).
    return b.high ? read_binding<V>(context, b) : read_input<V>(context, b, End{b.value, b.expected});
}

// Two names given equal results (the same recipe: equal formulas with equal inputs). Calc hands the add-in the texts
// of cells, not the cells, so one cell given twice and two cells that are alike look the same here, and they mean
// different things: a - b is exactly 0 for one cell and a range for two. Refused rather than guessed.
void refuse_one_result_twice(std::span<const Binding> earlier, const Binding& b) {
    const auto ends = [](const Binding& x) {
        return std::array{recipe_in(x.value), x.central ? recipe_in(*x.central) : nullptr, x.high ? recipe_in(*x.high) : nullptr};
    };
    for (const Recipe* recipe : ends(b)) {
        if (!recipe) continue;
        for (const Binding& e : earlier) {
            const auto other = ends(e);
            if (std::ranges::find(other, recipe) == other.end()) continue;
            fail(ErrorKind::ambiguous, in_quotes(e.name) + " and " + in_quotes(b.name) + " are given equal Ballpark results (the same formula "
                     "with the same inputs), and the add-in cannot tell one cell given twice from two cells that are "
                     "alike: " + in_quotes(e.name) + " - " + in_quotes(b.name) + " would be 0 for one cell and a range "
                     "for two.",
                 0, "If they are one quantity, give it once and write its name twice in the expression; if they are "
                    "two independent ones, make their formulas differ (each its own name for its unknown), or total "
                    "them with QTYSUM over their cells, which reads distinct cells as distinct results.");
        }
    }
}

template <ValueType V>
std::vector<NamedValue<V>> read_bindings(typename V::Context& context, std::span<const Binding> bindings) {
    std::vector<NamedValue<V>> values;
    values.reserve(bindings.size());
    LinkMemo<V>* memo = active_memo<V>();
    for (std::size_t k = 0; k < bindings.size(); ++k) {
        const Binding& b = bindings[k];
        for (const NamedValue<V>& earlier : values) {
            if (earlier.name == b.name) fail(ErrorKind::name_taken, "The name " + in_quotes(b.name) + " is given two values; give each name once.");
        }
        if (memo) refuse_one_result_twice(bindings.first(k), b);
        if (!memo || reads_recipes(std::span(&b, 1))) {
            values.push_back({b.name, read_one<V>(context, b)});
            continue;
        }
        // Where results are read, a plain input is one input per name and content: the "u" that every run of a
        // plan was given is the same unknown in their total.
        std::string content;
        append_content(content, b);
        auto found = memo->inputs.find(content);
        if (found == memo->inputs.end()) {
            if constexpr (std::is_same_v<V, Sensitivity>) {
                // A tornado through results names each bar by the name its input was given, in whichever result.
                const std::size_t before = context.inputs.size();
                found = memo->inputs.emplace(std::move(content), read_one<V>(context, b)).first;
                if (context.inputs.size() == before + 1) {
                    context.inputs.back().label = std::string(b.name);
                    context.inputs.back().given = as_given(b);
                }
            } else {
                found = memo->inputs.emplace(std::move(content), read_one<V>(context, b)).first;
            }
        }
        values.push_back({b.name, found->second});
    }
    return values;
}

// The pairwise sum of the terms' values, which must share a dimension.
template <ValueType V>
Value<V> sum_of(typename V::Context& context, std::span<const Binding> terms) {
    std::vector<Value<V>> values;
    values.reserve(terms.size());
    std::vector<const Recipe*> read;  // the results the terms read so far
    for (const Binding& term : terms) {
        const Recipe* recipe = term.high ? nullptr : recipe_in(term.value);
        const bool again = recipe && std::ranges::find(read, recipe) != read.end();
        if (recipe) read.push_back(recipe);
        const OwnInstance own(again);
        values.push_back(read_binding<V>(context, term));
        const Dimension& first = values.front().dimension;
        if (values.back().dimension != first) {
            const Expectation* e = term.expected;
            fail(ErrorKind::dimension, std::string(label_of(term, e)) + " is of dimension " + dimension_name(values.back().dimension) +
                     ", but " + std::string(label_of(terms.front(), terms.front().expected)) + " is of dimension " +
                     dimension_name(first) + ": a total adds like quantities.",
                 0, e && e->dimension_hint ? e->dimension_hint(values.back().dimension) : std::string{});
        }
        count_both(values.front().dimension, values.back().dimension, "Cannot add", [&] {
            return " in a total (" + in_quotes(label_of(terms.front(), terms.front().expected)) + " and " +
                   in_quotes(label_of(term, term.expected)) + ")";
        });
    }
    // Temperatures add as in an expression: at most one on a scale with an offset, moved by differences.
    const Value<V>* point = nullptr;
    bool difference = false;
    for (std::size_t k = 0; k < values.size(); ++k) {
        difference = difference || values[k].difference;
        if (!is_temperature_point(values[k])) continue;
        if (point) {
            fail_temperature(std::string(label_of(terms[k], terms[k].expected)) + " and " +
                                 std::string(label_of(terms[static_cast<std::size_t>(point - values.data())],
                                                      terms[static_cast<std::size_t>(point - values.data())].expected)) +
                                 " are both temperatures on a scale with an offset, and their sum depends on where the "
                                 "scale puts its zero.",
                             0, "Add differences in K or degR to one temperature, or kelvin values (t as K).");
        }
        point = &values[k];
    }
    const std::shared_ptr<const DisplayUnit> point_unit = point ? point->unit : nullptr;
    // Pairwise, so that rounding grows with the logarithm of the count and no form grows long.
    for (std::size_t width = 1; width < values.size(); width *= 2) {
        for (std::size_t i = 0; i + width < values.size(); i += 2 * width) {
            values[i].number = V::add(context, values[i].number, values[i + width].number);
        }
    }
    if (!values.front().number.is_finite()) fail(ErrorKind::overflow, "The sum is beyond double precision (larger than about 1.8 × 10^308).");
    if (point_unit) values.front().unit = point_unit;  // the one temperature's scale; else the first term's unit
    values.front().difference = difference && !point_unit;
    // "20 degC" and "-300 K" total -280 degC, which no temperature is (issue 32).
    if (point_unit && below_absolute_zero(values.front().number.low())) {
        fail_below_absolute_zero("The total of the temperature " + std::string(label_of(terms[static_cast<std::size_t>(point - values.data())],
                                                                                      terms[static_cast<std::size_t>(point - values.data())].expected)) +
                                     " and the differences beside it",
                                 0);
    }
    return values.front();
}

[[noreturn]] void fail_mixed(const Recipe& recipe, std::string_view name, std::optional<Mode> reading) {
    Error error{in_quotes(name) + " is a result computed in the " + std::string(mode_name(recipe.mode)) +
                    " mode, but it is read in the " + std::string(mode_name(reading.value_or(Mode{}))) +
                    " mode: a result is read only in the mode it was computed in.",
                0, {}};
    error.kind = ErrorKind::mixed_readings;
    error.mode = recipe.mode;
    error.argument = std::string(name);
    fail(std::move(error));
}

template <ValueType V>
Value<V> recipe_value(typename V::Context& context, const Recipe& recipe, std::string_view name) {
    const bool own_instance = std::exchange(read_as_own_instance, false);
    LinkMemo<V>* memo = active_memo<V>();
    if (!memo) {
        // An evaluation that keeps no memo (a tornado moves one input at a time) reads the result as its three
        // numbers, a new input, as a printed result would be read, but at full precision.
        constexpr Reading reads = DistributionType<V> ? Reading::percentiles : Reading::bounds;
        if (mode_info(recipe.mode).results != reads) fail_mixed(recipe, name, first_mode_with(reads));
        const auto q = evaluate(recipe);
        if (!q) fail(q.error());
        return from_quantity<V>(context, *q);
    }
    if (recipe.mode != link_scope->mode) fail_mixed(recipe, name, link_scope->mode);
    if (!own_instance) {
        if (const auto found = memo->results.find(&recipe); found != memo->results.end()) return found->second;
    }
    if constexpr (std::is_same_v<V, Interval>) {
        if (auto kept = recipe.interval_value()) return *kept;
    }
    Value<V> value;
    if (recipe.kind == Recipe::Kind::sum) {
        value = sum_of<V>(context, recipe.bindings);
    } else {
        const auto tree = cached_statement(recipe.expression);
        const auto values = read_bindings<V>(context, recipe.bindings);
        Evaluator<V> evaluator(context, nullptr, values);
        value = evaluator.run(*tree);
    }
    if (own_instance) return value;
    memo->results.emplace(&recipe, value);
    if constexpr (std::is_same_v<V, Interval>) recipe.keep_interval_value(value);
    return value;
}

// In a tiny unit a huge value leaves double precision, and the text would say "inf".
void check_expressible(const Quantity& q, const DisplayUnit& unit) {
    check_expressible_in(std::max(std::abs(q.low), std::abs(q.high)), unit);
}

void check_dimension(const Quantity& q, const DisplayUnit& unit) {
    if (q.dimension != unit.dimension) {
        fail(ErrorKind::dimension, "Cannot express " + describe_dimension(q.dimension) + " in " + in_quotes(unit.label) + ", which is " +
                 describe_dimension(unit.dimension) + ".",
             0, conversion_hint(q.dimension, unit.dimension));
    }
    if (turns_cycles_into_angles(q.dimension, unit.dimension))
        fail_cycles_into_angles(q.dimension, "Showing the value in " + in_quotes(unit.label), 0);
    if (q.temperature_difference && is_offset_scale(&unit)) {
        Error error{"The value is a difference of temperatures, which " + in_quotes(unit.label) +
                        " would show as a temperature (5 K in degC would read -268.15).",
                    0, "Show a difference in K (Celsius-sized degrees) or degR (Fahrenheit-sized)."};
        error.kind = ErrorKind::temperature;
        fail(std::move(error));
    }
    // A value in kelvin shown on a scale with an offset is a temperature, which cannot be below absolute zero.
    if (is_offset_scale(&unit) && below_absolute_zero(q.low)) {
        Quantity kelvin = q;
        kelvin.unit = nullptr;
        fail_below_absolute_zero("The value " + format(kelvin) + ", shown in " + in_quotes(unit.label) + " as a temperature,", 0);
    }
}

}  // namespace

Result<Mode> parse_mode(std::string_view text) noexcept {
    const auto is_word_of = [&](std::string_view words) {
        while (!words.empty()) {
            const std::size_t space = words.find(' ');
            if (words.substr(0, space) == text) return true;
            words = space == std::string_view::npos ? std::string_view{} : words.substr(space + 1);
        }
        return false;
    };
    for (const ModeInfo& row : mode_table) {
        if (row.name == text || (!text.empty() && is_word_of(row.aliases))) return row.mode;
    }
    // The names in alphabetical order, the readings in the table's.
    std::vector<std::string_view> sorted;
    std::string readings;
    for (const ModeInfo& row : mode_table) {
        sorted.push_back(row.name);
        readings += (readings.empty() ? "" : "; ") + std::string(row.name) + " reads ranges as " + std::string(row.reading);
    }
    std::ranges::sort(sorted);
    std::string names;
    for (std::size_t k = 0; k < sorted.size(); ++k) {
        names += (k == 0 ? "" : k + 1 == sorted.size() ? " or " : ", ") + in_quotes(sorted[k]);
    }
    return std::unexpected(Error{"Expected a mode of " + names + ", but found " + in_quotes(text) + ".", 0, readings + ".", ErrorKind::argument});
}

std::string_view mode_name(Mode mode) noexcept { return mode_info(mode).name; }

Mode distribution_mode() noexcept {
    static_assert(DistributionType<ValueTypeOf<first_distribution_mode()>::type>,
                  "percentiles need a mode whose value type is a distribution");
    return first_distribution_mode();
}

namespace {

// A mode's inputs-once column (ballpark/mode.hpp): the bounds mode's dependency-aware forms only change a result
// where an input is used more than once; elsewhere plain intervals give the same guaranteed bounds faster
// (single_use.hpp).
template <class Inputs>
Mode effective_mode(Mode mode, const SyntaxTree& tree, const Inputs& inputs) {
    const Mode once = mode_info(mode).inputs_once;
    if (once != mode && uses_each_input_once(tree, std::span(inputs))) return once;
    return mode;
}

Quantity evaluate_tree_with(const SyntaxTree& tree, std::string_view expression, std::span<const Binding> bindings,
                            Mode mode) {
    if (tree.statement.kind != Statement::Kind::expression) {
        fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(expression) +
             " defines a name; assignments and functions belong in notebooks.");
    }
    if (reads_recipes(bindings)) {
        // Results may share inputs with each other and with the bindings: plain intervals only where every input
        // of the whole tree is read once.
        const Mode fast = mode_info(mode).inputs_once;
        const bool once = fast != mode && uses_each_input_once(tree, bindings) && reads_each_input_once(bindings);
        return with_value_type(once ? fast : mode, [&]<ValueType V>() {
            typename V::Context context;
            const Linking<V> linking(mode);
            const auto values = read_bindings<V>(context, bindings);
            Evaluator<V> evaluator(context, nullptr, values);
            return to_quantity(evaluator.run(tree));
        });
    }
    return with_value_type(effective_mode(mode, tree, bindings), [&]<ValueType V>() {
        typename V::Context context;
        const auto values = read_bindings<V>(context, bindings);
        Evaluator<V> evaluator(context, nullptr, values);
        return to_quantity(evaluator.run(tree));
    });
}

Quantity evaluate_uncached(std::string_view expression, std::span<const Binding> bindings, Mode mode) {
    return evaluate_tree_with(*cached_statement(expression), expression, bindings, mode);
}

bool declares_units(std::string_view text) { return UnitRegistry::declaration_in(text).has_value(); }

// The statements of a text, split at each ";" outside brackets (inside them ";" separates arguments, as in Calc).
std::vector<std::string_view> split_statements(std::string_view text) {
    std::vector<std::string_view> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (c == ';' && depth == 0) {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    parts.push_back(text.substr(start));
    return parts;
}

// Runs `body`, moving the column of an error in a part of the text to a column of the whole text.
template <typename Body>
auto at_offset(std::size_t offset, Body&& body) {
    try {
        return body();
    } catch (const ErrorException& e) {
        Error error = e.error();
        if (error.column > 0) error.column += static_cast<int>(offset);
        throw ErrorException(std::move(error));
    }
}

// A text that declares its own units first. Its units live in a layer made for this one evaluation, which no
// per-thread parse cache ever sees; evaluate() keeps the result under the whole text, declarations included.
Quantity evaluate_declaring(std::string_view text, std::span<const Binding> bindings, Mode mode, std::string_view unit = {}) {
    const auto units = UnitRegistry::layer_over(UnitRegistry::instance());
    const ActiveUnits active(units.get());
    // The bindings may use the declared units; restored on the way out, errors included.
    struct Declared {
        const UnitRegistry* previous = declared_units;
        explicit Declared(const UnitRegistry* layer) { declared_units = layer; }
        ~Declared() { declared_units = previous; }
    } declared(units.get());
    const std::vector<std::string_view> parts = split_statements(text);
    for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
        const std::size_t offset = static_cast<std::size_t>(parts[k].data() - text.data());
        if (!declares_units(parts[k])) {
            fail(ErrorKind::syntax, "Every statement before the last \";\" must declare a unit (\"unit token\"), but " + in_quotes(parts[k]) +
                     " at column " + std::to_string(offset + 1) + " does not.",
                 static_cast<int>(offset) + 1);
        }
        const std::string_view declaration = *UnitRegistry::declaration_in(parts[k]);
        units->declare(declaration, static_cast<int>(offset + static_cast<std::size_t>(declaration.data() - parts[k].data())) + 1);
    }
    const std::string_view last = parts.back();
    const std::size_t offset = static_cast<std::size_t>(last.data() - text.data());
    if (parts.size() == 1 || last.find_first_not_of(" \t") == std::string_view::npos) {
        fail(ErrorKind::syntax, "The text declares units but has no expression after them; end it with one, as in \"unit token; 50 token/s "
             "* 1 hour\".", static_cast<int>(text.size()));
    }
    const auto tree = at_offset(offset, [&] { return parse_statement(last, *units); });
    Quantity q = at_offset(offset, [&] { return evaluate_tree_with(*tree, last, bindings, mode); });
    if (!unit.empty()) {
        // Read with the declared units, which no cache outside this evaluation knows.
        const UnitValue size = parse_unit(unit, *units);
        DisplayUnit target{std::string(unit), size.factor, size.dimension, size.offset};
        check_dimension(q, target);
        check_expressible(q, target);
        q.unit = std::make_shared<const DisplayUnit>(std::move(target));
    } else if (!q.unit && UnitRegistry::has_user_dimension(q.dimension)) {
        // The formatter knows only the built-in table: the result carries the declared names in its unit.
        q.unit = std::make_shared<const DisplayUnit>(DisplayUnit{units->base_units_text(q.dimension, false), 1.0, q.dimension});
    }
    return q;
}

}  // namespace

Result<Quantity> evaluate(std::string_view expression, std::span<const Binding> bindings,
                          const EvaluationOptions& options) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        if (!bindings.empty()) {
            if (declares_units(expression)) return evaluate_declaring(expression, bindings, options.mode);
            return evaluate_uncached(expression, bindings, options.mode);
        }
        // A text without bindings depends on nothing but itself and the mode (the tables are immutable, and the
        // sampler's points are fixed), so its result is kept per thread and mode: a column that repeats the same
        // one-liner evaluates it once. A Quantity refers to no input, so sharing it cannot join two inputs. A text
        // that declares units is kept under its whole text, declarations included, so the same text always means
        // the same units and no other text sees them.
        static PerThread<std::array<TextCache<Quantity>, mode_count>> caches;
        return caches.get()[static_cast<std::size_t>(options.mode)].get(expression, [&] {
            if (declares_units(expression)) return evaluate_declaring(expression, {}, options.mode);
            return evaluate_uncached(expression, {}, options.mode);
        });
    });
}

Result<Quantity> evaluate_in(std::string_view expression, std::span<const Binding> bindings, std::string_view unit,
                             const EvaluationOptions& options) noexcept {
    if (unit.empty()) return evaluate(expression, bindings, options);
    return capture_errors([&]() -> Result<Quantity> {
        if (declares_units(expression)) return evaluate_declaring(expression, bindings, options.mode, unit);
        Result<Quantity> q = evaluate(expression, bindings, options);
        if (!q) return q;
        return express_in(*q, unit);
    });
}

Result<Quantity> evaluate_function(std::string_view name, std::span<const Binding> arguments,
                                   const EvaluationOptions& options) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        const SyntaxTree* body = find_prelude_function(name);
        if (!body) fail(ErrorKind::unknown_name, "There is no planning function called " + in_quotes(name) + ".");
        const bool linked = reads_recipes(arguments);
        Mode mode = effective_mode(options.mode, *body, body->statement.parameters);
        if (linked && !reads_each_input_once(arguments)) mode = options.mode;
        return with_value_type(mode, [&]<ValueType V>() {
            typename V::Context context;
            std::optional<Linking<V>> linking;
            if (linked) linking.emplace(options.mode);
            const auto values = read_bindings<V>(context, arguments);
            std::vector<Value<V>> ordered;
            for (std::string_view parameter : body->statement.parameters) {
                const NamedValue<V>* found = nullptr;
                for (const auto& v : values)
                    if (v.name == parameter) found = &v;
                if (!found) fail(ErrorKind::argument, in_quotes(name) + " needs a value for " + in_quotes(parameter) + ".");
                ordered.push_back(found->value);
            }
            Evaluator<V> evaluator(context, nullptr, {});
            return to_quantity(evaluator.call_function(*body, ordered));
        });
    });
}

Result<Quantity> sum(std::span<const Binding> terms, const EvaluationOptions& options) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        if (terms.empty()) fail(ErrorKind::argument, "A sum needs at least one term.");
        // Each term is used once, so the mode's inputs-once mode gives its answer (plain intervals the bounds mode's,
        // single_use.hpp), unless the terms are results that share inputs.
        const bool linked = reads_recipes(terms);
        const bool once = !linked || reads_each_input_once(terms);
        const Mode mode = once ? mode_info(options.mode).inputs_once : options.mode;
        return with_value_type(mode, [&]<ValueType V>() {
            typename V::Context context;
            std::optional<Linking<V>> linking;
            if (linked) linking.emplace(options.mode);
            return to_quantity(sum_of<V>(context, terms));
        });
    });
}

Result<Quantity> evaluate(const Recipe& recipe) noexcept {
    const Binding value{"value", &recipe};
    EvaluationOptions options;
    options.mode = recipe.mode;
    return evaluate_in("value", std::span(&value, 1), recipe.unit, options);
}

Result<double> convert(double value, std::string_view from_unit, std::string_view to_unit) noexcept {
    return capture_errors([&]() -> Result<double> {
        // Copy what is needed of the first unit before looking up the second: that lookup may make the per-thread
        // cache start over, which frees the first (tests/unit/api_test.cpp, ConvertsCorrectlyWhenTheUnitCacheStartsOver…).
        // A cached unit's label is its text, so the messages use the texts.
        UnitCache& units = unit_cache();
        const DisplayUnit& first = *cached_unit(units, from_unit);
        const double from_factor = first.factor;
        const double from_offset = first.offset;
        const Dimension from_dimension = first.dimension;
        const DisplayUnit& to = *cached_unit(units, to_unit);
        if (from_dimension != to.dimension) {
            fail(ErrorKind::dimension, "Cannot convert \"" + std::string(from_unit) + "\" (" + describe_dimension(from_dimension) + ") to \"" +
                     std::string(to_unit) + "\" (" + describe_dimension(to.dimension) + ").",
                 0, conversion_hint(from_dimension, to.dimension));
        }
        if (turns_cycles_into_angles(from_dimension, to.dimension)) {
            fail_cycles_into_angles(from_dimension,
                                    "Converting " + in_quotes(from_unit) + " to " + in_quotes(to_unit), 0);
        }
        // Checked after the units, so a bad unit is reported whatever the value; NaN would otherwise be called too large.
        if (!std::isfinite(value)) {
            fail(ErrorKind::domain, std::string("The value to convert must be a finite number, but it is ") +
                 non_finite(value) + ".");
        }
        // The ratio of the unit sizes first: value * from / to can underflow in between although the result fits
        // (1e-200 in "1e-200 m" to "1e-300 m" would give 0).
        const double ratio = from_factor / to.factor;
        // A temperature scale's offset (20 degC is 293.15 K is 68 degF); kelvin converts as a temperature.
        const double result = from_offset != 0 || to.offset != 0 ? (value + from_offset) * ratio - to.offset
                              : std::isnormal(ratio)            ? value * ratio
                                                                : value * from_factor / to.factor;
        if (!std::isfinite(result)) fail(ErrorKind::overflow, "The converted value is beyond double precision.");
        // Across a scale with an offset the value is a temperature, which has none below zero kelvin ("-500 degF" to
        // "K" gave -22.4). Between K and degR alone it may be a difference, which may be negative.
        if ((from_offset != 0 || to.offset != 0) && below_absolute_zero((value + from_offset) * from_factor)) {
            fail_below_absolute_zero("The temperature " + plain_text(value) + " " + std::string(from_unit), 0);
        }
        return result;
    });
}

Result<Quantity> unit_quantity(std::string_view unit) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        // A scale with an offset ("degC") has points, not a size: 1 degC is not one of some amount.
        if (u->offset != 0) {
            fail_temperature(in_quotes(unit) + " is a temperature scale with an offset, which has no size of its own.", 0,
                             "For the size of one degree, write K (Celsius-sized) or degR (Fahrenheit-sized).");
        }
        Quantity q;
        q.low = q.central = q.high = u->factor;
        q.dimension = u->dimension;
        q.unit = u;
        return q;
    });
}

Result<Quantity> express_in(const Quantity& quantity, std::string_view unit) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        check_dimension(quantity, *u);
        check_expressible(quantity, *u);
        Quantity out = quantity;
        out.unit = u;
        return out;
    });
}

Result<double> value_in(const Quantity& quantity, std::string_view unit, Part part) noexcept {
    Pick pick;
    pick.kind = part == Part::low ? Pick::Kind::low : part == Part::high ? Pick::Kind::high : Pick::Kind::central;
    return value_in(quantity, unit, pick);
}

Result<Pick> parse_pick(std::string_view text) noexcept {
    // Compared without case in place, and the error's sentence made only for an error: QTYVALUE reads its part on
    // every call.
    const auto is = [&](std::string_view word) {
        return text.size() == word.size() && std::ranges::equal(text, word, [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) == b;
               });
    };
    if (text.empty() || is("central")) return Pick{};
    if (is("low")) return Pick{Pick::Kind::low, 0};
    if (is("high")) return Pick{Pick::Kind::high, 0};
    if (is("median")) return Pick{Pick::Kind::percentile, 50};
    if (is("mean")) return Pick{Pick::Kind::mean, 0};
    std::string_view hint;
    if (text.size() > 1 && (text[0] == 'p' || text[0] == 'P')) {
        double percent = 0;
        const char* first = text.data() + 1;
        const char* last = text.data() + text.size();
        const auto [end, ec] = std::from_chars(first, last, percent);
        if (ec == std::errc{} && end == last) {
            if (percent > 0 && percent < 100) return Pick{Pick::Kind::percentile, percent};
            hint = "A percentile lies strictly between p0 and p100: p0 and p100 would be the ends of an unbounded "
                   "distribution.";
        }
    }
    return std::unexpected(Error{"Expected \"central\", \"low\", \"high\", \"median\", \"mean\" or a percentile such as "
                                 "\"p5\" or \"p95\", but found " + in_quotes(text) + ".",
                                 0, std::string(hint), ErrorKind::argument});
}

Result<double> value_in(const Quantity& quantity, std::string_view unit, const Pick& pick) noexcept {
    return capture_errors([&]() -> Result<double> {
        double base = quantity.central;
        switch (pick.kind) {
            case Pick::Kind::low: base = quantity.low; break;
            case Pick::Kind::high: base = quantity.high; break;
            case Pick::Kind::central: break;
            case Pick::Kind::percentile:
            case Pick::Kind::mean:
                if (!quantity.spread) {
                    Error error{"A percentile or mean needs the distribution mode's reading of the ranges, but this result "
                                "is a pair of bounds.", 0, {}};
                    error.kind = ErrorKind::needs_distribution;
                    error.mode = distribution_mode();
                    error.function = pick.kind == Pick::Kind::mean ? "mean" : "percentile";
                    fail(std::move(error));
                }
                base = pick.kind == Pick::Kind::mean ? quantity.spread->mean() : quantity.spread->quantile(pick.percent / 100);
                break;
        }
        if (unit.empty()) return base;
        // The unit the quantity is shown in needs no lookup, and may be one its text declared, which the table
        // behind cached_unit does not know.
        const DisplayUnit* u = quantity.unit && quantity.unit->label == unit ? quantity.unit.get() : cached_unit(unit).get();
        check_dimension(quantity, *u);
        const double result = in_unit(base, *u);
        // A huge value in a tiny unit leaves double precision; an infinity is not a number a cell can use.
        if (!std::isfinite(result)) fail(ErrorKind::overflow, "The value in \"" + u->label + "\" is beyond double precision.");
        return result;
    });
}

Result<Part> parse_part(std::string_view text) noexcept {
    std::string lower;
    for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.empty() || lower == "central") return Part::central;
    if (lower == "low") return Part::low;
    if (lower == "high") return Part::high;
    return std::unexpected(Error{"Expected \"central\", \"low\" or \"high\", but found \"" + std::string(text) + "\".", 0, {},
                                 ErrorKind::argument});
}

std::vector<NamedValue<Sensitivity>> read_through_results(Sensitivity::Context& context,
                                                         std::span<const Binding> bindings) {
    const Linking<Sensitivity> linking(context.mode);
    return read_bindings<Sensitivity>(context, bindings);
}

}  // namespace ballpark
