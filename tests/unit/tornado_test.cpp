// Unit tests of the tornado (core/src/tornado.cpp, sensitivity.cpp): each bar is the expression with one input at
// an end and the others central, computed here from the formula itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ballpark/session.hpp"
#include "ballpark/tornado.hpp"
#include "unit/tolerance.hpp"

namespace ballpark {
namespace {

// In seconds, as Quantity holds SI base units whatever its display unit.
double seconds(double params, double tokens, double utilization) { return 6 * params * tokens / (312e12 * utilization); }

TEST(Tornado, EachBarIsTheFormulaWithOneInputAtAnEndLargestFirst) {
    const auto t = tornado("6 FLOP * (60 to 80) billion * (1.5 to 2.5) trillion / (312 TFLOP/s * (35% to 55%)) as hour");
    ASSERT_TRUE(t) << t.error().sentence();
    const double p = 70e9, d = 2e12, u = 0.45;
    EXPECT_THAT(t->central.central, testing::RelativelyNear(seconds(p, d, u), 1e-12));
    ASSERT_EQ(t->bars.size(), 3u);
    // Tokens span 1.5 to 2.5 (±25%), utilization 35% to 55%, parameters 60 to 80 (±14%).
    EXPECT_EQ(t->bars[0].input, "1.5 to 2.5");
    EXPECT_NEAR(t->bars[0].at_low.central, seconds(p, 1.5e12, u), 1e-6 * seconds(p, d, u));
    EXPECT_NEAR(t->bars[0].at_high.central, seconds(p, 2.5e12, u), 1e-6 * seconds(p, d, u));
    EXPECT_EQ(t->bars[1].input, "35% to 55%");
    EXPECT_NEAR(t->bars[1].at_low.central, seconds(p, d, 0.35), 1e-6 * seconds(p, d, u));
    EXPECT_NEAR(t->bars[1].at_high.central, seconds(p, d, 0.55), 1e-6 * seconds(p, d, u));
    EXPECT_EQ(t->bars[2].input, "60 to 80");
    for (std::size_t k = 1; k < t->bars.size(); ++k) EXPECT_GE(t->bars[k - 1].swing, t->bars[k].swing);
}

TEST(Tornado, ANameUsedTwiceIsOneInputAndAnInputThatCancelsHasNoBar) {
    Session session;
    ASSERT_TRUE(session.run("x = 1 to 3"));
    ASSERT_TRUE(session.run("y = 10 to 20"));
    const auto t = session.tornado("x * x - x * x + y");
    ASSERT_TRUE(t) << t.error().sentence();
    ASSERT_EQ(t->bars.size(), 1u);
    EXPECT_EQ(t->bars[0].input, "y");
    EXPECT_DOUBLE_EQ(t->bars[0].at_low.central, 10.0);
    EXPECT_DOUBLE_EQ(t->bars[0].at_high.central, 20.0);
}

TEST(Tornado, ANotebookLineShowsTheBarsWithUnits) {
    Session session;
    ASSERT_TRUE(session.run("u = 35% to 55%"));
    const auto r = session.run("tornado 8.4e23 FLOP / (312 TFLOP/s * u) as million hour");
    ASSERT_TRUE(r) << r.error().sentence();
    ASSERT_TRUE(r->tornado);
    const std::string text = format_tornado(*r->tornado);
    // 8.4e23 / (312e12 · 0.35) / 3.6e9 = 2.14 and / 0.55 = 1.36 million hours.
    EXPECT_NE(text.find("u: 2.14 million hour at its low end, 1.36 million hour at its high end"), std::string::npos) << text;
}

// The 90% reading's `a to b` above zero is a lognormal with median sqrt(a b) and 5th and 95th percentiles a and b;
// uniform(lo, hi)'s median is the midpoint and its 5th and 95th percentiles lie 5% of the width inside.
TEST(Tornado, InTheDistributionReadingInputsAreAtTheirMediansAndPercentiles) {
    Session session;
    ASSERT_TRUE(session.run("mode dist"));
    const auto t = session.tornado("(1 to 100) * 2");
    ASSERT_TRUE(t) << t.error().sentence();
    EXPECT_NEAR(t->central.central, 2 * std::sqrt(1.0 * 100), 1e-12);
    ASSERT_EQ(t->bars.size(), 1u);
    EXPECT_NEAR(t->bars[0].at_low.central, 2, 1e-12);
    EXPECT_NEAR(t->bars[0].at_high.central, 200, 1e-12);
    const auto u = session.tornado("uniform(0, 10) + 1");
    ASSERT_TRUE(u) << u.error().sentence();
    EXPECT_NEAR(u->central.central, 6, 1e-12);
    ASSERT_EQ(u->bars.size(), 1u);
    EXPECT_NEAR(u->bars[0].at_low.central, 1.5, 1e-12);
    EXPECT_NEAR(u->bars[0].at_high.central, 10.5, 1e-12);
    // In the bounds reading the same text keeps the midpoint and the ends.
    Session bounds;
    const auto b = bounds.tornado("(1 to 100) * 2");
    ASSERT_TRUE(b) << b.error().sentence();
    EXPECT_NEAR(b->central.central, 101, 1e-12);
}

// x * (4 - x) is 3 at x = 1 and x = 3 and 4 at x = 2; abs(x - 2) is 1 at both ends and 0 at 2. Only the ends
// would say x does not move the result.
TEST(Tornado, AnInputWhoseEffectIsNotMonotoneStillHasABar) {
    for (const char* mode : {"mode bounds", "mode dist"}) {
        Session session;
        ASSERT_TRUE(session.run(mode));
        ASSERT_TRUE(session.run("x = 1 to 3"));
        const auto t = session.tornado("x*(4-x)");
        ASSERT_TRUE(t) << t.error().sentence();
        ASSERT_EQ(t->bars.size(), 1u) << mode;
        EXPECT_EQ(t->bars[0].input, "x");
        EXPECT_DOUBLE_EQ(t->bars[0].at_low.central, 3);
        EXPECT_DOUBLE_EQ(t->bars[0].at_high.central, 3);
        EXPECT_DOUBLE_EQ(t->bars[0].lowest.central, 3);
        EXPECT_DOUBLE_EQ(t->bars[0].highest.central, 4);
        EXPECT_DOUBLE_EQ(t->bars[0].swing, 1);
        const std::string text = format_tornado(*t);
        EXPECT_NE(text.find("not monotone: from 3.00 to 4.00 within its range"), std::string::npos) << text;
        const auto a = session.tornado("abs(x-2)");
        ASSERT_TRUE(a) << a.error().sentence();
        ASSERT_EQ(a->bars.size(), 1u) << mode;
        EXPECT_DOUBLE_EQ(a->bars[0].lowest.central, 0);
        EXPECT_DOUBLE_EQ(a->bars[0].highest.central, 1);
    }
}

TEST(Tornado, EveryBarNamesItsInputAndInputsWrittenAlikeAreToldApart) {
    Session session;
    const auto t = session.tornado("uniform(1, 3) * normal(2, 1) * (1 to 3) * (1 to 3)");
    ASSERT_TRUE(t) << t.error().sentence();
    std::vector<std::string> labels;
    for (const TornadoBar& bar : t->bars) labels.push_back(bar.input);
    std::sort(labels.begin(), labels.end());
    EXPECT_EQ(labels, (std::vector<std::string>{"1 to 3 (first)", "1 to 3 (second)", "normal(2, 1)", "uniform(1, 3)"}));
}

TEST(Tornado, AnErrorInTheExpressionIsASentenceAtItsColumn) {
    Session session;
    const auto r = session.run("tornado 1 m + (1 to 2) s");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().column, 13);  // the "+" counted from the start of the line
}

// After "unit token" the bars are in tokens, formatted after the line has run (the CLI prints them later).
TEST(Tornado, ANotebookTornadoInDeclaredUnitsNamesThem) {
    Session session;
    ASSERT_TRUE(session.run("unit token"));
    ASSERT_TRUE(session.run("rate = 40 to 60 token/s"));
    const auto r = session.run("tornado rate * (1 to 2 hour)");
    ASSERT_TRUE(r) << r.error().sentence();
    ASSERT_TRUE(r->tornado);
    const std::string text = format_tornado(*r->tornado, FormatOptions{});
    EXPECT_NE(text.find("token"), std::string::npos) << text;
    EXPECT_EQ(text.find("unit1"), std::string::npos) << text;
    // 50 token/s × 1.5 hour at the central values (the mid-points of both ranges in the bounds reading).
    EXPECT_DOUBLE_EQ(r->tornado->central.central, 50 * 1.5 * 3600);
}

// A cell's text may declare units for QTY, but the tornado functions do not read declarations: a sentence that
// says so, not a stray "," found after the ";".
TEST(Tornado, ATextThatDeclaresUnitsIsRefusedWithASentence) {
    const auto t = tornado("unit token; (10 to 20) token/s * 2");
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().sentence().find("declares units"), std::string::npos) << t.error().sentence();
}

}  // namespace
}  // namespace ballpark
