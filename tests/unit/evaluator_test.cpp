// Unit tests of the evaluator (core/src/evaluator.hpp): that it is generic over its value type, the built-in
// functions, and that every kind of error gives its sentence, column and hint.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "language/parser.hpp"
#include "testing.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

// A value type with no uncertainty at all, to show the evaluator needs nothing of Interval but its operations:
// a later sampled or dependency-aware type takes this place the same way.
struct Plain {
    double x = 0;
    struct Context {};
    static Plain point(double v) { return {v}; }
    static Plain literal(double nearest, double, double) { return {nearest}; }
    static Plain between(Context&, const Plain& a, const Plain& b, int) { return {(a.x + b.x) / 2}; }
    static Plain between3(Context&, const Plain&, const Plain& c, const Plain&, int) { return c; }
    static Plain add(Context&, const Plain& a, const Plain& b) { return {a.x + b.x}; }
    static Plain subtract(Context&, const Plain& a, const Plain& b) { return {a.x - b.x}; }
    static Plain multiply(Context&, const Plain& a, const Plain& b) { return {a.x * b.x}; }
    static Plain negate(Context&, const Plain& a) { return {-a.x}; }
    static Plain divide(Context&, const Plain& a, const Plain& b, int column) {
        if (b.x == 0) fail(ErrorKind::domain, "Division by zero.", column);
        return {a.x / b.x};
    }
    static Plain power(Context&, const Plain& a, double e, int) { return {std::pow(a.x, e)}; }
    static Plain absolute(Context&, const Plain& a) { return {std::abs(a.x)}; }
    static Plain minimum(Context&, const Plain& a, const Plain& b) { return {std::min(a.x, b.x)}; }
    static Plain maximum(Context&, const Plain& a, const Plain& b) { return {std::max(a.x, b.x)}; }
    static Plain exp(Context&, const Plain& a, int) { return {std::exp(a.x)}; }
    static Plain log(Context&, const Plain& a, int) { return {std::log(a.x)}; }
    static Plain law(Context&, const Law& law, int) { return {law.central}; }
    double low() const { return x; }
    double central() const { return x; }
    double high() const { return x; }
    double support_low() const { return x; }
    double support_high() const { return x; }
    bool is_point() const { return true; }
    bool is_finite() const { return std::isfinite(x); }
};
static_assert(ValueType<Plain>);

std::shared_ptr<const SyntaxTree> parse(std::string_view text) { return parse_statement(text, UnitRegistry::instance()); }

const Dimension time_dim = Dimension::of(BaseDimension::time);
const Dimension length = Dimension::of(BaseDimension::length);

using testing::error_of;

using testing::contains;

TEST(Evaluator, RunsWithAnyValueTypeThatHasTheOperations) {
    // 8.4e23 FLOP / (312e12 FLOP/s × 0.45) = 5.98290598…e9 s; the plain type reads "35% to 55%" as 45%.
    const auto tree = parse("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%))");
    Evaluator<Plain> evaluator(nullptr, {});
    const Value<Plain> v = evaluator.run(*tree);
    EXPECT_EQ(v.dimension, time_dim);
    const double expected = 8.4e23 / (312e12 * 0.45);
    EXPECT_THAT(v.number.x, testing::RelativelyNear(expected, 1e-12));
}

TEST(Evaluator, CallsUserFunctionsWithAnyValueType) {
    Globals<Plain> globals;
    globals.variables.emplace("rate", Value<Plain>{Plain{2}, {}, nullptr});
    globals.functions.emplace("scaled", parse("scaled(x) = x * rate"));
    Evaluator<Plain> evaluator(&globals, {});
    EXPECT_EQ(evaluator.run(*parse("scaled(21)")).number.x, 42.0);
}

TEST(Evaluator, PrefersBindingsOverUnitsOfTheSameName) {
    // A binding named "h" shadows the hour.
    const NamedValue<Interval> h{"h", Value<Interval>{Interval::point(5), {}, nullptr}};
    Evaluator<Interval> evaluator(nullptr, std::span(&h, 1));
    const Value<Interval> v = evaluator.run(*parse("2 * h"));
    EXPECT_EQ(v.number.central(), 10.0);
    EXPECT_TRUE(v.dimension.is_dimensionless());
}

