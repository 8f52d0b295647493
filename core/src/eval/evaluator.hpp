// Evaluates a syntax tree. A template over the value type V (value_type.hpp), so that each reading of a range
// (plain interval bounds, dependency-aware bounds, a distribution) is a value type, not a new evaluator.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "eval/builtins.hpp"
#include "values/domain_checks.hpp"
#include "numeric/error_free_rounding.hpp"
#include "language/limits.hpp"
#include "eval/prelude.hpp"
#include "eval/temperature.hpp"
#include "language/suggest.hpp"
#include "ballpark/text.hpp"
#include "units/cycles_and_angles.hpp"
#include "units/unit_registry.hpp"
#include "units/value.hpp"
#include "values/quantity_conversion.hpp"
#include "values/value_type.hpp"

namespace ballpark {

// Words for a dimension in an error: "compute (FLOP)", "time (s)", "dimensionless".
std::string describe_dimension(const Dimension& dimension);
// A hint for turning one dimension into another, such as "Divide by a compute rate (FLOP/s) to get time."
std::string conversion_hint(const Dimension& from, const Dimension& to);
// The error of check_expressible_in, whose sentence ends with `place`, if given (" (column 7)").
[[noreturn]] void fail_inexpressible_in(const DisplayUnit& unit, const std::optional<Place>& place);
// In a tiny unit a huge value leaves double precision (1e300 m as 1e-300 m), and its text would say "inf": fails
// when `magnitude` (SI base units) written in `unit` is not finite. Every conversion checks, so the check is inline
// and takes a Place, not its text: the text is built only to fail (callgrind: building " (column 7)" for every `as`
// costs 5% of an evaluation with bindings).
inline void check_expressible_in(double magnitude, const DisplayUnit& unit, const std::optional<Place>& place = {}) {
    if (!std::isfinite(magnitude / unit.factor)) fail_inexpressible_in(unit, place);
}

template <ValueType V>
class Evaluator;

// A value type that reads a declared fraction's range in its own way (the 90% reading's logit-normal, and the
// tornado's median of it where it reads percentiles): V::fraction_between and V::fraction_between3.
template <class V>
concept FractionReading = ValueType<V> && requires(typename V::Context& c, const V& v) {
    { V::fraction_between(c, v, v, 0) } -> std::same_as<V>;
    { V::fraction_between3(c, v, v, v, 0) } -> std::same_as<V>;
};
// P(x < y) and its kin (eval/probability.hpp, included at the end of this file).
template <ValueType V>
Value<V> eval_probability(Evaluator<V>& evaluator, const SyntaxTree& t, const Node& n,
                          std::span<const NamedValue<V>> locals);

// The evaluator's rarer cases, each in its own header included at the end of this file.
template <ValueType V>
struct HyphenGroups;  // eval/hyphen_groups.hpp
template <ValueType V>
struct TemperatureValues;  // eval/temperature_values.hpp
template <ValueType V>
struct PrintedRanges;  // eval/printed_ranges.hpp

template <ValueType V>
class Evaluator {
public:
    using Context = typename V::Context;

    // `context` holds the inputs the values refer to; a Session keeps one for all its lines.
    Evaluator(Context& context, const Globals<V>* globals, std::span<const NamedValue<V>> bindings)
        : context_(&context), globals_(globals), bindings_(bindings), units_(UnitRegistry::instance()) {}
    // For one evaluation whose values do not outlive it.
    Evaluator(const Globals<V>* globals, std::span<const NamedValue<V>> bindings)
        : own_context_(std::in_place), context_(&*own_context_), globals_(globals), bindings_(bindings),
          units_(UnitRegistry::instance()) {}

    Value<V> run(const SyntaxTree& tree) {
        Value<V> v = eval(tree, tree.statement.root, {});
        // A result typed back with its dimension label ("… million hour {time}") must be of that dimension.
        if (tree.statement.claimed_dimension && *tree.statement.claimed_dimension != v.dimension) {
            fail(ErrorKind::dimension, "The text says " + in_quotes("{" + std::string(tree.statement.claimed_dimension_name) + "}") + ", but its value is " +
                     describe_dimension(v.dimension) + ".",
                 tree.statement.claimed_dimension_column);
        }
        return v;
    }

