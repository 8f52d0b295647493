// A column of models (ballpark/column.hpp): one result per row, and the aggregates over the rows with the shared
// inputs one input, checked against exact bounds at the corners and a Monte Carlo computed here.
#include "ballpark/column.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "testing.hpp"

namespace ballpark {
namespace {

using namespace testing::quarter;
using testing::z95;

// Three runs of a quarter's plan; the last two have the same tokens, and are still two runs with two unknowns.
const PlanRun runs[] = {{70e9, 1.8e12, 2.2e12, 312e12}, {8e9, 10e12, 15e12, 989e12}, {405e9, 10e12, 15e12, 989e12}};
const std::string cost = "6 FLOP * p * t / (peak * u) * price * 1 USD/hour";

struct Columns {
    std::vector<Binding> shared;
    std::vector<ColumnInput> columns;
};

Columns plan() {
    Columns out;
    Binding u{"u", u_low, u_high};
    u.ends_are_cells = true;
    Binding price{"price", price_low, price_high};
    price.ends_are_cells = true;
    out.shared = {u, price};
    out.columns = {ColumnInput{"p", {}}, ColumnInput{"t", {}}, ColumnInput{"peak", {}}};
    for (std::size_t k = 0; k < std::size(runs); ++k) {
        Binding p{"p", runs[k].params};
        Binding t{"t", runs[k].tokens_low, runs[k].tokens_high};
        t.ends_are_cells = true;
        Binding peak{"peak", runs[k].peak, std::nullopt, "FLOP/s"};
        for (Binding* b : {&p, &t, &peak}) b->row = k + 1;
        out.columns[0].rows.push_back(p);
        out.columns[1].rows.push_back(t);
        out.columns[2].rows.push_back(peak);
    }
    return out;
}

ColumnResult over(const std::string& expression, Mode mode = Mode::bounds, std::string_view unit = "USD") {
    const Columns c = plan();
    auto r = evaluate_column(expression, c.shared, c.columns, unit, mode, true);
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : ColumnResult{};
}

void expect_guaranteed_and_tight(const Quantity& q, double low, double high) {
    EXPECT_LE(q.low, low * (1 + 1e-12));
    EXPECT_GE(q.high, high * (1 - 1e-12));
    EXPECT_GT(q.low, low * (1 - 0.005));
    EXPECT_LT(q.high, high * (1 + 0.005));
}

TEST(Column, EachRowIsItsRunWithTheSharedInputs) {
    const ColumnResult r = over(cost);
    ASSERT_TRUE(r.is_column);
    ASSERT_EQ(r.values.size(), 3u);
    ASSERT_EQ(r.recipes.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(r.values[k].low / corner_cost(runs[k], true), 1, 1e-12);
        EXPECT_NEAR(r.values[k].high / corner_cost(runs[k], false), 1, 1e-12);
        EXPECT_NEAR(evaluate(*r.recipes[k])->high / corner_cost(runs[k], false), 1, 1e-12);
    }
    // Rows 2 and 3 have equal tokens but are two runs: different recipes.
    EXPECT_NE(recipe_key(*r.recipes[1]), recipe_key(*r.recipes[2]));
}

TEST(Column, SumMeanAndMaxOverTheRowsHaveTheBoundsOfTheSharedInputs) {
    double low = 0, high = 0, max_low = 0, max_high = 0;
    for (const PlanRun& run : runs) {
        low += corner_cost(run, true);
        high += corner_cost(run, false);
        max_low = std::max(max_low, corner_cost(run, true));
        max_high = std::max(max_high, corner_cost(run, false));
    }
    const ColumnResult total = over("sum(" + cost + ")");
    EXPECT_FALSE(total.is_column);
    ASSERT_EQ(total.values.size(), 1u);
    expect_guaranteed_and_tight(total.values[0], low, high);
    // Read back through its recipe, as a later cell reads it.
    expect_guaranteed_and_tight(*evaluate(*total.recipes[0]), low, high);
    expect_guaranteed_and_tight(over("mean(" + cost + ")").values[0], low / 3, high / 3);
    expect_guaranteed_and_tight(over("max(" + cost + ")").values[0], max_low, max_high);
    // The share of each run in the total: exactly 1 in all, at the central values, and each below 1.
    const ColumnResult share = over("p * t / peak / sum(p * t / peak)", Mode::bounds, "");
    ASSERT_EQ(share.values.size(), 3u);
    double central = 0;
    for (const Quantity& q : share.values) central += q.central;
    EXPECT_NEAR(central, 1, 1e-9);
}

// The 90% reading of the total against a Monte Carlo that draws u and the price once per trial and each run's
// tokens on their own (rows 2 and 3 independently, although their ranges are equal): each `a to b` a lognormal
// with those 5th and 95th percentiles.
TEST(Column, TheDistributionOfTheTotalAgreesWithAMonteCarloOverTheSharedInputs) {
    const ColumnResult total = over("sum(" + cost + ")", distribution_mode());
    ASSERT_EQ(total.values.size(), 1u);
    const Quantity& q = total.values[0];
    constexpr int trials = 1'000'000;
    const std::vector<double> totals = monte_carlo_totals(runs, 20261202, trials);
    EXPECT_NEAR(q.low / totals[trials / 20], 1, 0.01);
    EXPECT_NEAR(q.central / totals[trials / 2], 1, 0.01);
    EXPECT_NEAR(q.high / totals[trials - trials / 20], 1, 0.01);
}

// In the 90% reading the rows read the shared inputs once (api/shared_rows.hpp). Each row must still be exactly
// the evaluation of its own bindings, and the closed form: the cost is a product of lognormals, so it is lognormal
// with median the product of the geometric means and log-variance the sum of the inputs' (less 2 rho sigma_u
// sigma_price where u and the price are correlated: u divides, the price multiplies).
TEST(Column, InTheNinetyPercentReadingEachRowIsItsOwnEvaluationAndTheClosedForm) {
    const auto sigma = [](double lo, double hi) { return std::log(hi / lo) / (2 * z95); };
    for (const double rank : {0.0, 0.5, -0.7}) {
        Columns c = plan();
        const std::string pairs = "u, price: " + std::to_string(rank);
        if (rank != 0) c.shared.push_back(Binding{"correlation", std::string_view(pairs)});
        const auto r = evaluate_column(cost, c.shared, c.columns, "USD", distribution_mode(), false);
        ASSERT_TRUE(r) << r.error().sentence();
        ASSERT_EQ(r->values.size(), std::size(runs));
        const double rho = testing::normal_correlation(rank);
        const double su = sigma(u_low, u_high), sp = sigma(price_low, price_high);
        for (std::size_t k = 0; k < std::size(runs); ++k) {
            std::vector<Binding> own = c.shared;
            for (const ColumnInput& column : c.columns) own.push_back(column.rows[k]);
            const auto direct = evaluate_in(cost, own, "USD", EvaluationOptions{distribution_mode()});
            ASSERT_TRUE(direct) << direct.error().sentence();
            const Quantity& q = r->values[k];
            EXPECT_EQ(q.low, direct->low) << k;
            EXPECT_EQ(q.central, direct->central) << k;
            EXPECT_EQ(q.high, direct->high) << k;
            const PlanRun& run = runs[k];
            const double st = sigma(run.tokens_low, run.tokens_high);
            const double median = 6 * run.params * std::sqrt(run.tokens_low * run.tokens_high) /
                                  (run.peak * std::sqrt(u_low * u_high)) * std::sqrt(price_low * price_high) / 3600;
            const double s = std::sqrt(st * st + su * su + sp * sp - 2 * rho * su * sp);
            EXPECT_NEAR(q.central / median, 1, 1e-9) << k << " at rank " << rank;
            EXPECT_NEAR(q.high / (median * std::exp(z95 * s)), 1, 1e-9) << k << " at rank " << rank;
            EXPECT_NEAR(q.low / (median * std::exp(-z95 * s)), 1, 1e-9) << k << " at rank " << rank;
        }
    }
    // A text that declares its own units is evaluated row by row with them, as evaluate_in does.
    {
        const Columns c = plan();
        const std::string declaring = "unit run; 1 run * " + cost;
        const auto r = evaluate_column(declaring, c.shared, c.columns, "", distribution_mode(), false);
        ASSERT_TRUE(r) << r.error().sentence();
        for (std::size_t k = 0; k < std::size(runs); ++k) {
            std::vector<Binding> own = c.shared;
            for (const ColumnInput& column : c.columns) own.push_back(column.rows[k]);
            const auto direct = evaluate_in(declaring, own, "", EvaluationOptions{distribution_mode()});
            ASSERT_TRUE(direct) << direct.error().sentence();
            EXPECT_EQ(r->values[k].high, direct->high) << k;
            EXPECT_EQ(r->values[k].dimension, direct->dimension) << k;
        }
    }
    // A row whose own value cannot be read is named as before, and a row that gives a shared name again is refused.
    Columns c = plan();
    c.columns[1].rows[1].value = std::string_view("12 kg");
    auto bad = evaluate_column(cost, c.shared, c.columns, "USD", distribution_mode(), false);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("Row 2 of the columns"), std::string::npos) << bad.error().message;
    c = plan();
    c.columns[0].name = "u";
    for (Binding& b : c.columns[0].rows) b.name = "u";
    auto twice = evaluate_column(cost, c.shared, c.columns, "USD", distribution_mode(), false);
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().message.find("given two values"), std::string::npos) << twice.error().message;
}

