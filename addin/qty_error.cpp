// QTYERROR: the sentence behind an Err:502, which Calc cannot show in a cell by itself.
//
// Given an expression, QTYERROR explains what QTY would say about it. Given the name of one of Ballpark's sheet
// functions followed by that function's own arguments, as in =QTYERROR("GPUHOURS"; A2; B2; "A100"; 35%; 55%),
// it calls that function and explains its error, so every Err:502 the extension produces can be read.
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "ballpark/text.hpp"

namespace ballpark::sheet {
namespace {

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

bool same_name(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
    });
}

// A text argument as Calc hands it to a function whose parameter is a `string` (UNITCONVERT's to_unit, ACCELPEAK's
// name): a number becomes its digits and an empty cell an empty text. QTYERROR's own arguments receive an empty
// cell as the number 0, so 0 is read as the empty cell it almost always is.
std::string text_of(const Arg& arg) {
    if (const auto* text = std::get_if<std::string>(&arg)) return *text;
    if (const auto* number = std::get_if<double>(&arg); number && *number != 0) return plain_text(*number);
    return {};
}

template <class T>
std::optional<Error> failure(const Result<T>& result) {
    if (result) return std::nullopt;
    return result.error();
}

// One sheet function as QTYERROR can call it. `fixed` is how many arguments it has before its name; value pairs,
// if it takes them (`pairs`); `args` always holds at least `fixed` entries, the missing ones empty.
struct NamedFunction {
    std::string_view name;
    std::size_t fixed;
    bool pairs;
    std::optional<Error> (*call)(std::span<const Arg> args);
};

// The names are those Calc shows (registry/CalcAddIns.xcu); the calls mirror calc_addin.cpp's methods.
constexpr std::array<NamedFunction, 12> functions{{
    {"GPUHOURS", 7, false,
     [](std::span<const Arg> a) { return failure(gpu_hours(a[0], a[1], a[2], a[3], a[4], a[5], a[6])); }},
    {"UNITCONVERT", 3, false, [](std::span<const Arg> a) { return failure(unit_convert(a[0], a[1], text_of(a[2]))); }},
    // The expression parameters are `any`: the argument goes over as Calc handed it, a number staying a number.
    {"QTY", 2, true, [](std::span<const Arg> a) { return failure(qty(a[0], a[1], a.subspan(2))); }},
    {"QTYVALUE", 3, true,
     [](std::span<const Arg> a) { return failure(qty_value(a[0], a[1], a[2], a.subspan(3))); }},
    {"QTYDIM", 1, false, [](std::span<const Arg> a) { return failure(qty_dim(a[0])); }},
    {"TRAININGFLOP", 4, false, [](std::span<const Arg> a) { return failure(training_flop(a[0], a[1], a[2], a[3])); }},
    {"IMPLIEDUTIL", 4, false, [](std::span<const Arg> a) { return failure(implied_util(a[0], a[1], a[2], a[3])); }},
    {"ACCELPEAK", 2, false, [](std::span<const Arg> a) { return failure(accel_peak(text_of(a[0]), a[1])); }},
    {"QTYDIST", 2, true, [](std::span<const Arg> a) { return failure(qty_dist(a[0], a[1], a.subspan(2))); }},
    {"QTYSUM", 2, false, [](std::span<const Arg> a) { return failure(qty_sum(a[0], a[1])); }},
    {"QTYSWING", 4, true,
     [](std::span<const Arg> a) { return failure(qty_swing(a[0], a[1], a[2], a[3], a.subspan(4))); }},
    {"QTYTOP", 2, true, [](std::span<const Arg> a) { return failure(qty_top(a[0], a[1], a.subspan(2))); }},
}};

const NamedFunction* find_function(std::string_view text) {
    const auto name = trimmed(text);
    for (const auto& f : functions) {
        if (same_name(name, f.name)) return &f;
    }
    return nullptr;
}

// The error of `f` called with `args` (QTYERROR's arguments after the name), as a sentence; empty when it succeeds.
std::string explain_call(const NamedFunction& f, std::span<const Arg> args) {
    if (!f.pairs && args.size() > f.fixed) {
        return "QTYERROR was given " + std::to_string(args.size()) + " arguments for " + std::string(f.name) +
               ", which takes at most " + std::to_string(f.fixed) + ".";
    }
    std::vector<Arg> padded(args.begin(), args.end());
    if (padded.size() < f.fixed) padded.resize(f.fixed);
    const auto error = f.call(padded);
    if (!error) return {};
    std::string sentence = calc_sentence(*error);
    // Most sentences name an argument ("params should be …"); the function's name says which call it was about.
    if (!sentence.starts_with(f.name)) sentence = std::string(f.name) + ": " + sentence;
    return sentence;
}

}  // namespace

bool names_sheet_function(std::string_view text) noexcept { return find_function(text) != nullptr; }

std::string qty_error(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return qty_error(Arg{std::string(expression)}, unit, pairs);
}

std::string qty_error(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    try {
        const auto* name = std::get_if<std::string>(&expression);
        if (const NamedFunction* f = name ? find_function(*name) : nullptr) {
            std::vector<Arg> args;
            args.reserve(pairs.size() + 1);
            args.push_back(unit);
            args.insert(args.end(), pairs.begin(), pairs.end());
            // QTYERROR("QTYDIM") reaches here with an omitted `unit`: trailing empty arguments beyond a function's
            // own count were not given to it. (Value pairs keep theirs: an empty value is an error to explain.)
            while (!f->pairs && args.size() > f->fixed && std::holds_alternative<std::monostate>(args.back())) {
                args.pop_back();
            }
            return explain_call(*f, args);
        }
        auto text = qty(expression, unit, pairs);
        return text ? std::string{} : calc_sentence(text.error());
    } catch (...) {
        return "Ballpark failed inside while describing the error.";
    }
}

}  // namespace ballpark::sheet
