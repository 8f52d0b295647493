// QTY, QTYDIST and QTYVALUE over a column of models: which ranges are columns, blank rows, bad rows, one result
// per row, rows × parts, and totals over the rows, against figures computed here.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;
using S = std::string;

Cells block(std::size_t rows, std::size_t columns, std::vector<Cell> cells) { return Cells{rows, columns, std::move(cells)}; }

// Three runs in rows 1–3 and a blank row 4, as a range that reaches past the last run: params, tokens low/high,
// peak; the utilization and the price in rows of their own, shared.
Args plan_pairs() {
    return Args{S("p"), block(4, 1, {70e9, 8e9, 405e9, {}}),
                S("t"), block(4, 2, {1.8e12, 2.2e12, 10e12, 15e12, 12e12, 16e12, {}, {}}),
                S("peak"), block(4, 1, {S("312 TFLOP/s"), S("989 TFLOP/s"), S("989 TFLOP/s"), {}}),
                S("u"), block(1, 2, {0.30, 0.50}),
                S("price"), block(1, 2, {2.0, 3.0})};
}
const double params[] = {70e9, 8e9, 405e9}, t_low[] = {1.8e12, 10e12, 12e12}, t_high[] = {2.2e12, 15e12, 16e12},
             peak[] = {312e12, 989e12, 989e12};
const S cost = "6 FLOP * p * t / (peak * u) * price * 1 USD/hour";

// Each run's cost is lowest at its low tokens, the high utilization and the low price.
double cost_at(std::size_t k, bool low) {
    return 6 * params[k] * (low ? t_low[k] : t_high[k]) / (peak[k] * (low ? 0.5 : 0.3)) / 3600 * (low ? 2 : 3);
}

Table table_of(const Result<SheetValue>& r) {
    const Table none;
    EXPECT_TRUE(r) << r.error().sentence();
    if (!r || !std::holds_alternative<Table>(*r)) {
        ADD_FAILURE() << "not a table";
        return none;
    }
    return std::get<Table>(*r);
}

TEST(SheetColumn, QtyvalueGivesOneRowPerRunAndAPartPerColumn) {
    const Table t = table_of(qty_value_cells(cost, S("USD"), S("low high"), plan_pairs()));
    ASSERT_EQ(t.rows, 4u);
    ASSERT_EQ(t.columns, 2u);
    // The blank fourth row keeps its place, empty.
    EXPECT_TRUE(std::holds_alternative<std::monostate>(t.cells[6]));
    EXPECT_TRUE(std::holds_alternative<std::monostate>(t.cells[7]));
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_NEAR(std::get<double>(t.cells[2 * k]) / cost_at(k, true), 1, 1e-12);
        EXPECT_NEAR(std::get<double>(t.cells[2 * k + 1]) / cost_at(k, false), 1, 1e-12);
    }
    // One part: a column of numbers; the single cell's reading is the first row.
    const Table one = table_of(qty_value_cells(cost, S("USD"), S("high"), plan_pairs()));
    EXPECT_EQ(one.columns, 1u);
    auto first = qty_values(cost, S("USD"), S("high"), plan_pairs());
    ASSERT_TRUE(first);
    EXPECT_NEAR(first->front() / cost_at(0, false), 1, 1e-12);
}

TEST(SheetColumn, QtyTextsPerRowKeepTheirOwnResults) {
    const Table t = table_of(qty_cells(cost, S("USD"), plan_pairs()));
    ASSERT_EQ(t.rows, 4u);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(t.cells[3]));
    std::vector<std::uint64_t> keys;
    for (const auto& cell : std::span(t.cells).first(3)) {
        const auto keyed = split_key(std::get<S>(cell));
        ASSERT_TRUE(keyed.key);
        keys.push_back(*keyed.key);
    }
    EXPECT_NE(keys[0], keys[1]);
    EXPECT_NE(keys[1], keys[2]);
    // A later cell that reads the texts of the three rows totals them with u and the price shared: the exact bounds.
    auto total = qty_value_cells(S("a + b + c"), S("USD"), S("low high"),
                                 Args{S("a"), std::get<S>(t.cells[0]), S("b"), std::get<S>(t.cells[1]), S("c"), std::get<S>(t.cells[2])});
    ASSERT_TRUE(total) << total.error().sentence();
    const auto& row = std::get<std::vector<double>>(*total);
    const double low = cost_at(0, true) + cost_at(1, true) + cost_at(2, true);
    const double high = cost_at(0, false) + cost_at(1, false) + cost_at(2, false);
    EXPECT_LE(row[0], low * (1 + 1e-12));
    EXPECT_GT(row[0], low * 0.995);
    EXPECT_GE(row[1], high * (1 - 1e-12));
    EXPECT_LT(row[1], high * 1.005);
}

