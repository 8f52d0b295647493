#include "c_results.hpp"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <variant>
#include <vector>

namespace ballpark::c_api {
namespace {

// The bytes a cell's text takes behind the cells, with its NUL.
std::size_t text_bytes(double) { return 0; }
std::size_t text_bytes(const sheet::Cell& cell) {
    const auto* text = std::get_if<std::string>(&cell);
    return text ? text->size() + 1 : 0;
}

// A cell, its text copied to `texts`, which moves past it.
ballpark_cell to_cell(double number, char*&) { return ballpark_cell{BALLPARK_CELL_NUMBER, number, nullptr, 0}; }
ballpark_cell to_cell(const sheet::Cell& cell, char*& texts) {
    if (const double* number = std::get_if<double>(&cell)) return to_cell(*number, texts);
    const auto* text = std::get_if<std::string>(&cell);
    if (text == nullptr) return ballpark_cell{BALLPARK_CELL_EMPTY, 0, nullptr, 0};
    std::memcpy(texts, text->data(), text->size());
    texts[text->size()] = '\0';
    const ballpark_cell out{BALLPARK_CELL_TEXT, 0, texts, text->size()};
    texts += text->size() + 1;
    return out;
}

int32_t out_of_memory(ballpark_result* result, std::size_t rows, std::size_t columns) noexcept {
    try {
        return set_error(result, "Ballpark ran out of memory while returning an array of " + std::to_string(rows) +
                                     " × " + std::to_string(columns) + " cells.");
    } catch (...) {
        return set_error(result, "Ballpark ran out of memory while returning an array.");
    }
}

// The cells and, behind them, their texts, in one allocation: one free gives back the whole array, and a column of
// ten thousand texts costs one call to malloc rather than ten thousand.
template <class Cells>
int32_t set_array(ballpark_result* result, std::size_t rows, std::size_t columns, const Cells& cells) noexcept {
    constexpr std::size_t most = std::numeric_limits<std::size_t>::max();
    const std::size_t count = cells.size();
    std::size_t bytes = count <= most / sizeof(ballpark_cell) ? count * sizeof(ballpark_cell) : most;
    for (const auto& cell : cells) {
        const std::size_t more = text_bytes(cell);
        bytes = more <= most - bytes ? bytes + more : most;
    }
    void* block = bytes == most ? nullptr : std::malloc(bytes);
    if (block == nullptr) return out_of_memory(result, rows, columns);
    auto* out = static_cast<ballpark_cell*>(block);
    char* texts = static_cast<char*>(block) + count * sizeof(ballpark_cell);
    for (std::size_t i = 0; i < count; ++i) out[i] = to_cell(cells[i], texts);
    *result = ballpark_result{BALLPARK_RESULT_ARRAY, 0, nullptr, 0, out, rows, columns};
    return result->kind;
}

}  // namespace

int32_t set_text(ballpark_result* result, int32_t kind, std::string_view text) noexcept {
    *result = ballpark_result{kind, 0, nullptr, 0, nullptr, 0, 0};
    auto* copy = static_cast<char*>(std::malloc(text.size() + 1));
    if (copy == nullptr) {
        result->kind = BALLPARK_RESULT_ERROR;
        return result->kind;
    }
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    result->text = copy;
    result->text_size = text.size();
    return kind;
}

int32_t set_error(ballpark_result* result, std::string_view sentence) noexcept {
    return set_text(result, BALLPARK_RESULT_ERROR, sentence);
}

int32_t set_value(ballpark_result* result, const sheet::SheetValue& value) noexcept {
    if (const auto* number = std::get_if<double>(&value)) {
        *result = ballpark_result{BALLPARK_RESULT_NUMBER, *number, nullptr, 0, nullptr, 0, 0};
        return result->kind;
    }
    if (const auto* text = std::get_if<std::string>(&value)) return set_text(result, BALLPARK_RESULT_TEXT, *text);
    if (const auto* keyed = std::get_if<sheet::KeyedResult>(&value)) {
        try {
            return set_text(result, BALLPARK_RESULT_TEXT, sheet::joined(*keyed));
        } catch (const std::bad_alloc&) {
            return set_error(result, "Ballpark ran out of memory.");
        }
    }
    if (const auto* row = std::get_if<std::vector<double>>(&value)) return set_array(result, 1, row->size(), *row);
    const sheet::Table& table = std::get<sheet::Table>(value);
    return set_array(result, table.rows, table.columns, table.cells);
}

}  // namespace ballpark::c_api
