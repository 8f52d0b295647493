// A column of models (ballpark/column.hpp). Each aggregate over rows becomes a recipe (linked.hpp) that reads one
// recipe per row, and the text goes on with a name bound to it in the aggregate's place: evaluating recipes
// keeps every plain input one input however many rows read it, so the shared inputs stay shared, and the rows'
// own inputs stay apart because each row's binding carries its row.
#include "ballpark/column.hpp"

#include <deque>
#include <optional>
#include <string>

#include "api/compiled_texts.hpp"
#include "api/shared_rows.hpp"
#include "ballpark/text.hpp"
#include "eval/caches.hpp"
#include "language/syntax_tree.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

template <class T>
T need(Result<T> result) {
    if (!result) throw ErrorException(std::move(result.error()));
    return std::move(*result);
}

bool is_aggregate(std::string_view name) { return name == "sum" || name == "max" || name == "min" || name == "mean"; }

// An aggregate over rows found in a text: where it is (bytes, from its name to one past its ")"), which function,
// and the texts of its arguments.
struct AggregateCall {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::string callee;
    std::vector<std::string> arguments;
};

// A text with each aggregate over rows replaced by a name bound to the aggregate's recipe.
struct Rewritten {
    std::string text;
    std::vector<Binding> aggregates;
    bool reads_columns = false;  // whether it reads a column outside the aggregates: a column of results
};

class Columns {
public:
    Columns(std::span<const Binding> shared, std::span<const ColumnInput> columns, Mode mode)
        : shared_(shared), columns_(columns), mode_(mode) {}

    std::size_t rows() const { return columns_.empty() ? 0 : columns_.front().rows.size(); }
    std::size_t row_number(std::size_t k) const { return columns_.front().rows[k].row; }

    // The bindings of one row (or of none: `row` empty): the shared ones, the aggregates, and the row's own.
    std::vector<Binding> bindings(std::span<const Binding> aggregates, std::optional<std::size_t> row) const {
        std::vector<Binding> out;
        bindings(out, aggregates, row);
        return out;
    }

    // The same into `out`, which a loop over the rows reuses: the shared bindings and the aggregates stay where
    // the previous row left them, and only the row's own are written.
    void bindings(std::vector<Binding>& out, std::span<const Binding> aggregates, std::optional<std::size_t> row) const {
        const std::size_t before = shared_.size() + aggregates.size();
        if (!row || out.size() != before + columns_.size()) {
            out.assign(shared_.begin(), shared_.end());
            out.insert(out.end(), aggregates.begin(), aggregates.end());
            if (!row) return;
            out.resize(before + columns_.size(), Binding{{}, 0.0});
        }
        for (std::size_t c = 0; c < columns_.size(); ++c) out[before + c] = columns_[c].rows[*row];
    }

    Rewritten rewrite(std::string_view text) {
        const auto tree = cached_statement(text);
        Rewritten out;
        if (tree->statement.kind != Statement::Kind::expression) {
            // Not an expression: its evaluation says so.
            out.text = std::string(text);
            return out;
        }
        std::vector<AggregateCall> calls;
        find(*tree, tree->statement.root, calls, out.reads_columns);
        const std::string& source = tree->source;
        std::size_t at = 0;
        for (const AggregateCall& call : calls) {
            out.text.append(source, at, call.begin - at);
            const std::string& name = names_.emplace_back(fresh_name(source));
            out.text += "(" + name + ")";
            at = call.end;
            out.aggregates.push_back(Binding{name, kept_.emplace_back(aggregate(call)).get()});
        }
        out.text.append(source, at, std::string::npos);
        return out;
    }

    // After an evaluation over aggregates failed: the error of the first row that fails alone, named by its row.
    std::optional<Error> bad_row() const {
        for (const auto& [recipe, row] : row_recipes_) {
            auto q = evaluate(*recipe);
            if (!q) return row_error(row, std::move(q.error()));
        }
        return std::nullopt;
    }

    static Error row_error(std::size_t row, Error e) {
        found_in(e, ErrorPlace{ErrorPlace::What::row, {}, {}, static_cast<int>(row)});
        e.column = 0;
        e.row = static_cast<int>(row);
        return e;
    }

private:
    bool is_column(std::string_view name) const {
        for (const ColumnInput& c : columns_)
            if (c.name == name) return true;
        return false;
    }

