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
    // Shapes: model(Llama_3_8B, layers) and the like give them.
    {"layers", "", "a count such as 32 or model(Llama_3_8B, layers)", Expectation::Sign::positive},
    {"hidden", "", "a width such as 4096 or model(Llama_3_8B, hidden)", Expectation::Sign::positive},
    {"heads", "", "a count such as 32 or model(Llama_3_8B, heads)", Expectation::Sign::positive},
    {"kv_heads", "", "a count such as 8 or model(Llama_3_8B, kv_heads)", Expectation::Sign::positive},
    {"head_size", "", "a width such as 128 or model(Llama_3_8B, head_size)", Expectation::Sign::positive},
    {"context", "", "a number of tokens such as 8192", Expectation::Sign::positive},
    {"prompt_tokens", "", "a number of tokens such as 2000", Expectation::Sign::positive},
    // Training layout: sequence length, micro-batch, tensor-parallel size, data-parallel ranks.
    {"seq", "", "a number of tokens such as 2048", Expectation::Sign::positive},
    {"batch", "", "a number of sequences such as 1 or 8", Expectation::Sign::positive},
    {"tp", "", "a tensor-parallel size such as 8 (1 for none)", Expectation::Sign::positive},
    {"ranks", "", "a number of data-parallel ranks such as 64", Expectation::Sign::positive},
    // Bytes a parameter or a value takes (2 B for bf16), and memory held or read.
    {"weight_bytes", "B", "bytes a parameter such as 2 B (bf16)", Expectation::Sign::positive},
    {"grad_bytes", "B", "bytes a parameter such as 2 B (bf16)", Expectation::Sign::positive},
    {"optimizer_bytes", "B", "bytes a parameter such as 12 B (Adam in fp32)", Expectation::Sign::positive},
    {"bytes_per_value", "B", "bytes a value such as 2 B (bf16)", Expectation::Sign::positive},
    {"held", "B", "an amount of memory such as 1120 GB", Expectation::Sign::positive},
    {"memory", "B", "an amount of memory such as 80 GB or memory(H100)", Expectation::Sign::positive},
    {"weights", "B", "an amount of memory such as 16 GB", Expectation::Sign::positive},
    {"kv_per_sequence", "B", "an amount of memory such as 1 GiB", Expectation::Sign::positive},
    {"bandwidth", "B/s", "a memory bandwidth such as 3.35 TB/s or bandwidth(H100)", Expectation::Sign::positive},
    {"usable", "", "a fraction such as 0.9 or 90%", Expectation::Sign::fraction},
    {"efficiency", "", "a fraction such as 0.6 or 60%", Expectation::Sign::fraction},
    {"tokens_per_second", "1/s", "a rate such as 2000 / s", Expectation::Sign::positive},
    {"price", "$/hour", "a price per accelerator-hour such as 2 $/hour", Expectation::Sign::positive},
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

    // Memory to train. Model states: params bytes each of weights, gradients and optimizer states (mixed-precision
    // Adam: 2 + 2 + 12), whole and sharded over the data-parallel ranks by ZeRO stage 1 (optimizer states), 2 (and
    // gradients) and 3 (and weights) (Rajbhandari et al. 2020, "ZeRO", arXiv:1910.02054, section 5 and figure 1).
    // params is every parameter (a mixture of experts' total): memory holds them all.
    "model_states(params, weight_bytes, grad_bytes, optimizer_bytes) = params * (weight_bytes + grad_bytes + optimizer_bytes)",
    "zero1_states(params, weight_bytes, grad_bytes, optimizer_bytes, ranks) = params * (weight_bytes + grad_bytes + optimizer_bytes / ranks)",
    "zero2_states(params, weight_bytes, grad_bytes, optimizer_bytes, ranks) = params * (weight_bytes + (grad_bytes + optimizer_bytes) / ranks)",
    "zero3_states(params, weight_bytes, grad_bytes, optimizer_bytes, ranks) = params * (weight_bytes + grad_bytes + optimizer_bytes) / ranks",
    // Activations one transformer layer keeps for its backward pass, 16-bit, in bytes (Korthikanti et al. 2022,
    // "Reducing Activation Recomputation in Large Transformer Models", arXiv:2205.05198, Table 2): saving all,
    // with tensor parallelism, with tensor and sequence parallelism, with selective recomputation (tensor and
    // sequence parallel), and with full recomputation (only the layer's input).
    "activations(seq, batch, hidden, heads) = 1 B * seq * batch * hidden * (34 + 5 * heads * seq / hidden)",
    "activations_tp(seq, batch, hidden, heads, tp) = 1 B * seq * batch * hidden * (10 + 24 / tp + 5 * heads * seq / (hidden * tp))",
    "activations_tp_sp(seq, batch, hidden, heads, tp) = 1 B * seq * batch * hidden / tp * (34 + 5 * heads * seq / hidden)",
    "activations_selective(seq, batch, hidden, tp) = 34 B * seq * batch * hidden / tp",
    "activations_full(seq, batch, hidden) = 2 B * seq * batch * hidden",
    // Accelerators whose memory (the usable share of it) holds bytes, unrounded.
    "accelerators_to_hold(held, memory, usable) = held / (memory * usable)",
    // Serving. FLOP per generated token: 2 a parameter active per token, plus attention over the context: the
    // forward third of PaLM's 6N + 12·L·H·Q·T (Chowdhery et al. 2022, arXiv:2204.02311, appendix B).
    "decode_flop(params, layers, heads, head_size, context) = 2 FLOP * params + 4 FLOP * layers * heads * head_size * context",
    // Key and value for every layer and key/value head (grouped-query attention caches kv_heads, not heads).
    "kv_cache(layers, kv_heads, head_size, bytes_per_value) = 2 * layers * kv_heads * head_size * bytes_per_value",
    "kv_cache_sequence(layers, kv_heads, head_size, bytes_per_value, context) = 2 * layers * kv_heads * head_size * bytes_per_value * context",
    "sequences_that_fit(memory, weights, kv_per_sequence) = (memory - weights) / kv_per_sequence",
    // Memory-bound decode: each step reads the weights once and each sequence's cache, and gives a token for each
    // sequence of the batch; efficiency is the share of the bandwidth reached (kipply, "Transformer Inference
    // Arithmetic", 2022; about 0.5 to 0.7 measured, llmfit).
    "decode_rate(bandwidth, weights, kv_per_sequence, batch, efficiency) = batch * efficiency * bandwidth / (weights + batch * kv_per_sequence)",
    // Prefill: 2 FLOP a parameter active per token for each prompt token, at a utilization of the peak.
    "prefill_time(params, prompt_tokens, peak, utilization) = 2 FLOP * params * prompt_tokens / (peak * utilization)",
    "cost_per_million_tokens(price, tokens_per_second) = price * 1 million / tokens_per_second",
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
    if (&body == find_prelude_function("sequences_that_fit")) {
        // Memory left for the cache after the weights: none left is not a count of sequences.
        if (central > 0) return;
        fail(ErrorKind::domain,
             "The weights take all of the memory, and more: no sequence fits beside them (" + format_number(central, 3) + " sequences).",
             column, "Check that memory is for all the accelerators that hold the weights, or shard the weights over more.");
    }
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
