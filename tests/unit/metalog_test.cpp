// metalog(p10, p50, p90[, low[, high]]) (core/src/values/metalog.hpp) in every reading: the three numbers come back
// as the 10th, 50th and 90th percentiles, bounded forms stay inside their bounds, the validity edge is where the
// quantile function stops increasing, and results against a Monte Carlo written here.
//
// The references are computed here: the validity constant by maximising |g| numerically, the metalog's quantile
// function from Keelin's formulas written out again below, and percentiles of sums and products by inverse-transform
// sampling with a fixed-seed std::mt19937_64 (10^6 draws), never by the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/tornado.hpp"
#include "sheet_functions.hpp"
#include "unit/reference_models.hpp"
#include "unit/sheet_cells.hpp"
#include "unit/evaluated_texts.hpp"
#include "unit/shared_helpers.hpp"
#include "values/metalog.hpp"

namespace ballpark {
namespace {

using testing::dist;
using testing::error_of;
using testing::evaluated;
using testing::percentile_of;

// Keelin's three-term metalog, written out from the paper: t is x, ln(x - low) or ln((x - low) / (high - x)).
struct Reference {
    double a1, a2, a3, low, high;
    Reference(double p10, double p50, double p90, double lo = -INFINITY, double hi = INFINITY) : low(lo), high(hi) {
        const double t10 = t(p10), t50 = t(p50), t90 = t(p90);
        a1 = t50;
        a2 = (t90 - t10) / (2 * std::log(9.0));
        a3 = (t90 + t10 - 2 * t50) / (0.8 * std::log(9.0));
    }
    double t(double x) const {
        if (std::isfinite(low) && std::isfinite(high)) return std::log((x - low) / (high - x));
        if (std::isfinite(low)) return std::log(x - low);
        return x;
    }
    double quantile(double y) const {
        const double l = std::log(y / (1 - y));
        const double m = a1 + a2 * l + a3 * (y - 0.5) * l;
        if (std::isfinite(low) && std::isfinite(high)) return (low + high * std::exp(m)) / (1 + std::exp(m));
        if (std::isfinite(low)) return low + std::exp(m);
        return m;
    }
};

// g(y) = y (1 - y) ln(y / (1 - y)) + y - 1/2: Q'(y) y (1 - y) = a2 + a3 g(y).
double g(double y) { return y * (1 - y) * std::log(y / (1 - y)) + y - 0.5; }

TEST(Metalog, TheValidityConstantIsOneOverTheLargestG) {
    // Golden-section search for the minimum of g on (0, 1/2) (g is odd about 1/2, so its maximum |g| is there).
    double lo = 1e-6, hi = 0.5;
    const double r = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 200; ++i) {
        const double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
        (g(x1) < g(x2) ? hi : lo) = (g(x1) < g(x2) ? x2 : x1);
    }
    const double found = 1 / std::abs(g((lo + hi) / 2));
    EXPECT_NEAR(found, Metalog::steepest_ratio, 1e-12);
    EXPECT_NEAR(found, 1.66711, 1e-5);  // Keelin 2016's figure
}

// Median shares of the way from p10 to p90 just inside and just outside the valid ones: 1/2 - ratio / 5.
constexpr double edge_share = 0.5 - Metalog::steepest_ratio / 5;

TEST(Metalog, JustInsideTheEdgeTheQuantileFunctionIncreasesAndIsAccepted) {
    for (const double share : {edge_share * (1 + 1e-6), 1 - edge_share * (1 + 1e-6)}) {
        const Metalog m = Metalog::fit(0, share, 1, -INFINITY, INFINITY, 1, "");
        EXPECT_LT(std::abs(m.a3) / m.a2, Metalog::steepest_ratio);
        // Densely (a million steps), then where the derivative comes nearest zero, y = 0.0832 and 0.9168.
        double before = m.quantile(1e-9);
        for (int i = 1; i <= 1000000; ++i) {
            const double y = 1e-9 + (1 - 2e-9) * i / 1000000.0;
            const double x = m.quantile(y);
            ASSERT_GT(x, before) << "share " << share << " y " << y;
            before = x;
        }
        for (const double y : {0.0832217201995, 0.9167782798005}) EXPECT_GT(m.a2 + m.a3 * g(y), 0) << share;
        // The language accepts the same numbers, and gives the median back.
        std::ostringstream text;
        text.precision(17);
        text << "metalog(0, " << share << ", 1)";
        EXPECT_NEAR(percentile_of(text.str(), 50), share, 1e-3 * share) << text.str();
    }
}

TEST(Metalog, JustOutsideTheEdgeTheQuantileFunctionTurnsBackAndIsRefused) {
    for (const double share : {edge_share * (1 - 1e-6), 1 - edge_share * (1 - 1e-6)}) {
        // The reference's quantile function decreases near the steepest point of g.
        const Reference ref(0, share, 1);
        const double y = share < 0.5 ? 0.0832217201995 : 0.9167782798005;
        EXPECT_LT(ref.a2 + ref.a3 * g(y), 0) << share;
        EXPECT_LT(ref.quantile(y + 1e-7) - ref.quantile(y - 1e-7), 0) << share;
        std::ostringstream text;
        text.precision(17);
        text << "metalog(0, " << share << ", 1)";
        const Error e = error_of(text.str());
        EXPECT_EQ(e.kind, ErrorKind::domain) << e.message;
        EXPECT_TRUE(testing::contains(e.message, share < 0.5 ? "p50 is too close to p10" : "p50 is too close to p90"))
            << e.message;
        EXPECT_TRUE(testing::contains(e.hint, "Move p50 toward the middle of p10 and p90")) << e.hint;
        EXPECT_TRUE(testing::contains(e.hint, share < 0.5 ? "moving p10 down" : "moving p90 up")) << e.hint;
        // The share is shown with the digits that tell it from the limit beside it.
        EXPECT_TRUE(testing::contains(e.message, share < 0.5 ? "it lies 16.6577" : "it lies 83.3422")) << e.message;
        EXPECT_TRUE(testing::contains(e.message, "needs it between 16.7% and 83.3% of the way")) << e.message;
    }
    // Bounds that bend the scale: farther bounds would do, since without them the median lies 75% of the way.
    const Error bent = error_of("metalog(1.001, 2.5, 3, 1)");
    EXPECT_TRUE(testing::contains(bent.message, "on the scale ln(x - low) the lower bound gives")) << bent.message;
    EXPECT_TRUE(testing::contains(
        bent.hint, "move the bounds farther from the three numbers (without bounds p50 lies 75% of the way)"))
        << bent.hint;
    EXPECT_FALSE(testing::contains(error_of("metalog(1, 1.05, 3, 0, 4)").hint, "farther"));
    // The same numbers in the bounds readings are refused the same way.
    EXPECT_TRUE(testing::contains(error_of("metalog(1, 1.05, 3, 0, 4)", EvaluationOptions{Mode::bounds}).message,
                                  "too close to p10"));
}

struct Case {
    const char* what;
    double p10, p50, p90;
    const char* bounds;  // "" or ", low" or ", low, high"
};
const Case cases[] = {
    {"symmetric", 10, 20, 30, ""},
    {"right-skewed", 10, 14, 30, ""},
    {"left-skewed", 10, 25, 30, ""},
    {"right-skewed above a lower bound", 2, 3, 6, ", 1"},
    {"left-skewed above a lower bound", 2, 4.5, 6, ", 0"},
    {"bounded on both sides", 0.25, 0.40, 0.60, ", 0, 1"},
    {"bounded, skewed toward the top", 0.5, 0.85, 0.95, ", 0, 1"},
};

std::string text_of(const Case& k) {
    return "metalog(" + std::to_string(k.p10) + ", " + std::to_string(k.p50) + ", " + std::to_string(k.p90) + k.bounds +
        ")";
}

TEST(Metalog, TheThreeNumbersComeBackAsTheTenthFiftiethAndNinetiethPercentiles) {
    for (const Case& k : cases) {
        const std::string text = text_of(k);
        EXPECT_NEAR(percentile_of(text, 10), k.p10, 1e-3 * k.p10) << k.what << ": " << text;
        EXPECT_NEAR(percentile_of(text, 50), k.p50, 1e-3 * k.p50) << k.what << ": " << text;
        EXPECT_NEAR(percentile_of(text, 90), k.p90, 1e-3 * k.p90) << k.what << ": " << text;
        // The printed median, and the 5th and 95th percentiles against the reference's quantile function.
        const Quantity q = evaluated(text);
        double lo = -INFINITY, hi = INFINITY;
        if (std::string(k.bounds) == ", 1") lo = 1;
        if (std::string(k.bounds) == ", 0") lo = 0;
        if (std::string(k.bounds) == ", 0, 1") lo = 0, hi = 1;
        const Reference ref(k.p10, k.p50, k.p90, lo, hi);
        const double width = ref.quantile(0.95) - ref.quantile(0.05);
        EXPECT_NEAR(q.central, k.p50, 1e-3 * k.p50) << text;
        EXPECT_NEAR(q.low, ref.quantile(0.05), 1e-3 * width) << text;
        EXPECT_NEAR(q.high, ref.quantile(0.95), 1e-3 * width) << text;
    }
}

TEST(Metalog, BoundedFormsNeverLeaveTheirBounds) {
    const struct {
        double p10, p50, p90, low, high;
    } bounded[] = {{0.25, 0.40, 0.60, 0, 1}, {0.5, 0.85, 0.95, 0, 1},         {1.001, 1.002, 1.01, 1, 1.02},
                   {2, 3, 6, 1, INFINITY},   {1e-9, 3e-8, 1e-6, 0, INFINITY}, {0.9, 0.99, 0.999, 0, 1}};
    for (const auto& b : bounded) {
        const Metalog m = Metalog::fit(b.p10, b.p50, b.p90, b.low, b.high, 1, "");
        for (int e = 1; e <= 300; ++e) {
            for (const double y :
                 {std::pow(10.0, -e), 1 - std::pow(10.0, -e / 20.0), 0.5 * std::pow(10.0, -e / 20.0)}) {
                const double x = m.quantile(y);
                ASSERT_GE(x, b.low) << y;
                ASSERT_LE(x, b.high) << y;
            }
        }
        for (int i = 1; i < 200000; ++i) {
            const double x = m.quantile(i / 200000.0);
            ASSERT_GE(x, b.low);
            ASSERT_LE(x, b.high);
        }
    }
    // Results: the 0.5th and 99.5th percentiles of a bounded input and of a product with it.
    for (const std::string text :
         {"metalog(25%, 40%, 60%, 0, 1)", "metalog(0.5, 0.85, 0.95, 0, 1)", "metalog(0.9, 0.99, 0.999, 0, 1)"}) {
        for (const double p : {0.5, 99.5}) {
            const double x = percentile_of(text, p);
            EXPECT_GE(x, 0) << text;
            EXPECT_LE(x, 1) << text;
            const double y = percentile_of("3 * " + text + " * uniform(1, 2)", p);
            EXPECT_GE(y, 0) << text;
            EXPECT_LE(y, 6) << text;
        }
        const Quantity q = evaluated(text);
        ASSERT_TRUE(q.spread);
        EXPECT_GE(q.spread->support_low(), 0);
        EXPECT_LE(q.spread->support_high(), 1);
    }
    EXPECT_GE(percentile_of("metalog(2, 3, 6, 1)", 0.5), 1);
    // An upper bound alone, as docs/language.md writes it: the mirror of a lower bound.
    const std::string mirrored = "-metalog(-0.9, -0.8, -0.5, -1)";
    EXPECT_NEAR(percentile_of(mirrored, 10), 0.5, 0.5e-3);
    EXPECT_NEAR(percentile_of(mirrored, 50), 0.8, 0.8e-3);
    EXPECT_NEAR(percentile_of(mirrored, 90), 0.9, 0.9e-3);
    EXPECT_LE(percentile_of(mirrored, 99.9), 1);
}

// The p-quantiles (p in (0, 1)) of draws.
std::vector<double> quantiles_of(std::vector<double> draws, std::initializer_list<double> ps) {
    std::sort(draws.begin(), draws.end());
    std::vector<double> out;
    for (const double p : ps) out.push_back(draws[static_cast<std::size_t>(p * static_cast<double>(draws.size()))]);
    return out;
}

TEST(Metalog, PercentilesOfASumAndAProductAgreeWithAMonteCarlo) {
    // u = metalog(25%, 40%, 60%, 0, 1) and t = 1 to 3 (a lognormal with 5th and 95th percentiles 1 and 3), independent.
    const Reference u(0.25, 0.40, 0.60, 0, 1);
    const double sigma = std::log(3.0) / (2 * testing::z95), median = std::sqrt(3.0);
    std::mt19937_64 engine(20161201);
    std::uniform_real_distribution<double> uniform(0, 1);
    std::normal_distribution<double> normal(0, 1);
    constexpr int draws = 1000000;
    std::vector<double> products(draws), sums(draws);
    for (int i = 0; i < draws; ++i) {
        double y = uniform(engine);
        while (y == 0) y = uniform(engine);
        const double a = u.quantile(y);
        const double t = median * std::exp(sigma * normal(engine));
        products[i] = a * t * 100;  // in hours: 100 hour per unit
        sums[i] = a + t;
    }
    const struct {
        std::string text;
        std::vector<double>* draws;
    } checks[] = {{"metalog(25%, 40%, 60%, 0, 1) * (1 to 3) * 100", &products},
                  {"metalog(25%, 40%, 60%, 0, 1) + (1 to 3)", &sums}};
    for (const auto& c : checks) {
        const std::vector<double> mc = quantiles_of(*c.draws, {0.05, 0.10, 0.5, 0.90, 0.95});
        const double width = mc[4] - mc[0];
        const Quantity q = evaluated(c.text);
        EXPECT_NEAR(q.low, mc[0], 0.01 * width) << c.text;
        EXPECT_NEAR(q.central, mc[2], 0.01 * width) << c.text;
        EXPECT_NEAR(q.high, mc[4], 0.01 * width) << c.text;
        EXPECT_NEAR(percentile_of(c.text, 10), mc[1], 0.01 * width) << c.text;
        EXPECT_NEAR(percentile_of(c.text, 90), mc[3], 0.01 * width) << c.text;
    }
}

TEST(Metalog, TheBoundsReadingsGiveTheBoundsWhenBothAreGivenAndASentenceOtherwise) {
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const Quantity q = evaluated("metalog(25%, 40%, 60%, 0, 1)", EvaluationOptions{mode});
        EXPECT_LE(q.low, 0);
        EXPECT_GT(q.low, -1e-15);
        EXPECT_GE(q.high, 1);
        EXPECT_LT(q.high, 1 + 1e-15);
        EXPECT_NEAR(q.central, 0.40, 1e-15);
        // A decimal bound is enclosed: 0.1 lies between two doubles, and the low bound is at or below it.
        EXPECT_LE(evaluated("metalog(0.2, 0.3, 0.5, 0.1, 0.7)", EvaluationOptions{mode}).low, 0.1);
        for (const std::string text : {"metalog(25%, 40%, 60%)", "metalog(25%, 40%, 60%, 0)"}) {
            const Error e = error_of(text, EvaluationOptions{mode});
            EXPECT_EQ(e.kind, ErrorKind::needs_distribution) << e.message;
            EXPECT_TRUE(testing::contains(e.message, "\"metalog\" without both bounds")) << e.message;
            EXPECT_TRUE(testing::contains(e.hint, "Give a lower and an upper bound")) << e.hint;
            EXPECT_EQ(e.mode, Mode::distribution);
        }
    }
    // Guaranteed bounds of a product hold every value the distribution reading gives.
    const Quantity b = evaluated("metalog(25%, 40%, 60%, 0, 1) * (2 to 3)", EvaluationOptions{Mode::bounds});
    EXPECT_LE(b.low, percentile_of("metalog(25%, 40%, 60%, 0, 1) * (2 to 3)", 0.1));
    EXPECT_GE(b.high, percentile_of("metalog(25%, 40%, 60%, 0, 1) * (2 to 3)", 99.9));
    EXPECT_LE(b.high, 3 + 1e-12);
}

