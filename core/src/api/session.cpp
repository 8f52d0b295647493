#include "ballpark/session.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>
#include <vector>

#include "ballpark/format.hpp"
#include "ballpark/text.hpp"
#include "api/binding_texts.hpp"
#include "eval/caches.hpp"
#include "eval/correlated_reading.hpp"
#include "eval/evaluator.hpp"
#include "eval/mode_dispatch.hpp"
#include "language/parser.hpp"
#include "language/suggest.hpp"
#include "values/distribution/correlation.hpp"
#include "values/quantity_conversion.hpp"
#include "values/sensitivity.hpp"
#include "api/correlation_statement.hpp"
#include "api/read_inputs.hpp"
#include "api/tornado_from.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

// What a session holds for one value type: the context its inputs live in, and its names.
// "u: fraction = 35 to 55" is refused as a pair "u: fraction" is in the add-in (declared_expectation): the value
// is checked in the reading it was computed in, and a sentence about it points at the declaration.
template <ValueType V>
void check_declared(const SyntaxTree& tree, const Value<V>& value) {
    const Statement& st = tree.statement;
    Result<const Expectation*> expected = declared_expectation(st.name, st.declaration);
    try {
        if (!expected) fail(std::move(expected.error()));
        // The right side as typed, for the sentence: from after the "=" that follows the declaration.
        const std::string_view source = tree.source;
        std::string_view typed = source.substr(static_cast<std::size_t>(st.declaration.data() - source.data()) + st.declaration.size());
        typed.remove_prefix(std::min(typed.size(), typed.find('=') + 1));
        typed.remove_prefix(std::min(typed.size(), typed.find_first_not_of(" \t")));
        // Up to the end of the expression, before any comment.
        const std::string_view root = source_text(tree, st.root);
        const char* end = root.data() + root.size();
        if (end >= typed.data() && end <= typed.data() + typed.size()) typed = typed.substr(0, static_cast<std::size_t>(end - typed.data()));
        const Binding b{st.name, Input{typed}};
        detail::check_expected<V>(b, detail::End{b.value, *expected}, value);
    } catch (const ErrorException& e) {
        Error error = e.error();
        error.column = st.declaration_column;
        throw ErrorException(std::move(error));
    }
}

// `correlation(a, b) = r` parses as the definition of a function named correlation; the name is taken for it.
bool is_correlation(const SyntaxTree& tree) {
    return tree.statement.kind == Statement::Kind::function_definition && tree.statement.name == "correlation";
}

