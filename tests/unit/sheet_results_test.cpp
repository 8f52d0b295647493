// A sheet function reading the text of another Ballpark cell reads the result behind it (ballpark/linked.hpp):
// at full precision, sharing inputs with the other results it is combined with, in the reading it was made in.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <utility>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

using ballpark::testing::row;
using ballpark::testing::column;

std::string text_of(const Result<std::string>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : std::string{};
}

double value_of(const Result<double>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : NAN;
}

// 70 billion parameters, 2 trillion tokens on an A100 (312 TFLOP/s) at utilization u, in hours.
using testing::hours_at;
const std::string hours = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u) as hour";

TEST(SheetResults, AResultCellIsReadAtFullPrecisionAndATypedCopyAsItPrints) {
    const std::string cell = text_of(qty(hours, Arg{}, Args{std::string("u"), row({0.35, 0.55})}));
    EXPECT_EQ(split_key(cell).shown, "1.7 [1.4, 2.1] × 10⁶ hour");
    EXPECT_NEAR(value_of(qty_value(cell, std::string("hour"), std::string("low"), {})), hours_at(0.55), hours_at(0.55) * 1e-12);
    EXPECT_NEAR(value_of(qty_value(std::string("h * 2"), std::string("hour"), std::string("high"), Args{std::string("h"), cell})),
                2 * hours_at(0.35), hours_at(0.35) * 1e-12);
    // Typed by hand (no key): the printed bounds, widened by half a unit in their last digit.
    const std::string typed(split_key(cell).shown);
    EXPECT_NEAR(value_of(qty_value(typed, std::string("million hour"), std::string("low"), {})), 1.35, 1e-12);
}

TEST(SheetResults, AResultJoinedIntoALongerTextReadsAsItShows) {
    const std::string cell = text_of(qty(std::string("90 min"), std::string("hour"), {}));
    EXPECT_NEAR(value_of(qty_value(cell + " * 2", std::string("hour"), Arg{}, {})), 3, 1e-12);
}

TEST(SheetResults, AResultAskedAgainAfterTheStoreForgotItNamesItsResultAgain) {
    // A third printed is "0.333"; read as the result it is, three of it are 1 to within rounding (as printed and
    // widened by half a unit, the high end would be 1.0005).
    const auto three_times = [](const std::string& cell) {
        return value_of(qty_value(std::string("x * 3"), Arg{}, std::string("high"), Args{std::string("x"), cell}));
    };
    const std::string first = text_of(qty(std::string("1 / 3"), Arg{}, {}));
    EXPECT_NEAR(three_times(first), 1, 1e-12);
    EXPECT_EQ(text_of(qty(std::string("1 / 3"), Arg{}, {})), first);
    RecipeStore::instance().clear();
    EXPECT_NEAR(three_times(text_of(qty(std::string("1 / 3"), Arg{}, {}))), 1, 1e-12);
    // The same text asked in another unit or the other reading is another result.
    EXPECT_EQ(split_key(text_of(qty(std::string("90 min"), std::string("hour"), {}))).shown, "1.50 hour");
    EXPECT_EQ(split_key(text_of(qty(std::string("90 min"), std::string("min"), {}))).shown, "90.0 min");
    const std::string bounds = text_of(qty(std::string("2 to 8"), Arg{}, {}));
    const std::string ninety = text_of(qty_dist(std::string("2 to 8"), Arg{}, {}));
    EXPECT_NE(split_key(bounds).shown, split_key(ninety).shown);
    // 2 to 8 in the 90% reading has its 95th percentile at 8; the bounds result, read in that reading, is its
    // recipe evaluated again there, so it has the same.
    EXPECT_NEAR(value_of(qty_value(std::string("x"), Arg{}, std::string("p95"), Args{std::string("x"), ninety})), 8, 1e-9);
    EXPECT_NEAR(value_of(qty_value(std::string("x"), Arg{}, std::string("p95"), Args{std::string("x"), bounds})), 8, 1e-9);
}

