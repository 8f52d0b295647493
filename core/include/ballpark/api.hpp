// The public API that the add-in and the command-line tool call. Every function here is noexcept:
// any failure comes back as an Error in the Result.
#pragma once

#include <span>
#include <string_view>
#include <variant>

#include "ballpark/dimension.hpp"
#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

enum class Part { central, low, high };

// A named input for an expression: a plain number (dimensionless) or a quantity text ("312 TFLOP/s").
struct Binding {
    std::string_view name;
    std::variant<double, std::string_view> value;
};

// Evaluates one expression ("6 FLOP * params * tokens / (312 TFLOP/s * (35% to 55%)) as million hour").
// Repeated texts are parsed once and cached per thread.
Result<Quantity> evaluate(std::string_view expression, std::span<const Binding> bindings = {}) noexcept;

// Converts a number given in from_unit to to_unit ("PFLOP/s*day" to "FLOP"). Unit pairs are cached per thread.
Result<double> convert(double value, std::string_view from_unit, std::string_view to_unit) noexcept;

// The size of one unit in SI base units and its dimension, e.g. "kWh" gives 3.6e6 and energy.
Result<Quantity> unit_quantity(std::string_view unit) noexcept;

// Gives the quantity a display unit, as `expr as unit` does; fails when the dimensions differ.
Result<Quantity> express_in(const Quantity& quantity, std::string_view unit) noexcept;

// The low, central or high value expressed in unit; an empty unit means SI base units.
Result<double> value_in(const Quantity& quantity, std::string_view unit, Part part) noexcept;

// Parses "central", "low" or "high" (any case; empty means central).
Result<Part> parse_part(std::string_view text) noexcept;

}  // namespace ballpark
