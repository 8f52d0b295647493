// Texts that say which reading they come from: the 90% reading labels what a cell prints ("1.7 [90%: 1.4, 2.1]"),
// reads a printed median back as the median, and a reading of bounds refuses a labelled 90% interval. The
// references are closed forms computed here: the percentiles asked for, and the mean of a shifted lognormal.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "unit/sheet_cells.hpp"
#include "unit/reference_models.hpp"

namespace ballpark {
namespace {

using testing::z95;

// The p-th percentile (in percent) of `text` in the 90% reading.
double percentile_of(const std::string& text, double p) {
    const auto q = evaluate("percentile(" + text + ", " + std::to_string(p) + ")", {}, EvaluationOptions{Mode::distribution});
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return std::nan("");
    }
    return q->central;
}

double mean_of(const std::string& text) {
    const auto q = evaluate("mean(" + text + ")", {}, EvaluationOptions{Mode::distribution});
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return std::nan("");
    }
    return q->central;
}

TEST(Readings, APrintedRangeReadBackInThe90PercentReadingKeepsItsMedianAndBothPercentiles) {
    // 8.9 [1.0, 9.0]: its median is 8.9, not sqrt(1 * 9) = 3, which reading the ends alone would give.
    struct Case {
        std::string text;
        double c, l, h;
    };
    for (const Case& k : {Case{"8.9 [90%: 1.0, 9.0]", 8.9, 1, 9}, Case{"8.9 [1.0, 9.0]", 8.9, 1, 9},
                          Case{"2 [90%: 1, 9]", 2, 1, 9}, Case{"-4 [90%: -10, -3]", -4, -10, -3}}) {
        SCOPED_TRACE(k.text);
        EXPECT_NEAR(percentile_of(k.text, 50), k.c, 1e-9 * std::abs(k.c));
        EXPECT_NEAR(percentile_of(k.text, 5), k.l, 1e-9 * (k.h - k.l));
        EXPECT_NEAR(percentile_of(k.text, 95), k.h, 1e-9 * (k.h - k.l));
    }
}

TEST(Readings, APrintedRangeWhoseHalvesAreOrdersOfMagnitudeApartKeepsItsThreePercentiles) {
    // Halves whose ratio, or the range's width, is beyond the largest double: the fuzzer's 5 × 10⁻³⁰⁹ [0, 1.0]
    // came out NaN, as did a median a hair above its low end and ends near ±1.8e308. The references are the
    // three numbers as written.
    struct Case {
        std::string text;
        double c, l, h;
    };
    for (const Case& k : {Case{"5 × 10⁻³⁰⁹ [0, 1.0]", 5e-309, 0, 1}, Case{"1e-320 [90%: 0, 1e308]", 1e-320, 0, 1e308},
                          Case{"1 [90%: 0.99999999999999, 1e308]", 1, 0.99999999999999, 1e308},
                          Case{"-5e-309 [90%: -1, 0]", -5e-309, -1, 0},
                          Case{"1e-200 [90%: 0, 1]", 1e-200, 0, 1},
                          Case{"0 [90%: -1.7e308, 1.7e308]", 0, -1.7e308, 1.7e308}}) {
        SCOPED_TRACE(k.text);
        const double slack = 2e-9 * (k.h / 2 - k.l / 2);  // a billionth of the width, which overflows near ±1.8e308
        const auto q = evaluate(k.text, {}, EvaluationOptions{Mode::distribution});
        ASSERT_TRUE(q) << q.error().sentence();
        EXPECT_TRUE(std::isfinite(q->low) && std::isfinite(q->central) && std::isfinite(q->high))
            << q->low << " " << q->central << " " << q->high;
        EXPECT_NEAR(percentile_of(k.text, 50), k.c, 1e-9 * std::abs(k.c));
        EXPECT_NEAR(percentile_of(k.text, 5), k.l, slack);
        EXPECT_NEAR(percentile_of(k.text, 95), k.h, slack);
    }
    // A skewed fit whose far end, the shift plus m e^(z95 sigma), passes the largest double on the way to 1.7e308
    // is refused with a sentence rather than read with an infinite end.
    const auto q = evaluate("-1.5e308 [90%: -1.7e308, 1.7e308]", {}, EvaluationOptions{Mode::distribution});
    ASSERT_FALSE(q) << q->low << " " << q->central << " " << q->high;
    EXPECT_EQ(q.error().column, 1);
}