    // Calls a user function (a Session's or the prelude's) with values, as `name(arguments…)` would.
    Value<V> call_function(const SyntaxTree& body, std::span<const Value<V>> arguments) {
        std::vector<NamedValue<V>> frame;
        const auto& params = body.statement.parameters;
        if (params.size() != arguments.size()) {
            fail_about(ErrorKind::argument, body.statement.name, "\"" + std::string(body.statement.name) + "\" takes " + std::to_string(params.size()) +
                 " arguments, but " + std::to_string(arguments.size()) + " were given.");
        }
        for (std::size_t k = 0; k < params.size(); ++k) {
            check_prelude_argument(body, k, arguments[k]);
            frame.push_back(NamedValue<V>{params[k], arguments[k]});
        }
        Value<V> v = in_body(body, frame, 0);
        check_prelude_result(body, v.number.central(), 0);
        return v;
    }

    Context& context() { return *context_; }

    // The value of one node of the tree, as run() would compute it there: the constant parts of a compiled tree
    // (compiled.hpp).
    Value<V> run_node(const SyntaxTree& tree, std::int32_t index) { return eval(tree, index, {}); }

    // The value of a declared fraction in the 90% reading. A text that is one range, `35% to 55%`, `(35 to 55)%`,
    // `0.35 to 0.55` or a printed `0.45 [0.35, 0.55]`, perhaps times positive numbers or units (`0.7 * (50% to 80%)`),
    // is a fraction's range (V::fraction_between: a logit-normal with those percentiles); any other text (a sum,
    // uniform, metalog) is run() as it stands, its value checked by the caller.
    Value<V> run_fraction(const SyntaxTree& tree)
        requires FractionReading<V>
    {
        if (tree.statement.claimed_dimension) return run(tree);
        return fraction_at(tree, tree.statement.root, {});
    }

private:
    friend struct BuiltinCall<V>;
    friend struct HyphenGroups<V>;
    friend struct TemperatureValues<V>;
    friend struct PrintedRanges<V>;
    friend Value<V> eval_probability<V>(Evaluator<V>&, const SyntaxTree&, const Node&, std::span<const NamedValue<V>>);

    std::optional<Context> own_context_;
    Context* context_;
    const Globals<V>* globals_;
    std::span<const NamedValue<V>> bindings_;
    const UnitRegistry& units_;
    int depth_ = 0;
    int calls_ = 0;
    long steps_ = 0;  // nodes evaluated in this run, calls included
    // The user function whose body is being evaluated, if any: columns there are not the user's line's.
    std::string_view body_name_;

    struct Deeper {
        int& depth;
        Deeper(int& d, int limit, int column, const char* what) : depth(d) {
            if (++depth > limit) {
                --depth;
                fail(ErrorKind::limit, std::string(what), column);
            }
        }
        ~Deeper() { --depth; }
    };

public:
    // The place of `column` of the text being evaluated: the user's line, or the body of the function being
    // evaluated, where a column would point into a text the reader of the error is not looking at.
    Place place(int column) const { return Place(column, body_name_); }
    // " at column 7" on the user's line, or " in the body of "f"" inside a function.
    std::string at(int column) const { return place(column).at(); }

    Value<V> checked(Value<V> v, int column) const {
        if (!v.number.is_finite()) {
            fail(ErrorKind::overflow, "The result" + at(column) + " is beyond double precision (larger than about 1.8 × 10^308, or not a number).",
                 column);
        }
        return v;
    }

    void same_dimension(const Value<V>& a, const Value<V>& b, const char* verb, std::string_view op, int column) const {
        if (a.dimension == b.dimension) return;
        fail(ErrorKind::dimension, std::string("Cannot ") + verb + " " + describe_dimension(a.dimension) + " and " +
                 describe_dimension(b.dimension) + ": both sides of " + std::string(op) + at(column) +
                 " need the same dimension.",
             column);
    }

    // same_dimension for a sum, range or comparison whose result takes a's dimension: `a` is given what either
    // counted (cycles_and_angles.hpp). Like values that count alike, the usual case, pass the first comparison alone.
    void same_dimension_counting(Value<V>& a, const Value<V>& b, const char* verb, std::string_view op, int column) const {
        if (!a.dimension.identical(b.dimension)) [[unlikely]] a.dimension = dimension_of_both(a, b, verb, op, column);
    }

private:
    // Out of line, so that the evaluation of every sum does not carry its frame.
    [[gnu::noinline]] Dimension dimension_of_both(const Value<V>& a, const Value<V>& b, const char* verb, std::string_view op,
                                                  int column) const {
        same_dimension(a, b, verb, op, column);
        if (const auto both = counts_of_both(a.dimension, b.dimension)) return *both;
        fail_cycles_beside_angles(std::string("Cannot ") + verb, " in " + std::string(op) + at(column), column);
    }

public:

    void dimensionless(std::string_view function, const Value<V>& v, int column) const {
        if (!v.dimension.is_dimensionless()) {
            fail(ErrorKind::dimension, in_quotes(function) + " needs a plain number, but got " + describe_dimension(v.dimension) + at(column) + ".",
                 column);
        }
    }

