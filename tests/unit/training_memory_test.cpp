// The prelude's memory to train (core/src/eval/prelude.cpp): model states by ZeRO stage against the ZeRO paper's
// worked figures, activations per layer against Korthikanti et al.'s formulas computed here, accelerators to hold
// them, ranges in both readings, and the sentences for arguments of the wrong kind.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "testing.hpp"

namespace ballpark {
namespace {

Quantity in_mode(std::string_view expression, Mode mode) {
    EvaluationOptions options;
    options.mode = mode;
    auto q = evaluate(expression, {}, options);
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return {};
    }
    return *q;
}

// A part of a result in bytes (the core counts information in bits).
double in_bytes(const Quantity& q, Part part) { return value_in(q, "B", part).value_or(NAN); }

double bytes(std::string_view expression) { return in_bytes(in_mode(expression, Mode{}), Part::central); }

// Mixed-precision Adam: bf16 weights and gradients, fp32 master weights, momentum and variance.
constexpr std::string_view adam = "2 B, 2 B, 12 B";

std::string call(std::string_view function, std::string_view params, std::string_view tail = {}) {
    std::string out = std::string(function) + "(" + std::string(params) + ", " + std::string(adam);
    if (!tail.empty()) out += ", " + std::string(tail);
    return out + ")";
}

TEST(ModelStates, MixedPrecisionAdamIsSixteenBytesAParameter) {
    // shared/reference/planning-formulas.md: 70B -> 1,120 GB.
    EXPECT_DOUBLE_EQ(bytes(call("model_states", "70 billion")), 1120e9);
}

TEST(ModelStates, ZeroStagesGiveThePapersWorkedFigures) {
    // Rajbhandari et al. 2020, figure 1: 7.5B parameters, 64 data-parallel ranks, K = 12: 120 GB a rank without
    // ZeRO, 31.4 GB with the optimizer states sharded, 16.6 GB with the gradients too, 1.88 GB with everything.
    const double baseline = bytes(call("model_states", "7.5 billion"));
    const double stage1 = bytes(call("zero1_states", "7.5 billion", "64"));
    const double stage2 = bytes(call("zero2_states", "7.5 billion", "64"));
    const double stage3 = bytes(call("zero3_states", "7.5 billion", "64"));
    EXPECT_NEAR(baseline / 1e9, 120, 0.05);
    EXPECT_NEAR(stage1 / 1e9, 31.4, 0.05);
    EXPECT_NEAR(stage2 / 1e9, 16.6, 0.05);
    EXPECT_NEAR(stage3 / 1e9, 1.88, 0.005);
    // And the paper's closed forms, (2 + 2 + K/Nd)Ψ, (2 + (2 + K)/Nd)Ψ, (2 + 2 + K)Ψ/Nd, exactly.
    EXPECT_DOUBLE_EQ(stage1, 7.5e9 * (2 + 2 + 12.0 / 64));
    EXPECT_DOUBLE_EQ(stage2, 7.5e9 * (2 + 14.0 / 64));
    EXPECT_DOUBLE_EQ(stage3, 7.5e9 * 16 / 64);
}

TEST(ModelStates, ARangeOfParametersGivesItsEndsInBothReadings) {
    // Linear in params: the bounds are 16 B times the ends, and in the 90% reading the 5th and 95th percentiles
    // are 16 B times the range's, which are its ends.
    const std::string text = call("model_states", "60 billion to 80 billion");
    for (Mode mode : {Mode::bounds, Mode::distribution}) {
        const Quantity q = in_mode(text, mode);
        EXPECT_NEAR(in_bytes(q, Part::low) / (16 * 60e9), 1, 1e-6) << mode_name(mode);
        EXPECT_NEAR(in_bytes(q, Part::high) / (16 * 80e9), 1, 1e-6) << mode_name(mode);
    }
}

TEST(Activations, TheFormulasOfTable2) {
    // Korthikanti et al. 2022, Table 2, for a GPT-3-shaped layer: s = 2048, b = 1, h = 12288, a = 96, t = 8.
    const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
    EXPECT_DOUBLE_EQ(bytes("activations(2048, 1, 12288, 96)"), s * b * h * (34 + 5 * a * s / h));
    EXPECT_DOUBLE_EQ(bytes("activations_tp(2048, 1, 12288, 96, 8)"), s * b * h * (10 + 24 / t + 5 * a * s / (h * t)));
    EXPECT_DOUBLE_EQ(bytes("activations_tp_sp(2048, 1, 12288, 96, 8)"), s * b * h / t * (34 + 5 * a * s / h));
    EXPECT_DOUBLE_EQ(bytes("activations_selective(2048, 1, 12288, 8)"), 34 * s * b * h / t);
    EXPECT_DOUBLE_EQ(bytes("activations_full(2048, 1, 12288)"), 2 * s * b * h);
    // Without tensor parallelism the tensor-parallel forms are the plain one.
    EXPECT_DOUBLE_EQ(bytes("activations_tp(2048, 1, 12288, 96, 1)"), bytes("activations(2048, 1, 12288, 96)"));
    EXPECT_DOUBLE_EQ(bytes("activations_tp_sp(2048, 1, 12288, 96, 1)"), bytes("activations(2048, 1, 12288, 96)"));
}

TEST(Activations, ALongerSequenceGrowsTheAttentionTermQuadratically) {
    // s b h (34 + 5 a s / h) rises with s, so its bounds over 2048 to 4096 are its values at the ends.
    const Quantity q = in_mode("activations(2048 to 4096, 1, 4096, 32)", Mode::bounds);
    const auto at = [](double s) { return s * 4096 * (34 + 5 * 32 * s / 4096); };
    EXPECT_NEAR(in_bytes(q, Part::low) / at(2048), 1, 1e-9);
    EXPECT_NEAR(in_bytes(q, Part::high) / at(4096), 1, 1e-9);
}

TEST(AcceleratorsToHold, ModelStatesOverTheTablesMemory) {
    // 1,120 GB over 80 GB H100s, all of each usable: 14.
    EXPECT_DOUBLE_EQ(in_mode("accelerators_to_hold(model_states(70 billion, 2 B, 2 B, 12 B), memory(H100), 100%)", Mode{}).central, 14);
    EXPECT_NEAR(in_mode("accelerators_to_hold(1120 GB, memory(H100), 90%)", Mode{}).central, 1120.0 / 72, 1e-12);
}

TEST(TrainingMemoryErrors, BytesWithoutTheirUnitAreRefusedWithASentence) {
    const std::string sentence = testing::sentence_of("model_states(70 billion, 2, 2 B, 12 B)");
    EXPECT_NE(sentence.find("weight_bytes (the second argument of \"model_states\") should be bytes a parameter such as "
                            "2 B (bf16), but 2 is a plain number"),
              std::string::npos)
        << sentence;
}

TEST(TrainingMemoryErrors, AUsableShareAbove100PercentIsRefused) {
    const std::string sentence = testing::sentence_of("accelerators_to_hold(1120 GB, 80 GB, 90)");
    EXPECT_NE(sentence.find("usable (the third argument of \"accelerators_to_hold\")"), std::string::npos) << sentence;
}

}  // namespace
}  // namespace ballpark
