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
#include "testing.hpp"

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
            if (last > 0) {
                EXPECT_LE(figure, last) << row.name;
            }
            last = figure;
        }
        if (row.fp8_tflops > 0 && row.bf16_tflops > 0) {
            EXPECT_LE(row.fp8_tflops, 2 * row.bf16_tflops + 1) << row.name;
        }
        if (row.bf16_tflops > 0 && row.fp16_tflops > 0) {
            EXPECT_DOUBLE_EQ(row.bf16_tflops, row.fp16_tflops) << row.name;
        }
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
    EXPECT_NE(sentence.find("fp8 459 TFLOP/s, bf16 459 TFLOP/s, memory 95 GB and bandwidth 2765 GB/s"),
              std::string::npos) << sentence;
}

// The figures below are typed from the documents each row cites (see the comments in core/src/accelerators.cpp),
// as the vendor prints them; a dense figure the vendor prints only "with sparsity" is written as that figure / 2.

double watts(std::string_view name) { return value_in(*accelerator_power(name), "W", Part::central).value_or(0); }
double bytes(std::string_view name) { return value_in(*accelerator_memory(name), "B", Part::central).value_or(0); }
double bytes_per_second(std::string_view name) {
    return value_in(*accelerator_bandwidth(name), "B/s", Part::central).value_or(0);
}
constexpr double GiB = 1024.0 * 1024 * 1024;

TEST(AcceleratorFigures, B200FiguresAreThePerGpuOnesOfTheBlackwellDatasheetHalvedWhereSparse) {
    // NVIDIA Blackwell datasheet, HGX B200 per GPU: FP8 9 PFLOPS, FP16/BF16 4.5 PFLOPS, TF32 2.2 PFLOPS (sparse);
    // FP32 75 TFLOPS; 180 GB HBM3E at 7.7 TB/s; configurable up to 1,000 W.
    EXPECT_DOUBLE_EQ(tflops("B200", "fp8"), 9000.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("B200", "bf16"), 4500.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("B200", "fp16"), 4500.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("B200", "tf32"), 2200.0 / 2);
    EXPECT_DOUBLE_EQ(tflops("B200", "fp32"), 75);
    EXPECT_DOUBLE_EQ(bytes("B200"), 180e9);
    EXPECT_DOUBLE_EQ(bytes_per_second("B200"), 7.7e12);
    EXPECT_DOUBLE_EQ(watts("B200"), 1000);
}

TEST(AcceleratorFigures, MI300XAndMI325XHaveTheCdna3WhitePapersComputeAndTheirOwnMemory) {
    // AMD CDNA 3 white paper, Table 2: FP8 2,614.9, TF32 653.7, FP32 163.4 TFLOPS dense for both; MI300X 192 GB,
    // 5.3 TB/s, 750 W; MI325X 256 GB, 6.0 TB/s, 1000 W.
    for (std::string_view name : {"MI300X", "MI325X"}) {
        EXPECT_DOUBLE_EQ(tflops(name, "fp8"), 2614.9) << name;
        EXPECT_DOUBLE_EQ(tflops(name, "tf32"), 653.7) << name;
        EXPECT_DOUBLE_EQ(tflops(name, "fp32"), 163.4) << name;
    }
    EXPECT_DOUBLE_EQ(bytes("MI300X"), 192e9);
    EXPECT_DOUBLE_EQ(bytes_per_second("MI300X"), 5.3e12);
    EXPECT_DOUBLE_EQ(watts("MI300X"), 750);
    EXPECT_DOUBLE_EQ(bytes("MI325X"), 256e9);
    EXPECT_DOUBLE_EQ(bytes_per_second("MI325X"), 6.0e12);
    EXPECT_DOUBLE_EQ(watts("MI325X"), 1000);
}

TEST(AcceleratorFigures, MI250XHasNoFp8OrTf32AndItsMatrixFp32) {
    // CDNA 3 white paper endnote MI300-11: MI250X FP32 Matrix 95.7 TFLOPS, TF32 (N/A), FP8 (N/A).
    EXPECT_DOUBLE_EQ(tflops("MI250X", "fp32"), 95.7);
    EXPECT_NE(failure("MI250X", "fp8").find("no fp8 peak for AMD Instinct MI250X"), std::string::npos);
    EXPECT_NE(failure("MI250X", "tf32").find("no tf32 peak"), std::string::npos);
    EXPECT_DOUBLE_EQ(bytes_per_second("MI250X"), 3.277e12);
}

TEST(AcceleratorFigures, IronwoodHasGooglesBf16AndFp8PeaksAndGibibytesOfMemory) {
    // Google Cloud TPU7x documentation: 2307 TFLOPs BF16, 4614 FP8, 192 GiB HBM, 7380 GBps per chip.
    EXPECT_DOUBLE_EQ(tflops("Ironwood", "bf16"), 2307);
    EXPECT_DOUBLE_EQ(tflops("TPU7x", "fp8"), 4614);
    EXPECT_DOUBLE_EQ(bytes("Ironwood"), 192 * GiB);
    EXPECT_DOUBLE_EQ(bytes_per_second("Ironwood"), 7380e9);
    const std::string sentence = failure("Ironwood", "tf32");
    EXPECT_NE(sentence.find("no tf32 peak for Google TPU7x Ironwood; it lists fp8 4614 TFLOP/s, bf16 2307 TFLOP/s"),
              std::string::npos) << sentence;
}