    [[noreturn]] void fail_arity(const Node& n, std::size_t expected, std::size_t given,
                                 const std::vector<std::string_view>* params = nullptr) const {
        std::string list;
        if (params && !params->empty()) {
            list = " (";
            for (std::size_t k = 0; k < params->size(); ++k) list += (k ? ", " : "") + std::string((*params)[k]);
            list += ")";
        }
        fail_about(ErrorKind::argument, n.text, in_quotes(n.text) + " takes " + std::to_string(expected) + (expected == 1 ? " argument" : " arguments") + list +
                 ", but " + std::to_string(given) + (given == 1 ? " was" : " were") + " given" + at(n.column) + ".",
             n.column);
    }

private:
    // Inlined by force: every name node of every evaluation looks up, and with the hyphen and `to` checks as
    // further callers GCC calls it out of line, which costs about 30 instructions a name in callgrind (4% of an
    // evaluation).
    [[gnu::always_inline]] const Value<V>* lookup(std::string_view name, std::span<const NamedValue<V>> locals) const {
        for (const auto& local : locals)
            if (local.name == name) return &local.value;
        for (const auto& binding : bindings_)
            if (binding.name == name) return &binding.value;
        if (globals_) {
            if (auto it = globals_->variables.find(name); it != globals_->variables.end()) return &it->second;
        }
        return nullptr;
    }

    [[noreturn]] void fail_unknown_name(const Node& n, std::span<const NamedValue<V>> locals) const {
        std::vector<std::string_view> known;
        for (const auto& local : locals) known.push_back(local.name);
        for (const auto& binding : bindings_) known.push_back(binding.name);
        if (globals_)
            for (const auto& [name, value] : globals_->variables) known.push_back(name);
        if (n.unit_position && !units_.suggestions(n.text).empty()) units_.fail_unknown_unit(n.text, n.column);
        // "6 FLOP * 13 billion * 4 trillion / (H100 * 40%)": an accelerator has several figures, so its name alone
        // is not a value; say which functions read them.
        if (const auto accelerator = find_accelerator(n.text)) {
            const std::string name(n.text);
            fail(ErrorKind::argument, in_quotes(n.text) + at(n.column) + " is an accelerator (" + std::string((*accelerator)->name) +
                     "), not a value: its figures are read with peak(" + name + "), peak(" + name + ", fp8), power(" +
                     name + "), memory(" + name + ") and bandwidth(" + name + ").",
                 n.column, "Write peak(" + name + ") for its dense peak in FLOP/s.");
        }
        Error error{std::string(n.unit_position ? "Unknown unit" : "Unknown variable") + " " + in_quotes(n.text) +
                        at(n.column) + ": it is neither a variable nor a unit.",
                    n.column, did_you_mean(units_.suggestions(n.text, known)),
                    n.unit_position ? ErrorKind::unknown_unit : ErrorKind::unknown_name};
        error.argument = std::string(n.text);
        fail(std::move(error));
    }

    // Whether a name in the subtree `index` is a variable.
    bool names_a_variable(const SyntaxTree& t, std::int32_t index, std::span<const NamedValue<V>> locals) const {
        if (index < 0) return false;
        const Node& n = t.nodes[index];
        if (n.kind == NodeKind::name && lookup(n.text, locals)) return true;
        return names_a_variable(t, n.lhs, locals) || names_a_variable(t, n.rhs, locals);
    }

