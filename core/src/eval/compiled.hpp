// A syntax tree compiled for one set of bound names: what the evaluator decides from the tree and the names alone
// (which name is a binding, which parts of the text are constant, which way a `to` or a hyphen reads) is decided
// once, and a run only computes. For the evaluations that repeat one text with new values under the same names (a
// QTYVALUE with name; value pairs, each row of a column): the evaluator would walk the tree and fold the same
// constants at every call, most of such a call's time (callgrind on EvaluateWithBindings; docs/performance.md).
//
// The program does what the evaluator does, with the same operations of the value type in the same order, so its
// results are the evaluator's to the last bit. It knows only the common cases; anything else (a temperature on a
// scale, a hyphen that subtracts, a function call that reads a binding, any value the evaluator would refuse or turn
// into an error) makes compile() or run() give up, and the caller evaluates the tree, which gives the result or
// the error it always gave. Only for value types whose values refer to no context (shareable_values): a run that
// gives up has then changed nothing, and running it again from the start is the same evaluation.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <string_view>
#include <utility>
#include <vector>

#include "eval/builtins.hpp"
#include "eval/evaluator.hpp"
#include "eval/prelude.hpp"
#include "eval/temperature.hpp"
#include "values/domain_checks.hpp"
#include "values/value_type.hpp"

namespace ballpark {

// The most names a compiled tree reads and the deepest its stack goes: a run keeps both on the stack of the
// caller, not on the heap. More gives no program.
inline constexpr std::size_t compiled_max_names = 16;

template <ValueType V>
    requires shareable_values<V>
class CompiledTree {
public:
    static constexpr std::size_t max_names = compiled_max_names;
    static constexpr std::size_t max_stack = 32;

    // The tree compiled for bindings named `names` (distinct, in the order their values will be given), or
    // nothing where the evaluator must decide at every run. Evaluates the constant parts of the tree, which may
    // throw nothing out: a part that fails gives no program, and the evaluation says why.
    static std::optional<CompiledTree> compile(const SyntaxTree& tree, std::span<const std::string_view> names) {
        // The evaluator refuses trees nested too deep or too long to walk (limits.hpp); a tree well below both
        // cannot reach them, whatever the values.
        if (names.size() > max_names || tree.nodes.size() > max_nodes) return std::nullopt;
        if (tree.statement.kind != Statement::Kind::expression) return std::nullopt;
        if constexpr (requires(typename V::Context c, V v) { V::label_input(c, v, std::string{}); }) return std::nullopt;
        CompiledTree out(tree, names);
        try {
            if (!out.emit(tree.statement.root, 0)) return std::nullopt;
        } catch (const ErrorException&) {
            return std::nullopt;
        }
        out.names_ = {};  // the caller's, read only while compiling
        return out;
    }

    // A value on the stack or bound to a name: its unit is a pointer to where the tree keeps it, so that a run
    // copies no shared pointer. Trivial to make and to drop: a run's slots are left unset until written.
    struct Slot {
        V number;
        Dimension dimension;
        const std::shared_ptr<const DisplayUnit>* unit;
        bool difference;
        bool temperature_point() const { return unit && is_offset_scale(unit->get()); }
    };
    static_assert(std::is_trivially_destructible_v<Slot>);

    // Slots left unset: a run writes each before reading it, and making 32 of them would cost more than a run's
    // arithmetic.
    template <std::size_t N>
    union Slots {
        Slot at[N];
        Slots() {}
    };

    // The value of the tree with values[k] bound to the k-th name, or nothing where the evaluator must decide
    // (it then gives the same value, or the error that this run met). Each value's unit must be null.
    //
    // What a run decides from the dimensions alone (that a sum's terms agree, a conversion's target, the
    // dimension and unit of the result) is the same for every run whose values have the dimensions of an earlier
    // one that went through, as the rows of a column and the recalculations of a cell have: such a run computes
    // only the numbers. Not for sharing between threads: it keeps what the last runs decided.
    std::optional<Value<V>> run(std::span<const Slot> values) const {
        if (typed_ && typed_->count == values.size() && of_the_types(values)) return run_numbers(values);
        const std::optional<Slot> v = run_values(values);
        if (!v) return std::nullopt;
        if (typable_ && values.size() <= max_names) {
            bool plain = true;
            for (const Slot& value : values) plain = plain && !value.difference;
            if (plain) {
                Typed& t = typed_.emplace();
                t.count = values.size();
                for (std::size_t k = 0; k < values.size(); ++k) t.inputs[k] = values[k].dimension;
                t.result = *v;
            }
        }
        return Value<V>{v->number, v->dimension, v->unit ? *v->unit : nullptr, v->difference};
    }

