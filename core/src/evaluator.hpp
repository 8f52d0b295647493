// Evaluates a syntax tree. A template over the value type V so that other kinds of uncertainty (sampled,
// dependency-aware) are new value types, not a new evaluator. V provides: point(x), between(a, b, column),
// + - * and unary -, divide(a, b, column), power(a, exponent, column), absolute, minimum, maximum,
// increasing(a, f), low(), central(), high(), is_point(), is_finite().
#pragma once

#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "limits.hpp"
#include "suggest.hpp"
#include "unit_registry.hpp"
#include "value.hpp"

namespace ballpark {

// Words for a dimension in an error: "compute (FLOP)", "time (s)", "dimensionless".
std::string describe_dimension(const Dimension& dimension);
// A hint for turning one dimension into another, such as "Divide by a compute rate (FLOP/s) to get time."
std::string conversion_hint(const Dimension& from, const Dimension& to);
// The names every evaluator knows as functions.
const std::vector<std::string_view>& builtin_function_names();

template <class V>
class Evaluator {
public:
    Evaluator(const Globals<V>* globals, std::span<const NamedValue<V>> bindings)
        : globals_(globals), bindings_(bindings), units_(UnitRegistry::instance()) {}

    Value<V> run(const SyntaxTree& tree) { return eval(tree, tree.statement.root, {}); }

private:
    const Globals<V>* globals_;
    std::span<const NamedValue<V>> bindings_;
    const UnitRegistry& units_;
    int depth_ = 0;
    int calls_ = 0;
    long steps_ = 0;  // nodes evaluated in this run, calls included

    struct Deeper {
        int& depth;
        Deeper(int& d, int limit, int column, const char* what) : depth(d) {
            if (++depth > limit) {
                --depth;
                fail(std::string(what), column);
            }
        }
        ~Deeper() { --depth; }
    };

    static Value<V> checked(Value<V> v, int column) {
        if (!v.number.is_finite()) {
            fail("The result at column " + std::to_string(column) +
                     " is beyond double precision (larger than about 1.8 × 10^308, or not a number).",
                 column);
        }
        return v;
    }

    static void same_dimension(const Value<V>& a, const Value<V>& b, const char* verb, const char* op, int column) {
        if (a.dimension == b.dimension) return;
        fail(std::string("Cannot ") + verb + " " + describe_dimension(a.dimension) + " and " +
                 describe_dimension(b.dimension) + ": both sides of " + op + " at column " + std::to_string(column) +
                 " need the same dimension.",
             column);
    }

    const Value<V>* lookup(std::string_view name, std::span<const NamedValue<V>> locals) const {
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
        fail(std::string(n.unit_position ? "Unknown unit" : "Unknown variable") + " \"" + std::string(n.text) +
                 "\" at column " + std::to_string(n.column) + ": it is neither a variable nor a unit.",
             n.column, did_you_mean(units_.suggestions(n.text, known)));
    }