TEST(SheetColumn, TheTotalOverTheRowsIsOneFormula) {
    auto total = qty_value_cells(S("sum(" + cost + ")"), S("USD"), S("low high"), plan_pairs());
    ASSERT_TRUE(total) << total.error().sentence();
    const auto& row = std::get<std::vector<double>>(*total);
    const double low = cost_at(0, true) + cost_at(1, true) + cost_at(2, true);
    const double high = cost_at(0, false) + cost_at(1, false) + cost_at(2, false);
    EXPECT_LE(row[0], low * (1 + 1e-12));
    EXPECT_GT(row[0], low * 0.995);
    EXPECT_GE(row[1], high * (1 - 1e-12));
    EXPECT_LT(row[1], high * 1.005);
    auto text = qty_dist(S("sum(" + cost + ")"), S("million USD"), plan_pairs());
    ASSERT_TRUE(text) << text.error().sentence();
    EXPECT_TRUE(split_key(*text).key);
    // Three parts of the total: as many numbers, the middle one the cost at every input's midpoint.
    auto three = qty_value_cells(S("sum(" + cost + ")"), S("USD"), S("low central high"), plan_pairs());
    ASSERT_TRUE(three) << three.error().sentence();
    const auto& parts = std::get<std::vector<double>>(*three);
    ASSERT_EQ(parts.size(), 3u);
    EXPECT_EQ(parts[0], row[0]);
    EXPECT_EQ(parts[2], row[1]);
    double central = 0;
    for (std::size_t k = 0; k < 3; ++k) central += 6 * params[k] * (t_low[k] + t_high[k]) / 2 / (peak[k] * 0.4) / 3600 * 2.5;
    EXPECT_NEAR(parts[1], central, central * 1e-9);
}

// GPU-hours of N models, one per row: params, tokens and peak a column each, the utilization a row of two cells
// that every model shares. Its central value is the closed form at the middle utilization.
using testing::hours_at;

TEST(SheetColumn, TwoOrThreeRowsOfOneValueAreAColumnOfModelsNotARange) {
    const double ps[] = {70e9, 8e9, 405e9}, ts[] = {1.8e12, 10e12, 12e12}, peaks[] = {312e12, 989e12, 989e12};
    const S hours = "6 FLOP * p * t / (peak * u)";
    for (std::size_t n : {2u, 3u}) {
        std::vector<Cell> p, t, peak;
        for (std::size_t k = 0; k < n; ++k) {
            p.emplace_back(ps[k]);
            t.emplace_back(ts[k]);
            peak.emplace_back(S(k == 0 ? "312 TFLOP/s" : "989 TFLOP/s"));
        }
        const Args pairs{S("p"), block(n, 1, p), S("t"), block(n, 1, t), S("peak"), block(n, 1, peak),
                         S("u"), block(1, 2, {0.30, 0.50})};
        const Table central = table_of(qty_value_cells(hours, S("hour"), Arg{}, pairs));
        ASSERT_EQ(central.rows, n);
        const Table ends = table_of(qty_value_cells(hours, S("hour"), S("low high"), pairs));
        for (std::size_t k = 0; k < n; ++k) {
            EXPECT_NEAR(std::get<double>(central.cells[k]) / hours_at(0.40, ps[k], ts[k], peaks[k]), 1, 1e-12) << n << " rows, row " << k;
            EXPECT_NEAR(std::get<double>(ends.cells[2 * k]) / hours_at(0.50, ps[k], ts[k], peaks[k]), 1, 1e-12);
            EXPECT_NEAR(std::get<double>(ends.cells[2 * k + 1]) / hours_at(0.30, ps[k], ts[k], peaks[k]), 1, 1e-12);
        }
    }
    // One name alone on two rows is a column too: each row its own value, never the low and the high of one.
    const Table alone = table_of(qty_value_cells(S("u"), Arg{}, S("low high"), Args{S("u"), block(2, 1, {0.35, 0.55})}));
    ASSERT_EQ(alone.rows, 2u);
    EXPECT_EQ(std::get<double>(alone.cells[0]), 0.35);
    EXPECT_EQ(std::get<double>(alone.cells[1]), 0.35);
    EXPECT_EQ(std::get<double>(alone.cells[2]), 0.55);
    EXPECT_EQ(std::get<double>(alone.cells[3]), 0.55);
}