TEST(SheetResults, RunsThatShareAUtilizationAddUpAsOneFormulaOverThem) {
    // Two runs' hours from one utilization range, a and b = 2a: b - a is a again only if u is one unknown in both.
    // With two independent u the low end would be 2 h(55%) - h(35%) = 0.58 million hours.
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string a = text_of(qty(hours, Arg{}, u));
    const std::string b = text_of(qty("2 * " + hours, Arg{}, u));
    const double low = value_of(qty_value(std::string("b - a"), std::string("hour"), std::string("low"),
                                          Args{std::string("a"), a, std::string("b"), b}));
    const double high = value_of(qty_value(std::string("b - a"), std::string("hour"), std::string("high"),
                                           Args{std::string("a"), a, std::string("b"), b}));
    // Guaranteed, and as tight as the one formula that writes both runs out.
    EXPECT_LE(low, hours_at(0.55));
    EXPECT_GE(high, hours_at(0.35));
    const std::string both = "2 * (" + hours + ") - (" + hours + ")";
    EXPECT_NEAR(low, value_of(qty_value(both, std::string("hour"), std::string("low"), u)), low * 1e-12);
    EXPECT_NEAR(high, value_of(qty_value(both, std::string("hour"), std::string("high"), u)), high * 1e-12);
    EXPECT_GT(low, 1.2e6);
    // QTYSUM of the two: 3 times the hours, bounds exact.
    const std::string total = text_of(qty_sum(column({a, b}), std::string("hour")));
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("high"), {})), 3 * hours_at(0.35), hours_at(0.35) * 1e-9);
}

TEST(SheetResults, QtySumWithoutAUnitIsShownInTheUnitItsCellsAreShownIn) {
    // A column of GPU-hours in "million hour" totalled in years (3300 [2700, 4300] year).
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string a = text_of(qty(hours, std::string("million hour"), u));
    const std::string b = text_of(qty("2 * " + hours, std::string("million hour"), u));
    const std::string total = text_of(qty_sum(column({a, b}), Arg{}));
    EXPECT_TRUE(split_key(total).shown.ends_with(" million hour")) << total;
    // The same total as with the unit given: 3 h(u), bounds exact.
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("high"), {})), 3 * hours_at(0.35), hours_at(0.35) * 1e-9);
    EXPECT_EQ(split_key(total).shown, split_key(text_of(qty_sum(column({a, b}), std::string("million hour")))).shown);
    // Cells in different units of one kind: the largest; a unit argument still wins.
    const std::string small = text_of(qty(std::string("1500 hour"), std::string("thousand hour"), {}));
    EXPECT_TRUE(split_key(text_of(qty_sum(column({small, a}), Arg{}))).shown.ends_with(" million hour"));
    EXPECT_TRUE(split_key(text_of(qty_sum(column({a, small}), Arg{}))).shown.ends_with(" million hour"));
    EXPECT_EQ(split_key(text_of(qty_sum(column({small, small}), Arg{}))).shown, "3.00 thousand hour");
    EXPECT_TRUE(split_key(text_of(qty_sum(column({small, a}), std::string("day")))).shown.ends_with(" day"));
    // Typed texts say no unit to show: the core's choice, as before.
    EXPECT_EQ(split_key(text_of(qty_sum(column({std::string("1500 hour"), std::string("1500 hour")}), Arg{}))).shown,
              "125 day");
    // A cell of another kind is still refused, naming it.
    const auto mixed = qty_sum(column({a, text_of(qty(std::string("3 kg"), std::string("kg"), {}))}), Arg{});
    ASSERT_FALSE(mixed);
    EXPECT_NE(mixed.error().sentence().find("Cell 2 of values"), std::string::npos) << mixed.error().sentence();
}

TEST(SheetResults, QtySumOfDistributionResultsIsInTheNinetyPercentReading) {
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string a = text_of(qty_dist(hours, Arg{}, u));
    const std::string b = text_of(qty_dist(hours, Arg{}, u));  // the same result: the same recipe
    const std::string total = text_of(qty_sum(column({a, b}), std::string("hour")));
    // Twice one run: the median and the 95th percentile of 2 h, where h is lognormal in 1/u.
    const double sigma = (std::log(0.55) - std::log(0.35)) / (2 * testing::z95);
    const double median_u = std::sqrt(0.35 * 0.55);
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("median"), {})) / (2 * hours_at(median_u)), 1, 1e-6);
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("p95"), {})) /
                    (2 * hours_at(median_u * std::exp(-testing::z95 * sigma))),
                1, 1e-6);
}