// --- Built-in functions. ---

TEST(Evaluator, TakesTheSquareRootOfAnAreaAsALength) {
    const auto q = evaluate("sqrt(9 m^2)");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, length);
    EXPECT_DOUBLE_EQ(q->central, 3.0);
}

TEST(Evaluator, ReadsTheEndsOfARange) {
    const auto low = evaluate("low(2 to 4 hour)");
    const auto central = evaluate("central(2 to 4 hour)");
    const auto high = evaluate("high(2 to 4 hour)");
    ASSERT_TRUE(low && central && high);
    EXPECT_EQ(low->central, 7200.0);
    EXPECT_EQ(central->central, 10800.0);
    EXPECT_EQ(high->central, 14400.0);
    EXPECT_FALSE(high->is_range());
}

TEST(Evaluator, TakesMinimumMaximumAndAbsoluteValue) {
    EXPECT_EQ(evaluate("min(3, 1, 2)")->central, 1.0);
    EXPECT_EQ(evaluate("max(3 s, 1 min)")->central, 60.0);
    EXPECT_EQ(evaluate("abs(-4 m)")->central, 4.0);
}

TEST(Evaluator, TakesExponentialsAndLogarithmsOfPlainNumbers) {
    EXPECT_DOUBLE_EQ(evaluate("ln(exp(2))")->central, 2.0);
    EXPECT_DOUBLE_EQ(evaluate("log10(1000)")->central, 3.0);
}

// --- Every kind of error gives its sentence. ---

TEST(Evaluator, ReportsAnUnknownUnitWithDidYouMean) {
    const Error e = error_of("3 hourz");
    EXPECT_EQ(e.message, "Unknown unit \"hourz\" at column 3.");
    EXPECT_EQ(e.column, 3);
    EXPECT_TRUE(contains(e.hint, "Did you mean \"hour\"")) << e.hint;
    EXPECT_TRUE(contains(e.sentence(), "Unknown unit \"hourz\" at column 3. Did you mean \"hour\"")) << e.sentence();
}

TEST(Evaluator, ReportsAddingComputeAndTimeNamingBoth) {
    const Error e = error_of("6 FLOP + 2 s");
    EXPECT_EQ(e.message, "Cannot add compute (FLOP) and time (s): both sides of \"+\" at column 8 need the same dimension.");
    EXPECT_EQ(e.column, 8);
}

TEST(Evaluator, ReportsSubtractingDifferentDimensions) {
    const Error e = error_of("1 hour - 1 m");
    EXPECT_TRUE(contains(e.message, "Cannot subtract time (s) and length (m)")) << e.message;
}

TEST(Evaluator, ReportsARangeBetweenDifferentDimensions) {
    const Error e = error_of("1 hour to 2 m");
    EXPECT_TRUE(contains(e.message, "make a range of time (s) and length (m)")) << e.message;
}

TEST(Evaluator, ReportsConvertingComputeToTimeWithAHint) {
    const Error e = error_of("6 FLOP as hour");
    EXPECT_EQ(e.message, "Cannot convert compute (FLOP) to \"hour\", which is time (s).");
    EXPECT_EQ(e.column, 8);
    // FLOP / time is a compute rate, so dividing by one gives time.
    EXPECT_EQ(e.hint, "Divide by a value of compute rate (FLOP/s) to get time.");
}

TEST(Evaluator, ReportsConvertingAPlainNumberToAUnit) {
    const Error e = error_of("5 as hour");
    EXPECT_TRUE(contains(e.message, "Cannot convert a plain number to \"hour\"")) << e.message;
}

TEST(Evaluator, ReportsASyntaxErrorWithItsColumn) {
    const Error e = error_of("2 * (3 + )");
    EXPECT_EQ(e.column, 10);
    EXPECT_TRUE(contains(e.message, "at column 10")) << e.message;
}

