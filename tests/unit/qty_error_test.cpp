// QTYERROR's two forms: an expression (explained as QTY would), or a sheet function's name followed by that
// function's arguments (explained as that function's Err:502).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

// QTYERROR(name_or_expression; args…) as Calc hands it over: the first argument after the name is `unit`.
std::string qtyerror(std::string_view first, Args args) {
    Arg unit = args.empty() ? Arg{} : args.front();
    Args rest = args.empty() ? Args{} : Args(args.begin() + 1, args.end());
    return qty_error(first, unit, rest);
}

TEST(QtyError, ExpressionFormExplainsQty) {
    EXPECT_EQ(qtyerror("312 TFLOP/s * 2 hour", {}), "");
    const auto sentence = qtyerror("312 TFLOP/s * 2 hour as kg", {});
    EXPECT_NE(sentence.find("Cannot convert"), std::string::npos) << sentence;
    EXPECT_NE(qtyerror("x * 2", {Arg{}, std::string("x")}).find("no value after it"), std::string::npos);
}

TEST(QtyError, KnowsEverySheetFunctionByName) {
    for (const char* name : {"GPUHOURS", "UNITCONVERT", "QTY", "QTYVALUE", "QTYDIM", "TRAININGFLOP", "IMPLIEDUTIL",
                             "ACCELPEAK"}) {
        EXPECT_TRUE(names_sheet_function(name)) << name;
    }
    EXPECT_TRUE(names_sheet_function(" gpuHours "));
    EXPECT_FALSE(names_sheet_function("GPUHOUR"));
    EXPECT_FALSE(names_sheet_function("QTYERROR"));  // it has no Err:502 of its own to explain
    EXPECT_FALSE(names_sheet_function("6 FLOP * 70 billion"));
}

TEST(QtyError, GpuhoursByNameIsEmptyForAGoodCall) {
    EXPECT_EQ(qtyerror("GPUHOURS", {70e9, 2e12, std::string("A100"), 0.35, 0.55}), "");
    EXPECT_EQ(qtyerror("gpuhours", {std::string("70 billion"), std::string("2 trillion"), 312e12, 0.35}), "");
}

TEST(QtyError, GpuhoursByNameExplainsEachArgument) {
    const auto zero_tokens = qtyerror("GPUHOURS", {70e9, 0.0, std::string("A100"), 0.35, 0.55});
    EXPECT_EQ(zero_tokens.rfind("GPUHOURS: tokens should be a count", 0), 0u) << zero_tokens;
    EXPECT_NE(zero_tokens.find("above zero, but it is 0."), std::string::npos) << zero_tokens;

    const auto percent_typed = qtyerror("GPUHOURS", {70e9, 2e12, std::string("A100"), 35.0, 55.0});
    EXPECT_NE(percent_typed.find("util_lo should be a fraction"), std::string::npos) << percent_typed;
    EXPECT_NE(percent_typed.find("Write 35% or 0.35"), std::string::npos) << percent_typed;

    const auto missing = qtyerror("GPUHOURS", {70e9});
    EXPECT_EQ(missing, "GPUHOURS needs tokens, a count such as 2 trillion or 2e12.");

    const auto chip = qtyerror("GPUHOURS", {70e9, 2e12, std::string("H10"), 0.35});
    EXPECT_NE(chip.find("Did you mean \"H100\"?"), std::string::npos) << chip;
}

TEST(QtyError, MatchesTheFunctionsOwnError) {
    const Args args{70e9, 2e12, std::string("A100"), 0.35, 0.55, std::string("kg")};
    auto direct = gpu_hours(args[0], args[1], args[2], args[3], args[4], args[5], Arg{});
    ASSERT_FALSE(direct.has_value());
    EXPECT_EQ(qtyerror("GPUHOURS", args), "GPUHOURS: " + direct.error().sentence());
}