    Value<V> eval(const SyntaxTree& t, std::int32_t index, std::span<const NamedValue<V>> locals) {
        const Node& n = t.nodes[index];
        Deeper guard(depth_, limits::max_eval_depth, n.column,
                     "The calculation nests too deeply; split it into named steps.");
        // Depth limits alone let f1(x) = f0(x) + f0(x), f2(x) = f1(x) + f1(x), … double the work per line and hang.
        if (++steps_ > limits::max_eval_steps) {
            fail(ErrorKind::limit, "The calculation takes more than " + std::to_string(limits::max_eval_steps) +
                     " steps; user functions that call other functions several times each multiply the work.",
                 n.column);
        }
        Context& c = *context_;
        switch (n.kind) {
            case NodeKind::number: return Value<V>{number(n.number_low, n.number, n.number_high), {}, nullptr};
            case NodeKind::name: {
                if (const Value<V>* v = lookup(n.text, locals)) return *v;
                if (const UnitValue* u = t.unit_of(n)) {
                    if (u->offset != 0) TemperatureValues<V>::fail_scale_alone(*this, n);
                    return Value<V>{number(u->factor_low, u->factor, u->factor_high), u->dimension, nullptr};
                }
                fail_unknown_name(n, locals);
            }
            case NodeKind::negate: return eval_negate(t, n, locals);
            case NodeKind::add:
            case NodeKind::subtract: {
                Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                const bool add = n.kind == NodeKind::add;
                if (!add && t.nodes[n.lhs].kind == NodeKind::number && a.dimension != b.dimension) [[unlikely]]
                    fail_number_less_amount(t, n, a, b);
                same_dimension_counting(a, b, add ? "add" : "subtract", add ? "\"+\"" : "\"-\"", n.column);
                if (is_temperature_dimension(a.dimension)) return TemperatureValues<V>::sum(*this, a, b, add, n.column);
                return checked(Value<V>{add ? V::add(c, a.number, b.number) : V::subtract(c, a.number, b.number),
                                        a.dimension, nullptr, a.difference || b.difference},
                               n.column);
            }
            case NodeKind::multiply:
            case NodeKind::juxtapose: {
                if (n.hyphen && HyphenGroups<V>::subtracts(*this, t, n, locals)) return HyphenGroups<V>::value(*this, t, n, locals);
                if (const UnitValue* scale = scale_after(t, n, locals)) return TemperatureValues<V>::on_scale(*this, t, n, *scale, locals);
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                refuse_temperature_operand(a, b, "a product", n.column);
                // What is computed from a difference of temperatures stays one, whatever it is multiplied by: d * d
                // is in K², and its square root a difference again, never a temperature.
                return checked(Value<V>{V::multiply(c, a.number, b.number), a.dimension * b.dimension, nullptr,
                                        a.difference || b.difference},
                               n.column);
            }
            case NodeKind::divide: {
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                refuse_temperature_operand(a, b, "a quotient", n.column);
                return checked(Value<V>{V::divide(c, a.number, b.number, n.column), a.dimension / b.dimension, nullptr,
                                        a.difference || b.difference},
                               n.column);
            }
            case NodeKind::power: return eval_power(t, n, locals);
            case NodeKind::range: return eval_range(t, n, index, locals);
            case NodeKind::convert: return eval_convert(t, n, locals);
            case NodeKind::call: return call(t, n, locals);
            case NodeKind::probability: return eval_probability(*this, t, n, locals);
        }
        fail(ErrorKind::internal, "Internal error: unknown syntax node.", n.column);
    }

    // The cases of eval() that an evaluation meets once or never, out of line: eval()'s frame is paid by every
    // node of every evaluation, and these cases' locals and error paths would make it larger.
    [[gnu::noinline]] Value<V> eval_negate(const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        Context& c = *context_;
        // "-40 degC" is read as -(40 degC): the minus belongs to the number on the scale.
        if (const Node& operand = t.nodes[n.lhs]; operand.kind == NodeKind::juxtapose || operand.kind == NodeKind::multiply) {
            if (const UnitValue* scale = scale_after(t, operand, locals)) return TemperatureValues<V>::on_scale(*this, t, operand, *scale, locals, true);
        }
        Value<V> v = eval(t, n.lhs, locals);
        if (is_temperature_point(v)) {
            fail_temperature("Cannot negate the temperature " + describe_value(v) + at(n.column) +
                                 ": its negative depends on where the scale puts its zero.",
                             n.column, "Write the negative number on the scale (-20 degC), or negate kelvin: -(t as K).");
        }
        return Value<V>{V::negate(c, v.number), v.dimension, v.unit, v.difference};
    }

    [[gnu::noinline]] Value<V> eval_power(const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        Context& c = *context_;
        const Value<V> base = eval(t, n.lhs, locals);
        const Value<V> exponent = eval(t, n.rhs, locals);
        refuse_temperature_operand(base, exponent, "a power", n.column);
        if (!exponent.dimension.is_dimensionless()) {
            fail(ErrorKind::dimension, "An exponent must be a plain number, but the one" + at(n.column) + " is " +
                     describe_dimension(exponent.dimension) + ".",
                 n.column);
        }
        // A computed exponent such as 1/3 is a range a few ulps wide: one number to within rounding.
        const double e = point_exponent(exponent.number.low(), exponent.number.central(), exponent.number.high(),
                                        place(n.column));
        // A value type that can raise to an exponent range keeps its guarantee across those few ulps.
        if constexpr (requires { V::power(c, base.number, exponent.number, n.column); }) {
            return checked(Value<V>{V::power(c, base.number, exponent.number, n.column), base.dimension.power(e), nullptr,
                                    base.difference},
                           n.column);
        } else {
            return checked(Value<V>{V::power(c, base.number, e, n.column), base.dimension.power(e), nullptr, base.difference},
                           n.column);
        }
    }

