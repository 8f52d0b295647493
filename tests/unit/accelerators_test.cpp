// Unit tests of the accelerator table (core/src/accelerators.cpp): figures, loose name matching, precisions and
// the errors a person sees for a name or precision the table does not know.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"

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

TEST(AcceleratorPeak, Fp16OfABf16ChipIsAnErrorBecauseNoSourceInTheTableStatesIt) {
    std::string sentence = failure("A100", "fp16");
    EXPECT_NE(sentence.find("bf16"), std::string::npos) << sentence;
}

TEST(AcceleratorPeak, AnUnknownPrecisionNamesTheOnesTheTableHas) {
    std::string sentence = failure("A100", "fp64");
    EXPECT_NE(sentence.find("\"fp64\""), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("bf16 or fp16"), std::string::npos) << sentence;
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
        EXPECT_TRUE(row.bf16_tflops > 0 || row.fp16_tflops > 0) << row.name;
        EXPECT_GE(row.bf16_tflops, 0) << row.name;
        EXPECT_GE(row.fp16_tflops, 0) << row.name;
    }
}

TEST(AcceleratorTable, EveryRowIsFoundByItsOwnNameAndEveryAlias) {
    for (const Accelerator& row : accelerator_table()) {
        std::string_view precision = row.bf16_tflops > 0 ? "bf16" : "fp16";
        double expected = row.bf16_tflops > 0 ? row.bf16_tflops : row.fp16_tflops;
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

}  // namespace
}  // namespace ballpark
