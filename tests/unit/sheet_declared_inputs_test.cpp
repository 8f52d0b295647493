// Declared inputs: a pair's name says what its value must be ("u: fraction", "tokens: count",
// "peak: FLOP/s", "gpus: positive"), and a value of the wrong kind is refused with a typed sentence naming the
// input, what was expected and what was found. The truths are closed forms of the hours (testing::hours_at).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;
using testing::hours_at;

std::string S(const char* text) { return std::string(text); }
using ballpark::testing::row;
using ballpark::testing::column;

const std::string hours = "6 FLOP * p * t / (312 TFLOP/s * u) as hour";

double high_hours(const Args& pairs) {
    const auto r = qty_value(hours, S("hour"), S("high"), pairs);
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : NAN;
}

TEST(SheetDeclaredInputs, AFractionIsAcceptedAsAPercentOrAFractionAndItsValueIsUnchanged) {
    for (const Arg& u : {Arg{S("35% to 55%")}, Arg{S("0.35 to 0.55")}, Arg{row({0.35, 0.55})}, Arg{row({S("35%"), S("55%")})}}) {
        EXPECT_NEAR(high_hours(Args{S("p"), S("70 billion"), S("t"), S("2 trillion"), S("u: fraction"), u}), hours_at(0.35),
                    hours_at(0.35) * 1e-12);
    }
    // Spaces and case do not matter; "percent" is the same declaration.
    EXPECT_NEAR(high_hours(Args{S("p"), 70e9, S("t"), 2e12, S(" u :  Fraction "), S("35% to 55%")}), hours_at(0.35), hours_at(0.35) * 1e-12);
    EXPECT_NEAR(high_hours(Args{S("p"), 70e9, S("t"), 2e12, S("u: percent"), S("35% to 55%")}), hours_at(0.35), hours_at(0.35) * 1e-12);
}

TEST(SheetDeclaredInputs, AFractionTypedAsAPercentNumberIsRefusedNamingTheInput) {
    // Undeclared, "35 to 55" would give a hundredth of the hours without a word.
    EXPECT_NEAR(high_hours(Args{S("p"), 70e9, S("t"), 2e12, S("u"), S("35 to 55")}), hours_at(35), hours_at(35) * 1e-12);
    for (const Arg& u : {Arg{S("35 to 55")}, Arg{row({35.0, 55.0})}, Arg{35.0}, Arg{S("0 to 0.5")}}) {
        const auto r = qty(hours, S("hour"), Args{S("p"), 70e9, S("t"), 2e12, S("u: fraction"), u});
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().kind, ErrorKind::domain);
        const std::string sentence = r.error().sentence();
        EXPECT_NE(sentence.find("\"u\" should be a fraction (0.35 or 35%), above 0 and at most 1, but it is "), std::string::npos) << sentence;
    }
    const auto r = qty(hours, S("hour"), Args{S("p"), 70e9, S("t"), 2e12, S("u: fraction"), S("35 to 55")});
    EXPECT_NE(r.error().sentence().find("35 to 55"), std::string::npos) << r.error().sentence();
    EXPECT_NE(r.error().sentence().find("Write 35% or 0.35"), std::string::npos) << r.error().sentence();
    // The same in the 90% reading and over a column of runs.
    EXPECT_FALSE(qty_dist(hours, S("hour"), Args{S("p"), 70e9, S("t"), 2e12, S("u: fraction"), S("35 to 55")}));
    const auto rows = qty_cells(hours, S("hour"), Args{S("p"), column({70e9, 8e9}), S("t"), 2e12, S("u: fraction"), column({0.4, 40.0})});
    ASSERT_FALSE(rows);
    EXPECT_NE(rows.error().sentence().find("\"u\" should be a fraction"), std::string::npos) << rows.error().sentence();
}

TEST(SheetDeclaredInputs, ACountRefusesBytesWithTheHintGpuhoursGives) {
    EXPECT_NEAR(high_hours(Args{S("p: count"), S("70 billion"), S("t: count"), 2e12, S("u"), S("35% to 55%")}), hours_at(0.35),
                hours_at(0.35) * 1e-12);
    const auto r = qty(hours, S("hour"), Args{S("p: count"), S("70B"), S("t"), 2e12, S("u"), S("35% to 55%")});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::dimension);
    EXPECT_NE(r.error().sentence().find("\"p\" should be a count such as 70 billion or 70e9"), std::string::npos) << r.error().sentence();
    EXPECT_NE(r.error().hint.find("B is the byte"), std::string::npos) << r.error().hint;
    const auto zero = qty(hours, S("hour"), Args{S("p: count"), 0.0, S("t"), 2e12, S("u"), S("35% to 55%")});
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error().kind, ErrorKind::domain);
}

