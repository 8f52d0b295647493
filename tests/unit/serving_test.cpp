// The prelude's serving formulas (core/src/eval/prelude.cpp): FLOP per generated token, the key/value cache
// through the key/value heads, sequences beside the weights, memory-bound decode, prefill and the cost of a
// million tokens, each against its closed form computed here and a published figure where there is one.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "testing.hpp"

namespace ballpark {
namespace {

Quantity in_mode(std::string_view expression, std::string_view unit, Mode mode = Mode{}) {
    EvaluationOptions options;
    options.mode = mode;
    auto q = evaluate_in(expression, {}, unit, options);
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return {};
    }
    return *q;
}

double in(std::string_view expression, std::string_view unit) {
    const Quantity q = in_mode(expression, unit);
    return value_in(q, unit, Part::central).value_or(NAN);
}

// Llama 3 8B's figures from the model table, as an expression writes them.
constexpr std::string_view llama3_8b_cache =
    "kv_cache(model(Llama_3_8B, layers), model(Llama_3_8B, kv_heads), model(Llama_3_8B, head_size), 2 B)";

TEST(KvCache, Llama3_8BCachesOneHundredTwentyEightKibibytesAToken) {
    // shared/reference/planning-formulas.md: 32 layers, 8 key/value heads, head size 128, bf16: 128 KiB a token.
    EXPECT_DOUBLE_EQ(in(llama3_8b_cache, "KiB"), 128);
}

TEST(KvCache, GroupedQueryAttentionCachesTheKeyValueHeadsNotAllHeads) {
    // Llama 2 70B: 80 layers, 64 query heads, 8 key/value heads: its 4,096-token sequence in bf16 is
    // 2 x 80 x 8 x 128 x 2 x 4096 bytes, an eighth of what 64 heads would cache.
    const double grouped = in("kv_cache_sequence(80, 8, 128, 2 B, 4096)", "B");
    EXPECT_DOUBLE_EQ(grouped, 2.0 * 80 * 8 * 128 * 2 * 4096);
    EXPECT_DOUBLE_EQ(in("kv_cache_sequence(80, 64, 128, 2 B, 4096)", "B") / grouped, 8);
}

TEST(DecodeFlop, TwoAParameterPlusAttentionOverTheContext) {
    // 2N + 4·L·H·Q·T, the forward third of PaLM's 6N + 12·L·H·Q·T: Llama 3 8B at 8,192 tokens of context.
    EXPECT_DOUBLE_EQ(in("decode_flop(8 billion, 32, 32, 128, 8192)", "FLOP"), 2 * 8e9 + 4.0 * 32 * 32 * 128 * 8192);
    // A mixture of experts computes on its active parameters: Mixtral's 12.9 billion, not 46.7.
    EXPECT_DOUBLE_EQ(in("decode_flop(model(Mixtral_8x7B, active_params), 32, 32, 128, 1)", "FLOP"),
                     2 * 12.9e9 + 4.0 * 32 * 32 * 128);
}

TEST(SequencesThatFit, TheMemoryLeftAfterTheWeightsOverTheCacheOfOne) {
    // 80 GB, 16 GB of bf16 weights (8B parameters), 1 GiB a sequence (8,192 tokens at 128 KiB).
    EXPECT_DOUBLE_EQ(in("sequences_that_fit(memory(H100), 16 GB, 8192 * 128 KiB)", ""), 64e9 / (8192.0 * 131072));
}

TEST(SequencesThatFit, WeightsLargerThanTheMemoryAreASentence) {
    const std::string sentence = testing::sentence_of("sequences_that_fit(80 GB, 140 GB, 1 GiB)");
    EXPECT_NE(sentence.find("no sequence fits beside them"), std::string::npos) << sentence;
}

TEST(DecodeRate, BandwidthOverTheBytesReadForEachStep) {
    // One sequence: 3.35 TB/s over 16 GB of weights and 1 GB of cache, all of the bandwidth reached.
    EXPECT_DOUBLE_EQ(in("decode_rate(bandwidth(H100), 16 GB, 1 GB, 1, 100%)", "1/s"), 3.35e12 / 17e9);
    // A batch of 8 reads the weights once a step and gives 8 tokens, at 60% of the bandwidth.
    EXPECT_NEAR(in("decode_rate(3.35 TB/s, 16 GB, 1 GB, 8, 60%)", "1/s"), 8 * 0.6 * 3.35e12 / (16e9 + 8e9), 1e-9);
}

TEST(DecodeRate, AnEfficiencyRangeGivesItsEndsInBothReadings) {
    // Linear in the efficiency: its ends (bounds) and its 5th and 95th percentiles (90%) map to the rate's.
    for (Mode mode : {Mode::bounds, Mode::distribution}) {
        const Quantity q = in_mode("decode_rate(3.35 TB/s, 16 GB, 1 GB, 1, 50% to 70%)", "1/s", mode);
        EXPECT_NEAR(q.low / (0.5 * 3.35e12 / 17e9), 1, 1e-6);
        EXPECT_NEAR(q.high / (0.7 * 3.35e12 / 17e9), 1, 1e-6);
    }
}

TEST(PrefillTime, TwoFlopAParameterForEachPromptToken) {
    EXPECT_NEAR(in("prefill_time(8 billion, 2000, peak(H100), 50%)", "s"), 2 * 8e9 * 2000 / (989e12 * 0.5), 1e-15);
}

TEST(CostPerMillionTokens, ThePriceOfTheHoursAMillionTokensTake) {
    // $2 an hour at 1,000 tokens a second: a million tokens take 1,000 s, 5/18 of an hour.
    EXPECT_NEAR(in("cost_per_million_tokens(2 $/hour, 1000 / s)", "$"), 2.0 * 1e6 / (1000 * 3600), 1e-12);
}

TEST(ServingWorkedExample, Llama3_8BOnOneH100) {
    // docs/beyond-training-hours.md, "Serving": 16 GB of bf16 weights, 1 GiB a 8,192-token sequence, 80 GB and
    // 3.35 TB/s (the H100's datasheet), a batch of 32 at 50% to 70% of the bandwidth, $2.50 an accelerator-hour.
    const std::string weights = "2 B * model(Llama_3_8B, total_params)";
    const std::string cache = "kv_cache_sequence(32, 8, 128, 2 B, 8192)";
    const std::string rate = "decode_rate(bandwidth(H100), " + weights + ", " + cache + ", 32, 50% to 70%)";
    const double gib = 1024.0 * 1024 * 1024;
    EXPECT_DOUBLE_EQ(in(cache, "GiB"), 1);
    EXPECT_DOUBLE_EQ(in("sequences_that_fit(memory(H100), " + weights + ", " + cache + ")", ""), 64e9 / gib);
    const auto rate_at = [&](double efficiency) { return 32 * efficiency * 3.35e12 / (16e9 + 32 * gib); };
    for (Mode mode : {Mode::bounds, Mode::distribution}) {
        const Quantity r = in_mode(rate, "1/s", mode);
        EXPECT_NEAR(r.low / rate_at(0.5), 1, 1e-6);
        EXPECT_NEAR(r.high / rate_at(0.7), 1, 1e-6);
        const Quantity cost = in_mode("cost_per_million_tokens(2.50 $/hour, " + rate + ")", "$", mode);
        EXPECT_NEAR(cost.low / (2.5e6 / (3600 * rate_at(0.7))), 1, 1e-6);
        EXPECT_NEAR(cost.high / (2.5e6 / (3600 * rate_at(0.5))), 1, 1e-6);
    }
    // The bounds reading's central value is the rate at 60%, the docs' 1277 a second and $0.544.
    EXPECT_NEAR(in_mode(rate, "1/s", Mode::bounds).central / rate_at(0.6), 1, 1e-9);
}

TEST(ServingErrors, ACacheOfTheWrongDimensionIsASentence) {
    const std::string sentence = testing::sentence_of("kv_cache(32, 8, 128, 2 GB/s)");
    EXPECT_NE(sentence.find("bytes_per_value (the fourth argument of \"kv_cache\") should be bytes a value"),
              std::string::npos)
        << sentence;
    const std::string rate = testing::sentence_of("decode_rate(3.35 TB, 16 GB, 1 GB, 1, 60%)");
    EXPECT_NE(rate.find("bandwidth (the first argument of \"decode_rate\")"), std::string::npos) << rate;
}

}  // namespace
}  // namespace ballpark
