#include "parser.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "ballpark/error.hpp"
#include "lexer.hpp"
#include "limits.hpp"
#include "unit_registry.hpp"

namespace ballpark {
namespace {

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

class Parser {
public:
    Parser(SyntaxTree& tree, const UnitRegistry& units)
        : tree_(tree), units_(units), tokens_(tokenize(tree.source)) {
        // At most one node per token plus one per superscript exponent, so these never regrow.
        tree_.nodes.reserve(tokens_.size() * 2);
        depth_.reserve(tokens_.size() * 2);
    }

    void statement() {
        Statement& st = tree_.statement;
        const bool has_equals = std::any_of(tokens_.begin(), tokens_.end(),
                                            [](const Token& t) { return t.kind == TokenKind::equals; });
        if (has_equals) {
            if (peek().kind != TokenKind::identifier) {
                fail("The left side of \"=\" must be a name (x = 2 hour) or a function heading (f(a, b) = a * b), but it starts with " +
                         std::string(describe(peek().kind)) + " at column " + std::to_string(peek().column) + ".",
                     peek().column);
            }
            st.name = next().text;
            if (peek().kind == TokenKind::left_paren) {
                next();
                st.kind = Statement::Kind::function_definition;
                if (peek().kind != TokenKind::right_paren) {
                    while (true) {
                        const Token& p = expect(TokenKind::identifier, "a parameter name");
                        if (std::find(st.parameters.begin(), st.parameters.end(), p.text) != st.parameters.end()) {
                            fail("The parameter " + quoted(p.text) + " appears twice in the definition of " +
                                     quoted(st.name) + ".",
                                 p.column);
                        }
                        st.parameters.push_back(p.text);
                        if (peek().kind != TokenKind::comma) break;
                        next();
                    }
                }
                expect(TokenKind::right_paren, "\")\" or \",\" in the parameter list");
            } else {
                st.kind = Statement::Kind::assignment;
            }
            expect(TokenKind::equals, "\"=\"");
        }
        if (peek().kind == TokenKind::end) {
            fail(has_equals ? "Expected an expression after \"=\", but the line ends there." : "The expression is empty.",
                 peek().column);
        }
        st.root = expression();
        if (peek().kind != TokenKind::end) {
            const Token& t = peek();
            std::string hint;
            if (t.kind == TokenKind::number) hint = "Put an operator such as * between two numbers.";
            if (t.kind == TokenKind::equals) hint = "Only one \"=\" may appear, after a name or function heading.";
            fail("Expected an operator or the end of the expression at column " + std::to_string(t.column) +
                     ", but found " + describe_token(t) + ".",
                 t.column, hint);
        }
    }

    std::int32_t unit_expression() {
        const std::int32_t root = product();
        if (peek().kind != TokenKind::end) {
            fail("Expected a unit such as \"hour\" or \"PFLOP/s*day\", but found " + describe_token(peek()) +
                     " at column " + std::to_string(peek().column) + ".",
                 peek().column);
        }
        return root;
    }

private:
    SyntaxTree& tree_;
    const UnitRegistry& units_;
    std::vector<Token> tokens_;
    std::size_t position_ = 0;
    int nesting_ = 0;
    std::vector<int> depth_;  // height of each node's subtree, parallel to tree_.nodes

    const Token& peek(std::size_t ahead = 0) const { return tokens_[std::min(position_ + ahead, tokens_.size() - 1)]; }
    const Token& next() {
        const Token& t = tokens_[position_];
        if (position_ + 1 < tokens_.size()) ++position_;
        return t;
    }

    static std::string describe_token(const Token& t) {
        switch (t.kind) {
            case TokenKind::number:
            case TokenKind::identifier:
            case TokenKind::superscript: return quoted(t.text);
            default: return describe(t.kind);
        }
    }

    const Token& expect(TokenKind kind, const std::string& what) {
        if (peek().kind != kind) {
            fail("Expected " + what + " at column " + std::to_string(peek().column) + ", but found " +
                     describe_token(peek()) + ".",
                 peek().column);
        }
        return next();
    }

