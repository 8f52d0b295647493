// Unit tests of the parser (core/src/parser.cpp): the grammar at the top of parser.hpp, statements, and syntax
// errors with their columns. Precedence is checked both on the tree's shape and on the values it evaluates to;
// every expected value is worked out by hand in the comment beside it.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <tuple>
#include <utility>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "exact_rational.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"
#include "session_lines.hpp"
#include "unit/tolerance.hpp"

namespace ballpark {
namespace {

std::shared_ptr<const SyntaxTree> parse(std::string_view text) { return parse_statement(text, UnitRegistry::instance()); }

const Node& root(const SyntaxTree& tree) { return tree.nodes.at(static_cast<std::size_t>(tree.statement.root)); }
const Node& child(const SyntaxTree& tree, std::int32_t index) { return tree.nodes.at(static_cast<std::size_t>(index)); }

Error parse_error(std::string_view text) {
    try {
        parse(text);
    } catch (const ErrorException& e) {
        return e.error();
    }
    ADD_FAILURE() << "parsing \"" << text << "\" raised no error";
    return {};
}

// The central value of a dimensionless expression, or NaN with a failed test.
double number(std::string_view text) {
    const auto q = evaluate(text);
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return std::nan("");
    }
    EXPECT_TRUE(q->dimension.is_dimensionless()) << text;
    return q->central;
}

Dimension dim(BaseDimension b) { return Dimension::of(b); }
const Dimension time_dim = dim(BaseDimension::time);
const Dimension energy = dim(BaseDimension::mass) * dim(BaseDimension::length) * dim(BaseDimension::length) / time_dim / time_dim;
const Dimension power_dim = energy / time_dim;

TEST(Parser, BindsJuxtapositionTighterThanDivisionSoARateIsAmountPerUnit) {
    // "312 TFLOP/s" is (312 TFLOP) / s, not 312 (TFLOP/s) read any other way.
    const auto tree = parse("312 TFLOP/s");
    const Node& top = root(*tree);
    ASSERT_EQ(top.kind, NodeKind::divide);
    EXPECT_EQ(child(*tree, top.lhs).kind, NodeKind::juxtapose);
    EXPECT_EQ(child(*tree, top.rhs).kind, NodeKind::name);
}

TEST(Parser, ReadsOneHundredKilowattHoursOverTwoHoursAsFiftyKilowatts) {
    // (100 kWh) / (2 hour) = 100 × 3.6e6 J / 7200 s = 50,000 W. Were juxtaposition looser than "/",
    // it would be 100 kWh / 2 × hour, an energy·time, not a power.
    const auto q = evaluate("100 kWh / 2 hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, power_dim);
    EXPECT_DOUBLE_EQ(q->central, 50'000.0);
}

TEST(Parser, BindsJuxtapositionTighterThanMultiplication) {
    const auto tree = parse("2 * 3 hour");
    const Node& top = root(*tree);
    ASSERT_EQ(top.kind, NodeKind::multiply);
    EXPECT_EQ(child(*tree, top.rhs).kind, NodeKind::juxtapose);
}

TEST(Parser, ReadsMinusTwoSquaredAsMinusFour) {
    EXPECT_EQ(number("-2^2"), -4.0);   // -(2^2)
    EXPECT_EQ(number("(-2)^2"), 4.0);
    EXPECT_EQ(number("−2^2"), -4.0);   // U+2212 MINUS SIGN behaves the same
}

TEST(Parser, GroupsPowersFromTheRight) {
    EXPECT_EQ(number("2^3^2"), 512.0);  // 2^(3^2) = 2^9
    EXPECT_EQ(number("(2^3)^2"), 64.0);
    EXPECT_EQ(number("2^-1"), 0.5);     // a signed exponent
}

TEST(Parser, GivesMultiplicationPrecedenceOverAddition) {
    EXPECT_EQ(number("2 + 3 * 4"), 14.0);
    EXPECT_EQ(number("2 * 3 + 4"), 10.0);
    EXPECT_EQ(number("(2 + 3) * 4"), 20.0);
}

TEST(Parser, EvaluatesSubtractionAndDivisionLeftToRight) {
    EXPECT_EQ(number("2 - 3 - 4"), -5.0);  // (2 - 3) - 4
    EXPECT_EQ(number("8 / 4 / 2"), 1.0);   // (8 / 4) / 2
}

TEST(Parser, ReadsSuperscriptPowersOnUnits) {
    const auto q = evaluate("3 m²");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 3.0);
    EXPECT_EQ(q->dimension, dim(BaseDimension::length) * dim(BaseDimension::length));
    const auto hz = evaluate("5 s⁻¹");
    ASSERT_TRUE(hz) << hz.error().sentence();
    EXPECT_EQ(hz->dimension, Dimension{} / time_dim);
}

TEST(Parser, LetsThreeToFiveDayShareTheUnit) {
    // Same as "3 day to 5 day": [259,200 s, 432,000 s], central at the midpoint, 4 days = 345,600 s.
    const auto q = evaluate("3 to 5 day");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_DOUBLE_EQ(q->low, 3 * 86400.0);
    EXPECT_DOUBLE_EQ(q->high, 5 * 86400.0);
    EXPECT_DOUBLE_EQ(q->central, 4 * 86400.0);
}

TEST(Parser, SharesUnitsAcrossANegativeBareNumber) {
    const auto q = evaluate("-1 to 2 hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->low, -3600.0);
    EXPECT_DOUBLE_EQ(q->high, 7200.0);
}

TEST(Parser, SharesUnitsWithANegativeHighEnd) {
    // "-2 to -1 hour" is -2 hour to -1 hour, not a plain number to a time; the minus is the number's.
    const auto q = evaluate("-2 to -1 hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->low, -7200.0);
    EXPECT_DOUBLE_EQ(q->high, -3600.0);
    const auto rate = evaluate("-2 to -1 kW/h");  // the whole unit after the number, as for a positive end
    ASSERT_TRUE(rate) << rate.error().sentence();
    EXPECT_DOUBLE_EQ(rate->low, -2000.0 / 3600);
    EXPECT_DOUBLE_EQ(rate->high, -1000.0 / 3600);
}

TEST(Parser, BindsToLooserThanAddition) {
    const auto q = evaluate("1 to 2 + 1");  // 1 to (2 + 1)
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, 1.0);
    EXPECT_EQ(q->high, 3.0);
}

TEST(Parser, BindsAsLoosestOfAll) {
    // "2 hour + 30 min as min" converts the whole sum: 150 minutes.
    const auto tree = parse("2 hour + 30 min as min");
    EXPECT_EQ(root(*tree).kind, NodeKind::convert);
    const auto q = evaluate("2 hour + 30 min as min");
    ASSERT_TRUE(q) << q.error().sentence();
    ASSERT_NE(q->unit, nullptr);
    EXPECT_EQ(q->unit->label, "min");
    EXPECT_DOUBLE_EQ(q->central / q->unit->factor, 150.0);
    // and a whole range: "1 to 2 hour as min" is 60 to 120 minutes.
    const auto r = evaluate("1 to 2 hour as min");
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_DOUBLE_EQ(r->low / r->unit->factor, 60.0);
    EXPECT_DOUBLE_EQ(r->high / r->unit->factor, 120.0);
}

TEST(Parser, KeepsTheTextOfTheTargetUnitAfterAs) {
    const auto tree = parse("gpu_time as million hour");
    const Node& top = root(*tree);
    ASSERT_EQ(top.kind, NodeKind::convert);
    const DisplayUnit& target = tree->display_of(top);
    EXPECT_EQ(target.label, "million hour");
    EXPECT_DOUBLE_EQ(target.factor, 3.6e9);  // 10^6 × 3600 s
    EXPECT_EQ(target.dimension, time_dim);
}

TEST(Parser, ReadsTheLlama2OneLiner) {
    // 6 × 70e9 × 2e12 = 8.4e23 FLOP; / (312e12 FLOP/s × 0.45) = 5.9829e9 s = 1.6619 million hours (central);
    // × 0.55 gives the low 1.3598, × 0.35 the high 2.1368.
    const auto q = evaluate("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_NEAR(q->central / 3.6e9, 8.4e23 / (312e12 * 0.45) / 3.6e9, 1e-12);
    EXPECT_NEAR(q->low / 3.6e9, 1.35975, 1e-5);
    EXPECT_NEAR(q->high / 3.6e9, 2.13675, 1e-5);
}

TEST(Parser, ReadsADollarSignBeforeANumberAsDollars) {
    const auto q = evaluate("$2.50 * 4");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, dim(BaseDimension::money));
    EXPECT_EQ(q->central, 10.0);
}

TEST(Parser, ReadsAnAssignment) {
    const auto tree = parse("params = 70 billion");
    EXPECT_EQ(tree->statement.kind, Statement::Kind::assignment);
    EXPECT_EQ(tree->statement.name, "params");
    EXPECT_EQ(root(*tree).kind, NodeKind::juxtapose);
}

TEST(Parser, ReadsAFunctionDefinitionWithItsParameters) {
    const auto tree = parse("gpu_hours(params, tokens, peak) = 6 FLOP * params * tokens / (peak * utilization)");
    EXPECT_EQ(tree->statement.kind, Statement::Kind::function_definition);
    EXPECT_EQ(tree->statement.name, "gpu_hours");
    ASSERT_EQ(tree->statement.parameters.size(), 3u);
    EXPECT_EQ(tree->statement.parameters[0], "params");
    EXPECT_EQ(tree->statement.parameters[2], "peak");
    EXPECT_EQ(root(*tree).kind, NodeKind::divide);
}

TEST(Parser, ReadsAFunctionDefinitionWithoutParameters) {
    const auto tree = parse("two() = 2");
    EXPECT_EQ(tree->statement.kind, Statement::Kind::function_definition);
    EXPECT_TRUE(tree->statement.parameters.empty());
}

TEST(Parser, ReadsACallWithItsArguments) {
    const auto tree = parse("max(1, 2 to 3, 4 hour as s)");
    const Node& top = root(*tree);
    ASSERT_EQ(top.kind, NodeKind::call);
    EXPECT_EQ(top.text, "max");
    EXPECT_EQ(top.argument_count, 3);
}

TEST(Parser, ReadsAPlainExpressionStatement) {
    const auto tree = parse("1 + 2 # with a comment");
    EXPECT_EQ(tree->statement.kind, Statement::Kind::expression);
    EXPECT_EQ(root(*tree).kind, NodeKind::add);
}

TEST(Parser, ResolvesUnitNamesWhileParsing) {
    const auto tree = parse("3 hour");
    const Node& top = root(*tree);
    ASSERT_EQ(top.kind, NodeKind::juxtapose);
    const Node& unit = child(*tree, top.rhs);
    const UnitValue* size = tree->unit_of(unit);
    ASSERT_NE(size, nullptr);
    EXPECT_EQ(size->factor, 3600.0);
    EXPECT_TRUE(unit.unit_position);
}

// Syntax errors: the sentence and the column of the place.

TEST(Parser, ReportsAnExpressionThatEndsAfterAnOperator) {
    const Error e = parse_error("2 +");
    EXPECT_EQ(e.column, 4);
    EXPECT_NE(e.message.find("ends"), std::string::npos) << e.message;
}

TEST(Parser, ReportsAnUnclosedParenthesisAtTheEnd) {
    const Error e = parse_error("(1 + 2");
    EXPECT_EQ(e.column, 7);
    EXPECT_NE(e.message.find("Expected \")\" to close the \"(\" at column 1"), std::string::npos) << e.message;
}

TEST(Parser, ReportsAStrayClosingParenthesis) {
    const Error e = parse_error("1 + 2)");
    EXPECT_EQ(e.column, 6);
    EXPECT_NE(e.message.find("Expected an operator or the end"), std::string::npos) << e.message;
}

TEST(Parser, ReportsTwoNumbersInARowWithAHint) {
    const Error e = parse_error("2 3");
    EXPECT_EQ(e.column, 3);
    EXPECT_NE(e.hint.find("operator"), std::string::npos) << e.hint;
}

TEST(Parser, ReportsTwoOperatorsInARow) {
    const Error e = parse_error("2 * * 3");
    EXPECT_EQ(e.column, 5);
    EXPECT_NE(e.message.find("Expected a number, a name or \"(\" at column 5, but found \"*\""), std::string::npos)
        << e.message;
}

TEST(Parser, ReportsAnAssignmentToSomethingThatIsNotAName) {
    const Error e = parse_error("1 = 2");
    EXPECT_EQ(e.column, 1);
    EXPECT_NE(e.message.find("left side of \"=\""), std::string::npos) << e.message;
}

TEST(Parser, ReportsAnAssignmentWithNothingAfterTheEqualsSign) {
    const Error e = parse_error("x = ");
    EXPECT_NE(e.message.find("after \"=\""), std::string::npos) << e.message;
}

TEST(Parser, ReportsASecondEqualsSignWithAHint) {
    const Error e = parse_error("x = y = 3");
    EXPECT_EQ(e.column, 7);
    EXPECT_NE(e.hint.find("one \"=\""), std::string::npos) << e.hint;
}

TEST(Parser, ReportsAParameterNamedTwice) {
    const Error e = parse_error("f(a, a) = a");
    EXPECT_EQ(e.column, 6);
    EXPECT_NE(e.message.find("appears twice"), std::string::npos) << e.message;
}

TEST(Parser, ReportsANumberWhereAParameterNameBelongs) {
    const Error e = parse_error("f(1) = 2");
    EXPECT_EQ(e.column, 3);
    EXPECT_NE(e.message.find("parameter name"), std::string::npos) << e.message;
}

TEST(Parser, ReportsAsWithoutAUnit) {
    const Error e = parse_error("3 hour as");
    EXPECT_EQ(e.column, 8);
    EXPECT_NE(e.message.find("unit after \"as\""), std::string::npos) << e.message;
}

TEST(Parser, ReportsAnUnknownUnitAfterAs) {
    const Error e = parse_error("3 hour as hourz");
    EXPECT_EQ(e.column, 11);
    EXPECT_NE(e.message.find("Unknown unit \"hourz\""), std::string::npos) << e.message;
}

TEST(Parser, ReportsARangeAfterAsAsNotAUnit) {
    const Error e = parse_error("3 hour as (1 to 2) s");
    EXPECT_NE(e.message.find("A unit may hold only"), std::string::npos) << e.message;
}

TEST(Parser, ReportsAnUnclosedCall) {
    const Error e = parse_error("max(1, 2");
    EXPECT_EQ(e.column, 9);
    EXPECT_NE(e.message.find("in the call of \"max\""), std::string::npos) << e.message;
}

TEST(Parser, ReportsAnEmptyExpression) {
    EXPECT_NE(parse_error("").message.find("empty"), std::string::npos);
    EXPECT_NE(parse_error("   # just a comment").message.find("empty"), std::string::npos);
}

TEST(Parser, RefusesNestingDeeperThanItsLimitInsteadOfOverflowingTheStack) {
    const std::string deep = std::string(600, '(') + "1" + std::string(600, ')');
    const Error e = parse_error(deep);
    EXPECT_NE(e.message.find("nests deeper"), std::string::npos) << e.message;
    // A long flat chain is as deep a tree as nested parentheses.
    std::string chain = "1";
    for (int i = 0; i < 1000; ++i) chain += "+1";
    EXPECT_NE(parse_error(chain).message.find("deep"), std::string::npos);
}

TEST(Parser, AcceptsModeratelyDeepNesting) {
    const std::string deep = std::string(100, '(') + "7" + std::string(100, ')');
    EXPECT_EQ(number(deep), 7.0);
}

// --- The exponent binds a signed power only. ---

TEST(Parser, ReadsTwoCubedHundredAsEightHundredNotTwoToTheThreeHundred) {
    EXPECT_EQ(number("2^3 hundred"), 800.0);  // (2^3) · 100
    EXPECT_EQ(number("10^2 %"), 1.0);         // 100 · 1/100
    const auto tree = parse("2^3 hundred");
    ASSERT_EQ(root(*tree).kind, NodeKind::juxtapose);
    EXPECT_EQ(child(*tree, root(*tree).lhs).kind, NodeKind::power);
}

TEST(Parser, LetsAnExponentCarrySignsAndGroupFromTheRight) {
    EXPECT_EQ(number("2^-3^2"), 1.0 / 512);  // 2^-(3^2)
    EXPECT_EQ(number("2^+3"), 8.0);
    EXPECT_EQ(number("2^--1"), 2.0);
    EXPECT_EQ(number("2^3²"), 512.0);        // the superscript binds to 3 first
}

// --- Ranges typed the way cells hold them. ---

TEST(Parser, RefusesAMinusWithoutSpacesBetweenAmountsInOneUnit) {
    for (const char* text : {"30%-50%", "$2-$4", "10kW-20kW", "-5%-10%"}) {
        const Error e = parse_error(text);
        EXPECT_NE(e.message.find("range or a subtraction"), std::string::npos) << text << ": " << e.message;
    }
    const Error e = parse_error("30%-50%");
    EXPECT_EQ(e.column, 4);
    EXPECT_NE(e.hint.find("\"30% to 50%\""), std::string::npos) << e.hint;
    EXPECT_NE(e.hint.find("\"30% - 50%\""), std::string::npos) << e.hint;
}

TEST(Parser, StillSubtractsWithSpacesAroundTheMinusOrBetweenPlainNumbers) {
    EXPECT_NEAR(number("30% - 50%"), -0.2, 1e-15);
    EXPECT_EQ(number("5-3"), 2.0);
    EXPECT_EQ(number("5 -3"), 2.0);
    EXPECT_NEAR(number("30% -50%"), -0.2, 1e-15);  // a space on one side is a subtraction typed loosely
    const auto q = evaluate("10kW-20W");           // different units: nobody types a range that way
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 9980.0);
}

// Read as a minus, "u = 35-55%" would be 35 - 0.55 = 34.45 without a word, and the README's GPU-hours formula
// with it 0.0217 million hour. A hyphen between a bare number and an amount is refused with the range written out.
TEST(Parser, RefusesAHyphenBetweenANumberAndAnAmount) {
    for (const auto& [text, column, range] :
         {std::tuple{"35-55%", 3, "\"35% to 55%\""}, std::tuple{"2-3 hour", 2, "\"2 hour to 3 hour\""},
          std::tuple{"1-2 billion", 2, "\"1 billion to 2 billion\""},
          std::tuple{"10-20 TFLOP/s", 3, "\"10 TFLOP/s to 20 TFLOP/s\""}, std::tuple{"u = 35-55%", 7, "\"35% to 55%\""},
          std::tuple{"-5-3%", 3, "\"-5% to 3%\""}, std::tuple{"1-5%", 2, "\"1% to 5%\""},
          std::tuple{"1 + 35-55%", 7, "\"35% to 55%\""}}) {
        const Error e = parse_error(text);
        EXPECT_NE(e.message.find("range or a subtraction"), std::string::npos) << text << ": " << e.message;
        EXPECT_EQ(e.column, column) << text;
        EXPECT_NE(e.hint.find(range), std::string::npos) << text << ": " << e.hint;
    }
    // The subtraction offered must itself be accepted: beside a percentage a number above 1 is offered the fraction.
    EXPECT_NE(parse_error("35-55%").hint.find("\"35 - 0.55\""), std::string::npos);
    EXPECT_NE(parse_error("1-5%").hint.find("\"1 - 5%\""), std::string::npos);
    EXPECT_NEAR(number("1 - 5%"), 0.95, 1e-15);
    EXPECT_NEAR(number("35 - 0.55"), 34.45, 1e-13);
}

// "35 - 55%" and "10 + 5%": a percentage beside a number above 1 is neither a range nor a percentage of it.
TEST(Parser, RefusesAPercentageAddedToOrTakenFromANumberAboveOne) {
    for (const char* text : {"35 - 55%", "35 - 55 %", "10 + 5%", "-10 - 5%"}) {
        const Error e = parse_error(text);
        EXPECT_NE(e.message.find("a plain number beside it is not a percentage of it"), std::string::npos)
            << text << ": " << e.message;
    }
    EXPECT_NE(parse_error("10 + 5%").hint.find("\"10 * (1 + 5%)\""), std::string::npos);
    EXPECT_NE(parse_error("35 - 55%").hint.find("\"35% to 55%\""), std::string::npos);
    EXPECT_EQ(parse_error("100 - 5%").hint.find(" to "), std::string::npos);  // 100% to 5% would go down
    EXPECT_NE(parse_error("35+55%").message.find("\"35+55%\""), std::string::npos);  // quoted as typed
    // The forms it offers give 5% more than 10 (10.5) and 55% less than 35 (15.75).
    EXPECT_NEAR(number("10 * (1 + 5%)"), 10.5, 1e-14);
    EXPECT_NEAR(number("35 * (1 - 55%)"), 15.75, 1e-13);
}

// "2 - 3 hour" with spaces is a plain number less a time, which has no reading: the sentence offers the range, and
// the range it offers is 2 to 3 hours (7200 s to 10800 s).
TEST(Parser, APlainNumberLessAnAmountOffersTheRange) {
    for (const auto& [text, range] : {std::pair{"2 - 3 hour", "\"2 to 3 hour\""},
                                      std::pair{"10 - 20 TFLOP/s", "\"10 to 20 TFLOP/s\""}}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text;
        EXPECT_NE(q.error().message.find("from the plain number"), std::string::npos) << q.error().message;
        EXPECT_NE(q.error().hint.find(range), std::string::npos) << q.error().hint;
    }
    const auto range = evaluate("2 to 3 hour");
    ASSERT_TRUE(range);
    EXPECT_EQ(range->low, 7200.0);
    EXPECT_EQ(range->high, 10800.0);
}

// What stays arithmetic: a fraction less a percentage, a variable or bracket on the left, two plain numbers, and
// scale words with spaces around the minus.
TEST(Parser, KeepsSubtractionWhereTheLeftIsNoBareNumber) {
    EXPECT_NEAR(number("0.5 - 5%"), 0.45, 1e-15);
    EXPECT_EQ(number("5-3"), 2.0);
    EXPECT_EQ(number("5e9 - 2 billion"), 3e9);
    Session session;
    testing::run(session, "x = 0.9");
    const LineResult r = testing::run(session, "x - 5%");
    ASSERT_TRUE(r.value);
    EXPECT_NEAR(r.value->central, 0.85, 1e-15);
    const LineResult h = testing::run(session, "(1 hour + 2 hour)-3 hour");
    ASSERT_TRUE(h.value);
    EXPECT_EQ(h.value->central, 0.0);
}

TEST(Parser, RefusesABareNumberAtOneEndAndAPercentageAtTheOther) {
    const Error e = parse_error("0.35 to 55%");
    EXPECT_EQ(e.column, 6);
    EXPECT_NE(e.hint.find("\"35% to 55%\" or \"0.35 to 0.55\""), std::string::npos) << e.hint;
    EXPECT_NE(parse_error("35% to 0.55").hint.find("\"35% to 55%\" or \"0.35 to 0.55\""), std::string::npos);
    EXPECT_NE(parse_error("35 to 55%").hint.find("\"35% to 55%\""), std::string::npos);
    EXPECT_NE(parse_error("0.5 to 2%").hint.find("\"0.5% to 2%\" or \"0.005 to 0.02\""), std::string::npos);
    EXPECT_NE(parse_error("0.35 to 55 percent").message.find("percentage"), std::string::npos);
}

TEST(Parser, LetsZeroStandBesideAPercentage) {
    const auto q = evaluate("0 to 5%");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, 0.0);
    EXPECT_NEAR(q->high, 0.05, 1e-17);
}

TEST(Parser, SharesACompoundUnitWithABareNumberOnTheLeft) {
    const auto q = evaluate("1 to 2 TFLOP/s");  // 1 TFLOP/s to 2 TFLOP/s
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, dim(BaseDimension::compute) / time_dim);
    EXPECT_NEAR(q->low, 1e12, 1e-3);
    EXPECT_NEAR(q->high, 2e12, 1e-3);
    const auto tree = parse("1 to 2 TFLOP/s");
    ASSERT_EQ(root(*tree).kind, NodeKind::divide);
    const Node& amount = child(*tree, root(*tree).lhs);
    ASSERT_EQ(amount.kind, NodeKind::juxtapose);
    EXPECT_EQ(child(*tree, amount.lhs).kind, NodeKind::range);
    const auto day = evaluate("3 to 5 kW * hour");  // through an explicit product too
    ASSERT_TRUE(day) << day.error().sentence();
    EXPECT_NEAR(day->low, 3000.0 * 3600, 1e-6);
}