    Value<V> eval(const SyntaxTree& t, std::int32_t index, std::span<const NamedValue<V>> locals) {
        const Node& n = t.nodes[index];
        Deeper guard(depth_, limits::max_eval_depth, n.column,
                     "The calculation nests too deeply; split it into named steps.");
        // Depth limits alone let f1(x) = f0(x) + f0(x), f2(x) = f1(x) + f1(x), … double the work per line and hang.
        if (++steps_ > limits::max_eval_steps) {
            fail("The calculation takes more than " + std::to_string(limits::max_eval_steps) +
                     " steps; user functions that call other functions several times each multiply the work.",
                 n.column);
        }
        switch (n.kind) {
            case NodeKind::number: return Value<V>{V::point(n.number), {}, nullptr};
            case NodeKind::name: {
                if (const Value<V>* v = lookup(n.text, locals)) return *v;
                if (n.unit) return Value<V>{V::point(n.unit->factor), n.unit->dimension, nullptr};
                fail_unknown_name(n, locals);
            }
            case NodeKind::negate: {
                Value<V> v = eval(t, n.lhs, locals);
                return Value<V>{-v.number, v.dimension, v.unit};
            }
            case NodeKind::add:
            case NodeKind::subtract: {
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                const bool add = n.kind == NodeKind::add;
                same_dimension(a, b, add ? "add" : "subtract", add ? "\"+\"" : "\"-\"", n.column);
                return checked(Value<V>{add ? a.number + b.number : a.number - b.number, a.dimension, nullptr}, n.column);
            }
            case NodeKind::multiply:
            case NodeKind::juxtapose: {
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                return checked(Value<V>{a.number * b.number, a.dimension * b.dimension, nullptr}, n.column);
            }
            case NodeKind::divide: {
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                return checked(Value<V>{V::divide(a.number, b.number, n.column), a.dimension / b.dimension, nullptr},
                               n.column);
            }
            case NodeKind::power: {
                const Value<V> base = eval(t, n.lhs, locals);
                const Value<V> exponent = eval(t, n.rhs, locals);
                if (!exponent.dimension.is_dimensionless()) {
                    fail("An exponent must be a plain number, but the one at column " + std::to_string(n.column) +
                             " is " + describe_dimension(exponent.dimension) + ".",
                         n.column);
                }
                if (!exponent.number.is_point()) {
                    fail("An exponent must be a single number, not a range (column " + std::to_string(n.column) + ").",
                         n.column);
                }
                const double e = exponent.number.central();
                return checked(Value<V>{V::power(base.number, e, n.column), base.dimension.power(e), nullptr}, n.column);
            }
            case NodeKind::range: {
                const Value<V> a = eval(t, n.lhs, locals);
                const Value<V> b = eval(t, n.rhs, locals);
                same_dimension(a, b, "make a range of", "\"to\"", n.column);
                return Value<V>{V::between(a.number, b.number, n.column), a.dimension, nullptr};
            }
            case NodeKind::convert: {
                Value<V> v = eval(t, n.lhs, locals);
                if (v.dimension != n.display->dimension) {
                    fail("Cannot convert " + describe_dimension(v.dimension) + " to \"" + n.display->label + "\", which is " +
                             describe_dimension(n.display->dimension) + ".",
                         n.column, conversion_hint(v.dimension, n.display->dimension));
                }
                // In a tiny unit a large value leaves double precision (1e300 m as 1e-300 m); the text would say "∞".
                if (!std::isfinite(std::max(std::abs(v.number.low()), std::abs(v.number.high())) / n.display->factor)) {
                    fail("The value is beyond double precision when written in \"" + n.display->label + "\" (column " +
                             std::to_string(n.column) + ").",
                         n.column);
                }
                v.unit = n.display;
                return v;
            }
            case NodeKind::call: return call(t, n, locals);
        }
        fail("Internal error: unknown syntax node.", n.column);
    }

    Value<V> call(const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        std::vector<Value<V>> args;
        args.reserve(static_cast<std::size_t>(n.argument_count));
        for (std::int32_t k = 0; k < n.argument_count; ++k) args.push_back(eval(t, t.arguments[n.first_argument + k], locals));

        if (globals_) {
            if (auto it = globals_->functions.find(n.text); it != globals_->functions.end()) {
                const SyntaxTree& body = *it->second;
                const auto& params = body.statement.parameters;
                if (params.size() != args.size()) fail_arity(n, params.size(), args.size(), &params);
                std::vector<NamedValue<V>> frame;
                frame.reserve(args.size());
                for (std::size_t k = 0; k < args.size(); ++k) frame.push_back(NamedValue<V>{params[k], std::move(args[k])});
                // The sentence is built only when the limit is reached, not on every call.
                if (calls_ >= limits::max_call_depth) {
                    fail("\"" + std::string(n.text) + "\" calls itself more than " + std::to_string(limits::max_call_depth) +
                             " levels deep; a function may not depend on itself.",
                         n.column);
                }
                Deeper guard(calls_, limits::max_call_depth, n.column, "");
                return eval(body, body.statement.root, frame);
            }
        }
        return builtin(n, args);
    }