// A QTYDIST result read for "low" is its recipe's guaranteed bounds. A QTYSUM of results of two readings with no
// reading asked is refused, with the argument that asks one.
TEST(SheetResults, AResultIsReadInTheReadingAskedWithAdviceForCalcWhereNoneIs) {
    const std::string d = text_of(qty_dist(std::string("x"), Arg{}, Args{std::string("x"), std::string("1 to 2")}));
    EXPECT_EQ(value_of(qty_value(std::string("h"), Arg{}, std::string("low"), Args{std::string("h"), d})), 1);
    EXPECT_TRUE(qty_value(std::string("h"), Arg{}, std::string("p5"), Args{std::string("h"), d}));
    const std::string b = text_of(qty(std::string("x"), Arg{}, Args{std::string("x"), std::string("1 to 2")}));
    const auto mixed = qty_sum(column({d, b}), Arg{});
    ASSERT_FALSE(mixed);
    EXPECT_EQ(mixed.error().kind, ErrorKind::mixed_readings);
    EXPECT_NE(calc_sentence(mixed.error()).find("third argument"), std::string::npos) << calc_sentence(mixed.error());
}

TEST(SheetResults, AResultTheStoreDoesNotHoldIsRefusedWithWhatToDoUntilItsFormulaRunsAgain) {
    // A pasted copy of a result, or one whose recipe the store forgot: the same refusal in the session and after
    // reopening, never the printed text read as if it were the result.
    const std::string foreign = with_key("2 hour", 12345);
    const auto refused = qty_value(foreign, std::string("min"), Arg{}, {});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, ErrorKind::forgotten_result);
    EXPECT_NE(calc_sentence(refused.error()).find("Ctrl+Shift+F9"), std::string::npos) << calc_sentence(refused.error());
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string cell = text_of(qty(hours, Arg{}, u));
    RecipeStore::instance().clear();
    EXPECT_FALSE(qty_value(std::string("h"), std::string("hour"), std::string("low"), Args{std::string("h"), cell}));
    EXPECT_FALSE(qty_sum(column({cell, cell}), Arg{}));
    // The cell's formula computed again (Ctrl+Shift+F9, or Calc opening the file) gives the same text and key, and
    // the result reads again at full precision.
    EXPECT_EQ(text_of(qty(hours, Arg{}, u)), cell);
    EXPECT_NEAR(value_of(qty_value(std::string("h"), std::string("hour"), std::string("low"), Args{std::string("h"), cell})),
                hours_at(0.55), hours_at(0.55) * 1e-12);
}

TEST(SheetResults, AResultChangedByATextFormulaReadsAsItShows) {
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string cell = text_of(qty(hours, std::string("million hour"), u));
    ASSERT_EQ(split_key(cell).shown, "1.7 [1.4, 2.1] million hour");
    const std::string key_part = cell.substr(split_key(cell).shown.size());
    // B10 ="2 * "&A10: twice the printed range, 3.4 [2.8, 4.2] million hours, not the result's 1.66.
    EXPECT_NEAR(value_of(qty_value("2 * " + cell, std::string("million hour"), Arg{}, {})), 3.4, 1e-12);
    EXPECT_NEAR(value_of(qty_value("2 * " + cell, std::string("million hour"), std::string("low"), {})), 2 * 1.35, 1e-12);
    // =SUBSTITUTE(A10; "million"; "thousand"): 1.7 thousand hours, not the result's 1662.
    EXPECT_NEAR(value_of(qty_value("1.7 [1.4, 2.1] thousand hour" + key_part, std::string("thousand hour"), Arg{}, {})), 1.7,
                1e-12);
    // Bound under a name, and in QTYSUM, the same.
    EXPECT_NEAR(value_of(qty_value(std::string("x"), std::string("million hour"), Arg{},
                                   Args{std::string("x"), "2 * " + cell})),
                3.4, 1e-12);
    EXPECT_NEAR(value_of(qty_value(text_of(qty_sum(column({"1.7 [1.4, 2.1] thousand hour" + key_part, cell}), Arg{})),
                                   std::string("thousand hour"), std::string("central"), {})),
                1.7 + hours_at(0.45) / 1000, 1e-3);
}

