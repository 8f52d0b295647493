#include "language/lexer.hpp"

#include <algorithm>
#include <charconv>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "language/limits.hpp"
#include "language/superscripts.hpp"

namespace ballpark {
namespace {

// A character of a result's key (linked.hpp), in UTF-8: the invisible separator (U+2063) that starts one, the word
// joiner (U+2060) that started one in earlier versions, or a variation selector (U+FE00 to U+FE0F). A key inside a
// longer text (a result joined with &) reads as nothing.
bool is_key_character(std::string_view ch) {
    if (ch == "\u2063" || ch == "\u2060") return true;
    return ch.size() == 3 && ch[0] == '\xEF' && ch[1] == '\xB8' && static_cast<unsigned char>(ch[2]) >= 0x80 &&
           static_cast<unsigned char>(ch[2]) <= 0x8F;
}

bool is_ascii_letter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Length of the UTF-8 sequence at s[i], or 0 when it is not well formed (overlong forms and surrogates included).
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    std::size_t n;
    char32_t min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; min = 0x10000; }
    else return 0;
    if (i + n > s.size()) return 0;
    char32_t cp = c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

// For a literal that std::from_chars found out of range: whether it is too large (true) or too small (false),
// from the sign of its decimal order of magnitude. Such literals are at least 10^308 away from 1, so the sign is clear.
bool too_large(std::string_view literal) {
    const std::size_t e = literal.find_first_of("eE");
    const std::string_view mantissa = literal.substr(0, e);
    long long order = 0;
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const std::size_t first = mantissa.find_first_of("123456789");
    if (first == std::string_view::npos) return false;
    order = first < point ? static_cast<long long>(point - first) - 1 : -static_cast<long long>(first - point);
    if (e != std::string_view::npos) {
        std::string_view exponent = literal.substr(e + 1);
        const bool negative = !exponent.empty() && exponent[0] == '-';
        if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.remove_prefix(1);
        long long value = 0;
        const auto [end, ec] = std::from_chars(exponent.data(), exponent.data() + exponent.size(), value);
        if (ec == std::errc::result_out_of_range) return !negative;  // an exponent of more than 18 digits decides alone
        order += negative ? -value : value;
    }
    return order > 0;
}

}  // namespace

const char* describe(TokenKind kind) {
    switch (kind) {
        case TokenKind::number: return "a number";
        case TokenKind::identifier: return "a name";
        case TokenKind::superscript: return "a superscript power";
        case TokenKind::plus: return "\"+\"";
        case TokenKind::minus: return "\"-\"";
        case TokenKind::star: return "\"*\"";
        case TokenKind::slash: return "\"/\"";
        case TokenKind::caret: return "\"^\"";
        case TokenKind::left_paren: return "\"(\"";
        case TokenKind::right_paren: return "\")\"";
        case TokenKind::comma: return "\",\"";
        case TokenKind::equals: return "\"=\"";
        case TokenKind::left_bracket: return "\"[\"";
        case TokenKind::right_bracket: return "\"]\"";
        case TokenKind::colon: return "\":\"";
        case TokenKind::dimension_label: return "a dimension in braces";
        case TokenKind::keyword_to: return "\"to\"";
        case TokenKind::keyword_as: return "\"as\"";
        case TokenKind::less: return "\"<\"";
        case TokenKind::less_equal: return "\"<=\"";
        case TokenKind::greater: return "\">\"";
        case TokenKind::greater_equal: return "\">=\"";
        case TokenKind::end: return "the end of the text";
    }
    return "a token";
}