TEST(Readings, ASquareOfAWidelySkewedPrintedRangeSquaresItsPercentiles) {
    // X >= 0, so X^2's percentiles are those of X squared: 1 at the 95th, (10⁻²⁰⁰)² = 0 in doubles at the median.
    // The lognormal's factor m = 10⁻²⁰⁰ squared underflows to 0, which made the square a point at 0.
    EXPECT_NEAR(percentile_of("(1e-200 [90%: 0, 1])^2", 95), 1, 1e-9);
    EXPECT_NEAR(percentile_of("(1e-200 [90%: 0, 1])^2", 50), 0, 1e-300);
    // A shifted lognormal squared is sampled: its percentiles to 1% of the 90% width, as promised for samples.
    EXPECT_NEAR(percentile_of("(0.5 [90%: 0, 4])^2", 95), 16, 0.16);
    EXPECT_NEAR(percentile_of("(0.5 [90%: 0, 4])^2", 50), 0.25, 0.16);
}

TEST(Readings, AMedianAtTheGeometricMeanIsTheLognormalAndAtTheMidpointTheNormal) {
    // 3 [1, 9]: the lognormal with 5th and 95th percentiles 1 and 9, whose mean is 3 e^(sigma^2 / 2), sigma = ln 9 / (2 z95).
    const double sigma = std::log(9.0) / (2 * z95);
    EXPECT_NEAR(mean_of("3 [90%: 1, 9]"), 3 * std::exp(sigma * sigma / 2), 1e-6);
    // 5 [1, 9]: halves of equal length, the normal of mean 5.
    EXPECT_NEAR(mean_of("5 [90%: 1, 9]"), 5, 1e-9);
    EXPECT_NEAR(percentile_of("5 [90%: 1, 9]", 25), 5 - 4 / z95 * 0.6744897501960817, 1e-9);
}

TEST(Readings, ASkewedPrintedRangeHasTheMeanOfItsShiftedLognormal) {
    // 2 [1, 9]: upper half 7, lower half 1, so e^(z95 sigma) = 7 and X = s + m e^(sigma Z) with
    // m = 1 * 7 / 6, s = 2 - m; its mean is s + m e^(sigma^2 / 2).
    const double sigma = std::log(7.0) / z95, m = 7.0 / 6.0, s = 2 - m;
    EXPECT_NEAR(mean_of("2 [90%: 1, 9]"), s + m * std::exp(sigma * sigma / 2), 1e-6);
    // The mirror: 8 [1, 9] has the longer half below, mean 10 - (s + m e^(sigma^2/2)) of 2 [1, 9] reflected about 5.
    EXPECT_NEAR(mean_of("8 [90%: 1, 9]"), 10 - (s + m * std::exp(sigma * sigma / 2)), 1e-6);
}

TEST(Readings, AReadingOfBoundsRefusesALabelled90PercentInterval) {
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const auto q = evaluate("8.9 [90%: 1.0, 9.0] min * 2", {}, EvaluationOptions{mode});
        ASSERT_FALSE(q) << "read as " << q->central;
        EXPECT_EQ(q.error().kind, ErrorKind::mixed_readings);
        EXPECT_EQ(q.error().mode, distribution_mode());
        EXPECT_EQ(q.error().column, 1);
    }
    // Unlabelled, a printed range is bounds, widened by half a unit of its last digit as before.
    const auto q = evaluate("8.9 [1.0, 9.0]", {}, EvaluationOptions{Mode::bounds});
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->low, 0.95);
    EXPECT_DOUBLE_EQ(q->high, 9.05);
}

TEST(Readings, TheLabelIsOnlyForTheFirstTokensOfABracket) {
    // "90%:" anywhere else is a syntax error, never a number.
    for (const std::string text : {"8.9 [1.0, 90%: 9.0]", "90%: 3", "8.9 [80%: 1.0, 9.0]"}) {
        const auto q = evaluate(text, {}, EvaluationOptions{Mode::distribution});
        EXPECT_FALSE(q) << text << " read as " << q->central;
    }
}

}  // namespace