TEST(Metalog, ArgumentsShareOneDimensionAndTheResultHasIt) {
    const Quantity q = evaluated("metalog(2 day, 3 day, 5 day, 1 day)");
    EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::time));
    EXPECT_NEAR(q.central, 3 * 86400.0, 1e-3 * 3 * 86400);
    EXPECT_NEAR(percentile_of("metalog(2 day, 3 day, 5 day, 1 day) / 1 day", 90), 5, 5e-3);
    const Error e = error_of("metalog(2 day, 3 day, 5 kg)");
    EXPECT_EQ(e.kind, ErrorKind::dimension);
    EXPECT_TRUE(testing::contains(e.message, "its p90 (its third argument) is mass (kg) where its p10 is time (s)"))
        << e.message;
    const Error bound = error_of("metalog(2 day, 3 day, 5 day, 1 day, 6)");
    EXPECT_TRUE(testing::contains(bound.message, "upper bound (its fifth argument)")) << bound.message;
}

TEST(Metalog, NumbersOutOfOrderOrOutsideTheBoundsOrUncertainAreRefusedWithASentence) {
    const Error order = error_of("metalog(3, 2, 1)");
    EXPECT_EQ(order.kind, ErrorKind::range_order);
    EXPECT_TRUE(testing::contains(order.message, "p10 < p50 < p90, but at column 1 they are 3, 2 and 1"))
        << order.message;
    EXPECT_EQ(error_of("metalog(1, 1, 2)").kind, ErrorKind::range_order);
    const Error low = error_of("metalog(1, 2, 3, 1.5)");
    EXPECT_TRUE(
        testing::contains(low.message, "lower bound of \"metalog\" at column 1 must lie below p10, but it is 1.5"))
        << low.message;
    const Error high = error_of("metalog(1, 2, 3, 0, 3)");
    EXPECT_TRUE(testing::contains(high.message, "must lie above p90, but it is 3")) << high.message;
    const Error uncertain = error_of("metalog(1 to 2, 3, 4)");
    EXPECT_EQ(uncertain.kind, ErrorKind::argument);
    EXPECT_TRUE(testing::contains(uncertain.message,
                                  "takes single numbers, but at column 1 its p10 (its first argument) is uncertain"))
        << uncertain.message;
    EXPECT_EQ(error_of("metalog(1, 2)").kind, ErrorKind::argument);
}

