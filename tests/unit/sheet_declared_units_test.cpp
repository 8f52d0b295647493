// The sheet functions with a QTY text that declares its own units: the unit argument and the number a cell shows
// may use those units, which the built-in table behind the per-thread unit cache does not know.
#include <gtest/gtest.h>

#include <string>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

Arg text(const char* s) { return Arg{std::string(s)}; }

TEST(SheetDeclaredUnits, QtyValueGivesTheNumberInTheTextsOwnUnit) {
    const auto r = qty_value(text("unit token; 50 token/s"), Arg{}, Arg{}, {});
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_DOUBLE_EQ(*r, 50);
}

TEST(SheetDeclaredUnits, TheUnitArgumentMayUseADeclaredUnit) {
    // 50 token/s is 50 × 60 = 3000 token/min.
    const auto r = qty_value(text("unit token; 50 token/s"), text("token/min"), Arg{}, {});
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_DOUBLE_EQ(*r, 3000);
    const auto shown = qty(text("unit token; 50 token/s"), text("token/min"), {});
    ASSERT_TRUE(shown) << shown.error().sentence();
    EXPECT_EQ(*shown, "3000 token/min");
    // A derived unit: 2 kEUR is 2000 EUR.
    const auto eur = qty_value(text("unit EUR = 1.08 USD; unit kEUR = 1000 EUR; 2 kEUR"), text("EUR"), Arg{}, {});
    ASSERT_TRUE(eur) << eur.error().sentence();
    EXPECT_DOUBLE_EQ(*eur, 2000);
}

TEST(SheetDeclaredUnits, AUnitOfAnotherDimensionIsStillRefused) {
    const auto r = qty_value(text("unit token; 50 token/s"), text("token"), Arg{}, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().sentence().find("token"), std::string::npos) << r.error().sentence();
}

TEST(SheetDeclaredUnits, EvaluateInReadsTheDeclaredUnitOnlyForThatText) {
    ASSERT_TRUE(evaluate_in("unit token; 1 token", {}, "token"));
    EXPECT_FALSE(evaluate_in("1 s", {}, "token"));
}

}  // namespace
}  // namespace ballpark::sheet
