// Small text helpers for error sentences, shared so that each exists once.
#pragma once

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

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

// A percentile as the part that a sheet or notebook asks for ("p5", "p99.5": parse_pick in api.hpp reads it), and
// as an ordinal ("5th", "99.5th"): the words of a reading's ends, made from its row's tail (low_percentile and
// high_percentile in ballpark/mode.hpp) rather than written out.
inline std::string percentile_part(double percent) { return "p" + plain_text(percent); }
inline std::string percentile_ordinal(double percent) {
    const std::string digits = plain_text(percent);
    // 1st, 2nd, 3rd, but 11th, 12th, 13th; a decimal ends in "th" (0.5th, 2.5th).
    const bool whole = digits.find_first_not_of("0123456789") == std::string::npos;
    const bool teen = digits.size() >= 2 && digits[digits.size() - 2] == '1';
    if (whole && !teen && digits.back() == '1') return digits + "st";
    if (whole && !teen && digits.back() == '2') return digits + "nd";
    if (whole && !teen && digits.back() == '3') return digits + "rd";
    return digits + "th";
}

// At most `width` characters of `line` around its 1-based character `column`, with "…" where the line was cut, and
// where that character sits in the excerpt: an error about a 100,000-character line quotes the neighbourhood of
// the place, not the whole line. Characters are counted as the lexer's columns count them, one per UTF-8 sequence
// (every byte that is not a continuation byte starts one).
struct Excerpt {
    std::string text;
    int column = 1;
};
inline Excerpt excerpt_around(std::string_view line, int column, std::size_t width = 200) {
    std::vector<std::size_t> starts;  // the byte offset where each character begins
    for (std::size_t i = 0; i < line.size(); ++i) {
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) starts.push_back(i);
    }
    const std::size_t count = starts.size();
    if (count <= width || width == 0) return {std::string(line), column};
    const std::size_t at = column > 1 ? std::min(static_cast<std::size_t>(column - 1), count) : 0;
    std::size_t first = at > width / 2 ? at - width / 2 : 0;
    const std::size_t last = std::min(count, first + width);  // one past the last character kept
    first = last - width;
    Excerpt excerpt;
    if (first > 0) excerpt.text = "…";
    const std::size_t end_byte = last < count ? starts[last] : line.size();
    excerpt.text += line.substr(starts[first], end_byte - starts[first]);
    if (last < count) excerpt.text += "…";
    excerpt.column = static_cast<int>(at - first) + 1 + (first > 0 ? 1 : 0);
    return excerpt;
}

}  // namespace ballpark
