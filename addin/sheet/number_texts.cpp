#include "number_texts.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "arguments.hpp"
#include "ballpark/text.hpp"

namespace ballpark::sheet::detail {

bool has_decimal_comma(std::string_view text) {
    int depth = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '(' || text[i] == '[') ++depth;
        if ((text[i] == ')' || text[i] == ']') && depth > 0) --depth;
        if (depth == 0 && i > 0 && text[i] == ',' && std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
            std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
            return true;
        }
    }
    return false;
}

Error with_comma_hint(std::string_view text, Error e) {
    if (has_decimal_comma(text)) e.hint = trim_join(std::string(decimal_comma_hint), e.hint);
    return e;
}

namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Whether a point or a comma stands between a digit and three digits anywhere in the text: the only texts in which
// grouped_number can find a group. Every text argument of every call is checked and most have no point or comma at
// all, so each separator is looked for with memchr, which passes over such a text much faster than a loop over
// every byte.
bool may_hold_groups(std::string_view text) {
    const auto digit = [&](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    for (const char separator : {'.', ','}) {
        const char* const begin = text.data();
        const char* const end = begin + text.size();
        for (const char* at = begin; (at = static_cast<const char*>(std::memchr(at, separator, static_cast<std::size_t>(end - at))));
             ++at) {
            const std::size_t i = static_cast<std::size_t>(at - begin);
            if (i > 0 && digit(i - 1) && digit(i + 1) && digit(i + 2) && digit(i + 3)) return true;
        }
    }
    return false;
}

}  // namespace

std::optional<GroupedNumber> grouped_number(std::string_view text) {
    if (!may_hold_groups(text)) return std::nullopt;
    int depth = 0;
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char c = text[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (!is_digit(c)) continue;
        const char before = i > 0 ? text[i - 1] : ' ';
        const bool starts = !(std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.' || before == ',');
        std::size_t p = i;
        while (p < n && is_digit(text[p])) ++p;
        const std::size_t integer = p - i;
        if (!starts || integer > 3 || c == '0' || p == n || (text[p] != '.' && text[p] != ',') || (text[p] == ',' && depth > 0)) {
            i = p - 1;
            continue;
        }
        GroupedNumber g;
        g.separator = text[p];
        g.integer = std::string(text.substr(i, integer));
        std::size_t q = p;
        while (q + 3 < n && text[q] == g.separator && is_digit(text[q + 1]) && is_digit(text[q + 2]) && is_digit(text[q + 3]) &&
               (q + 4 == n || !is_digit(text[q + 4]))) {
            g.group_digits += text.substr(q + 1, 3);
            ++g.groups;
            q += 4;
        }
        if (g.groups == 0 || (q < n && text[q] == g.separator)) {
            i = p - 1;
            continue;
        }
        g.plain = g.integer + g.group_digits;
        const char other = g.separator == '.' ? ',' : '.';
        if (q + 1 < n && text[q] == other && is_digit(text[q + 1]) && (other == '.' || depth == 0)) {
            std::size_t r = q + 1;
            while (r < n && is_digit(text[r])) ++r;
            g.plain += "." + std::string(text.substr(q + 1, r - q - 1));
            g.decimals = true;
            q = r;
        }
        g.written = text.substr(i, q - i);
        return g;
    }
    return std::nullopt;
}

namespace {

// "500" -> "5", "000" -> "", "345" -> "345": the decimals of a group read as a fraction, without trailing zeros.
std::string without_trailing_zeros(std::string digits) {
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    return digits;
}

// The number with a scale word, "1.5 thousand" or "8 billion", when that is shorter to read and not itself a group.
std::optional<std::string> scaled(const GroupedNumber& g) {
    static constexpr std::string_view words[] = {"thousand", "million", "billion", "trillion"};
    if (g.decimals || g.groups > std::size(words)) return std::nullopt;
    const std::string fraction = without_trailing_zeros(g.group_digits);
    if (fraction.size() == 3) return std::nullopt;  // "12.345 thousand" would be refused in its turn
    return g.integer + (fraction.empty() ? "" : "." + fraction) + " " + std::string(words[g.groups - 1]);
}

}  // namespace

Error grouped_error(const GroupedNumber& g, std::string_view text) {
    const std::string subject = (text.size() == g.written.size() || text.size() > 80 ? "The number "
                                                                                     : "In " + in_quotes(text) + ", ") +
                                std::string(g.written);
    const std::optional<std::string> words = scaled(g);
    const std::string thousands = g.plain + (words ? " or " + *words : "");
    const std::string_view separator = g.separator == '.' ? "point" : "comma";
    if (g.groups == 1 && !g.decimals) {
        // One group: a decimal in one locale, thousands in another. A fourth decimal makes the decimal reading
        // unambiguous where no trailing zero can be dropped: 12.3450.
        const std::string fraction = without_trailing_zeros(g.group_digits);
        const std::string decimal = fraction.size() == 3 ? g.integer + "." + g.group_digits + "0"
                                    : fraction.empty()   ? g.integer
                                                         : g.integer + "." + fraction;
        return error(ErrorKind::ambiguous, subject + " is " + decimal + " with a decimal " + std::string(separator) + " and " + g.plain +
                         " with a thousands " + std::string(separator) + ", and sheets in different locales write both, "
                         "so Ballpark does not guess.",
                     "Ballpark reads no thousands separators and only a decimal point: write " + thousands +
                         " for the thousands, or " + decimal + " for the decimal.");
    }
    return error(ErrorKind::ambiguous, subject + " has thousands " + std::string(separator) + "s, which Ballpark does not read: a point or a "
                     "comma between groups of three digits means thousands in one locale and a decimal in another.",
                 "Write " + thousands + ".");
}

namespace {

// Whether a text argument, or a text cell of a range, has a decimal comma.
bool any_decimal_comma(const Arg& arg) {
    if (const auto* text = std::get_if<std::string>(&arg)) return has_decimal_comma(std::string_view(*text));
    if (const auto* range = std::get_if<Cells>(&arg)) {
        return std::ranges::any_of(range->cells, [](const Cell& cell) {
            const auto* text = std::get_if<std::string>(&cell);
            return text && has_decimal_comma(std::string_view(*text));
        });
    }
    return false;
}

}  // namespace

void add_comma_hint(std::span<const Arg> args, Error& e) {
    if (std::ranges::any_of(args, [](const Arg& a) { return any_decimal_comma(a); })) {
        e.hint = trim_join(std::string(decimal_comma_hint), e.hint);
    }
}

}  // namespace ballpark::sheet::detail
