// The syntax tree of one line, stored flat: nodes refer to their children by index, so a parse makes a
// handful of allocations instead of one per node, and a cached tree is cheap to share between cells.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ballpark/quantity.hpp"

namespace ballpark {

enum class NodeKind : std::uint8_t {
    number,
    name,        // a variable, a parameter or a unit; which one is settled when evaluating
    negate,
    add,
    subtract,
    multiply,    // written with * · ×
    juxtapose,   // implicit multiplication, "312 TFLOP"; binds tighter than * and /
    divide,
    power,
    range,       // a to b; or c [a, b], a printed range read back, whose central value is `middle`
    convert,     // expr as unit
    call,
    // P(lhs < rhs), P(lhs > rhs), or a chain P(lhs < middle < rhs): the probability that the comparison holds,
    // a plain number (eval/probability.hpp). `comparison` says which.
    probability,
};

// The bits of Node::comparison of a probability node: the comparisons point down (">", ">=") rather than up, and
// which of them is strict ("<" rather than "<="). A continuous reading gives both the same probability; only a
// point or a pair of bounds that touches the threshold tells them apart.
namespace comparison_bits {
inline constexpr std::uint8_t down = 1;
inline constexpr std::uint8_t first_strict = 2;
inline constexpr std::uint8_t second_strict = 4;
}  // namespace comparison_bits

// A unit resolved while parsing, so evaluation need not look the name up again.
struct UnitValue {
    double factor = 1;  // the size in SI base units, rounded to nearest
    Dimension dimension;
    // The exact size lies in [factor_low, factor_high]: 1 ft is 0.3048 m exactly, which no double holds, and a
    // guaranteed enclosure must start from the exact size. Equal to `factor` when the size is a double.
    double factor_low = factor;
    double factor_high = factor;
    // A temperature scale with an offset (degC, degF): x on the scale is (x + offset) · factor kelvin. Only a unit
    // alone has one; a compound unit (W/K) never does, as the parser refuses such a scale inside one.
    double offset = 0;
};

struct Node {
    NodeKind kind = NodeKind::number;
    bool unit_position = false;     // a name right after a value ("3 hour"), which can only be meant as a unit
    // multiply: a product of units written with a hyphen ("GPU-hour", "GPU-day-hour"), which subtracts where a
    // name beside the hyphen is a variable when evaluated (hyphen_group in eval/evaluator.hpp). `hyphen_whole`:
    // the group is a whole operand of a sum ("years-months", "x + years-months"), where reading the hyphen as a
    // minus keeps the precedence; inside a product ("2 years-months") a minus would not, and it is an error.
    bool hyphen = false;
    bool hyphen_whole = false;
    // A range read back with the label of a reading (the label column of ballpark/mode.hpp), "c [90%: l, h]":
    // 1 + the Mode whose label it is (median, 5th and 95th percentiles for the 90% reading), which a reading of
    // other results refuses; 0 for none.
    std::uint8_t labelled = 0;
    // convert written with `to` before a number word alone ("10 thousand to million", "pi/2 to pi") or before the
    // unit the left is written in ("0.5 mile to mile"): a range to one million and a conversion into millions are
    // both readings, so it is refused unless a name on the right is a variable when evaluated (then it is the range
    // kept as the node's rhs).
    bool number_word_to = false;
    std::uint8_t comparison = 0;    // probability: comparison_bits
    std::int32_t lhs = -1;          // first operand, or the only one
    std::int32_t rhs = -1;          // second operand
    std::int32_t first_argument = 0;  // calls: index into SyntaxTree::arguments
    std::int32_t argument_count = 0;
    int column = 0;
    std::int32_t middle = -1;       // ranges read back as "c [l, h]": the central value c; -1 for "a to b"
    double number = 0;              // number literals: the nearest double to the decimal typed
    // The decimal typed lies in [number_low, number_high], two adjacent doubles, or number itself when a double
    // holds it exactly (0.5, 312, 1e22; not 0.1 or 1e23).
    double number_low = 0;
    double number_high = 0;
    // Half a unit in the last typed digit (0.05 for "1.4", 0.5 for "30"), rounded up; 0 for a zero. In bounds
    // mode the bounds of a printed range read back ("c [l, h]") are widened by it, since a printed bound stands
    // for every value that prints the same.
    double half_step = 0;
    std::string_view text;          // names, callees and number literals as typed, a view into SyntaxTree::source
    // Names that are units: an index into SyntaxTree::units; convert: an index into SyntaxTree::displays (the
    // target unit); -1 otherwise. Kept beside the tree rather than in the node so that a node stays small and
    // trivially copyable: every parse builds a few dozen of them.
    std::int32_t unit = -1;
};
static_assert(std::is_trivially_copyable_v<Node>, "a parse copies nodes as plain bytes");

struct Statement {
    enum class Kind { expression, assignment, function_definition };
    Kind kind = Kind::expression;
    std::string_view name;                     // assigned variable or defined function
    std::vector<std::string_view> parameters;  // of a defined function
    std::int32_t root = -1;
    // A trailing "{time}", as results converted with `as` print: the named dimension the value claims to have.
    // The parser checks that the name is known; whoever evaluates should check that the value has it.
    std::optional<Dimension> claimed_dimension;
    std::string_view claimed_dimension_name;
    int claimed_dimension_column = 0;
    // "u: fraction = 35% to 55%": what the assigned value must be (declared_expectation), checked on the value;
    // empty for none.
    std::string_view declaration;
    int declaration_column = 0;
    // "correlation(a, b, c) = [1, 0.5, 0; ...]": the matrix's entries row by row (their roots); root is the
    // first. Empty for every other statement.
    std::vector<std::int32_t> matrix;
    // Where the matrix's rows were ended with ";" (the lexer reads ";" as ","): the entries before each ";" and the
    // column of that ";", so that a row of the wrong length is refused rather than read across the rows.
    struct RowEnd {
        std::size_t entries = 0;
        int column = 0;
    };
    std::vector<RowEnd> matrix_row_ends;
};

struct SyntaxTree {
    std::string source;  // owns the text every string_view above points into; never moved after parsing
    std::vector<Node> nodes;
    std::vector<std::int32_t> arguments;
    Statement statement;
    // Found once by parse_statement for the bounds mode's single-use test (single_use.hpp), which runs on every
    // evaluation with bindings: the names that occur more than once, and whether the tree calls any function (also
    // set for a line with more distinct names than the summary keeps, which sends it to the full scan).
    std::vector<std::string_view> repeated_names;
    bool has_calls = false;
    std::vector<UnitValue> units;                              // see Node::unit
    std::vector<std::shared_ptr<const DisplayUnit>> displays;  // see Node::unit

    // The unit a name node stands for, or null when it is not a unit.
    const UnitValue* unit_of(const Node& n) const { return n.unit >= 0 ? &units[static_cast<std::size_t>(n.unit)] : nullptr; }
    // The target unit of a convert node.
    const DisplayUnit& display_of(const Node& n) const { return *displays[static_cast<std::size_t>(n.unit)]; }
};

// The source text a subtree was parsed from, from its first to its last literal or name ("60 to 80" of
// "(60 to 80) billion"); empty when it holds neither.
std::string_view source_text(const SyntaxTree& tree, std::int32_t index);

}  // namespace ballpark
