#include "syntax_tree_printer.hpp"

#include <charconv>

namespace ballpark {
namespace {

const char* operator_name(NodeKind kind) {
    switch (kind) {
        case NodeKind::negate: return "neg";
        case NodeKind::add: return "+";
        case NodeKind::subtract: return "-";
        case NodeKind::multiply: return "*";
        case NodeKind::juxtapose: return "juxtapose";
        case NodeKind::divide: return "/";
        case NodeKind::power: return "^";
        case NodeKind::range: return "to";
        case NodeKind::convert: return "as";
        default: return "?";
    }
}

void print(const SyntaxTree& tree, std::int32_t index, std::string& out) {
    const Node& n = tree.nodes[index];
    switch (n.kind) {
        case NodeKind::number: {
            // Shortest text that reads back as the same double.
            char buffer[32];
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, n.number);
            out.append(buffer, result.ptr);
            return;
        }
        case NodeKind::name: out += n.text; return;
        case NodeKind::call:
            out += "(call ";
            out += n.text;
            for (std::int32_t k = 0; k < n.argument_count; ++k) {
                out += ' ';
                print(tree, tree.arguments[n.first_argument + k], out);
            }
            out += ')';
            return;
        case NodeKind::convert:
            out += "(as ";
            print(tree, n.lhs, out);
            out += " \"" + tree.display_of(n).label + "\")";
            return;
        default:
            out += '(';
            out += operator_name(n.kind);
            out += ' ';
            print(tree, n.lhs, out);
            if (n.rhs >= 0) {
                out += ' ';
                print(tree, n.rhs, out);
            }
            if (n.middle >= 0) {
                out += " central ";
                print(tree, n.middle, out);
            }
            out += ')';
    }
}

}  // namespace

std::string to_s_expression(const SyntaxTree& tree) {
    std::string out;
    const Statement& st = tree.statement;
    if (st.kind == Statement::Kind::assignment) out += "(let " + std::string(st.name) + " ";
    if (st.kind == Statement::Kind::function_definition) {
        out += "(def " + std::string(st.name) + " (";
        for (std::size_t k = 0; k < st.parameters.size(); ++k) out += (k ? " " : "") + std::string(st.parameters[k]);
        out += ") ";
    }
    print(tree, st.root, out);
    if (st.claimed_dimension) out += " {" + std::string(st.claimed_dimension_name) + "}";
    if (st.kind != Statement::Kind::expression) out += ')';
    return out;
}

}  // namespace ballpark
