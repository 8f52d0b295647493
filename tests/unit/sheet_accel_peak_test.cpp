// ACCELPEAK returns a bare number of FLOP/s; peak(H100) inside an expression reads the same table and keeps the unit
// (docs/addin.md, ACCELPEAK). The H100's dense bf16 peak is 989 TFLOP/s (NVIDIA H100 datasheet, SXM5: 1,979 TFLOP/s
// with sparsity, half that dense).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;
using testing::hours_at;

constexpr double h100_bf16 = 989e12;

using ballpark::testing::row;

TEST(SheetAccelPeak, ReturnsABareNumberOfFlopPerSecond) {
    const auto peak = accel_peak("H100", Arg{});
    ASSERT_TRUE(peak) << peak.error().sentence();
    EXPECT_EQ(*peak, h100_bf16);
}

TEST(SheetAccelPeak, PeakInsideAnExpressionKeepsTheUnit) {
    // The example in docs/addin.md's table: 40% of 989 TFLOP/s.
    const auto shown = qty(std::string("peak(H100) * 40%"), Arg{}, {});
    ASSERT_TRUE(shown) << shown.error().sentence();
    EXPECT_EQ(split_key(*shown).shown, "396 TFLOP/s");
    const auto dimension = qty_dim(std::string("peak(H100)"));
    ASSERT_TRUE(dimension) << dimension.error().sentence();
    const auto flop_rate = qty_dim(std::string("1 FLOP/s"));
    ASSERT_TRUE(flop_rate);
    EXPECT_EQ(*dimension, *flop_rate);
}

TEST(SheetAccelPeak, TheBareNumberNeedsItsUnitBackAndPeakOfTheNameDoesNot) {
    // The docs' two ways give the closed form 6 N D / (peak u), in hours, at the central utilization of 35% to 55%.
    const Args u{std::string("u"), row({0.35, 0.55})};
    const double expected = hours_at(0.45, 70e9, 2e12, h100_bf16);
    const double peak = *accel_peak("H100", Arg{});
    const auto bound = qty_value(std::string("6 FLOP * 70 billion * 2 trillion / (peak * 1 FLOP/s * u)"),
                                 std::string("hour"), Arg{}, Args{u[0], u[1], std::string("peak"), peak});
    ASSERT_TRUE(bound) << bound.error().sentence();
    EXPECT_NEAR(*bound / expected, 1, 1e-12);
    const auto named =
        qty_value(std::string("6 FLOP * 70 billion * 2 trillion / (peak(H100) * u)"), std::string("hour"), Arg{}, u);
    ASSERT_TRUE(named) << named.error().sentence();
    EXPECT_NEAR(*named / expected, 1, 1e-12);
    // Without its unit the bare number leaves FLOP over the expression, which is no time.
    EXPECT_FALSE(qty_value(std::string("6 FLOP * 70 billion * 2 trillion / (peak * u)"), std::string("hour"), Arg{},
                           Args{u[0], u[1], std::string("peak"), peak}));
}

}  // namespace
}  // namespace ballpark::sheet
