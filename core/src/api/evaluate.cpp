// Evaluation, the public API's core: a text, a planning function or a sum with its bindings, in a mode; results read
// through their recipes. Catches every exception at this boundary and hands back Results.
#include "ballpark/api.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "api/compiled_texts.hpp"
#include "api/correlation_binding.hpp"
#include "api/express.hpp"
#include "api/linking.hpp"
#include "api/read_inputs.hpp"
#include "api/read_results.hpp"
#include "api/recipe.hpp"
#include "api/tornado_from.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "ballpark/text_cache.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "eval/mode_dispatch.hpp"
#include "eval/prelude.hpp"
#include "eval/single_use.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {

using namespace detail;

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
                            Mode mode, const UnitRegistry* declared_units = nullptr) {
    if (tree.statement.kind != Statement::Kind::expression) {
        fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(expression) +
             " defines a name; assignments and functions belong in notebooks.");
    }
    check_correlation_binding(bindings);
    if (reads_recipes(bindings)) {
        // Results may share inputs with each other and with the bindings: plain intervals only where every input
        // of the whole tree is read once.
        const Mode fast = mode_info(mode).inputs_once;
        const bool once = fast != mode && uses_each_input_once(tree, bindings) && reads_each_input_once(bindings);
        return with_value_type(once ? fast : mode, [&]<ValueType V>() {
            typename V::Context context;
            LinkMemo<V> memo;
            const auto values = read_bindings<V>(context, bindings, {.declared_units = declared_units, .memo = &memo});
            Evaluator<V> evaluator(context, nullptr, values);
            return to_quantity(evaluator.run(tree));
        });
    }
    return with_value_type(effective_mode(mode, tree, bindings), [&]<ValueType V>() {
        typename V::Context context;
        const auto values = read_bindings<V>(context, bindings, {.declared_units = declared_units});
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
    // The bindings may use the declared units.
    Quantity q = at_offset(offset, [&] { return evaluate_tree_with(*tree, last, bindings, mode, units.get()); });
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
            // The same text with new values under the same names runs its compiled tree (compiled_texts.hpp).
            if (auto q = evaluate_compiled(expression, bindings, options.mode)) return std::move(*q);
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
        check_correlation_binding(arguments);
        const bool linked = reads_recipes(arguments);
        Mode mode = effective_mode(options.mode, *body, body->statement.parameters);
        if (linked && !reads_each_input_once(arguments)) mode = options.mode;
        return with_value_type(mode, [&]<ValueType V>() {
            typename V::Context context;
            LinkMemo<V> memo;
            const auto values = read_bindings<V>(context, arguments, {.memo = linked ? &memo : nullptr});
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
            LinkMemo<V> memo;
            return to_quantity(sum_of<V>(context, terms, linked ? &memo : nullptr));
        });
    });
}

Result<Quantity> evaluate(const Recipe& recipe) noexcept { return evaluate(recipe, recipe.mode); }

Result<Quantity> evaluate(const Recipe& recipe, Mode mode) noexcept {
    const Binding value{"value", &recipe};
    EvaluationOptions options;
    options.mode = mode;
    return evaluate_in("value", std::span(&value, 1), recipe.unit, options);
}

std::vector<NamedValue<Sensitivity>> read_through_results(Sensitivity::Context& context,
                                                         std::span<const Binding> bindings) {
    LinkMemo<Sensitivity> memo;
    return read_bindings<Sensitivity>(context, bindings, {.memo = &memo});
}

}  // namespace ballpark

