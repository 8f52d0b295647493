// The sheet functions in plain C++: Calc arguments already unwrapped from UNO, results as core Results.
// No UNO type appears here, so this layer reads like the function table; calc_addin.cpp only
// converts between UNO and these types.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "ballpark/error.hpp"

namespace ballpark::sheet {

// One Calc argument: omitted (or an empty cell or ""), a number, or a text in UTF-8.
using Arg = std::variant<std::monostate, double, std::string>;

Result<double> gpu_hours(const Arg& params, const Arg& tokens, const Arg& peak, const Arg& util_lo,
                         const Arg& util_hi, const Arg& unit, const Arg& part) noexcept;

Result<double> unit_convert(const Arg& value, const Arg& from_unit, std::string_view to_unit) noexcept;

// `pairs` is Calc's trailing argument list: name, value, name, value, …
Result<std::string> qty(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept;

Result<double> qty_value(std::string_view expression, const Arg& unit, const Arg& part,
                         std::span<const Arg> pairs) noexcept;

// QTYERROR (qty_error.cpp): empty when the call succeeds, else the sentence of its error. `expression` is either a
// QTY expression, and then `unit` and `pairs` are QTY's, or the name of one of these functions ("GPUHOURS"), and
// then `unit` and `pairs` are that function's arguments in order.
std::string qty_error(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept;

// Whether QTYERROR's first argument is the name of a sheet function rather than an expression.
bool names_sheet_function(std::string_view text) noexcept;

Result<std::string> qty_dim(std::string_view expression) noexcept;

Result<double> training_flop(const Arg& params, const Arg& tokens, const Arg& flop_per_param_token) noexcept;

Result<double> implied_util(const Arg& gpu_hours, const Arg& params, const Arg& tokens, const Arg& peak) noexcept;

Result<double> accel_peak(std::string_view name, const Arg& precision) noexcept;

}  // namespace ballpark::sheet
