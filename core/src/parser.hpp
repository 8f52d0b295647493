// Reads one line of Ballpark text into a syntax tree.
//
// Grammar, from loosest to tightest binding:
//
//   statement     := name '(' [name {',' name}] ')' '=' expression     function definition
//                  | name '=' expression                              assignment
//                  | expression
//   expression    := range ['as' unit]                                conversion, loosest of all
//   range         := sum ['to' sum]                                   "35% to 55%"
//   sum           := product {('+' | '-') product}
//   product       := unary {('*' | '/' | '·' | '×' | '÷') unary}      left to right
//   unary         := ('-' | '+') unary | juxtaposition
//   juxtaposition := power {power that starts with a name}            "312 TFLOP", "million hour"
//   power         := postfix ['^' unary]                              right to left: 2^3^2 = 2^9
//   postfix       := primary {superscript}                            "m²", "s⁻¹"
//   primary       := number | '$' number | name | name '(' [expression {',' expression}] ')'
//                  | '(' expression ')'
//   unit          := product, made only of numbers and units
//
// Implicit multiplication (juxtaposition) binds tighter than * and /, so "312 TFLOP/s" is 312 TFLOP per second
// and "100 kWh / 2 hour" is 50 kW. "-2^2" is -4. A bare number on the left of `to` whose right side is a
// number with units shares those units: "3 to 5 day" is the same as "3 day to 5 day".
#pragma once

#include <memory>
#include <string_view>

#include "syntax_tree.hpp"

namespace ballpark {

class UnitRegistry;

// Throws ErrorException on a syntax error or a tree deeper than limits::max_depth.
std::shared_ptr<const SyntaxTree> parse_statement(std::string_view text, const UnitRegistry& units);

// Reads a unit ("PFLOP/s*day", "million hour", "%") into its size in SI base units and its dimension.
// Throws ErrorException for anything that is not a product of numbers and known units.
UnitValue parse_unit(std::string_view text, const UnitRegistry& units);

}  // namespace ballpark
