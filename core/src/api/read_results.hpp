// The bindings of one evaluation as named values, and earlier results (recipes) as values: a result read once per
// evaluation, a sum of results as its terms' sum, a plain input shared by name and content where results are read.
// Templates over the value type, included by the evaluation (evaluate.cpp). Internal to core/src/api.
#pragma once

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "api/binding_texts.hpp"
#include "api/correlation_binding.hpp"
#include "api/linking.hpp"
#include "eval/dimension_hint.hpp"
#include "api/read_inputs.hpp"
#include "api/tree_correlations.hpp"
#include "eval/correlated_reading.hpp"
#include "values/interval.hpp"

namespace ballpark::detail {

// One binding's value where a binding named "correlation" (correlation_binding.hpp) names it: in the 90% reading
// its one new input takes the correlated normal score (Distribution::normal_score), as a notebook's definition
// does; every other reading reads it as it is.
template <ValueType V>
Value<V> read_correlated(typename V::Context& context, const Binding& b, const ReadOptions<V>& how = {}) {
    if constexpr (CorrelatedReading<V>) {
        if (context.correlations.involves(b.name)) {
            auto [value, made] = context.define_correlated(b.name, [&] { return read_one<V>(context, b, how); });
            if (!made) {
                fail(ErrorKind::argument, in_quotes(b.name) + " has a correlation, so it must be an uncertain input (" + uncertain_input_kinds() + "), but its value makes none.");
            }
            return std::move(value);
        }
    }
    return read_one<V>(context, b, how);
}

// Where results are read, the correlations of the whole tree, stated once before its first input is read
// (tree_correlations.hpp): in the 90% reading they correlate every use of their inputs, whichever result stated
// them and in whatever order the results come; every reading checks them.
template <ValueType V>
void gather_correlations_once(typename V::Context& context, LinkMemo<V>& memo, std::span<const Binding> bindings) {
    if (memo.correlations_gathered) return;
    memo.correlations_gathered = true;
    if (!reads_correlations(bindings)) return;
    Correlations gathered = gather_correlations(bindings);
    memo.correlated = !gathered.empty();
    if constexpr (CorrelatedReading<V>) context.correlations = std::move(gathered);
}

template <ValueType V>
std::vector<NamedValue<V>> read_bindings(typename V::Context& context, std::span<const Binding> bindings,
                                         const ReadOptions<V>& how = {}) {
    std::vector<NamedValue<V>> values;
    values.reserve(bindings.size());
    LinkMemo<V>* memo = how.memo;
    if (memo) gather_correlations_once<V>(context, *memo, bindings);
    const Binding* correlation = correlation_binding(bindings);
    if (correlation && !memo) {
        // Stated before any binding is read, so that each correlated input is made correlated; checked in every
        // reading, used only in the 90% one.
        if constexpr (CorrelatedReading<V>) {
            state_correlation_binding(*correlation, context.correlations);
        } else {
            Correlations checked;
            state_correlation_binding(*correlation, checked);
        }
    }
    const bool correlated = memo ? memo->correlated : correlation != nullptr;
    const auto read = [&](const Binding& b) { return correlated ? read_correlated<V>(context, b, how) : read_one<V>(context, b, how); };
    for (std::size_t k = 0; k < bindings.size(); ++k) {
        const Binding& b = bindings[k];
        if (&b == correlation) continue;
        for (const NamedValue<V>& earlier : values) {
            if (earlier.name == b.name) fail(ErrorKind::name_taken, "The name " + in_quotes(b.name) + " is given two values; give each name once.");
        }
        if (memo) {
            refuse_one_result_twice(bindings.first(k), b);
            refuse_alike_reached_twice(bindings.first(k), b);
        }
        if (!memo || reads_recipes(std::span(&b, 1))) {
            values.push_back({b.name, read(b)});
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
                found = memo->inputs.emplace(std::move(content), read(b)).first;
                if (context.inputs.size() == before + 1) {
                    context.inputs.back().label = std::string(b.name);
                    context.inputs.back().given = as_given(b);
                }
            } else {
                found = memo->inputs.emplace(std::move(content), read(b)).first;
            }
        }
        values.push_back({b.name, found->second});
    }
    return values;
}

