// QTYERROR's two forms: an expression (explained as QTY would), or a sheet function's name followed by that
// function's arguments (explained as that function's Err:502).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"
#include "unit/tolerance.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

// QTYERROR(name_or_expression; args…) as Calc hands it over: the first argument after the name is `unit`.
std::string qtyerror(std::string_view first, Args args) {
    Arg unit = args.empty() ? Arg{} : args.front();
    Args rest = args.empty() ? Args{} : Args(args.begin() + 1, args.end());
    return qty_error(first, unit, rest);
}

TEST(QtyError, ExpressionFormExplainsQty) {
    EXPECT_EQ(qtyerror("312 TFLOP/s * 2 hour", {}), "");
    const auto sentence = qtyerror("312 TFLOP/s * 2 hour as kg", {});
    EXPECT_NE(sentence.find("Cannot convert"), std::string::npos) << sentence;
    EXPECT_NE(qtyerror("x * 2", {Arg{}, std::string("x")}).find("no value after it"), std::string::npos);
}

TEST(QtyError, KnowsEverySheetFunctionByName) {
    for (const char* name : {"GPUHOURS", "UNITCONVERT", "QTY", "QTYVALUE", "QTYDIM", "TRAININGFLOP", "IMPLIEDUTIL",
                             "ACCELPEAK", "QTYDIST", "QTYSUM", "QTYSWING", "QTYTOP"}) {
        EXPECT_TRUE(names_sheet_function(name)) << name;
    }
    EXPECT_TRUE(names_sheet_function(" gpuHours "));
    EXPECT_FALSE(names_sheet_function("GPUHOUR"));
    EXPECT_FALSE(names_sheet_function("QTYERROR"));  // it has no Err:502 of its own to explain
    EXPECT_FALSE(names_sheet_function("6 FLOP * 70 billion"));
}

TEST(QtyError, GpuhoursByNameIsEmptyForAGoodCall) {
    EXPECT_EQ(qtyerror("GPUHOURS", {70e9, 2e12, std::string("A100"), 0.35, 0.55}), "");
    EXPECT_EQ(qtyerror("gpuhours", {std::string("70 billion"), std::string("2 trillion"), 312e12, 0.35}), "");
}

TEST(QtyError, GpuhoursByNameExplainsEachArgument) {
    const auto zero_tokens = qtyerror("GPUHOURS", {70e9, 0.0, std::string("A100"), 0.35, 0.55});
    EXPECT_EQ(zero_tokens.rfind("GPUHOURS: tokens should be a count", 0), 0u) << zero_tokens;
    EXPECT_NE(zero_tokens.find("above zero, but it is 0."), std::string::npos) << zero_tokens;

    const auto percent_typed = qtyerror("GPUHOURS", {70e9, 2e12, std::string("A100"), 35.0, 55.0});
    EXPECT_NE(percent_typed.find("util_lo should be a fraction"), std::string::npos) << percent_typed;
    EXPECT_NE(percent_typed.find("Write 35% or 0.35"), std::string::npos) << percent_typed;

    const auto missing = qtyerror("GPUHOURS", {70e9});
    EXPECT_EQ(missing, "GPUHOURS needs tokens, a count such as 2 trillion or 2e12.");

    const auto chip = qtyerror("GPUHOURS", {70e9, 2e12, std::string("H10"), 0.35});
    EXPECT_NE(chip.find("Did you mean \"H100\"?"), std::string::npos) << chip;
}

TEST(QtyError, MatchesTheFunctionsOwnError) {
    const Args args{70e9, 2e12, std::string("A100"), 0.35, 0.55, std::string("kg")};
    auto direct = gpu_hours(args[0], args[1], args[2], args[3], args[4], args[5], Arg{});
    ASSERT_FALSE(direct.has_value());
    EXPECT_EQ(qtyerror("GPUHOURS", args), "GPUHOURS: " + direct.error().sentence());
}