// The p-th percentile of the sum of two independent lognormals with 5th and 95th percentiles 350 and 550 (1000 hours
// times 35% to 55% in the 90% reading), by a Monte Carlo of four million draws.
double independent_pair_percentile(double p) {
    using testing::z95;
    const double mu = (std::log(350.0) + std::log(550.0)) / 2;
    const double sigma = (std::log(550.0) - std::log(350.0)) / (2 * z95);
    std::mt19937_64 random(20261204);
    std::lognormal_distribution<double> draw(mu, sigma);
    std::vector<double> sums(4'000'000);
    for (double& s : sums) s = draw(random) + draw(random);
    const auto at = sums.begin() + static_cast<std::ptrdiff_t>(p * static_cast<double>(sums.size() - 1));
    std::nth_element(sums.begin(), at, sums.end());
    return *at;
}

TEST(SheetResults, DistinctCellsOfAQtySumRangeAreDistinctResultsEvenWhenAlike) {
    // I1 and I2 both =QTYDIST("1000 hour * (35% to 55%)"): one recipe, but two cells, so two unknown utilizations.
    const std::string one = text_of(qty_dist(std::string("1000 hour * (35% to 55%)"), Arg{}, {}));
    const std::string two = text_of(qty_dist(std::string("1000 hour*(35%to 55%)"), Arg{}, {}));
    EXPECT_EQ(split_key(one).key, split_key(two).key) << "spacing made two results";
    const std::string total = text_of(qty_sum(column({one, two}), std::string("hour")));
    for (const auto& [part, p] : {std::pair{"p5", 0.05}, std::pair{"p95", 0.95}}) {
        const double got = value_of(qty_value(total, std::string("hour"), std::string(part), {}));
        EXPECT_NEAR(got / independent_pair_percentile(p), 1, 0.005) << part;
    }
    // A range shared by name stays one unknown: twice one run, as before.
    const std::string a = text_of(qty_dist(std::string("1000 hour * u"), Arg{}, Args{std::string("u"), row({0.35, 0.55})}));
    const std::string shared = text_of(qty_sum(column({a, a}), std::string("hour")));
    EXPECT_NEAR(value_of(qty_value(shared, std::string("hour"), std::string("p5"), {})), 700, 700 * 1e-9);
    EXPECT_NEAR(value_of(qty_value(shared, std::string("hour"), std::string("p95"), {})), 1100, 1100 * 1e-9);
}

TEST(SheetResults, TwoNamesGivenEqualResultsAreRefusedRatherThanMerged) {
    const std::string i1 = text_of(qty(std::string("1000 hour * (35% to 55%)"), Arg{}, {}));
    const std::string i2 = text_of(qty(std::string("1000 hour * (35% to 55%)"), Arg{}, {}));
    const auto difference = qty_value(std::string("a - b"), std::string("hour"), std::string("high"),
                                      Args{std::string("a"), i1, std::string("b"), i2});
    ASSERT_FALSE(difference);
    EXPECT_NE(difference.error().sentence().find("QTYSUM"), std::string::npos) << difference.error().sentence();
    // One name written twice is one cell read twice: exactly 0.
    EXPECT_EQ(value_of(qty_value(std::string("a - a"), std::string("hour"), std::string("high"), Args{std::string("a"), i1})), 0);
    // Bounds of a sum of two alike cells: each from 350 to 550 hours.
    const std::string total = text_of(qty_sum(column({i1, i2}), std::string("hour")));
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("low"), {})), 700, 1e-9);
    EXPECT_NEAR(value_of(qty_value(total, std::string("hour"), std::string("high"), {})), 1100, 1e-9);
}