// A correlation statement as typed, for a sentence: without spaces around it or a comment after it.
std::string_view statement_text(const SyntaxTree& tree) {
    std::string_view text = std::string_view(tree.source);
    text = text.substr(0, text.find('#'));
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// Whether the tree reads the variable `name` (a parameter of that name is another thing).
bool uses_name(const SyntaxTree& tree, std::string_view name) {
    const auto& params = tree.statement.parameters;
    if (std::find(params.begin(), params.end(), name) != params.end()) return false;
    return std::any_of(tree.nodes.begin(), tree.nodes.end(),
                       [&](const Node& n) { return n.kind == NodeKind::name && n.text == name; });
}

template <ValueType V>
struct Scope {
    typename V::Context context;
    Globals<V> globals;
    // The 90% reading keeps the correlations in its context, where its inputs are made; every other reading
    // checks them the same way and has no use for them: guaranteed bounds hold for any dependence between the
    // inputs, and a tornado moves one input at a time.
    Correlations correlations;

    Correlations& stated() {
        if constexpr (CorrelatedReading<V>) return context.correlations;
        else return correlations;
    }

    // `correlation(a, b) = r`, or `correlation(a, b, c) = [1, r_ab, r_ac; r_ab, 1, r_bc; r_ac, r_bc, 1]`.
    LineResult correlate(const SyntaxTree& tree) {
        Evaluator<V> evaluator(context, &globals, {});
        const CorrelationStatement stated_here =
            read_correlation_statement(tree, [&](std::int32_t root) { return to_quantity(evaluator.run_node(tree, root)); });
        const int column = tree.nodes[static_cast<std::size_t>(tree.statement.root)].column;
        LineResult result;
        result.kind = LineResult::Kind::correlation;
        result.name = "correlation";
        if (stated_here.pair) {
            const double r = stated_here.matrix[1];
            stated().state(stated_here.names[0], stated_here.names[1], r, column);
            result.value = Quantity{};
            result.value->low = result.value->central = result.value->high = r;
            return result;
        }
        stated().state(stated_here.names, stated_here.matrix, column);
        return result;
    }

    // A value that reads a correlated name is computed only when every name its correlations join it with is
    // defined: computed before, it would hold the name independent of an input that is never made (a misspelt
    // "prcie" for "price"). Through the user functions it calls too. A correlation may come before its names, so
    // this is where a name no line defines is found.
    void check_correlated_reads(const SyntaxTree& tree) {
        const Correlations& c = stated();
        if (c.empty()) return;
        std::vector<const SyntaxTree*> pending{&tree};
        std::vector<const SyntaxTree*> seen{&tree};
        while (!pending.empty()) {
            const SyntaxTree& t = *pending.back();
            pending.pop_back();
            const bool body = t.statement.kind == Statement::Kind::function_definition;
            for (const Node& n : t.nodes) {
                if (n.kind == NodeKind::call) {
                    const auto f = globals.functions.find(n.text);
                    if (f != globals.functions.end() && std::find(seen.begin(), seen.end(), f->second.get()) == seen.end()) {
                        seen.push_back(f->second.get());
                        pending.push_back(f->second.get());
                    }
                }
                if (n.kind != NodeKind::name || n.unit_position) continue;
                const auto& params = t.statement.parameters;
                if (body && std::find(params.begin(), params.end(), n.text) != params.end()) continue;
                for (const Correlations::Pair& p : c.pairs()) {
                    // A correlation of 0 (a matrix's zeros) drops nothing if its other name is never defined.
                    if ((p.a != n.text && p.b != n.text) || p.rank == 0) continue;
                    const std::string& other = p.a == n.text ? p.b : p.a;
                    if (globals.variables.find(other) != globals.variables.end()) continue;
                    std::vector<std::string_view> defined;
                    for (const auto& [name, value] : globals.variables) defined.push_back(name);
                    const std::string reader = tree.statement.kind == Statement::Kind::assignment
                                                   ? in_quotes(tree.statement.name)
                                                   : std::string("the expression");
                    fail(ErrorKind::unknown_name, "A correlation joins " + std::string(n.text) + " with " + in_quotes(other) +
                             ", but no line above defines " + in_quotes(other) + ", so " + reader + ", which reads " +
                             std::string(n.text) + ", cannot hold the correlation.",
                         &t == &tree ? n.column : 0,
                         did_you_mean(near_names(other, defined)) +
                             (near_names(other, defined).empty() ? "" : " ") + "Correlate a defined input, or define " + other +
                             " as a range above this line.");
                }
            }
        }
    }

    // Runs a parsed statement; defines what it names.
    LineResult run(const std::shared_ptr<const SyntaxTree>& tree) {
        const Statement& st = tree->statement;
        if (is_correlation(*tree)) return correlate(*tree);
        LineResult result;
        result.name = std::string(st.name);
        if (st.kind == Statement::Kind::function_definition) {
            result.kind = LineResult::Kind::function_definition;
            globals.functions.insert_or_assign(std::string(st.name), tree);
            return result;
        }
        check_correlated_reads(*tree);
        Evaluator<V> evaluator(context, &globals, {});
        Value<V> value = [&] {
            if (st.kind == Statement::Kind::assignment && stated().involves(st.name)) return defined_correlated(*tree, evaluator);
            return definition(*tree, evaluator);
        }();
        if (!st.declaration.empty()) check_declared(*tree, value);
        result.value = to_quantity(value);
        if (st.kind == Statement::Kind::assignment) {
            result.kind = LineResult::Kind::assignment;
            globals.variables.insert_or_assign(std::string(st.name), std::move(value));
        } else {
            result.kind = LineResult::Kind::expression;
        }
        return result;
    }

    // A statement's value. In the 90% reading a range declared a fraction (`u: fraction = 35% to 55%`) is a
    // logit-normal through its ends (Evaluator::run_fraction), so that it has no mass above 1 or below 0; a
    // tornado that reads percentiles takes its median.
    Value<V> definition(const SyntaxTree& tree, Evaluator<V>& evaluator) {
        if constexpr (FractionReading<V>) {
            const Statement& st = tree.statement;
            if (!st.declaration.empty()) {
                const Result<const Expectation*> expected = declared_expectation(st.name, st.declaration);
                if (expected && (*expected)->sign == Expectation::Sign::fraction) return evaluator.run_fraction(tree);
            }
        }
        return evaluator.run(tree);
    }

    // A name with a correlation: its definition must make exactly one input from numbers and units, in every
    // reading, so that a statement the 90% reading would refuse is refused in the others too. An uncertain name it
    // also read would carry uncertainty the correlation does not cover. The 90% reading defines it with its input's
    // normal score correlated with the others' (Distribution::normal_score); the other readings have no use for
    // the correlation and define it as any other name.
    Value<V> defined_correlated(const SyntaxTree& tree, Evaluator<V>& evaluator) {
        const Statement& st = tree.statement;
        for (const Node& n : tree.nodes) {
            if (n.kind != NodeKind::name) continue;
            const auto it = globals.variables.find(n.text);
            if (it != globals.variables.end() && !it->second.number.is_point()) {
                fail(ErrorKind::argument, in_quotes(st.name) + " has a correlation, so its definition must be one range or distribution "
                         "of plain numbers, but it also uses the uncertain " + in_quotes(n.text) + ".",
                     n.column, "Correlate " + std::string(n.text) + " itself, or define " + std::string(st.name) + " without it.");
            }
        }
        auto [value, made] = [&] {
            if constexpr (CorrelatedReading<V>) {
                return context.define_correlated(st.name, [&] { return definition(tree, evaluator); });
            } else {
                Value<V> defined = definition(tree, evaluator);
                const bool uncertain = to_quantity(defined).is_range();
                return std::pair{std::move(defined), uncertain};
            }
        }();
        if (!made) {
            fail(ErrorKind::argument, in_quotes(st.name) + " has a correlation, so it must be an uncertain input (" + detail::uncertain_input_kinds() + "), but its definition makes none.",
                 tree.nodes[static_cast<std::size_t>(st.root)].column);
        }
        return std::move(value);
    }
};

// The rest of a line after a leading keyword and a space ("mode dist", "tornado x * y"), if it starts so.
std::optional<std::string_view> after_keyword(std::string_view line, std::string_view keyword) {
    const std::size_t first = line.find_first_not_of(" \t");
    line.remove_prefix(first);
    if (!line.starts_with(keyword) || line.size() == keyword.size()) return std::nullopt;
    if (line[keyword.size()] != ' ' && line[keyword.size()] != '\t') return std::nullopt;
    return line.substr(keyword.size() + 1);
}

// An error about the expression after a keyword (after_keyword's result, a view into `line`), its column counted
// from the start of the line, which has the keyword before the expression.
Error from_line_start(Error e, std::string_view line, std::string_view expression) {
    if (e.column > 0) e.column += static_cast<int>(expression.data() - line.data());
    return e;
}

// "mode dist": the notebook line that switches how ranges are read for the rest of the document.
std::optional<std::string_view> mode_line(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    line.remove_prefix(first);
    if (!line.starts_with("mode ") && !line.starts_with("mode\t")) return std::nullopt;
    line.remove_prefix(5);
    const std::size_t begin = line.find_first_not_of(" \t");
    const std::size_t end = line.find_last_not_of(" \t\r");
    if (begin == std::string_view::npos) return std::string_view{};
    return line.substr(begin, end - begin + 1);
}

// A value in declared base units is shown in them by name ("50 token/s"); the formatter, which knows only the
// built-in table, would otherwise have no words for them.
void name_declared_dimensions(Quantity& value, const UnitRegistry& units) {
    if (value.unit || !UnitRegistry::has_user_dimension(value.dimension)) return;
    value.unit = std::make_shared<const DisplayUnit>(DisplayUnit{units.base_units_text(value.dimension, false), 1.0, value.dimension});
}

void name_declared_dimensions(std::optional<Quantity>& value, const UnitRegistry& units) {
    if (value) name_declared_dimensions(*value, units);
}

// A scope for each mode's value type, one of which a session holds at a time.
template <class List>
struct ScopeOfEach;
template <class... V>
struct ScopeOfEach<TypeList<V...>> {
    using type = std::variant<Scope<V>...>;
};

}  // namespace

