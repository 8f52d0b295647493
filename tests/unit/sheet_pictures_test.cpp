// QTYSPARK and QTYBINS through the sheet layer: a result cell or an expression with pairs, a column of runs, the
// unit of the edges, and the refusals (a result of guaranteed bounds, bad counts, a text that is no quantity). The
// bins' probabilities are checked against closed forms computed here (a lognormal's CDF).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference_models.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;
const Arg none{};

using testing::z95;
using testing::z995;

// P(X <= x) for `a to b` in the 90% reading, the lognormal with 5th and 95th percentiles a and b.
double lognormal_cdf(double a, double b, double x) { return testing::Lognormal::through(a, b).cdf(x); }

std::string text_of(const Result<SheetValue>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    if (!r) return {};
    const auto* text = std::get_if<std::string>(&*r);
    EXPECT_TRUE(text);
    return text ? *text : std::string();
}

TEST(SheetPictures, QtybinsOfARangeAreItsLognormalsProbabilitiesInTheUnitAsked) {
    // u from 100 to 300 million USD: edges in million USD, each bin the difference of the closed-form CDF.
    const auto r = qty_bins(std::string("u"), 10.0, std::string("million USD"),
                            Args{std::string("u"), std::string("100 million USD to 300 million USD")});
    ASSERT_TRUE(r) << r.error().sentence();
    const Table& t = std::get<Table>(*r);
    ASSERT_EQ(t.rows, 10u);
    ASSERT_EQ(t.columns, 4u);
    double previous = 0;
    for (std::size_t i = 0; i < t.rows; ++i) {
        const double lower = std::get<double>(t.cells[i * 4]), upper = std::get<double>(t.cells[i * 4 + 1]);
        const double p = std::get<double>(t.cells[i * 4 + 2]), cumulative = std::get<double>(t.cells[i * 4 + 3]);
        EXPECT_NEAR(p, lognormal_cdf(100, 300, upper) - lognormal_cdf(100, 300, lower), 1e-9);
        EXPECT_NEAR(cumulative, lognormal_cdf(100, 300, upper), 1e-9);
        if (i > 0) {
            EXPECT_EQ(lower, previous);
        }
        previous = upper;
    }
    // From the 0.5th percentile, 100 · (300/100)^((z(0.005) / z95 + 1) / 2), in million USD.
    EXPECT_NEAR(std::get<double>(t.cells[0]), 100 * std::pow(3.0, (-z995 / z95 + 1) / 2), 1e-6);
}

TEST(SheetPictures, QtybinsDefaultsToTwentyBins) {
    const auto r = qty_bins(std::string("(1 to 3) * (2 to 5)"), none, none, {});
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_EQ(std::get<Table>(*r).rows, 20u);
}

TEST(SheetPictures, QtysparkReadsAQtydistResultAndAnExpressionAlike) {
    const auto result = qty_dist(std::string("u"), std::string("million USD"),
                                 Args{std::string("u"), std::string("48 million USD to 86 million USD")});
    ASSERT_TRUE(result) << result.error().sentence();
    const std::string from_cell = text_of(qty_spark_cells(*result, none, none, {}));
    const std::string from_pairs = text_of(qty_spark_cells(std::string("u"), std::string("million USD"), none,
                                                           Args{std::string("u"), std::string("48 million USD to 86 million USD")}));
    EXPECT_EQ(from_cell, from_pairs);
    EXPECT_TRUE(from_cell.ends_with(" 48–86 million USD")) << from_cell;
    EXPECT_EQ(from_cell.size(), 12 * 3 + std::string(" 48–86 million USD").size());
    const std::string narrow = text_of(qty_spark_cells(*result, none, 5.0, {}));
    EXPECT_TRUE(narrow.ends_with(" 48–86 million USD")) << narrow;
    EXPECT_EQ(narrow.size(), 5 * 3 + std::string(" 48–86 million USD").size());
}

