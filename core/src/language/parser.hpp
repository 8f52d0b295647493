// Reads one line of Ballpark text into a syntax tree.
//
// Grammar, from loosest to tightest binding:
//
//   statement     := name '(' [name {',' name}] ')' '=' line       function definition
//                  | name [':' declaration] '=' line                assignment; "u: fraction = 35% to 55%" checks
//                                                                    the value (declared_expectation)
//                  | line
//   line          := expression ['{' dimension '}']                 "365 day {time}", as results print
//   expression    := range ['as' unit]                              conversion, loosest of all
//   range         := sum ['to' sum ['to' unit]]                     "35% to 55%"; "3 ft to m" and "1 to 2 hour to min" convert
//   sum           := product {('+' | '-') product}
//   product       := unary {('*' | '/' | '·' | '×' | '÷' | 'per') unary}    left to right; "per" only before an operand
//   unary         := ('-' | '+') unary | juxtaposition
//   juxtaposition := power {power that starts with a name}          "312 TFLOP", "million hour"
//   power         := postfix ['^' exponent]
//   exponent      := ('-' | '+') exponent | power                   right to left: 2^3^2 = 2^9; "2^3 hundred" = 800
//   postfix       := primary {superscript}                          "m²", "s⁻¹"
//   primary       := literal | printed | '$' ['-'] (number | printed) | name | name '(' [expression {',' expression}] ')'
//                  | '(' expression ')'
//   printed       := literal '[' ['90%:'] ['-'] literal ',' ['-'] literal ']'   "1.7 [1.4, 2.1]", a range as results
//                                                                    print; "1.7 [90%: 1.4, 2.1]" in the 90% reading
//   literal       := number [('×' | '*' | 'x') '10' (superscript | '^' ['-'] digits)]   "8.40 × 10²³"
//   unit          := product, made only of numbers and units
//
// Implicit multiplication (juxtaposition) binds tighter than * and /, so "312 TFLOP/s" is 312 TFLOP per second
// and "100 kWh / 2 hour" is 50 kW. "-2^2" is -4. A bare number on the left of `to` whose right side's leading
// number is followed directly by units shares those units: "3 to 5 day" is "3 day to 5 day", "1 to 2 TFLOP/s" is
// "1 TFLOP/s to 2 TFLOP/s". A right side of `to` that is a unit with a dimension and no number converts, as `as`
// does ("3 ft to m"), unless one of its names is a variable when evaluated. Except that a bare number and a
// percentage ("0.35 to 55%") are an error, and so is a minus with no spaces between amounts in one unit
// ("30%-50%"): both are ranges typed in ways that read wrongly. A second `to` after a range converts the range
// ("1 to 2 hour to min" is "1 to 2 hour as min"), since a range has two ends; "1 to 2 to 3" is an error.
// "per" divides before `to` makes a range, but a range's right end that goes on with "per" gives the whole range
// what follows: "$1.80 to $2.60 per GPU-hour" is "($1.80 to $2.60) per GPU-hour", "1 to 2 per hour" is "(1 to 2)
// per hour" (the first "per" of the right end's product, down its left spine). When the left end has a "per" of its
// own, each end keeps its own: "$1.80 per GPU-hour to $2.60 per GPU-hour" is a range of two rates.
// "× 10^k" after a literal is folded into it only where the literal leads a product ("6 / 2 × 10^3" is 3000).
// A hyphen with no space on either side between two unit names is a product ("$3 / GPU-hour", "kilowatt-hour",
// "GPU-day-hour" of all three), or one unit where the table spells it so ("light-year", "foot-pound"); not
// between two names of one or two letters ("t-s"), nor where a name is a parameter of the function being defined.
// The product is marked (Node::hyphen): where a name beside the hyphen is a variable when evaluated, the hyphen
// subtracts ("years-months"). "pound" in a hyphenated product is refused: mass or force. After a dollar amount, k, M and B with no space
// scale it ("$10k", "$2.5M", "$1.2B"), and so do K, m, MM, bn, T and tn ("$10K", "$10m", "$5bn", "$2T"); "k$", "M$"
// and "B$" are units of a thousand, million, billion dollars.
#pragma once

#include <memory>
#include <string_view>

#include "language/syntax_tree.hpp"

namespace ballpark {

class UnitRegistry;

// Throws ErrorException on a syntax error or a tree deeper than limits::max_depth.
std::shared_ptr<const SyntaxTree> parse_statement(std::string_view text, const UnitRegistry& units);

// Reads a unit ("PFLOP/s*day", "million hour", "%") into its size in SI base units and its dimension.
// Throws ErrorException for anything that is not a product of numbers and known units.
UnitValue parse_unit(std::string_view text, const UnitRegistry& units);

}  // namespace ballpark