TEST(Parser, SharesNothingWhenTheLeadingNumberIsNotFollowedByAUnit) {
    // "2 * 3 hour": the 2 has no unit of its own, so the range is 1 to 6 hour and fails on dimensions.
    EXPECT_FALSE(evaluate("1 to 2 * 3 hour"));
    EXPECT_EQ(root(*parse("1 to 2 * 3 hour")).kind, NodeKind::range);
}

// --- Exact literals. ---

TEST(Parser, EnclosesEachDecimalLiteralBetweenAdjacentDoubles) {
    using testing_exact::decimal;
    using testing_exact::exact;
    const auto tree = parse("0.3048");
    const Node& n = root(*tree);
    EXPECT_LE(exact(n.number_low), decimal("3048", -4));
    EXPECT_GE(exact(n.number_high), decimal("3048", -4));
    EXPECT_EQ(std::nextafter(n.number_low, INFINITY), n.number_high);
    const auto half_tree = parse("0.5");  // kept alive: root() returns a reference into the tree
    const Node& half = root(*half_tree);
    EXPECT_EQ(half.number_low, 0.5);
    EXPECT_EQ(half.number_high, 0.5);
    const auto step_tree = parse("1.4");
    EXPECT_EQ(root(*step_tree).half_step, std::nextafter(0.05, INFINITY));
}