    [[gnu::noinline]] Value<V> eval_range(const SyntaxTree& t, const Node& n, std::int32_t index,
                                          std::span<const NamedValue<V>> locals) {
        Context& c = *context_;
        if (n.middle >= 0) return PrintedRanges<V>::value(*this, t, n, locals);
        Value<V> a = eval(t, n.lhs, locals);
        const Value<V> b = eval(t, n.rhs, locals);
        same_dimension_counting(a, b, "make a range of", "\"to\"", n.column);
        Value<V> r = is_temperature_dimension(a.dimension) ? TemperatureValues<V>::range(*this, a, b, n.column)
                                                           : Value<V>{V::between(c, a.number, b.number, n.column), a.dimension, nullptr};
        // A value type that reports on its inputs (the tornado's) names each by the text the user typed.
        if constexpr (requires(V v) { V::label_input(c, v, std::string{}); }) {
            V::label_input(c, r.number, std::string(source_text(t, index)));
        }
        return r;
    }

    [[gnu::noinline]] Value<V> eval_convert(const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        // "t1 to h" with a variable h is the range the parser kept beside the conversion (conversion_by_to).
        if (n.rhs >= 0 && names_a_variable(t, t.nodes[n.rhs].rhs, locals)) return eval(t, n.rhs, locals);
        if (n.number_word_to) [[unlikely]] fail_number_word_to(t, n);
        Value<V> v = eval(t, n.lhs, locals);
        const DisplayUnit& target = t.display_of(n);
        if (v.dimension != target.dimension) {
            fail(ErrorKind::dimension, "Cannot convert " + describe_dimension(v.dimension) + " to " + in_quotes(target.label) +
                     ", which is " + describe_dimension(target.dimension) + ".",
                 n.column, conversion_hint(v.dimension, target.dimension));
        }
        if (target.dimension.counts_cycles_or_angles()) [[unlikely]] check_counted_conversion(v.dimension, target.dimension, n.column);
        check_expressible_in(std::max(std::abs(v.number.low()), std::abs(v.number.high())), target,
                             place(n.column));
        if (is_offset_scale(&target) && v.difference) {
            fail_temperature("The value" + at(n.column) + " is a difference of temperatures, which " +
                                 in_quotes(target.label) + " would show as a temperature (5 K as degC would read "
                                 "-268.15 degC).",
                             n.column, "Show a difference in K (Celsius-sized degrees) or degR (Fahrenheit-sized).");
        }
        v.unit = t.displays[static_cast<std::size_t>(n.unit)];
        if (is_offset_scale(&target)) [[unlikely]] return TemperatureValues<V>::above_absolute_zero(*this, std::move(v), n.column);
        return v;
    }

    // "2 - 3 hour", "10 - 20 TFLOP/s": a number literal less an amount of a dimension has no reading as arithmetic,
    // and is a range written as prose writes it ("2-3 hour" without spaces is refused by the parser).
    [[gnu::cold, gnu::noinline]] void fail_number_less_amount(const SyntaxTree& t, const Node& n, const Value<V>& a,
                                                               const Value<V>& b) const {
        // Only an amount that starts with its number ("3 hour", not "x" or "(x + 1 hour)") reads as a range's end.
        // Its number must be followed by units directly, as the parser's shared units read a range's end.
        std::int32_t leaf = n.rhs, parent = -1;
        while (t.nodes[leaf].kind == NodeKind::multiply || t.nodes[leaf].kind == NodeKind::divide ||
               t.nodes[leaf].kind == NodeKind::juxtapose) {
            parent = leaf;
            leaf = t.nodes[leaf].lhs;
        }
        if (t.nodes[leaf].kind != NodeKind::number || parent < 0 || t.nodes[parent].kind != NodeKind::juxtapose ||
            !a.dimension.is_dimensionless())
            return;
        const std::string left(source_text(t, n.lhs)), right(source_text(t, n.rhs));
        fail(ErrorKind::dimension, "Cannot subtract " + right + " from the plain number " + left + at(n.column) + ": it is " +
                 describe_dimension(b.dimension) + ", and a plain number has none.",
             n.column, "For a range, write " + in_quotes(left + " to " + right) + ".");
    }

    // "10 thousand to million": a range to a million, or 10 thousand shown in millions (conversion_by_to in the parser).
    [[gnu::cold, gnu::noinline, noreturn]] void fail_number_word_to(const SyntaxTree& t, const Node& n) const {
        const std::string left(source_text(t, n.lhs));
        const std::string& right = t.display_of(n).label;
        fail(ErrorKind::ambiguous, "In " + in_quotes(left + " to " + right) + at(n.column) + ", " + in_quotes(right) +
                 " alone after \"to\" could be the end of a range (" + left + " to 1 " + right + ") or the unit to show " +
                 left + " in.",
             n.column,
             "Write " + in_quotes(left + " to 1 " + right) + " for the range, or " + in_quotes(left + " as " + right) +
                 " to convert.");
    }

