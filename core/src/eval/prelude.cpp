#include "eval/prelude.hpp"

#include <iterator>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/text.hpp"
#include "eval/dimension_hint.hpp"
#include "language/parser.hpp"
#include "numeric/within_rounding.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

std::string count_hint(const Dimension& found) {
    if (found == Dimension::of(BaseDimension::information)) {
        return "B is the byte, so \"70B\" is 70 byte; write a count as 70 billion or 70e9.";
    }
    return "Write a count as a plain number: 70 billion, 2 trillion or 70e9.";
}

struct ParameterRule {
    std::string_view name;
    std::string_view unit;  // of the dimension it must have; empty: a plain number
    std::string_view wanted;
    Expectation::Sign sign;
    int least = 0;  // above zero, a rule may also ask for a least value (a PUE is at least 1); 0: none
};

// Counts, peaks, hours and FLOP per parameter-token are all above zero: zero or less would give an answer of zero,
// a negative number or infinity instead of an error. A utilization of 35 is almost always 35% typed without the
// sign; it is caught before it gives 1/100 of the hours.
constexpr ParameterRule parameter_rules[] = {
    {"params", "", "a count such as 70 billion or 70e9", Expectation::Sign::positive},
    {"tokens", "", "a count such as 2 trillion or 2e12", Expectation::Sign::positive},
    {"peak", "FLOP/s", "a compute rate such as 312 TFLOP/s or peak(A100)", Expectation::Sign::positive},
    {"utilization", "", "a fraction such as 0.35 or 35%", Expectation::Sign::fraction},
    {"gpu_hours", "hour", "a time such as 1.7 million hour", Expectation::Sign::positive},
    {"flop_per_param_token", "FLOP", "a number of FLOP such as 6 FLOP", Expectation::Sign::positive},
    {"layers", "", "a count such as 80", Expectation::Sign::positive},
    {"heads", "", "a count such as 64", Expectation::Sign::positive},
    {"head_size", "", "a count such as 128", Expectation::Sign::positive},
    {"seq_len", "", "a count of tokens such as 4096", Expectation::Sign::positive},
    {"throughput", "Hz", "a rate such as 380/s (tokens a second on one accelerator)", Expectation::Sign::positive},
    {"model_flop_per_token", "FLOP", "a number of FLOP such as 6 FLOP * 70 billion", Expectation::Sign::positive},
    {"recomputed_flop_per_token", "FLOP", "a number of FLOP such as 2 FLOP * 70 billion", Expectation::Sign::positive},
    {"accelerators", "", "a count such as 2048", Expectation::Sign::positive},
    {"flop", "FLOP", "a number of FLOP such as 5.76e23 FLOP", Expectation::Sign::positive},
    {"accelerator_power", "W", "a power such as 400 W or power(A100)", Expectation::Sign::positive},
    // A power usage effectiveness is the power a data centre draws over what its computers draw, so never below 1.
    {"pue", "", "a power usage effectiveness such as 1.1", Expectation::Sign::positive, 1},
    {"energy", "kWh", "an energy such as 450 MWh", Expectation::Sign::positive},
    {"grid_intensity", "kg/kWh", "a mass per energy such as 0.385 kg/kWh", Expectation::Sign::positive},
};

struct Rules {
    std::vector<Expectation> expectations;
    std::vector<int> least;  // each expectation's least value, in the same order
    Rules() {
        for (const ParameterRule& r : parameter_rules) {
            least.push_back(r.least);
            Expectation e;
            e.name = r.name;
            e.wanted = r.wanted;
            e.dimension = r.unit.empty() ? Dimension{} : parse_unit(r.unit, UnitRegistry::instance()).dimension;
            e.sign = r.sign;
            if (r.unit.empty() && r.sign != Expectation::Sign::fraction) e.dimension_hint = &count_hint;
            if (r.sign == Expectation::Sign::fraction) e.above_one_hint = "Write 35% or 0.35 for thirty-five percent.";
            expectations.push_back(e);
        }
    }
};

const Rules& rules() {
    static const Rules made;
    return made;
}

// The least value of a rule of the table (0: none); a copy of a rule, as a sheet function's slot, has none.
int least_of(const Expectation& rule) {
    const auto& all = rules().expectations;
    if (all.empty() || &rule < all.data() || &rule >= all.data() + all.size()) return 0;
    return rules().least[static_cast<std::size_t>(&rule - all.data())];
}

