// QTYERROR: the sentence behind an Err:502, which Calc cannot show in a cell by itself.
//
// Given an expression, QTYERROR explains what QTY would say about it. Given the name of one of Ballpark's sheet
// functions followed by that function's own arguments, as in =QTYERROR("GPUHOURS"; A2; B2; "A100"; 35%; 55%),
// it calls that function and explains its error, so every Err:502 the extension produces can be read.
#include <algorithm>
#include <cctype>
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

// The row of a sheet function that QTYERROR can call, by its name in any case.
const SheetFunction* find_function(std::string_view text) {
    const auto name = trimmed(text);
    for (const SheetFunction& f : sheet_function_table()) {
        if (f.run && same_name(name, f.name)) return &f;
    }
    return nullptr;
}

// The error of `f` called with `args` (QTYERROR's arguments after the name), as a sentence; empty when it succeeds.
std::string explain_call(const SheetFunction& f, std::span<const Arg> args) {
    if (!f.takes_pairs() && args.size() > f.fixed()) {
        return "QTYERROR was given " + std::to_string(args.size()) + " arguments for " + std::string(f.name) +
               ", which takes at most " + std::to_string(f.fixed()) + ".";
    }
    if (f.takes_pairs() && args.size() > f.fixed() + 2 * f.pairs) {
        // Calc answers such a call with its own Err:504 before Ballpark sees it: say where more pairs fit.
        std::string sentence = "QTYERROR was given " + std::to_string((args.size() - f.fixed() + 1) / 2) +
                               " name; value pairs for " + std::string(f.name) + ", which takes at most " +
                               std::to_string(f.pairs) + ".";
        for (const SheetFunction& longer : sheet_function_table()) {  // its twin with more pairs (QTY16)
            if (longer.run == f.run && longer.pairs > f.pairs) {
                sentence += " " + std::string(longer.name) + " takes up to " + std::to_string(longer.pairs) + ".";
            }
        }
        return sentence;
    }
    std::vector<Arg> padded(args.begin(), args.end());
    if (padded.size() < f.fixed()) padded.resize(f.fixed());
    const auto error = f.error_of(padded);
    if (!error) return {};
    // Most sentences name an argument ("params should be …"); the function's name says which call it was about,
    // unless the sentence is about the call and begins with it already (its sheet_function).
    if (!error->sheet_function.empty()) return calc_sentence(*error);
    return std::string(f.name) + ": " + calc_sentence(*error);
}

}  // namespace

bool names_sheet_function(std::string_view text) noexcept { return find_function(text) != nullptr; }

std::string qty_error(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return qty_error(Arg{std::string(expression)}, unit, pairs);
}

std::string qty_error(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    try {
        const auto* name = std::get_if<std::string>(&expression);
        if (const SheetFunction* f = name ? find_function(*name) : nullptr) {
            std::vector<Arg> args;
            args.reserve(pairs.size() + 1);
            args.push_back(unit);
            args.insert(args.end(), pairs.begin(), pairs.end());
            // QTYERROR("QTYDIM") reaches here with an omitted `unit`: trailing empty arguments beyond a function's
            // own count were not given to it. (Value pairs keep theirs: an empty value is an error to explain.)
            while (!f->takes_pairs() && args.size() > f->fixed() && std::holds_alternative<std::monostate>(args.back())) {
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