TEST(Evaluator, ReportsARangeContainingZeroAsDivisor) {
    const Error e = error_of("1 / (-1 to 1)");
    EXPECT_EQ(e.message, "Division by a range that contains zero (-1.00 to 1.00); the result would be unbounded.");
    EXPECT_EQ(e.column, 3);
    // With units: 312 TFLOP/s × [-10%, 50%] = [-3.12e13, 1.56e14] FLOP/s, shown in base units.
    const Error rate = error_of("6 FLOP / (312 TFLOP/s * (-10% to 50%))");
    EXPECT_EQ(rate.message,
              "Division by a range that contains zero (-3.12 × 10^13 to 1.56 × 10^14); the result would be unbounded.");
    EXPECT_EQ(rate.column, 8);
}

TEST(Evaluator, ReportsDivisionByZero) {
    const Error e = error_of("1 / (2 - 2)");
    EXPECT_EQ(e.message, "Division by zero.");
    EXPECT_EQ(e.column, 3);
}

TEST(Evaluator, ReportsAnUnknownVariable) {
    const Error e = error_of("utilisation * 2");
    EXPECT_EQ(e.message, "Unknown variable \"utilisation\" at column 1: it is neither a variable nor a unit.");
    EXPECT_EQ(e.column, 1);
}

TEST(Evaluator, SuggestsABoundNameForAMisspeltVariable) {
    const Binding b[] = {{"utilization", 0.4}};
    const auto q = evaluate("utilisation * 2", b);
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error().hint, "\"utilization\"")) << q.error().hint;
}

TEST(Evaluator, ReportsAnUnknownFunctionWithDidYouMean) {
    const Error e = error_of("sqr(4)");
    EXPECT_EQ(e.message, "Unknown function \"sqr\" at column 1.");
    EXPECT_TRUE(contains(e.hint, "\"sqrt\"")) << e.hint;
}

TEST(Evaluator, ReportsAUnitFollowedByParenthesesAsAMissingMultiplication) {
    const Error e = error_of("m(3)");
    EXPECT_TRUE(contains(e.message, "put * before \"(\"")) << e.message;
}

TEST(Evaluator, ReportsTheWrongArgumentCountOfABuiltIn) {
    EXPECT_EQ(error_of("sqrt(1, 2)").message, "\"sqrt\" takes 1 argument, but 2 were given at column 1.");
    EXPECT_EQ(error_of("low()").message, "\"low\" takes 1 argument, but 0 were given at column 1.");
    EXPECT_TRUE(contains(error_of("max()").message, "\"max\" takes 1 argument")) << error_of("max()").message;
}

TEST(Evaluator, ReportsAnExponentWithUnits) {
    EXPECT_TRUE(contains(error_of("2 ^ (3 s)").message, "An exponent must be a plain number")) << error_of("2 ^ (3 s)").message;
}

TEST(Evaluator, ReportsARangeAsExponent) {
    EXPECT_TRUE(contains(error_of("2 ^ (1 to 2)").message, "not a range"));
}

TEST(Evaluator, ReportsAFractionalPowerOfAUnit) {
    EXPECT_TRUE(contains(error_of("(2 m)^0.5").message, "fractional unit"));
}

TEST(Evaluator, ReportsANegativeSquareRoot) {
    EXPECT_TRUE(contains(error_of("sqrt(-1 to 4)").message, "cannot be negative"));
}

TEST(Evaluator, ReportsALogarithmOfAQuantityWithUnits) {
    EXPECT_TRUE(contains(error_of("ln(3 hour)").message, "needs a plain number"));
    EXPECT_TRUE(contains(error_of("ln(0)").message, "above zero"));
}

TEST(Evaluator, ReportsAResultBeyondDoublePrecision) {
    const Error e = error_of("1e308 * 10");
    EXPECT_TRUE(contains(e.message, "beyond double precision")) << e.message;
    EXPECT_EQ(e.column, 7);
}

TEST(Evaluator, ReportsARangeThatGoesDown) {
    const Error e = error_of("5 to 3");
    EXPECT_TRUE(contains(e.message, "goes down")) << e.message;
    EXPECT_EQ(e.hint, "Swap the two ends.");
}