TEST(SheetDeclaredInputs, ADimensionDeclarationRefusesAValueOfAnotherDimension) {
    const std::string e = "6 FLOP * 70 billion * 2 trillion / (peak * 40%) as hour";
    const auto good = qty_value(e, S("hour"), S("central"), Args{S("peak: FLOP/s"), S("312 TFLOP/s")});
    ASSERT_TRUE(good) << good.error().sentence();
    EXPECT_NEAR(*good, hours_at(0.4), hours_at(0.4) * 1e-12);
    for (const char* wrong : {"312", "80 GB", "312 TFLOP"}) {
        const auto r = qty(e, S("hour"), Args{S("peak: FLOP/s"), S(wrong)});
        ASSERT_FALSE(r) << wrong;
        EXPECT_EQ(r.error().kind, ErrorKind::dimension) << wrong;
        EXPECT_NE(r.error().sentence().find("\"peak\" should be a value of compute rate (FLOP/s)"), std::string::npos)
            << r.error().sentence();
    }
    // "positive" alone takes any dimension above zero; with a unit, both.
    EXPECT_TRUE(qty(S("g * 1 hour"), Arg{}, Args{S("gpus: positive"), 2048.0}));
    const auto none = qty(S("g * 1 hour"), Arg{}, Args{S("gpus: positive"), S("-1 to 3")});
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind, ErrorKind::domain);
    EXPECT_FALSE(qty(S("x"), Arg{}, Args{S("x: positive $/hour"), S("-$1 per hour")}));
    EXPECT_TRUE(qty(S("x"), Arg{}, Args{S("x: positive $/hour"), S("$1.80 to $2.60 per GPU-hour")}));
}

TEST(SheetDeclaredInputs, AnUnknownDeclarationIsRefusedListingTheKnownOnes) {
    const auto r = qty(S("u"), Arg{}, Args{S("u: fractoin"), S("35%")});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::argument);
    EXPECT_NE(r.error().sentence().find("neither fraction, count, positive nor a known unit"), std::string::npos) << r.error().sentence();
    EXPECT_FALSE(qty(S("u"), Arg{}, Args{S(": fraction"), S("35%")}));
    EXPECT_FALSE(qty(S("u"), Arg{}, Args{S("u:"), S("35%")}));
}

TEST(SheetDeclaredInputs, ADeclaredResultIsReadAgainWithItsCheck) {
    // A result cell of a declared call reads back as the result (its recipe keeps the declaration alive).
    const std::string cell = *qty(hours, S("hour"), Args{S("p: count"), 70e9, S("t: count"), 2e12, S("u: fraction"), S("35% to 55%")});
    const auto twice = qty_value(S("h * 2"), S("hour"), S("high"), Args{S("h"), cell});
    ASSERT_TRUE(twice) << twice.error().sentence();
    EXPECT_NEAR(*twice, 2 * hours_at(0.35), hours_at(0.35) * 1e-12);
}

TEST(SheetPairs, ANumberGluedToBInAPairGetsTheByteHintWhenTheUnitsDoNotFit) {
    // "7B" is 7 byte, so 6 FLOP * p * t is in byte·FLOP; the sentence about it says why.
    const auto r = qty(S("6 FLOP * p * t"), S("FLOP"), Args{S("p"), S("7B"), S("t"), S("2 trillion")});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::dimension);
    EXPECT_NE(r.error().hint.find("B is the byte, so \"7B\" is 7 byte; write a count as 7 billion or 7e9."), std::string::npos)
        << r.error().sentence();
    const auto cells = qty(S("6 FLOP * p * t"), S("FLOP"), Args{S("p"), row({S("7B"), S("70B")}), S("t"), S("2 trillion")});
    ASSERT_FALSE(cells);
    EXPECT_NE(cells.error().hint.find("\"7B\" is 7 byte"), std::string::npos) << cells.error().sentence();
    // A billion dollars is no byte, and a fitting result needs no hint.
    const auto dollars = qty(S("x * 1 hour"), S("FLOP"), Args{S("x"), S("$1.2B")});
    ASSERT_FALSE(dollars);
    EXPECT_EQ(dollars.error().hint.find("is the byte"), std::string::npos) << dollars.error().hint;
    EXPECT_TRUE(qty(S("x"), S("GB"), Args{S("x"), S("80B")}));
}

}  // namespace
}  // namespace ballpark::sheet