struct Session::State {
    EvaluationOptions options;
    ScopeOfEach<ModeValueTypes>::type scope;
    // Every statement that defined a name, so a change of mode can define them again in the new reading.
    std::vector<std::shared_ptr<const SyntaxTree>> definitions;
    // The units this session declared, over the built-in ones; null until the first `unit` line, so a session that
    // declares none reads names exactly as the one-line API does.
    std::unique_ptr<UnitRegistry> declared;

    const UnitRegistry& units() const { return declared ? *declared : UnitRegistry::instance(); }

    void reset_scope() {
        with_value_type(options.mode, [&]<ValueType V>() { scope.template emplace<Scope<V>>(); });
    }

    void replay() {
        reset_scope();
        for (const auto& tree : definitions) std::visit([&](auto& s) { s.run(tree); }, scope);
    }

    // A pair of names stated by an earlier correlation, with the same number or another, is refused naming both
    // statements: the later one silently winning would drop the other.
    void refuse_restated(const SyntaxTree& tree) const {
        const auto& names = tree.statement.parameters;
        for (const auto& earlier : definitions) {
            if (!is_correlation(*earlier)) continue;
            const auto& before = earlier->statement.parameters;
            const auto has = [&](std::string_view n) { return std::find(before.begin(), before.end(), n) != before.end(); };
            for (std::size_t i = 0; i < names.size(); ++i) {
                for (std::size_t j = i + 1; j < names.size(); ++j) {
                    if (names[i] == names[j] || !has(names[i]) || !has(names[j])) continue;
                    fail(ErrorKind::argument, "Each pair of inputs has one correlation, but " + in_quotes(statement_text(tree)) +
                             " states the one of " + std::string(names[i]) + " and " + std::string(names[j]) + " again: " +
                             in_quotes(statement_text(*earlier)) + " above states it already.",
                         1, "Keep the statement you mean and delete the other (in an interactive session, start again).");
                }
            }
        }
    }