    // For many runs whose values at names 0 … fixed-1 are always these `values` (the names a column's rows
    // share): this tree with each largest part that reads only those names computed once, as a constant ("312
    // TFLOP/s * util" in "… / (312 TFLOP/s * util)"; a name alone stays a name), and its runs comparing only the
    // other values' dimensions with the last run's. Nothing where the whole tree reads only those names, or where
    // computing a part goes the evaluator's way. A run then does the same operations in the same order as this
    // tree's, less the ones done once, so its results are this tree's.
    std::optional<CompiledTree> with_fixed(std::span<const Slot> values, std::size_t fixed) const {
        // For each value on the stack, where its steps begin, whether it depends only on the fixed names and the
        // constants, and whether it reads a name at all.
        struct Part {
            std::size_t begin;
            bool fixed;
            bool reads;
        };
        std::array<Part, max_stack> stack;
        std::size_t top = 0;
        std::vector<std::pair<std::size_t, std::size_t>> parts;  // [begin, end) of the steps computed once
        const auto keep = [&](const Part& p, std::size_t end) {
            if (p.fixed && p.reads && end - p.begin > 1) parts.emplace_back(p.begin, end);
        };
        for (std::size_t i = 0; i < steps_.size(); ++i) {
            const Step& step = steps_[i];
            switch (step.op) {
                case Op::constant: stack[top++] = Part{i, true, false}; break;
                case Op::name: stack[top++] = Part{i, step.index < fixed, true}; break;
                case Op::negate:
                case Op::convert: break;  // the value on top, one step longer
                case Op::add:
                case Op::subtract:
                case Op::multiply:
                case Op::divide:
                case Op::power:
                case Op::range: {
                    const Part b = stack[--top];
                    Part& a = stack[top - 1];
                    if (!(a.fixed && b.fixed)) {
                        keep(a, b.begin);
                        keep(b, i);
                    }
                    a = Part{a.begin, a.fixed && b.fixed, a.reads || b.reads};
                    break;
                }
            }
        }
        // A tree that reads no name of a row would be computed once whole: not a column's.
        if (top != 1 || stack[0].fixed) return std::nullopt;
        std::ranges::sort(parts);
        CompiledTree out(*tree_, {});
        out.constants_ = constants_;
        out.constants_.reserve(constants_.size() + parts.size());
        out.typable_ = typable_;
        out.depth_ = depth_;
        out.fixed_ = fixed;
        std::size_t at = 0;
        for (const auto& [begin, end] : parts) {
            out.steps_.insert(out.steps_.end(), steps_.begin() + static_cast<std::ptrdiff_t>(at),
                              steps_.begin() + static_cast<std::ptrdiff_t>(begin));
            const std::optional<Slot> v = run_steps(values, begin, end);
            if (!v || v->temperature_point()) return std::nullopt;
            out.constants_.push_back(Value<V>{v->number, v->dimension, v->unit ? *v->unit : nullptr, v->difference});
            out.steps_.push_back(Step{Op::constant, static_cast<std::uint32_t>(out.constants_.size() - 1), 0});
            at = end;
        }
        out.steps_.insert(out.steps_.end(), steps_.begin() + static_cast<std::ptrdiff_t>(at), steps_.end());
        return out;
    }

private:
    bool of_the_types(std::span<const Slot> values) const {
        // The fixed values are those of the run that set typed_ (with_fixed).
        for (std::size_t k = fixed_; k < values.size(); ++k) {
            if (values[k].difference || !values[k].dimension.identical(typed_->inputs[k])) return false;
        }
        return true;
    }