TEST(SheetResults, QtyInputsListsEachUnknownOnceWithWhatItWasGiven) {
    // Two runs given the same utilization cells and their own tokens: u is one input of their total, t two.
    const Args u{std::string("u"), row({0.35, 0.55})};
    const std::string expression = "6 FLOP * p * t / (312 TFLOP/s * u) as hour";
    const std::string a = text_of(qty(expression, Arg{}, Args{std::string("p"), 70e9, std::string("t"),
                                                              std::string("1.8 to 2.2 trillion"), u[0], u[1]}));
    const std::string b = text_of(qty(expression, Arg{}, Args{std::string("p"), 8e9, std::string("t"),
                                                              std::string("10 to 15 trillion"), u[0], u[1]}));
    EXPECT_EQ(text_of(qty_inputs(a)), "u (0.35 to 0.55); t (1.8 to 2.2 trillion)");
    EXPECT_EQ(text_of(qty_inputs(text_of(qty_sum(column({a, b}), Arg{})))),
              "u (0.35 to 0.55); t (10 to 15 trillion); t (1.8 to 2.2 trillion)");
    // Two alike cells in a QTYSUM: the range written in their expression is two unknowns, and the list says so.
    const std::string i = text_of(qty_dist(std::string("1000 hour * (35% to 55%)"), Arg{}, {}));
    EXPECT_EQ(text_of(qty_inputs(text_of(qty_sum(column({i, i}), Arg{})))), "35% to 55% (first); 35% to 55% (second)");
    EXPECT_EQ(text_of(qty_inputs(std::string("3 hour"))), "(no uncertain inputs)");
    EXPECT_FALSE(qty_inputs(Arg{}));
}

TEST(SheetResults, AResultOfAPlanStepKeepsUnderTwoKilobytesOfRecipe) {
    // docs/addin.md sizes the store's 2 GB by this: 500,000 such results take under 1 GB. Four inputs, as a run of
    // a plan has (parameters, tokens, peak, utilization), each result distinct.
    RecipeStore& store = RecipeStore::instance();
    const std::size_t bytes_before = store.bytes();
    const std::size_t count_before = store.size();
    for (int k = 0; k < 2000; ++k) {
        text_of(qty(std::string("6 FLOP * p * t / (peak * u) as hour"), Arg{},
                    Args{std::string("p"), 1e9 + k, std::string("t"), row({2e12, 3e12}), std::string("peak"),
                         std::string("312 TFLOP/s"), std::string("u"), row({0.35, 0.55})}));
    }
    ASSERT_EQ(store.size() - count_before, 2000u);
    const double per_result = static_cast<double>(store.bytes() - bytes_before) / 2000;
    std::printf("recipe bytes per plan-step result: %.0f\n", per_result);
    EXPECT_LT(per_result, 2000);
}

TEST(SheetResults, SeveralPartsInOneCallAreARowInTheirOrder) {
    const Args u{std::string("u"), row({0.35, 0.55})};
    const auto three = qty_values(hours, std::string("hour"), std::string("low central high"), u);
    ASSERT_TRUE(three) << three.error().sentence();
    ASSERT_EQ(three->size(), 3u);
    EXPECT_NEAR((*three)[0], hours_at(0.55), hours_at(0.55) * 1e-12);
    EXPECT_NEAR((*three)[1], hours_at(0.45), hours_at(0.45) * 1e-12);
    EXPECT_NEAR((*three)[2], hours_at(0.35), hours_at(0.35) * 1e-12);
    // Both readings in one call: the 95th percentile of h, lognormal in 1/u, and the guaranteed high end.
    const auto mixed = qty_values(hours, std::string("hour"), std::string("p95, high"), u);
    ASSERT_TRUE(mixed) << mixed.error().sentence();
    const double sigma = (std::log(0.55) - std::log(0.35)) / (2 * testing::z95);
    EXPECT_NEAR((*mixed)[0] / hours_at(std::sqrt(0.35 * 0.55) * std::exp(-testing::z95 * sigma)), 1, 1e-9);
    EXPECT_NEAR((*mixed)[1], hours_at(0.35), hours_at(0.35) * 1e-12);
    const auto bad = qty_values(hours, Arg{}, std::string("low middle"), u);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().sentence().find("\"middle\""), std::string::npos) << bad.error().sentence();
}