    [[noreturn]] static void fail_arity(const Node& n, std::size_t expected, std::size_t given,
                                        const std::vector<std::string_view>* params = nullptr) {
        std::string list;
        if (params && !params->empty()) {
            list = " (";
            for (std::size_t k = 0; k < params->size(); ++k) list += (k ? ", " : "") + std::string((*params)[k]);
            list += ")";
        }
        fail("\"" + std::string(n.text) + "\" takes " + std::to_string(expected) + (expected == 1 ? " argument" : " arguments") +
                 list + ", but " + std::to_string(given) + (given == 1 ? " was" : " were") + " given at column " +
                 std::to_string(n.column) + ".",
             n.column);
    }

    static void dimensionless(const Node& n, const Value<V>& v) {
        if (!v.dimension.is_dimensionless()) {
            fail("\"" + std::string(n.text) + "\" needs a plain number, but got " + describe_dimension(v.dimension) +
                     " at column " + std::to_string(n.column) + ".",
                 n.column);
        }
    }

    Value<V> builtin(const Node& n, std::vector<Value<V>>& args) {
        const std::string_view f = n.text;
        const auto arity = [&](std::size_t expected) {
            if (args.size() != expected) fail_arity(n, expected, args.size());
        };
        const auto keep = [&](V number) { return checked(Value<V>{number, args[0].dimension, nullptr}, n.column); };
        if (f == "sqrt") {
            arity(1);
            if (args[0].number.low() < 0) {
                fail("\"sqrt\" needs a value that cannot be negative (column " + std::to_string(n.column) + ").", n.column);
            }
            return checked(Value<V>{V::power(args[0].number, 0.5, n.column), args[0].dimension.power(0.5), nullptr},
                           n.column);
        }
        if (f == "abs") { arity(1); return keep(V::absolute(args[0].number)); }
        if (f == "min" || f == "max") {
            if (args.empty()) fail_arity(n, 1, 0);
            Value<V> best = args[0];
            for (std::size_t k = 1; k < args.size(); ++k) {
                same_dimension(best, args[k], "compare", ("\"" + std::string(f) + "\"").c_str(), n.column);
                best.number = f == "min" ? V::minimum(best.number, args[k].number) : V::maximum(best.number, args[k].number);
            }
            best.unit = nullptr;
            return best;
        }
        if (f == "low" || f == "high" || f == "central") {
            arity(1);
            const V& v = args[0].number;
            const double x = f == "low" ? v.low() : f == "high" ? v.high() : v.central();
            return Value<V>{V::point(x), args[0].dimension, args[0].unit};
        }
        if (f == "exp" || f == "ln" || f == "log10") {
            arity(1);
            dimensionless(n, args[0]);
            if (f == "exp") return keep(V::increasing(args[0].number, [](double x) { return std::exp(x); }));
            if (args[0].number.low() <= 0) {
                fail("\"" + std::string(f) + "\" needs a value above zero (column " + std::to_string(n.column) + ").", n.column);
            }
            if (f == "ln") return keep(V::increasing(args[0].number, [](double x) { return std::log(x); }));
            return keep(V::increasing(args[0].number, [](double x) { return std::log10(x); }));
        }
        std::vector<std::string_view> known(builtin_function_names());
        if (globals_)
            for (const auto& [name, tree] : globals_->functions) known.push_back(name);
        const std::string note = units_.find(f) || lookup(f, {}) ? " \"" + std::string(f) + "\" is a unit or variable; put * before \"(\" to multiply." : "";
        fail("Unknown function \"" + std::string(f) + "\" at column " + std::to_string(n.column) + "." + note, n.column,
             did_you_mean(closest_matches(f, known)));
    }
};

}  // namespace ballpark