    // run() where the dimensions are those of typed_: the numbers, and the checks that depend on them.
    std::optional<Value<V>> run_numbers(std::span<const Slot> values) const {
        union Numbers {
            V at[max_stack];
            Numbers() {}
        } numbers;
        V* const stack = numbers.at;
        std::size_t top = 0;
        typename V::Context c;
        try {
            for (const Step& step : steps_) {
                switch (step.op) {
                    case Op::constant: std::construct_at(&stack[top++], constants_[step.index].number); break;
                    case Op::name: std::construct_at(&stack[top++], values[step.index].number); break;
                    case Op::add:
                    case Op::subtract:
                    case Op::multiply:
                    case Op::divide: {
                        V& a = stack[top - 2];
                        const V& b = stack[--top];
                        a = step.op == Op::add        ? V::add(c, a, b)
                            : step.op == Op::subtract ? V::subtract(c, a, b)
                            : step.op == Op::multiply ? V::multiply(c, a, b)
                                                      : V::divide(c, a, b, step.column);
                        if (!a.is_finite()) return std::nullopt;
                        break;
                    }
                    case Op::power: {
                        V& base = stack[top - 2];
                        const V& exponent = stack[--top];
                        const double e = point_exponent(exponent.low(), exponent.central(), exponent.high(), Place(step.column, {}));
                        if constexpr (requires { V::power(c, base, exponent, step.column); }) {
                            base = V::power(c, base, exponent, step.column);
                        } else {
                            base = V::power(c, base, e, step.column);
                        }
                        if (!base.is_finite()) return std::nullopt;
                        break;
                    }
                    case Op::negate: stack[top - 1] = V::negate(c, stack[top - 1]); break;
                    case Op::range: {
                        V& a = stack[top - 2];
                        a = V::between(c, a, stack[--top], step.column);
                        break;
                    }
                    case Op::convert: {
                        const V& v = stack[top - 1];
                        const double factor = tree_->displays[static_cast<std::size_t>(step.index)]->factor;
                        if (!std::isfinite(std::max(std::abs(v.low()), std::abs(v.high())) / factor)) return std::nullopt;
                        break;
                    }
                }
            }
        } catch (const ErrorException&) {
            return std::nullopt;
        }
        const Slot& t = typed_->result;
        return Value<V>{stack[0], t.dimension, t.unit ? *t.unit : nullptr, t.difference};
    }

    std::optional<Slot> run_values(std::span<const Slot> values) const {
        const std::optional<Slot> v = run_steps(values, 0, steps_.size());
        if (v && tree_->statement.claimed_dimension && *tree_->statement.claimed_dimension != v->dimension) return std::nullopt;
        return v;
    }

    // The value that steps [begin, end) leave on the stack: all of the tree's, or the steps of one part of it.
    std::optional<Slot> run_steps(std::span<const Slot> values, std::size_t begin, std::size_t end) const {
        Slots<max_stack> slots;
        Slot* const stack = slots.at;
        std::size_t top = 0;  // the number of slots in use
        typename V::Context c;
        for (std::size_t i = begin; i < end; ++i) {
            const Step& step = steps_[i];
            switch (step.op) {
                case Op::constant: {
                    const Value<V>& v = constants_[step.index];
                    std::construct_at(&stack[top++], Slot{v.number, v.dimension, v.unit ? &v.unit : nullptr, v.difference});
                    break;
                }
                case Op::name: std::construct_at(&stack[top++], values[step.index]); break;
                case Op::add:
                case Op::subtract: {
                    Slot& a = stack[top - 2];
                    const Slot& b = stack[--top];
                    // Unlike values (the evaluator's same_dimension_counting) and temperatures go its way.
                    if (!a.dimension.identical(b.dimension) || is_temperature_dimension(a.dimension)) return std::nullopt;
                    a.number = step.op == Op::add ? V::add(c, a.number, b.number) : V::subtract(c, a.number, b.number);
                    a.unit = nullptr;
                    a.difference = a.difference || b.difference;
                    if (!a.number.is_finite()) return std::nullopt;
                    break;
                }
                case Op::multiply:
                case Op::divide: {
                    Slot& a = stack[top - 2];
                    const Slot& b = stack[--top];
                    if (a.temperature_point() || b.temperature_point()) return std::nullopt;
                    try {
                        if (step.op == Op::multiply) {
                            a.number = V::multiply(c, a.number, b.number);
                            a.dimension = a.dimension * b.dimension;
                        } else {
                            a.number = V::divide(c, a.number, b.number, step.column);
                            a.dimension = a.dimension / b.dimension;
                        }
                    } catch (const ErrorException&) {
                        return std::nullopt;
                    }
                    a.unit = nullptr;
                    a.difference = a.difference || b.difference;
                    if (!a.number.is_finite()) return std::nullopt;
                    break;
                }
                case Op::power: {
                    Slot& base = stack[top - 2];
                    const Slot& exponent = stack[--top];
                    if (base.temperature_point() || exponent.temperature_point()) return std::nullopt;
                    if (!exponent.dimension.is_dimensionless()) return std::nullopt;
                    try {
                        const double e = point_exponent(exponent.number.low(), exponent.number.central(),
                                                        exponent.number.high(), Place(step.column, {}));
                        if constexpr (requires { V::power(c, base.number, exponent.number, step.column); }) {
                            base.number = V::power(c, base.number, exponent.number, step.column);
                        } else {
                            base.number = V::power(c, base.number, e, step.column);
                        }
                        base.dimension = base.dimension.power(e);
                    } catch (const ErrorException&) {
                        return std::nullopt;
                    }
                    base.unit = nullptr;
                    if (!base.number.is_finite()) return std::nullopt;
                    break;
                }
                case Op::negate: {
                    Slot& v = stack[top - 1];
                    if (v.temperature_point()) return std::nullopt;
                    v.number = V::negate(c, v.number);
                    break;
                }
                case Op::range: {
                    Slot& a = stack[top - 2];
                    const Slot& b = stack[--top];
                    if (!a.dimension.identical(b.dimension) || is_temperature_dimension(a.dimension)) return std::nullopt;
                    try {
                        a.number = V::between(c, a.number, b.number, step.column);
                    } catch (const ErrorException&) {
                        return std::nullopt;
                    }
                    a.unit = nullptr;
                    a.difference = false;
                    break;
                }
                case Op::convert: {
                    Slot& v = stack[top - 1];
                    const std::shared_ptr<const DisplayUnit>& target = tree_->displays[static_cast<std::size_t>(step.index)];
                    if (v.dimension != target->dimension) return std::nullopt;
                    if (!std::isfinite(std::max(std::abs(v.number.low()), std::abs(v.number.high())) / target->factor)) {
                        return std::nullopt;
                    }
                    v.unit = &target;
                    break;
                }
            }
        }
        return stack[top - 1];
    }

