// Unit tests of the accelerator table (core/src/accelerators.cpp): figures, loose name matching, precisions and
// the errors a person sees for a name or precision the table does not know.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <string_view>

#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "ballpark/format.hpp"

namespace ballpark {
namespace {

// The peak in TFLOP/s, or a failed test that shows the error's sentence.
double tflops(std::string_view name, std::string_view precision = {}) {
    auto q = accelerator_peak(name, precision);
    if (!q) {
        ADD_FAILURE() << "accelerator_peak(\"" << name << "\", \"" << precision << "\"): " << q.error().sentence();
        return 0;
    }
    auto value = value_in(*q, "TFLOP/s", Part::central);
    EXPECT_TRUE(value.has_value());
    return value.value_or(0);
}

// The sentence of the error a lookup gives, or a failed test when it gives a figure.
std::string failure(std::string_view name, std::string_view precision = {}) {
    auto q = accelerator_peak(name, precision);
    if (q) {
        ADD_FAILURE() << "accelerator_peak(\"" << name << "\") gave a figure instead of an error";
        return {};
    }
    return q.error().sentence();
}

TEST(AcceleratorPeak, A100GivesThreeHundredTwelveTeraflopsOfBf16) { EXPECT_DOUBLE_EQ(tflops("A100"), 312); }

TEST(AcceleratorPeak, ThePeakIsAComputeRateInTheCoreUnits) {
    auto q = accelerator_peak("A100");
    ASSERT_TRUE(q.has_value());
    auto flop_per_second = unit_quantity("FLOP/s");
    ASSERT_TRUE(flop_per_second.has_value());
    EXPECT_EQ(q->dimension, flop_per_second->dimension);
    EXPECT_FALSE(q->is_range());
    EXPECT_DOUBLE_EQ(value_in(*q, "FLOP/s", Part::central).value(), 312e12);
}

TEST(AcceleratorPeak, NamesMatchWhateverTheCaseSpacingHyphensOrVendorWord) {
    for (std::string_view name : {"A100", "a100", " A100 ", "A100-80GB", "a100 80gb", "NVIDIA A100", "nvidia a100 sxm4"}) {
        EXPECT_DOUBLE_EQ(tflops(name), 312) << name;
    }
    EXPECT_DOUBLE_EQ(tflops("TPU v5p"), 459);
    EXPECT_DOUBLE_EQ(tflops("tpuv5p"), 459);
    EXPECT_DOUBLE_EQ(tflops("Google TPU v5p"), 459);
    EXPECT_DOUBLE_EQ(tflops("MI300X"), 1307);
    EXPECT_DOUBLE_EQ(tflops("AMD Instinct MI300X"), 1307);
    EXPECT_DOUBLE_EQ(tflops("Gaudi2"), 432);
    EXPECT_DOUBLE_EQ(tflops("Trainium 2"), 667);
}

TEST(AcceleratorPeak, ABareH100MeansTheSxmPartAndThePcieCardHasItsOwnFigure) {
    EXPECT_DOUBLE_EQ(tflops("H100"), 989);
    EXPECT_DOUBLE_EQ(tflops("H100 SXM"), 989);
    EXPECT_DOUBLE_EQ(tflops("H100 PCIe"), 756);
}

TEST(AcceleratorPeak, EmptyPrecisionMeansBf16AndCaseDoesNotMatter) {
    EXPECT_DOUBLE_EQ(tflops("B200", ""), tflops("B200", "bf16"));
    EXPECT_DOUBLE_EQ(tflops("B200", "BF16"), 2250);
}

TEST(AcceleratorPeak, V100AskedForBf16SaysItHasOnlyFp16AndGivesFp16WhenAsked) {
    std::string sentence = failure("V100");
    EXPECT_NE(sentence.find("no bf16"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("fp16"), std::string::npos) << sentence;
    EXPECT_DOUBLE_EQ(tflops("V100", "fp16"), 125);
}

TEST(AcceleratorPeak, A100AndH100HaveTheFp16FiguresTheirDatasheetsGive) {
    EXPECT_DOUBLE_EQ(tflops("A100", "fp16"), 312);
    EXPECT_DOUBLE_EQ(tflops("H100", "fp16"), 989);
}

TEST(AcceleratorPeak, AFigureTheSourceDoesNotGiveIsAnErrorThatListsWhatTheRowHas) {
    // The A100 has no fp8 units; the sentence lists every figure the row has instead.
    std::string sentence = failure("A100", "fp8");
    EXPECT_NE(sentence.find("no fp8 peak for NVIDIA A100 SXM 80GB"), std::string::npos) << sentence;
    for (const char* figure : {"bf16 312 TFLOP/s", "fp16 312 TFLOP/s", "tf32 156 TFLOP/s", "fp32 19.5 TFLOP/s",
                               "power 400 W", "memory 80 GB", "bandwidth 2039 GB/s"}) {
        EXPECT_NE(sentence.find(figure), std::string::npos) << figure << " missing from: " << sentence;
    }
}

TEST(AcceleratorPeak, AnUnknownPrecisionNamesTheOnesTheTableHas) {
    std::string sentence = failure("A100", "fp64");
    EXPECT_NE(sentence.find("\"fp64\""), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("fp8, bf16, fp16, tf32 or fp32"), std::string::npos) << sentence;
}

TEST(AcceleratorPeak, AMisspeltNameSuggestsTheClosestKnownChip) {
    std::string sentence = failure("H10");
    EXPECT_NE(sentence.find("no accelerator called \"H10\""), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("Did you mean \"H100\""), std::string::npos) << sentence;
    EXPECT_NE(failure("MI300").find("\"MI300X\""), std::string::npos);
}

TEST(AcceleratorPeak, ANameFarFromEveryChipListsTheKnownOnesWithoutAGuess) {
    std::string sentence = failure("Raspberry Pi");
    EXPECT_EQ(sentence.find("Did you mean"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("A100"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("TPU v5p"), std::string::npos) << sentence;
}

TEST(AcceleratorPeak, AnEmptyOrHugeNameIsAnErrorNotACrash) {
    EXPECT_NE(failure("").find("name is needed"), std::string::npos);
    EXPECT_NE(failure(" - ").find("name is needed"), std::string::npos);
    EXPECT_FALSE(accelerator_peak(std::string(1'000'000, 'x')).has_value());
}

TEST(AcceleratorTable, EveryRowHasASourceAndAPositiveFigure) {
    for (const Accelerator& row : accelerator_table()) {
        EXPECT_FALSE(row.source.empty()) << row.name;
        EXPECT_TRUE(row.fp8_tflops > 0 || row.bf16_tflops > 0 || row.fp16_tflops > 0) << row.name;
        for (double figure : {row.fp8_tflops, row.bf16_tflops, row.fp16_tflops, row.tf32_tflops, row.fp32_tflops,
                              row.power_watts, row.memory, row.bandwidth_gb_per_s})
            EXPECT_GE(figure, 0) << row.name;
        EXPECT_TRUE(row.memory_unit == "GB" || row.memory_unit == "GiB") << row.name;
    }
}

TEST(AcceleratorTable, EveryRowIsFoundByItsOwnNameAndEveryAlias) {
    for (const Accelerator& row : accelerator_table()) {
        std::string_view precision = row.bf16_tflops > 0 ? "bf16" : row.fp16_tflops > 0 ? "fp16" : "fp8";
        double expected = row.bf16_tflops > 0 ? row.bf16_tflops : row.fp16_tflops > 0 ? row.fp16_tflops : row.fp8_tflops;
        EXPECT_DOUBLE_EQ(tflops(row.name, precision), expected) << row.name;
        std::string_view rest = row.aliases;
        while (!rest.empty()) {
            auto bar = rest.find('|');
            std::string_view alias = rest.substr(0, bar);
            EXPECT_DOUBLE_EQ(tflops(alias, precision), expected) << alias;
            rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
        }
    }
}

TEST(AcceleratorTable, NoTwoRowsShareAName) {
    std::set<std::string_view> names;
    for (const Accelerator& row : accelerator_table()) EXPECT_TRUE(names.insert(row.name).second) << row.name;
}

TEST(AcceleratorTable, NarrowerFormatsAreNeverSlowerOnTheSameChip) {
    // A datasheet's dense figures fall as the format widens: fp8 ≥ bf16 = fp16 ≥ tf32 ≥ fp32. A sparse figure
    // copied by mistake (twice the dense) breaks the order against its neighbours.
    for (const Accelerator& row : accelerator_table()) {
        const double order[] = {row.fp8_tflops, row.bf16_tflops, row.tf32_tflops, row.fp32_tflops};
        double last = 0;
        for (double figure : order) {
            if (figure <= 0) continue;
            if (last > 0) EXPECT_LE(figure, last) << row.name;
            last = figure;
        }
        if (row.fp8_tflops > 0 && row.bf16_tflops > 0) EXPECT_LE(row.fp8_tflops, 2 * row.bf16_tflops + 1) << row.name;
        if (row.bf16_tflops > 0 && row.fp16_tflops > 0) EXPECT_DOUBLE_EQ(row.bf16_tflops, row.fp16_tflops) << row.name;
    }
}

TEST(AcceleratorFigures, H100FiguresAreTheDatasheetsDenseOnes) {
    // NVIDIA H100 SXM datasheet: sparse fp8 3,958, bf16 1,979, tf32 989 TFLOP/s; dense is half of each.
    EXPECT_DOUBLE_EQ(tflops("H100", "fp8"), 3958.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("H100", "tf32"), 989.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("H100", "fp32"), 67);
    EXPECT_DOUBLE_EQ(value_in(*accelerator_power("H100"), "W", Part::central).value(), 700);
    EXPECT_DOUBLE_EQ(value_in(*accelerator_memory("H100"), "B", Part::central).value(), 80e9);
    EXPECT_DOUBLE_EQ(value_in(*accelerator_bandwidth("H100"), "B/s", Part::central).value(), 3.35e12);
}

TEST(AcceleratorFigures, MemoryPrintedInGibibytesIsCountedInThem) {
    EXPECT_DOUBLE_EQ(value_in(*accelerator_memory("TPU v4"), "B", Part::central).value(), 32.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(value_in(*accelerator_memory("TPU v5p"), "B", Part::central).value(), 95e9);
}

TEST(AcceleratorFigures, AMissingPowerFigureListsTheFiguresTheRowHas) {
    auto q = accelerator_power("TPU v5p");
    ASSERT_FALSE(q.has_value());
    const std::string sentence = q.error().sentence();
    EXPECT_NE(sentence.find("no power figure for Google TPU v5p"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("bf16 459 TFLOP/s, memory 95 GB and bandwidth 2765 GB/s"), std::string::npos) << sentence;
}

// The value of an expression in `unit`, or a failed test with the error's sentence.
double value_of(std::string_view expression, std::string_view unit) {
    auto q = evaluate(expression);
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return 0;
    }
    return value_in(*q, unit, Part::central).value_or(0);
}

std::string error_of(std::string_view expression) {
    auto q = evaluate(expression);
    if (q) {
        ADD_FAILURE() << expression << " gave a value instead of an error";
        return {};
    }
    return q.error().sentence();
}

TEST(AcceleratorExpressions, PeakPowerMemoryAndBandwidthReadTheTable) {
    EXPECT_DOUBLE_EQ(value_of("peak(H100)", "TFLOP/s"), 989);
    EXPECT_DOUBLE_EQ(value_of("peak(H100, fp8)", "TFLOP/s"), 1979);
    EXPECT_DOUBLE_EQ(value_of("peak(A100, tf32)", "TFLOP/s"), 156);
    EXPECT_DOUBLE_EQ(value_of("peak(TPU_v5p)", "TFLOP/s"), 459);
    EXPECT_DOUBLE_EQ(value_of("peak(MI300X)", "TFLOP/s"), 1307);
    EXPECT_DOUBLE_EQ(value_of("power(H100)", "W"), 700);
    EXPECT_DOUBLE_EQ(value_of("memory(H100)", "GB"), 80);
    EXPECT_DOUBLE_EQ(value_of("bandwidth(H100)", "TB/s"), 3.35);
}

TEST(AcceleratorExpressions, ThePeakWorksInsideATrainingEstimate) {
    // 6 FLOP × 13e9 × 4e12 / (989e12 FLOP/s × 0.4), in hours.
    const double expected_hours = 6 * 13e9 * 4e12 / (989e12 * 0.4) / 3600;
    EXPECT_NEAR(value_of("6 FLOP * 13 billion * 4 trillion / (peak(H100) * 40%)", "hour") / expected_hours, 1, 1e-12);
    // Energy of a run: power times GPU-hours.
    EXPECT_NEAR(value_of("power(H100) * 1000 hour", "kWh"), 700, 1e-9);
}

TEST(AcceleratorExpressions, ANameIsReadAsWrittenEvenWhenAVariableHasIt) {
    // The seed notebook has a variable h100 = 989 TFLOP/s; peak(h100) still names the chip.
    const std::array<Binding, 1> bindings{Binding{"h100", 5.0}};
    auto q = evaluate("peak(h100, fp8)", bindings);
    ASSERT_TRUE(q.has_value()) << q.error().sentence();
    EXPECT_DOUBLE_EQ(value_in(*q, "TFLOP/s", Part::central).value(), 1979);
}

TEST(AcceleratorExpressions, TheFunctionsWorkInEveryMode) {
    for (Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        EvaluationOptions options;
        options.mode = mode;
        auto q = evaluate("peak(H100) * 2 + power(H100) * 0 FLOP/J", {}, options);
        ASSERT_TRUE(q.has_value()) << mode_name(mode) << ": " << q.error().sentence();
        EXPECT_DOUBLE_EQ(value_in(*q, "TFLOP/s", Part::central).value(), 2 * 989) << mode_name(mode);
    }
}

TEST(AcceleratorExpressions, ErrorsSayWhatWasExpectedAndWhere) {
    const std::string value = error_of("peak(989 TFLOP/s)");
    EXPECT_NE(value.find("\"peak\" at column 1 takes the name of an accelerator"), std::string::npos) << value;
    const std::string precision = error_of("peak(H100, 8)");
    EXPECT_NE(precision.find("second argument"), std::string::npos) << precision;
    const std::string missing = error_of("1 + peak(A100, fp8)");
    EXPECT_NE(missing.find("\"peak\" at column 5: the accelerator table has no fp8 peak for NVIDIA A100"),
              std::string::npos) << missing;
    EXPECT_NE(missing.find("bf16 312 TFLOP/s"), std::string::npos) << missing;
    const std::string unknown = error_of("memory(H10)");
    EXPECT_NE(unknown.find("no accelerator called \"H10\""), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("Did you mean \"H100\""), std::string::npos) << unknown;
    const std::string v100 = error_of("peak(V100)");
    EXPECT_NE(v100.find("NVIDIA V100 SXM2 has no bf16 units"), std::string::npos) << v100;
    EXPECT_NE(v100.find("Write peak(V100, fp16)."), std::string::npos) << v100;
    const std::string arity = error_of("power(H100, fp8)");
    EXPECT_FALSE(arity.empty());
}

TEST(AcceleratorExpressions, ResultsPrintInReadableUnits) {
    auto text = [](std::string_view e) {
        auto q = evaluate(e);
        return q ? format(*q) : "error: " + q.error().sentence();
    };
    EXPECT_EQ(text("peak(H100)"), "989 TFLOP/s");
    EXPECT_EQ(text("bandwidth(H100)"), "3.35 TB/s");
    EXPECT_EQ(text("memory(H100)"), "80.0 GB");
    EXPECT_EQ(text("power(H100)"), "700 W");
}

}  // namespace
}  // namespace ballpark
