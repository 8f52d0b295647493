// The C interface of ballpark_c.h over the one table of sheet functions (sheet_table.cpp): arguments read by
// c_args.cpp, results and errors worded as the C++ component words them for Calc (calc_advice.hpp).
#include "ballpark_c.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "c_args.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"

namespace ballpark::c_api {
namespace {

bool same_name(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
    });
}

const sheet::SheetFunction* find_function(std::string_view name) {
    for (const sheet::SheetFunction& f : sheet::sheet_function_table()) {
        if (same_name(name, f.name)) return &f;
    }
    return nullptr;
}

// Writes `text` into `result` with a NUL after it, in memory of this library's runtime (ballpark_result_free frees
// it). When memory runs out, an error with no text.
int32_t set_text(ballpark_result* result, int32_t kind, std::string_view text) noexcept {
    *result = ballpark_result{kind, 0, nullptr, 0, nullptr, 0};
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
        *result = ballpark_result{BALLPARK_RESULT_NUMBER, *number, nullptr, 0, nullptr, 0};
        return result->kind;
    }
    if (const auto* row = std::get_if<std::vector<double>>(&value)) {
        *result = ballpark_result{BALLPARK_RESULT_ROW, 0, nullptr, 0, nullptr, 0};
        auto* numbers = static_cast<double*>(std::malloc(row->size() * sizeof(double)));
        if (numbers == nullptr) return set_error(result, "Ballpark ran out of memory while returning a row of numbers.");
        std::copy(row->begin(), row->end(), numbers);
        result->numbers = numbers;
        result->count = row->size();
        return result->kind;
    }
    if (const auto* table = std::get_if<sheet::Table>(&value)) {
        // A result per row of a column needs an array of cells, which this interface has no kind for.
        try {
            return set_error(result, "This call gives a column of " + std::to_string(table->rows) +
                                         " rows, but the C interface returns one value per call; reduce the rows with "
                                         "sum(...), max(...), min(...) or mean(...), or bind one row per call.");
        } catch (...) {
            return set_error(result, "This call gives a column of results, but the C interface returns one value per call.");
        }
    }
    return set_text(result, BALLPARK_RESULT_TEXT, std::get<std::string>(value));
}

int32_t call(const char* name, const ballpark_value* values, std::size_t count, ballpark_result* result) {
    if (name == nullptr) return set_error(result, "ballpark_call was given no function name.");
    const sheet::SheetFunction* f = find_function(name);
    if (f == nullptr) return set_error(result, "Ballpark has no sheet function named \"" + std::string(name) + "\".");
    if (!f->takes_pairs() && count > f->fixed()) {
        return set_error(result, std::string(f->name) + " takes at most " + std::to_string(f->fixed()) +
                                     " arguments, but " + std::to_string(count) + " were given.");
    }
    if (count > 0 && values == nullptr) return set_error(result, "ballpark_call was given arguments without values.");
    std::vector<sheet::Arg> args;
    args.reserve(std::max(count, f->fixed()));
    for (std::size_t i = 0; i < count; ++i) {
        auto arg = to_arg(values[i], i);
        if (!arg) {
            // QTYERROR never fails: what is wrong with its arguments is the sentence it shows, as in the component.
            if (f->run == nullptr) return set_text(result, BALLPARK_RESULT_TEXT, arg.error().message);
            return set_error(result, arg.error().message);
        }
        args.push_back(std::move(*arg));
    }
    // Calc hands an omitted argument over as empty.
    if (args.size() < f->fixed()) args.resize(f->fixed());
    if (f->run == nullptr) {
        const std::span<const sheet::Arg> all(args);
        return set_text(result, BALLPARK_RESULT_TEXT, sheet::qty_error(all[0], all[1], all.subspan(2)));
    }
    const auto answer = f->run(args);
    if (!answer) return set_error(result, sheet::calc_sentence(answer.error()));
    return set_value(result, *answer);
}

// The sentence for an exception that escaped a sheet function, as the C++ component words it.
int32_t failed_inside(ballpark_result* result, const char* what) noexcept {
    try {
        return set_error(result, std::string("Ballpark failed inside: ") + what);
    } catch (...) {
        return set_error(result, "Ballpark failed inside.");
    }
}

}  // namespace
}  // namespace ballpark::c_api

extern "C" {

int32_t ballpark_c_version(void) { return BALLPARK_C_VERSION; }

void ballpark_result_free(ballpark_result* result) {
    if (result == nullptr) return;
    std::free(result->text);
    result->text = nullptr;
    result->text_size = 0;
    std::free(result->numbers);
    result->numbers = nullptr;
    result->count = 0;
}

std::size_t ballpark_function_count(void) { return ballpark::sheet::sheet_function_table().size(); }

int32_t ballpark_function_at(std::size_t index, ballpark_function* out) {
    const auto table = ballpark::sheet::sheet_function_table();
    if (index >= table.size() || out == nullptr) return 0;
    const auto& f = table[index];
    // The table's strings are literals, so their data ends with a NUL.
    *out = ballpark_function{f.name.data(), f.method.data(),
                             f.gives_text() ? BALLPARK_RESULT_TEXT : BALLPARK_RESULT_NUMBER, f.fixed(),
                             f.takes_pairs() ? 1 : 0};
    return 1;
}

int32_t ballpark_call(const char* name, const ballpark_value* args, std::size_t count, ballpark_result* result) {
    if (result == nullptr) return BALLPARK_RESULT_ERROR;
    // Nothing may escape into a caller written in C, and the sentences match the C++ component's.
    try {
        return ballpark::c_api::call(name, args, count, result);
    } catch (const std::exception& e) {
        return ballpark::c_api::failed_inside(result, e.what());
    } catch (...) {
        return ballpark::c_api::set_error(result, "Ballpark failed inside with an unknown error.");
    }
}

}  // extern "C"
