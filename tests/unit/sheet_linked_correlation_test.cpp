// How correlations and the identity of inputs travel between result cells. A "correlation" pair given beside a
// result cell correlates the inputs that result was computed from; a correlation kept by one result applies to every
// use of its inputs wherever results meet, in any order; two results that disagree are refused. Alike cells read
// through steps are refused as alike cells given directly are, and a total of alike totals counts each unknown once.
// References are independent: closed forms for correlated lognormals (Gaussian copula, rho = 2 sin(pi r / 6)) and
// Monte Carlo of a million trials that draws each shared input once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"

namespace ballpark {
namespace {

using sheet::Arg;
using sheet::Cells;
using Args = std::vector<Arg>;

// k * price / u with price 2 to 4 and u 25% to 60%, lognormals with rank correlation r: its 95th percentile and its
// log-sd in closed form (reference_models.hpp).
using testing::price_over_u::log_sd;

std::string text_of(const Result<std::string>& r) {
    EXPECT_TRUE(r) << (r ? "" : r.error().sentence());
    return r ? *r : std::string();
}

// A run's cost, with or without the pair beside its own inputs.
std::string run(const char* hours, const char* correlation = nullptr) {
    Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4 USD/hour")};
    if (correlation) {
        pairs.emplace_back(std::string("correlation"));
        pairs.emplace_back(std::string(correlation));
    }
    return text_of(sheet::qty(std::string(hours) + " * price / u", std::string("USD"), pairs));
}

double p95(const Arg& value, Args pairs = {}) {
    const auto q = sheet::qty_value(value, std::string("USD"), std::string("p95"), pairs);
    EXPECT_TRUE(q) << (q ? "" : q.error().sentence());
    return q ? *q : NAN;
}

Args correlated(double r) { return {std::string("correlation"), std::string("u, price: ") + (r < 0 ? "-0.5" : "0.5")}; }

TEST(ResultCorrelation, APairBesideAResultCellCorrelatesTheInputsOfItsRecipe) {
    const std::string a1 = run("1000 hour");
    EXPECT_NEAR(p95(a1), testing::price_over_u::p95(1000, 0), 1e-9 * testing::price_over_u::p95(1000, 0));
    for (const double r : {0.5, -0.5}) {
        EXPECT_NEAR(p95(a1, correlated(r)), testing::price_over_u::p95(1000, r), 1e-9 * testing::price_over_u::p95(1000, r)) << r;
        // The result given under a name, the pair beside it.
        Args named{std::string("c"), a1};
        for (const Arg& a : correlated(r)) named.push_back(a);
        EXPECT_NEAR(p95(std::string("c"), named), testing::price_over_u::p95(1000, r), 1e-9 * testing::price_over_u::p95(1000, r)) << r;
    }
    // QTYPROB: P(cost <= median e^s) = Phi(1), s the correlated log-sd.
    const double s = log_sd(0.5);
    const double at = 1000 * std::sqrt(8.0) / std::sqrt(0.15) * std::exp(s);
    const auto prob = sheet::qty_prob_cells(a1, at, std::string("USD"), correlated(0.5));
    ASSERT_TRUE(prob) << prob.error().sentence();
    EXPECT_NEAR(std::get<double>(*prob), 0.5 * std::erfc(-1 / std::numbers::sqrt2), 1e-9);
    // QTYDIST of the cell with the pair is the cell computed with the pair.
    const auto shown_of = [](const Result<std::string>& r) { return std::string(split_key(text_of(r)).shown); };
    EXPECT_EQ(shown_of(sheet::qty_dist(a1, std::string("USD"), correlated(0.5))),
              shown_of(sheet::qty_dist(run("1000 hour", "u, price: 0.5"), std::string("USD"), {})));
}

TEST(ResultCorrelation, ANameTheResultDoesNotGiveOrGivesTwiceIsRefusedNamingIt) {
    const std::string a1 = run("1000 hour");
    const auto typo = sheet::qty_value(a1, std::string("USD"), std::string("p95"),
                                       Args{std::string("correlation"), std::string("u, prcie: 0.5")});
    ASSERT_FALSE(typo);
    EXPECT_NE(typo.error().message.find("\"prcie\""), std::string::npos) << typo.error().message;
    // A correlated name given two different values by the results read: it stands for two inputs.
    const std::string other = text_of(sheet::qty(std::string("2000 hour * price / u"), std::string("USD"),
                                                 Args{std::string("u"), std::string("30% to 50%"), std::string("price"),
                                                      std::string("2 to 4 USD/hour")}));
    const auto both = sheet::qty_value(std::string("a + b"), std::string("USD"), std::string("p95"),
                                       Args{std::string("a"), a1, std::string("b"), other, std::string("correlation"),
                                            std::string("u, price: 0.5")});
    ASSERT_FALSE(both);
    EXPECT_EQ(both.error().kind, ErrorKind::ambiguous);
    EXPECT_NE(both.error().message.find("\"30% to 50%\""), std::string::npos) << both.error().message;
    // A correlated name bound to a result rather than to an uncertain input.
    const auto result = sheet::qty_value(std::string("c * price / price"), std::string("USD"), std::string("p95"),
                                         Args{std::string("c"), a1, std::string("price"), std::string("2 to 4"),
                                              std::string("correlation"), std::string("c, price: 0.5")});
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("earlier result"), std::string::npos) << result.error().message;
}

TEST(ResultCorrelation, AnyOtherPairBesideAResultCellIsRefusedNotIgnored) {
    // A result keeps the inputs it was computed from: a value given beside it would change nothing, so it is
    // refused in every function that reads the result, naming the pair; the result alone still reads.
    const std::string a1 = run("1000 hour");
    const Args other{std::string("u"), std::string("30% to 40%")};
    const auto value = sheet::qty_value(a1, std::string("USD"), std::string("p95"), other);
    ASSERT_FALSE(value);
    EXPECT_EQ(value.error().kind, ErrorKind::argument);
    EXPECT_NE(value.error().message.find("the pair \"u\" beside it would be read by nothing"), std::string::npos)
        << value.error().message;
    EXPECT_FALSE(sheet::qty_dist(a1, std::string("USD"), other));
    EXPECT_FALSE(sheet::qty_prob_cells(a1, 1e4, std::string("USD"), other));
    EXPECT_NEAR(p95(a1), testing::price_over_u::p95(1000, 0), 1e-9 * testing::price_over_u::p95(1000, 0));
}

TEST(ResultCorrelation, AResultsCorrelationAppliesToEveryUseOfItsInputsInAnyOrder) {
    // C10 states the pair for its run; C11 is another run over the same u and price without it. Their total is
    // (1000 + 2000) hour * price / u, correlated: one closed form whichever cell comes first.
    const std::string c10 = run("1000 hour", "u, price: 0.5");
    const std::string c11 = run("2000 hour");
    const double truth = testing::price_over_u::p95(3000, 0.5);
    const auto total = [&](const std::string& a, const std::string& b) {
        return text_of(sheet::qty_sum(Cells{2, 1, {a, b}}, std::string("USD"), std::string("90%")));
    };
    EXPECT_NEAR(p95(total(c10, c11)), truth, 1e-9 * truth);
    EXPECT_NEAR(p95(total(c11, c10)), truth, 1e-9 * truth);
    for (const auto& [a, b] : {std::pair{c10, c11}, std::pair{c11, c10}}) {
        EXPECT_NEAR(p95(std::string("a + b"), Args{std::string("a"), a, std::string("b"), b}), truth, 1e-9 * truth);
    }
    // The total of a plan sorted in any order: three runs, the pair kept by the middle one.
    const std::vector<std::string> rows{run("500 hour"), run("700 hour", "u, price: 0.5"), run("900 hour")};
    std::vector<std::size_t> order{0, 1, 2};
    const double plan = testing::price_over_u::p95(2100, 0.5);
    do {
        const std::string t = text_of(sheet::qty_sum(Cells{3, 1, {rows[order[0]], rows[order[1]], rows[order[2]]}},
                                                     std::string("USD"), std::string("90%")));
        EXPECT_NEAR(p95(t), plan, 1e-9 * plan);
    } while (std::ranges::next_permutation(order).found);
}

TEST(ResultCorrelation, TwoResultsThatStateDifferentCorrelationsAreRefusedNamingBoth) {
    const std::string plus = run("1000 hour", "u, price: 0.5");
    const std::string minus = run("2000 hour", "u, price: -0.5");
    for (const auto& [a, b] : {std::pair{plus, minus}, std::pair{minus, plus}}) {
        const auto total = sheet::qty_sum(Cells{2, 1, {a, b}}, std::string("USD"), std::string("90%"));
        ASSERT_FALSE(total);
        EXPECT_NE(total.error().message.find("\"u, price: 0.5\""), std::string::npos) << total.error().message;
        EXPECT_NE(total.error().message.find("\"u, price: -0.5\""), std::string::npos) << total.error().message;
    }
    // The same pair stated alike in both is one statement.
    const std::string again = run("2000 hour", "u, price: 0.5");
    EXPECT_NEAR(p95(text_of(sheet::qty_sum(Cells{2, 1, {plus, again}}, std::string("USD"), std::string("90%")))),
                testing::price_over_u::p95(3000, 0.5), 1e-9 * testing::price_over_u::p95(3000, 0.5));
}

// The 5th and 95th percentiles of `draw` over a million trials.
template <class Draw>
std::pair<double, double> monte_carlo(Draw draw) {
    std::mt19937_64 rng(20261207);
    std::normal_distribution<double> z;
    std::vector<double> totals(1'000'000);
    for (double& t : totals) t = draw(rng, z);
    std::ranges::sort(totals);
    return {totals[totals.size() / 20], totals[totals.size() - totals.size() / 20]};
}

// A utilization of 35% to 55% read as a lognormal with those percentiles.
double utilization(std::mt19937_64& rng, std::normal_distribution<double>& z) {
    return testing::Lognormal::through(0.35, 0.55).draw(rng, z);
}

TEST(AlikeCells, ReachedThroughAStepQtyTextOrATotalTheyAreRefusedAsWhenGivenDirectly) {
    const Args none;
    const std::string n1 = text_of(sheet::qty(std::string("1000 hour * (35% to 55%)"), Arg{}, none));
    const std::string n2 = text_of(sheet::qty(std::string("1000 hour * (35% to 55%)"), Arg{}, none));
    const std::string n3 = text_of(sheet::qty(std::string("x"), std::string("day"), Args{std::string("x"), n2}));
    const std::string through_text = text_of(sheet::qty_text(n2, std::string("hour"), 4.0));
    const std::string total = text_of(sheet::qty_sum(n2, std::string("hour")));
    for (const std::string& b : {n2, n3, through_text, total}) {
        const auto d = sheet::qty(std::string("a - b"), std::string("hour"), Args{std::string("a"), n1, std::string("b"), b});
        ASSERT_FALSE(d) << split_key(b).shown;
        EXPECT_EQ(d.error().kind, ErrorKind::ambiguous) << d.error().message;
        const auto p5 = sheet::qty_value(std::string("a + b"), std::string("hour"), std::string("p5"),
                                         Args{std::string("a"), n1, std::string("b"), b});
        EXPECT_FALSE(p5) << split_key(b).shown;
        // In a total over both cells, likewise (the direct repeat alone is two distinct cells, below).
        if (b != n2) {
            EXPECT_FALSE(sheet::qty_sum(Cells{2, 1, {n1, b}}, std::string("hour")));
        }
    }
    // A result whose unknowns all come by name is one value however many alike cells hold it: it passes.
    const Args named{std::string("u"), std::string("35% to 55%")};
    const std::string m1 = text_of(sheet::qty(std::string("1000 hour * u"), Arg{}, named));
    const std::string m3 = text_of(sheet::qty(std::string("x"), std::string("day"), Args{std::string("x"), m1}));
    const auto zero = sheet::qty(std::string("a - b"), std::string("hour"), Args{std::string("a"), m1, std::string("b"), m3});
    ASSERT_TRUE(zero) << zero.error().sentence();
    EXPECT_EQ(split_key(*zero).shown, "0 hour");
}

TEST(AlikeCells, ATotalOfAlikeTotalsCountsEachUnknownOnce) {
    const Args none;
    const std::string k = text_of(sheet::qty_dist(std::string("1000 hour * (35% to 55%)"), Arg{}, none));
    const std::string l = text_of(sheet::qty_sum(Cells{2, 1, {k, k}}, std::string("hour")));
    const std::string total = text_of(sheet::qty_sum(Cells{2, 1, {l, l}}, std::string("hour")));
    // L1 and L2 both total K1:K2: the sum is 2 (K1 + K2), two utilizations.
    const auto [p5, p95] = monte_carlo([](std::mt19937_64& rng, std::normal_distribution<double>& z) {
        return 2 * 1000 * (utilization(rng, z) + utilization(rng, z));
    });
    const auto read = sheet::qty_value(total, std::string("hour"), std::string("p5"), none);
    const auto high = sheet::qty_value(total, std::string("hour"), std::string("p95"), none);
    ASSERT_TRUE(read && high);
    EXPECT_NEAR(*read, p5, 0.002 * p5);
    EXPECT_NEAR(*high, p95, 0.002 * p95);
    // QTYINPUTS lists the two unknowns there are.
    const std::string inputs = text_of(sheet::qty_inputs(total));
    EXPECT_EQ(std::ranges::count(inputs, ';'), 1) << inputs;
    // Two alike cells in one range are two results (the rule of distinct cells): the independent truth's p5.
    const auto [two_p5, two_p95] = monte_carlo([](std::mt19937_64& rng, std::normal_distribution<double>& z) {
        return 1000 * (utilization(rng, z) + utilization(rng, z));
    });
    const auto l_p5 = sheet::qty_value(l, std::string("hour"), std::string("p5"), none);
    ASSERT_TRUE(l_p5);
    EXPECT_NEAR(*l_p5, two_p5, 0.002 * two_p5);
    (void)two_p95;
}

}  // namespace
}  // namespace ballpark
