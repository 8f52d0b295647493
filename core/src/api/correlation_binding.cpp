#include "api/correlation_binding.hpp"

#include <charconv>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"

namespace ballpark::detail {
namespace {

std::string_view trimmed(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

[[noreturn]] void fail_pair(std::string_view pair, const std::string& found) {
    fail(ErrorKind::argument, "The value of \"correlation\" is a list of pairs such as \"u, price: -0.5; u, gpus: 0.3\", but " +
             in_quotes(trimmed(pair)) + " " + found + ".",
         0, "Write each pair as two names, a colon and the rank correlation, and separate pairs with \";\".");
}

}  // namespace

void state_correlation_binding(const Binding& b, Correlations& correlations) {
    const auto* text = std::get_if<std::string_view>(&b.value);
    if (!text || b.high) {
        fail(ErrorKind::argument, "The value of \"correlation\" is a text of pairs such as \"u, price: -0.5; u, gpus: 0.3\", but "
                 "it is not a text.",
             0, "Put the pairs in a cell as text, or in quotes in the formula.");
    }
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
        correlations.state(a, b_name, r, 0);
    }
}

}  // namespace ballpark::detail