TEST(AcceleratorFigures, TpusV5pAndV6eGiveTheSameFp8PeakAsBf16) {
    // Compute Engine TPU table: peak per chip (FP8) 459 for v5p and 918 for v6e; v6e HBM bandwidth 1638 GBps.
    EXPECT_DOUBLE_EQ(tflops("TPU v5p", "fp8"), 459);
    EXPECT_DOUBLE_EQ(tflops("TPU v6e", "fp8"), 918);
    EXPECT_DOUBLE_EQ(bytes_per_second("TPU v6e"), 1638e9);
}

TEST(AcceleratorFigures, GaudiFiguresAreIntelsMatrixEngineOnes) {
    // Intel, Hot Chips 2024: Gaudi 3 BF16 and FP8 matrix 1835 TFLOPs, 128 GB, 3.67 TB/s, 900 W (air-cooled OAM);
    // Gaudi 2 BF16 432, 600 W. Intel's Gaudi2 article: 96 GB at 2.45 TB/s. Gaudi 3 white paper: Gaudi 2 FP8 865.
    EXPECT_DOUBLE_EQ(tflops("Gaudi 3", "bf16"), 1835);
    EXPECT_DOUBLE_EQ(tflops("Gaudi 3", "fp8"), 1835);
    EXPECT_DOUBLE_EQ(bytes("Gaudi 3"), 128e9);
    EXPECT_DOUBLE_EQ(bytes_per_second("Gaudi 3"), 3.67e12);
    EXPECT_DOUBLE_EQ(watts("Gaudi 3"), 900);
    EXPECT_DOUBLE_EQ(tflops("Gaudi 2", "fp8"), 865);
    EXPECT_DOUBLE_EQ(bytes_per_second("Gaudi 2"), 2.45e12);
    EXPECT_DOUBLE_EQ(watts("Gaudi 2"), 600);
    // The fp16 figure is not among those the row's source gives, so asking for it lists what the row has.
    const std::string sentence = failure("Gaudi 3", "fp16");
    EXPECT_NE(sentence.find("it lists fp8 1835 TFLOP/s, bf16 1835 TFLOP/s, power 900 W, memory 128 GB and "
                            "bandwidth 3670 GB/s."),
              std::string::npos) << sentence;
}

TEST(AcceleratorFigures, Trainium2HasTheNeuronDocumentationsFiguresAndNoPowerFigure) {
    // AWS Neuron documentation, Trainium2 Architecture: 1,299 FP8, 667 BF16/FP16/TF32, 181 FP32 TFLOPS; 96 GiB of
    // device memory with 2.9 TB/sec. No power figure.
    EXPECT_DOUBLE_EQ(tflops("Trainium2", "fp8"), 1299);
    for (std::string_view precision : {"bf16", "fp16", "tf32"}) EXPECT_DOUBLE_EQ(tflops("Trainium2", precision), 667);
    EXPECT_DOUBLE_EQ(tflops("Trainium2", "fp32"), 181);
    EXPECT_DOUBLE_EQ(bytes("Trainium2"), 96 * GiB);
    EXPECT_DOUBLE_EQ(bytes_per_second("Trainium2"), 2.9e12);
    auto power = accelerator_power("Trainium2");
    ASSERT_FALSE(power.has_value());
    EXPECT_NE(power.error().sentence().find("no power figure for AWS Trainium2"), std::string::npos)
        << power.error().sentence();
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

using testing::sentence_of;

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

// A bare accelerator name where a rate belongs. The error names the functions
// that read its figures instead of calling it an unknown variable.
TEST(AcceleratorExpressions, ABareAcceleratorNameIsAnErrorThatPointsToPeak) {
    const auto r = evaluate("6 FLOP * 13 billion * 4 trillion / (H100 * 40%)");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("is an accelerator"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("peak(H100)"), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().column, 37);
    // A variable of that name is still a variable.
    EXPECT_TRUE(evaluate("6 FLOP * 13 billion * 4 trillion / (H100 * 40%)",
                         std::array{Binding{"H100", std::string_view("989 TFLOP/s")}}));
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
    const std::string value = sentence_of("peak(989 TFLOP/s)");
    EXPECT_NE(value.find("\"peak\" at column 1 takes the name of an accelerator"), std::string::npos) << value;
    const std::string precision = sentence_of("peak(H100, 8)");
    EXPECT_NE(precision.find("second argument"), std::string::npos) << precision;
    const std::string missing = sentence_of("1 + peak(A100, fp8)");
    EXPECT_NE(missing.find("\"peak\" at column 5: the accelerator table has no fp8 peak for NVIDIA A100"),
              std::string::npos) << missing;
    EXPECT_NE(missing.find("bf16 312 TFLOP/s"), std::string::npos) << missing;
    const std::string unknown = sentence_of("memory(H10)");
    EXPECT_NE(unknown.find("no accelerator called \"H10\""), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("Did you mean \"H100\""), std::string::npos) << unknown;
    const std::string v100 = sentence_of("peak(V100)");
    EXPECT_NE(v100.find("NVIDIA V100 SXM2 has no bf16 units"), std::string::npos) << v100;
    EXPECT_NE(v100.find("Write peak(V100, fp16)."), std::string::npos) << v100;
    const std::string arity = sentence_of("power(H100, fp8)");
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