    // Guards the parser's own recursion, which runs before any node exists to be measured.
    struct Nest {
        Parser& p;
        explicit Nest(Parser& parser, int column) : p(parser) {
            if (++p.nesting_ > limits::max_depth) {
                fail("The expression nests deeper than " + std::to_string(limits::max_depth) + " levels at column " +
                         std::to_string(column) + "; split it into named steps.",
                     column);
            }
        }
        ~Nest() { --p.nesting_; }
    };

    std::int32_t add_node(Node node) {
        int depth = 1;
        if (node.lhs >= 0) depth = std::max(depth, depth_[node.lhs] + 1);
        if (node.rhs >= 0) depth = std::max(depth, depth_[node.rhs] + 1);
        for (std::int32_t k = 0; k < node.argument_count; ++k)
            depth = std::max(depth, depth_[tree_.arguments[node.first_argument + k]] + 1);
        if (depth > limits::max_depth) {
            fail("The expression is more than " + std::to_string(limits::max_depth) +
                     " operations deep; split it into named steps.",
                 node.column);
        }
        tree_.nodes.push_back(std::move(node));
        depth_.push_back(depth);
        return static_cast<std::int32_t>(tree_.nodes.size() - 1);
    }

    std::int32_t binary(NodeKind kind, std::int32_t lhs, std::int32_t rhs, int column) {
        Node n;
        n.kind = kind;
        n.lhs = lhs;
        n.rhs = rhs;
        n.column = column;
        return add_node(std::move(n));
    }

    std::int32_t expression() {
        std::int32_t value = range();
        if (peek().kind == TokenKind::keyword_as) {
            const Token& as = next();
            const std::size_t begin = static_cast<std::size_t>(peek().text.data() - tree_.source.data());
            if (peek().kind == TokenKind::end) {
                fail("Expected a unit after \"as\" at column " + std::to_string(as.column) + ", such as \"as million hour\".",
                     as.column);
            }
            const std::int32_t target = product();
            const std::size_t end = static_cast<std::size_t>(tokens_[position_ - 1].text.data() +
                                                             tokens_[position_ - 1].text.size() - tree_.source.data());
            const UnitValue unit = evaluate_unit(target);
            Node n;
            n.kind = NodeKind::convert;
            n.lhs = value;
            n.column = as.column;
            n.display = std::make_shared<const DisplayUnit>(
                DisplayUnit{std::string(std::string_view(tree_.source).substr(begin, end - begin)), unit.factor, unit.dimension});
            value = add_node(std::move(n));
        }
        return value;
    }

    std::int32_t range() {
        std::int32_t low = sum();
        if (peek().kind != TokenKind::keyword_to) return low;
        const int column = next().column;
        std::int32_t high = sum();
        return shared_unit_range(low, high, column);
    }

    bool is_bare_number(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        if (n.kind == NodeKind::negate) return tree_.nodes[n.lhs].kind == NodeKind::number;
        return n.kind == NodeKind::number;
    }

    // "3 to 5 day": when the left is a bare number and the right is a number followed by units, the range takes
    // the place of the right's leading number, so both ends carry the units.
    std::int32_t shared_unit_range(std::int32_t low, std::int32_t high, int column) {
        if (is_bare_number(low) && tree_.nodes[high].kind == NodeKind::juxtapose) {
            std::int32_t parent = high;
            while (tree_.nodes[tree_.nodes[parent].lhs].kind == NodeKind::juxtapose) parent = tree_.nodes[parent].lhs;
            const std::int32_t leading = tree_.nodes[parent].lhs;
            if (tree_.nodes[leading].kind == NodeKind::number) {
                const std::int32_t r = binary(NodeKind::range, low, leading, column);
                tree_.nodes[parent].lhs = r;
                // Heights along the left spine grew by at most one; recheck the root.
                if (depth_[high] + 1 > limits::max_depth) fail("The expression is too deep.", column);
                return high;
            }
        }
        return binary(NodeKind::range, low, high, column);
    }

    std::int32_t sum() {
        std::int32_t lhs = product();
        while (peek().kind == TokenKind::plus || peek().kind == TokenKind::minus) {
            const Token& op = next();
            const std::int32_t rhs = product();
            lhs = binary(op.kind == TokenKind::plus ? NodeKind::add : NodeKind::subtract, lhs, rhs, op.column);
        }
        return lhs;
    }