TEST(QtyError, OtherFunctionsByName) {
    EXPECT_EQ(qtyerror("UNITCONVERT", {312.0, std::string("TFLOP/s"), std::string("PFLOP/s")}), "");
    EXPECT_NE(qtyerror("UNITCONVERT", {312.0, std::string("TFLOP/s"), std::string("hour")}).find("Cannot convert"),
              std::string::npos);
    EXPECT_EQ(qtyerror("UNITCONVERT", {312.0}), "UNITCONVERT needs to_unit, the unit to convert into, such as \"PFLOP/s*day\".");

    EXPECT_EQ(qtyerror("QTYVALUE", {std::string("2 hour"), std::string("minute"), std::string("low")}), "");
    const auto part = qtyerror("QTYVALUE", {std::string("2 hour"), Arg{}, std::string("middle")});
    EXPECT_EQ(part.rfind("QTYVALUE: ", 0), 0u) << part;
    EXPECT_NE(part.find("middle"), std::string::npos) << part;

    EXPECT_EQ(qtyerror("QTY", {std::string("p * 2"), Arg{}, std::string("p"), 3.0}), "");
    EXPECT_NE(qtyerror("QTYDIM", {std::string("2 hour + 3 kg")}).find("QTYDIM: "), std::string::npos);
    EXPECT_NE(qtyerror("QTYDIM", {}).find("QTYDIM: "), std::string::npos);
    // A reference to an empty cell reaches QTYERROR as 0; as an expression it is the empty cell, an error.
    EXPECT_NE(qtyerror("QTYDIM", {0.0}).find("QTYDIM: "), std::string::npos);
    EXPECT_EQ(qtyerror("QTYDIM", {2.5}), "");

    EXPECT_EQ(qtyerror("TRAININGFLOP", {70e9, 2e12}), "");
    EXPECT_NE(qtyerror("TRAININGFLOP", {std::string("70B"), 2e12}).find("70 byte"), std::string::npos);

    EXPECT_EQ(qtyerror("IMPLIEDUTIL", {1720320.0, 70e9, 2e12, std::string("A100")}), "");
    EXPECT_NE(qtyerror("IMPLIEDUTIL", {1.72, 70e9, 2e12, std::string("A100")}).find("above 100%"), std::string::npos);

    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100")}), "");
    EXPECT_NE(qtyerror("ACCELPEAK", {std::string("H100"), std::string("fp4")}).find("ACCELPEAK: "), std::string::npos);
}

TEST(QtyError, TooManyArgumentsForTheNamedFunction) {
    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100"), std::string("bf16"), 1.0}),
              "QTYERROR was given 3 arguments for ACCELPEAK, which takes at most 2.");
    // Trailing empty arguments were simply not given.
    EXPECT_EQ(qtyerror("ACCELPEAK", {std::string("H100"), Arg{}, Arg{}}), "");
}

}  // namespace
}  // namespace ballpark::sheet

namespace ballpark::sheet {
namespace {

TEST(PlanningFunctions, AnOverflowNamesTheUsersArgumentsNotAColumnOfAFormula) {
    // Issue 10: "The result at column 17 is beyond double precision" named a column of formula text the add-in
    // composed. The prelude's gpu_hours is now called with the arguments bound as values.
    const auto r = gpu_hours(1e300, 1e300, std::string("A100"), 0.35, 0.55, std::monostate{}, std::monostate{});
    ASSERT_FALSE(r);
    const std::string sentence = r.error().sentence();
    EXPECT_EQ(sentence.find("column"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("params = 1.00 × 10³⁰⁰"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("tokens = 1.00 × 10³⁰⁰"), std::string::npos) << sentence;
}

TEST(PlanningFunctions, GpuhoursAgreesWithTheSeedFormulaAtEachEnd) {
    // 6 · 70e9 · 2e12 FLOP / (312e12 FLOP/s · u) in hours, computed here from the formula.
    const double flop = 6 * 70e9 * 2e12;
    for (auto [part, u] : {std::pair{"low", 0.55}, std::pair{"high", 0.35}, std::pair{"central", 0.45}}) {
        const auto r = gpu_hours(70e9, 2e12, std::string("A100"), 0.35, 0.55, std::monostate{}, std::string(part));
        ASSERT_TRUE(r) << r.error().sentence();
        const double expected = flop / (312e12 * u) / 3600;
        EXPECT_NEAR(*r, expected, expected * 1e-12) << part;
    }
}

}  // namespace
}  // namespace ballpark::sheet
