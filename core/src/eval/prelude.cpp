#include "eval/prelude.hpp"

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "language/parser.hpp"
#include "numeric/within_rounding.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

// 6 FLOP per parameter per token: 2 for the forward pass and 4 for the backward pass (Kaplan et al. 2020,
// "Scaling Laws for Neural Language Models", section 2.1). For a mixture-of-experts model, params is the number
// of parameters active per token.
constexpr std::string_view prelude_text[] = {
    "gpu_hours(params, tokens, peak, utilization) = 6 FLOP * params * tokens / (peak * utilization)",
    "training_flop(params, tokens, flop_per_param_token) = flop_per_param_token * params * tokens",
    "implied_util(gpu_hours, params, tokens, peak) = 6 FLOP * params * tokens / (gpu_hours * peak)",
};

}  // namespace

const StringMap<std::shared_ptr<const SyntaxTree>>& prelude_functions() {
    static const StringMap<std::shared_ptr<const SyntaxTree>> functions = [] {
        StringMap<std::shared_ptr<const SyntaxTree>> out;
        for (std::string_view line : prelude_text) {
            auto tree = parse_statement(line, UnitRegistry::instance());
            out.emplace(std::string(tree->statement.name), std::move(tree));
        }
        return out;
    }();
    return functions;
}

const SyntaxTree* find_prelude_function(std::string_view name) {
    const auto& functions = prelude_functions();
    auto it = functions.find(name);
    return it == functions.end() ? nullptr : it->second.get();
}

void check_prelude_result(const SyntaxTree& body, double central, int column) {
    if (&body != find_prelude_function("implied_util")) return;
    // No run computes faster than its hardware's peak, so above 100% the inputs disagree with each other. 100% is
    // allowed up to the rounding of the division that gives it.
    if (!(central > 1) || within_rounding(central, 1)) return;
    fail(ErrorKind::domain,
         "These figures imply a utilization of " + format_number(central * 100, 3) + "%, above 100%: no run is faster than its hardware's peak.",
         column, "Check that gpu_hours is in hours (not millions of hours) and that peak is for one chip.");
}

}  // namespace ballpark