    std::int32_t product() {
        std::int32_t lhs = unary();
        while (peek().kind == TokenKind::star || peek().kind == TokenKind::slash) {
            const Token& op = next();
            const std::int32_t rhs = unary();
            lhs = binary(op.kind == TokenKind::star ? NodeKind::multiply : NodeKind::divide, lhs, rhs, op.column);
        }
        return lhs;
    }

    std::int32_t unary() {
        if (peek().kind == TokenKind::minus || peek().kind == TokenKind::plus) {
            const Token& op = next();
            Nest guard(*this, op.column);
            const std::int32_t operand = unary();
            if (op.kind == TokenKind::plus) return operand;
            Node n;
            n.kind = NodeKind::negate;
            n.lhs = operand;
            n.column = op.column;
            return add_node(std::move(n));
        }
        return juxtaposition();
    }

    std::int32_t juxtaposition() {
        std::int32_t lhs = power();
        while (peek().kind == TokenKind::identifier) {
            const int column = peek().column;
            const std::int32_t rhs = power();
            if (tree_.nodes[rhs].kind == NodeKind::name) tree_.nodes[rhs].unit_position = true;
            lhs = binary(NodeKind::juxtapose, lhs, rhs, column);
        }
        return lhs;
    }

    std::int32_t power() {
        std::int32_t base = postfix();
        if (peek().kind == TokenKind::caret) {
            const Token& op = next();
            Nest guard(*this, op.column);
            const std::int32_t exponent = unary();
            base = binary(NodeKind::power, base, exponent, op.column);
        }
        return base;
    }

    std::int32_t postfix() {
        std::int32_t base = primary();
        while (peek().kind == TokenKind::superscript) {
            const Token& sup = next();
            Node e;
            e.kind = NodeKind::number;
            e.number = sup.number;
            e.column = sup.column;
            const std::int32_t exponent = add_node(std::move(e));
            base = binary(NodeKind::power, base, exponent, sup.column);
        }
        return base;
    }

    std::int32_t number_node(const Token& t) {
        Node n;
        n.kind = NodeKind::number;
        n.number = t.number;
        n.column = t.column;
        n.text = t.text;  // the literal as typed, for source spans (a tornado names an input by its text)
        return add_node(std::move(n));
    }

    std::int32_t primary() {
        const Token& t = peek();
        switch (t.kind) {
            case TokenKind::number:
                next();
                return number_node(t);
            case TokenKind::identifier: {
                next();
                if (peek().kind == TokenKind::left_paren) return call(t);
                Node n;
                n.kind = NodeKind::name;
                n.text = t.text;
                n.column = t.column;
                n.unit = units_.find(t.text);
                const std::int32_t name = add_node(std::move(n));
                // "$2.50" reads as 2.50 dollars.
                if (t.text == "$" && peek().kind == TokenKind::number) {
                    const std::int32_t amount = number_node(next());
                    return binary(NodeKind::juxtapose, amount, name, t.column);
                }
                return name;
            }
            case TokenKind::left_paren: {
                next();
                Nest guard(*this, t.column);
                const std::int32_t inner = expression();
                if (peek().kind != TokenKind::right_paren) {
                    fail("Expected \")\" to close the \"(\" at column " + std::to_string(t.column) + ", but found " +
                             describe_token(peek()) + " at column " + std::to_string(peek().column) + ".",
                         peek().column);
                }
                next();
                return inner;
            }
            case TokenKind::end:
                fail("The expression ends where a number, a name or \"(\" was expected (column " +
                         std::to_string(t.column) + ").",
                     t.column);
            default:
                fail("Expected a number, a name or \"(\" at column " + std::to_string(t.column) + ", but found " +
                         describe_token(t) + ".",
                     t.column);
        }
    }

