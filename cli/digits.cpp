#include "digits.hpp"

#include <charconv>

namespace ballpark::cli {
namespace {

std::string_view trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::expected<int, std::string> parse_digits(std::string_view text) {
    const std::string_view t = trimmed(text);
    int n = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), n);
    if (t.empty() || error != std::errc{} || end != t.data() + t.size() || n < 1 || n > max_significant_digits) {
        return std::unexpected("Expected a number of significant figures from 1 to " + std::to_string(max_significant_digits) +
                               " after digits, but found \"" + std::string(t) + "\".");
    }
    return n;
}

std::optional<std::expected<int, std::string>> digits_line(std::string_view line) {
    const std::string_view t = trimmed(line);
    // "digits" alone is the value of a variable of that name.
    if (!t.starts_with("digits") || t.size() == 6 || (t[6] != ' ' && t[6] != '\t')) return std::nullopt;
    // Only a count after the word: "digits * 2" is arithmetic on a variable named digits.
    const std::string_view rest = trimmed(t.substr(6));
    if (rest.empty() || rest.front() < '0' || rest.front() > '9') return std::nullopt;
    return parse_digits(rest);
}

void set_digits(FormatOptions& format, int digits) {
    format.point_digits = digits;
    format.range_digits = digits;
}

std::string digits_sentence(int digits) {
    return "digits " + std::to_string(digits) + ": results show " + std::to_string(digits) + " significant figure" +
           (digits == 1 ? "" : "s");
}

}  // namespace ballpark::cli
