#include "language/parser.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/mode.hpp"
#include "ballpark/text.hpp"
#include "language/decimal_literal.hpp"
#include "language/lexer.hpp"
#include "language/limits.hpp"
#include "language/suggest.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

// The tokens of each row's label ("90%": a number and "%"), in the rows' order; none where a row has no label.
const std::array<std::vector<Token>, mode_count>& label_tokens() {
    static const std::array<std::vector<Token>, mode_count> labels = [] {
        std::array<std::vector<Token>, mode_count> tokens;
        for (std::size_t row = 0; row < mode_count; ++row) {
            if (mode_table[row].label.empty()) continue;
            tokens[row] = tokenize(mode_table[row].label);
            if (!tokens[row].empty() && tokens[row].back().kind == TokenKind::end) tokens[row].pop_back();
        }
        return tokens;
    }();
    return labels;
}

// A letter or underscore, or any byte of a UTF-8 sequence (µs, °C): what may stand right before a unit's name
// inside a longer name ("km" ends with "m", but is no metre). A digit may not: in "5m" the m is the unit.
bool is_name_character(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

bool is_percent(std::string_view unit) { return unit == "%" || unit == "percent" || unit == "pct"; }

class Parser {
public:
    Parser(SyntaxTree& tree, const UnitRegistry& units)
        : tree_(tree), units_(units), tokens_(tokenize(tree.source)) {
        // At most one node per token plus one per superscript exponent, so these never regrow.
        tree_.nodes.reserve(tokens_.size() * 2);
        depth_.reserve(tokens_.size() * 2);
        // A unit per name at most (keep_unit).
        tree_.units.reserve(static_cast<std::size_t>(
            std::count_if(tokens_.begin(), tokens_.end(), [](const Token& t) { return t.kind == TokenKind::identifier; })));
    }

    // "u: fraction = 35% to 55%": the text from the colon to "=" is what the value must be, read by whoever
    // evaluates the assignment (declared_expectation).
    void declaration(Statement& st) {
        const Token& colon = next();
        st.declaration_column = peek().column;
        const char* begin = peek().text.data();
        const char* end = begin;
        while (peek().kind != TokenKind::equals && peek().kind != TokenKind::end) {
            const Token& t = next();
            end = t.text.data() + t.text.size();
        }
        if (end == begin) {
            fail(ErrorKind::syntax, "Expected what " + in_quotes(st.name) + " must be after the colon at column " +
                     std::to_string(colon.column) + ", such as \"fraction\", \"count\", \"positive\" or a unit.",
                 colon.column);
        }
        st.declaration = std::string_view(begin, static_cast<std::size_t>(end - begin));
    }

    void statement() {
        Statement& st = tree_.statement;
        const bool has_equals = std::any_of(tokens_.begin(), tokens_.end(),
                                            [](const Token& t) { return t.kind == TokenKind::equals; });
        if (has_equals) {
            if (peek().kind != TokenKind::identifier) {
                fail(ErrorKind::syntax, "The left side of \"=\" must be a name (x = 2 hour) or a function heading (f(a, b) = a * b), but it starts with " +
                         std::string(describe(peek().kind)) + " at column " + std::to_string(peek().column) + ".",
                     peek().column);
            }
            st.name = next().text;
            if (peek().kind == TokenKind::left_paren) {
                if (st.name == "percentile") {
                    // A call of it reads "95%" as 95 (percent_as_percentage), which a function of the notebook's
                    // own would not expect.
                    fail(ErrorKind::name_taken, "\"percentile\" is a built-in function, whose calls read \"95%\" as 95; give the new function "
                         "another name.",
                         tokens_[position_ - 1].column);
                }
                next();
                st.kind = Statement::Kind::function_definition;
                if (peek().kind != TokenKind::right_paren) {
                    while (true) {
                        const Token& p = expect(TokenKind::identifier, "a parameter name");
                        if (std::find(st.parameters.begin(), st.parameters.end(), p.text) != st.parameters.end()) {
                            fail(ErrorKind::name_taken, "The parameter " + in_quotes(p.text) + " appears twice in the definition of " +
                                     in_quotes(st.name) + ".",
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
                if (peek().kind == TokenKind::colon) declaration(st);
            }
            expect(TokenKind::equals, "\"=\"");
        }
        if (peek().kind == TokenKind::end) {
            fail(ErrorKind::syntax, has_equals ? "Expected an expression after \"=\", but the line ends there." : "The expression is empty.",
                 peek().column);
        }
        if (st.kind == Statement::Kind::function_definition && st.name == "correlation" &&
            peek().kind == TokenKind::left_bracket) {
            // correlation(a, b, c) = [1, 0.5, 0; 0.5, 1, 0.2; 0, 0.2, 1]: the matrix row by row. The lexer reads
            // ";" as "," (Calc's separator), so a ";" is told apart here by its text and kept as a row's end.
            next();
            while (true) {
                st.matrix.push_back(expression());
                if (peek().kind != TokenKind::comma) break;
                const Token& separator = next();
                if (separator.text == ";") st.matrix_row_ends.push_back({st.matrix.size(), separator.column});
            }
            expect(TokenKind::right_bracket, "\"]\" to close the matrix, or \",\" or \";\" between its entries");
        }
        st.root = st.matrix.empty() ? expression() : st.matrix.front();
        if (peek().kind == TokenKind::dimension_label) {
            // "365 day {time}" as a converted result prints: the name must be a dimension Ballpark knows.
            const Token& label = next();
            st.claimed_dimension = units_.dimension_named(label.text);
            if (!st.claimed_dimension) {
                std::vector<std::string_view> names = units_.dimension_names();
                fail(ErrorKind::unknown_name, "Unknown dimension " + in_quotes(label.text) + " in braces at column " + std::to_string(label.column) +
                         "; braces after a value name its dimension, such as {time} or {compute rate}.",
                     label.column, did_you_mean(closest_matches(label.text, names)));
            }
            st.claimed_dimension_name = label.text;
            st.claimed_dimension_column = label.column;
        }
        if (peek().kind != TokenKind::end) {
            const Token& t = peek();
            std::string hint;
            if (t.kind == TokenKind::number) hint = "Put an operator such as * between two numbers.";
            if (t.kind == TokenKind::equals) hint = "Only one \"=\" may appear, after a name or function heading.";
            fail(ErrorKind::syntax, "Expected an operator or the end of the expression at column " + std::to_string(t.column) +
                     ", but found " + describe_token(t) + ".",
                 t.column, hint);
        }
    }

    std::int32_t unit_expression() {
        const std::int32_t root = product();
        if (peek().kind != TokenKind::end) {
            fail(ErrorKind::syntax, "Expected a unit such as \"hour\" or \"PFLOP/s*day\", but found " + describe_token(peek()) +
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
    std::vector<std::int32_t> per_nodes_;  // the divisions written with "per", in reading order

    const Token& peek(std::size_t ahead = 0) const { return token_at(position_ + ahead); }
    const Token& token_at(std::size_t index) const { return tokens_[std::min(index, tokens_.size() - 1)]; }

    // The source text of tokens [first, end), for quoting what the user typed.
    std::string_view span(std::size_t first, std::size_t end) const {
        const char* begin = token_at(first).text.data();
        const Token& last = token_at(end - 1);
        return std::string_view(begin, static_cast<std::size_t>(last.text.data() + last.text.size() - begin));
    }
    const Token& next() {
        const Token& t = tokens_[position_];
        if (position_ + 1 < tokens_.size()) ++position_;
        return t;
    }

    static std::string describe_token(const Token& t) {
        switch (t.kind) {
            case TokenKind::number:
            case TokenKind::identifier:
            case TokenKind::superscript: return in_quotes(excerpt_around(t.text, 1, 40).text);
            default: return describe(t.kind);
        }
    }

    const Token& expect(TokenKind kind, const std::string& what) {
        if (peek().kind != kind) {
            fail(ErrorKind::syntax, "Expected " + what + " at column " + std::to_string(peek().column) + ", but found " +
                     describe_token(peek()) + ".",
                 peek().column);
        }
        return next();
    }

    // The closing bracket of a pair opened at `open_column`, or an error that points back at the opening one.
    void expect_closing(TokenKind kind, const char* close, const char* open, int open_column) {
        if (peek().kind != kind) {
            fail(ErrorKind::syntax, std::string("Expected \"") + close + "\" to close the \"" + open + "\" at column " + std::to_string(open_column) +
                     ", but found " + describe_token(peek()) + " at column " + std::to_string(peek().column) + ".",
                 peek().column);
        }
        next();
    }

    // Guards the parser's own recursion, which runs before any node exists to be measured.
    struct Nest {
        Parser& p;
        explicit Nest(Parser& parser, int column) : p(parser) {
            if (++p.nesting_ > limits::max_depth) {
                fail(ErrorKind::limit, "The expression nests deeper than " + std::to_string(limits::max_depth) + " levels at column " +
                         std::to_string(column) + "; split it into named steps.",
                     column);
            }
        }
        ~Nest() { --p.nesting_; }
    };

    std::int32_t add_node(Node&& node) {
        int depth = 1;
        if (node.lhs >= 0) depth = std::max(depth, depth_[node.lhs] + 1);
        if (node.rhs >= 0) depth = std::max(depth, depth_[node.rhs] + 1);
        if (node.middle >= 0) depth = std::max(depth, depth_[node.middle] + 1);
        for (std::int32_t k = 0; k < node.argument_count; ++k)
            depth = std::max(depth, depth_[tree_.arguments[node.first_argument + k]] + 1);
        if (depth > limits::max_depth) {
            fail(ErrorKind::limit, "The expression is more than " + std::to_string(limits::max_depth) +
                     " operations deep; split it into named steps.",
                 node.column);
        }
        tree_.nodes.push_back(std::move(node));
        depth_.push_back(depth);
        return static_cast<std::int32_t>(tree_.nodes.size() - 1);
    }

    // The index under which a unit found for a name node is kept (SyntaxTree::units), or -1 for none.
    std::int32_t keep_unit(const std::optional<UnitValue>& unit) {
        if (!unit) return -1;
        tree_.units.push_back(*unit);
        return static_cast<std::int32_t>(tree_.units.size() - 1);
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
                fail(ErrorKind::syntax, "Expected a unit after \"as\" at column " + std::to_string(as.column) + ", such as \"as million hour\".",
                     as.column);
            }
            value = converted(value, product(), as.column, begin);
        }
        return value;
    }

    // `value as target`, the unit `target` read from the source text from `begin` to the last token read.
    std::int32_t converted(std::int32_t value, std::int32_t target, int column, std::size_t begin) {
        const std::size_t end = static_cast<std::size_t>(tokens_[position_ - 1].text.data() +
                                                         tokens_[position_ - 1].text.size() - tree_.source.data());
        const UnitValue unit = evaluate_unit(target);
        Node n;
        n.kind = NodeKind::convert;
        n.lhs = value;
        n.column = column;
        n.unit = static_cast<std::int32_t>(tree_.displays.size());
        tree_.displays.push_back(std::make_shared<const DisplayUnit>(
            DisplayUnit{std::string(std::string_view(tree_.source).substr(begin, end - begin)), unit.factor, unit.dimension, unit.offset}));
        return add_node(std::move(n));
    }

    // Whether the subtree `index` is a unit alone, with no number but in exponents: "m", "km/h", "ft^2".
    bool bare_unit(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        switch (n.kind) {
            case NodeKind::name: return n.unit >= 0;
            case NodeKind::multiply:
            case NodeKind::juxtapose:
            case NodeKind::divide: return bare_unit(n.lhs) && bare_unit(n.rhs);
            case NodeKind::power: {
                bool negative = false;
                return bare_unit(n.lhs) && bare_literal(n.rhs, negative) >= 0;
            }
            default: return false;
        }
    }

    // "3 ft to m", "2.54 cm to inch", "0.01 rad to deg", "0.05 to %": `to` before a unit with no number converts,
    // whatever the left side is, as in numbat, insect, mathjs and Qalculate, where a range from 3 ft to 1 m (or from
    // 0.01 rad to 1 deg) was meant by nobody. The range is kept beside the conversion (the convert node's rhs):
    // where a name of the unit is a variable when evaluated ("t1 to h" with h = 5 hour), the evaluator takes the
    // range. A number word alone, a plain number of one or more that people say as a range's end ("thousand to
    // million", "ten to a hundred", "pi/2 to pi"), could be either, and the evaluator refuses it (number_word_to).
    // A plain unit below one (%, ppm) and an angle are never the end of a range without a number before them.
    std::int32_t conversion_by_to(std::int32_t low, std::int32_t high, int column, std::size_t begin) {
        if (!bare_unit(high)) return -1;
        const UnitValue unit = evaluate_unit(high);
        const std::size_t end = static_cast<std::size_t>(tokens_[position_ - 1].text.data() +
                                                         tokens_[position_ - 1].text.size() - tree_.source.data());
        // "0.5 mile to mile", "0.9 c to c": a conversion into the unit the left is written in changes nothing, so
        // the range (to 1 mile, to the speed of light) may well be meant; it is refused as a number word is.
        const std::string_view target = std::string_view(tree_.source).substr(begin, end - begin);
        const std::string_view left = source_text(tree_, low);
        const bool same_unit = unit.offset == 0 && left.size() > target.size() && left.ends_with(target) &&
                               !is_name_character(left[left.size() - target.size() - 1]);
        const bool number_word = same_unit || (unit.dimension.is_dimensionless() &&
                                               !unit.dimension.counts_cycles_or_angles() && std::abs(unit.factor) >= 1);
        const std::int32_t as_range = binary(NodeKind::range, low, high, column);
        Node n;
        n.kind = NodeKind::convert;
        n.lhs = low;
        n.rhs = as_range;
        n.column = column;
        n.number_word_to = number_word;
        n.unit = static_cast<std::int32_t>(tree_.displays.size());
        tree_.displays.push_back(std::make_shared<const DisplayUnit>(
            DisplayUnit{std::string(std::string_view(tree_.source).substr(begin, end - begin)), unit.factor, unit.dimension, unit.offset}));
        return add_node(std::move(n));
    }

    std::int32_t range() {
        const std::size_t pers_before = per_nodes_.size();
        std::int32_t low = sum();
        if (peek().kind != TokenKind::keyword_to) return low;
        const bool low_has_per = per_nodes_.size() > pers_before;
        const int column = next().column;
        const std::size_t begin = static_cast<std::size_t>(peek().text.data() - tree_.source.data());
        std::int32_t high = sum();
        if (const std::int32_t conversion = conversion_by_to(low, high, column, begin); conversion >= 0) return conversion;
        if (!low_has_per) {
            if (const std::int32_t per_unit = range_per_unit(low, high, column); per_unit >= 0) return converted_range(per_unit);
        }
        refuse_number_and_percent(low, high, column);
        refuse_number_and_percent(high, low, column);
        return converted_range(shared_unit_range(low, high, column));
    }

    // "1 to 2 hour to min": a second `to` after a range converts it, as `as` does, since a range has only two
    // ends. Its right side must be a unit with no number ("1 to 2 to 3" stays an error that says so).
    std::int32_t converted_range(std::int32_t range) {
        if (peek().kind != TokenKind::keyword_to) return range;
        const Token& to = next();
        const std::size_t begin = static_cast<std::size_t>(peek().text.data() - tree_.source.data());
        if (peek().kind == TokenKind::end) {
            fail(ErrorKind::syntax, "Expected a unit after \"to\" at column " + std::to_string(to.column) + ", such as \"to min\".",
                 to.column);
        }
        const std::int32_t target = sum();
        if (!bare_unit(target)) {
            fail(ErrorKind::syntax, "A range has two ends, but the \"to\" at column " + std::to_string(to.column) +
                     " follows a range and is not followed by a unit to convert into.",
                 to.column, "After a range, \"to\" converts into a unit with no number, as in \"1 to 2 hour to min\"; write one range \"a to b\".");
        }
        return converted(range, target, to.column, begin);
    }

    // "$1.80 to $2.60 per GPU-hour" is a price range per GPU-hour, as it is read aloud, though "per" divides
    // before "to" makes a range: when the left end has no "per" of its own, the first "per" on the right end's
    // product (down its left spine through *, / and juxtaposition) and what follows it apply to the whole range,
    // (a to b) per u. "a per x to b per x" keeps each end's own: both ends are rates already. -1 when the right
    // end has no such "per".
    std::int32_t range_per_unit(std::int32_t low, std::int32_t high, int column) {
        std::int32_t per = -1;
        int per_height = 0;  // how far below the right end's root it is
        int height = 0;
        for (std::int32_t index = high;; index = tree_.nodes[index].lhs, ++height) {
            const NodeKind kind = tree_.nodes[index].kind;
            if (kind != NodeKind::multiply && kind != NodeKind::divide && kind != NodeKind::juxtapose) break;
            if (kind == NodeKind::divide && std::find(per_nodes_.begin(), per_nodes_.end(), index) != per_nodes_.end()) {
                per = index;
                per_height = height;
            }
        }
        if (per < 0) return -1;
        const std::int32_t amount = tree_.nodes[per].lhs;
        refuse_number_and_percent(low, amount, column);
        refuse_number_and_percent(amount, low, column);
        const std::int32_t range = shared_unit_range(low, amount, column);
        if (depth_[range] + 1 + per_height > limits::max_depth) fail(ErrorKind::limit, "The expression is too deep.", column);
        tree_.nodes[per].lhs = range;
        // The heights above the range grew; the root's is all that later checks read.
        depth_[high] = std::max(depth_[high], depth_[range] + 1 + per_height);
        return high;
    }

    // The number literal that is `index` or `index` negated ("0.35", "-2"), or -1.
    std::int32_t bare_literal(std::int32_t index, bool& negative) const {
        const Node& n = tree_.nodes[index];
        negative = n.kind == NodeKind::negate;
        if (negative) return tree_.nodes[n.lhs].kind == NodeKind::number ? n.lhs : -1;
        return n.kind == NodeKind::number ? index : -1;
    }

    // In "2 TFLOP/s" or "2 million hour", the juxtaposition whose left operand is the leading number, found down
    // the left spine through *, / and juxtaposition. -1 unless that number is directly followed by a unit.
    std::int32_t leading_number_parent(std::int32_t index) const {
        std::int32_t parent = -1;
        while (tree_.nodes[index].kind == NodeKind::multiply || tree_.nodes[index].kind == NodeKind::divide ||
               tree_.nodes[index].kind == NodeKind::juxtapose) {
            parent = index;
            index = tree_.nodes[index].lhs;
        }
        if (parent < 0 || tree_.nodes[index].kind != NodeKind::number || tree_.nodes[parent].kind != NodeKind::juxtapose)
            return -1;
        return parent;
    }

    // "0.35 to 55%" is 0.35% to 55% by the shared-unit rule, but the number was surely meant as a fraction (35%).
    // Since a bare number beside a percentage cannot be read safely either way, it is an error that offers both
    // readings. Zero reads the same either way and is let through: "0 to 5%".
    void refuse_number_and_percent(std::int32_t bare, std::int32_t other, int column) const {
        bool negative = false;
        const std::int32_t literal = bare_literal(bare, negative);
        if (literal < 0 || tree_.nodes[literal].number == 0) return;
        // "-0.55 to -35%": the other end's minus belongs to its number, as shared_unit_range reads it.
        const bool other_negative = tree_.nodes[other].kind == NodeKind::negate;
        const std::int32_t parent = leading_number_parent(other_negative ? tree_.nodes[other].lhs : other);
        if (parent < 0) return;
        const Node& unit = tree_.nodes[tree_.nodes[parent].rhs];
        if (unit.kind != NodeKind::name || !is_percent(unit.text)) return;
        const Node& percent = tree_.nodes[tree_.nodes[parent].lhs];
        const bool bare_is_low = bare < other;  // nodes are numbered in reading order
        const double x = negative ? -tree_.nodes[literal].number : tree_.nodes[literal].number;
        // Read a bare number below 1 as a fraction (0.35 is 35%), unless only the other reading keeps the range
        // going up (0.5 to 2% is 0.5% to 2%).
        const double percent_number = other_negative ? -percent.number : percent.number;
        const auto goes_up = [&](double as_percent) {
            return bare_is_low ? as_percent <= percent_number : as_percent >= percent_number;
        };
        const bool as_fraction = std::abs(x) < 1 && (goes_up(x * 100) || !goes_up(x));
        const std::string sign = negative ? "-" : "";
        const std::string bare_text(tree_.nodes[literal].text);
        const std::string bare_percent = sign + shift_decimal(bare_text, as_fraction ? 2 : 0) + "%";
        const std::string bare_fraction = sign + shift_decimal(bare_text, as_fraction ? 0 : -2);
        const std::string other_sign = other_negative ? "-" : "";
        const std::string other_percent = other_sign + std::string(percent.text) + "%";
        const std::string other_fraction = other_sign + shift_decimal(percent.text, -2);
        const auto range = [&](const std::string& mine, const std::string& theirs) {
            return bare_is_low ? mine + " to " + theirs : theirs + " to " + mine;
        };
        fail(ErrorKind::ambiguous, "The range at column " + std::to_string(column) + " has a bare number (" + sign + bare_text +
                 ") at one end and a percentage (" + other_percent + ") at the other; the number could be a fraction or "
                 "a percentage.",
             column,
             "Write " + in_quotes(range(bare_percent, other_percent)) + " or " + in_quotes(range(bare_fraction, other_fraction)) +
                 ".");
    }

    // Whether `index` is a name that is a number word or another plain unit ("billion", "dozen", "%"), which may
    // follow a number inside a range's end ("1 billion to 2 billion hour").
    bool is_scale_name(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        if (n.kind != NodeKind::name || n.unit < 0) return false;
        const UnitValue& u = tree_.units[static_cast<std::size_t>(n.unit)];
        return u.offset == 0 && u.dimension.is_dimensionless() && !u.dimension.counts_cycles_or_angles();
    }

    // How many scale words follow the number of `index`, a literal amount such as "2", "-2", "1 billion" or "2
    // thousand million"; -1 when `index` is anything else.
    int scale_words_of_literal(std::int32_t index) const {
        const Node* n = &tree_.nodes[index];
        if (n->kind == NodeKind::negate) n = &tree_.nodes[n->lhs];
        int words = 0;
        while (n->kind == NodeKind::juxtapose && is_scale_name(n->rhs)) {
            ++words;
            n = &tree_.nodes[n->lhs];
        }
        return n->kind == NodeKind::number ? words : -1;
    }

    // "3 to 5 day", "1 to 2 TFLOP/s": when the left is a bare number and the right's leading number is directly
    // followed by units, the range takes the place of that leading number, so both ends carry the units. When the
    // left is a number with scale words ("1 billion to 2 billion hour", "1 thousand to 2 million hour"), the range
    // takes the place of the right's number with its scale words, so the left keeps its own and shares the rest,
    // as "1e9 to 2e9 hour" does.
    // A negative right end ("-20 to -10 degC", "-2 to -1 kW/h") holds a minus on the left spine of its product,
    // -(1 kW)/h: the minus moves onto the leading amount (a product's sign is its first factor's), so the range
    // still takes that amount's place.
    std::int32_t shared_unit_range(std::int32_t low, std::int32_t high, int column) {
        const int low_words = scale_words_of_literal(low);
        if (low_words >= 0) {
            std::int32_t root = high;
            std::int32_t negation = -1, above_negation = -1, above = -1;
            for (std::int32_t index = high;;) {
                const Node& n = tree_.nodes[index];
                if (n.kind == NodeKind::negate && negation < 0) {
                    negation = index;
                    above_negation = above;
                } else if (n.kind != NodeKind::multiply && n.kind != NodeKind::divide && n.kind != NodeKind::juxtapose) {
                    break;
                }
                above = index;
                index = n.lhs;
            }
            if (negation >= 0) {
                // Take the minus out of the spine for the search; it is put back on the amount below.
                const std::int32_t below = tree_.nodes[negation].lhs;
                if (above_negation >= 0) tree_.nodes[above_negation].lhs = below;
                else root = below;
            }
            std::int32_t parent = leading_number_parent(root);
            if (parent >= 0 && low_words > 0) {
                // Climb from the number over its scale words: the spine from the root down to `parent`.
                std::vector<std::int32_t> spine;
                for (std::int32_t index = root; index != parent; index = tree_.nodes[index].lhs) spine.push_back(index);
                while (is_scale_name(tree_.nodes[parent].rhs) && !spine.empty() &&
                       tree_.nodes[spine.back()].kind == NodeKind::juxtapose) {
                    parent = spine.back();
                    spine.pop_back();
                }
                if (is_scale_name(tree_.nodes[parent].rhs)) parent = -1;  // no units beyond the scale words
            }
            if (parent >= 0) {
                std::int32_t leading = tree_.nodes[parent].lhs;
                if (negation >= 0) {
                    tree_.nodes[negation].lhs = leading;  // the negate node now negates the amount alone
                    leading = negation;
                }
                const std::int32_t r = binary(NodeKind::range, low, leading, column);
                tree_.nodes[parent].lhs = r;
                // Heights along the left spine grew by at most two; recheck the root.
                if (depth_[high] + 2 > limits::max_depth) fail(ErrorKind::limit, "The expression is too deep.", column);
                return root;
            }
            if (negation >= 0) {  // no leading amount: the tree as it was
                if (above_negation >= 0) tree_.nodes[above_negation].lhs = negation;
            }
        }
        return binary(NodeKind::range, low, high, column);
    }

    std::int32_t sum() {
        const std::size_t lhs_start = position_;
        std::int32_t lhs = product();
        mark_whole_hyphen_group(lhs);
        // The operand right before each sign, which "1 + 35-55%" reads the hyphen against.
        std::int32_t previous = lhs;
        std::size_t previous_start = lhs_start, previous_end = position_;
        while (peek().kind == TokenKind::plus || peek().kind == TokenKind::minus) {
            const Token& op = next();
            const std::size_t rhs_start = position_;
            const std::int32_t rhs = product();
            mark_whole_hyphen_group(rhs);
            const bool spaced = op.space_before || token_at(rhs_start).space_before;
            const std::string_view left = span(previous_start, previous_end), right = span(rhs_start, position_);
            if (op.kind == TokenKind::minus && !spaced) refuse_unspaced_minus(previous, rhs, op.column, left, right);
            refuse_number_beside_amount(previous, rhs, op, spaced, left, right);
            lhs = binary(op.kind == TokenKind::plus ? NodeKind::add : NodeKind::subtract, lhs, rhs, op.column);
            previous = rhs;
            previous_start = rhs_start;
            previous_end = position_;
        }
        return lhs;
    }

    // A hyphen group that is a whole operand of a sum may subtract with the sum's precedence (see Node::hyphen).
    void mark_whole_hyphen_group(std::int32_t index) {
        if (tree_.nodes[index].hyphen) tree_.nodes[index].hyphen_whole = true;
    }

    // The unit name of a literal amount such as "30%", "$2", "10kW" or "-5%", or empty for anything else.
    std::string_view literal_unit(std::int32_t index) const {
        const Node* n = &tree_.nodes[index];
        if (n->kind == NodeKind::negate) n = &tree_.nodes[n->lhs];
        if (n->kind != NodeKind::juxtapose || tree_.nodes[n->lhs].kind != NodeKind::number ||
            tree_.nodes[n->rhs].kind != NodeKind::name)
            return {};
        return tree_.nodes[n->rhs].text;
    }

    // "30%-50%" is how a range sits in a spreadsheet cell; read as a subtraction it silently gives -20%. A minus
    // with no space on either side between two amounts in the same unit is therefore an error; with spaces
    // ("30% - 50%") it subtracts, and plain numbers ("5-3") always do.
    void refuse_unspaced_minus(std::int32_t lhs, std::int32_t rhs, int column, std::string_view left,
                               std::string_view right) const {
        const std::string_view unit = literal_unit(lhs);
        if (unit.empty() || unit != literal_unit(rhs)) return;
        fail(ErrorKind::ambiguous, "The \"-\" at column " + std::to_string(column) + " in " + in_quotes(std::string(left) + "-" + std::string(right)) +
                 " could mean a range or a subtraction.",
             column,
             "Write " + in_quotes(std::string(left) + " to " + std::string(right)) + " for a range, or " +
                 in_quotes(std::string(left) + " - " + std::string(right)) + " with spaces to subtract.");
    }

    // Whether `index` holds numbers and plain units alone ("2 billion", "55%"), so that a plain number may be added.
    bool plain(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        switch (n.kind) {
            case NodeKind::number: return true;
            case NodeKind::name: return is_scale_name(index);
            case NodeKind::multiply:
            case NodeKind::juxtapose:
            case NodeKind::divide: return plain(n.lhs) && plain(n.rhs);
            default: return false;
        }
    }

    // "35-55%", "2-3 hour", "1-2 billion", "10-20 TFLOP/s": a hyphen between a bare number and an amount is how a
    // range sits in a cell or in prose, but arithmetic reads 35 - 0.55 = 34.45 (or a plain number less a time, an
    // error that does not say why). With no space on either side of the "-" it is refused, whatever follows the
    // second number. With spaces it subtracts, as "5 - 3" and "30% - 50%" do, except beside a percentage when the
    // number is more than 1: "35 - 55%" and "10 + 5%" take 0.55 from 35 or add 0.05 to 10, which is neither a range
    // nor 55% less than 35 (nor 5% more than 10), while "1 - 5%" (0.95) is how a fraction less a percentage is
    // written. Only a number literal on the left counts: "x - 5%" and "(1+2) - 3 hour" are arithmetic as written.
    void refuse_number_beside_amount(std::int32_t lhs, std::int32_t rhs, const Token& op, bool spaced, std::string_view left,
                                     std::string_view right) const {
        bool negative = false;
        const std::int32_t literal = bare_literal(lhs, negative);
        if (literal < 0) return;
        const std::int32_t parent = leading_number_parent(rhs);
        if (parent < 0) return;
        const Node& amount = tree_.nodes[tree_.nodes[parent].lhs];
        const Node& unit = tree_.nodes[tree_.nodes[parent].rhs];
        const bool percent = unit.kind == NodeKind::name && unit.unit >= 0 && is_percent(unit.text);
        const std::string l(left), r(right);
        // The units of the right end as typed, after its number: "%", " hour", " TFLOP/s".
        const std::string units = r.substr(static_cast<std::size_t>(amount.text.data() + amount.text.size() - right.data()));
        const std::string as_range = l + units + " to " + r;
        const std::string column = std::to_string(op.column);
        const bool beside_percent = percent && std::abs(tree_.nodes[literal].number) > 1;
        const std::string fraction = shift_decimal(amount.text, -2);
        if (!spaced && op.kind == TokenKind::minus) {
            // A plain number less a time has no reading, so no subtraction is offered there.
            const std::string subtraction = beside_percent ? ", or " + in_quotes(l + " - " + fraction) + " to subtract the fraction"
                                            : plain(rhs) ? ", or " + in_quotes(l + " - " + r) + " with spaces to subtract"
                                                         : "";
            fail(ErrorKind::ambiguous, "The \"-\" at column " + column + " in " + in_quotes(l + "-" + r) +
                     " could mean a range or a subtraction.",
                 op.column, "Write " + in_quotes(as_range) + " for a range" + subtraction + ".");
        }
        if (!beside_percent) return;
        const bool minus = op.kind == TokenKind::minus;
        const std::string sign = minus ? "-" : "+";
        // "100 - 5%" is no range written as a hyphen (it would go down), so no range is offered there.
        const bool goes_up = (negative ? -1 : 1) * tree_.nodes[literal].number < amount.number;
        const std::string typed(left.data(), static_cast<std::size_t>(right.data() + right.size() - left.data()));
        fail(ErrorKind::ambiguous, "The \"" + sign + "\" at column " + column + " in " + in_quotes(typed) + " " +
                 (minus ? "takes " + fraction + " from " + l : "adds " + fraction + " to " + l) +
                 ", since a percentage is a fraction; a plain number beside it is not a percentage of it.",
             op.column,
             std::string("Write ") + (minus && goes_up ? in_quotes(as_range) + " for a range, " : "") +
                 in_quotes(l + " * (1 " + sign + " " + r + ")") + " for " + std::string(amount.text) + "% " +
                 (minus ? "less" : "more") + " than " + l + ", or " + in_quotes(l + " " + sign + " " + fraction) +
                 " if the fraction is meant.");
    }

    std::int32_t product() {
        std::int32_t lhs = unary(true);
        while (peek().kind == TokenKind::star || peek().kind == TokenKind::slash || ascii_times_ahead() || per_ahead()) {
            const bool divides = peek().kind == TokenKind::slash || per_ahead();
            const Token& op = next();
            const bool per = divides && op.kind == TokenKind::identifier;  // not the ASCII times "x"
            const std::int32_t rhs = unary(false);
            lhs = binary(divides ? NodeKind::divide : NodeKind::multiply, lhs, rhs, op.column);
            if (per) per_nodes_.push_back(lhs);
        }
        return lhs;
    }

    // "per" as a division sign, as prose writes rates ("$2 per GPU-hour"): right after an operand and before one.
    // Elsewhere it is a name ("per = 3", "2 * per").
    bool per_ahead() const {
        if (peek().kind != TokenKind::identifier || peek().text != "per") return false;
        const TokenKind after = peek(1).kind;
        return after == TokenKind::number || after == TokenKind::identifier || after == TokenKind::left_paren;
    }

    // "x" as a times sign, as ASCII results may print "1.9 [1.5, 2.4] x 10^24": only right before a power of ten.
    bool ascii_times_ahead() const {
        long long exponent = 0;
        std::size_t length = 0;
        return peek().kind == TokenKind::identifier && peek().text == "x" && power_of_ten_at(position_, exponent, length);
    }

    // `leads_product`: this operand comes first in its product, so "8.40 × 10²³" may be read as one literal there
    // (after "/" it may not: "6 / 2 × 10^3" is 3000, not 0.003).
    std::int32_t unary(bool leads_product) {
        if (peek().kind == TokenKind::minus || peek().kind == TokenKind::plus) {
            // "-1.5 [-2.0, -1.0]": the minus belongs to the printed central value, whose bounds are already signed.
            if (peek().kind == TokenKind::minus && bracket_after_literal(position_ + 1)) {
                const int column = next().column;
                return bracket_range(true, column);
            }
            const Token& op = next();
            Nest guard(*this, op.column);
            return signed_by(op, unary(leads_product));
        }
        return juxtaposition(leads_product);
    }

    // `operand` after the sign `op`: itself after "+", negated after "-".
    std::int32_t signed_by(const Token& op, std::int32_t operand) {
        if (op.kind == TokenKind::plus) return operand;
        Node n;
        n.kind = NodeKind::negate;
        n.lhs = operand;
        n.column = op.column;
        return add_node(std::move(n));
    }

    std::int32_t juxtaposition(bool leads_product) {
        std::int32_t lhs = power();
        if (leads_product && tree_.nodes[lhs].kind == NodeKind::number) fold_power_of_ten(lhs);
        while (peek().kind == TokenKind::identifier && !ascii_times_ahead() && !per_ahead()) {
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
            const std::int32_t exponent = exponent_operand();
            base = binary(NodeKind::power, base, exponent, op.column);
        }
        return base;
    }

    // What ^ raises to: a power with optional signs ("2^-3", "2^3^2" = 2^9), never a juxtaposition, so
    // "2^3 hundred" is 800 and "10^2 %" is 1.
    std::int32_t exponent_operand() {
        if (peek().kind == TokenKind::minus || peek().kind == TokenKind::plus) {
            const Token& op = next();
            Nest guard(*this, op.column);
            return signed_by(op, exponent_operand());
        }
        return power();
    }

    std::int32_t postfix() {
        std::int32_t base = primary();
        while (peek().kind == TokenKind::superscript) {
            const Token& sup = next();
            Node e;
            e.kind = NodeKind::number;
            e.number = e.number_low = e.number_high = sup.number;  // small integers: exact
            e.column = sup.column;
            e.text = sup.text;
            const std::int32_t exponent = add_node(std::move(e));
            base = binary(NodeKind::power, base, exponent, sup.column);
        }
        return base;
    }

    // Whether the tokens from `at` are "× 10^k" as results print a power of ten ("× 10²³", ASCII "× 10^23",
    // also "* 10^23" and "x 10^23"), and if so k and how many tokens it takes.
    bool power_of_ten_at(std::size_t at, long long& exponent, std::size_t& length) const {
        const Token& times = token_at(at);
        if (!(times.kind == TokenKind::star || (times.kind == TokenKind::identifier && times.text == "x"))) return false;
        const Token& ten = token_at(at + 1);
        if (ten.kind != TokenKind::number || ten.text != "10") return false;
        const Token& power = token_at(at + 2);
        if (power.kind == TokenKind::superscript) {
            exponent = static_cast<long long>(power.number);
            length = 3;
        } else if (power.kind == TokenKind::caret) {
            std::size_t k = at + 3;
            long long sign = 1;
            if (token_at(k).kind == TokenKind::minus || token_at(k).kind == TokenKind::plus) {
                if (token_at(k).kind == TokenKind::minus) sign = -1;
                ++k;
            }
            const Token& digits = token_at(k);
            if (digits.kind != TokenKind::number || digits.text.empty() || digits.text.size() > 6 ||
                digits.text.find_first_not_of("0123456789") != std::string_view::npos)
                return false;
            exponent = sign * static_cast<long long>(digits.number);
            length = k - at + 1;
        } else {
            return false;
        }
        // A further power binds to the exponent ("10^3^2"), so the literal would not end there.
        const TokenKind after = token_at(at + length).kind;
        return after != TokenKind::caret && after != TokenKind::superscript;
    }

    // Reads "8.40 × 10²³" after the literal `index` as one literal 8.40e23: it then encloses the exact decimal,
    // and its half step is that of its last typed digit (0.005 × 10²³).
    void fold_power_of_ten(std::int32_t index) {
        long long exponent = 0;
        std::size_t length = 0;
        if (!power_of_ten_at(position_, exponent, length)) return;
        Node& n = tree_.nodes[index];
        const DecimalEnclosure e = enclose_decimal(n.text, exponent);
        const std::string_view written = std::string_view(
            n.text.data(), static_cast<std::size_t>(token_at(position_ + length - 1).text.data() +
                                                    token_at(position_ + length - 1).text.size() - n.text.data()));
        if (!e.in_range) {
            fail(ErrorKind::overflow, "The number " + in_quotes(excerpt_around(written, 1, 40).text) + " at column " + std::to_string(n.column) +
                     (e.too_large ? " is beyond the range of double precision (about 1.8 × 10^308)."
                                  : " is too small for double precision (below about 4.9 × 10^-324); write 0 if zero is meant."),
                 n.column);
        }
        n.number = e.nearest;
        n.number_low = e.low;
        n.number_high = e.high;
        n.half_step = e.half_step;
        n.text = written;
        position_ += length;
    }

    // Whether the number token at `at` starts the central value of a printed range: "1.7 [" or "5.6 × 10⁻³⁰⁹ [".
    bool bracket_after_literal(std::size_t at) const {
        if (token_at(at).kind != TokenKind::number) return false;
        if (token_at(at + 1).kind == TokenKind::left_bracket) return true;
        long long exponent = 0;
        std::size_t length = 0;
        return power_of_ten_at(at + 1, exponent, length) && token_at(at + 1 + length).kind == TokenKind::left_bracket;
    }

    // One number of a printed range, with its own power of ten when it has one, negated in place when `negative`.
    std::int32_t signed_literal(bool negative, const char* what, bool fold = true) {
        if (peek().kind != TokenKind::number) {
            fail(ErrorKind::syntax, "Expected a number for " + std::string(what) + " at column " + std::to_string(peek().column) +
                     ", as in \"1.7 [1.4, 2.1]\", but found " + describe_token(peek()) + ".",
                 peek().column);
        }
        const std::int32_t index = number_node(next());
        if (fold) fold_power_of_ten(index);
        if (negative) {
            Node& n = tree_.nodes[index];
            n.number = -n.number;
            const double low = n.number_low;
            n.number_low = -n.number_high;
            n.number_high = -low;
        }
        return index;
    }

    std::int32_t bound() {
        bool negative = false;
        if (peek().kind == TokenKind::minus || peek().kind == TokenKind::plus) negative = next().kind == TokenKind::minus;
        return signed_literal(negative, "an end of the range");
    }

    // "[90%: ", the label a reading's results print with (the label column of ballpark/mode.hpp), after "[": taken,
    // it gives 1 + its Mode; 0 where none is written.
    std::uint8_t range_label() {
        const auto& labels = label_tokens();
        for (std::size_t row = 0; row < labels.size(); ++row) {
            const std::vector<Token>& label = labels[row];
            if (label.empty()) continue;
            std::size_t k = 0;
            while (k < label.size() && peek(k).kind == label[k].kind && peek(k).text == label[k].text) ++k;
            if (k == label.size() && peek(k).kind == TokenKind::colon) {
                position_ += k + 1;
                return static_cast<std::uint8_t>(row + 1);
            }
        }
        return 0;
    }

    // "1.7 [1.4, 2.1]", a range as Ballpark prints it: central value, then low and high in brackets. Units and a
    // power of ten after "]" apply to all three, as they do to any value.
    std::int32_t bracket_range(bool negative_central, int column) {
        Nest guard(*this, column);
        const std::int32_t central = signed_literal(negative_central, "the central value");
        const Token& open = expect(TokenKind::left_bracket, "\"[\"");
        const std::uint8_t labelled = range_label();
        const std::int32_t low = bound();
        expect(TokenKind::comma, "\",\" between the two ends of the range");
        const std::int32_t high = bound();
        expect_closing(TokenKind::right_bracket, "]", "[", open.column);
        const Node& c = tree_.nodes[central];
        const Node& l = tree_.nodes[low];
        const Node& h = tree_.nodes[high];
        const auto shown = [](const Node& n) { return (n.number < 0 ? "-" : "") + std::string(n.text); };
        if (l.number > h.number) {
            fail(ErrorKind::range_order, "A range must go from low to high, but [" + shown(l) + ", " + shown(h) + "] at column " +
                     std::to_string(open.column) + " goes down. Swap the two ends.",
                 open.column);
        }
        if (c.number < l.number || c.number > h.number) {
            fail(ErrorKind::range_order, "The central value " + shown(c) + " at column " + std::to_string(c.column) + " lies outside its range [" +
                     shown(l) + ", " + shown(h) + "].",
                 c.column);
        }
        Node n;
        n.kind = NodeKind::range;
        n.lhs = low;
        n.rhs = high;
        n.middle = central;
        n.labelled = labelled;
        n.column = column;
        return add_node(std::move(n));
    }

    std::int32_t number_node(const Token& t) {
        Node n;
        n.kind = NodeKind::number;
        n.number = t.number;
        const DecimalEnclosure e = enclose_decimal(t.text);
        n.number_low = e.low;
        n.number_high = e.high;
        n.half_step = e.half_step;
        n.text = t.text;
        n.column = t.column;
        return add_node(std::move(n));
    }

    std::int32_t primary() {
        const Token& t = peek();
        switch (t.kind) {
            case TokenKind::number:
                if (bracket_after_literal(position_)) return bracket_range(false, t.column);
                next();
                return number_node(t);
            case TokenKind::identifier: {
                next();
                if (peek().kind == TokenKind::left_paren) return call(t);
                if (const std::int32_t dollars = scaled_dollars(t); dollars >= 0) return dollars;
                Node n;
                n.kind = NodeKind::name;
                n.text = t.text;
                n.column = t.column;
                n.unit = keep_unit(units_.find(t.text));
                if (t.text != "$") return hyphenated(add_node(std::move(n)));
                const std::int32_t name = add_node(std::move(n));
                // "$2.50" reads as 2.50 dollars, and so do the forms results print: "$-5.00", "$1.7 [1.4, 2.1]".
                if (t.text == "$") {
                    const bool negative = peek().kind == TokenKind::minus && peek(1).kind == TokenKind::number &&
                                          !peek(1).space_before;
                    const std::size_t at = position_ + (negative ? 1 : 0);
                    if (token_at(at).kind == TokenKind::number) {
                        const int column = peek().column;
                        if (negative) next();
                        std::int32_t amount = -1;
                        if (bracket_after_literal(at)) {
                            amount = bracket_range(negative, column);
                        } else {
                            // Not folded with a following "× 10^k": "$2" may be the divisor in "x / $2 × 10^3".
                            amount = signed_literal(negative, "the amount", false);
                            scale_amount(amount, negative);
                        }
                        return binary(NodeKind::juxtapose, amount, name, t.column);
                    }
                }
                return name;
            }
            case TokenKind::left_paren: {
                next();
                Nest guard(*this, t.column);
                const std::int32_t inner = expression();
                expect_closing(TokenKind::right_paren, ")", "(", t.column);
                return inner;
            }
            case TokenKind::end:
                fail(ErrorKind::syntax, "The expression ends where a number, a name or \"(\" was expected (column " +
                         std::to_string(t.column) + ").",
                     t.column);
            default:
                fail(ErrorKind::syntax, "Expected a number, a name or \"(\" at column " + std::to_string(t.column) + ", but found " +
                         describe_token(t) + ".",
                     t.column);
        }
    }

    // The power of ten of a money suffix: "$10k", "$2.5M", "$1.2B" and the units "k$", "M$", "B$". B is a byte
    // everywhere else; right after a dollar amount or right before "$" nothing but a billion is meant.
    static int money_scale(std::string_view suffix) {
        if (suffix == "k") return 3;
        if (suffix == "M") return 6;
        if (suffix == "B") return 9;
        return 0;
    }

    // The power of ten of a suffix right after a dollar amount, where a unit is never meant: besides k, M and B,
    // "$10K" (not kelvin), "$10m", "$10MM" and "$10mm" (not metres or millimetres: the press and finance write
    // millions so, finance's MM for a thousand thousand in either case; 0.01 metre-dollars is no amount anyone
    // types), "$5bn", "$2T" and "$2tn" (not tesla, which Ballpark leaves out).
    static int amount_scale(std::string_view suffix) {
        if (const int power = money_scale(suffix)) return power;
        if (suffix == "K") return 3;
        if (suffix == "m" || suffix == "MM" || suffix == "mm") return 6;
        if (suffix == "bn") return 9;
        if (suffix == "T" || suffix == "tn") return 12;
        return 0;
    }

    // "$10k": the literal `index` of a dollar amount times the suffix right after it (no space), folded into the
    // literal so that it keeps enclosing the exact decimal, as "× 10^k" does.
    void scale_amount(std::int32_t index, bool negative) {
        const Token& suffix = peek();
        const int power = amount_scale(suffix.text);
        if (suffix.kind != TokenKind::identifier || suffix.space_before) return;
        if (power == 0) {
            refuse_unit_on_amount(tree_.nodes[index], negative, suffix);
            return;
        }
        Node& n = tree_.nodes[index];
        const DecimalEnclosure e = enclose_decimal(n.text, power);
        if (!e.in_range) {
            // Without this check "$1e308B" would read as 0 dollars.
            const std::string written = std::string(n.text) + std::string(suffix.text);
            fail(ErrorKind::overflow, "The amount " + in_quotes(excerpt_around(written, 1, 40).text) + " at column " + std::to_string(n.column) +
                     (e.too_large ? " is beyond the range of double precision (about 1.8 × 10^308)."
                                  : " is too small for double precision (below about 4.9 × 10^-324); write 0 if zero is meant."),
                 n.column);
        }
        n.number = negative ? -e.nearest : e.nearest;
        n.number_low = negative ? -e.high : e.low;
        n.number_high = negative ? -e.low : e.high;
        n.half_step = e.half_step;
        n.text = std::string_view(n.text.data(), static_cast<std::size_t>(suffix.text.data() + suffix.text.size() - n.text.data()));
        next();
    }

    // "$10t", "$10g", "$10TN", "$10h": a unit with no space after a dollar amount stands where "$10k" and "$10m"
    // put a scale, and prose writes other scales so (t for trillion, g for grand); read as a unit it gave 10 000
    // kilogram-dollars. Refused, since neither reading is safe; a name that is no unit is left to the usual
    // sentence, and "$10 t" with a space is the unit.
    void refuse_unit_on_amount(const Node& amount, bool negative, const Token& suffix) const {
        if (!units_.find(suffix.text)) return;
        const std::string written = (negative ? "$-" : "$") + std::string(amount.text);
        fail(ErrorKind::unknown_unit, "The unit " + in_quotes(suffix.text) + " at column " + std::to_string(suffix.column) +
                 " is written right after the amount " + in_quotes(written) +
                 ", where a letter scales an amount ($10k, $10m, $5bn); it is not one of those scales.",
             suffix.column,
             "Write the scale as a word (" + in_quotes(written + " thousand") + ", " + in_quotes(written + " million") +
                 ", " + in_quotes(written + " trillion") + "), or put a space before the unit: " +
                 in_quotes(written + " " + std::string(suffix.text)) + ".");
    }

    // "k$", "M$", "B$" (the name token `t` is already read): a unit of a thousand, million or billion dollars, as
    // in "as k$". Returns the node, or -1 when `t` is not such a prefix.
    std::int32_t scaled_dollars(const Token& t) {
        const int power = money_scale(t.text);
        if (power == 0 || peek().kind != TokenKind::identifier || peek().text != "$" || peek().space_before) return -1;
        const Token& dollar = next();
        const std::optional<UnitValue> usd = units_.find("$");
        const DecimalEnclosure e = enclose_decimal("1", power);
        UnitValue scale{e.nearest, {}};
        scale.factor_low = e.low;
        scale.factor_high = e.high;
        Node n;
        n.kind = NodeKind::name;
        n.text = std::string_view(t.text.data(), static_cast<std::size_t>(dollar.text.data() + 1 - t.text.data()));
        n.column = t.column;
        n.unit = keep_unit(unit_product(scale, *usd));
        return add_node(std::move(n));
    }

    // Whether `name` may stand in a hyphenated product: a known unit that is not a parameter or the name being
    // defined ("f(t, s) = t-s" subtracts), and not $ or %.
    bool hyphen_operand(std::string_view name) const {
        if (name == "$" || name == "%" || name == tree_.statement.name) return false;
        const auto& parameters = tree_.statement.parameters;
        return std::find(parameters.begin(), parameters.end(), name) == parameters.end();
    }

    // "GPU-hour", "kilowatt-hour", "light-year": a hyphen with no space on either side between two unit names is a
    // product, as these are written in prose, or one unit when the table spells it with the hyphen (light-year).
    // Between two short symbols ("t-s", "m-s") it stays a subtraction: one-letter names are what people call
    // variables, and a silent product there would be worse than an unknown-unit error. More parts are a product of
    // all of them ("GPU-day-hour"). Whether a name beside a hyphen is a variable is known only when evaluating, so
    // the product is marked (Node::hyphen) and the evaluator subtracts there instead ("years-months").
    std::int32_t hyphenated(std::int32_t name) {
        std::int32_t last = name;  // the name right before the next hyphen
        while (peek().kind == TokenKind::minus && !peek().space_before && peek(1).kind == TokenKind::identifier &&
               !peek(1).space_before && peek(2).kind != TokenKind::left_paren) {
            Node& left = tree_.nodes[last];
            const Token& right = peek(1);
            if (left.kind != NodeKind::name || !hyphen_operand(left.text) || !hyphen_operand(right.text)) break;
            const std::string_view joined(left.text.data(),
                                          static_cast<std::size_t>(right.text.data() + right.text.size() - left.text.data()));
            if (auto unit = units_.find(joined)) {
                left.text = joined;
                left.unit = keep_unit(unit);
                next();
                next();
                continue;
            }
            const std::optional<UnitValue> right_unit = units_.find(right.text);
            if (left.unit < 0 || !right_unit || std::max(left.text.size(), right.text.size()) < 3) break;
            refuse_hyphenated_pound(left, right);
            const int column = next().column;
            const Token& r = next();
            Node n;
            n.kind = NodeKind::name;
            n.text = r.text;
            n.column = r.column;
            n.unit = keep_unit(right_unit);
            n.unit_position = true;
            last = add_node(std::move(n));
            name = binary(NodeKind::multiply, name, last, column);
            tree_.nodes[name].hyphen = true;
        }
        return name;
    }

    // "foot-pound" is a unit of energy (foot times pound-force), "pound-second" an impulse, but "pound" alone is a
    // mass: in a hyphenated product it could be either, so it is refused unless the table spells the whole unit
    // ("foot-pound", "inch-pound", "pound-foot", "ft-lb").
    void refuse_hyphenated_pound(const Node& left, const Token& right) const {
        const auto is_pound = [](std::string_view name) {
            std::string lower(name);
            for (char& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
            return lower == "pound" || lower == "pounds" || name == "lb" || name == "lbs";
        };
        const bool on_left = is_pound(left.text);
        if (!on_left && !is_pound(right.text)) return;
        const std::string written = std::string(left.text) + "-" + std::string(right.text);
        const std::string other(on_left ? right.text : left.text);
        const std::string pound(on_left ? left.text : right.text);
        fail(ErrorKind::ambiguous, "In " + in_quotes(written) + " at column " + std::to_string(left.column) + ", \"" + pound +
                 "\" could be the pound of mass (lb) or the pound-force (lbf).",
             left.column,
             "Write " + in_quotes(on_left ? "lbf*" + other : other + "*lbf") + " for the pound-force, or " +
                 in_quotes(on_left ? "lb*" + other : other + "*lb") + " for the pound of mass.");
    }

    // percentile(x, p) takes p in percent, so "percentile(x, 95%)" means the 95th percentile, not the 0.95th: a
    // "%" written in the argument counts 1 there ("100% - 5%" is 95). A variable holding 95% is 0.95.
    void percent_as_percentage(std::int32_t index) {
        if (index < 0) return;
        Node& n = tree_.nodes[index];
        if (n.kind == NodeKind::name && n.unit >= 0 && is_percent(n.text)) n.unit = keep_unit(UnitValue{1, {}});
        for (std::int32_t k = 0; k < n.argument_count; ++k) percent_as_percentage(tree_.arguments[n.first_argument + k]);
        percent_as_percentage(n.lhs);
        percent_as_percentage(n.rhs);
        percent_as_percentage(n.middle);
    }

    static bool is_comparison(TokenKind kind) {
        return kind == TokenKind::less || kind == TokenKind::less_equal || kind == TokenKind::greater ||
               kind == TokenKind::greater_equal;
    }

    // P(x < y), P(x > y), P(a < x < b): after "P(" and its first operand, when a comparison follows. Only here are
    // comparisons read, so P stays free as a name or unit elsewhere and everywhere without a comparison inside.
    std::int32_t probability(const Token& callee, std::int32_t first) {
        Node n;
        n.kind = NodeKind::probability;
        n.text = callee.text;
        n.column = callee.column;
        n.lhs = first;
        const Token op = next();
        const bool down = op.kind == TokenKind::greater || op.kind == TokenKind::greater_equal;
        n.comparison = static_cast<std::uint8_t>((down ? comparison_bits::down : 0) |
                                                 (op.kind == TokenKind::less || op.kind == TokenKind::greater
                                                      ? comparison_bits::first_strict : 0));
        n.rhs = expression();
        if (is_comparison(peek().kind)) {
            const Token second = next();
            if ((second.kind == TokenKind::greater || second.kind == TokenKind::greater_equal) != down) {
                fail(ErrorKind::syntax, "The comparisons in " + in_quotes(callee.text) + "(…) at column " +
                         std::to_string(callee.column) + " point both ways (" + in_quotes(op.text) + " then " +
                         in_quotes(second.text) + "), which says no range between two values.",
                     second.column, "Write P(a < x < b) or P(b > x > a) for x between a and b.");
            }
            if (second.kind == TokenKind::less || second.kind == TokenKind::greater)
                n.comparison |= comparison_bits::second_strict;
            n.middle = n.rhs;
            n.rhs = expression();
        }
        if (peek().kind != TokenKind::right_paren) {
            fail(ErrorKind::syntax, "Expected \")\" to close " + in_quotes(callee.text) + "( at column " +
                     std::to_string(callee.column) + " after its comparison, but found " + describe_token(peek()) +
                     " at column " + std::to_string(peek().column) + ".",
                 peek().column, "P takes one comparison, as in P(x < 5), or two, as in P(1 < x < 5).");
        }
        next();
        return add_node(std::move(n));
    }

    std::int32_t call(const Token& callee) {
        Nest guard(*this, callee.column);
        next();  // (
        std::vector<std::int32_t> arguments;
        if (peek().kind != TokenKind::right_paren) {
            while (true) {
                arguments.push_back(expression());
                if (arguments.size() == 1 && callee.text == "P" && is_comparison(peek().kind))
                    return probability(callee, arguments.front());
                if (peek().kind != TokenKind::comma) break;
                next();
            }
        }
        if (peek().kind != TokenKind::right_paren) {
            fail(ErrorKind::syntax, "Expected \",\" or \")\" in the call of " + in_quotes(callee.text) + " at column " +
                     std::to_string(peek().column) + ", but found " + describe_token(peek()) + ".",
                 peek().column);
        }
        next();
        if (callee.text == "percentile" && arguments.size() == 2) percent_as_percentage(arguments[1]);
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
    // A part of a compound unit ("W/K", "2 h"), which may not be a temperature scale with an offset: in "W/degC" or
    // "degC^2" the degree could only be a size of a difference, which K and degR are.
    static UnitValue in_compound(const UnitValue& part, const Node& compound) {
        if (part.offset == 0) return part;
        Error error{"A temperature scale with an offset (degC, °C, degF, °F) cannot be part of a compound unit, but one is at column " +
                 std::to_string(compound.column) + ": its zero is not zero kelvin, so W/degC or degC^2 has no one reading.",
             compound.column,
             "For a difference of one degree, write K (Celsius-sized: W/K, K/min) or degR (Fahrenheit-sized)."};
        error.kind = ErrorKind::temperature;
        fail(std::move(error));
    }

    // Units are plain numbers with dimensions: no ranges, variables or calls.
    UnitValue evaluate_unit(std::int32_t index) const {
        const Node& n = tree_.nodes[index];
        switch (n.kind) {
            case NodeKind::number: {
                UnitValue v{n.number, {}};
                v.factor_low = n.number_low;
                v.factor_high = n.number_high;
                return v;
            }
            case NodeKind::name:
                if (n.unit < 0) units_.fail_unknown_unit(n.text, n.column);
                return tree_.units[static_cast<std::size_t>(n.unit)];
            case NodeKind::negate: return unit_negation(in_compound(evaluate_unit(n.lhs), n));
            case NodeKind::multiply:
            case NodeKind::juxtapose:
            case NodeKind::divide: {
                const UnitValue a = in_compound(evaluate_unit(n.lhs), n);
                const UnitValue b = in_compound(evaluate_unit(n.rhs), n);
                if (n.kind == NodeKind::divide) return unit_quotient(a, b, n.column);
                return unit_product(a, b);
            }
            case NodeKind::power: {
                const UnitValue a = in_compound(evaluate_unit(n.lhs), n);
                const UnitValue e = evaluate_unit(n.rhs);
                if (!e.dimension.is_dimensionless()) fail(ErrorKind::dimension, "An exponent must be a plain number.", n.column);
                // The exponent is taken as the double it rounds to (the dimension's power is that double too);
                // unit exponents are small integers or halves, which doubles hold exactly.
                return unit_power(a, e.factor);
            }
            default:
                fail(ErrorKind::syntax, "A unit may hold only numbers, unit names, *, / and ^; found something else at column " +
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
    // Every parse pays this, so it allocates nothing for the usual handful of names (a line with more distinct
    // names than fit is left to the full scan, through has_calls), compares names by length before their text, and
    // leaves its arrays uninitialised (only the first `seen_count` entries are ever read).
    constexpr std::size_t kept = 32;
    const char* seen_data[kept];
    std::size_t seen_size[kept];
    std::size_t seen_count = 0;
    for (const Node& n : tree->nodes) {
        if (n.kind == NodeKind::call) tree->has_calls = true;
        if (n.kind != NodeKind::name || n.text.empty()) continue;
        std::size_t k = 0;
        while (k < seen_count && !(seen_size[k] == n.text.size() && std::memcmp(seen_data[k], n.text.data(), n.text.size()) == 0)) ++k;
        if (k == seen_count) {
            if (seen_count == kept) {
                tree->has_calls = true;
                continue;
            }
            seen_data[seen_count] = n.text.data();
            seen_size[seen_count++] = n.text.size();
        } else if (std::find(tree->repeated_names.begin(), tree->repeated_names.end(), n.text) == tree->repeated_names.end()) {
            tree->repeated_names.push_back(n.text);
        }
    }
    return tree;
}

namespace {

// The size of the unit expression at `root` of `text`, refused when no double can convert with it.
UnitValue usable_unit(const Parser& parser, std::int32_t root, std::string_view text) {
    const UnitValue unit = parser.evaluate_unit(root);
    // A subnormal size has lost its digits, and converting with it would lose the number's (found by fuzz_units).
    if (!std::isfinite(unit.factor) || std::abs(unit.factor) < std::numeric_limits<double>::min()) {
        fail(ErrorKind::domain, "The unit \"" + std::string(text) + "\" has no usable size (it is zero, too small for double precision or beyond it).");
    }
    return unit;
}

}  // namespace

UnitValue parse_unit(std::string_view text, const UnitRegistry& units) {
    SyntaxTree tree;
    tree.source.assign(text);
    Parser parser(tree, units);
    const std::int32_t root = parser.unit_expression();
    return usable_unit(parser, root, text);
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
        self(self, n.middle);
        for (std::int32_t k = 0; k < n.argument_count; ++k) self(self, tree.arguments[n.first_argument + k]);
        // A minus sign is no node's text: it is the "-" or "−" before its operand, spaces between.
        if (n.kind == NodeKind::negate && n.lhs >= 0) {
            const std::string_view operand = source_text(tree, n.lhs);
            if (operand.empty()) return;
            const char* p = operand.data();
            const char* const first = tree.source.data();
            while (p != first && p[-1] == ' ') --p;
            constexpr std::string_view minus_sign = "\u2212";
            if (p != first && p[-1] == '-') --p;
            else if (static_cast<std::size_t>(p - first) >= minus_sign.size() &&
                     std::string_view(p - minus_sign.size(), minus_sign.size()) == minus_sign) p -= minus_sign.size();
            else return;
            if (!begin || p < begin) begin = p;
        }
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