TEST(QtyError, OtherFunctionsByName) {
    EXPECT_EQ(qtyerror("UNITCONVERT", {312.0, std::string("TFLOP/s"), std::string("PFLOP/s")}), "");
    EXPECT_NE(qtyerror("UNITCONVERT", {312.0, std::string("TFLOP/s"), std::string("hour")}).find("Cannot convert"),
              std::string::npos);
    EXPECT_EQ(qtyerror("UNITCONVERT", {312.0}), "UNITCONVERT needs to_unit, the unit to convert into, such as \"PFLOP/s*day\".");

    EXPECT_EQ(qtyerror("QTYVALUE", {std::string("2 hour"), std::string("minute"), std::string("low")}), "");
    const auto part = qtyerror("QTYVALUE", {std::string("2 hour"), Arg{}, std::string("middle")});
    EXPECT_EQ(part.rfind("QTYVALUE: ", 0), 0u) << part;
    EXPECT_NE(part.find("middle"), std::string::npos) << part;

    EXPECT_EQ(qtyerror("QTY", {std::string("p * 2"), Arg{}, std::string("p"), 3.0}), "");
    EXPECT_NE(qtyerror("QTYDIM", {std::string("2 hour + 3 kg")}).find("QTYDIM: "), std::string::npos);
    EXPECT_NE(qtyerror("QTYDIM", {}).find("QTYDIM: "), std::string::npos);
    // The expression is an `any` parameter: a number, 0 included, is that number, as in QTYDIM itself.
    EXPECT_EQ(qtyerror("QTYDIM", {0.0}), "");
    EXPECT_EQ(qtyerror("QTYDIM", {2.5}), "");

    EXPECT_EQ(qtyerror("TRAININGFLOP", {70e9, 2e12}), "");
    EXPECT_NE(qtyerror("TRAININGFLOP", {std::string("70B"), 2e12}).find("70 byte"), std::string::npos);

    EXPECT_EQ(qtyerror("IMPLIEDUTIL", {1720320.0, 70e9, 2e12, std::string("A100")}), "");
    EXPECT_NE(qtyerror("IMPLIEDUTIL", {1.72, 70e9, 2e12, std::string("A100")}).find("above 100%"), std::string::npos);

    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100")}), "");
    EXPECT_NE(qtyerror("ACCELPEAK", {std::string("H100"), std::string("fp4")}).find("ACCELPEAK: "), std::string::npos);
}

TEST(QtyError, TooManyArgumentsForTheNamedFunction) {
    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100"), std::string("bf16"), 1.0}),
              "QTYERROR was given 3 arguments for ACCELPEAK, which takes at most 2.");
    // Trailing empty arguments count as not given.
    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100"), Arg{}, Arg{}}), "");
}

TEST(QtyError, TooManyPairsNameTheTwinThatTakesThem) {
    // A short twin runs its long twin's implementation, which is how the sentence finds the twin.
    std::vector<Arg> args{std::string("x1 + x7"), Arg{}, Arg{}};
    for (int k = 1; k <= 7; ++k) {
        args.emplace_back(std::string("x") + std::to_string(k));
        args.emplace_back(static_cast<double>(k));
    }
    EXPECT_EQ(qtyerror("QTYVALUE", args),
              "QTYERROR was given 7 name; value pairs for QTYVALUE, which takes at most 6. QTYVALUE16 takes up to 16.");
}

}  // namespace
}  // namespace ballpark::sheet

