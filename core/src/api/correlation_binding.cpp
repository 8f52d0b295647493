#include "api/correlation_binding.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "api/read_results.hpp"
#include "api/recipe.hpp"
#include "language/suggest.hpp"
#include "values/distribution/distribution.hpp"

namespace ballpark::detail {
namespace {

std::string_view trimmed(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

[[noreturn]] void fail_pair(std::string_view pair, const std::string& found) {
    fail(ErrorKind::argument, "The value of \"correlation\" is a list of pairs such as \"u, price: -0.5; u, tokens: 0.3\", but " +
             in_quotes(trimmed(pair)) + " " + found + ".",
         0, "Write each pair as two names, a colon and the rank correlation, and separate pairs with \";\".");
}

struct StatedPair {
    std::string_view a, b, text;  // views into the binding's text
    double rank = 0;
};

// The pairs of the binding's text, each pair of names once: a repeat, with the same number or another, is refused
// naming both (the last one silently winning would drop the other).
std::vector<StatedPair> pairs_of(const Binding& b) {
    const auto* text = std::get_if<std::string_view>(&b.value);
    if (!text || b.high) {
        Error error{"The value of \"correlation\" is a text of pairs such as \"u, price: -0.5; u, tokens: 0.3\", but it is not "
                    "a text.",
                    0, {}, ErrorKind::argument};
        error.advice = ErrorAdvice::correlation_as_text;
        fail(std::move(error));
    }
    std::vector<StatedPair> pairs;
    std::string_view rest = *text;
    while (!rest.empty()) {
        const std::size_t end = rest.find_first_of(";\n");
        const std::string_view pair = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        if (trimmed(pair).empty()) continue;
        const std::size_t comma = pair.find(','), colon = pair.find(':');
        if (comma == std::string_view::npos || colon == std::string_view::npos || comma > colon) {
            fail_pair(pair, "is not two names and a number");
        }
        const std::string_view a = trimmed(pair.substr(0, comma));
        const std::string_view b_name = trimmed(pair.substr(comma + 1, colon - comma - 1));
        const std::string_view number = trimmed(pair.substr(colon + 1));
        double r = 0;
        const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), r);
        if (a.empty() || b_name.empty()) fail_pair(pair, "lacks a name");
        if (ec != std::errc{} || ptr != number.data() + number.size()) fail_pair(pair, "has no plain number after the colon");
        for (const StatedPair& earlier : pairs) {
            if ((earlier.a == a && earlier.b == b_name) || (earlier.a == b_name && earlier.b == a)) {
                fail(ErrorKind::argument, "The value of \"correlation\" states each pair of names once, but " + in_quotes(earlier.text) +
                         " and " + in_quotes(trimmed(pair)) + " both give the correlation of " + std::string(a) + " and " +
                         std::string(b_name) + ".",
                     0, "Keep the one you mean and delete the other.");
            }
        }
        pairs.push_back({a, b_name, trimmed(pair), r});
    }
    return pairs;
}

// A correlated name that no binding of the call has: the names it has, and the nearest of them.
[[noreturn]] void fail_unbound(std::string_view name, std::span<const Binding> bindings, const Binding* correlation) {
    std::vector<std::string_view> names;
    for (const Binding& b : bindings)
        if (&b != correlation && std::find(names.begin(), names.end(), b.name) == names.end()) names.push_back(b.name);
    const std::vector<std::string> near = near_names(name, names);
    // near_names puts the names that differ only in case first.
    const bool by_case = !near.empty() && near.front().size() == name.size() &&
                         std::equal(name.begin(), name.end(), near.front().begin(), [](char x, char y) {
                             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
                         });
    std::string bound;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) bound += i + 1 == names.size() ? " and " : ", ";
        bound += in_quotes(names[i]);
    }
    Error e{"The pair \"correlation\" correlates names the call binds to uncertain inputs, but it names " + in_quotes(name) +
                ", which the call does not bind" +
                (names.empty() ? std::string(": it binds no other name.") : ": it binds " + bound + ".") +
                (by_case ? " Names are told apart by case." : ""),
            0,
            !near.empty() ? did_you_mean(near)
                          : "Correlate two names the call gives values to, each a range such as \"25% to 60%\"."};
    e.kind = ErrorKind::unknown_name;
    fail(std::move(e));
}

}  // namespace

void state_correlation_binding(const Binding& b, Correlations& correlations) {
    for (const StatedPair& p : pairs_of(b)) correlations.state(p.a, p.b, p.rank, 0);
}

void check_correlation_binding(std::span<const Binding> bindings) {
    const Binding* correlation = correlation_binding(bindings);
    if (!correlation) return;
    const std::vector<StatedPair> pairs = pairs_of(*correlation);
    const bool reads_results = reads_recipes(bindings);
    std::vector<std::string_view> checked;
    // Each correlated binding is made as the 90% reading makes it, in a context of its own: one input, or refused.
    Distribution::Context scratch;
    for (const StatedPair& p : pairs) {
        for (const std::string_view name : {p.a, p.b}) {
            if (std::find(checked.begin(), checked.end(), name) != checked.end()) continue;
            checked.push_back(name);
            const Binding* bound = nullptr;
            for (const Binding& b : bindings)
                if (&b != correlation && b.name == name) bound = &b;
            if (!bound) {
                if (reads_results) continue;
                fail_unbound(name, bindings, correlation);
            }
            const bool result = recipe_in(bound->value) || (bound->high && recipe_in(*bound->high));
            if (result) {
                Error error{in_quotes(name) + " has a correlation, so it must be an uncertain input (" + uncertain_input_kinds() +
                                "), but it is bound to an earlier result, whose inputs are its own.",
                            0, {}, ErrorKind::argument};
                error.argument = std::string(name);
                error.advice = ErrorAdvice::bind_result_range;
                fail(std::move(error));
            }
            auto [value, made] = scratch.define_correlated(name, [&] { return read_one<Distribution>(scratch, *bound); });
            if (!made) {
                fail(ErrorKind::argument, in_quotes(name) + " has a correlation, so it must be an uncertain input (" + uncertain_input_kinds() + "), but its value makes none.");
            }
        }
    }
}

}  // namespace ballpark::detail
