// Small text helpers for error sentences, shared so that each exists once.
#pragma once

#include <charconv>
#include <string>
#include <string_view>

namespace ballpark {

// "hour" with its quotation marks, as every sentence quotes what the user wrote.
inline std::string in_quotes(std::string_view text) { return "\"" + std::string(text) + "\""; }

// Two sentences as one, either of which may be empty.
inline std::string trim_join(const std::string& first, const std::string& second) {
    if (first.empty()) return second;
    if (second.empty()) return first;
    return first + " " + second;
}

// A number as the user would type it (35, 0.35, 7e+10): the shortest text that reads back as the same double.
inline std::string plain_text(double value) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
}

}  // namespace ballpark
