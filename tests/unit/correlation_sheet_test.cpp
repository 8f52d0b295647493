// The pair "correlation" of the sheet functions: a text of pairs or a matrix range with its names, used by
// QTYVALUE, QTYDIST, QTYPROB, QTYSUM, QTYBINS and the column form. References are closed forms written here: with
// u = 25% to 60% and price = 2 to 4, lognormals, ln(1000 price / u) is normal with median
// ln(1000 sqrt(8) / sqrt(0.15)) and variance sp^2 + su^2 - 2 rho sp su, rho = 2 sin(pi r / 6) for rank correlation r.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark {
namespace {

using sheet::Arg;
using sheet::Cells;
using Args = std::vector<Arg>;

using testing::z95;
using testing::price_over_u::log_sd;
const double median = testing::price_over_u::median(1000);

using ballpark::testing::number_of;

Cells matrix(double r) {
    return Cells{3, 3, {std::monostate{}, std::string("u"), std::string("price"), std::string("u"), 1.0, r,
                        std::string("price"), r, 1.0}};
}

TEST(CorrelationPair, QtyValueAndQtyProbReadTheTextAndTheMatrix) {
    for (const double r : {-0.5, 0.5}) {
        for (const Arg& correlation : {Arg{std::string("u, price: ") + (r < 0 ? "-0.5" : "0.5")}, Arg{matrix(r)}}) {
            const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                             std::string("correlation"), correlation};
            const auto p95 = sheet::qty_value(std::string("1000 * price / u"), Arg{}, std::string("p95"), pairs);
            ASSERT_TRUE(p95) << p95.error().sentence();
            EXPECT_NEAR(*p95, median * std::exp(z95 * log_sd(r)), 1e-9 * *p95);
            // P(cost <= median e^s) = Phi(1) with s the correlated log-sd.
            const double at = median * std::exp(log_sd(r));
            EXPECT_NEAR(number_of(sheet::qty_prob_cells(std::string("1000 * price / u"), at, Arg{}, pairs)),
                        0.5 * std::erfc(-1 / std::numbers::sqrt2), 1e-9);
            // Guaranteed bounds (QTY's reading) ignore it.
            const Args plain(pairs.begin(), pairs.begin() + 4);
            for (const char* end : {"low", "high"}) {
                EXPECT_EQ(sheet::qty_value(std::string("1000 * price / u"), Arg{}, std::string(end), pairs).value_or(-1),
                          sheet::qty_value(std::string("1000 * price / u"), Arg{}, std::string(end), plain).value_or(-2));
            }
        }
    }
}

TEST(CorrelationPair, AResultKeepsItInItsRecipe) {
    const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                     std::string("correlation"), std::string("u, price: 0.5")};
    // A bounds result (QTY) read again in the 90% reading: QTYPROB and QTYVALUE of the cell's text evaluate its
    // recipe again, the pair with it.
    const auto cell = sheet::qty(std::string("1000 * price / u"), Arg{}, pairs);
    ASSERT_TRUE(cell) << cell.error().sentence();
    const double at = median * std::exp(log_sd(0.5));
    EXPECT_NEAR(number_of(sheet::qty_prob_cells(*cell, at, Arg{}, {})), 0.5 * std::erfc(-1 / std::numbers::sqrt2), 1e-9);
    const auto dist = sheet::qty_dist(std::string("1000 * price / u"), Arg{}, pairs);
    ASSERT_TRUE(dist) << dist.error().sentence();
    const auto p95 = sheet::qty_value(*dist, Arg{}, std::string("p95"), {});
    ASSERT_TRUE(p95) << p95.error().sentence();
    EXPECT_NEAR(*p95, median * std::exp(z95 * log_sd(0.5)), 1e-9 * *p95);
}