    bool mentions_column(const SyntaxTree& t, std::int32_t i) const {
        if (i < 0) return false;
        const Node& n = t.nodes[static_cast<std::size_t>(i)];
        if (n.kind == NodeKind::name && is_column(n.text)) return true;
        if (mentions_column(t, n.lhs) || mentions_column(t, n.rhs) || mentions_column(t, n.middle)) return true;
        if (n.kind == NodeKind::call) {
            for (std::int32_t k = 0; k < n.argument_count; ++k)
                if (mentions_column(t, t.arguments[static_cast<std::size_t>(n.first_argument + k)])) return true;
        }
        return false;
    }

    // The outermost aggregates over rows under node i, in the order of the text; `reads` set when a column is
    // read outside them.
    void find(const SyntaxTree& t, std::int32_t i, std::vector<AggregateCall>& calls, bool& reads) const {
        if (i < 0) return;
        const Node& n = t.nodes[static_cast<std::size_t>(i)];
        if (n.kind == NodeKind::name && is_column(n.text)) reads = true;
        if (n.kind == NodeKind::call && is_aggregate(n.text) && mentions_column(t, i)) {
            calls.push_back(call_at(t, n));
            return;
        }
        find(t, n.lhs, calls, reads);
        find(t, n.middle, calls, reads);
        find(t, n.rhs, calls, reads);
        if (n.kind == NodeKind::call) {
            for (std::int32_t k = 0; k < n.argument_count; ++k)
                find(t, t.arguments[static_cast<std::size_t>(n.first_argument + k)], calls, reads);
        }
        std::ranges::sort(calls, {}, &AggregateCall::begin);
    }

    // The call's span and argument texts, from its name to the bracket that closes its own.
    static AggregateCall call_at(const SyntaxTree& t, const Node& n) {
        const std::string& s = t.source;
        AggregateCall call;
        call.callee = std::string(n.text);
        call.begin = static_cast<std::size_t>(n.text.data() - s.data());
        std::size_t p = call.begin + n.text.size();
        while (p < s.size() && s[p] != '(') ++p;
        int depth = 0;
        std::size_t start = p + 1;
        for (; p < s.size(); ++p) {
            const char c = s[p];
            if (c == '(' || c == '[') ++depth;
            if (c == ')' || c == ']') --depth;
            if (depth == 0 || (depth == 1 && (c == ',' || c == ';'))) {
                call.arguments.push_back(s.substr(start, p - start));
                start = p + 1;
                if (depth == 0) break;
            }
        }
        call.end = p + 1;
        return call;
    }

    std::string fresh_name(std::string_view text) const {
        for (int k = static_cast<int>(names_.size()) + 1;; ++k) {
            std::string name = "over_rows_" + std::to_string(k);
            bool taken = text.find(name) != std::string_view::npos;
            for (const Binding& b : shared_) taken = taken || b.name == name;
            for (const ColumnInput& c : columns_) taken = taken || c.name == name;
            if (!taken) return name;
        }
    }

    RecipeRef recipe(const std::string& text, std::span<const Binding> bindings) const {
        RecipeRef made = need(expression_recipe(text, bindings, {}, mode_));
        if (!made) fail(ErrorKind::declared_units_unread, "A text that declares its own units cannot be reduced over the rows of a column.");
        return made;
    }

    // The aggregate's recipe: its terms are the rows of each argument that reads a column, and each other
    // argument once.
    RecipeRef aggregate(const AggregateCall& call) {
        std::vector<RecipeRef> terms;
        std::vector<std::string> labels;
        for (std::size_t a = 0; a < call.arguments.size(); ++a) {
            Rewritten inner = rewrite(call.arguments[a]);
            if (!inner.reads_columns) {
                terms.push_back(recipe(inner.text, bindings(inner.aggregates, std::nullopt)));
                labels.push_back("Argument " + std::to_string(a + 1) + " of " + in_quotes(call.callee));
                continue;
            }
            for (std::size_t k = 0; k < rows(); ++k) {
                terms.push_back(recipe(inner.text, bindings(inner.aggregates, k)));
                labels.push_back("Row " + std::to_string(row_number(k)) + " of the columns");
                row_recipes_.emplace_back(terms.back(), row_number(k));
            }
        }
        std::vector<Binding> named;
        for (std::size_t k = 0; k < terms.size(); ++k) named.push_back(Binding{labels[k], terms[k].get()});
        if (call.callee == "sum" || call.callee == "mean") {
            RecipeRef total = need(sum_recipe(named, {}, mode_));
            if (call.callee == "sum") return total;
            const Binding over[] = {Binding{"total", total.get()}, Binding{"count", static_cast<double>(terms.size())}};
            return recipe("total / count", over);
        }
        // max and min pairwise, so that no text grows with the rows.
        const std::string pair = call.callee + "(a, b)";
        while (terms.size() > 1) {
            std::vector<RecipeRef> next;
            for (std::size_t k = 0; k + 1 < terms.size(); k += 2) {
                const Binding both[] = {Binding{"a", terms[k].get()}, Binding{"b", terms[k + 1].get()}};
                next.push_back(recipe(pair, both));
            }
            if (terms.size() % 2 == 1) next.push_back(terms.back());
            terms = std::move(next);
        }
        return terms.front();
    }

