#include "language/meaning_text.hpp"

#include <charconv>

#include "language/lexer.hpp"

namespace ballpark {
namespace {

bool is_dollar(const Token& t) { return t.kind == TokenKind::identifier && t.text == "$"; }

// Whether the parser reads the space before tokens[i] (parser.cpp: sum()'s unspaced minus, hyphenated units, the
// dollar forms "$-5", "k$" and "$10k"); everywhere else "a*b" and "a * b" are one expression.
bool space_counts(const std::vector<Token>& tokens, std::size_t i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::minus || is_dollar(t)) return true;
    if (i >= 1 && tokens[i - 1].kind == TokenKind::minus) return true;
    if (t.kind == TokenKind::identifier && i >= 2 && tokens[i - 1].kind == TokenKind::number) {
        // "$10k", "$-10k": a word right after a dollar amount scales it only when no space comes between.
        const std::size_t before = tokens[i - 2].kind == TokenKind::minus && i >= 3 ? i - 3 : i - 2;
        return is_dollar(tokens[before]);
    }
    return false;
}

}  // namespace

std::string meaning_text(std::string_view expression) {
    const std::vector<Token> tokens = tokenize(expression);
    std::string out;
    out.reserve(expression.size() + 2 * tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.kind == TokenKind::end) break;
        // Kind, then the text with its length first (so that no text runs into the next token), then the space.
        char digits[24];
        out += static_cast<char>('A' + static_cast<int>(t.kind));
        out.append(digits, std::to_chars(digits, digits + sizeof digits, t.text.size()).ptr);
        out += ':';
        out += t.text;
        if (space_counts(tokens, i)) out += t.space_before ? '_' : '.';
    }
    return out;
}

}  // namespace ballpark