// A tornado of results reads through them to the inputs they were computed from. Two costs share a price:
// a = h * price, b = k * price, with h = 100 to 200, k = 50 to 60, price = 2 to 3. Worked out by hand from
// (h + k) * price at the midpoints (h 150, k 55, price 2.5): price swings (150 + 55) * (3 - 2) = 205, h swings
// (200 - 100) * 2.5 = 250, k (60 - 50) * 2.5 = 25. Read as two results, the bars would be a and b.
TEST(SheetResults, ATornadoOfResultsHasTheBarsOfTheInputsTheyShare) {
    const Args price{std::string("price"), row({2.0, 3.0})};
    const std::string a = text_of(qty(std::string("h * price"), Arg{}, Args{std::string("h"), row({100.0, 200.0}), price[0], price[1]}));
    const std::string b = text_of(qty(std::string("k * price"), Arg{}, Args{std::string("k"), row({50.0, 60.0}), price[0], price[1]}));
    const Args pairs{std::string("a"), a, std::string("b"), b};
    const std::string total("a + b");
    EXPECT_EQ(text_of(qty_top(total, 1.0, pairs)), "h");
    EXPECT_EQ(text_of(qty_top(total, 2.0, pairs)), "price");
    EXPECT_EQ(text_of(qty_top(total, 3.0, pairs)), "k");
    EXPECT_FALSE(qty_top(total, 4.0, pairs)) << "only three inputs move the total";
    EXPECT_NEAR(value_of(qty_swing(total, std::string("price"), Arg{}, Arg{}, pairs)), 205, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(total, std::string("price"), std::string("low"), Arg{}, pairs)), 205 * 2, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(total, std::string("h"), std::string("high"), Arg{}, pairs)), 255 * 2.5, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(total, std::string("k"), Arg{}, Arg{}, pairs)), 25, 1e-9);
    // A QTYDIST result's tornado is in its own reading: h moves from its 5th to its 95th percentile, 100 to 200,
    // so 2 h swings by 200. A QTYDIST result beside a QTY result is refused, as any reading of the two is.
    const std::string d = text_of(qty_dist(std::string("h * 2"), Arg{}, Args{std::string("h"), row({100.0, 200.0})}));
    EXPECT_EQ(text_of(qty_top(std::string("d"), 1.0, Args{std::string("d"), d})), "h");
    EXPECT_NEAR(value_of(qty_swing(std::string("d"), std::string("h"), Arg{}, Arg{}, Args{std::string("d"), d})), 200, 1e-9);
    const auto mixed = qty_top(std::string("d + a"), 1.0, Args{std::string("d"), d, std::string("a"), a});
    ASSERT_FALSE(mixed);
    EXPECT_EQ(mixed.error().kind, ErrorKind::mixed_readings);
}

// Each run binds its own tokens to the same name, as a formula filled down does: a = t * price with t = 100 to 200,
// b = t * price with t = 50 to 60. The bars of the two t are told apart by the values they were given; the swings
// are those of the test above (250 and 25).
TEST(SheetResults, BarsOfInputsBoundToOneNameSayWhatEachWasGiven) {
    const Args price{std::string("price"), row({2.0, 3.0})};
    const std::string a = text_of(qty(std::string("t * price"), Arg{}, Args{std::string("t"), row({100.0, 200.0}), price[0], price[1]}));
    const std::string b = text_of(qty(std::string("t * price"), Arg{}, Args{std::string("t"), std::string("50 to 60"), price[0], price[1]}));
    const Args pairs{std::string("a"), a, std::string("b"), b};
    EXPECT_EQ(text_of(qty_top(std::string("a + b"), 1.0, pairs)), "t (100 to 200)");
    EXPECT_EQ(text_of(qty_top(std::string("a + b"), 2.0, pairs)), "price");
    EXPECT_EQ(text_of(qty_top(std::string("a + b"), 3.0, pairs)), "t (50 to 60)");
    EXPECT_NEAR(value_of(qty_swing(std::string("a + b"), std::string("t (100 to 200)"), Arg{}, Arg{}, pairs)), 250, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("a + b"), std::string("t (50 to 60)"), Arg{}, Arg{}, pairs)), 25, 1e-9);
}

}  // namespace
}  // namespace ballpark::sheet