    std::span<const Binding> shared_;
    std::span<const ColumnInput> columns_;
    Mode mode_;
    std::deque<std::string> names_;  // the aggregates' names; a deque, so each stays where it is
    std::deque<RecipeRef> kept_;
    std::vector<std::pair<RecipeRef, std::size_t>> row_recipes_;  // the rows the aggregates read, with their rows
};

}  // namespace

Result<ColumnResult> evaluate_column(std::string_view expression, std::span<const Binding> shared,
                                     std::span<const ColumnInput> columns, std::string_view unit, Mode mode,
                                     bool with_recipes) noexcept {
    return capture_errors([&]() -> Result<ColumnResult> {
        for (const ColumnInput& c : columns) {
            if (c.rows.size() != columns.front().rows.size()) {
                fail(ErrorKind::argument, "The columns differ in length: " + in_quotes(columns.front().name) + " has " +
                         std::to_string(columns.front().rows.size()) + " rows, but " + in_quotes(c.name) + " has " +
                         std::to_string(c.rows.size()) + ".",
                     0, "Give every name that is a column the same rows.");
            }
        }
        Columns over(shared, columns, mode);
        // The units a text declares live in its own evaluation, which no recipe keeps: such a text is evaluated
        // row by row, and its aggregates are the language's functions of one row.
        Rewritten top;
        if (UnitRegistry::declaration_in(expression)) {
            top.text = std::string(expression);
            top.reads_columns = !columns.empty();
        } else {
            top = over.rewrite(expression);
        }
        const bool rewritten = !top.aggregates.empty();
        EvaluationOptions options;
        options.mode = mode;
        ColumnResult out;
        out.is_column = top.reads_columns && over.rows() > 0;
        std::vector<Binding> bindings;
        // The rows bind the same names in the same order: the text's program is found once (compiled_texts.hpp).
        std::optional<detail::CompiledText> compiled;
        // Prepared at the first row that the program does not evaluate; empty inside when it cannot be.
        std::optional<std::optional<detail::SharedRows>> shared_rows;
        const auto one = [&](std::optional<std::size_t> row) {
            over.bindings(bindings, top.aggregates, row);
            if (!compiled) {
                compiled = detail::CompiledText::find(top.text, bindings, mode);
                // The shared names and the aggregates come first and are the same in every row.
                if (row && over.rows() > 1) compiled = compiled->for_rows(bindings, bindings.size() - columns.size());
            }
            std::optional<Quantity> fast = compiled->evaluate(bindings);
            if (!fast && row && over.rows() > 1 && top.aggregates.empty()) {
                // No program for this reading: the shared bindings are read once for all the rows (shared_rows.hpp).
                const std::size_t fixed = bindings.size() - columns.size();
                if (!shared_rows) shared_rows = detail::SharedRows::prepare(top.text, std::span(bindings).first(fixed), mode);
                if (*shared_rows) fast = (*shared_rows)->row(std::span(bindings).subspan(fixed));
            }
            auto q = !fast           ? evaluate_in(top.text, bindings, unit, options)
                     : unit.empty() ? Result<Quantity>(std::move(*fast))
                                    : express_in(*fast, unit);
            if (!q) {
                if (rewritten) {
                    if (auto bad = over.bad_row()) fail(std::move(*bad));
                    q.error().column = 0;
                }
                if (row) fail(Columns::row_error(over.row_number(*row), std::move(q.error())));
                fail(std::move(q.error()));
            }
            out.values.push_back(std::move(*q));
            if (with_recipes) out.recipes.push_back(need(expression_recipe(top.text, bindings, unit, mode)));
        };
        if (!out.is_column) {
            one(std::nullopt);
        } else {
            out.values.reserve(over.rows());
            for (std::size_t k = 0; k < over.rows(); ++k) one(k);
        }
        return out;
    });
}

}  // namespace ballpark
