// Whether an expression uses each of its uncertain inputs once. Plain interval arithmetic gives the exact range of
// such an expression (each input occurs once, so no occurrence can take a value another occurrence does not:
// R. E. Moore, "Interval Analysis", 1966, the single-use expression theorem), and it is several times cheaper
// than the dependency-aware forms, which only pay off when an input is used more than once. The bounds mode
// uses it for those expressions: the same guarantee, the speed of the first versions.
#pragma once

#include <span>
#include <string_view>

#include "ballpark/api.hpp"
#include "language/syntax_tree.hpp"

namespace ballpark {

// True when no name in `names` occurs more than once in the tree and the tree calls no function that is not
// built in (a user or prelude function's body may use its parameter twice). Every "a to b" in a tree is
// evaluated once, so ranges written in the text are single-use by construction.
bool uses_each_input_once(const SyntaxTree& tree, std::span<const std::string_view> names);
// The same for the names of `bindings`, without collecting them first (this runs on every evaluation with bindings).
bool uses_each_input_once(const SyntaxTree& tree, std::span<const Binding> bindings);

}  // namespace ballpark
