// The planning formulas of the sheet functions (GPUHOURS, TRAININGFLOP, IMPLIEDUTIL), written once in Ballpark's
// own language and parsed once, as numbat defines its domain functions in modules of numbat text. The add-in
// binds values to their parameters instead of composing formula text.
#pragma once

#include <memory>
#include <string_view>

#include "ballpark/api.hpp"
#include "language/syntax_tree.hpp"
#include "units/value.hpp"

namespace ballpark {

// The prelude's functions by name; built on first use, immutable afterwards, so any thread may read it.
const StringMap<std::shared_ptr<const SyntaxTree>>& prelude_functions();

// The definition of one prelude function, or null.
const SyntaxTree* find_prelude_function(std::string_view name);

// A prelude function's rule on its result, wherever it is called from (IMPLIEDUTIL, QTY, the language): throws
// ErrorException, pointing at `column`, when `body` is the prelude's implied_util, mfu or hfu and the central value
// of its result, a utilization, is above 100%. A session's own function of the same name is not checked.
void check_prelude_result(const SyntaxTree& body, double central, int column);

// Whether `body` is one of the prelude's own functions (not a session's function of the same name).
bool is_prelude_function(const SyntaxTree& body);

// The rule on the `index`th parameter of the prelude function `body` (planning_parameter_rule), or null.
const Expectation* prelude_argument_rule(const SyntaxTree& body, std::size_t index);

// Whether an argument's value keeps its parameter's rule: of its dimension, and above zero or a fraction at both
// ends. `slack` is how far above 1 a fraction's high end may be where it is a computed percentile.
bool keeps_rule(const Expectation& rule, const Dimension& dimension, double low, double high, double slack);

// The error of an argument that does not keep its parameter's rule; `shown` is its value as the user reads it.
[[noreturn]] void fail_prelude_argument(const SyntaxTree& body, std::size_t index, const Dimension& dimension,
                                        double high, std::string_view shown, int column);

}  // namespace ballpark
