// What the sentences about bound values say of them (a value as it was given, which cell of a range, which name),
// and the refusals about bindings that several readers share. Internal to core/src/api.
#pragma once

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "api/recipe.hpp"
#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/mode.hpp"

namespace ballpark::detail {

// One end of a binding as it is read: its input, the expectation it is checked against, and, when the ends are
// the cells of a range, which cell it is (1-based, of `cells`).
struct End {
    const Input& input;
    const Expectation* expected;
    std::size_t cell = 0;
    std::size_t cells = 0;
};

// The name a sentence gives a binding: its expectation's name where it has one ("params"), else the bound name.
inline std::string_view label_of(const Binding& b, const Expectation* expected) {
    return expected && !expected->name.empty() ? expected->name : b.name;
}

// The result a binding's end reads, if it is one.
inline const Recipe* recipe_in(const Input& input) {
    const auto* recipe = std::get_if<const Recipe*>(&input);
    return recipe ? *recipe : nullptr;
}

// What a number that is not finite is, for sentences that refuse one.

std::string non_finite(double number);

// What makes an uncertain input, for sentences: "a range, or uniform, pert, …", the named distributions as the
// built-ins' table marks them (makes_input), so a new one is named without editing a sentence.
std::string uncertain_input_kinds();

// The refusal check_finite makes, out of line.
[[noreturn]] void fail_not_finite(std::string_view name, double number);

// A number handed in from a cell or the command line: a NaN or infinity would pass through the arithmetic and
// come out as a number that means nothing.
inline void check_finite(std::string_view name, double number) {
    if (!std::isfinite(number)) [[unlikely]] fail_not_finite(name, number);
}

// The value as a sentence quotes it: a number as written, a text in quotes, a result as it prints.
std::string shown(const Input& input);

// A plain binding's value as the user gave it, without quotes: "1.8 to 2.2" for two cells, the text for a text.
std::string as_given(const Binding& b);

// The cell of a range that `end` is, as the place of an error found in it.
ErrorPlace cell_of(const Binding& b, const End& end);
// "Cell 2 of 3 of the range for "u" ("1 to 2")": where a sentence about one cell of a range begins.
std::string cell_place(const Binding& b, const End& end);

// An error about the value bound to `b`, which the message names.
[[noreturn]] void fail_input(const Binding& b, ErrorKind kind, std::string message, std::string hint = {});

// Two names given equal results (the same recipe: equal formulas with equal inputs). Calc hands the add-in the texts
// of cells, not the cells, so one cell given twice and two cells that are alike look the same here, and they mean
// different things: a - b is exactly 0 for one cell and a range for two. Refused rather than guessed.
void refuse_one_result_twice(std::span<const Binding> earlier, const Binding& b);

// The same where the two reach one result whose formula writes an unknown of its own (Recipe::own_unknowns), one or
// both through other results (a step, QTYTEXT, a total): the step may have read that very cell or an alike one, and
// the two give different numbers. Refused as the direct case is, so that how alike cells reach a formula never
// decides between an answer and a refusal. Results with no unknowns of their own are one value however many alike
// cells hold them, and pass.
void refuse_alike_reached_twice(std::span<const Binding> earlier, const Binding& b);

// A result read in another mode than the one it was computed in.
[[noreturn]] void fail_mixed(const Recipe& recipe, std::string_view name, std::optional<Mode> reading);

}  // namespace ballpark::detail
