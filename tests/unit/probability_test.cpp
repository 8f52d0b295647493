// P(x < y), P(x > y) and P(a < x < b) (eval/probability.hpp) and QTYPROB (addin/sheet/qty_prob.cpp): in the 90%
// reading against closed forms (a product or quotient of lognormals is lognormal; a normal's CDF) computed here
// with std::erfc, and against Monte Carlo of a million trials with a fixed seed in which a name used twice is drawn
// once; in guaranteed bounds, 0 or 1 where the bounds decide and a sentence where they do not.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark {
namespace {

double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

using testing::z95;

// `a to b` with 0 < a < b in the 90% reading: ln X is normal with these mean and sd.
struct LogNormal {
    double mu, sigma;
};
LogNormal range(double a, double b) { return {(std::log(a) + std::log(b)) / 2, (std::log(b) - std::log(a)) / (2 * z95)}; }
LogNormal times(LogNormal x, LogNormal y, double sign = 1) {
    return {x.mu + sign * y.mu, std::hypot(x.sigma, y.sigma)};
}
double below(LogNormal x, double t) { return phi((std::log(t) - x.mu) / x.sigma); }

EvaluationOptions dist() {
    EvaluationOptions o;
    o.mode = distribution_mode();
    return o;
}

double chance(std::string_view text, std::span<const Binding> bindings = {}, EvaluationOptions options = dist()) {
    const Result<Quantity> q = evaluate(text, bindings, options);
    EXPECT_TRUE(q) << text << ": " << (q ? "" : q.error().sentence());
    if (!q) return NAN;
    EXPECT_FALSE(q->is_range()) << text;
    EXPECT_TRUE(q->dimension.is_dimensionless()) << text;
    return q->central;
}

Error error_of(std::string_view text, EvaluationOptions options = {}) {
    const Result<Quantity> q = evaluate(text, {}, options);
    EXPECT_FALSE(q) << text << " gave " << (q ? q->central : 0);
    return q ? Error{} : q.error();
}

TEST(Probability, AProductOrQuotientOfLognormalsHasItsClosedForm) {
    const LogNormal product = times(range(1, 3), range(2, 5));
    EXPECT_NEAR(chance("P((1 to 3) * (2 to 5) > 6)"), 1 - below(product, 6), 1e-12);
    EXPECT_NEAR(chance("P((1 to 3) * (2 to 5) < 6)"), below(product, 6), 1e-12);
    EXPECT_NEAR(chance("P((1 to 3) * (2 to 5) <= 6)"), below(product, 6), 1e-12);
    const LogNormal quotient = times(range(10, 100), range(2, 5), -1);
    EXPECT_NEAR(chance("P((10 to 100) / (2 to 5) < 10)"), below(quotient, 10), 1e-12);
    EXPECT_NEAR(chance("P(12 >= (10 to 100) / (2 to 5))"), below(quotient, 12), 1e-12);
    // Between two ends: P(x < b) - P(x <= a).
    EXPECT_NEAR(chance("P(5 < (1 to 3) * (2 to 5) < 10)"), below(product, 10) - below(product, 5), 1e-12);
    EXPECT_NEAR(chance("P(10 > (1 to 3) * (2 to 5) > 5)"), below(product, 10) - below(product, 5), 1e-12);
}

TEST(Probability, UnitsOnBothSidesAreCheckedAndConverted) {
    // cost in million USD, threshold in USD: the same chance as in one unit.
    const LogNormal cost = range(1, 10);
    EXPECT_NEAR(chance("P((1 to 10) million USD > 5000000 USD)"), 1 - below(cost, 5), 1e-12);
    EXPECT_NEAR(chance("P((1 to 10) million USD > $5M)"), 1 - below(cost, 5), 1e-12);
    const Error e = error_of("P((1 to 10) million USD < 5 hour)", dist());
    EXPECT_EQ(e.kind, ErrorKind::dimension) << e.sentence();
    EXPECT_NE(e.message.find("compare"), std::string::npos) << e.message;
}

TEST(Probability, TheQuarterPlanTotalAgainstItsClosedForm) {
    // Eight runs' FLOP (a constant), a shared utilization and price: the total cost is lognormal.
    const double flop = 6 * (7e9 * 2e12 + 13e9 * 2e12 + 34e9 * 3e12 + 70e9 * 2e12 + 8e9 * 15e12 + 70e9 * 15e12 +
                             405e9 * 15e12 + 175e9 * 0.3e12);
    const std::string total = "6 FLOP * (7e9 * 2e12 + 13e9 * 2e12 + 34e9 * 3e12 + 70e9 * 2e12 + 8e9 * 15e12 + "
                              "70e9 * 15e12 + 405e9 * 15e12 + 175e9 * 0.3e12) / (u * 989 TFLOP/s) * price";
    const std::vector<Binding> bindings{{"u", std::string_view("35% to 55%")},
                                        {"price", std::string_view("(1.80 to 2.60) USD / hour")}};
    // ln cost = ln(flop / (989e12 * 3600)) + ln price - ln u.
    const LogNormal price = range(1.80, 2.60), u = range(0.35, 0.55);
    LogNormal cost = times(price, u, -1);
    cost.mu += std::log(flop / (989e12 * 3600));
    const double budget = 60e6;
    EXPECT_NEAR(chance("P(" + total + " < 60 million USD)", bindings), below(cost, budget), 1e-9);
}

TEST(Probability, SharedInputsAreOneDrawAgainstMonteCarlo) {
    // x is used three times; uniform and sums of three ranges are sampled (the points' empirical CDF).
    const std::vector<Binding> bindings{{"x", std::string_view("1 to 10")}, {"y", std::string_view("uniform(2, 4)")},
                                        {"z", std::string_view("(1 to 3) + (2 to 5) + (1 to 10)")}};
    const LogNormal x = range(1, 10), a = range(1, 3), b = range(2, 5), c = range(1, 10);
    std::mt19937_64 random(20261205);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> uniform(2, 4);
    constexpr int trials = 1'000'000;
    int sum_over = 0, mixed_between = 0, three_below = 0, two_below = 0;
    for (int k = 0; k < trials; ++k) {
        const double xs = std::exp(x.mu + x.sigma * normal(random));
        const double ys = uniform(random);
        const double zs = std::exp(a.mu + a.sigma * normal(random)) + std::exp(b.mu + b.sigma * normal(random)) +
                          std::exp(c.mu + c.sigma * normal(random));
        sum_over += xs + xs * ys > 20;
        mixed_between += (xs * ys - xs > 3) && (xs * ys - xs < 12);
        three_below += zs < 9;
        two_below += std::exp(a.mu + a.sigma * normal(random)) + std::exp(b.mu + b.sigma * normal(random)) < 4.5;
    }
    const auto share = [&](int n) { return static_cast<double>(n) / trials; };
    EXPECT_NEAR(chance("P(x + x * y > 20)", bindings), share(sum_over), 0.005);
    EXPECT_NEAR(chance("P(3 < x * y - x < 12)", bindings), share(mixed_between), 0.005);
    EXPECT_NEAR(chance("P(z < 9)", bindings), share(three_below), 0.005);
    // A sum of two independent ranges: the quadrature its percentiles use.
    EXPECT_NEAR(chance("P((1 to 3) + (2 to 5) < 4.5)"), share(two_below), 0.005);
    // The points' CDF inverts their percentiles.
    EXPECT_NEAR(chance("P(x * y <= percentile(x * y, 95))", bindings), 0.95, 1e-6);
    // Far out, the sum of three independent ranges has an exact CDF too.
    int far = 0;
    std::mt19937_64 again(7);
    for (int k = 0; k < trials; ++k) {
        const double zs = std::exp(a.mu + a.sigma * normal(again)) + std::exp(b.mu + b.sigma * normal(again)) +
                          std::exp(c.mu + c.sigma * normal(again));
        far += zs > 25;
    }
    EXPECT_NEAR(chance("P(z > 25)", bindings), share(far), 0.002);
    // A name against itself: exactly one draw.
    EXPECT_EQ(chance("P(x - x < 1)", bindings), 1);
    EXPECT_EQ(chance("P(x > x)", bindings), 0);
}

TEST(Probability, GuaranteedBoundsGiveZeroOrOneOrASentence) {
    EXPECT_EQ(chance("P(1 to 3 < 5)", {}, {}), 1);
    EXPECT_EQ(chance("P(1 to 3 > 5)", {}, {}), 0);
    EXPECT_EQ(chance("P(2 < 2.5 to 3 < 4)", {}, {}), 1);
    EXPECT_EQ(chance("P(3.5 < 2.5 to 3 < 4)", {}, {}), 0);
    // A name used twice is one unknown: x < x + 1 whatever x is.
    const std::vector<Binding> x{{"x", std::string_view("1 to 10")}};
    EXPECT_EQ(chance("P(x < x + 1)", x, {}), 1);
    // Touching the threshold: strict and not strict differ.
    EXPECT_EQ(chance("P(1 to 3 <= 3)", {}, {}), 1);
    const Error touching = error_of("P(1 to 3 < 3)");
    EXPECT_EQ(touching.kind, ErrorKind::needs_distribution) << touching.sentence();
    const Error inside = error_of("P(1 to 3 < 2)");
    EXPECT_EQ(inside.kind, ErrorKind::needs_distribution) << inside.sentence();
    EXPECT_EQ(inside.mode, distribution_mode());
    EXPECT_NE(inside.message.find("not decided by the bounds"), std::string::npos) << inside.message;
}

TEST(Probability, WrongShapesAreSentences) {
    EXPECT_EQ(error_of("P(1 < 2 > 0)", dist()).kind, ErrorKind::syntax);
    EXPECT_EQ(error_of("P(1 < 2 3)", dist()).kind, ErrorKind::syntax);
    EXPECT_EQ(error_of("1 < 2").kind, ErrorKind::syntax);
    EXPECT_EQ(error_of("P(1 to 3 < 2 to 4 < 3)", dist()).kind, ErrorKind::range_order);
    // Without a comparison P is an ordinary name: here an unknown function.
    EXPECT_EQ(error_of("P(3)").kind, ErrorKind::unknown_name);
}

// QTYPROB: the same chances through the sheet layer.
using sheet::Arg;
using sheet::Cell;
using sheet::Cells;
using Args = std::vector<Arg>;

using ballpark::testing::number_of;

TEST(QtyProb, ChanceAtMostAThresholdOfANumberATextOrARange) {
    const LogNormal cost = range(1, 10);
    const Args pairs{std::string("c"), std::string("(1 to 10) million USD")};
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("c"), std::string("5 million USD"), Arg{}, pairs)),
                below(cost, 5), 1e-12);
    // A number: in `unit`, else in the value's `as` unit, else SI base units.
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("c"), 5.0, std::string("million USD"), pairs)), below(cost, 5), 1e-12);
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("c as million USD"), 5.0, Arg{}, pairs)), below(cost, 5), 1e-12);
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("c"), 5e6, Arg{}, pairs)), below(cost, 5), 1e-12);
    // A column of thresholds: one chance each, blanks kept.
    const Cells thresholds{3, 1, {Cell{2e6}, Cell{}, Cell{std::string("8 million USD")}}};
    const auto table = sheet::qty_prob_cells(std::string("c"), thresholds, Arg{}, pairs);
    ASSERT_TRUE(table) << table.error().sentence();
    const auto& t = std::get<sheet::Table>(*table);
    ASSERT_EQ(t.rows, 3u);
    ASSERT_EQ(t.columns, 1u);
    EXPECT_NEAR(std::get<double>(t.cells[0]), below(cost, 2), 1e-12);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(t.cells[1]));
    EXPECT_NEAR(std::get<double>(t.cells[2]), below(cost, 8), 1e-12);
    // Another dimension, or a range, is a sentence.
    const auto hours = sheet::qty_prob_cells(std::string("c"), std::string("5 hour"), Arg{}, pairs);
    ASSERT_FALSE(hours);
    EXPECT_EQ(hours.error().kind, ErrorKind::dimension) << hours.error().sentence();
    EXPECT_FALSE(sheet::qty_prob_cells(std::string("c"), std::string("4 to 5 million USD"), Arg{}, pairs));
    EXPECT_FALSE(sheet::qty_prob_cells(std::string("c"), 5.0, std::string("hour"), pairs));
}

TEST(QtyProb, AResultCellOfBoundsIsReadAgainAsADistribution) {
    // A QTY cell (guaranteed bounds) of a product of two ranges, read again in the 90% reading from its recipe.
    const Args pairs{std::string("a"), std::string("1 to 3"), std::string("b"), std::string("2 to 5")};
    const Result<std::string> cell = sheet::qty(std::string("a * b"), Arg{}, pairs);
    ASSERT_TRUE(cell) << cell.error().sentence();
    const LogNormal product = times(range(1, 3), range(2, 5));
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(*cell, 6.0, Arg{}, {})), below(product, 6), 1e-12);
    // Two cells that share a: a * b / a is b, one draw of a.
    const Result<std::string> a_cell = sheet::qty(std::string("a"), Arg{}, Args{std::string("a"), std::string("1 to 3")});
    ASSERT_TRUE(a_cell);
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("p / q"), 3.0, Arg{},
                                                Args{std::string("p"), *cell, std::string("q"), *a_cell})),
                below(range(2, 5), 3), 1e-9);
}

}  // namespace
}  // namespace ballpark