TEST(Evaluator, TakesAnExponentThatIsANumberToWithinRounding) {
    // 1/3 and 1/12 are ranges one ulp wide, yet exponents that must be single numbers.
    const auto cube_root = evaluate("8^(1/3)");
    ASSERT_TRUE(cube_root) << cube_root.error().sentence();
    EXPECT_LE(cube_root->low, 2.0);
    EXPECT_GE(cube_root->high, 2.0);
    EXPECT_FALSE(cube_root->is_range());
    const auto monthly = evaluate("1.07^(1/12)");
    ASSERT_TRUE(monthly) << monthly.error().sentence();
    EXPECT_NEAR(monthly->central, std::pow(1.07L, 1.0L / 12), 1e-15);
    Session session;
    ASSERT_TRUE(session.run("n = 1/3"));
    const auto r = session.run("27^n");
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_LE(r->value->low, 3.0);
    EXPECT_GE(r->value->high, 3.0);
}

TEST(Evaluator, RaisesANegativeBaseToAnOddWholePowerAbove1024) {
    const auto q = evaluate("(-1)^1025");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, -1.0);
    EXPECT_EQ(q->high, -1.0);
}

TEST(Evaluator, KeepsTheExpOfAVeryNegativeRangeAtOrAboveZero) {
    const auto q = evaluate("exp(-800 to 1)");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, 0.0);
    EXPECT_GE(static_cast<long double>(q->high), std::exp(1.0L));
    // Its logarithm has no finite lower bound: refused, but not as negative.
    const Error e = error_of("ln(exp(-800 to 1))");
    EXPECT_TRUE(contains(e.message, "can be as low as 0,")) << e.message;
    EXPECT_FALSE(contains(e.message, "negative")) << e.message;
    EXPECT_TRUE(contains(e.hint, "ln(exp(x)) is x")) << e.hint;
    const auto fine = evaluate("ln(exp(-700 to 1))");
    ASSERT_TRUE(fine) << fine.error().sentence();
    EXPECT_LE(fine->low, -700.0);
    EXPECT_GE(fine->high, 1.0);
}

TEST(Evaluator, NamesTheLogarithmThatWasRefused) {
    EXPECT_TRUE(contains(error_of("log10(-1 to 1)").message, "\"log10\" needs a value above zero, but the value at column 1 can be as low as -1.00."))
        << error_of("log10(-1 to 1)").message;
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

TEST(PrintedRanges, ABoundReadsBackWidenedByHalfAUnitInItsLastSignificantDigit) {
    // A printed bound stands for everything that prints the same.
    const auto q = evaluate("1.7 [1.4, 2.1]");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_LE(q->low, 1.35);
    EXPECT_GT(q->low, 1.35 - 1e-12);
    EXPECT_GE(q->high, 2.15);
    EXPECT_LT(q->high, 2.15 + 1e-12);
    EXPECT_DOUBLE_EQ(q->central, 1.7);
}

TEST(PrintedRanges, TrailingZerosOfAWholeBoundCountOnlyAsFarAsTheRangesFiguresSay) {
    // "24 [19, 30]" has two figures (19, 24), so 30 is 29.5 to 30.5.
    const auto two = evaluate("24 [19, 30]");
    ASSERT_TRUE(two);
    EXPECT_LE(two->high, 30.5 + 1e-12);
    EXPECT_GE(two->high, 30.5);
    // "190 [160, 240]" could have two or three figures: read as two, so 160 stands for 155 to 165.
    const auto ambiguous = evaluate("190 [160, 240]");
    ASSERT_TRUE(ambiguous);
    EXPECT_LE(ambiguous->low, 155.0);
    EXPECT_GE(ambiguous->high, 245.0);
    // In the distribution mode the numbers are the percentiles as printed.
    const auto dist = evaluate("190 [160, 240]", {}, EvaluationOptions{Mode::distribution});
    ASSERT_TRUE(dist);
    EXPECT_NEAR(dist->low, 160.0, 1e-9);
    EXPECT_NEAR(dist->high, 240.0, 1e-9);
}

}  // namespace
}  // namespace ballpark