    // No path through a tree of max_nodes is as deep as the evaluator's limit, nor are its steps as many, constant
    // parts included (they call built-in functions only): a compiled tree cannot compute what the evaluator refuses.
    static constexpr std::size_t max_nodes = 1000;
    static_assert(max_nodes < static_cast<std::size_t>(limits::max_eval_depth) && max_nodes < limits::max_eval_steps);
    static constexpr std::size_t max_depth = max_nodes;

    enum class Op : std::uint8_t { constant, name, add, subtract, multiply, divide, power, negate, range, convert };
    struct Step {
        Op op;
        std::uint32_t index = 0;  // constant: of constants_; name: of the values; convert: of the tree's displays
        int column = 0;
    };
    CompiledTree(const SyntaxTree& tree, std::span<const std::string_view> names) : tree_(&tree), names_(names) {}

    std::optional<std::uint32_t> binding(std::string_view name) const {
        for (std::size_t k = 0; k < names_.size(); ++k)
            if (names_[k] == name) return static_cast<std::uint32_t>(k);
        return std::nullopt;
    }

    // Whether the value of node i depends on the bindings: it names one, or calls a function of the prelude, whose
    // body the evaluator runs where the bindings are visible too.
    bool reads_bindings(std::int32_t i) const {
        if (i < 0) return false;
        const Node& n = tree_->nodes[static_cast<std::size_t>(i)];
        if (n.kind == NodeKind::name && binding(n.text)) return true;
        if (n.kind == NodeKind::call) {
            if (find_prelude_function(n.text)) return true;
            for (std::int32_t k = 0; k < n.argument_count; ++k)
                if (reads_bindings(tree_->arguments[static_cast<std::size_t>(n.first_argument + k)])) return true;
        }
        return reads_bindings(n.lhs) || reads_bindings(n.rhs) || reads_bindings(n.middle);
    }

    // Whether a name under node i is a binding (the evaluator's names_a_variable, which follows lhs and rhs).
    bool names_a_binding(std::int32_t i) const {
        if (i < 0) return false;
        const Node& n = tree_->nodes[static_cast<std::size_t>(i)];
        if (n.kind == NodeKind::name && binding(n.text)) return true;
        return names_a_binding(n.lhs) || names_a_binding(n.rhs);
    }