TEST(CorrelationPair, TheColumnFormCorrelatesEachRow) {
    // Two runs: u per row, price shared; each row's u correlated with the price at rank 0.5.
    const Args pairs{std::string("u"), Cells{2, 1, {std::string("25% to 60%"), std::string("25% to 60%")}},
                     std::string("price"), std::string("2 to 4"), std::string("correlation"), matrix(0.5)};
    const auto table = sheet::qty_value_cells(std::string("1000 * price / u"), Arg{}, std::string("p95"), pairs);
    ASSERT_TRUE(table) << table.error().sentence();
    const auto* t = std::get_if<sheet::Table>(&*table);
    ASSERT_NE(t, nullptr);
    ASSERT_EQ(t->rows, 2u);
    for (std::size_t k = 0; k < 2; ++k) {
        const double p95 = std::get<double>(t->cells[k]);
        EXPECT_NEAR(p95, median * std::exp(z95 * log_sd(0.5)), 1e-9 * p95) << k;
    }
}

TEST(CorrelationPair, QtysumTotalsCellsThatShareTheCorrelatedInputs) {
    // Two runs that read the same u and price, each a QTYDIST cell with the pair: their total is 3000 price / u, one
    // lognormal with the correlated log-sd, when the total keeps the cells' shared inputs and their correlation.
    const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                     std::string("correlation"), std::string("u, price: 0.5")};
    const auto one = sheet::qty_dist(std::string("1000 * price / u"), Arg{}, pairs);
    const auto two = sheet::qty_dist(std::string("2000 * price / u"), Arg{}, pairs);
    ASSERT_TRUE(one && two) << (one ? two.error().sentence() : one.error().sentence());
    const auto total = sheet::qty_sum(Cells{2, 1, {*one, *two}}, Arg{});
    ASSERT_TRUE(total) << total.error().sentence();
    for (const auto& [part, z] : {std::pair{"p5", -z95}, std::pair{"median", 0.0}, std::pair{"p95", z95}}) {
        const auto x = sheet::qty_value(*total, Arg{}, std::string(part), {});
        ASSERT_TRUE(x) << x.error().sentence();
        EXPECT_NEAR(*x, 3 * median * std::exp(z * log_sd(0.5)), 1e-9 * *x) << part;
    }
}

TEST(CorrelationPair, QtybinsDrawsTheCorrelatedValue) {
    // Each bin's cumulative chance is the correlated lognormal's CDF at its upper edge, Phi(ln(x / median) / s).
    const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                     std::string("correlation"), matrix(-0.6)};
    const auto r = sheet::qty_bins(std::string("1000 * price / u"), 12.0, Arg{}, pairs);
    ASSERT_TRUE(r) << r.error().sentence();
    const auto* t = std::get_if<sheet::Table>(&*r);
    ASSERT_NE(t, nullptr);
    ASSERT_EQ(t->rows, 12u);
    for (std::size_t i = 0; i < t->rows; ++i) {
        const double upper = std::get<double>(t->cells[i * 4 + 1]), cumulative = std::get<double>(t->cells[i * 4 + 3]);
        const double z = std::log(upper / median) / log_sd(-0.6);
        EXPECT_NEAR(cumulative, 0.5 * std::erfc(-z / std::numbers::sqrt2), 1e-9) << i;
    }
}

TEST(CorrelationPair, RefusesAMatrixItCannotRead) {
    const auto error = [](Cells m) {
        const Args pairs{std::string("u"), std::string("1 to 2"), std::string("price"), std::string("2 to 4"),
                         std::string("correlation"), std::move(m)};
        const auto r = sheet::qty_dist(std::string("price / u"), Arg{}, pairs);
        return r ? std::string() : r.error().message;
    };
    Cells asymmetric = matrix(0.5);
    asymmetric.cells[7] = 0.4;
    EXPECT_NE(error(asymmetric).find("the same on both sides"), std::string::npos);
    Cells renamed = matrix(0.5);
    renamed.cells[6] = std::string("cost");
    EXPECT_NE(error(renamed).find("same order"), std::string::npos);
    EXPECT_NE(error(Cells{2, 3, {}}).find("square range"), std::string::npos);
    EXPECT_EQ(error(matrix(0.3)), "");
}

}  // namespace
}  // namespace ballpark