    // A name not defined yet may be defined later, but one that differs only in case, or by a letter or two, from
    // a name that is defined is a slip: refused at once, with the defined name.
    void refuse_near_names(const SyntaxTree& tree) const {
        std::vector<std::string_view> defined;
        std::visit([&](auto& s) { for (const auto& [name, value] : s.globals.variables) defined.push_back(name); }, scope);
        for (const std::string_view name : tree.statement.parameters) {
            if (std::find(defined.begin(), defined.end(), name) != defined.end()) continue;
            const std::vector<std::string> near = near_names(name, defined);
            if (near.empty()) continue;
            fail(ErrorKind::unknown_name, "A correlation names inputs, but " + in_quotes(name) + " in " + in_quotes(statement_text(tree)) +
                     " is not defined, while " + in_quotes(near.front()) + " is.",
                 1, did_you_mean(near) + " If " + std::string(name) + " is another input, define it above this line.");
        }
    }

    // A correlation goes among the definitions before the first of its names that is defined already (at the
    // end when none is), so that their inputs are made correlated, and the definitions from there on run again.
    // A name another definition has used since is refused: that definition's value, printed already, was
    // computed with the name independent.
    LineResult correlate(const std::shared_ptr<const SyntaxTree>& tree) {
        const Statement& st = tree->statement;
        refuse_restated(*tree);
        refuse_near_names(*tree);
        std::size_t at = definitions.size();
        for (const std::string_view name : st.parameters) {
            std::size_t i = definitions.size();
            for (std::size_t k = 0; k < definitions.size(); ++k) {
                const Statement& d = definitions[k]->statement;
                if (d.kind == Statement::Kind::assignment && d.name == name) i = k;
            }
            if (i == definitions.size()) continue;
            for (std::size_t k = i + 1; k < definitions.size(); ++k) {
                const SyntaxTree& later = *definitions[k];
                if (is_correlation(later) || !uses_name(later, name)) continue;
                fail(ErrorKind::argument, "A correlation of " + std::string(name) + " must come before " + std::string(name) +
                         " is used, but the definition of " +
                         in_quotes(later.statement.name) + " above uses it, with " + std::string(name) + " independent.",
                     1, "Move the correlation above the definition of " + std::string(later.statement.name) + ".");
            }
            at = std::min(at, i);
        }
        if (at == definitions.size()) {
            LineResult result = std::visit([&](auto& s) { return s.run(tree); }, scope);
            definitions.push_back(tree);
            return result;
        }
        // Checked in a scope of its own first, so that a refused correlation leaves the session as it was.
        auto with = definitions;
        with.insert(with.begin() + static_cast<std::ptrdiff_t>(at), tree);
        LineResult result;
        with_value_type(options.mode, [&]<ValueType V>() {
            Scope<V> trial;
            for (const auto& d : with) {
                LineResult r = trial.run(d);
                if (d == tree) result = std::move(r);
            }
        });
        definitions = std::move(with);
        replay();
        return result;
    }
};

