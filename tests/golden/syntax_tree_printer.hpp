// Writes a syntax tree as an S-expression, "(/ (juxtapose 312 TFLOP) s)", so golden files can show how a line
// was grouped without depending on node indices.
#pragma once

#include <string>

#include "language/syntax_tree.hpp"

namespace ballpark {

std::string to_s_expression(const SyntaxTree& tree);

}  // namespace ballpark