// --- Results read back. ---

TEST(Parser, ReadsAPrintedRangeWithItsCentralValue) {
    const auto tree = parse("1.7 [1.4, 2.1] million hour");
    const Node* n = &root(*tree);
    while (n->kind == NodeKind::juxtapose) n = &child(*tree, n->lhs);
    ASSERT_EQ(n->kind, NodeKind::range);
    ASSERT_GE(n->middle, 0);
    EXPECT_EQ(child(*tree, n->middle).number, 1.7);
    EXPECT_EQ(child(*tree, n->lhs).number, 1.4);
    EXPECT_EQ(child(*tree, n->rhs).number, 2.1);
    // Each printed number stands for everything that rounds to it: half a unit in its last digit.
    EXPECT_NEAR(child(*tree, n->lhs).half_step, 0.05, 1e-17);
    EXPECT_NEAR(child(*tree, n->rhs).half_step, 0.05, 1e-17);
    EXPECT_EQ(root(*parse("1 to 2")).middle, -1);  // "a to b" has no central value
    const auto q = evaluate("1.7 [1.4, 2.1] million hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, time_dim);
}

TEST(Parser, ReadsEveryShapeOfPrintedResult) {
    for (const char* text : {"1.7 [1.4, 2.1] million hour", "1.7 [1.4, 2.1] million hour {time}", "8.40 × 10²³ FLOP",
                             "8.40 × 10^23 FLOP", "8.40 * 10^23 FLOP", "8.40 x 10^23 FLOP", "24 [19, 30] million hour",
                             "43.5%", "1.9 [1.5, 2.4] × 10²⁴ FLOP", "1.9 [1.5, 2.4] x 10^24 FLOP", "-1.5 [-2.0, -1.0]",
                             "$1.7 [1.4, 2.1]", "$-5.00", "5.6 × 10⁻³⁰⁹ [0, 1.0]", "0 [-2.0, 2.0]", "1.50 FLOP/B",
                             "3.60 × 10⁶ J {energy}", "9.90 × 10⁻⁴", "1.5 [1.0, 2.0]%", "kg·m²/s³"}) {
        EXPECT_NO_THROW(parse(text)) << text;
    }
}

TEST(Parser, ReadsTimesTenToThePowerAsOneLiteral) {
    using testing_exact::decimal;
    using testing_exact::exact;
    for (const char* text : {"8.40 × 10²³", "8.40 × 10^23", "8.40 * 10^23", "8.40 x 10^23", "8.40·10^+23"}) {
        const auto tree = parse(text);
        const Node& n = root(*tree);
        ASSERT_EQ(n.kind, NodeKind::number) << text;
        EXPECT_EQ(n.number, 8.4e23) << text;
        EXPECT_LE(exact(n.number_low), decimal("84", 22)) << text;
        EXPECT_GE(exact(n.number_high), decimal("84", 22)) << text;
        EXPECT_NEAR(n.half_step, 5e20, 1e5) << text;  // half of 0.01 × 10^23
    }
    EXPECT_EQ(root(*parse("1.5 × 10⁻³")).number, 1.5e-3);
}

TEST(Parser, FoldsAPowerOfTenOnlyWhereTheNumberLeadsAProduct) {
    EXPECT_EQ(number("6 / 2 × 10^3"), 3000.0);  // (6 / 2) · 1000, never 6 / 2000
    EXPECT_EQ(number("6 / 2 x 10^3"), 3000.0);
    EXPECT_EQ(number("2 × 10^3^2"), 2e9);       // 2 · 10^(3^2)
    EXPECT_EQ(number("3 - 2 × 10^3"), -1997.0);
}

TEST(Parser, RefusesAPrintedRangeThatGoesDownOrLeavesItsCentralValueOutside) {
    const Error down = parse_error("1.5 [2.0, 1.0]");
    EXPECT_NE(down.message.find("goes down"), std::string::npos) << down.message;
    const Error outside = parse_error("3 [1.0, 2.0]");
    EXPECT_NE(outside.message.find("outside"), std::string::npos) << outside.message;
    const Error unclosed = parse_error("1.7 [1.4, 2.1");
    EXPECT_NE(unclosed.message.find("\"]\""), std::string::npos) << unclosed.message;
    EXPECT_NE(parse_error("1.7 [x, 2.1]").message.find("Expected a number"), std::string::npos);
}

TEST(Parser, AcceptsAKnownDimensionInBracesAndRefusesAnUnknownOne) {
    const auto tree = parse("365 day {time}");
    ASSERT_TRUE(tree->statement.claimed_dimension);
    EXPECT_EQ(*tree->statement.claimed_dimension, time_dim);
    EXPECT_EQ(tree->statement.claimed_dimension_column, 9);
    EXPECT_TRUE(parse("2 FLOP/s {compute rate}")->statement.claimed_dimension);
    EXPECT_FALSE(parse("365 day")->statement.claimed_dimension);
    const Error e = parse_error("365 day {tme}");
    EXPECT_EQ(e.column, 9);
    EXPECT_NE(e.hint.find("\"time\""), std::string::npos) << e.hint;
    EXPECT_NE(parse_error("{time} 365 day").message.find("Expected a number"), std::string::npos);
}

TEST(Parser, ReadsAUnitStringIntoItsSizeAndDimension) {
    const UnitValue u = parse_unit("PFLOP/s*day", UnitRegistry::instance());
    EXPECT_DOUBLE_EQ(u.factor, 1e15 * 86400);
    EXPECT_EQ(u.dimension, dim(BaseDimension::compute));
    EXPECT_THROW(parse_unit("hour + 1", UnitRegistry::instance()), ErrorException);
    EXPECT_THROW(parse_unit("0 hour", UnitRegistry::instance()), ErrorException);
}

TEST(Parser, EnclosesTheExactSizeOfAUnitString) {
    using testing_exact::decimal;
    using testing_exact::exact;
    // 0.3048 m / 12 per inch; 1 PFLOP/s·day is 864 · 10^17 FLOP exactly.
    const UnitValue inch = parse_unit("0.3048 m / 12", UnitRegistry::instance());
    EXPECT_LE(exact(inch.factor_low), decimal("254", -4));
    EXPECT_GE(exact(inch.factor_high), decimal("254", -4));
    EXPECT_LT(inch.factor_low, inch.factor_high);
    const UnitValue day = parse_unit("PFLOP/s*day", UnitRegistry::instance());
    EXPECT_LE(exact(day.factor_low), decimal("864", 17));
    EXPECT_GE(exact(day.factor_high), decimal("864", 17));
}

// "to" before a unit with no number converts, as in numbat, insect, mathjs and Qalculate. "3 ft to m"
// is 0.9144 m, not the range 3 ft to 1 m.
TEST(ToBeforeAUnit, ConvertsLikeAs) {
    const auto feet = evaluate("3 ft to m");
    ASSERT_TRUE(feet) << feet.error().sentence();
    EXPECT_DOUBLE_EQ(feet->central, 3 * 0.3048);  // units -t '3 ft' 'm' -> 0.9144
    EXPECT_DOUBLE_EQ(feet->low, feet->high);  // one value, not a range (its bounds enclose 0.3048 m)
    EXPECT_EQ(format(*feet), "0.914 m {length}");
    const auto inch = evaluate("2.54 cm to inch");
    ASSERT_TRUE(inch) << inch.error().sentence();
    EXPECT_EQ(format(*inch), "1.00 inch {length}");
    EXPECT_EQ(format(*evaluate("100 km/h to mph")), format(*evaluate("100 km/h as mph")));
    EXPECT_EQ(format(*evaluate("(1 to 3) m to ft")), format(*evaluate("(1 to 3) m as ft")));
}

TEST(ToBeforeAUnit, ANumberOnTheRightKeepsTheRange) {
    for (const auto& [text, low, high] : {std::tuple{"1 to 3 m", 1.0, 3.0}, std::tuple{"35% to 55%", 0.35, 0.55},
                                          std::tuple{"1 m to 2 m", 1.0, 2.0}, std::tuple{"3 to 5 day", 3 * 86400.0, 5 * 86400.0},
                                          std::tuple{"10 thousand to 1 million", 1e4, 1e6}, std::tuple{"pi/2 to 1 pi", std::numbers::pi / 2, std::numbers::pi}}) {
        const auto q = evaluate(text);
        ASSERT_TRUE(q) << text << ": " << q.error().sentence();
        EXPECT_DOUBLE_EQ(q->low, low) << text;
        EXPECT_DOUBLE_EQ(q->high, high) << text;
    }
}

// `to` before a unit alone converts whatever the left side is, a plain number, an angle or a constant's
// expression: "0.01 rad to deg" is an angle in degrees, not the range 0.01 rad to 1 deg.
TEST(ToBeforeAUnit, ConvertsPlainNumbersAndAnglesToo) {
    // The truths from GNU units: units -t '0.01 radian' degree -> 0.5729578; 'pi/2' degree -> 90; turn degree ->
    // 360; '5 percent' ppm -> 50000.
    for (const auto& [text, shown, in_target] :
         {std::tuple{"0.01 rad to deg", "deg", 0.5729578}, std::tuple{"pi/2 to deg", "deg", 90.0},
          std::tuple{"1 turn to deg", "deg", 360.0}, std::tuple{"5% to ppm", "ppm", 50000.0},
          std::tuple{"0.05 to %", "%", 5.0}, std::tuple{"90 deg to rad", "rad", std::numbers::pi / 2}}) {
        const auto q = evaluate(text);
        ASSERT_TRUE(q) << text << ": " << q.error().sentence();
        EXPECT_FALSE(q->is_range()) << text << " is one value, not a range";
        ASSERT_TRUE(q->unit) << text;
        EXPECT_EQ(q->unit->label, shown) << text;
        EXPECT_THAT(q->central / q->unit->factor, testing::RelativelyNear(in_target, 1e-7)) << text;
    }
    EXPECT_EQ(format(*evaluate("0.01 rad to deg")), format(*evaluate("0.01 rad as deg")));
}

// "10 thousand to million" and "pi/2 to pi": a range to a number said as a word and a conversion into it are both
// readings, so neither number is printed.
TEST(ToBeforeAUnit, RefusesANumberWordAloneWithBothReadings) {
    for (const auto& [text, range, conversion] :
         {std::tuple{"10 thousand to million", "\"10 thousand to 1 million\"", "\"10 thousand as million\""},
          std::tuple{"pi/2 to pi", "\"pi/2 to 1 pi\"", "\"pi/2 as pi\""},
          std::tuple{"3 to dozen", "\"3 to 1 dozen\"", "\"3 as dozen\""},
          std::tuple{"0.5 mile to mile", "\"0.5 mile to 1 mile\"", "\"0.5 mile as mile\""},
          std::tuple{"0.9 c to c", "\"0.9 c to 1 c\"", "\"0.9 c as c\""}}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text << " evaluated to " << q->central;
        const Error e = q.error();
        EXPECT_NE(e.message.find("could be the end of a range"), std::string::npos) << text << ": " << e.message;
        EXPECT_NE(e.hint.find(range), std::string::npos) << text << ": " << e.hint;
        EXPECT_NE(e.hint.find(conversion), std::string::npos) << text << ": " << e.hint;
    }
    // A unit that only ends like the left's is another unit, and converts: units -t '5 km' m -> 5000.
    const auto km = evaluate("5 km to m");
    ASSERT_TRUE(km) << km.error().sentence();
    EXPECT_EQ(km->central, 5000.0);
    Session session;  // a variable named like the number word makes it a range, as for any unit
    testing::run(session, "net = 5");
    testing::run(session, "gross = 9");
    const LineResult r = testing::run(session, "net to gross");
    ASSERT_TRUE(r.value);
    EXPECT_EQ(r.value->low, 5.0);
    EXPECT_EQ(r.value->high, 9.0);
}

// "1 billion to 2 billion hour" is a range of hours, as "1e9 to 2e9 hour" is: a left end with scale words keeps them and shares the units after the right's.
TEST(SharedUnits, AnEndWithScaleWordsSharesTheUnitsAfterThem) {
    for (const auto& [words, digits, low, high] :
         {std::tuple{"1 billion to 2 billion hour", "1e9 to 2e9 hour", 1e9 * 3600, 2e9 * 3600},
          std::tuple{"1 thousand to 2 million hour", "1e3 to 2e6 hour", 1e3 * 3600, 2e6 * 3600},
          std::tuple{"-2 billion to -1 billion hour", "-2e9 to -1e9 hour", -2e9 * 3600, -1e9 * 3600},
          std::tuple{"60 billion to 80 billion FLOP/s", "60e9 to 80e9 FLOP/s", 60e9, 80e9},
          std::tuple{"1 billion to 2 billion GPU hour", "1e9 to 2e9 GPU hour", 1e9 * 3600, 2e9 * 3600}}) {
        const auto a = evaluate(words);
        const auto b = evaluate(digits);
        ASSERT_TRUE(a) << words << ": " << a.error().sentence();
        ASSERT_TRUE(b) << digits << ": " << b.error().sentence();
        EXPECT_DOUBLE_EQ(a->low, low) << words;
        EXPECT_DOUBLE_EQ(a->high, high) << words;
        EXPECT_EQ(format(*a), format(*b)) << words;
    }
    // A bare number on the left still takes the scale words too.
    const auto bare = evaluate("2 to 3 billion hour");
    ASSERT_TRUE(bare);
    EXPECT_DOUBLE_EQ(bare->low, 2e9 * 3600);
}

TEST(ToBeforeAUnit, AVariableNamedLikeTheUnitKeepsTheRange) {
    Session session;
    testing::run(session, "t1 = 2 hour");
    testing::run(session, "h = 5 hour");
    const LineResult r = testing::run(session, "t1 to h");
    ASSERT_TRUE(r.value);
    EXPECT_EQ(r.value->low, 2 * 3600.0);
    EXPECT_EQ(r.value->high, 5 * 3600.0);
    const LineResult m = testing::run(session, "t1 to min");
    ASSERT_TRUE(m.value);
    EXPECT_EQ(format(*m.value), "120 min {time}");
}

// "per" is a division sign between two operands, binding as "/" does ("$2 per GPU-hour" is
// $2 / GPU-hour).
TEST(Per, DividesAsTheSlashDoes) {
    for (const auto& [with_per, with_slash] :
         {std::pair{"$2 per GPU-hour", "$2 / GPU-hour"}, std::pair{"100 kWh per 2 hour", "100 kWh / 2 hour"},
          std::pair{"100 km per hour", "100 km / hour"}, std::pair{"3 m as km per hour", "3 m as km / hour"},
          std::pair{"6 per 2 per 3", "6 / 2 / 3"}}) {
        const auto a = evaluate(with_per);
        const auto b = evaluate(with_slash);
        ASSERT_EQ(bool(a), bool(b)) << with_per;
        if (!a) continue;
        EXPECT_EQ(a->central, b->central) << with_per;
        EXPECT_EQ(a->dimension, b->dimension) << with_per;
    }
    EXPECT_EQ(format(*evaluate("$2 per GPU-hour as $/hour")), "2.00 $/hour {cost rate}");
    EXPECT_DOUBLE_EQ(evaluate("100 kWh per 2 hour")->central, 50000);  // 50 kW
}

TEST(Per, IsANameWhereNoOperandFollows) {
    Session session;
    testing::run(session, "per = 3");
    const LineResult r = testing::run(session, "2 * per");
    ASSERT_TRUE(r.value);
    EXPECT_EQ(r.value->central, 6);
}

}  // namespace
}  // namespace ballpark
