#include "ballpark/session.hpp"

#include <variant>
#include <vector>

#include "ballpark/text.hpp"
#include "caches.hpp"
#include "evaluator.hpp"
#include "mode_dispatch.hpp"
#include "parser.hpp"
#include "quantity_conversion.hpp"
#include "sensitivity.hpp"
#include "tornado_from.hpp"

namespace ballpark {
namespace {

// What a session holds for one value type: the context its inputs live in, and its names.
template <ValueType V>
struct Scope {
    typename V::Context context;
    Globals<V> globals;

    // Runs a parsed statement; defines what it names.
    LineResult run(const std::shared_ptr<const SyntaxTree>& tree) {
        const Statement& st = tree->statement;
        LineResult result;
        result.name = std::string(st.name);
        if (st.kind == Statement::Kind::function_definition) {
            result.kind = LineResult::Kind::function_definition;
            globals.functions.insert_or_assign(std::string(st.name), tree);
            return result;
        }
        Evaluator<V> evaluator(context, &globals, {});
        Value<V> value = evaluator.run(*tree);
        result.value = to_quantity(value);
        if (st.kind == Statement::Kind::assignment) {
            result.kind = LineResult::Kind::assignment;
            globals.variables.insert_or_assign(std::string(st.name), std::move(value));
        } else {
            result.kind = LineResult::Kind::expression;
        }
        return result;
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

}  // namespace

struct Session::State {
    EvaluationOptions options;
    std::variant<Scope<AffineBounds>, Scope<Interval>, Scope<Distribution>> scope;
    // Every statement that defined a name, so a change of mode can define them again in the new reading.
    std::vector<std::shared_ptr<const SyntaxTree>> definitions;

    void reset_scope() {
        with_value_type(options.mode, [&]<ValueType V>() { scope.template emplace<Scope<V>>(); });
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
        if (auto name = mode_line(line)) {
            auto mode = parse_mode(*name);
            if (!mode) return std::unexpected(mode.error());
            state_->options.mode = *mode;
            state_->reset_scope();
            // The names defined so far are defined again, so later lines can use them in the new reading.
            for (const auto& tree : state_->definitions) {
                std::visit([&](auto& scope) { scope.run(tree); }, state_->scope);
            }
            LineResult result;
            result.kind = LineResult::Kind::mode;
            result.name = std::string(mode_name(*mode));
            return result;
        }
        if (auto expression = after_keyword(line, "tornado")) {
            LineResult result;
            result.kind = LineResult::Kind::tornado;
            auto t = tornado(*expression);
            if (!t) {
                Error e = t.error();
                // Columns count from the start of the line, which has "tornado " before the expression.
                if (e.column > 0) e.column += static_cast<int>(expression->data() - line.data());
                return std::unexpected(std::move(e));
            }
            result.tornado = std::move(*t);
            return result;
        }
        // Notebook lines are mostly unique, so they skip the per-thread cache.
        const auto tree = parse_statement(line, UnitRegistry::instance());
        LineResult result = std::visit([&](auto& scope) { return scope.run(tree); }, state_->scope);
        if (result.kind == LineResult::Kind::assignment || result.kind == LineResult::Kind::function_definition) {
            state_->definitions.push_back(tree);
        }
        return result;
    });
}

Result<Tornado> Session::tornado(std::string_view expression) noexcept {
    return capture_errors([&]() -> Result<Tornado> {
        Scope<Sensitivity> scope;
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
        const auto tree = parse_statement(expression, UnitRegistry::instance());
        if (tree->statement.kind != Statement::Kind::expression) {
            fail("A tornado needs an expression, but " + in_quotes(expression) + " defines a name.");
        }
        Evaluator<Sensitivity> evaluator(scope.context, &scope.globals, {});
        return tornado_from(evaluator.run(*tree), scope.context);
    });
}

}  // namespace ballpark