std::string ordinal(std::size_t n) {
    static constexpr std::string_view words[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
    return n < std::size(words) ? std::string(words[n]) : std::to_string(n + 1) + "th";
}

// 6 FLOP per parameter per token: 2 for the forward pass and 4 for the backward pass (Kaplan et al. 2020,
// "Scaling Laws for Neural Language Models", section 2.1). For a mixture-of-experts model, params is the number
// of parameters active per token.
//
// flop_per_token adds the attention's products of queries with keys and of weights with values, 12 FLOP per layer,
// head, head dimension and position of the sequence (Chowdhery et al. 2022, PaLM, arXiv:2204.02311, appendix B:
// 6N + 12LHQT), written as 6 FLOP · (N + 2LHQT) so that one product carries a unit instead of five. mfu and hfu are the model and hardware FLOP utilizations from a measured throughput, tokens a
// second on one accelerator (the same appendix): hfu also counts the FLOP of recomputed activations.
// time_from_throughput and time_from_utilization are a run's time on a cluster, leaving out what the throughput
// or utilization does not hold (downtime, restarts, repeated steps).
//
// chinchilla_tokens is the compute-optimal number of training tokens for a model size, about 20 a parameter, and
// chinchilla_params the compute-optimal size for a budget of 6·N·D FLOP at that ratio, N = sqrt(C / 120 FLOP)
// (Hoffmann et al. 2022, Chinchilla, arXiv:2203.15556, Table 3: 20.2 to 22.4 tokens a parameter from 1 billion to
// 10 trillion parameters).
//
// training_energy is accelerator-hours × power per accelerator × PUE, and emissions that energy × the grid's
// carbon intensity (Touvron et al. 2023, LLaMA, arXiv:2302.13971, section 6: 400 W per A100, PUE 1.1, 0.385 kg
// CO2eq per kWh).
constexpr std::string_view prelude_text[] = {
    "gpu_hours(params, tokens, peak, utilization) = 6 FLOP * params * tokens / (peak * utilization)",
    "training_flop(params, tokens, flop_per_param_token) = flop_per_param_token * params * tokens",
    "implied_util(gpu_hours, params, tokens, peak) = 6 FLOP * params * tokens / (gpu_hours * peak)",
    "flop_per_token(params, layers, heads, head_size, seq_len) = 6 FLOP * (params + 2 * layers * heads * head_size * seq_len)",
    "mfu(throughput, model_flop_per_token, peak) = throughput * model_flop_per_token / peak",
    "hfu(throughput, model_flop_per_token, recomputed_flop_per_token, peak) = throughput * (model_flop_per_token + recomputed_flop_per_token) / peak",
    "time_from_throughput(tokens, throughput, accelerators) = tokens / (throughput * accelerators)",
    "time_from_utilization(flop, peak, utilization, accelerators) = flop / (peak * utilization * accelerators)",
    "chinchilla_tokens(params) = 20 * params",
    "chinchilla_params(flop) = sqrt(flop / (120 FLOP))",
    "training_energy(gpu_hours, accelerator_power, pue) = gpu_hours * accelerator_power * pue",
    "emissions(energy, grid_intensity) = energy * grid_intensity",
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

const Expectation* planning_parameter_rule(std::string_view parameter) noexcept {
    for (const Expectation& e : rules().expectations)
        if (e.name == parameter) return &e;
    return nullptr;
}

bool is_prelude_function(const SyntaxTree& body) { return &body == find_prelude_function(body.statement.name); }

const Expectation* prelude_argument_rule(const SyntaxTree& body, std::size_t index) {
    if (!is_prelude_function(body) || index >= body.statement.parameters.size()) return nullptr;
    return planning_parameter_rule(body.statement.parameters[index]);
}

bool keeps_rule(const Expectation& rule, const Dimension& dimension, double low, double high, double slack) {
    if (rule.dimension && dimension != *rule.dimension) return false;
    if (rule.sign == Expectation::Sign::any) return true;
    if (!(low > 0)) return false;
    // A distribution's draws reach past its 5th and 95th percentiles, so there a least value refuses only a value
    // wholly below it (a PUE of 0.1 to 0.2); the bounds readings refuse any end below it.
    if (const int least = least_of(rule); least > 0) return (slack > 0 ? high : low) >= least;
    // 100% is 100 times the enclosure of 0.01, whose outward rounding puts its high end an ulp above 1: an end
    // within the rounding of 1 is 1 (within_rounding.hpp), a fraction.
    return rule.sign == Expectation::Sign::positive || high <= 1 + slack || within_rounding(high, 1);
}

void fail_prelude_argument(const SyntaxTree& body, std::size_t index, const Dimension& dimension, double high,
                           std::string_view shown, int column) {
    const Expectation& rule = *prelude_argument_rule(body, index);
    const std::string what = std::string(rule.name) + " (the " + ordinal(index) + " argument of " +
                             in_quotes(body.statement.name) + ") should be " + std::string(rule.wanted);
    if (rule.dimension && dimension != *rule.dimension) {
        const std::string found = dimension.is_dimensionless() ? "a plain number" : "of dimension " + dimension_name(dimension);
        fail(dimension_error(what + ", but " + std::string(shown) + " is " + found + ".", column, &rule, dimension));
    }
    if (const int least = least_of(rule); least > 0) {
        fail(ErrorKind::domain, what + ", at least " + std::to_string(least) + ", but it is " + std::string(shown) + ".", column);
    }
    if (rule.sign == Expectation::Sign::positive) {
        fail(ErrorKind::domain, what + ", above zero, but it is " + std::string(shown) + ".", column);
    }
    fail(ErrorKind::domain, what + ", above 0 and at most 1, but it is " + std::string(shown) + ".", column,
         high > 1 ? std::string(rule.above_one_hint) : std::string{});
}

void check_prelude_result(const SyntaxTree& body, double central, int column) {
    // No run computes faster than its hardware's peak, so a utilization above 100% says the inputs disagree with
    // each other. 100% is allowed up to the rounding of the division that gives it.
    struct Bounded {
        std::string_view function, what, hint;
    };
    static constexpr Bounded bounded[] = {
        {"implied_util", "a utilization", "Check that gpu_hours is in hours (not millions of hours) and that peak is for one chip."},
        {"mfu", "a model FLOP utilization", "Check that throughput is for one accelerator (not the whole cluster) and that peak is for one chip."},
        {"hfu", "a hardware FLOP utilization", "Check that throughput is for one accelerator (not the whole cluster) and that peak is for one chip."},
    };
    for (const Bounded& b : bounded) {
        if (body.statement.name != b.function || &body != find_prelude_function(b.function)) continue;
        if (!(central > 1) || within_rounding(central, 1)) return;
        fail(ErrorKind::domain,
             "These figures imply " + std::string(b.what) + " of " + format_number(central * 100, 3) +
                 "%, above 100%: no run is faster than its hardware's peak.",
             column, std::string(b.hint));
    }
}

}  // namespace ballpark
