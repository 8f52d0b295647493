// The name; value pairs of QTY and its kin as bindings of the core: each name checked, each value one input (a
// number, a text or an earlier result, or a range of 2 or 3 cells as one quantity's ends), and the expression with
// them.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "declarations.hpp"
#include "sheet_functions.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet::detail {

// The name of pair i (0-based) of the name; value pairs, checked, and what it declares its value must be
// ("u: fraction", declarations.hpp), or null: the binding's `expected`. It and pair_binding throw their error (which
// the sheet function's capture_errors turns into its result) instead of returning a Result: a std::expected of a
// Binding would be made and moved for every pair of every call, for the sake of the rare call that fails.
DeclaredName pair_name(std::span<const Arg> pairs, std::size_t i);

// Whether every name has its value: an error that says which is missing when the count is odd.
Result<void> even_pairs(std::span<const Arg> pairs);

// A name bound to one value: a number, a text (or an earlier result), or a range of 2 or 3 cells.
Binding pair_binding(HeldRecipes& held, std::string_view name, const Arg& value);

// Name; value pairs from Calc's variable argument list, as bindings into the texts of `pairs`.
Result<std::vector<Binding>> pair_bindings(HeldRecipes& held, std::span<const Arg> pairs);

// The expression of QTY, QTYDIST or QTYVALUE with its name; value pairs as bindings.
Expression expression_with_pairs(HeldRecipes& held, const Arg& expression, std::span<const Arg> pairs);

// The expression evaluated in `unit` (the unit argument's text; empty: the core's choice), with the decimal-comma
// hint on an error where a text of `pairs` has one.
Result<Quantity> evaluate_with_pairs(const Expression& e, std::string_view unit, std::span<const Arg> pairs,
                                     const EvaluationOptions& options = {});

}  // namespace ballpark::sheet::detail