namespace ballpark::sheet {
namespace {

TEST(PlanningFunctions, AnOverflowNamesTheUsersArgumentsNotAColumnOfAFormula) {
    // A column would be one of formula text the user never typed: the prelude's gpu_hours is called with the
    // arguments bound as values, so the sentence names the arguments.
    const auto r = gpu_hours(1e300, 1e300, std::string("A100"), 0.35, 0.55, std::monostate{}, std::monostate{});
    ASSERT_FALSE(r);
    const std::string sentence = r.error().sentence();
    EXPECT_EQ(sentence.find("column"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("params = 1.00 × 10³⁰⁰"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("tokens = 1.00 × 10³⁰⁰"), std::string::npos) << sentence;
}

TEST(PlanningFunctions, GpuhoursAgreesWithTheSeedFormulaAtEachEnd) {
    // 6 · 70e9 · 2e12 FLOP / (312e12 FLOP/s · u) in hours, computed here from the formula.
    const double flop = 6 * 70e9 * 2e12;
    for (auto [part, u] : {std::pair{"low", 0.55}, std::pair{"high", 0.35}, std::pair{"central", 0.45}}) {
        const auto r = gpu_hours(70e9, 2e12, std::string("A100"), 0.35, 0.55, std::monostate{}, std::string(part));
        ASSERT_TRUE(r) << r.error().sentence();
        const double expected = flop / (312e12 * u) / 3600;
        EXPECT_THAT(*r, testing::RelativelyNear(expected, 1e-12)) << part;
    }
}

}  // namespace
}  // namespace ballpark::sheet

// Ranges of cells, percentiles, totals and the tornado, checked against formulas computed here.
namespace ballpark::sheet {
namespace {

constexpr double z75 = 0.6744897501960817;  // the standard normal's 75th percentile (z95 is in reference_models.hpp)

using ballpark::testing::row;
using ballpark::testing::column;

const std::string hours_expression = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)";
double million_hours(double u) { return 6 * 70e9 * 2e12 / (312e12 * u) / 3600 / 1e6; }

using ballpark::testing::value;

std::string sentence_of(const Result<double>& r) { return r ? std::string("no error") : r.error().sentence(); }

TEST(CellRanges, TwoCellsInARowAreTheLowAndTheHighEnd) {
    const Args pairs{std::string("u"), row({0.35, 0.55})};
    EXPECT_NEAR(value(qty_value(hours_expression, std::string("million hour"), std::string("high"), pairs)),
                million_hours(0.35), 1e-9);
    EXPECT_NEAR(value(qty_value(hours_expression, std::string("million hour"), std::string("low"), pairs)),
                million_hours(0.55), 1e-9);
}

TEST(CellRanges, ThreeCellsInARowAreLowCentralAndHigh) {
    const Args pairs{std::string("u"), row({0.35, 0.4, 0.55})};
    EXPECT_NEAR(value(qty_value(hours_expression, std::string("million hour"), Arg{}, pairs)), million_hours(0.4), 1e-9);
}

TEST(CellRanges, TwoOrThreeCellsInAColumnAreRefusedWhereOneQuantityGoesWithTheRowToWriteInstead) {
    // A column is a column of models (sheet_column_test.cpp); a function that computes one model refuses it rather
    // than reading the first model as the low end and the last as the high one.
    const std::string in_a_row = "Give the low and the high end in a row, as in A1:B1";
    for (const Cells& column_range : {column({0.35, 0.55}), column({0.35, 0.4, 0.55})}) {
        const auto util = gpu_hours(70e9, 2e12, std::string("A100"), column_range, Arg{}, Arg{}, Arg{});
        EXPECT_NE(sentence_of(util).find(in_a_row), std::string::npos) << sentence_of(util);
        EXPECT_NE(sentence_of(util).find("GPUHOURS's util_lo is a range of"), std::string::npos) << sentence_of(util);
        const auto flop = training_flop(column({60e9, 80e9}), 2e12, Arg{}, Arg{});
        EXPECT_NE(sentence_of(flop).find(in_a_row), std::string::npos) << sentence_of(flop);
        const auto swing = qty_swing(std::string("u"), std::string("u"), Arg{}, Arg{}, Args{std::string("u"), column_range});
        EXPECT_NE(sentence_of(swing).find(in_a_row), std::string::npos) << sentence_of(swing);
        const auto top = qty_top(std::string("u"), Arg{}, Args{std::string("u"), column_range});
        ASSERT_FALSE(top);
        EXPECT_NE(top.error().sentence().find(in_a_row), std::string::npos) << top.error().sentence();
    }
}

TEST(CellRanges, QuantityTextsInCellsKeepTheirUnits) {
    const Args pairs{std::string("p"), row({std::string("300 TFLOP/s"), std::string("1 PFLOP/s")})};
    EXPECT_NEAR(value(qty_value(std::string("p * 1 s"), std::string("TFLOP"), std::string("high"), pairs)), 1000, 1e-9);
}

TEST(CellRanges, TheWrongSizeOrShapeIsAnErrorThatSaysWhatIsExpected) {
    const auto four = qty_value(std::string("u"), Arg{}, Arg{}, Args{std::string("u"), row({1.0, 2.0, 3.0, 4.0})});
    EXPECT_NE(sentence_of(four).find("must be 2 cells (low, high) or 3 cells (low, central, high)"), std::string::npos)
        << sentence_of(four);
    // Two rows of two cells are a column of two models, which a function of one model refuses.
    const auto square = qty_value(std::string("u"), Arg{}, Arg{}, Args{std::string("u"), Cells{2, 2, {1.0, 2.0, 3.0, 4.0}}});
    EXPECT_NE(sentence_of(square).find("a column of models"), std::string::npos) << sentence_of(square);
    for (const auto& r : {four, square}) {
        EXPECT_NE(sentence_of(r).find("Give the low and the high end in a row, as in A1:B1"), std::string::npos) << sentence_of(r);
    }
}

TEST(CellRanges, AnEmptyOrANonQuantityCellInsideIsNamed) {
    const auto empty = qty_value(std::string("u"), Arg{}, Arg{}, Args{std::string("u"), row({1.0, Cell{}})});
    EXPECT_NE(sentence_of(empty).find("cell 2 of 2 is empty"), std::string::npos) << sentence_of(empty);
    const auto text = qty_value(std::string("u"), Arg{}, Arg{}, Args{std::string("u"), row({1.0, std::string("high")})});
    EXPECT_NE(sentence_of(text).find("Cell 2 of 2 of the range for \"u\""), std::string::npos) << sentence_of(text);
    const auto nested = qty_value(std::string("u"), Arg{}, Arg{}, Args{std::string("u"), row({std::string("1 to 2"), 3.0})});
    EXPECT_NE(sentence_of(nested).find("is itself a range"), std::string::npos) << sentence_of(nested);
}

TEST(CellRanges, GpuhoursTakesAUtilizationRangeInOneArgument) {
    const double expected = million_hours(0.35) * 1e6;
    EXPECT_THAT(value(gpu_hours(70e9, 2e12, std::string("A100"), row({0.35, 0.55}), Arg{}, Arg{}, std::string("high"))),
                testing::RelativelyNear(expected, 1e-12));
    const auto both = gpu_hours(70e9, 2e12, std::string("A100"), row({0.35, 0.55}), 0.6, Arg{}, Arg{});
    EXPECT_NE(sentence_of(both).find("util_hi must be empty"), std::string::npos) << sentence_of(both);
    // Each cell is checked as the argument itself would be.
    const auto percent = gpu_hours(70e9, 2e12, std::string("A100"), row({35.0, 55.0}), Arg{}, Arg{}, Arg{});
    EXPECT_NE(sentence_of(percent).find("Write 35% or 0.35"), std::string::npos) << sentence_of(percent);
}

TEST(CellRanges, TrainingflopTakesRangesAndAPart) {
    EXPECT_NEAR(value(training_flop(row({60e9, 80e9}), 2e12, Arg{}, std::string("high"))), 6 * 80e9 * 2e12, 1e9);
    EXPECT_NEAR(value(training_flop(row({60e9, 80e9}), 2e12, Arg{}, std::string("low"))), 6 * 60e9 * 2e12, 1e9);
}

TEST(DependencyAwareBounds, HoldWithCellRanges) {
    EXPECT_NEAR(value(qty_value(std::string("x / x"), Arg{}, std::string("high"), Args{std::string("x"), row({1.0, 3.0})})), 1,
                1e-9);
    EXPECT_NEAR(value(qty_value(std::string("(a * 2) - a"), Arg{}, std::string("high"),
                                Args{std::string("a"), row({10.0, 20.0})})),
                20, 1e-9);
}

TEST(Percentiles, ReadARangeOfPositiveEndsAsA90PercentLognormal) {
    const double a = 10, b = 1000;
    const auto law = testing::Lognormal::through(a, b);
    const Args pairs{std::string("x"), row({a, b})};
    const auto pick = [&](const char* part) { return value(qty_value(std::string("x"), Arg{}, std::string(part), pairs)); };
    EXPECT_THAT(pick("median"), testing::RelativelyNear(std::sqrt(a * b), 1e-6));
    EXPECT_THAT(pick("p5"), testing::RelativelyNear(a, 1e-6));
    EXPECT_THAT(pick("p95"), testing::RelativelyNear(b, 1e-6));
    EXPECT_THAT(pick("p75"), testing::RelativelyNear(law.at(z75), 1e-6));
    EXPECT_THAT(pick("mean"), testing::RelativelyNear(law.mean(), 1e-4));
    // The guaranteed bounds stay the ends.
    EXPECT_NEAR(pick("high"), b, 1e-9);
}

TEST(Percentiles, BadPartsAreErrorsThatListTheForms) {
    for (const char* bad : {"p0", "p100", "p", "p101", "p-5", "pct"}) {
        const auto r = qty_value(std::string("2 to 3"), Arg{}, std::string(bad), {});
        EXPECT_NE(sentence_of(r).find("a percentile such as \"p5\""), std::string::npos) << bad << ": " << sentence_of(r);
    }
}

TEST(QtyDist, ShowsTheMedianAndThe90PercentInterval) {
    const auto text = qty_dist(std::string("x"), Arg{}, Args{std::string("x"), row({10.0, 1000.0})});
    ASSERT_TRUE(text) << text.error().sentence();
    // What the cell shows; the key of the result's recipe follows it in characters that print as nothing.
    // The 90% reading labels its interval, so that a text read elsewhere says which reading it is.
    EXPECT_EQ(split_key(*text).shown, "100 [90%: 10, 1000]");
    EXPECT_TRUE(split_key(*text).key);
}

TEST(QtySum, AddsTextsAndNumbersKeepingTheRange) {
    // (0.5 to 2) hour + 2 hour + 3 (in hours) + 120 minute: low 0.5 + 2 + 3 + 2 = 7.5, high 2 + 2 + 3 + 2 = 9 hour.
    const Cells cells = column({std::string("0.5 hour to 2 hour"), std::string("2 hour"), Cell{}, 3.0, std::string("120 minute")});
    const auto total = qty_sum(cells, std::string("hour"));
    ASSERT_TRUE(total) << total.error().sentence();
    EXPECT_NE(total->find(" [7.5, 9.0] hour"), std::string::npos) << *total;
}

TEST(QtySum, APrintedResultAddsWithItsPrintedBoundsWidenedByHalfTheLastDigit) {
    // "1 [0.5, 2] hour" read back is 0.45 to 2.5 hour; plus 2 hour: 2.45 to 4.5, printed outward as [2.4, 4.5].
    const auto total = qty_sum(column({std::string("1 [0.5, 2] hour"), std::string("2 hour")}), std::string("hour"));
    ASSERT_TRUE(total) << total.error().sentence();
    EXPECT_NE(total->find(" [2.4, 4.5] hour"), std::string::npos) << *total;
}

TEST(QtySum, AddsALongColumn) {
    // 1 + 2 + … + 2000 hours = 2000 · 2001 / 2.
    Cells cells{2000, 1, {}};
    for (int i = 1; i <= 2000; ++i) cells.cells.emplace_back(double(i));
    const auto total = qty_sum(cells, std::string("hour"));
    ASSERT_TRUE(total) << total.error().sentence();
    EXPECT_NEAR(value(qty_value(*total, std::string("hour"), Arg{}, {})), 2000.0 * 2001 / 2, 2001000 * 0.01) << *total;
}

TEST(QtySum, AddsMoneySuffixesAsThousandsAndMillions) {
    // $10K + $5K is not 15.0 K·$ (kelvin-dollars) but exactly $15,000; $10m + $250K is $10,250,000, printed to 3 figures.
    const auto total = qty_sum(column({std::string("$10K"), std::string("$5K")}), std::string("$"));
    ASSERT_TRUE(total) << total.error().sentence();
    EXPECT_EQ(value(qty_value(*total, std::string("$"), Arg{}, {})), 15000) << *total;
    EXPECT_EQ(value(qty_value(std::string("$10K"), Arg{}, Arg{}, {})), 10000);
    const auto millions = qty_sum(column({std::string("$10m"), std::string("$250K")}), std::string("$"));
    ASSERT_TRUE(millions) << millions.error().sentence();
    EXPECT_EQ(split_key(*millions).shown, "$1.02 × 10⁷");
}

TEST(QtySum, RefusesUnlikeQuantitiesNamingTheCell) {
    const auto r = qty_sum(column({std::string("2 hour"), std::string("3 kg")}), Arg{});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().sentence().find("Cell 2 of values is of dimension mass"), std::string::npos) << r.error().sentence();
}

TEST(Tornado, SwingsAndTheInputThatMattersMost) {
    // a * b with a in [1, 3] (central 2) and b in [10, 20] (central 15): a moves the result from 15 to 45, b from
    // 20 to 40.
    const Args pairs{std::string("a"), row({1.0, 3.0}), std::string("b"), std::string("10 to 20")};
    const Arg expression = std::string("a * b");
    EXPECT_EQ(*qty_top(expression, Arg{}, pairs), "a");
    EXPECT_EQ(*qty_top(expression, 2.0, pairs), "b");
    EXPECT_NEAR(value(qty_swing(expression, std::string("a"), std::string("low"), Arg{}, pairs)), 15, 1e-9);
    EXPECT_NEAR(value(qty_swing(expression, std::string("a"), std::string("high"), Arg{}, pairs)), 45, 1e-9);
    EXPECT_NEAR(value(qty_swing(expression, 2.0, Arg{}, Arg{}, pairs)), 20, 1e-9);
    EXPECT_FALSE(qty_top(expression, 3.0, pairs));
    EXPECT_FALSE(qty_swing(expression, std::string("c"), Arg{}, Arg{}, pairs));
}

TEST(Tornado, AnInputWhoseEffectTurnsInsideItsRangeHasItsFullSwing) {
    // x in [1, 3]: abs(x - 2) is 1 at both ends and 0 at x = 2, x * (4 - x) 3 at both ends and 4 at x = 2.
    const Args pairs{std::string("x"), row({1.0, 3.0})};
    EXPECT_EQ(*qty_top(std::string("abs(x - 2)"), Arg{}, pairs), "x");
    EXPECT_NEAR(value(qty_swing(std::string("abs(x - 2)"), std::string("x"), Arg{}, Arg{}, pairs)), 1, 1e-12);
    EXPECT_NEAR(value(qty_swing(std::string("x * (4 - x)"), 1.0, Arg{}, Arg{}, pairs)), 1, 1e-12);
    EXPECT_NEAR(value(qty_swing(std::string("x * (4 - x)"), 1.0, std::string("low"), Arg{}, pairs)), 3, 1e-12);
}

TEST(Locale, ANumberAsTheExpressionIsThatNumber) {
    EXPECT_NEAR(value(qty_value(1.5, Arg{}, Arg{}, {})), 1.5, 0);
    EXPECT_EQ(qtyerror("QTY", {1.5}), "");
}

TEST(Locale, ADecimalCommaIsRefusedWithAHint) {
    const auto r = qty(std::string("1,5 hour"), Arg{}, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().sentence().find("write 1.5, not 1,5"), std::string::npos) << r.error().sentence();
    EXPECT_EQ(qty_error(Arg{std::string("1,5 hour")}, Arg{}, {}), r.error().sentence());
}

}  // namespace
}  // namespace ballpark::sheet
