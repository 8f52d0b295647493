// QTYTEXT: a quantity or result as text with as many significant figures as asked, in the reading it was made in.
#include <cmath>
#include <string>
#include <string_view>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/text.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

Result<std::string> typed::qty_text(std::string_view, const Arg& value, const Arg& unit, int digits) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        HeldRecipes held;
        const Expression e = need(expression_of(held, value, {}));
        // A result is shown in the reading it was made in; a text typed with the 90% reading's label in that one.
        EvaluationOptions options;
        options.mode = need(mode_of_links(e.bindings, mode_labelled_in(e.text).value_or(Mode{})));
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        const Quantity q = need(evaluate_expression(e, options, unit_text));
        return result_text(q, expression_recipe(e.text, e.bindings, unit_text, options.mode), digits);
    });
}

}  // namespace ballpark::sheet