    std::int32_t call(const Token& callee) {
        Nest guard(*this, callee.column);
        next();  // (
        std::vector<std::int32_t> arguments;
        if (peek().kind != TokenKind::right_paren) {
            while (true) {
                arguments.push_back(expression());
                if (peek().kind != TokenKind::comma) break;
                next();
            }
        }
        if (peek().kind != TokenKind::right_paren) {
            fail("Expected \",\" or \")\" in the call of " + quoted(callee.text) + " at column " +
                     std::to_string(peek().column) + ", but found " + describe_token(peek()) + ".",
                 peek().column);
        }
        next();
        Node n;
        n.kind = NodeKind::call;
        n.text = callee.text;
        n.column = callee.column;
        n.first_argument = static_cast<std::int32_t>(tree_.arguments.size());
        n.argument_count = static_cast<std::int32_t>(arguments.size());
        tree_.arguments.insert(tree_.arguments.end(), arguments.begin(), arguments.end());
        return add_node(std::move(n));
    }

public:
    // Units are plain numbers with dimensions: no ranges, variables or calls.
    UnitValue evaluate_unit(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        switch (n.kind) {
            case NodeKind::number: return UnitValue{n.number, {}};
            case NodeKind::name:
                if (!n.unit) units_.fail_unknown_unit(n.text, n.column);
                return *n.unit;
            case NodeKind::negate: {
                UnitValue v = evaluate_unit(n.lhs);
                v.factor = -v.factor;
                return v;
            }
            case NodeKind::multiply:
            case NodeKind::juxtapose:
            case NodeKind::divide: {
                const UnitValue a = evaluate_unit(n.lhs);
                const UnitValue b = evaluate_unit(n.rhs);
                if (n.kind == NodeKind::divide) return UnitValue{a.factor / b.factor, a.dimension / b.dimension};
                return UnitValue{a.factor * b.factor, a.dimension * b.dimension};
            }
            case NodeKind::power: {
                const UnitValue a = evaluate_unit(n.lhs);
                const UnitValue e = evaluate_unit(n.rhs);
                if (!e.dimension.is_dimensionless()) fail("An exponent must be a plain number.", n.column);
                return UnitValue{std::pow(a.factor, e.factor), a.dimension.power(e.factor)};
            }
            default:
                fail("A unit may hold only numbers, unit names, *, / and ^; found something else at column " +
                         std::to_string(n.column) + ".",
                     n.column);
        }
    }
};

}  // namespace

std::shared_ptr<const SyntaxTree> parse_statement(std::string_view text, const UnitRegistry& units) {
    auto tree = std::make_shared<SyntaxTree>();
    tree->source.assign(text);
    Parser parser(*tree, units);
    parser.statement();
    return tree;
}

UnitValue parse_unit(std::string_view text, const UnitRegistry& units) {
    SyntaxTree tree;
    tree.source.assign(text);
    Parser parser(tree, units);
    const std::int32_t root = parser.unit_expression();
    const UnitValue unit = parser.evaluate_unit(root);
    // A subnormal size has lost its digits, and converting with it would lose the number's (found by fuzz_units).
    if (!std::isfinite(unit.factor) || std::abs(unit.factor) < std::numeric_limits<double>::min()) {
        fail("The unit \"" + std::string(text) + "\" has no usable size (it is zero, too small for double precision or beyond it).");
    }
    return unit;
}

}  // namespace ballpark

namespace ballpark {

std::string_view source_text(const SyntaxTree& tree, std::int32_t index) {
    const char* begin = nullptr;
    const char* end = nullptr;
    const auto visit = [&](auto& self, std::int32_t i) -> void {
        if (i < 0) return;
        const Node& n = tree.nodes[static_cast<std::size_t>(i)];
        if (!n.text.empty()) {
            if (!begin || n.text.data() < begin) begin = n.text.data();
            if (!end || n.text.data() + n.text.size() > end) end = n.text.data() + n.text.size();
        }
        self(self, n.lhs);
        self(self, n.rhs);
        for (std::int32_t k = 0; k < n.argument_count; ++k) self(self, tree.arguments[n.first_argument + k]);
    };
    visit(visit, index);
    if (!begin) return {};
    // Parentheses opened inside the span ("max(1, 2") are closed by what follows it.
    int open = 0;
    for (const char* p = begin; p != end; ++p) open += *p == '(' ? 1 : *p == ')' ? -1 : 0;
    const char* const last = tree.source.data() + tree.source.size();
    while (open > 0 && end != last) {
        if (*end == ')') --open;
        ++end;
    }
    return std::string_view(begin, static_cast<std::size_t>(end - begin));
}

}  // namespace ballpark