Session::Session(const EvaluationOptions& options) : state_(std::make_unique<State>()) {
    state_->options = options;
    state_->reset_scope();
}
Session::~Session() = default;

Mode Session::mode() const noexcept { return state_->options.mode; }

Result<LineResult> Session::run(std::string_view line) noexcept {
    return capture_errors([&]() -> Result<LineResult> {
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') return LineResult{};
        const ActiveUnits active(state_->declared.get());
        if (auto declaration = UnitRegistry::declaration_in(line)) {
            if (!state_->declared) state_->declared = UnitRegistry::layer_over(UnitRegistry::instance());
            const int column = static_cast<int>(declaration->data() - line.data()) + 1;
            // A variable or function of the same name would hide the unit (names are looked up before units).
            // Checked before declaring, so a refused line leaves the session's units as they were; declare() too
            // changes nothing when it refuses.
            const std::size_t start = declaration->find_first_not_of(" \t");
            const std::string_view word = declaration->substr(start, declaration->find_first_of(" \t[=", start) - start);
            const bool is_variable = std::visit(
                [&](auto& scope) { return scope.globals.variables.contains(word) || scope.globals.functions.contains(word); },
                state_->scope);
            if (is_variable) {
                fail(ErrorKind::name_taken, "The unit " + in_quotes(word) + " at column " + std::to_string(column + static_cast<int>(start)) +
                         " would be hidden by the variable or function of that name defined above; choose another name "
                         "for the unit.",
                     column + static_cast<int>(start));
            }
            std::string name = state_->declared->declare(*declaration, column);
            LineResult result;
            result.kind = LineResult::Kind::empty;
            result.name = std::move(name);
            return result;
        }
        if (auto name = mode_line(line)) {
            auto mode = parse_mode(*name);
            if (!mode) return std::unexpected(mode.error());
            state_->options.mode = *mode;
            // The names defined so far are defined again, so later lines can use them in the new reading.
            state_->replay();
            LineResult result;
            result.kind = LineResult::Kind::mode;
            result.name = std::string(mode_name(*mode));
            return result;
        }
        if (auto expression = after_keyword(line, "histogram")) {
            LineResult result;
            result.kind = LineResult::Kind::histogram;
            auto h = histogram(*expression);
            if (!h) return std::unexpected(from_line_start(std::move(h.error()), line, *expression));
            result.histogram = std::move(*h);
            return result;
        }
        if (auto expression = after_keyword(line, "tornado")) {
            LineResult result;
            result.kind = LineResult::Kind::tornado;
            auto t = tornado(*expression);
            if (!t) return std::unexpected(from_line_start(std::move(t.error()), line, *expression));
            result.tornado = std::move(*t);
            return result;
        }
        // Notebook lines are mostly unique, so they skip the per-thread cache.
        const auto tree = parse_statement(line, state_->units());
        if (is_correlation(*tree)) return state_->correlate(tree);
        LineResult result = std::visit([&](auto& scope) { return scope.run(tree); }, state_->scope);
        name_declared_dimensions(result.value, state_->units());
        if (result.kind == LineResult::Kind::assignment || result.kind == LineResult::Kind::function_definition) {
            state_->definitions.push_back(tree);
        }
        return result;
    });
}

Result<Tornado> Session::tornado(std::string_view expression) noexcept {
    return capture_errors([&]() -> Result<Tornado> {
        const ActiveUnits active(state_->declared.get());
        Scope<Sensitivity> scope;
        scope.context.mode = state_->options.mode;
        for (const auto& tree : state_->definitions) {
            const std::size_t before = scope.context.inputs.size();
            scope.run(tree);
            if (tree->statement.kind != Statement::Kind::assignment) continue;
            // A name given to one new range labels it: "utilization" reads better than "35% to 55%".
            const auto& value = scope.globals.variables.find(tree->statement.name)->second;
            const auto& swings = value.number.swings();
            if (swings.size() == 1 && swings.front().input >= before) {
                scope.context.inputs[swings.front().input].label = std::string(tree->statement.name);
            }
        }
        const auto tree = parse_statement(expression, state_->units());
        if (tree->statement.kind != Statement::Kind::expression) {
            fail(ErrorKind::argument, "A tornado needs an expression, but " + in_quotes(expression) + " defines a name.");
        }
        scope.check_correlated_reads(*tree);
        Evaluator<Sensitivity> evaluator(scope.context, &scope.globals, {});
        Tornado t = tornado_from(evaluator.run(*tree), scope.context);
        // Formatted after this returns, where the session's units are no longer active: the quantities carry the
        // declared names in their units ("token", not the placeholder of a user dimension).
        name_declared_dimensions(t.central, state_->units());
        for (TornadoBar& bar : t.bars) {
            name_declared_dimensions(bar.at_low, state_->units());
            name_declared_dimensions(bar.at_high, state_->units());
        }
        return t;
    });
}

