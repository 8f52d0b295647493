#include "arguments.hpp"

#include <string>

#include "ballpark/text.hpp"

namespace ballpark::sheet::detail {

Error error(ErrorKind kind, std::string message, std::string hint) {
    return Error{std::move(message), 0, std::move(hint), kind};
}

Error naming_call(std::string_view function, Error e) {
    e.sheet_function = std::string(function);
    return e;
}

Error call_error(std::string_view function, std::string rest, std::string hint) {
    return naming_call(function, error(ErrorKind::argument, std::string(function) + rest, std::move(hint)));
}

std::string range_size(const Cells& range) {
    return "a range of " + std::to_string(range.cells.size()) + " cells (" + std::to_string(range.rows) +
           (range.rows == 1 ? " row" : " rows") + " × " + std::to_string(range.columns) +
           (range.columns == 1 ? " column)" : " columns)");
}

std::string kind_of(const Arg& arg) {
    if (const auto* number = std::get_if<double>(&arg)) return "the number " + plain_text(*number);
    if (const auto* range = std::get_if<Cells>(&arg)) return range_size(*range);
    if (const auto* text = std::get_if<std::string>(&arg)) return "the text " + in_quotes(*text);
    return "empty";
}

Result<RangeCells> range_cells(const Cells& range, std::string_view what) {
    const std::size_t n = range.cells.size();
    if (range.rows > 1 && range.columns == 1 && n <= 3) {
        return std::unexpected(error(ErrorKind::argument, std::string(what) + " is " + range_size(range) +
                                         ", a column, but it takes one quantity, whose low and high cells go in one row.",
                                     std::string(range_in_a_row_hint)));
    }
    if (range.rows != 1 || n < 2 || n > 3) {
        return std::unexpected(error(ErrorKind::argument, std::string(what) + " is " + range_size(range) +
                                         ", but a range of cells must be 2 cells (low, high) or 3 cells (low, central, "
                                         "high) in one row.",
                                     std::string(range_in_a_row_hint)));
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (is_empty(range.cells[i])) {
            return std::unexpected(error(ErrorKind::argument, std::string(what) + " is a range whose cell " + std::to_string(i + 1) + " of " +
                                             std::to_string(n) + " is empty, but each cell must hold a number or a "
                                             "quantity text."));
        }
    }
    RangeCells out{&range.cells[0], n == 3 ? &range.cells[1] : nullptr, &range.cells[n - 1]};
    return out;
}

Result<std::string_view> optional_text(const Arg& arg, std::string_view name, std::string_view fallback,
                                       std::string_view example) {
    if (is_empty(arg)) return fallback;
    // Calc passes a reference to an empty cell as the number 0, and 0 is no unit, part or precision, so it
    // means "left empty" here.
    if (const auto* number = std::get_if<double>(&arg); number && *number == 0) return fallback;
    if (const auto* text = std::get_if<std::string>(&arg)) return std::string_view(*text);
    return std::unexpected(error(ErrorKind::argument, std::string(name) + " should be a text such as " + in_quotes(example) + ", but it is " +
                                 kind_of(arg) + "."));
}

}  // namespace ballpark::sheet::detail