    // Out of line, for a target that counts cycles or an angle: eval()'s frame is paid by every node of every
    // evaluation, and most targets ("million hour") count neither.
    [[gnu::cold, gnu::noinline]] void check_counted_conversion(const Dimension& value, const Dimension& target, int column) const {
        if (turns_cycles_into_angles(value, target)) fail_cycles_into_angles(value, "The conversion" + at(column), column);
    }

    // The scale of "20 degC" or "(20 to 25) * degC": the right operand of a product, a scale's name that is no variable.
    // Inline up to the offset, which only a temperature scale has, so that a product pays no call for it.
    [[gnu::always_inline]] const UnitValue* scale_after(const SyntaxTree& t, const Node& n,
                                                        std::span<const NamedValue<V>> locals) const {
        const Node& right = t.nodes[n.rhs];
        if (right.kind != NodeKind::name) return nullptr;
        const UnitValue* u = t.unit_of(right);
        if (!u || u->offset == 0) [[likely]] return nullptr;
        return unless_a_variable(right, u, locals);
    }

    [[gnu::noinline]] const UnitValue* unless_a_variable(const Node& name, const UnitValue* u,
                                                         std::span<const NamedValue<V>> locals) const {
        return lookup(name.text, locals) ? nullptr : u;
    }

    // A product, quotient or power with a temperature on a scale with an offset depends on where the scale puts its zero.
    // The test inline, the refusal out of line: left to itself GCC makes the whole of it a call at every product,
    // quotient and power.
    [[gnu::always_inline]] void refuse_temperature_operand(const Value<V>& a, const Value<V>& b, const char* what,
                                                           int column) const {
        if (is_temperature_point(a) || is_temperature_point(b)) [[unlikely]] TemperatureValues<V>::refuse(*this, a, b, what, column);
    }

    // A number typed as a decimal a double cannot hold, or a unit size such as the foot: the true value lies in
    // [low, high], so a bounds type keeps its guarantee for what the user typed.
    static V number(double low, double nearest, double high) {
        return low == high ? V::point(nearest) : V::literal(nearest, low, high);
    }

