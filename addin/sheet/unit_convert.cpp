// UNITCONVERT: a value from one unit into another, the value a number with its unit given apart or a quantity text.
#include <string>
#include <string_view>
#include <variant>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/text.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

Result<double> typed::unit_convert(std::string_view function, const Arg& value, const Arg& from_unit,
                                   std::string_view to_unit) noexcept {
    return capture_errors([&]() -> Result<double> {
        if (to_unit.find_first_not_of(" \t") == std::string_view::npos) {
            return std::unexpected(call_error(function, " needs to_unit, the unit to convert into, such as \"PFLOP/s*day\"."));
        }
        const std::string_view from = need(optional_text(from_unit, "from_unit", "", "TFLOP/s"));
        if (is_empty(value)) return std::unexpected(call_error(function, " needs a value, such as 312 or \"312 TFLOP/s\"."));
        if (std::holds_alternative<Cells>(value)) {
            return std::unexpected(call_error(function, " converts one value, but value is " + kind_of(value) + "."));
        }
        if (const auto* number = std::get_if<double>(&value)) {
            if (from.empty()) {
                return std::unexpected(call_error(function, " needs from_unit when the value is a number.",
                                             "Give the unit, as in UNITCONVERT(312; \"TFLOP/s\"; \"PFLOP/s\"), or write the value "
                                             "with its unit, as in UNITCONVERT(\"312 TFLOP/s\"; ; \"PFLOP/s\")."));
            }
            return finite(convert(*number, from, to_unit));
        }
        HeldRecipes held;
        const std::string& typed = std::get<std::string>(value);
        const Input input = text_input(held, typed);
        const auto* result = std::get_if<const Recipe*>(&input);
        const std::string_view text = result ? std::string_view(typed) : std::get<std::string_view>(input);
        if (from.empty()) {
            // Shown in to_unit as the text's own `as` would show it: "60 rpm" in "rad/s" is refused, not 1.
            const Quantity q = need(result ? evaluate(**result) : evaluate_text(text, {}, {}, to_unit));
            return finite(value_in(q, to_unit, Part::central));
        }
        const Quantity q = need(result ? evaluate(**result) : evaluate_text(text));
        // A number written as text ("312") with its unit in from_unit, as when a cell holds text digits.
        if (!q.dimension.is_dimensionless()) {
            return std::unexpected(error(ErrorKind::argument, "The value " + in_quotes(text) + " already has a unit, so from_unit must be empty."));
        }
        return finite(convert(need(value_in(q, "", Part::central)), from, to_unit));
    });
}

}  // namespace ballpark::sheet
