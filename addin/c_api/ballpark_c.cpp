// The C interface of ballpark_c.h over the one table of sheet functions (addin/sheet/sheet_table.cpp): arguments
// read by c_args.cpp, results made by c_results.cpp, errors worded as the C++ component words them for Calc
// (addin/sheet/calc_advice.hpp).
#include "ballpark_c.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "c_args.hpp"
#include "c_results.hpp"
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

// An error result of kind `kind`.
int32_t set_error_of_kind(ballpark_result* result, ErrorKind& kind_out, ErrorKind kind, std::string_view sentence) noexcept {
    kind_out = kind;
    return set_error(result, sentence);
}

// ballpark_call, which also says the kind of an error result in `kind` (ErrorKind::limit for memory that ran out
// while the result was made).
int32_t call(const char* name, const ballpark_value* values, std::size_t count, ballpark_result* result, ErrorKind& kind) {
    kind = ErrorKind::limit;
    if (name == nullptr) return set_error_of_kind(result, kind, ErrorKind::argument, "ballpark_call was given no function name.");
    const sheet::SheetFunction* f = find_function(name);
    if (f == nullptr) {
        return set_error_of_kind(result, kind, ErrorKind::unknown_name, "Ballpark has no sheet function named \"" + std::string(name) + "\".");
    }
    if (!f->takes_pairs() && count > f->fixed()) {
        return set_error_of_kind(result, kind, ErrorKind::argument, std::string(f->name) + " takes at most " + std::to_string(f->fixed()) +
                                                                 " arguments, but " + std::to_string(count) + " were given.");
    }
    if (count > 0 && values == nullptr) {
        return set_error_of_kind(result, kind, ErrorKind::argument, "ballpark_call was given arguments without values.");
    }
    std::vector<sheet::Arg> args;
    args.reserve(std::max(count, f->fixed()));
    for (std::size_t i = 0; i < count; ++i) {
        auto arg = to_arg(values[i], i);
        if (!arg) {
            // QTYERROR never fails: what is wrong with its arguments is the sentence it shows, as in the component.
            if (f->run == nullptr) return set_text(result, BALLPARK_RESULT_TEXT, arg.error().message);
            return set_error_of_kind(result, kind, arg.error().kind, arg.error().message);
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
    if (!answer) return set_error_of_kind(result, kind, answer.error().kind, sheet::calc_sentence(answer.error()));
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

// ballpark_call_with_kind behind its guard: nothing escapes into a caller written in C, and the sentences match
// the C++ component's.
int32_t guarded_call(const char* name, const ballpark_value* args, std::size_t count, ballpark_result* result,
                     const char** error_kind) noexcept {
    if (error_kind != nullptr) *error_kind = nullptr;
    if (result == nullptr) return BALLPARK_RESULT_ERROR;
    ErrorKind kind = ErrorKind::internal;
    int32_t gave = BALLPARK_RESULT_ERROR;
    try {
        gave = call(name, args, count, result, kind);
    } catch (const std::exception& e) {
        kind = ErrorKind::internal;
        gave = failed_inside(result, e.what());
    } catch (...) {
        kind = ErrorKind::internal;
        gave = set_error(result, "Ballpark failed inside with an unknown error.");
    }
    // The names are literals of error_kind_name, so their data ends with a NUL.
    if (gave == BALLPARK_RESULT_ERROR && error_kind != nullptr) *error_kind = error_kind_name(kind).data();
    return gave;
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
    std::free(result->cells);
    result->cells = nullptr;
    result->rows = 0;
    result->columns = 0;
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
    return ballpark::c_api::guarded_call(name, args, count, result, nullptr);
}

int32_t ballpark_call_with_kind(const char* name, const ballpark_value* args, std::size_t count, ballpark_result* result,
                                const char** error_kind) {
    return ballpark::c_api::guarded_call(name, args, count, result, error_kind);
}

}  // extern "C"