    Value<V> call(const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        // A session's own functions first (a notebook may define its own gpu_hours), then the prelude's.
        const SyntaxTree* user = nullptr;
        if (globals_) {
            if (auto it = globals_->functions.find(n.text); it != globals_->functions.end()) user = it->second.get();
        }
        if (!user) user = find_prelude_function(n.text);
        const Builtin<V>* builtin = user ? nullptr : find_builtin<V>(n.text);
        // The prelude's planning functions have rules on their arguments (prelude.hpp); a session's own do not.
        const bool prelude = user && is_prelude_function(*user);

        // A builtin that takes names (peak(H100)) reads its arguments as written; they are not variables.
        std::vector<Value<V>> args;
        if (!builtin || !builtin->takes_names) {
            args.reserve(static_cast<std::size_t>(n.argument_count));
            for (std::int32_t k = 0; k < n.argument_count; ++k) {
                const std::int32_t node = t.arguments[n.first_argument + k];
                const Expectation* rule = prelude ? prelude_argument_rule(*user, static_cast<std::size_t>(k)) : nullptr;
                // A planning function's utilization is a declared fraction: its range reads as one (run_fraction).
                if constexpr (FractionReading<V>) {
                    if (rule && rule->sign == Expectation::Sign::fraction) {
                        args.push_back(fraction_at(t, node, locals));
                        continue;
                    }
                }
                args.push_back(eval(t, node, locals));
            }
        }
        if (user) {
            const SyntaxTree& body = *user;
            const auto& params = body.statement.parameters;
            if (params.size() != args.size()) fail_arity(n, params.size(), args.size(), &params);
            std::vector<NamedValue<V>> frame;
            frame.reserve(args.size());
            for (std::size_t k = 0; k < args.size(); ++k) {
                if (prelude) check_prelude_argument(body, k, args[k], &t, t.arguments[n.first_argument + static_cast<std::int32_t>(k)]);
                frame.push_back(NamedValue<V>{params[k], std::move(args[k])});
            }
            // The sentence is built only when the limit is reached, not on every call.
            if (calls_ >= limits::max_call_depth) {
                Error error{in_quotes(n.text) + " calls itself more than " + std::to_string(limits::max_call_depth) +
                                " levels deep; a function may not depend on itself.",
                            n.column, {}};
                error.kind = ErrorKind::recursion;
                error.function = std::string(n.text);
                fail(std::move(error));
            }
            Value<V> v = in_body(body, frame, n.column, &t, static_cast<std::int32_t>(&n - t.nodes.data()));
            check_prelude_result(body, v.number.central(), n.column);
            return v;
        }
        if (!builtin) fail_unknown_function(n);
        const auto count = static_cast<std::size_t>(n.argument_count);
        if (count < builtin->min_arguments || count > builtin->max_arguments) {
            fail_arity(n, count < builtin->min_arguments ? builtin->min_arguments : builtin->max_arguments, count);
        }
        const Value<V>* point = nullptr;
        for (const Value<V>& a : args)
            if (is_temperature_point(a) && !point) point = &a;
        const Value<V>* difference = nullptr;
        for (const Value<V>& a : args)
            if (a.difference && !difference) difference = &a;
        if (point && difference) {
            // "max(d, 20 degC)": a temperature beside a difference of temperatures, as a range's ends may not be.
            fail_temperature(in_quotes(n.text) + at(n.column) + " got the temperature " + describe_value(*point) +
                                 " and the difference of temperatures " + describe_value(*difference) +
                                 ", which are not values of one kind.",
                             n.column, "Give it temperatures alone, or differences in K or degR alone.");
        }
        if (point && !keeps_temperature(n.text) && n.text != "sd") {
            fail_temperature(in_quotes(n.text) + at(n.column) + " got the temperature " + describe_value(*point) +
                                 " on a scale with an offset, and its result would depend on where the scale puts its zero.",
                             n.column);
        }
        BuiltinCall<V> call{*this, *context_, n, args, &t};
        Value<V> result = checked(builtin->apply(call), n.column);
        // The spread of temperatures is a difference; an order statistic or mean of them a temperature on the scale.
        if (point && is_temperature_dimension(result.dimension)) {
            if (n.text == "sd") {
                result.unit = nullptr;
                result.difference = true;
            } else {
                result.unit = point->unit;
                return TemperatureValues<V>::above_absolute_zero(*this, std::move(result), n.column);
            }
        }
        // A function of a difference of temperatures (max(d, 1 K), abs(d), sqrt(d * d)) is a difference too, so that
        // it is never shown on a scale with an offset (max(5 K, 1 K) is 5 K, not -268 degC).
        if (difference) result.difference = true;
        return result;
    }

    // The number of characters (not bytes) of a text, as columns count them.
    static int characters(std::string_view text) {
        int count = 0;
        for (char ch : text) count += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
        return count;
    }

    // Evaluates a function body. An error inside it is reported at the call on the user's line (at `column`, and
    // spanning the call node `call` of `tree` when given), and names the values the function was called with,
    // since the user wrote those and not the body.
    Value<V> in_body(const SyntaxTree& body, std::span<const NamedValue<V>> frame, int column,
                     const SyntaxTree* tree = nullptr, std::int32_t call = -1) {
        Deeper guard(calls_, limits::max_call_depth, column, "");
        const std::string_view outer = body_name_;
        body_name_ = body.statement.name;
        // The value types' sentences say where by the same place (domain_checks.hpp); restored on the way out.
        struct InBody {
            std::string_view previous = body_in_evaluation;
            explicit InBody(std::string_view name) { body_in_evaluation = name; }
            ~InBody() { body_in_evaluation = previous; }
        } in_this_body(body_name_);
        try {
            Value<V> v = eval(body, body.statement.root, frame);
            body_name_ = outer;
            return v;
        } catch (ErrorException& e) {
            body_name_ = outer;
            Error error = e.error();
            if (outer.empty()) {
                // Only the outermost call is on the user's line.
                error.column = column;
                error.length = tree ? characters(source_text(*tree, call)) : 0;
                std::string values;
                for (const auto& p : frame) {
                    values += (values.empty() ? "" : ", ") + std::string(p.name) + " = " + describe_value(p.value);
                }
                // A sentence that already names the function (its recursion limit) needs no second mention.
                const bool names_it = error.kind == ErrorKind::recursion && error.function == body.statement.name;
                if (!values.empty() && !names_it) error.hint = trim_join("In " + in_quotes(body.statement.name) + ": " + values + ".", error.hint);
            }
            throw ErrorException(std::move(error));
        }
    }

