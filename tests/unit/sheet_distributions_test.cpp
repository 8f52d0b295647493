// The sheet functions with normal(...), lognormal(...), uniform(...) and pert(...) inputs: read as distributions
// where the part asked for is a percentile, the median or the mean (each argument read once, in that mode, and
// checked on that reading), refused with a sentence for Calc where it is low, central or high. Every value is
// checked against a closed form computed here.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

using testing::z95;
const Arg none{};

// 6 FLOP · 70e9 · 2e12 / (312e12 FLOP/s · u), in hours.
using testing::hours_at;

using ballpark::testing::value;

// The sentence Calc shows (and QTYERROR returns): the core's, with the add-in's advice for its kind.
template <class T>
std::string sentence_of(const Result<T>& r) {
    return r ? std::string("no error") : calc_sentence(r.error());
}

// The hours fall as the utilization rises, so their 95th percentile is at u's 5th: for normal(0.45, 0.05) at
// 0.45 - z95 · 0.05. Sampled (a quotient by a normal has no exact form), hence the tolerance.
TEST(SheetDistributions, GpuhoursP95WithANormalUtilizationIsAtItsFifthPercentile) {
    const double expected = hours_at(0.45 - z95 * 0.05);
    const auto r = gpu_hours(70e9, 2e12, std::string("A100"), std::string("normal(0.45, 0.05)"), none, std::string("hour"),
                             std::string("p95"));
    EXPECT_NEAR(value(r), expected, expected * 2e-3);
}

TEST(SheetDistributions, QtyvalueP95WithANormalBindingIsAtItsFifthPercentile) {
    const double expected = hours_at(0.45 - z95 * 0.05);
    const auto r = qty_value(std::string("6 FLOP*70 billion*2 trillion/(312 TFLOP/s*u)"), std::string("hour"),
                             std::string("p95"), Args{std::string("u"), std::string("normal(0.45, 0.05)")});
    EXPECT_NEAR(value(r), expected, expected * 2e-3);
}

TEST(SheetDistributions, QtyvalueMeanOfANormalIsItsMean) {
    const auto r = qty_value(std::string("2 * u"), none, std::string("mean"), Args{std::string("u"), std::string("normal(0.45, 0.05)")});
    EXPECT_NEAR(value(r), 0.9, 1e-9);
}

// A lognormal's percentiles are exact: params at its 95th percentile is 70e9 · exp(z95 · 0.2).
TEST(SheetDistributions, TrainingflopP95WithALognormalCount) {
    const double expected = 6 * 70e9 * std::exp(z95 * 0.2) * 2e12;
    const auto r = training_flop(std::string("lognormal(70e9, 0.2)"), 2e12, none, std::string("p95"));
    EXPECT_NEAR(value(r), expected, expected * 1e-9);
}

// uniform(0.35, 0.55) and pert(0.35, 0.45, 0.55) are symmetric about 0.45, so the median of the hours, a
// decreasing function of u, is at u = 0.45.
TEST(SheetDistributions, GpuhoursMedianWithAUniformOrPertUtilization) {
    const double expected = hours_at(0.45);
    for (const char* u : {"uniform(0.35, 0.55)", "pert(0.35, 0.45, 0.55)"}) {
        const auto r = gpu_hours(70e9, 2e12, 312e12, std::string(u), none, none, std::string("median"));
        EXPECT_NEAR(value(r), expected, expected * 2e-3) << u;
    }
}

// The checks see the same reading: a normal utilization whose 95th percentile is above 1 is no fraction.
TEST(SheetDistributions, AUtilizationIsCheckedOnItsDistributionReading) {
    const auto r = gpu_hours(70e9, 2e12, 312e12, std::string("normal(0.9, 0.1)"), none, none, std::string("p95"));
    EXPECT_NE(sentence_of(r).find("util_lo should be a fraction"), std::string::npos) << sentence_of(r);
}

TEST(SheetDistributions, LowCentralAndHighAreRefusedWithASentenceForCalc) {
    const auto hours = gpu_hours(70e9, 2e12, std::string("A100"), std::string("normal(0.45, 0.05)"), none, none,
                                 std::string("high"));
    const auto value = qty_value(std::string("2 * u"), none, none, Args{std::string("u"), std::string("lognormal(1, 0.5)")});
    const auto flop = training_flop(std::string("normal(70e9, 1e9)"), 2e12, none, std::string("low"));
    for (const std::string& s : {sentence_of(hours), sentence_of(value), sentence_of(flop)}) {
        EXPECT_NE(s.find("Ask for a percentile part such as \"p95\""), std::string::npos) << s;
        EXPECT_NE(s.find("QTYDIST"), std::string::npos) << s;
        EXPECT_EQ(s.find("--mode"), std::string::npos) << s;
    }
    const auto shown = qty(std::string("normal(1, 2)"), none, {});
    EXPECT_NE(sentence_of(shown).find("use QTYDIST"), std::string::npos) << sentence_of(shown);
    EXPECT_EQ(sentence_of(shown).find("--mode"), std::string::npos) << sentence_of(shown);
    const auto util = implied_util(std::string("normal(1.7 million, 0.1 million)"), 70e9, 2e12, std::string("A100"));
    EXPECT_NE(sentence_of(util).find("QTYVALUE"), std::string::npos) << sentence_of(util);
}

TEST(SheetDistributions, ACommaBetweenArgumentsGetsNoDecimalCommaHint) {
    const std::string sentence = qty_error(std::string_view("QTY"), Arg{std::string("normal(1,2)")}, {});
    EXPECT_FALSE(sentence.empty());
    EXPECT_EQ(sentence.find("1,5"), std::string::npos) << sentence;
    // A decimal comma outside brackets still gets it.
    EXPECT_NE(qty_error(std::string_view("1,5 hour"), none, {}).find("write 1.5, not 1,5"), std::string::npos);
}

// QTYSUM sums values through the core, not a composed formula text, so its length has no token limit.
TEST(SheetDistributions, QtysumAddsAHundredThousandCells) {
    Cells cells{100000, 1, {}};
    for (int i = 1; i <= 100000; ++i) cells.cells.emplace_back(i % 2 ? Cell{std::string("2 hour")} : Cell{1.0});
    const auto total = qty_sum(cells, std::string("hour"));
    ASSERT_TRUE(total) << total.error().sentence();
    EXPECT_NEAR(value(qty_value(*total, std::string("hour"), none, {})), 150000.0, 150000 * 0.01) << *total;
    // A bad cell far down is still named.
    cells.cells[76543] = std::string("3 kg");
    const auto bad = qty_sum(cells, std::string("hour"));
    EXPECT_NE(sentence_of(bad).find("Cell 76544 of values is of dimension mass"), std::string::npos) << sentence_of(bad);
}

}  // namespace
}  // namespace ballpark::sheet
