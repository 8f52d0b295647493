// The planning formulas of the sheet functions (GPUHOURS, TRAININGFLOP, IMPLIEDUTIL), written once in Ballpark's
// own language and parsed once, as numbat defines its domain functions in modules of numbat text. The add-in
// binds values to their parameters instead of composing formula text.
#pragma once

#include <memory>
#include <string_view>

#include "language/syntax_tree.hpp"
#include "units/value.hpp"

namespace ballpark {

// The prelude's functions by name; built on first use, immutable afterwards, so any thread may read it.
const StringMap<std::shared_ptr<const SyntaxTree>>& prelude_functions();

// The definition of one prelude function, or null.
const SyntaxTree* find_prelude_function(std::string_view name);

// A prelude function's rule on its result, wherever it is called from (IMPLIEDUTIL, QTY, the language): throws
// ErrorException, pointing at `column`, when `body` is the prelude's implied_util and the central value of its
// result is above 100%. A session's own function of the same name is not checked.
void check_prelude_result(const SyntaxTree& body, double central, int column);

}  // namespace ballpark
