// triangular(low, mode, high) (core/src/values/law_triangular.hpp) in every reading: its quantile function against
// the inverse of the CDF written out here from the density, the 90% reading's percentiles against the same, the
// bounds readings giving its support with central value mode, units, the tornado, and the refusals.
//
// The reference quantile is found by bisection on the CDF (x - low)^2 / ((high - low) (mode - low)) below mode and
// 1 - (high - x)^2 / ((high - low) (high - mode)) above it, never by the code under test's formula.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/tornado.hpp"
#include "unit/evaluated_texts.hpp"
#include "unit/shared_helpers.hpp"
#include "values/law_triangular.hpp"

namespace ballpark {
namespace {

using testing::dist;
using testing::error_of;
using testing::evaluated;
using testing::percentile_of;

double cdf(double a, double c, double b, double x) {
    if (x <= a) return 0;
    if (x >= b) return 1;
    if (x <= c) return (x - a) * (x - a) / ((b - a) * (c - a));
    return 1 - (b - x) * (b - x) / ((b - a) * (b - c));
}

// The p-quantile by bisection on the CDF.
double reference_quantile(double a, double c, double b, double p) {
    double lo = a, hi = b;
    for (int i = 0; i < 200; ++i) {
        const double mid = lo / 2 + hi / 2;
        (cdf(a, c, b, mid) < p ? lo : hi) = mid;
    }
    return lo / 2 + hi / 2;
}

struct Case {
    double low, mode, high;
};
const Case cases[] = {{1, 2, 4}, {0, 0.5, 1}, {10, 10, 30}, {-3, 5, 5}, {2e9, 7e9, 9e9}};

TEST(Triangular, TheQuantileFunctionIsTheInverseOfTheCdf) {
    for (const Case& k : cases) {
        for (const double p : {1e-6, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1 - 1e-6}) {
            EXPECT_NEAR(TriangularLaw::quantile(k.low, k.mode, k.high, p), reference_quantile(k.low, k.mode, k.high, p),
                        1e-12 * (k.high - k.low))
                << k.low << " " << k.mode << " " << k.high << " p " << p;
        }
        EXPECT_EQ(TriangularLaw::quantile(k.low, k.mode, k.high, 0), k.low);
        EXPECT_EQ(TriangularLaw::quantile(k.low, k.mode, k.high, 1), k.high);
    }
}

TEST(Triangular, TheNinetyPercentReadingGivesTheClosedFormsPercentiles) {
    for (const Case& k : cases) {
        std::string text = "triangular(" + std::to_string(k.low) + ", " + std::to_string(k.mode) + ", " +
                           std::to_string(k.high) + ")";
        const double width = k.high - k.low;
        const Quantity q = evaluated(text);
        EXPECT_NEAR(q.low, reference_quantile(k.low, k.mode, k.high, 0.05), 1e-3 * width) << text;
        EXPECT_NEAR(q.central, reference_quantile(k.low, k.mode, k.high, 0.5), 1e-3 * width) << text;
        EXPECT_NEAR(q.high, reference_quantile(k.low, k.mode, k.high, 0.95), 1e-3 * width) << text;
        for (const double p : {1.0, 10.0, 90.0, 99.0}) {
            EXPECT_NEAR(percentile_of(text, p), reference_quantile(k.low, k.mode, k.high, p / 100), 1e-3 * width)
                << text << " p" << p;
        }
        // The mean of a triangular is (low + mode + high) / 3.
        EXPECT_NEAR(evaluated("mean(" + text + ")").central, (k.low + k.mode + k.high) / 3, 1e-4 * width) << text;
        ASSERT_TRUE(q.spread);
        EXPECT_GE(q.spread->support_low(), k.low);
        EXPECT_LE(q.spread->support_high(), k.high);
    }
}

TEST(Triangular, TheBoundsReadingsGiveItsSupportWithCentralValueTheMode) {
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const Quantity q = evaluated("triangular(1, 2, 4)", EvaluationOptions{mode});
        EXPECT_EQ(q.low, 1);
        EXPECT_EQ(q.central, 2);
        EXPECT_EQ(q.high, 4);
        // A decimal end is enclosed: 0.1 lies between two doubles, and the low bound is at or below it.
        const Quantity d = evaluated("triangular(0.1, 0.2, 0.7)", EvaluationOptions{mode});
        EXPECT_LE(d.low, 0.1);
        EXPECT_GE(d.high, 0.7);
        // One number three times is that number.
        const Quantity p = evaluated("triangular(3, 3, 3)", EvaluationOptions{mode});
        EXPECT_EQ(p.low, 3);
        EXPECT_EQ(p.high, 3);
    }
    // A name used twice is one input in the guaranteed bounds too.
    const auto twice = evaluate("u - u", std::vector<Binding>{{"u", "triangular(1, 2, 4)"}}, EvaluationOptions{Mode::bounds});
    ASSERT_TRUE(twice) << twice.error().sentence();
    EXPECT_EQ(twice->low, 0);
    EXPECT_EQ(twice->high, 0);
    EXPECT_EQ(evaluated("triangular(3, 3, 3)").central, 3);
}

TEST(Triangular, ArgumentsShareOneDimensionAndTheResultHasIt) {
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        const Quantity q = evaluated("triangular(1 day, 2 day, 4 day)", EvaluationOptions{mode});
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::time));
        if (mode == Mode::distribution) {
            EXPECT_NEAR(q.central, 86400 * reference_quantile(1, 2, 4, 0.5), 1e-3 * 3 * 86400);
        } else {
            EXPECT_EQ(q.low, 86400);
            EXPECT_EQ(q.central, 2 * 86400);
            EXPECT_EQ(q.high, 4 * 86400);
        }
    }
    EXPECT_NEAR(percentile_of("triangular(1 day, 2 day, 4 day) / 1 hour", 95), 24 * reference_quantile(1, 2, 4, 0.95),
                24 * 3e-3);
    const Error e = error_of("triangular(1 day, 2 day, 4 kg)");
    EXPECT_EQ(e.kind, ErrorKind::dimension);
    EXPECT_TRUE(testing::contains(e.message, "\"triangular\" needs all its arguments in one dimension")) << e.message;
    EXPECT_TRUE(testing::contains(e.message, "its high (its third argument) is mass (kg) where its low is time (s)"))
        << e.message;
    EXPECT_TRUE(testing::contains(e.hint, "triangular(2 day, 3 day, 6 day)")) << e.hint;
}