namespace sheet {
namespace {

using Args = std::vector<Arg>;
const Arg none{};

using ballpark::testing::row;
using ballpark::testing::column;

std::string shown(const Result<std::string>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? std::string(split_key(*r).shown) : std::string();
}

TEST(SheetReadings, QtydistLabelsItsIntervalAndQtyDoesNot) {
    // 10 to 30 minutes: the lognormal's median sqrt(10 * 30) = 17.3; the bounds' midpoint 20.
    const std::string minutes("min");
    EXPECT_EQ(shown(qty_dist(std::string("x * 1 min"), minutes, Args{std::string("x"), row({10.0, 30.0})})),
              "17 [90%: 10, 30] min");
    EXPECT_EQ(shown(qty(std::string("x * 1 min"), minutes, Args{std::string("x"), row({10.0, 30.0})})),
              "20 [10, 30] min");
}

TEST(SheetReadings, AQtydistTextTypedBackKeepsItsMedianThroughAChain) {
    // Reading the median back as sqrt(low * high) would drift this chain from 25 to 13 min in four steps.
    std::string text = "25 [90%: 10, 40] min";
    for (int step = 0; step < 4; ++step) {
        text = shown(qty_dist(std::string("x"), std::string("min"), Args{std::string("x"), text}));
    }
    EXPECT_EQ(text, "25 [90%: 10, 40] min");
}

TEST(SheetReadings, AThreeCellRangeKeepsItsCentralCellAsTheMedian) {
    const auto median = qty_value(std::string("x"), none, std::string("median"), Args{std::string("x"), row({1.0, 8.9, 9.0})});
    ASSERT_TRUE(median) << median.error().sentence();
    EXPECT_NEAR(*median, 8.9, 1e-9);
}

TEST(SheetReadings, QtyRefusesAQtydistTextWithTheAdviceToUseQtydist) {
    const auto r = qty(std::string("x * 2"), none, Args{std::string("x"), std::string("8.9 [90%: 1.0, 9.0] min")});
    ASSERT_FALSE(r) << shown(r);
    EXPECT_EQ(r.error().kind, ErrorKind::mixed_readings);
    EXPECT_NE(calc_sentence(r.error()).find("QTYDIST"), std::string::npos) << calc_sentence(r.error());
}

TEST(SheetReadings, QtysumOfLabelledTextsAddsThemAs90PercentIntervals) {
    // Two independent copies of 3 [90%: 1, 9] (the lognormal with median 3): the sum's median, computed in the 90%
    // reading, is labelled; bounds would have added the ends to [1.95, 18.1] (with half a unit of widening).
    const auto total = qty_sum(column({std::string("3 [90%: 1, 9] hour"), std::string("3 [90%: 1, 9] hour")}), std::string("hour"));
    const std::string text = shown(total);
    EXPECT_NE(text.find("[90%: "), std::string::npos) << text;
    // Beside a QTY result (bounds) it is refused: the two read ranges differently.
    const auto bounds = qty(std::string("1 to 9 hour"), none, {});
    ASSERT_TRUE(bounds) << bounds.error().sentence();
    const auto mixed = qty_sum(column({std::string("3 [90%: 1, 9] hour"), *bounds}), std::string("hour"));
    ASSERT_FALSE(mixed) << shown(mixed);
    EXPECT_EQ(mixed.error().kind, ErrorKind::mixed_readings);
}

TEST(SheetText, ShowsAQuantityWithTheFiguresAsked) {
    // 2/3 = 0.6666…: six figures 0.666667.
    EXPECT_EQ(shown(qty_text(std::string("2/3"), none, 6.0)), "0.666667");
    EXPECT_EQ(shown(qty_text(std::string("2/3"), none, none)), "0.667");
    // 1/3 to 2/3 hour: midpoint 0.5, ends 0.3333… and 0.6666….
    const std::string cell = *qty(std::string("(1 to 2) hour / 3"), none, {});
    EXPECT_EQ(shown(qty_text(cell, std::string("hour"), 4.0)), "0.5000 [0.3333, 0.6667] hour");
    // The text keeps the result: read on, its low end is 1/3 hour exactly, not 0.3333.
    const auto low = qty_value(*qty_text(cell, std::string("hour"), 4.0), std::string("hour"), std::string("low"), {});
    ASSERT_TRUE(low) << low.error().sentence();
    EXPECT_NEAR(*low, 1.0 / 3, 1e-15);
}

TEST(SheetText, AQtydistResultKeepsItsReadingAndLabel) {
    // 10 to 30 minutes in the 90% reading: median sqrt(300) = 17.3205…
    const std::string cell = *qty_dist(std::string("x * 1 min"), std::string("min"), Args{std::string("x"), row({10.0, 30.0})});
    EXPECT_EQ(shown(qty_text(cell, std::string("min"), 4.0)), "17.32 [90%: 10.00, 30.00] min");
    // Typed with its label, it is read in that reading too.
    EXPECT_EQ(shown(qty_text(std::string("17 [90%: 10, 30] min"), none, 3.0)), "17.0 [90%: 10.0, 30.0] min");
}

TEST(SheetText, DigitsOutsideOneToSeventeenAreRefused) {
    for (const Arg& digits : {Arg{0.0}, Arg{18.0}, Arg{2.5}, Arg{std::string("four")}}) {
        const auto r = qty_text(std::string("2/3"), none, digits);
        ASSERT_FALSE(r) << shown(r);
        EXPECT_NE(r.error().sentence().find("1 to 17"), std::string::npos) << r.error().sentence();
    }
}

}  // namespace
}  // namespace sheet
}  // namespace ballpark