TEST(Column, ABadRowIsNamedAndColumnsMustHaveTheSameRows) {
    Columns c = plan();
    c.columns[1].rows[1].value = std::string_view("12 kg");
    auto r = evaluate_column(cost, c.shared, c.columns, "USD", Mode::bounds, false);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("Row 2 of the columns"), std::string::npos) << r.error().message;
    auto total = evaluate_column("sum(" + cost + ")", c.shared, c.columns, "USD", Mode::bounds, false);
    ASSERT_FALSE(total);
    EXPECT_NE(total.error().message.find("Row 2 of the columns"), std::string::npos) << total.error().message;

    c = plan();
    c.columns[2].rows.pop_back();
    auto uneven = evaluate_column(cost, c.shared, c.columns, "USD", Mode::bounds, false);
    ASSERT_FALSE(uneven);
    EXPECT_NE(uneven.error().message.find("differ in length"), std::string::npos) << uneven.error().message;
}

TEST(Column, OutsideAColumnTheAggregatesAreTheLanguagesFunctions) {
    // sum of several arguments; max and min as ever; mean of a value that reads no column is its distribution's.
    auto s = evaluate_in("sum(1 hour, 30 min, 1800 s)", {}, "hour");
    ASSERT_TRUE(s) << s.error().sentence();
    EXPECT_DOUBLE_EQ(s->central, 7200);
    EXPECT_FALSE(evaluate("sum(1 hour, 2 kg)"));
    const Columns c = plan();
    auto mean = evaluate_column("mean(u)", c.shared, c.columns, "", distribution_mode(), false);
    ASSERT_TRUE(mean) << mean.error().sentence();
    auto direct = evaluate("mean(u)", c.shared, EvaluationOptions{distribution_mode()});
    ASSERT_TRUE(direct);
    EXPECT_FALSE(mean->is_column);
    EXPECT_DOUBLE_EQ(mean->values[0].central, direct->central);
    // Over a column, mean is the rows' average: (70 + 8 + 405) billion / 3.
    auto average = evaluate_column("mean(p)", c.shared, c.columns, "", Mode::bounds, false);
    ASSERT_TRUE(average) << average.error().sentence();
    EXPECT_NEAR(average->values[0].central, (70e9 + 8e9 + 405e9) / 3, 1);
}

}  // namespace
}  // namespace ballpark
