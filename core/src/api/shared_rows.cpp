#include "api/shared_rows.hpp"

#include <string>
#include <variant>
#include <vector>

#include "api/read_results.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "eval/mode_dispatch.hpp"
#include "ballpark/mode.hpp"
#include "units/unit_registry.hpp"
#include "values/quantity_conversion.hpp"

namespace ballpark::detail {

namespace {

// What the shared bindings left in a context of value type V: the context and their values.
template <ValueType V>
struct Prepared {
    typename V::Context context;
    std::vector<NamedValue<V>> values;
};

template <class>
struct PreparedOf;
template <ValueType... V>
struct PreparedOf<TypeList<V...>> {
    using type = std::variant<Prepared<V>...>;
};

}  // namespace

struct SharedRowsState {
    std::shared_ptr<const SyntaxTree> tree;
    std::vector<std::string> shared_names;
    bool correlated = false;
    // With a correlation, the shared bindings (their views live as long as the column's call), so that each row's
    // whole bindings are checked as evaluate() checks them (correlation_binding.hpp).
    std::vector<Binding> shared;
    PreparedOf<ModeValueTypes>::type prepared;
};

std::optional<SharedRows> SharedRows::prepare(std::string_view text, std::span<const Binding> shared, Mode mode) noexcept {
    try {
        // A mode that reads a text with each input used once in another value type decides by the whole bindings.
        if (mode_info(mode).inputs_once != mode || reads_recipes(shared)) return std::nullopt;
        // Units a text declares live in its own evaluation (evaluate_declaring), which this does not make.
        if (UnitRegistry::declaration_in(text)) return std::nullopt;
        auto state = std::make_shared<SharedRowsState>();
        state->tree = cached_statement(text);
        if (state->tree->statement.kind != Statement::Kind::expression) return std::nullopt;
        for (const Binding& b : shared) state->shared_names.emplace_back(b.name);
        state->correlated = correlation_binding(shared) != nullptr;
        if (state->correlated) state->shared.assign(shared.begin(), shared.end());
        with_value_type(mode, [&]<ValueType V>() {
            auto& p = state->prepared.template emplace<Prepared<V>>();
            p.values = read_bindings<V>(p.context, shared);
        });
        SharedRows out;
        out.state_ = std::move(state);
        return out;
    } catch (...) {
        return std::nullopt;
    }
}

std::optional<Quantity> SharedRows::row(std::span<const Binding> own) const noexcept {
    try {
        if (reads_recipes(own)) return std::nullopt;
        for (std::size_t k = 0; k < own.size(); ++k) {
            for (const std::string& name : state_->shared_names)
                if (name == own[k].name) return std::nullopt;
            for (std::size_t j = 0; j < k; ++j)
                if (own[j].name == own[k].name) return std::nullopt;
        }
        if (state_->correlated) {
            std::vector<Binding> whole = state_->shared;
            whole.insert(whole.end(), own.begin(), own.end());
            check_correlation_binding(whole);  // a refusal is evaluate()'s to give, with its row
        }
        return std::visit(
            [&]<ValueType V>(const Prepared<V>& p) -> std::optional<Quantity> {
                typename V::Context context = p.context;
                std::vector<NamedValue<V>> values;
                values.reserve(p.values.size() + own.size());
                values.insert(values.end(), p.values.begin(), p.values.end());
                for (const Binding& b : own) {
                    values.push_back({b.name, state_->correlated ? read_correlated<V>(context, b) : read_one<V>(context, b)});
                }
                Evaluator<V> evaluator(context, nullptr, values);
                return to_quantity(evaluator.run(*state_->tree));
            },
            state_->prepared);
    } catch (...) {
        return std::nullopt;
    }
}

}  // namespace ballpark::detail