    // The prelude's rule on its `index`th parameter (prelude.hpp), checked on the argument's value in this reading.
    // Where the argument is node `node` of `tree`, the sentence quotes it as written and points at it.
    static void check_prelude_argument(const SyntaxTree& body, std::size_t index, const Value<V>& v,
                                       const SyntaxTree* tree = nullptr, std::int32_t node = -1) {
        const Expectation* rule = prelude_argument_rule(body, index);
        if (!rule) return;
        // A distribution's percentiles are computed, not typed: "0.5 to 1" may give a 95th percentile a rounding above 1.
        constexpr double slack = DistributionType<V> ? 1e-12 : 0;
        const double low = v.number.low(), high = v.number.high();
        if (keeps_rule(*rule, v.dimension, low, high, slack)) [[likely]] return;
        if (!tree) fail_prelude_argument(body, index, v.dimension, high, describe_value(v), 0);
        const Node& argument = tree->nodes[static_cast<std::size_t>(node)];
        fail_prelude_argument(body, index, v.dimension, high, source_text(*tree, node), argument.column);
    }

    static std::string describe_value(const Value<V>& v) {
        FormatOptions options;
        options.dimension_label = false;
        return format(to_quantity(v), options);
    }

    // The value of node `index` read as a declared fraction (run_fraction): a range, perhaps times positive numbers
    // or names, is V::fraction_between through its ends; any other node is evaluated as it stands.
    Value<V> fraction_at(const SyntaxTree& tree, std::int32_t root, std::span<const NamedValue<V>> locals)
        requires FractionReading<V>
    {
        std::int32_t index = root;
        std::vector<std::int32_t> factors;
        // Only numbers and names as factors: evaluating them makes no input, so a text that is no range after all
        // is evaluated with the same inputs in the same columns.
        const auto plain = [&](std::int32_t i) {
            const NodeKind k = tree.nodes[static_cast<std::size_t>(i)].kind;
            return k == NodeKind::number || k == NodeKind::name;
        };
        for (;;) {
            const Node& n = tree.nodes[static_cast<std::size_t>(index)];
            if ((n.kind != NodeKind::juxtapose && n.kind != NodeKind::multiply) || n.hyphen) break;
            if (plain(n.rhs)) {
                factors.push_back(n.rhs);
                index = n.lhs;
            } else if (plain(n.lhs)) {
                factors.push_back(n.lhs);
                index = n.rhs;
            } else {
                break;
            }
        }
        const Node& range = tree.nodes[static_cast<std::size_t>(index)];
        if (range.kind != NodeKind::range || range.labelled) return eval(tree, root, locals);
        const auto end = [&](std::int32_t i) {
            Value<V> v = eval(tree, i, locals);
            for (const std::int32_t f : factors) {
                const Value<V> factor = eval(tree, f, locals);
                if (!factor.number.is_point() || !(factor.number.central() > 0)) return std::optional<Value<V>>{};
                v = Value<V>{V::multiply(*context_, v.number, factor.number), v.dimension * factor.dimension, nullptr};
            }
            if (!v.dimension.is_dimensionless() || v.dimension.counts_cycles_or_angles() || !v.number.is_point())
                return std::optional<Value<V>>{};
            return std::optional<Value<V>>{std::move(v)};
        };
        const auto low = end(range.lhs), high = end(range.rhs);
        const auto central = range.middle >= 0 ? end(range.middle) : std::optional<Value<V>>{};
        if (!low || !high || (range.middle >= 0 && !central)) return eval(tree, root, locals);
        if (central) {
            return Value<V>{V::fraction_between3(*context_, low->number, central->number, high->number, range.column),
                            low->dimension, nullptr};
        }
        return Value<V>{V::fraction_between(*context_, low->number, high->number, range.column), low->dimension, nullptr};
    }

    [[noreturn]] void fail_unknown_function(const Node& n) const {
        std::vector<std::string_view> known;
        for (const auto& b : builtin_functions<V>()) known.push_back(b.name);
        if (globals_)
            for (const auto& [name, tree] : globals_->functions) known.push_back(name);
        const std::string note = units_.find(n.text) || lookup(n.text, {})
                                     ? " " + in_quotes(n.text) + " is a unit or variable; put * before \"(\" to multiply."
                                     : "";
        Error error{"Unknown function " + in_quotes(n.text) + at(n.column) + "." + note, n.column,
                    did_you_mean(closest_matches(n.text, known)), ErrorKind::unknown_name};
        error.argument = std::string(n.text);
        error.function = std::string(n.text);
        fail(std::move(error));
    }
};

}  // namespace ballpark

#include "eval/probability.hpp"  // IWYU pragma: keep (eval_probability, declared above)
#include "eval/hyphen_groups.hpp"  // IWYU pragma: keep (declared above)
#include "eval/printed_ranges.hpp"  // IWYU pragma: keep (declared above)
#include "eval/temperature_values.hpp"  // IWYU pragma: keep (declared above)
