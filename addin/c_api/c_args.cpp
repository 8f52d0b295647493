#include "c_args.hpp"

#include <string>

namespace ballpark::c_api {
namespace {

std::string text_of(const ballpark_value& value) {
    if (value.text == nullptr) return {};
    return std::string(value.text, value.text_size);
}

std::string kinds_known() { return "(0 empty, 1 number, 2 text, 3 range)"; }

std::unexpected<Error> refused(std::string sentence) { return std::unexpected(Error{std::move(sentence), 0, {}, ErrorKind::argument}); }

Result<sheet::Cell> to_cell(const ballpark_value& value, std::size_t cell, std::size_t position) {
    switch (value.kind) {
        case BALLPARK_EMPTY: return std::monostate{};
        case BALLPARK_NUMBER: return value.number;
        case BALLPARK_TEXT: return text_of(value);
        case BALLPARK_RANGE:
            return refused("Cell " + std::to_string(cell + 1) + " of argument " +
                                         std::to_string(position + 1) +
                                         " is itself a range; a cell holds a number, a text or nothing.");
        default: break;
    }
    return refused("Cell " + std::to_string(cell + 1) + " of argument " + std::to_string(position + 1) +
                                 " has the kind " + std::to_string(value.kind) + ", which is none of Ballpark's " +
                                 kinds_known() + ".");
}

}  // namespace

Result<sheet::Arg> to_arg(const ballpark_value& value, std::size_t position) {
    switch (value.kind) {
        case BALLPARK_EMPTY: return std::monostate{};
        case BALLPARK_NUMBER: return value.number;
        case BALLPARK_TEXT: return text_of(value);
        case BALLPARK_RANGE: break;
        default:
            return refused("Argument " + std::to_string(position + 1) + " has the kind " +
                                         std::to_string(value.kind) + ", which is none of Ballpark's " + kinds_known() +
                                         ".");
    }
    const std::size_t size = value.rows * value.columns;
    if (size == 0) return std::monostate{};
    if (value.cells == nullptr || (value.columns != 0 && size / value.columns != value.rows)) {
        return refused("Argument " + std::to_string(position + 1) + " is a range of " +
                                     std::to_string(value.rows) + " × " + std::to_string(value.columns) +
                                     " cells without the cells.");
    }
    sheet::Cells cells;
    cells.rows = value.rows;
    cells.columns = value.columns;
    cells.cells.reserve(size);
    for (std::size_t i = 0; i < size; ++i) {
        auto cell = to_cell(value.cells[i], i, position);
        if (!cell) return std::unexpected(std::move(cell.error()));
        cells.cells.push_back(std::move(*cell));
    }
    // A reference to a single cell may come as a 1×1 range: it is that cell, as for the C++ component.
    if (size == 1) return std::visit([](auto& v) -> sheet::Arg { return std::move(v); }, cells.cells.front());
    return cells;
}

}  // namespace ballpark::c_api
