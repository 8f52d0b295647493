// The implementations of the rows of the table of sheet functions (addin/sheet_table.py, whose rows the build
// writes into sheet_table_rows.hpp and their calls into sheet_table_calls.hpp): each row's function of the sheet
// layer, which reads its arguments by meaning for its implementation, and its call, which QTYERROR, the C
// interface and both UNO components run. A row whose implementation the sheet layer does not define does not link.
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "arguments.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/text.hpp"
#include "meanings.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_rows.hpp"
#include "sheet_table_typed.hpp"

namespace ballpark::sheet {
using namespace detail;
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

}  // namespace

// The functions of the sheet layer, one a row, each reading its arguments by their meanings (meanings.hpp) and
// running its implementation (sheet_table_typed.hpp); then the rows' runs, one a row, in the order of the table,
// each calling the function its row names (`implementation`), written from the table. The expression parameters
// are `any`: an argument goes over as Calc handed it, a number staying a number.
#include "sheet_table_calls.hpp"

namespace {

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
