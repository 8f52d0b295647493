// The implementations of the rows of the table of sheet functions (addin/sheet_table.py, whose rows the build
// writes into sheet_table_rows.hpp): each row's call of its function in the sheet layer, which QTYERROR, the C
// interface and both UNO components run. A row without an implementation here, or an implementation of no row,
// does not compile.
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "ballpark/text.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_rows.hpp"

namespace ballpark::sheet {
namespace {

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

using rows::Id;
using Run = Result<SheetValue> (*)(std::span<const Arg>);

struct Implementation {
    Id id;
    Run run;  // null for the row that explains the others' errors (QTYERROR)
};

// The functions with a short twin (addin/sheet_table.py, FEW_PAIRS): both rows run one implementation, which takes
// the pairs given, however many the row declares.
Result<SheetValue> run_qty(std::span<const Arg> a) { return qty_cells(a[0], a[1], a.subspan(2)); }
Result<SheetValue> run_qty_value(std::span<const Arg> a) { return qty_value_cells(a[0], a[1], a[2], a.subspan(3)); }
Result<SheetValue> run_qty_dist(std::span<const Arg> a) { return qty_dist_cells(a[0], a[1], a.subspan(2)); }

// One a row, in the order of the table. The expression parameters are `any`: an argument goes over as Calc handed
// it, a number staying a number.
constexpr Implementation implementations[] = {
    {Id::gpuHours, [](std::span<const Arg> a) { return answer(gpu_hours(a[0], a[1], a[2], a[3], a[4], a[5], a[6])); }},
    {Id::unitConvert, [](std::span<const Arg> a) { return answer(unit_convert(a[0], a[1], text_of(a[2]))); }},
    {Id::qty, run_qty},
    {Id::qtyValue, run_qty_value},
    {Id::qtyError, nullptr},
    {Id::qtyDim, [](std::span<const Arg> a) { return answer(qty_dim(a[0])); }},
    {Id::trainingFlop, [](std::span<const Arg> a) { return answer(training_flop(a[0], a[1], a[2], a[3])); }},
    {Id::impliedUtil, [](std::span<const Arg> a) { return answer(implied_util(a[0], a[1], a[2], a[3])); }},
    {Id::accelPeak, [](std::span<const Arg> a) { return answer(accel_peak(text_of(a[0]), a[1])); }},
    {Id::qtyDist, run_qty_dist},
    {Id::qtySum, [](std::span<const Arg> a) { return answer(qty_sum(a[0], a[1], a[2])); }},
    {Id::qtySwing, [](std::span<const Arg> a) { return answer(qty_swing(a[0], a[1], a[2], a[3], a.subspan(4))); }},
    {Id::qtyTop, [](std::span<const Arg> a) { return answer(qty_top(a[0], a[1], a.subspan(2))); }},
    {Id::qtyText, [](std::span<const Arg> a) { return answer(qty_text(a[0], a[1], a[2])); }},
    {Id::qtyInputs, [](std::span<const Arg> a) { return answer(qty_inputs(a[0])); }},
    {Id::qtyProb, [](std::span<const Arg> a) { return qty_prob_cells(a[0], a[1], a[2], a.subspan(3)); }},
    {Id::qtySpark, [](std::span<const Arg> a) { return qty_spark_cells(a[0], a[1], a[2], a.subspan(3)); }},
    {Id::qtyBins, [](std::span<const Arg> a) { return qty_bins(a[0], a[1], a[2], a.subspan(3)); }},
    {Id::qty6, run_qty},
    {Id::qtyValue6, run_qty_value},
    {Id::qtyDist6, run_qty_dist},
};

// Whether the implementations are the rows', one each in the rows' order, and only the row that explains has none.
consteval bool one_implementation_a_row() {
    if (std::size(implementations) != rows::count) return false;
    for (std::size_t i = 0; i < rows::count; ++i) {
        if (implementations[i].id != rows::table[i].id) return false;
        if ((implementations[i].run == nullptr) != rows::table[i].explains) return false;
    }
    return true;
}
static_assert(one_implementation_a_row(),
              "every row of addin/sheet_table.py needs its implementation in `implementations`, in the table's order "
              "(and only QTYERROR, which explains, has none)");

template <std::size_t... I>
constexpr std::array<SheetFunction, rows::count> joined(std::index_sequence<I...>) {
    return {SheetFunction{rows::table[I].name, rows::table[I].method, rows::table[I].result, rows::table[I].gives_text,
                          rows::table[I].parameters, rows::table[I].pairs, implementations[I].run}...};
}

constexpr std::array<SheetFunction, rows::count> table = joined(std::make_index_sequence<rows::count>{});

}  // namespace

std::span<const SheetFunction> sheet_function_table() noexcept { return table; }

}  // namespace ballpark::sheet
