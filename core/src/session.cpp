#include "ballpark/session.hpp"

#include <new>
#include <vector>

#include "caches.hpp"
#include "evaluator.hpp"
#include "interval.hpp"
#include "parser.hpp"
#include "quantity_conversion.hpp"

namespace ballpark {

struct Session::State {
    Globals<Interval> globals;
};

Session::Session() : state_(std::make_unique<State>()) {}
Session::~Session() = default;

Result<LineResult> Session::run(std::string_view line) noexcept {
    try {
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') return LineResult{};
        // Notebook lines are mostly unique, so they skip the per-thread cache.
        const auto tree = parse_statement(line, UnitRegistry::instance());
        const Statement& st = tree->statement;
        LineResult result;
        result.name = std::string(st.name);
        if (st.kind == Statement::Kind::function_definition) {
            result.kind = LineResult::Kind::function_definition;
            state_->globals.functions.insert_or_assign(std::string(st.name), tree);
            return result;
        }
        Evaluator<Interval> evaluator(&state_->globals, {});
        Value<Interval> value = evaluator.run(*tree);
        result.value = to_quantity(value);
        if (st.kind == Statement::Kind::assignment) {
            result.kind = LineResult::Kind::assignment;
            state_->globals.variables.insert_or_assign(std::string(st.name), std::move(value));
        } else {
            result.kind = LineResult::Kind::expression;
        }
        return result;
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::bad_alloc&) {
        return std::unexpected(Error{"Ran out of memory while evaluating this line.", 0, {}});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Internal error: ") + e.what() + ".", 0, {}});
    } catch (...) {
        return std::unexpected(Error{"Internal error of an unknown kind.", 0, {}});
    }
}

}  // namespace ballpark
