// The planning functions beyond 6·N·D in the language (flop_per_token, mfu, hfu, time_from_throughput,
// time_from_utilization, chinchilla_tokens, chinchilla_params), checked against the figures their sources publish
// and against closed forms of each reading of a range.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "reference_models.hpp"

namespace ballpark {
namespace {

Quantity value_of(const std::string& text, Mode mode = Mode{}) {
    const auto q = evaluate(text, {}, EvaluationOptions{mode});
    EXPECT_TRUE(q) << text << ": " << q.error().sentence();
    return q ? *q : Quantity{};
}

Error error_of(const std::string& text, Mode mode = Mode{}) {
    const auto q = evaluate(text, {}, EvaluationOptions{mode});
    EXPECT_FALSE(q) << text;
    return q ? Error{} : q.error();
}

// PaLM 540B (Chowdhery et al. 2022, arXiv:2204.02311): 118 layers, 48 heads, attention head size 256 (Table 1 and
// its note), sequence length 2048; 238.3K tokens a second on 6144 TPU v4 chips of 275 TFLOP/s bf16 each
// (appendix B), which the paper reports as an MFU of 46.2%, and 45.7% without the attention term.
const std::string palm_throughput = "238.3e3 / 6144 / s";
const std::string palm_flop = "flop_per_token(540 billion, 118, 48, 256, 2048)";

TEST(ComputePlanning, FlopPerTokenAddsPalmsAttentionTerm) {
    const double expected = 6 * 540e9 + 12.0 * 118 * 48 * 256 * 2048;
    EXPECT_NEAR(value_of(palm_flop).central, expected, expected * 1e-12);
    // Ranges flow through: the term grows with the sequence length, so its ends give the bounds.
    const Quantity q = value_of("flop_per_token(540 billion, 118, 48, 256, 2048 to 8192)");
    EXPECT_NEAR(q.low, expected, expected * 1e-12);
    EXPECT_NEAR(q.high, 6 * 540e9 + 12.0 * 118 * 48 * 256 * 8192, 1e3);
}

TEST(ComputePlanning, PalmsModelFlopUtilization) {
    const Quantity with = value_of("mfu(" + palm_throughput + ", " + palm_flop + ", 275 TFLOP/s)");
    EXPECT_NEAR(with.central, 0.462, 0.0005);
    const Quantity without = value_of("mfu(" + palm_throughput + ", 6 FLOP * 540 billion, 275 TFLOP/s)");
    EXPECT_NEAR(without.central, 0.457, 0.0005);
    // The same figures through the accelerator table's TPU v4.
    EXPECT_NEAR(value_of("mfu(" + palm_throughput + ", " + palm_flop + ", peak(TPU_v4))").central, with.central, 1e-12);
}

TEST(ComputePlanning, HardwareUtilizationCountsRecomputedFlop) {
    // Recomputing every forward pass adds a third of the model's FLOP (2 of its 6 per parameter), so HFU is 4/3 of
    // MFU. GLM-130B (Zeng et al. 2022, arXiv:2210.02414) publishes HFU 43.3% and MFU 32.5%: 4/3 to their rounding.
    const std::string model = "6 FLOP * 130 billion";
    const std::string throughput = "(0.325 * 312 TFLOP/s / (" + model + "))";
    const Quantity mfu = value_of("mfu(" + throughput + ", " + model + ", 312 TFLOP/s)");
    const Quantity hfu = value_of("hfu(" + throughput + ", " + model + ", 2 FLOP * 130 billion, 312 TFLOP/s)");
    EXPECT_NEAR(mfu.central, 0.325, 1e-12);
    EXPECT_NEAR(hfu.central, 0.433, 0.0005);
    EXPECT_NEAR(hfu.central / mfu.central, 4.0 / 3.0, 1e-12);
}

TEST(ComputePlanning, UtilizationAboveOneHundredPercentIsRefused) {
    // The cluster's 238.3K tokens a second given as one chip's.
    const Error e = error_of("mfu(238.3e3 / s, " + palm_flop + ", 275 TFLOP/s)");
    EXPECT_EQ(e.kind, ErrorKind::domain);
    EXPECT_EQ(e.message.rfind("These figures imply a model FLOP utilization of 284000%, above 100%", 0), 0u) << e.message;
    EXPECT_NE(e.hint.find("for one accelerator"), std::string::npos) << e.hint;
    EXPECT_EQ(error_of("hfu(238.3e3 / s, " + palm_flop + ", 1 FLOP, 275 TFLOP/s)").kind, ErrorKind::domain);
}

TEST(ComputePlanning, ArgumentsOfTheWrongKindAreRefusedWithASentence) {
    EXPECT_EQ(error_of("mfu(38.8e3, " + palm_flop + ", 275 TFLOP/s)").message,
              "throughput (the first argument of \"mfu\") should be a rate such as 380/s (tokens a second on one "
              "accelerator), but 38.8e3 is a plain number.");
    EXPECT_EQ(error_of("flop_per_token(540 billion, 118, 48, 256, 0)").message,
              "seq_len (the fifth argument of \"flop_per_token\") should be a count of tokens such as 4096, above "
              "zero, but it is 0.");
    EXPECT_EQ(error_of("chinchilla_params(5.76e23)").message,
              "flop (the first argument of \"chinchilla_params\") should be a number of FLOP such as 5.76e23 FLOP, "
              "but 5.76e23 is a plain number.");
    const Error chip = error_of("mfu(" + palm_throughput + ", " + palm_flop + ", peak(TPU_v40))");
    EXPECT_NE(chip.hint.find("TPU v4"), std::string::npos) << chip.sentence();
}

TEST(ComputePlanning, LlamasDaysFromItsThroughput) {
    // LLaMA 65B (Touvron et al. 2023, arXiv:2302.13971, p. 4): 380 tokens a second per GPU on 2048 A100s, 1.4T
    // tokens, "approximately 21 days".
    const Quantity q = value_of("time_from_throughput(1.4 trillion, 380/s, 2048)");
    EXPECT_NEAR(q.central, 1.4e12 / (380.0 * 2048), 1e-3);
    EXPECT_NEAR(q.central / 86400, 21, 0.5);
    // A range of throughputs: the bounds are its ends, the 90% reading's percentiles its lognormal's.
    const double days = 1.4e12 / 2048 / 86400;
    const Quantity bounds = value_of("time_from_throughput(1.4 trillion, 350/s to 400/s, 2048) as day");
    EXPECT_NEAR(bounds.low / 86400, days / 400, 1e-9);
    EXPECT_NEAR(bounds.high / 86400, days / 350, 1e-9);
    const Quantity dist = value_of("time_from_throughput(1.4 trillion, 350/s to 400/s, 2048)", distribution_mode());
    EXPECT_NEAR(dist.central / 86400, days / std::sqrt(350.0 * 400), 1e-3 * days / 375);
    EXPECT_NEAR(dist.low / 86400, days / 400, 1e-3 * days / 400);
    EXPECT_NEAR(dist.high / 86400, days / 350, 1e-3 * days / 350);
}

TEST(ComputePlanning, TimeFromAUtilizationReadsItAsAFraction) {
    const double flop = 6 * 70e9 * 2e12, peak = 312e12, chips = 2048;
    const std::string text = "time_from_utilization(6 FLOP * 70 billion * 2 trillion, 312 TFLOP/s, 35% to 55%, 2048)";
    const Quantity bounds = value_of(text);
    EXPECT_NEAR(bounds.low, flop / (peak * 0.55 * chips), 1e-6);
    EXPECT_NEAR(bounds.high, flop / (peak * 0.35 * chips), 1e-6);
    EXPECT_NEAR(bounds.central, flop / (peak * 0.45 * chips), 1e-6);
    // In the 90% reading the utilization is the logit-normal through its ends, as gpu_hours reads it: its median is
    // the logistic of the mean of the ends' logits.
    const auto logit = [](double u) { return std::log(u / (1 - u)); };
    const double median_u = 1 / (1 + std::exp(-(logit(0.35) + logit(0.55)) / 2));
    const Quantity dist = value_of(text, distribution_mode());
    EXPECT_NEAR(dist.central, flop / (peak * median_u * chips), 1e-3 * dist.central);
    EXPECT_NEAR(dist.low, flop / (peak * 0.55 * chips), 1e-3 * dist.low);
    EXPECT_NEAR(dist.high, flop / (peak * 0.35 * chips), 1e-3 * dist.high);
    EXPECT_EQ(error_of("time_from_utilization(8.4e23 FLOP, 312 TFLOP/s, 45, 2048)").kind, ErrorKind::domain);
}

// Hoffmann et al. 2022 (Chinchilla, arXiv:2203.15556), Table 3: compute-optimal tokens for a model size, and the
// FLOP of the 1B and 67B rows.
struct ChinchillaRow {
    double params, tokens;
};
constexpr ChinchillaRow chinchilla_table[] = {
    {1e9, 20.2e9},     {10e9, 205.1e9},   {67e9, 1.5e12},    {175e9, 3.7e12},
    {280e9, 5.9e12},   {520e9, 11.0e12},  {1e12, 21.2e12},   {10e12, 216.2e12},
};

TEST(ComputePlanning, ChinchillaTokensAreTwentyAParameterWithinTheTable) {
    // The table's ratio runs from 20.2 to 21.6 tokens a parameter, and 22.4 at 67B, whose 1.5T has two figures.
    for (const ChinchillaRow& row : chinchilla_table) {
        const Quantity q = value_of("chinchilla_tokens(" + std::to_string(row.params) + ")");
        EXPECT_NEAR(q.central / row.tokens, 1, 0.11) << row.params;
    }
    // Close at the table's small end, where its ratio is 20.2.
    EXPECT_NEAR(value_of("chinchilla_tokens(1 billion)").central / 20.2e9, 1, 0.01);
}

TEST(ComputePlanning, ChinchillaParamsForABudget) {
    // 1.21e20 FLOP: 1 billion parameters; 5.76e23 FLOP: 67 billion.
    EXPECT_NEAR(value_of("chinchilla_params(1.21e20 FLOP)").central / 1e9, 1, 0.01);
    EXPECT_NEAR(value_of("chinchilla_params(5.76e23 FLOP)").central / 67e9, 1, 0.05);
    // Its closed form: 6 FLOP · N · 20 N = C.
    const Quantity q = value_of("chinchilla_params(1e23 FLOP to 4e23 FLOP)");
    EXPECT_NEAR(q.low, std::sqrt(1e23 / 120), 1);
    EXPECT_NEAR(q.high, std::sqrt(4e23 / 120), 1);
    const Quantity dist = value_of("chinchilla_params(1e23 FLOP to 4e23 FLOP)", distribution_mode());
    EXPECT_NEAR(dist.central, std::sqrt(2e23 / 120), 1e-3 * dist.central);
}

}  // namespace
}  // namespace ballpark
