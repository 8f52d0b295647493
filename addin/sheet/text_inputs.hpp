// Texts as core inputs: a text argument or cell is either a result of another Ballpark cell, read through the key
// after its text as the recipe that made it (held until the call returns), or a text the core reads as it shows,
// refused first when it writes a number with thousands separators. And the expression argument of QTY and its kin.
#pragma once

#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// The recipes that the texts of one call lead to (results of other Ballpark cells), kept alive until the call
// returns: the store may forget them meanwhile. Each sheet function that reads texts holds one while it runs and
// hands it to every reader of its texts.
class HeldRecipes {
public:
    HeldRecipes() = default;
    HeldRecipes(const HeldRecipes&) = delete;
    HeldRecipes& operator=(const HeldRecipes&) = delete;

    // A text as a core input: the recipe of the result it is, when it carries a key made for exactly the text it
    // shows; otherwise what it shows (a text typed by hand, a result joined into a longer text or changed by a
    // formula, or one marked by an earlier version, reads as it prints). A result whose recipe the store does not
    // hold is refused: read as it prints, it would lose the inputs it shares with other results without a word.
    Input input(std::string_view text);

private:
    std::vector<RecipeRef> recipes_;
};

// A text argument or cell as a core input (HeldRecipes::input), refused first when it writes a number with
// thousands separators (grouped_number). A result read through its key is exempt: Ballpark printed its numbers, and
// their point is always a decimal point. A text that only ends with a key but shows more ("1.500 * "&A1) is read
// as it shows, so it is checked like any typed text rather than trusted because of the key.
Input text_input(HeldRecipes& held, std::string_view text);

// One cell of a range as a core input: a number, a text the core reads (and checks) once, or an earlier result.
inline Input cell_input(HeldRecipes& held, const Cell& cell) {
    if (const auto* number = std::get_if<double>(&cell)) return *number;
    return text_input(held, std::get<std::string>(cell));
}

// `unit`, when given, is the unit to express the result in; it may use units the text declares.
Result<Quantity> evaluate_text(std::string_view text, std::span<const Binding> bindings = {},
                               const EvaluationOptions& options = {}, std::string_view unit = {});

// The expression argument of QTY and its kin as the core evaluates it: a text as typed, with its bindings; a
// number, which Calc hands over as a number in every locale and which is evaluated as that number (the expression
// parameters are `any` for this reason); or an earlier result, read as itself.
struct Expression {
    std::string_view text;
    std::vector<Binding> bindings;
};

Result<Expression> expression_of(HeldRecipes& held, const Arg& expression, std::vector<Binding> bindings);

// Whether the expression is its first binding's name, bound to one value, with at most a "correlation" pair beside
// it: a result cell given alone, which is shown in the unit its cell asked for.
inline bool reads_one_result_alone(const Expression& e) {
    const bool alone = e.bindings.size() == 1 || (e.bindings.size() == 2 && e.bindings[1].name == "correlation");
    return alone && e.text == e.bindings.front().name;
}

Result<Quantity> evaluate_expression(const Expression& e, const EvaluationOptions& options = {}, std::string_view unit = {});

Result<Quantity> evaluate_expression(HeldRecipes& held, const Arg& expression, std::span<const Binding> bindings,
                                     const EvaluationOptions& options = {}, std::string_view unit = {});

}  // namespace ballpark::sheet::detail
