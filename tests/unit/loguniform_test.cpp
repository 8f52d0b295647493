// loguniform(low, high) (core/src/values/law_loguniform.hpp) in every reading: its quantile function against
// low (high / low)^p as written here, the 90% reading's percentiles against the same, the bounds readings giving
// its support with central value the geometric mean, units, the tornado, and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/tornado.hpp"
#include "unit/evaluated_texts.hpp"
#include "unit/shared_helpers.hpp"
#include "values/law_loguniform.hpp"

namespace ballpark {
namespace {

using testing::dist;
using testing::error_of;
using testing::evaluated;
using testing::percentile_of;

double reference_quantile(double low, double high, double p) { return low * std::pow(high / low, p); }

struct Case {
    const char* text;
    double low, high;
};
const Case cases[] = {{"loguniform(1, 1000)", 1, 1000}, {"loguniform(0.5, 2)", 0.5, 2}, {"loguniform(1e-6, 1e6)", 1e-6, 1e6},
                      {"loguniform(3, 3.5)", 3, 3.5}};

TEST(Loguniform, TheQuantileFunctionIsLowTimesTheRatioToThePowerP) {
    for (const Case& k : cases) {
        for (const double p : {0.0, 1e-6, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1 - 1e-6, 1.0}) {
            const double expected = reference_quantile(k.low, k.high, p);
            EXPECT_NEAR(LoguniformLaw::quantile(k.low, k.high, p), expected, 1e-13 * expected) << k.text << " p " << p;
        }
    }
}

TEST(Loguniform, TheNinetyPercentReadingGivesTheClosedFormsPercentiles) {
    for (const Case& k : cases) {
        const Quantity q = evaluated(k.text);
        // Relative to the value: the percentiles of a log-uniform are even on the log scale.
        EXPECT_NEAR(q.low, reference_quantile(k.low, k.high, 0.05), 1e-4 * q.low) << k.text;
        EXPECT_NEAR(q.central, std::sqrt(k.low * k.high), 1e-4 * q.central) << k.text;
        EXPECT_NEAR(q.high, reference_quantile(k.low, k.high, 0.95), 1e-4 * q.high) << k.text;
        for (const double p : {1.0, 10.0, 90.0, 99.0}) {
            const double expected = reference_quantile(k.low, k.high, p / 100);
            EXPECT_NEAR(percentile_of(k.text, p), expected, 1e-4 * expected) << k.text << " p" << p;
        }
        // The mean of a log-uniform is (high - low) / ln(high / low).
        const double mean = (k.high - k.low) / std::log(k.high / k.low);
        EXPECT_NEAR(evaluated(std::string("mean(") + k.text + ")").central, mean, 1e-4 * mean) << k.text;
        ASSERT_TRUE(q.spread);
        EXPECT_GE(q.spread->support_low(), k.low);
        EXPECT_LE(q.spread->support_high(), k.high);
    }
    // Above zero everywhere, so it may divide and take a logarithm: ln of it is uniform(ln 1, ln 1000).
    const Quantity ln = evaluated("ln(loguniform(1, 1000))");
    EXPECT_NEAR(ln.low, 0.05 * std::log(1000.0), 1e-4 * std::log(1000.0));
    EXPECT_NEAR(ln.high, 0.95 * std::log(1000.0), 1e-4 * std::log(1000.0));
    EXPECT_NEAR(evaluated("1 / loguniform(1, 1000)").central, 1 / std::sqrt(1000.0), 1e-4);
}

TEST(Loguniform, TheBoundsReadingsGiveItsSupportWithCentralValueTheGeometricMean) {
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const Quantity q = evaluated("loguniform(1, 1000)", EvaluationOptions{mode});
        EXPECT_EQ(q.low, 1);
        EXPECT_NEAR(q.central, std::sqrt(1000.0), 1e-12);
        EXPECT_EQ(q.high, 1000);
        const Quantity d = evaluated("loguniform(0.1, 0.7)", EvaluationOptions{mode});
        EXPECT_LE(d.low, 0.1);
        EXPECT_GE(d.high, 0.7);
        const Quantity p = evaluated("loguniform(3, 3)", EvaluationOptions{mode});
        EXPECT_EQ(p.low, 3);
        EXPECT_EQ(p.high, 3);
    }
    const auto twice = evaluate("u / u", std::vector<Binding>{{"u", "loguniform(1, 1000)"}}, EvaluationOptions{Mode::bounds});
    ASSERT_TRUE(twice) << twice.error().sentence();
    EXPECT_EQ(twice->low, 1);
    EXPECT_EQ(twice->high, 1);
    EXPECT_EQ(evaluated("loguniform(3, 3)").central, 3);
}

TEST(Loguniform, ArgumentsShareOneDimensionAndTheResultHasIt) {
    // Quantities hold the SI base unit, the bit: 1 GB is 8e9 of them.
    const double gb = evaluated("1 GB").central;
    ASSERT_EQ(gb, 8e9);
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        const Quantity q = evaluated("loguniform(1 GB, 1 TB)", EvaluationOptions{mode});
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::information));
        if (mode == Mode::distribution) {
            EXPECT_NEAR(q.high, gb * reference_quantile(1, 1000, 0.95), 1e-4 * q.high);
        } else {
            EXPECT_EQ(q.low, gb);
            EXPECT_EQ(q.high, 1000 * gb);
        }
    }
    EXPECT_NEAR(percentile_of("loguniform(1 GB, 1 TB) / 1 GB", 95), reference_quantile(1, 1000, 0.95),
                1e-4 * reference_quantile(1, 1000, 0.95));
    const Error e = error_of("loguniform(1 GB, 1 hour)");
    EXPECT_EQ(e.kind, ErrorKind::dimension);
    EXPECT_TRUE(testing::contains(e.message, "its high (its second argument) is time (s)")) << e.message;
    EXPECT_TRUE(testing::contains(e.hint, "loguniform(1 GB, 1 TB)")) << e.hint;
}

