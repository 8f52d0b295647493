// The syntax tree of one line, stored flat: nodes refer to their children by index, so a parse makes a
// handful of allocations instead of one per node, and a cached tree is cheap to share between cells.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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
    range,       // a to b
    convert,     // expr as unit
    call,
};

// A unit resolved while parsing, so evaluation need not look the name up again.
struct UnitValue {
    double factor = 1;
    Dimension dimension;
};

struct Node {
    NodeKind kind = NodeKind::number;
    std::int32_t lhs = -1;          // first operand, or the only one
    std::int32_t rhs = -1;          // second operand
    std::int32_t first_argument = 0;  // calls: index into SyntaxTree::arguments
    std::int32_t argument_count = 0;
    int column = 0;
    double number = 0;              // number literals
    std::string_view text;          // names, callees and number literals as typed: a view into SyntaxTree::source
    std::optional<UnitValue> unit;  // names that are units
    bool unit_position = false;     // a name right after a value ("3 hour"), which can only be meant as a unit
    std::shared_ptr<const DisplayUnit> display;  // convert: the target unit
};

struct Statement {
    enum class Kind { expression, assignment, function_definition };
    Kind kind = Kind::expression;
    std::string_view name;                     // assigned variable or defined function
    std::vector<std::string_view> parameters;  // of a defined function
    std::int32_t root = -1;
};

struct SyntaxTree {
    std::string source;  // owns the text every string_view above points into; never moved after parsing
    std::vector<Node> nodes;
    std::vector<std::int32_t> arguments;
    Statement statement;
};

// The source text a subtree was parsed from, from its first to its last literal or name ("60 to 80" of
// "(60 to 80) billion"); empty when it holds neither.
std::string_view source_text(const SyntaxTree& tree, std::int32_t index);

}  // namespace ballpark