// The pairwise sum of the terms' values, which must share a dimension. `memo` is that of the evaluation when it
// reads results; `owner` is the sum's recipe, if it has one.
template <ValueType V>
Value<V> sum_of(typename V::Context& context, std::span<const Binding> terms, LinkMemo<V>* memo,
                const Recipe* owner = nullptr) {
    std::vector<Value<V>> values;
    values.reserve(terms.size());
    if (memo) gather_correlations_once<V>(context, *memo, terms);
    std::vector<const Recipe*> read;  // the results the terms read so far
    for (std::size_t k = 0; k < terms.size(); ++k) {
        const Binding& term = terms[k];
        const Recipe* recipe = term.high ? nullptr : recipe_in(term.value);
        const bool again = recipe && std::ranges::find(read, recipe) != read.end();
        if (recipe) read.push_back(recipe);
        // A term alike to an earlier one is a distinct cell; one that reaches, through other results, a result
        // with unknowns of its own that an earlier term reaches too may be that result's cell or an alike one.
        if (memo && !again) refuse_alike_reached_twice(terms.first(k), term);
        if (again && memo) {
            auto found = memo->instances.find({owner, k});
            if (found == memo->instances.end()) {
                found = memo->instances.emplace(std::pair{owner, k}, read_binding<V>(context, term, {.own_instance = true, .memo = memo})).first;
            }
            values.push_back(found->second);
        } else {
            values.push_back(read_binding<V>(context, term, {.own_instance = again, .memo = memo}));
        }
        const Dimension& first = values.front().dimension;
        if (values.back().dimension != first) {
            const Expectation* e = term.expected;
            fail(dimension_error(std::string(label_of(term, e)) + " is of dimension " + dimension_name(values.back().dimension) +
                                     ", but " + std::string(label_of(terms.front(), terms.front().expected)) + " is of dimension " +
                                     dimension_name(first) + ": a total adds like quantities.",
                                 0, e, values.back().dimension));
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
    // "20 degC" and "-300 K" total -280 degC, which no temperature is.
    if (point_unit && below_absolute_zero(values.front().number.low())) {
        fail_below_absolute_zero("The total of the temperature " + std::string(label_of(terms[static_cast<std::size_t>(point - values.data())],
                                                                                      terms[static_cast<std::size_t>(point - values.data())].expected)) +
                                     " and the differences beside it",
                                 0);
    }
    return values.front();
}

template <ValueType V>
Value<V> recipe_value(typename V::Context& context, const Recipe& recipe, const ReadOptions<V>& how) {
    const bool own_instance = how.own_instance;
    LinkMemo<V>* memo = how.memo;
    if (!memo) {
        // An evaluation that keeps no memo (a tornado moves one input at a time) reads the result as its three
        // numbers, a new input, as a printed result would be read, but at full precision: its recipe evaluated
        // again in this evaluation's reading (its own mode when that is of this reading).
        constexpr Ends reads = DistributionType<V> ? Ends::percentiles : Ends::bounds;
        const Mode in = mode_info(recipe.mode).results == reads ? recipe.mode : first_mode_with(reads);
        const auto q = evaluate(recipe, in);
        if (!q) fail(q.error());
        return from_quantity<V>(context, *q);
    }
    // A result is its recipe, not its reading: read where another reading is asked (a QTY result by QTYDIST, a
    // QTYDIST result for guaranteed bounds), its whole tree is evaluated again in that reading, from its inputs,
    // as `--mode` does for a whole program. What cannot be (a 90% interval typed as printed, a normal(...), read
    // for bounds) is refused by the evaluation with its own sentence.
    if (!own_instance) {
        if (const auto found = memo->results.find(&recipe); found != memo->results.end()) return found->second;
    }
    if constexpr (shareable_values<V>) {
        if (auto kept = recipe.kept_value<V>()) return *kept;
    }
    Value<V> value;
    if (recipe.kind == Recipe::Kind::sum) {
        value = sum_of<V>(context, recipe.bindings, memo, &recipe);
    } else {
        const auto tree = cached_statement(recipe.expression);
        const auto values = read_bindings<V>(context, recipe.bindings, {.memo = memo});
        Evaluator<V> evaluator(context, nullptr, values);
        value = evaluator.run(*tree);
    }
    if (own_instance) return value;
    memo->results.emplace(&recipe, value);
    if constexpr (shareable_values<V>) recipe.keep_value(value);
    return value;
}

}  // namespace ballpark::detail
