// How a binding becomes a value of a mode's value type: a number, a quantity, a text the core reads, an earlier
// result, or the range between two or three of them, checked against what its parameter expects. Templates over the
// value type, included by the evaluation (evaluate.cpp). Internal to core/src/api.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "api/binding_texts.hpp"
#include "api/linking.hpp"
#include "api/recipe.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "ballpark/text_cache.hpp"
#include "eval/caches.hpp"
#include "eval/dimension_hint.hpp"
#include "eval/evaluator.hpp"
#include "eval/temperature.hpp"
#include "language/parser.hpp"
#include "numeric/within_rounding.hpp"
#include "units/cycles_and_angles.hpp"
#include "units/unit_registry.hpp"

namespace ballpark::detail {

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

// How the bindings of one evaluation are read, handed down by whoever starts the reading.
template <ValueType V>
struct ReadOptions {
    // The units a text declared for itself ("unit token; …"), which the values bound to its names may use too; null
    // for every other text, whose bindings go through the per-thread caches. A result's own bindings are read
    // without them: they were written for the result's text.
    const UnitRegistry* declared_units = nullptr;
    // Set where a term of a sum reads a result that an earlier term of the same sum read too: two distinct cells of a
    // QTYSUM range whose formulas and inputs are equal. The result is then read as an instance of its own (its
    // expression evaluated again, so the ranges written in it are new unknowns), while what it reads by name (a plain
    // input by its name and content, an earlier result, the instances of a sum it reads) stays shared as everywhere
    // else. Only the result the term reads directly is such an instance.
    bool own_instance = false;
    // What an evaluation that reads results has read so far (linking.hpp); null in one that reads none.
    LinkMemo<V>* memo = nullptr;
};

// Reads an earlier result (read_results.hpp), which reads its own bindings through this file.
template <ValueType V>
Value<V> recipe_value(typename V::Context& context, const Recipe& recipe, const ReadOptions<V>& how);

// Whether low and high differ by more than rounding, as Quantity::is_range decides.
template <ValueType V>
bool is_range(const V& number) {
    Quantity q;
    q.low = number.low();
    q.high = number.high();
    return q.is_range();
}

// The checks of an Expectation, on the value as this mode reads it.
template <ValueType V>
void check_expected(const Binding& b, const End& end, const Value<V>& value) {
    const Expectation& e = *end.expected;
    // The name as a string only in a sentence: every checked input of every call passes here.
    const std::string_view name = label_of(b, &e);
    if (e.dimension && value.dimension != *e.dimension) {
        Error error = dimension_error(std::string(name) + " should be " + std::string(e.wanted) + ", but " + shown(end.input) +
                                          " is of dimension " + dimension_name(value.dimension) + ".",
                                      0, &e, value.dimension);
        error.input = std::string(b.name);
        fail(std::move(error));
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
    // 100% is 100 times the enclosure of 0.01, whose outward rounding puts its high end an ulp above 1: an end
    // within the rounding of 1 is 1 (within_rounding.hpp), a fraction.
    if (low > 0 && (high <= 1 + slack || within_rounding(high, 1))) return;
    fail_input(b, ErrorKind::domain, std::string(name) + " should be " + std::string(e.wanted) + ", above 0 and at most 1, but it is " + shown(end.input) + ".",
         high > 1 ? std::string(e.above_one_hint) : std::string{});
}

// Whether an input is declared a fraction ("u: fraction", a planning function's utilization): in the 90% reading
// a range typed for it is a logit-normal through its ends (Distribution::fraction_between), which stays between 0
// and 1. The bounds readings read it as any range.
inline bool is_fraction(const Expectation* e) { return e && e->sign == Expectation::Sign::fraction; }

template <ValueType V>
Value<V> run_fraction(Evaluator<V>& evaluator, const SyntaxTree& tree) {
    if constexpr (FractionReading<V>) return evaluator.run_fraction(tree);
    else return evaluator.run(tree);
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
Value<V> read_input(typename V::Context& context, const Binding& b, const End& end, const ReadOptions<V>& how = {}) {
    const Input& input = end.input;
    Value<V> value;
    if (const double* number = std::get_if<double>(&input)) {
        check_finite(b.name, *number);
        value = Value<V>{V::point(*number), {}, nullptr};
    } else if (const auto* quantity = std::get_if<const Quantity*>(&input)) {
        value = from_quantity<V>(context, **quantity);
    } else if (const auto* recipe = std::get_if<const Recipe*>(&input)) {
        value = recipe_value<V>(context, **recipe, how);
    } else {
        const std::string_view text = std::get<std::string_view>(input);
        try {
            if (how.declared_units) {
                // Parsed with the text's own units and not cached: the caches hold built-in readings only.
                const auto tree = parse_statement(text, *how.declared_units);
                if (tree->statement.kind != Statement::Kind::expression) fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(text) + " defines a name.");
                Evaluator<V> evaluator(context, nullptr, {});
                value = is_fraction(end.expected) ? run_fraction(evaluator, *tree) : evaluator.run(*tree);
            } else if (is_fraction(end.expected)) {
                const auto tree = cached_statement(text);
                if (tree->statement.kind != Statement::Kind::expression) {
                    fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(text) +
                         " defines a name; assignments and functions belong in notebooks.");
                }
                Evaluator<V> evaluator(context, nullptr, {});
                value = run_fraction(evaluator, *tree);
            } else {
                value = evaluate_closed_text<V>(context, text);
            }
        } catch (const ErrorException& e) {
            Error error = e.error();
            if (end.cell) {
                found_in(error, cell_of(b, end));
            } else if (end.expected) {
                found_in(error, ErrorPlace{ErrorPlace::What::labelled_value, std::string(label_of(b, end.expected)), std::string(text)});
            } else {
                found_in(error, ErrorPlace{ErrorPlace::What::named_value, std::string(b.name), std::string(text)});
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
        if (how.declared_units) {
            const UnitValue unit = parse_unit(b.unit, *how.declared_units);
            value = in_unit_of(unit.factor, unit.dimension, unit.offset);
        } else {
            const DisplayUnit& unit = *cached_unit(b.unit);
            value = in_unit_of(unit.factor, unit.dimension, unit.offset);
        }
    }
    if (end.cell && is_range(value.number)) {
        Error error{cell_place(b, end) + " is itself a range, but each cell of a range holds one end.", 0, {}, ErrorKind::argument};
        error.advice = ErrorAdvice::one_end_per_cell;
        fail(std::move(error));
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
Value<V> read_binding(typename V::Context& context, const Binding& b, const ReadOptions<V>& how = {}) {
    const std::size_t cells = !b.ends_are_cells ? 0 : b.central ? 3 : 2;
    const auto cell = [&](std::size_t k) { return cells ? k : std::size_t{0}; };
    Value<V> value = read_input<V>(context, b, End{b.value, b.expected, cell(1), cells}, how);
    if (!b.high) return value;
    Value<V> high = read_input<V>(context, b, End{*b.high, b.high_expected ? b.high_expected : b.expected, cell(cells), cells}, how);
    if (high.dimension != value.dimension) {
        fail(ErrorKind::dimension, "The two ends of " + in_quotes(b.name) + " differ in dimension: " + describe_dimension(value.dimension) +
             " and " + describe_dimension(high.dimension) + ".");
    }
    count_both(value.dimension, high.dimension, "Cannot make a range of", [&] { return " in the ends of " + in_quotes(b.name); });
    if (b.central) {
        Value<V> central = read_input<V>(context, b, End{*b.central, b.expected, cell(2), cells}, how);
        if (central.dimension != value.dimension) {
            fail(ErrorKind::dimension, "The central value of " + in_quotes(b.name) + " is " + describe_dimension(central.dimension) +
                 ", but its ends are " + describe_dimension(value.dimension) + ".");
        }
        count_both(value.dimension, central.dimension, "Cannot make a range of",
                   [&] { return " in the values of " + in_quotes(b.name); });
        if constexpr (FractionReading<V>) {
            if (is_fraction(b.expected)) {
                return Value<V>{V::fraction_between3(context, value.number, central.number, high.number, 0), value.dimension, nullptr};
            }
        }
        return Value<V>{V::between3(context, value.number, central.number, high.number, 0), value.dimension, nullptr};
    }
    if constexpr (FractionReading<V>) {
        if (is_fraction(b.expected)) return Value<V>{V::fraction_between(context, value.number, high.number, 0), value.dimension, nullptr};
    }
    return Value<V>{V::between(context, value.number, high.number, 0), value.dimension, nullptr};
}

template <ValueType V>
[[gnu::always_inline]] inline Value<V> read_one(typename V::Context& context, const Binding& b, const ReadOptions<V>& how = {}) {
    // Most bindings are one value: read it without the range's bookkeeping, and inlined into the loop over the
    // bindings, which every call runs.
    return b.high ? read_binding<V>(context, b, how) : read_input<V>(context, b, End{b.value, b.expected}, how);
}

}  // namespace ballpark::detail
