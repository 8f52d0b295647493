// Temperatures on scales with an offset (degC, degF and their spellings): conversions against GNU Units, the rules
// that keep a temperature from being read as a difference (eval/temperature.hpp), ranges and the 90% reading.
//
// Expected values come from GNU Units 2.22 (Debian 12 package `units`), whose tempC(x), tempF(x), tempK(x) and
// tempR(x) are the points on each scale; each check quotes the command and what it printed. The 90% reading's
// percentiles come from the closed form of a normal whose 5th and 95th percentiles are the range's ends.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>
#include <utility>
#include <span>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "unit/reference_models.hpp"

namespace ballpark {
namespace {

double converted(double value, std::string_view from, std::string_view to) {
    const auto r = convert(value, from, to);
    if (!r) {
        ADD_FAILURE() << value << " " << from << " -> " << to << ": " << r.error().sentence();
        return std::nan("");
    }
    return *r;
}

// The picked number of an expression's value in `unit`.
double in(std::string_view expression, std::string_view unit, Pick pick = {}, Mode mode = Mode{}) {
    const auto q = evaluate(expression, {}, EvaluationOptions{mode});
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return std::nan("");
    }
    const auto v = value_in(*q, unit, pick);
    if (!v) {
        ADD_FAILURE() << expression << " in " << unit << ": " << v.error().sentence();
        return std::nan("");
    }
    return *v;
}

constexpr Pick low{Pick::Kind::low, 0};
constexpr Pick high{Pick::Kind::high, 0};

// The error an expression gives, or a failed test when it gives a value.
Error refusal(std::string_view expression, Mode mode = Mode{}) {
    const auto q = evaluate(expression, {}, EvaluationOptions{mode});
    if (q) {
        ADD_FAILURE() << expression << " gave " << format(*q) << " instead of an error";
        return {};
    }
    return q.error();
}

TEST(Temperature, ConvertsBetweenScalesAsGnuUnits) {
    // $ units -t 'tempC(20)' tempF
    // 68
    EXPECT_NEAR(converted(20, "degC", "degF"), 68, 1e-12);
    EXPECT_NEAR(converted(20, "°C", "°F"), 68, 1e-12);
    EXPECT_NEAR(converted(20, "celsius", "fahrenheit"), 68, 1e-12);
    EXPECT_NEAR(converted(20, "℃", "℉"), 68, 1e-12);
    // $ units -t 'tempK(300)' tempC
    // 26.85
    EXPECT_NEAR(converted(300, "K", "degC"), 26.85, 1e-12);
    // $ units -t 'tempF(-40)' tempC
    // -40
    EXPECT_NEAR(converted(-40, "degF", "degC"), -40, 1e-12);
    // $ units -t 'tempF(98.6)' tempC
    // 37
    EXPECT_NEAR(converted(98.6, "degF", "degC"), 37, 1e-12);
    // $ units -t 'tempC(37)' tempR
    // 558.27
    EXPECT_NEAR(converted(37, "degC", "degR"), 558.27, 1e-11);
    // $ units -t 'tempF(68)' tempK
    // 293.15
    EXPECT_NEAR(converted(68, "degF", "K"), 293.15, 1e-12);
    // $ units -t -d 12 'tempF(0)' K
    // 255.372222222
    EXPECT_NEAR(converted(0, "degF", "K"), 255.372222222, 1e-9);
}

TEST(Temperature, ExpressionsConvertAsGnuUnits) {
    // $ units -t 'tempC(20)' tempF
    // 68
    EXPECT_NEAR(in("20 degC as degF", "degF"), 68, 1e-12);
    EXPECT_NEAR(in("20 degC to degF", "degF"), 68, 1e-12);
    // $ units -t 'tempK(300)' tempC
    // 26.85
    EXPECT_NEAR(in("300 K as degC", "degC"), 26.85, 1e-12);
    // $ units -t 'tempC(-40)' tempF
    // -40
    EXPECT_NEAR(in("-40 degC as degF", "degF"), -40, 1e-12);
    // $ units -t 'tempC(0)' K
    // 273.15
    EXPECT_NEAR(in("0 °C", "K"), 273.15, 1e-12);
}

TEST(Temperature, APointPlusADifferenceIsAPointAndTwoPointsDifferByADifference) {
    // $ units -t 'tempC(25)' tempF
    // 77
    EXPECT_NEAR(in("20 degC + 5 K", "degF"), 77, 1e-12);
    EXPECT_NEAR(in("5 K + 20 degC", "degC"), 25, 1e-12);
    EXPECT_NEAR(in("68 degF + 9 degR", "degF"), 77, 1e-12);  // a Fahrenheit degree of difference is a rankine
    EXPECT_NEAR(in("25 degC - 5 K", "degC"), 20, 1e-12);
    EXPECT_NEAR(in("25 degC - 20 degC", "K"), 5, 1e-12);
    EXPECT_NEAR(in("77 degF - 20 degC", "K"), 5, 1e-12);
    EXPECT_NEAR(in("300 K - 20 degC", "K"), 6.85, 1e-12);
    // A difference times a number stays one, and kelvin computes as kelvin.
    EXPECT_NEAR(in("2 * (25 degC - 20 degC)", "K"), 10, 1e-12);
    EXPECT_NEAR(in("(20 degC as K) * 2", "K"), 586.3, 1e-12);
    // An order statistic or mean of temperatures is one; their spread is a difference.
    EXPECT_NEAR(in("max(20 degC, 300 K)", "degC"), 26.85, 1e-12);
    // The result of a point keeps its scale: it prints in degC, not in kelvin.
    const auto q = evaluate("20 degC + 5 K");
    ASSERT_TRUE(q.has_value());
    EXPECT_EQ(format(*q), "25.0 degC {temperature}");
    const auto d = evaluate("25 degC - 20 degC");
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(format(*d), "5.00 K");
}

TEST(Temperature, RefusesWhatDependsOnWhereTheScalePutsItsZero) {
    for (const char* text : {"20 degC + 10 degC", "2 * 20 degC", "20 degC * 2", "20 degC / 2", "(20 degC)^2",
                             "sqrt(20 degC)", "exp(20 degC / K)", "1 / 20 degF", "(25 degC - 20 degC) as degC",
                             "(25 degC - 20 degC) - 20 degC", "5 W/degC", "degC", "3 degC degC", "5 m degC",
                             "20 degC to (25 degC - 20 degC)"}) {
        EXPECT_EQ(refusal(text).kind, ErrorKind::temperature) << text << ": " << refusal(text).sentence();
    }
    // Each sentence says what to write instead: K, degR or `as K`.
    EXPECT_NE(refusal("2 * 20 degC").hint.find("as K"), std::string::npos);
    EXPECT_NE(refusal("20 degC + 10 degC").hint.find("20 degC + 5 K"), std::string::npos);
    // In a unit text too: a scale inside a compound unit has no one reading.
    const auto compound = convert(1, "W/degC", "W/K");
    ASSERT_FALSE(compound.has_value());
    EXPECT_EQ(compound.error().kind, ErrorKind::temperature);
    ASSERT_FALSE(convert(1, "degC^2", "K^2").has_value());
    // A difference stays a difference through a variable.
    Session session;
    ASSERT_TRUE(session.run("rise = 25 degC - 20 degC").has_value());
    const auto shown = session.run("rise as degF");
    ASSERT_FALSE(shown.has_value());
    EXPECT_EQ(shown.error().kind, ErrorKind::temperature);
    const auto in_rankine = session.run("rise as degR");
    ASSERT_TRUE(in_rankine.has_value() && in_rankine->value);
    EXPECT_NEAR(*value_in(*in_rankine->value, "degR", Part::central), 9, 1e-12);
}

// Found by fuzz_units: the size of "℃" was 1 K, which read back on the scale as -272.15 ℃. A scale with an offset
// has points, not a size, and asking for its size is refused; converting on it still works.
TEST(Temperature, AScaleWithAnOffsetHasNoSizeOfItsOwn) {
    for (const std::string_view scale : {"degC", "℃", "degF", "°F", "celsius"}) {
        const auto q = unit_quantity(scale);
        ASSERT_FALSE(q) << scale << " has a size " << q->central;
        EXPECT_EQ(q.error().kind, ErrorKind::temperature) << scale;
        const auto self = convert(1.0, scale, scale);
        ASSERT_TRUE(self) << self.error().sentence();
        EXPECT_DOUBLE_EQ(*self, 1.0) << scale;
    }
    const auto kelvin = unit_quantity("K");
    ASSERT_TRUE(kelvin) << kelvin.error().sentence();
    EXPECT_EQ(kelvin->central, 1.0);
}

TEST(Temperature, ARangeConvertsItsEnds) {
    // $ units -t 'tempC(20)' tempF      $ units -t 'tempC(25)' tempF
    // 68                                77
    EXPECT_NEAR(in("20 to 25 degC as degF", "degF", low), 68, 1e-12);
    EXPECT_NEAR(in("20 to 25 degC as degF", "degF", high), 77, 1e-12);
    EXPECT_NEAR(in("(20 to 25) degC", "degF", high), 77, 1e-12);
    EXPECT_NEAR(in("20 degC to 25 degC", "degF", low), 68, 1e-12);
    // $ units -t 'tempC(-10)' tempF     $ units -t 'tempC(-20)' tempF
    // 14                                -4
    EXPECT_NEAR(in("-20 to -10 degC", "degF", low), -4, 1e-12);
    EXPECT_NEAR(in("-20 to -10 degC", "degF", high), 14, 1e-12);
    // A range plus a difference moves both ends.
    EXPECT_NEAR(in("(20 to 25 degC) + 5 K", "degC", low), 25, 1e-12);
    EXPECT_NEAR(in("(20 to 25 degC) + 5 K", "degC", high), 30, 1e-12);
}

TEST(Temperature, InTheNinetyPercentReadingARangeOfTemperaturesIsANormalOnAnyScale) {
    const Mode dist = distribution_mode();
    // The ends are the 5th and 95th percentiles, and the median is their midpoint on every scale.
    // $ units -t 'tempC(-10)' tempF     $ units -t 'tempC(30)' tempF    $ units -t 'tempC(10)' tempF
    // 14                                86                               50
    EXPECT_NEAR(in("-10 to 30 degC", "degF", low, dist), 14, 1e-9);
    EXPECT_NEAR(in("-10 to 30 degC", "degF", high, dist), 86, 1e-9);
    EXPECT_NEAR(in("-10 to 30 degC", "degF", {}, dist), 50, 1e-9);
    EXPECT_NEAR(in("-10 to 30 degC", "degC", Pick{Pick::Kind::mean, 0}, dist), 10, 1e-9);
    // The 25th percentile of a normal with p5 = -10 and p95 = 30: 10 + 20 z(0.25) / z(0.95), with
    // z(0.25) = -0.674489750196082 and z(0.95) = z95 (closed form of the normal's quantile).
    const double p25 = 10 + 20 * -0.674489750196082 / testing::z95;
    EXPECT_NEAR(in("-10 to 30 degC", "degC", Pick{Pick::Kind::percentile, 25}, dist), p25, 1e-6);
    // A shift by a difference moves the distribution: its median and ends move by 5 degrees.
    EXPECT_NEAR(in("(-10 to 30 degC) + 5 K", "degC", {}, dist), 15, 1e-9);
    EXPECT_NEAR(in("(-10 to 30 degC) + 5 K", "degC", high, dist), 35, 1e-9);
    // The spread is a difference: sd = 20 / z(0.95) kelvin.
    EXPECT_NEAR(in("sd(-10 to 30 degC)", "K", {}, dist), 20 / testing::z95, 1e-6);
    EXPECT_EQ(refusal("sd(-10 to 30 degC) as degC", dist).kind, ErrorKind::temperature);
}

TEST(Temperature, ABindingInAScaleIsATemperature) {
    const Binding t{"t", 20.0, std::nullopt, "degC"};
    const auto q = evaluate("t + 5 K", std::span(&t, 1));
    ASSERT_TRUE(q.has_value()) << q.error().sentence();
    // $ units -t 'tempC(25)' tempF
    // 77
    EXPECT_NEAR(*value_in(*q, "degF", Part::central), 77, 1e-12);
    const auto twice = evaluate("t + t", std::span(&t, 1));
    ASSERT_FALSE(twice.has_value());
    EXPECT_EQ(twice.error().kind, ErrorKind::temperature);
    // A result shown on a scale, read back as an input, is still a temperature.
    const auto shown = evaluate("20 degC");
    ASSERT_TRUE(shown.has_value());
    const Binding again{"t", &*shown};
    EXPECT_EQ(evaluate("t + t", std::span(&again, 1)).error().kind, ErrorKind::temperature);
}

TEST(Temperature, ASumOfTermsAddsAtMostOneTemperature) {
    const Binding point_and_differences[] = {{"a", std::string_view("20 degC")}, {"b", std::string_view("5 K")},
                                             {"c", std::string_view("9 degR")}};
    const auto q = sum(point_and_differences);
    ASSERT_TRUE(q.has_value()) << q.error().sentence();
    // 20 degC + 5 K + 5 K is tempC(30); $ units -t 'tempC(30)' tempF prints 86.
    EXPECT_NEAR(*value_in(*q, "degF", Part::central), 86, 1e-12);
    const Binding two_points[] = {{"a", std::string_view("20 degC")}, {"b", std::string_view("10 degC")}};
    const auto refused = sum(two_points);
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(refused.error().kind, ErrorKind::temperature);
    const Binding differences[] = {{"a", std::string_view("25 degC - 20 degC")}, {"b", std::string_view("1 K")}};
    const auto total = sum(differences);
    ASSERT_TRUE(total.has_value());
    EXPECT_FALSE(value_in(*total, "degC", Part::central).has_value());
    EXPECT_NEAR(*value_in(*total, "K", Part::central), 6, 1e-12);
}

TEST(Temperature, PrintedResultsReadBackAsTheSameTemperatures) {
    // A printed range read back as bounds stands for everything that prints the same, so it encloses the original.
    const auto range = evaluate("20 to 25 degC as degF");
    ASSERT_TRUE(range.has_value());
    const auto wider = evaluate(format(*range));
    ASSERT_TRUE(wider.has_value()) << format(*range) << ": " << wider.error().sentence();
    EXPECT_LE(*value_in(*wider, "degF", Part::low), 68);
    EXPECT_GE(*value_in(*wider, "degF", Part::high), 77);
    EXPECT_GT(*value_in(*wider, "degF", Part::low), 67);
    EXPECT_LT(*value_in(*wider, "degF", Part::high), 78);
    for (const char* text : {"20 degC + 5 K", "-40 degC", "300 K as degC"}) {
        const auto q = evaluate(text);
        ASSERT_TRUE(q.has_value()) << text;
        const std::string printed = format(*q);
        const auto back = evaluate(printed);
        ASSERT_TRUE(back.has_value()) << printed << ": " << back.error().sentence();
        EXPECT_EQ(format(*back), printed) << text;
    }
}

// D = 25 degC - 20 degC is 5 K exactly (298.15 K - 293.15 K), and max(d, 1 K) as degC is 5 K, not -268 degC:
// whatever is computed from a difference stays one, through functions, powers and products with other kelvin.
TEST(Temperature, WhatIsComputedFromADifferenceStaysADifference) {
    for (const auto& [expression, kelvin] :
         {std::pair{"max(25 degC - 20 degC, 1 K)", 5.0}, std::pair{"min(25 degC - 20 degC, 10 K)", 5.0},
          std::pair{"abs(20 degC - 25 degC)", 5.0}, std::pair{"sqrt((25 degC - 20 degC) * (25 degC - 20 degC))", 5.0},
          std::pair{"sqrt((25 degC - 20 degC)^2)", 5.0}, std::pair{"((25 degC - 20 degC) / (1 K)) * 1 K", 5.0},
          std::pair{"low((25 degC - 20 degC) to 6 K)", 5.0}, std::pair{"sum(25 degC - 20 degC, 1 K)", 6.0},
          std::pair{"exp(ln((25 degC - 20 degC) / (1 K))) * 1 K", 5.0}}) {
        EXPECT_NEAR(in(expression, "K"), kelvin, 1e-9) << expression;
        const Error e = refusal(std::string(expression) + " as degC");
        EXPECT_EQ(e.kind, ErrorKind::temperature) << expression;
        EXPECT_NE(e.message.find("difference of temperatures"), std::string::npos) << expression << ": " << e.message;
        // Through the API's conversion of a result as well (QTYVALUE's unit).
        const auto q = evaluate(expression);
        ASSERT_TRUE(q.has_value()) << expression;
        EXPECT_FALSE(value_in(*q, "degC", Part::central).has_value()) << expression;
    }
    for (const char* through_a_function : {"f(x) = max(x, 1 K)", "f(x) = sqrt(x * x)"}) {
        Session session;
        ASSERT_TRUE(session.run(through_a_function));
        ASSERT_TRUE(session.run("d = 25 degC - 20 degC"));
        const auto r = session.run("f(d) as degC");
        ASSERT_FALSE(r) << through_a_function;
        EXPECT_EQ(r.error().kind, ErrorKind::temperature);
    }
    // A temperature and a difference are not values of one kind for max, as for the ends of a range.
    const Error mixed = refusal("max(25 degC - 20 degC, 20 degC)");
    EXPECT_EQ(mixed.kind, ErrorKind::temperature);
    EXPECT_NE(mixed.message.find("not values of one kind"), std::string::npos) << mixed.message;
}

// "20 degC - 300 K" and "-500 degF as K" are below absolute zero and refused. Exact: 293.15 K - 300 K = -6.85 K;
// (-500 + 459.67) × 5/9 = -22.405 K; -5 K is -278.15 degC; -273.16 degC is -0.01 K; -300 degC is -26.85 K.
TEST(Temperature, ATemperatureBelowAbsoluteZeroIsRefused) {
    for (Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        for (const char* expression : {"20 degC - 300 K", "-500 degF", "-500 degF as K", "-5 K as degC", "-273.16 degC",
                                       "(-300 to 20) degC", "-300 to 20 degC", "20 degC - (0 to 300 K)", "-460 °F as °C",
                                       "max(-300 degC, 20 degC)"}) {
            const Error e = refusal(expression, mode);
            EXPECT_EQ(e.kind, ErrorKind::temperature) << expression;
            EXPECT_NE(e.message.find("below absolute zero"), std::string::npos) << expression << ": " << e.message;
            EXPECT_FALSE(e.hint.empty()) << expression;
        }
    }
    EXPECT_NE(refusal("20 degC - 300 K").message.find("(-6.85 K)"), std::string::npos);
    EXPECT_NE(refusal("-500 degF as K").message.find("(-22.4 K)"), std::string::npos);
    // UNITCONVERT, a binding in a scale's unit, and a kelvin result shown on a scale.
    for (const auto& [value, from, to] : {std::tuple{-500.0, "degF", "K"}, std::tuple{-5.0, "K", "degC"},
                                          std::tuple{-274.0, "degC", "degF"}, std::tuple{-1.0, "degR", "degF"}}) {
        const auto r = convert(value, from, to);
        ASSERT_FALSE(r.has_value()) << value << " " << from << " gave " << *r;
        EXPECT_EQ(r.error().kind, ErrorKind::temperature);
    }
    const Binding cold{"t", -300.0, std::nullopt, "degC"};
    const auto bound = evaluate("t + 5 K", std::span(&cold, 1));
    ASSERT_FALSE(bound.has_value());
    EXPECT_NE(bound.error().message.find("below absolute zero"), std::string::npos) << bound.error().message;
    const Binding too_cold[] = {{"a", std::string_view("20 degC")}, {"b", std::string_view("-300 K")}};
    const auto total = sum(too_cold);  // QTYSUM: 293.15 K - 300 K = -6.85 K
    ASSERT_FALSE(total.has_value()) << format(*total);
    EXPECT_NE(total.error().message.find("below absolute zero"), std::string::npos) << total.error().message;
    const auto negative_kelvin = evaluate("300 K - 400 K");
    ASSERT_TRUE(negative_kelvin.has_value());
    EXPECT_FALSE(value_in(*negative_kelvin, "degC", Part::central).has_value());
}

// Absolute zero itself is a temperature, and a difference may be negative.
TEST(Temperature, AbsoluteZeroAndNegativeDifferencesAreKept) {
    EXPECT_NEAR(in("-273.15 degC", "K"), 0, 1e-9);
    EXPECT_NEAR(in("-459.67 degF", "degC"), -273.15, 1e-9);  // (-459.67 + 459.67) × 5/9 K = 0 K = -273.15 degC
    EXPECT_NEAR(in("0 K as degF", "degF"), -459.67, 1e-9);
    EXPECT_NEAR(in("20 degC - 25 degC", "K"), -5, 1e-9);     // 293.15 - 298.15
    EXPECT_NEAR(in("5 K - 20 K", "K"), -15, 1e-12);
    EXPECT_NEAR(in("20 degC + (-5 K)", "degC"), 15, 1e-9);
    EXPECT_NEAR(converted(-5, "K", "degR"), -9, 1e-12);     // between sizes of a degree: a difference, 1 K = 1.8 degR
    EXPECT_NEAR(converted(0, "K", "degC"), -273.15, 1e-12);
}

}  // namespace
}  // namespace ballpark