// The tornado of the bounds reading moves a metalog with both bounds across them, and one without across its 5th
// to 95th percentiles (as a normal), labelled by its call.
TEST(Metalog, ATornadoMovesItAcrossItsBoundsOrItsNinetyPercentInterval) {
    const auto bounded = tornado("metalog(25%, 40%, 60%, 20%, 80%) * 3");
    ASSERT_TRUE(bounded) << bounded.error().sentence();
    ASSERT_EQ(bounded->bars.size(), 1u);
    EXPECT_EQ(bounded->bars[0].input, "metalog(0.25, 0.4, 0.6, 0.2, 0.8)");
    EXPECT_NEAR(bounded->central.central, 1.2, 1e-12);
    EXPECT_NEAR(bounded->bars[0].at_low.central, 0.6, 1e-12);
    EXPECT_NEAR(bounded->bars[0].at_high.central, 2.4, 1e-12);
    const auto unbounded = tornado("metalog(1, 2, 4) * 3");
    ASSERT_TRUE(unbounded) << unbounded.error().sentence();
    const Reference ref(1, 2, 4);
    EXPECT_NEAR(unbounded->bars[0].at_low.central, 3 * ref.quantile(0.05), 1e-9);
    EXPECT_NEAR(unbounded->bars[0].at_high.central, 3 * ref.quantile(0.95), 1e-9);
}

