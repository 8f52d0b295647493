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
    left_bracket,     // "[" of a printed range read back: "1.7 [1.4, 2.1]"
    right_bracket,
    colon,            // only after the label of a 90% interval read back: "1.7 [90%: 1.4, 2.1]"
    dimension_label,  // "{time}", as results converted with `as` end; `text` is what is inside the braces
    keyword_to,
    keyword_as,
    // Comparisons, read only inside P(...): "P(cost > 5 million USD)". `<=` and `≤` are less_equal.
    less,
    less_equal,
    greater,
    greater_equal,
    end,
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::string_view text;  // a view into the source line
    double number = 0;
    int column = 0;
    // Whether white space (or the start of the text) comes right before the token: "30%-50%" is a range typed
    // the way cells hold one, "30% - 50%" a subtraction.
    bool space_before = false;
};

// Throws ErrorException on a character that cannot start a token, on invalid UTF-8 and on control characters.
std::vector<Token> tokenize(std::string_view source);

const char* describe(TokenKind kind);

}  // namespace ballpark