    // A product whose right operand is a scale with an offset ("x degC"), which the evaluator reads on the scale.
    bool on_a_scale(const Node& n) const {
        const Node& right = tree_->nodes[static_cast<std::size_t>(n.rhs)];
        if (right.kind != NodeKind::name) return false;
        const UnitValue* u = tree_->unit_of(right);
        return u && u->offset != 0 && !binding(right.text);
    }

    bool push(Op op, std::uint32_t index = 0, int column = 0, int pushed = 0) {
        steps_.push_back(Step{op, index, column});
        depth_ += pushed;
        return depth_ <= static_cast<int>(max_stack);
    }

    // Appends the steps that leave node i's value on the stack; false where the evaluator must decide.
    bool emit(std::int32_t i, std::size_t depth) {
        if (depth > max_depth) return false;
        const Node& n = tree_->nodes[static_cast<std::size_t>(i)];
        if (!reads_bindings(i)) {
            // Constant: its value, as the evaluator computes it (a fresh evaluation of the node; none of its names
            // is a binding, so the bindings change nothing in it).
            Evaluator<V> evaluator(nullptr, {});
            constants_.push_back(evaluator.run_node(*tree_, i));
            if (is_temperature_point(constants_.back())) return false;
            return push(Op::constant, static_cast<std::uint32_t>(constants_.size() - 1), 0, 1);
        }
        const auto binary = [&](Op op) {
            return emit(n.lhs, depth + 1) && emit(n.rhs, depth + 1) && push(op, 0, n.column, -1);
        };
        switch (n.kind) {
            case NodeKind::name: return push(Op::name, *binding(n.text), 0, 1);
            case NodeKind::add: return binary(Op::add);
            case NodeKind::subtract: return binary(Op::subtract);
            case NodeKind::multiply:
            case NodeKind::juxtapose:
                // A hyphen group that reads a binding subtracts or is refused; a scale reads its left on the scale.
                if (n.hyphen || on_a_scale(n)) return false;
                return binary(Op::multiply);
            case NodeKind::divide: return binary(Op::divide);
            case NodeKind::power:
                if (!emit(n.lhs, depth + 1) || !emit(n.rhs, depth + 1)) return false;
                // The dimension of a power depends on the exponent's value: only a constant one leaves it to the
                // dimensions (run_numbers).
                if (steps_.back().op != Op::constant) typable_ = false;
                return push(Op::power, 0, n.column, -1);
            case NodeKind::negate: {
                const Node& operand = tree_->nodes[static_cast<std::size_t>(n.lhs)];
                if ((operand.kind == NodeKind::juxtapose || operand.kind == NodeKind::multiply) && on_a_scale(operand)) return false;
                return emit(n.lhs, depth + 1) && push(Op::negate);
            }
            case NodeKind::range:
                if (n.middle >= 0) return false;  // a printed range read back
                return binary(Op::range);
            case NodeKind::convert: {
                // "t1 to h" with a variable h is the range the parser kept beside the conversion.
                if (n.rhs >= 0 && names_a_binding(tree_->nodes[static_cast<std::size_t>(n.rhs)].rhs)) return emit(n.rhs, depth + 1);
                if (n.number_word_to) return false;
                const DisplayUnit& target = tree_->display_of(n);
                if (target.dimension.counts_cycles_or_angles() || is_offset_scale(&target)) return false;
                return emit(n.lhs, depth + 1) && push(Op::convert, static_cast<std::uint32_t>(n.unit));
            }
            case NodeKind::number:
            case NodeKind::call:
            case NodeKind::probability: return false;  // P(x < y): the tree evaluator (eval/probability.hpp)
        }
        return false;
    }

    const SyntaxTree* tree_;
    std::span<const std::string_view> names_;
    std::vector<Step> steps_;
    std::vector<Value<V>> constants_;
    int depth_ = 0;  // the stack's depth after the steps so far
    bool typable_ = true;  // whether the dimensions of the values decide every dimension of a run
    std::size_t fixed_ = 0;  // the values the same in every run (with_fixed)

    // The dimensions of the values of the last run that went through (none a difference of temperatures), and the
    // dimension, unit and difference of its result.
    struct Typed {
        std::size_t count = 0;
        std::array<Dimension, max_names> inputs;
        Slot result;
    };
    mutable std::optional<Typed> typed_;
};

}  // namespace ballpark
