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

}  // namespace ballpark