// Each call is a new independent input; a name used twice is one.
TEST(Metalog, ANameUsedTwiceIsOneInput) {
    const auto q = evaluate("u - u", std::vector<Binding>{{"u", "metalog(25%, 40%, 60%, 0, 1)"}}, dist);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, 0);
    EXPECT_EQ(q->high, 0);
}

}  // namespace

namespace sheet {
namespace {

using Args = std::vector<Arg>;
const Arg none{};

using ballpark::testing::value;

// QTYVALUE's "p10", "median" and "p90" return the three numbers; GPUHOURS takes a metalog utilization, and its
// hours, which fall as u rises, have their 10th percentile at u's 90th.
TEST(SheetMetalog, QtyvalueAndGpuhoursReadAMetalog) {
    const Args pairs{std::string("u"), std::string("metalog(25%, 40%, 60%, 0, 1)")};
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("p10"), pairs)), 0.25, 0.25e-3);
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("median"), pairs)), 0.40, 0.40e-3);
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("p90"), pairs)), 0.60, 0.60e-3);
    const double at_p90 = testing::hours_at(0.60);
    EXPECT_NEAR(value(qty_value(std::string("6 FLOP*70 billion*2 trillion/(312 TFLOP/s*u)"), std::string("hour"),
                                std::string("p10"), pairs)),
                at_p90, at_p90 * 1e-3);
    const auto hours = gpu_hours(70e9, 2e12, 312e12, std::string("metalog(25%, 40%, 60%, 0, 1)"), none,
                                 std::string("hour"), std::string("p10"));
    EXPECT_NEAR(value(hours), at_p90, at_p90 * 1e-3);
    // The bounds reading: the hours at u = 0 are unbounded, and the sentence says so; with bounds away from zero
    // the guaranteed bounds are the hours at the bounds.
    const auto bounded = gpu_hours(70e9, 2e12, 312e12, std::string("metalog(25%, 40%, 60%, 10%, 90%)"), none,
                                   std::string("hour"), std::string("high"));
    EXPECT_NEAR(value(bounded), testing::hours_at(0.10), testing::hours_at(0.10) * 1e-9);
}

}  // namespace
}  // namespace sheet
}  // namespace ballpark