std::vector<Token> tokenize(std::string_view s) {
    if (s.size() > limits::max_text_bytes) {
        fail(ErrorKind::limit, "The text is " + std::to_string(s.size()) + " bytes long; Ballpark reads at most " +
             std::to_string(limits::max_text_bytes) + " bytes in one expression.");
    }
    std::vector<Token> tokens;
    tokens.reserve(s.size() / 2 + 2);  // about one token per two characters in typical formulas; avoids regrowth
    std::size_t i = 0;
    int column = 1;
    bool space_before = true;
    const auto push = [&](TokenKind kind, std::size_t start, std::size_t length, int col, double number = 0) {
        if (tokens.size() >= limits::max_tokens) {
            fail(ErrorKind::limit, "The expression has more than " + std::to_string(limits::max_tokens) + " tokens, more than Ballpark reads.",
                 col);
        }
        tokens.push_back(Token{kind, s.substr(start, length), number, col, space_before});
        space_before = false;
    };

    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t length = c < 0x80 ? 1 : utf8_length(s, i);  // ASCII, most of every formula, needs no decoding
        if (length == 0) fail(ErrorKind::syntax, "The text is not valid UTF-8 at column " + std::to_string(column) + ".", column);
        const std::string_view ch = s.substr(i, length);
        const int start_column = column;

        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || ch == "\u00A0") {
            i += length;
            ++column;
            space_before = true;
            continue;
        }
        // The characters of a result's key (ballpark/linked.hpp) print as nothing: a result joined into a longer
        // text with Calc's & is read as it shows.
        if (is_key_character(ch)) {
            i += length;
            continue;
        }
        if (c == '#') break;  // a comment runs to the end of the line
        if (c < 0x20 || c == 0x7F) {
            fail(ErrorKind::syntax, "Found the control character " + std::to_string(c) + " at column " + std::to_string(column) +
                     "; expressions are plain text.",
                 column);
        }

        if (is_digit(c) || (c == '.' && i + 1 < s.size() && is_digit(static_cast<unsigned char>(s[i + 1])))) {
            std::size_t j = i;
            // Whole numbers of up to 15 digits, most literals, are exact doubles: read them as integers here rather
            // than through std::from_chars, which costs several times more.
            std::uint64_t whole = 0;
            while (j < s.size() && is_digit(static_cast<unsigned char>(s[j]))) whole = whole * 10 + static_cast<unsigned>(s[j++] - '0');
            const std::size_t whole_end = j;
            if (j < s.size() && s[j] == '.') {
                ++j;
                while (j < s.size() && is_digit(static_cast<unsigned char>(s[j]))) ++j;
            }
            // An exponent only when digits follow, so "2EB" stays 2 exabyte and "3e" is 3 then a name.
            if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
                std::size_t k = j + 1;
                if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
                if (k < s.size() && is_digit(static_cast<unsigned char>(s[k]))) {
                    while (k < s.size() && is_digit(static_cast<unsigned char>(s[k]))) ++k;
                    j = k;
                }
            }
            if (j == whole_end && j - i <= 15) {
                push(TokenKind::number, i, j - i, start_column, static_cast<double>(whole));
                column += static_cast<int>(j - i);
                i = j;
                continue;
            }
            double value = 0;
            const auto [end, ec] = std::from_chars(s.data() + i, s.data() + j, value);
            if (ec == std::errc::result_out_of_range) {
                const std::string_view literal = s.substr(i, j - i);
                // Too small is an error too: reading 1e-400 as 0 would silently turn "1 / 1e-400" into a
                // division by zero. Numbers down to the smallest subnormal (about 4.9 × 10^-324) are read.
                fail(ErrorKind::overflow, "The number " + in_quotes(excerpt_around(literal, 1, 40).text) + " at column " +
                         std::to_string(column) +
                         (too_large(literal) ? " is beyond the range of double precision (about 1.8 × 10^308)."
                                             : " is too small for double precision (below about 4.9 × 10^-324); write 0 "
                                               "if zero is meant."),
                     column);
            }
            if (ec != std::errc{} || end != s.data() + j) {
                fail(ErrorKind::syntax, "Could not read the number " + in_quotes(excerpt_around(s.substr(i, j - i), 1, 40).text) +
                         " at column " + std::to_string(column) + ".",
                     column);
            }
            push(TokenKind::number, i, j - i, start_column, value);
            column += static_cast<int>(j - i);
            i = j;
            continue;
        }

        if (superscript_value(ch) != -2) {
            std::size_t j = i;
            int sign = 1;
            int value = 0;
            int digits = 0;
            int width = 0;
            bool minus_allowed = true;
            while (j < s.size()) {
                const std::size_t n = utf8_length(s, j);
                if (n == 0) break;
                const int v = superscript_value(s.substr(j, n));
                if (v == -2 || (v == -1 && !minus_allowed)) break;
                if (v == -1) sign = -1;
                else {
                    if (digits >= 3) fail(ErrorKind::limit, "A superscript power at column " + std::to_string(start_column) + " is too large.", start_column);
                    value = value * 10 + v;
                    ++digits;
                }
                minus_allowed = false;
                j += n;
                ++width;
            }
            if (digits == 0) fail(ErrorKind::syntax, "A superscript minus at column " + std::to_string(start_column) + " needs digits after it.", start_column);
            push(TokenKind::superscript, i, j - i, start_column, sign * value);
            column += width;
            i = j;
            continue;
        }

        TokenKind single = TokenKind::end;
        switch (c) {
            case '+': single = TokenKind::plus; break;
            case '-': single = TokenKind::minus; break;
            case '*': single = TokenKind::star; break;
            case '/': single = TokenKind::slash; break;
            case '^': single = TokenKind::caret; break;
            case '(': single = TokenKind::left_paren; break;
            case ')': single = TokenKind::right_paren; break;
            case ',': single = TokenKind::comma; break;
            case ';': single = TokenKind::comma; break;  // Calc users type ; between arguments
            case '=': single = TokenKind::equals; break;
            case '[': single = TokenKind::left_bracket; break;
            case ']': single = TokenKind::right_bracket; break;
            case ':': single = TokenKind::colon; break;
            default: break;
        }
        if ((c == '<' || c == '>') && i + 1 < s.size() && s[i + 1] == '=') {
            // Two characters, one token: "<=" is not "<" then "=" (a definition).
            push(c == '<' ? TokenKind::less_equal : TokenKind::greater_equal, i, 2, start_column);
            i += 2;
            column += 2;
            continue;
        }
        if (c == '<') single = TokenKind::less;
        if (c == '>') single = TokenKind::greater;
        if (ch == "≤") single = TokenKind::less_equal;
        if (ch == "≥") single = TokenKind::greater_equal;
        if (ch == "·" || ch == "×" || ch == "⋅") single = TokenKind::star;
        if (ch == "−") single = TokenKind::minus;
        if (ch == "÷") single = TokenKind::slash;
        if (single != TokenKind::end) {
            push(single, i, length, start_column);
            i += length;
            ++column;
            continue;
        }

        if (c == '{') {
            // A dimension label as results print it, "{time}" or "{compute rate}": one token, braces excluded.
            std::size_t j = i + 1;
            int width = 1;
            while (j < s.size() && s[j] != '}') {
                const std::size_t n = utf8_length(s, j);
                if (n == 0) fail(ErrorKind::syntax, "The text is not valid UTF-8 at column " + std::to_string(column + width) + ".", column + width);
                if (static_cast<unsigned char>(s[j]) < 0x20 || s[j] == '{') break;
                j += n;
                ++width;
            }
            if (j >= s.size() || s[j] != '}') {
                fail(ErrorKind::syntax, "Expected \"}\" to close the \"{\" at column " + std::to_string(start_column) +
                         ", such as \"{time}\".",
                     start_column);
            }
            std::string_view inside = s.substr(i + 1, j - i - 1);
            while (!inside.empty() && inside.front() == ' ') inside.remove_prefix(1);
            while (!inside.empty() && inside.back() == ' ') inside.remove_suffix(1);
            push(TokenKind::dimension_label, static_cast<std::size_t>(inside.data() - s.data()), inside.size(), start_column);
            column += width + 1;
            i = j + 1;
            continue;
        }

        // "35–55%", "2—3 hour": an en or em dash is how prose writes a range, and no operator here; read as part of a
        // name it gave "Unknown unit "–55"", which does not say what to do.
        if (ch == "\u2013" || ch == "\u2014") {
            fail(ErrorKind::ambiguous, "The dash " + in_quotes(ch) + " at column " + std::to_string(column) +
                     " is not an operator here: it could be a range, as prose writes one, or a minus.",
                 column, "Write \"to\" for a range (35% to 55%, 2 to 3 hour), or \"-\" to subtract.");
        }

        if (c == '%' || c == '$') {
            push(TokenKind::identifier, i, 1, start_column);
            ++i;
            ++column;
            continue;
        }

        if (is_ascii_letter(c) || c >= 0x80) {
            std::size_t j = i;
            int width = 0;
            while (j < s.size()) {
                const unsigned char d = static_cast<unsigned char>(s[j]);
                if (d < 0x80) {  // ASCII: a letter, digit or underscore continues the name; anything else ends it
                    if (!(is_ascii_letter(d) || is_digit(d))) break;
                    ++j;
                    ++width;
                    continue;
                }
                const std::size_t n = utf8_length(s, j);
                if (n == 0) fail(ErrorKind::syntax, "The text is not valid UTF-8 at column " + std::to_string(column + width) + ".", column + width);
                const std::string_view part = s.substr(j, n);
                const bool operator_like = part == "·" || part == "×" || part == "⋅" || part == "−" || part == "÷" ||
                                           part == "\u2013" || part == "\u2014" ||
                                           part == "\u00A0" || is_key_character(part) || superscript_value(part) != -2;
                if (operator_like) break;
                j += n;
                ++width;
            }
            if (width > static_cast<int>(limits::max_name_length)) {
                fail(ErrorKind::limit, "A name at column " + std::to_string(start_column) + " is " + std::to_string(width) +
                         " characters long; names may have at most " + std::to_string(limits::max_name_length) + ".",
                     start_column);
            }
            const std::string_view word = s.substr(i, j - i);
            TokenKind kind = TokenKind::identifier;
            if (word == "to") kind = TokenKind::keyword_to;
            else if (word == "as") kind = TokenKind::keyword_as;
            push(kind, i, j - i, start_column);
            column += width;
            i = j;
            continue;
        }

        fail(ErrorKind::syntax, "Unexpected character " + in_quotes(ch) + " at column " + std::to_string(column) + ".", column);
    }
    tokens.push_back(Token{TokenKind::end, s.substr(s.size()), 0, column, true});
    return tokens;
}

}  // namespace ballpark