TEST(SheetColumn, ALowAndAHighAreARowOfCellsSharedByEveryRow) {
    auto range = qty_values(S("u"), Arg{}, S("low central high"), Args{S("u"), block(1, 2, {0.35, 0.55})});
    ASSERT_TRUE(range) << range.error().sentence();
    EXPECT_EQ((*range)[0], 0.35);
    EXPECT_EQ((*range)[1], (0.35 + 0.55) / 2);
    EXPECT_EQ((*range)[2], 0.55);
    // x a column of ranges, y a column of values, z one range in a row that all three rows share.
    const Args mixed{S("x"), block(3, 2, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}), S("y"), block(3, 1, {10.0, 20.0, 30.0}),
                     S("z"), block(1, 2, {100.0, 200.0})};
    const Table t = table_of(qty_value_cells(S("x + y + z"), Arg{}, S("low high"), mixed));
    ASSERT_EQ(t.rows, 3u);
    const double lows[] = {1 + 10 + 100, 3 + 20 + 100, 5 + 30 + 100}, highs[] = {2 + 10 + 200, 4 + 20 + 200, 6 + 30 + 200};
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_DOUBLE_EQ(std::get<double>(t.cells[2 * k]), lows[k]);
        EXPECT_DOUBLE_EQ(std::get<double>(t.cells[2 * k + 1]), highs[k]);
    }
    // The same z on two rows beside columns of three is a column of another length: an error, never a range.
    Args uneven = mixed;
    uneven[5] = block(2, 1, {100.0, 200.0});
    auto wrong = qty_value_cells(S("x + y + z"), Arg{}, S("low high"), uneven);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("differ in length"), S::npos) << wrong.error().message;
}

TEST(SheetColumn, BadRowsAndUnevenColumnsAreSentences) {
    Args pairs = plan_pairs();
    std::get<Cells>(pairs[3]).cells[3] = Cell{};  // row 2 loses its high tokens
    auto bad = qty_cells(cost, S("USD"), pairs);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("Row 2 of the columns"), std::string::npos) << bad.error().message;

    pairs = plan_pairs();
    std::get<Cells>(pairs[1]).cells[1] = Cell{S("8 kg")};  // a mass where a count goes, in row 2
    auto wrong = qty_value_cells(S("sum(" + cost + ")"), S("USD"), Arg{}, pairs);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("Row 2 of the columns"), std::string::npos) << wrong.error().message;

    pairs = plan_pairs();
    pairs[1] = block(5, 1, {70e9, 8e9, 405e9, {}, {}});
    auto uneven = qty_cells(cost, S("USD"), pairs);
    ASSERT_FALSE(uneven);
    EXPECT_NE(uneven.error().message.find("differ in length"), std::string::npos) << uneven.error().message;

    auto wide = qty_cells(S("u"), Arg{}, Args{S("u"), block(2, 4, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0})});
    ASSERT_FALSE(wide);
    EXPECT_NE(wide.error().message.find("a column of rows of 1, 2 or 3 cells"), std::string::npos) << wide.error().message;
}

// The column form of the benchmarks (bench/calc_recalc.py's column_bounds): params a column, the tokens and the
// utilization texts every row shares, which a column reads once and whose part of the text it computes once. Each
// row's bounds are the closed form at the utilization's ends, in the unit the text asks for.
TEST(SheetColumn, SharedTextsAndTheirPartOfTheTextGiveEachRowItsClosedForm) {
    std::vector<Cell> params;
    for (int k = 1; k <= 40; ++k) params.emplace_back(1e9 * k + 3e7 * k * k);
    const Args pairs{S("params"), block(params.size(), 1, params), S("tokens"), S("2 trillion"), S("util"), S("35% to 55%")};
    const S expression = "6 FLOP * params * tokens / (312 TFLOP/s * util) as hour";
    for (int repeat = 0; repeat < 2; ++repeat) {
        const Table ends = table_of(qty_value_cells(expression, Arg{}, S("low high"), pairs));
        ASSERT_EQ(ends.rows, params.size());
        for (std::size_t k = 0; k < params.size(); ++k) {
            const double p = std::get<double>(params[k]);
            EXPECT_NEAR(std::get<double>(ends.cells[2 * k]) / hours_at(0.55, p), 1, 1e-12) << "row " << k + 1;
            EXPECT_NEAR(std::get<double>(ends.cells[2 * k + 1]) / hours_at(0.35, p), 1, 1e-12) << "row " << k + 1;
        }
    }
}

}  // namespace
}  // namespace ballpark::sheet
