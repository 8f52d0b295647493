// An expression written without what does not change its meaning, so that two cells whose formulas differ only in
// spacing are one result (recipe_content.cpp writes it into a recipe's content instead of the text as typed).
#pragma once

#include <string>
#include <string_view>

namespace ballpark {

// The tokens of `expression`, each with its kind and text, and with the space before it only where the parser
// reads that space: at a minus and the token after one ("30%-50%" is a range typed as cells hold one, "kW-h" a
// product, "3 - 1" a difference), at a dollar sign ("k$"), and at the word after a dollar amount ("$10k"). Throws
// ErrorException where tokenize() does.
std::string meaning_text(std::string_view expression);

}  // namespace ballpark