TEST(SheetPictures, QtysparkOverAColumnGivesOneSparklinePerRunKeepingBlankRows) {
    Cells column{3, 2, {1.0, 3.0, Cell{}, Cell{}, 10.0, 30.0}};
    const auto r = qty_spark_cells(std::string("x * 2"), none, none, Args{std::string("x"), column});
    ASSERT_TRUE(r) << r.error().sentence();
    const Table& t = std::get<Table>(*r);
    ASSERT_EQ(t.rows, 3u);
    EXPECT_TRUE(std::get<std::string>(t.cells[0]).ends_with(" 2.0–6.0")) << std::get<std::string>(t.cells[0]);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(t.cells[1]));
    EXPECT_TRUE(std::get<std::string>(t.cells[2]).ends_with(" 20–60")) << std::get<std::string>(t.cells[2]);
}

TEST(SheetPictures, AResultOfGuaranteedBoundsIsDrawnInTheNinetyPercentReadingOfItsRecipe) {
    const Args pairs{std::string("u"), std::string("2 to 5")};
    const auto bounds = qty(std::string("(1 to 3) * u"), none, pairs);
    ASSERT_TRUE(bounds) << bounds.error().sentence();
    // The same expression given with its pairs, read in the 90% reading: what the result cell's recipe is.
    const auto spark = qty_spark_cells(*bounds, none, none, {});
    const auto expected_spark = qty_spark_cells(std::string("(1 to 3) * u"), none, none, pairs);
    ASSERT_TRUE(spark) << spark.error().sentence();
    ASSERT_TRUE(expected_spark) << expected_spark.error().sentence();
    EXPECT_EQ(std::get<std::string>(*spark), std::get<std::string>(*expected_spark));
    const auto bins = qty_bins(*bounds, none, none, {});
    const auto expected_bins = qty_bins(std::string("(1 to 3) * u"), none, none, pairs);
    ASSERT_TRUE(bins) << bins.error().sentence();
    ASSERT_TRUE(expected_bins) << expected_bins.error().sentence();
    const Table& got = std::get<Table>(*bins);
    const Table& want = std::get<Table>(*expected_bins);
    ASSERT_EQ(got.cells.size(), want.cells.size());
    for (std::size_t i = 0; i < got.cells.size(); ++i) {
        EXPECT_EQ(std::get<double>(got.cells[i]), std::get<double>(want.cells[i])) << i;
    }
    // Not the bounds [2, 15] drawn as if uniform: the 90% reading's product of two lognormals (5th and 95th
    // percentiles at the ends of 1 to 3 and 2 to 5), whose 0.5th percentile, the first edge, is below the bound 2.
    const double mu = (std::log(3.0) + std::log(10.0)) / 2;
    const double sigma = std::hypot(std::log(3.0) / (2 * z95), std::log(2.5) / (2 * z95));
    EXPECT_NEAR(std::get<double>(got.cells[0]), std::exp(mu - z995 * sigma), 1e-9);
}

TEST(SheetPictures, BadCountsAndTextsThatAreNoQuantityAreRefused) {
    EXPECT_EQ(qty_bins(std::string("1 to 3"), 0.0, none, {}).error().kind, ErrorKind::argument);
    EXPECT_EQ(qty_bins(std::string("1 to 3"), 2.5, none, {}).error().kind, ErrorKind::argument);
    EXPECT_EQ(qty_spark_cells(std::string("1 to 3"), none, 0.0, {}).error().kind, ErrorKind::argument);
    EXPECT_EQ(qty_spark_cells(std::string("1 to 3"), none, std::string("wide"), {}).error().kind, ErrorKind::argument);
    EXPECT_FALSE(qty_spark_cells(std::string("a fine estimate"), none, none, {}));
    EXPECT_FALSE(qty_bins(std::string("3 hour"), none, none, {}));  // a single number: no spread to draw
    Cells column{2, 1, {1.0, 2.0}};
    EXPECT_FALSE(qty_bins(std::string("x * (1 to 2)"), none, none, Args{std::string("x"), column}));
}

}  // namespace
}  // namespace ballpark::sheet
