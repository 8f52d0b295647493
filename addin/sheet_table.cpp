// The table of sheet functions: one row a function, with its parameters as the IDL and CalcAddIns.xcu name them
// and its implementation, which QTYERROR and the C interface (c_api/ballpark_c.cpp) call.
// tests/unit/sheet_table_test.cpp checks the rows against both files.
#include <array>
#include <string>
#include <vector>

#include "ballpark/text.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using P = SheetParameter;
constexpr auto text = ParameterType::text;
constexpr auto pairs = ParameterType::pairs;

// A text argument as Calc hands it to a `string` parameter (UNITCONVERT's to_unit, ACCELPEAK's name): a number
// becomes its digits and an empty cell an empty text. QTYERROR's own arguments receive an empty cell as the
// number 0, so 0 is read as the empty cell it almost always is.
std::string text_of(const Arg& arg) {
    if (const auto* t = std::get_if<std::string>(&arg)) return *t;
    if (const auto* number = std::get_if<double>(&arg); number && *number != 0) return plain_text(*number);
    return {};
}

template <class T>
Result<SheetValue> answer(Result<T>&& result) {
    if (!result) return std::unexpected(std::move(result.error()));
    return SheetValue{std::move(*result)};
}

constexpr P gpu_hours_parameters[] = {{"params", "params"}, {"tokens", "tokens"}, {"peak", "peak"},
                                      {"utilLo", "util_lo"}, {"utilHi", "util_hi"}, {"unit", "unit"},
                                      {"part", "part"}};
constexpr P unit_convert_parameters[] = {{"value", "value"}, {"fromUnit", "from_unit"}, {"toUnit", "to_unit", text}};
constexpr P qty_parameters[] = {{"expression", "expression"}, {"unit", "unit"}, {"bindings", "name; value", pairs}};
constexpr P qty_value_parameters[] = {{"expression", "expression"}, {"unit", "unit"}, {"part", "part"},
                                      {"bindings", "name; value", pairs}};
constexpr P qty_dim_parameters[] = {{"expression", "expression"}};
constexpr P training_flop_parameters[] = {{"params", "params"}, {"tokens", "tokens"},
                                          {"flopPerParamToken", "flop_per_param_token"}, {"part", "part"}};
constexpr P implied_util_parameters[] = {{"gpuHours", "gpu_hours"}, {"params", "params"}, {"tokens", "tokens"},
                                         {"peak", "peak"}};
constexpr P accel_peak_parameters[] = {{"name", "name", text}, {"precision", "precision"}};
constexpr P qty_sum_parameters[] = {{"values", "values"}, {"unit", "unit"}};
constexpr P qty_swing_parameters[] = {{"expression", "expression"}, {"input", "input"}, {"end", "end"},
                                      {"unit", "unit"}, {"bindings", "name; value", pairs}};
constexpr P qty_top_parameters[] = {{"expression", "expression"}, {"rank", "rank"}, {"bindings", "name; value", pairs}};
constexpr P qty_text_parameters[] = {{"value", "value"}, {"unit", "unit"}, {"digits", "digits"}};
constexpr P qty_inputs_parameters[] = {{"value", "value"}};

// In the order of the IDL. The expression parameters are `any`: an argument goes over as Calc handed it, a
// number staying a number.
constexpr SheetFunction table[] = {
    {"GPUHOURS", "gpuHours", "double", gpu_hours_parameters,
     [](std::span<const Arg> a) { return answer(gpu_hours(a[0], a[1], a[2], a[3], a[4], a[5], a[6])); }},
    {"UNITCONVERT", "unitConvert", "double", unit_convert_parameters,
     [](std::span<const Arg> a) { return answer(unit_convert(a[0], a[1], text_of(a[2]))); }},
    {"QTY", "qty", "any", qty_parameters, [](std::span<const Arg> a) { return qty_cells(a[0], a[1], a.subspan(2)); }},
    {"QTYVALUE", "qtyValue", "any", qty_value_parameters,
     [](std::span<const Arg> a) { return qty_value_cells(a[0], a[1], a[2], a.subspan(3)); }},
    {"QTYERROR", "qtyError", "string", qty_parameters, nullptr},
    {"QTYDIM", "qtyDim", "string", qty_dim_parameters, [](std::span<const Arg> a) { return answer(qty_dim(a[0])); }},
    {"TRAININGFLOP", "trainingFlop", "double", training_flop_parameters,
     [](std::span<const Arg> a) { return answer(training_flop(a[0], a[1], a[2], a[3])); }},
    {"IMPLIEDUTIL", "impliedUtil", "double", implied_util_parameters,
     [](std::span<const Arg> a) { return answer(implied_util(a[0], a[1], a[2], a[3])); }},
    {"ACCELPEAK", "accelPeak", "double", accel_peak_parameters,
     [](std::span<const Arg> a) { return answer(accel_peak(text_of(a[0]), a[1])); }},
    {"QTYDIST", "qtyDist", "any", qty_parameters,
     [](std::span<const Arg> a) { return qty_dist_cells(a[0], a[1], a.subspan(2)); }},
    {"QTYSUM", "qtySum", "string", qty_sum_parameters, [](std::span<const Arg> a) { return answer(qty_sum(a[0], a[1])); }},
    {"QTYSWING", "qtySwing", "double", qty_swing_parameters,
     [](std::span<const Arg> a) { return answer(qty_swing(a[0], a[1], a[2], a[3], a.subspan(4))); }},
    {"QTYTOP", "qtyTop", "string", qty_top_parameters,
     [](std::span<const Arg> a) { return answer(qty_top(a[0], a[1], a.subspan(2))); }},
    {"QTYTEXT", "qtyText", "string", qty_text_parameters,
     [](std::span<const Arg> a) { return answer(qty_text(a[0], a[1], a[2])); }},
    {"QTYINPUTS", "qtyInputs", "string", qty_inputs_parameters,
     [](std::span<const Arg> a) { return answer(qty_inputs(a[0])); }},
};

}  // namespace

std::span<const SheetFunction> sheet_function_table() noexcept { return table; }

}  // namespace ballpark::sheet
