// What QTYSUM's description says (docs/addin.md, the Function Wizard's text in addin/sheet_table.py): numbers in the
// unit, empty cells skipped, inputs the cells share counted once in either reading, a typed text an unknown of its
// own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

using ballpark::testing::row;
using ballpark::testing::column;

double part_of(const Result<std::string>& total, const char* part) {
    EXPECT_TRUE(total) << total.error().sentence();
    if (!total) return NAN;
    const auto value = qty_value(*total, std::string("hour"), std::string(part), {});
    EXPECT_TRUE(value) << value.error().sentence();
    return value ? *value : NAN;
}

TEST(SheetQtySum, TakesNumbersInTheUnitAndSkipsEmptyCells) {
    const auto total = qty_sum(column({1.5, std::monostate{}, std::string("30 min"), 2.0}), std::string("hour"));
    EXPECT_EQ(part_of(total, "central"), 4.0);
}

TEST(SheetQtySum, CountsAnInputTheCellsShareOnceInGuaranteedBounds) {
    // a = 1000 hour × u and b = -500 hour × u with u from 35% to 55% given to both: the total is 500 u hours, from
    // 175 to 275. Were u two inputs, the total would run from 350 - 275 = 75 to 550 - 175 = 375 hours.
    const Args u{std::string("u"), row({0.35, 0.55})};
    const auto a = qty(std::string("1000 hour * u"), Arg{}, u);
    const auto b = qty(std::string("-500 hour * u"), Arg{}, u);
    ASSERT_TRUE(a && b);
    const auto total = qty_sum(column({*a, *b}), std::string("hour"));
    EXPECT_NEAR(part_of(total, "low"), 175, 175 * 1e-12);
    EXPECT_NEAR(part_of(total, "high"), 275, 275 * 1e-12);
}

TEST(SheetQtySum, CountsAnInputTheCellsShareOnceInTheNinetyPercentReading) {
    // QTYDIST cells 1000 hour × u and 2000 hour × u sharing u (5th and 95th percentiles 35% and 55%): the total is
    // 3000 u hours, whose 5th and 95th percentiles are 1050 and 1650. Two independent u would give a narrower total.
    const Args u{std::string("u"), row({0.35, 0.55})};
    const auto a = qty_dist(std::string("1000 hour * u"), Arg{}, u);
    const auto b = qty_dist(std::string("2000 hour * u"), Arg{}, u);
    ASSERT_TRUE(a && b);
    const auto total = qty_sum(column({*a, *b}), std::string("hour"));
    EXPECT_NEAR(part_of(total, "p5"), 1050, 1050 * 1e-9);
    EXPECT_NEAR(part_of(total, "p95"), 1650, 1650 * 1e-9);
}

TEST(SheetQtySum, ATypedTextIsAnUnknownOfItsOwn) {
    // Two cells typed 3 [90%: 1, 9] hour: two independent lognormals (median 3, 95th percentile 9). Their sum's 95th
    // percentile by a Monte Carlo of a million draws; as one shared unknown it would be 18.
    const std::string typed = "3 [90%: 1, 9] hour";
    std::mt19937_64 random(20261205);
    std::lognormal_distribution<double> draw(std::log(3.0), std::log(3.0) / testing::z95);
    std::vector<double> sums(1'000'000);
    for (double& s : sums) s = draw(random) + draw(random);
    const auto at = sums.begin() + static_cast<std::ptrdiff_t>(0.95 * static_cast<double>(sums.size() - 1));
    std::nth_element(sums.begin(), at, sums.end());
    const double p95 = part_of(qty_sum(column({typed, typed}), std::string("hour")), "p95");
    EXPECT_NEAR(p95 / *at, 1, 0.01);
    EXPECT_LT(p95, 18 * 0.9);
}

}  // namespace
}  // namespace ballpark::sheet