Quantity Session::evaluate_in(Mode mode, const SyntaxTree& tree) const {
    return with_value_type(mode, [&]<ValueType V>() {
        Scope<V> scope;
        for (const auto& definition : state_->definitions) scope.run(definition);
        scope.check_correlated_reads(tree);
        Evaluator<V> evaluator(scope.context, &scope.globals, {});
        Quantity q = to_quantity(evaluator.run(tree));
        name_declared_dimensions(q, state_->units());
        return q;
    });
}

// The expression in the first reading of guaranteed bounds, from the session's definitions in that reading. A
// definition that reading refuses (a declared fraction whose bounds pass 1 while its 90% reading does not) is the
// expression's refusal only when the expression reads it, directly or through a definition or function that does;
// the other definitions are run without it.
Quantity Session::bounds_of(const SyntaxTree& tree) const {
    return with_value_type(first_mode_with(Ends::bounds), [&]<ValueType V>() {
        Scope<V> scope;
        std::vector<std::pair<std::string_view, Error>> refused;
        const auto refusal_read_by = [&](const SyntaxTree& t) -> const Error* {
            for (const auto& [name, error] : refused) {
                const bool called = std::any_of(t.nodes.begin(), t.nodes.end(),
                                                [&](const Node& n) { return n.kind == NodeKind::call && n.text == name; });
                if (called || uses_name(t, name)) return &error;
            }
            return nullptr;
        };
        for (const auto& definition : state_->definitions) {
            const Statement& st = definition->statement;
            const bool names = st.kind == Statement::Kind::assignment || st.kind == Statement::Kind::function_definition;
            if (const Error* error = refusal_read_by(*definition)) {
                if (names) {
                    scope.globals.variables.erase(std::string(st.name));
                    scope.globals.functions.erase(std::string(st.name));
                    refused.emplace_back(st.name, *error);
                }
                continue;
            }
            try {
                scope.run(definition);
            } catch (const ErrorException& e) {
                if (!names) throw;
                scope.globals.variables.erase(std::string(st.name));
                refused.emplace_back(st.name, e.error());
            }
        }
        if (const Error* error = refusal_read_by(tree)) throw ErrorException(*error);
        Evaluator<V> evaluator(scope.context, &scope.globals, {});
        Quantity q = to_quantity(evaluator.run(tree));
        name_declared_dimensions(q, state_->units());
        return q;
    });
}

Result<Histogram> Session::histogram(std::string_view expression) noexcept {
    return capture_errors([&]() -> Result<Histogram> {
        const ActiveUnits active(state_->declared.get());
        const auto tree = parse_statement(expression, state_->units());
        if (tree->statement.kind != Statement::Kind::expression) {
            fail(ErrorKind::argument, "A histogram needs an expression, but " + in_quotes(expression) + " defines a name.");
        }
        Histogram h;
        h.result = evaluate_in(mode_info(state_->options.mode).percentiles_in, *tree);
        auto bins = histogram_bins(h.result, histogram_bin_count);
        if (!bins) fail(std::move(bins.error()));
        h.bins = std::move(*bins);
        // The guaranteed bounds where that reading has them: a normal(...) input, or a name defined by one, has none
        // (needs_distribution), nor has a text printed by the 90% reading (mixed_readings), and an infinite bound
        // bounds nothing worth printing. Any other refusal of the bounds (a limit, a divisor that may be zero) is
        // the statement's error, with its sentence: the picture would leave out what it cannot draw without a word.
        try {
            Quantity bounds = bounds_of(*tree);
            if (std::isfinite(bounds.low) && std::isfinite(bounds.high)) h.bounds = std::move(bounds);
        } catch (const ErrorException& e) {
            const ErrorKind kind = e.error().kind;
            if (kind != ErrorKind::needs_distribution && kind != ErrorKind::mixed_readings) throw;
        }
        return h;
    });
}

}  // namespace ballpark
