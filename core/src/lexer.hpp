// Splits one line of Ballpark text into tokens. Columns count characters (code points), from 1.
#pragma once

#include <string_view>
#include <vector>

namespace ballpark {

enum class TokenKind {
    number,
    identifier,   // names, units, and the one-character units % and $
    superscript,  // a run of superscript digits such as ² or ⁻¹; `number` holds its value
    plus,
    minus,
    star,
    slash,
    caret,
    left_paren,
    right_paren,
    comma,
    equals,
    keyword_to,
    keyword_as,
    end,
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::string_view text;  // a view into the source line
    double number = 0;
    int column = 0;
};

// Throws ErrorException on a character that cannot start a token, on invalid UTF-8 and on control characters.
std::vector<Token> tokenize(std::string_view source);

const char* describe(TokenKind kind);

}  // namespace ballpark