TEST(Triangular, BadArgumentsAreRefusedWithASentence) {
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        const EvaluationOptions options{mode};
        const Error order = error_of("triangular(4, 2, 1)", options);
        EXPECT_EQ(order.kind, ErrorKind::range_order);
        EXPECT_EQ(order.message, "\"triangular\" needs low <= high, but at column 1 low is 4 and high is 1.");
        EXPECT_EQ(order.function, "triangular");
        const Error outside = error_of("triangular(1, 5, 4)", options);
        EXPECT_EQ(outside.kind, ErrorKind::range_order);
        EXPECT_EQ(outside.message, "\"triangular\" needs its mode between low and high, but at column 1 the mode 5 is "
                                   "outside 1 to 4.");
        const Error uncertain = error_of("triangular(1 to 2, 3, 4)", options);
        EXPECT_EQ(uncertain.kind, ErrorKind::argument);
        EXPECT_TRUE(testing::contains(uncertain.message, "\"triangular\" takes single numbers, but at column 1 its low "
                                                         "(its first argument) is uncertain"))
            << uncertain.message;
        EXPECT_EQ(error_of("triangular(1, 2)", options).kind, ErrorKind::argument);
    }
}

// The tornado moves it across its support in the bounds reading, labelled by its call.
TEST(Triangular, ATornadoMovesItAcrossItsSupport) {
    const auto t = tornado("triangular(1, 2, 4) * 3");
    ASSERT_TRUE(t) << t.error().sentence();
    ASSERT_EQ(t->bars.size(), 1u);
    EXPECT_EQ(t->bars[0].input, "triangular(1, 2, 4)");
    EXPECT_NEAR(t->central.central, 6, 1e-12);
    EXPECT_NEAR(t->bars[0].at_low.central, 3, 1e-12);
    EXPECT_NEAR(t->bars[0].at_high.central, 12, 1e-12);
}

}  // namespace
}  // namespace ballpark
