#include "text_inputs.hpp"

#include <string>
#include <utility>

#include "arguments.hpp"
#include "ballpark/text.hpp"
#include "number_texts.hpp"

namespace ballpark::sheet::detail {
namespace {

// A result text whose recipe the store does not hold: the store forgot it (its byte limit), or the text comes from a
// session that has ended (a file saved with a pasted copy of a result, a text copied from another office).
Error forgotten_result(std::string_view shown) {
    Error e = error(ErrorKind::forgotten_result, "The text " + in_quotes(shown) + " is a Ballpark result that this office no longer remembers "
                    "(it was pasted as a value, saved by a session that has ended, or forgotten when the memory for "
                    "results was full), so its shared inputs are unknown and reading it as printed could give a "
                    "different number.");
    return e;
}

}  // namespace

Input HeldRecipes::input(std::string_view text) {
    const KeyedText keyed = split_key(text);
    if (!keyed.key) return keyed.shown;
    if (RecipeRef recipe = RecipeStore::instance().recall(*keyed.key)) {
        const Recipe* read = recipe.get();
        recipes_.push_back(std::move(recipe));
        return read;
    }
    throw ErrorException(forgotten_result(keyed.shown));
}

Input text_input(HeldRecipes& held, std::string_view text) {
    const Input input = held.input(text);
    if (const auto* shown = std::get_if<std::string_view>(&input)) {
        if (const auto g = grouped_number(*shown)) fail(grouped_error(*g, *shown));
    }
    return input;
}

Result<Quantity> evaluate_text(std::string_view text, std::span<const Binding> bindings,
                               const EvaluationOptions& options, std::string_view unit) {
    auto q = evaluate_in(text, bindings, unit, options);
    if (!q) return std::unexpected(with_comma_hint(text, std::move(q.error())));
    return q;
}

Result<Expression> expression_of(HeldRecipes& held, const Arg& expression, std::vector<Binding> bindings) {
    if (const auto* number = std::get_if<double>(&expression)) return Expression{"value", {Binding{"value", *number}}};
    if (const auto* text = std::get_if<std::string>(&expression)) {
        const Input input = text_input(held, *text);
        if (std::holds_alternative<const Recipe*>(input)) {
            // An earlier result read as itself; a "correlation" pair beside it correlates the inputs it was
            // computed from, which the core finds by their names in the result's recipe. Any other pair would be
            // read by nothing: refused, so that a value given beside a result is never silently ignored.
            Expression e{"value", {Binding{"value", input}}};
            for (Binding& b : bindings) {
                if (b.name == "correlation") {
                    e.bindings.push_back(std::move(b));
                    continue;
                }
                const std::string name(b.name);
                return std::unexpected(error(
                    ErrorKind::argument,
                    "The expression is an earlier result, which keeps the inputs it was computed from, so the pair " +
                        in_quotes(name) + " beside it would be read by nothing.",
                    "To read the result as it is, leave the pair out; to compute it again with another " + name +
                        ", copy the result's own formula and change " + name +
                        " there (QTYINPUTS of its cell lists what it was computed from)."));
            }
            return e;
        }
        return Expression{std::get<std::string_view>(input), std::move(bindings)};
    }
    if (const auto* range = std::get_if<Cells>(&expression)) {
        return std::unexpected(error(ErrorKind::argument, "The expression is " + range_size(*range) + ", but it should be one cell or a text.",
                                     "A range of cells is welcome as the value of a name; value pair."));
    }
    return std::unexpected(error(ErrorKind::argument, "The expression is empty, but it should be a text such as \"6 FLOP * 70 billion * 2 "
                                 "trillion\" or a number."));
}

Result<Quantity> evaluate_expression(const Expression& e, const EvaluationOptions& options, std::string_view unit) {
    return evaluate_text(e.text, e.bindings, options, unit);
}

Result<Quantity> evaluate_expression(HeldRecipes& held, const Arg& expression, std::span<const Binding> bindings,
                                     const EvaluationOptions& options, std::string_view unit) {
    const Expression e = need(expression_of(held, expression, std::vector<Binding>(bindings.begin(), bindings.end())));
    return evaluate_expression(e, options, unit);
}

}  // namespace ballpark::sheet::detail
