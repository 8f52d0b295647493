// The arguments of the sheet functions as the layer reads them, and the errors about them: whether an argument is
// empty, what kind it is (for a sentence that says it is the wrong kind), a range's cells as one quantity's ends,
// an optional text, and `need`, which ends a call with a failed step's error.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "ballpark/error.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// An error of `kind` with its sentence and its hint (what to do instead).
Error error(ErrorKind kind, std::string message, std::string hint = {});

// An error whose sentence is about the call itself and begins with the function's name ("GPUHOURS needs tokens,
// …"): its sheet_function says so, and QTYERROR does not name the function again.
Error naming_call(std::string_view function, Error e);

// A sentence about an argument of the call, such as a missing one: the function's name and then `rest`.
Error call_error(std::string_view function, std::string rest, std::string hint = {});

// Inside capture_errors, a failed step ends the call with its error: the sheet functions read as a list of
// steps instead of a ladder of early returns.
template <class T>
T need(Result<T> result) {
    if (!result) throw ErrorException(std::move(result.error()));
    if constexpr (!std::is_void_v<T>) return std::move(*result);
}

// A loop rather than find_first_not_of(" \t"), which calls memchr on the two-character set for each character:
// every text argument of every call is checked.
inline bool is_blank(std::string_view text) {
    return std::ranges::all_of(text, [](char c) { return c == ' ' || c == '\t'; });
}

inline bool is_empty(const Arg& arg) {
    if (std::holds_alternative<std::monostate>(arg)) return true;
    const auto* text = std::get_if<std::string>(&arg);
    return text && is_blank(*text);
}

inline bool is_empty(const Cell& cell) {
    if (std::holds_alternative<std::monostate>(cell)) return true;
    const auto* text = std::get_if<std::string>(&cell);
    return text && is_blank(*text);
}

// "a range of 4 cells (2 rows × 2 columns)", for sentences about a range of the wrong size.
std::string range_size(const Cells& range);

// What an argument is, for a sentence that says it is the wrong kind: "the number 3", "a range of 2 cells (…)".
std::string kind_of(const Arg& arg);

// The hint for a column of cells given where one quantity's low and high are wanted.
inline constexpr std::string_view range_in_a_row_hint =
    "Give the low and the high end in a row, as in A1:B1 (low, central and high as in A1:C1); a range of cells in "
    "one column is a column of models, one per row.";

// The cells of a range that stands for one uncertain quantity: 2 cells (low, high) or 3 (low, central, high), in
// one row. A range of several rows is a column of models (one value or one range per row), never one quantity, so
// a function that cannot compute a column refuses it with a sentence instead of reading two models as the low and
// the high of one. (A cell showing an error inside a range never gets here: Calc refuses the call itself and shows
// Err:504, in QTYERROR too.) `what` names the argument in sentences ("params", "the value of \"u\"").
struct RangeCells {
    const Cell* low = nullptr;
    const Cell* central = nullptr;  // null for two cells
    const Cell* high = nullptr;
};

Result<RangeCells> range_cells(const Cells& range, std::string_view what);

// An optional text argument such as a unit or a part; empty means `fallback`.
Result<std::string_view> optional_text(const Arg& arg, std::string_view name, std::string_view fallback,
                                       std::string_view example);

}  // namespace ballpark::sheet::detail