TEST(Loguniform, BadArgumentsAreRefusedWithASentence) {
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        const EvaluationOptions options{mode};
        for (const std::string text : {"loguniform(0, 10)", "loguniform(-1, 10)"}) {
            const Error e = error_of(text, options);
            EXPECT_EQ(e.kind, ErrorKind::domain);
            EXPECT_TRUE(testing::contains(e.message, "\"loguniform\" needs a low end above zero, but at column 1 it is"))
                << e.message;
            EXPECT_EQ(e.function, "loguniform");
        }
        const Error order = error_of("loguniform(10, 1)", options);
        EXPECT_EQ(order.kind, ErrorKind::range_order);
        EXPECT_EQ(order.message, "\"loguniform\" needs low <= high, but at column 1 low is 10 and high is 1.");
        const Error uncertain = error_of("loguniform(1 to 2, 10)", options);
        EXPECT_EQ(uncertain.kind, ErrorKind::argument);
        EXPECT_TRUE(testing::contains(uncertain.message, "\"loguniform\" takes single numbers, but at column 1 its low "
                                                         "(its first argument) is uncertain"))
            << uncertain.message;
    }
}

TEST(Loguniform, ATornadoMovesItAcrossItsSupportOrItsNinetyPercentInterval) {
    const auto t = tornado("loguniform(1, 100) * 3");
    ASSERT_TRUE(t) << t.error().sentence();
    ASSERT_EQ(t->bars.size(), 1u);
    EXPECT_EQ(t->bars[0].input, "loguniform(1, 100)");
    EXPECT_NEAR(t->central.central, 30, 1e-12);
    EXPECT_NEAR(t->bars[0].at_low.central, 3, 1e-12);
    EXPECT_NEAR(t->bars[0].at_high.central, 300, 1e-12);
}

}  // namespace
}  // namespace ballpark
