// The sentences about bound values and the refusals about bindings (binding_texts.hpp).
#include "api/binding_texts.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "ballpark/format.hpp"
#include "ballpark/text.hpp"

namespace ballpark::detail {

std::string non_finite(double number) {
    return std::isnan(number) ? "not a number (NaN)" : number > 0 ? "infinity" : "minus infinity";
}

void fail_not_finite(std::string_view name, double number) {
    fail(ErrorKind::domain, "The value of " + in_quotes(name) + " must be a finite number, but it is " +
         non_finite(number) + ".");
}

std::string shown(const Input& input) {
    if (const double* number = std::get_if<double>(&input)) return plain_text(*number);
    if (const auto* text = std::get_if<std::string_view>(&input)) return in_quotes(*text);
    if (const auto* quantity = std::get_if<const Quantity*>(&input)) return format(**quantity);
    const auto result = evaluate(*std::get<const Recipe*>(input));
    return result ? in_quotes(format(*result)) : std::string("an earlier result");
}

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

std::string cell_place(const Binding& b, const End& end) {
    return "Cell " + std::to_string(end.cell) + " of " + std::to_string(end.cells) + " of the range for " +
           in_quotes(label_of(b, end.expected)) + " (" + shown(end.input) + ")";
}

[[noreturn]] void fail_input(const Binding& b, ErrorKind kind, std::string message, std::string hint) {
    Error error{std::move(message), 0, std::move(hint), kind};
    error.input = std::string(b.name);
    fail(std::move(error));
}

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

}  // namespace ballpark::detail
