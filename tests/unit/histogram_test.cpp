// Unit tests of the pictures of a distribution (core/src/api/histogram*.cpp): each bin's probability against a
// Monte Carlo of a million draws computed here from the inputs' own lognormals (fixed seed), the sparkline's
// tallest glyph at the modal bin, the terminal histogram's shape, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/session.hpp"
#include "reference_models.hpp"

namespace ballpark {
namespace {

using testing::Lognormal;
using testing::z995;

// `a to b` in the 90% reading: the lognormal whose 5th and 95th percentiles are a and b.
Lognormal range(double a, double b) { return Lognormal::through(a, b); }

Quantity in_distribution(const std::string& text) {
    EvaluationOptions options;
    options.mode = distribution_mode();
    const auto q = evaluate(text, {}, options);
    EXPECT_TRUE(q) << text << ": " << q.error().sentence();
    return q ? *q : Quantity{};
}

// Each bin within half a percentage point of the share of a million draws in it, and each cumulative probability
// within half a point of the share at or below its upper edge.
void expect_bins_agree(const std::string& text, const std::function<double(std::mt19937_64&)>& draw) {
    const Quantity q = in_distribution(text);
    const auto bins = histogram_bins(q, 20);
    ASSERT_TRUE(bins) << text << ": " << bins.error().sentence();
    ASSERT_EQ(bins->size(), 20u);
    constexpr int draws = 1'000'000;
    std::mt19937_64 rng(20261205);
    std::vector<double> x(draws);
    for (double& v : x) v = draw(rng);
    std::ranges::sort(x);
    const auto share_at_most = [&](double t) {
        return static_cast<double>(std::ranges::upper_bound(x, t) - x.begin()) / draws;
    };
    double total = 0;
    for (const HistogramBin& bin : *bins) {
        const double expected = share_at_most(bin.upper) - share_at_most(bin.lower);
        EXPECT_NEAR(bin.probability, expected, 0.005) << text << ": bin " << bin.lower << " to " << bin.upper;
        EXPECT_NEAR(bin.cumulative, share_at_most(bin.upper), 0.005) << text << ": up to " << bin.upper;
        total += bin.probability;
    }
    // From the 0.5th to the 99.5th percentile: 99% of the probability.
    EXPECT_NEAR(total, 0.99, 0.002) << text;
    EXPECT_NEAR(bins->front().cumulative - bins->front().probability, 0.005, 0.001) << text;
}

TEST(HistogramBins, ASumOfTwoRangesAgreesWithAMonteCarlo) {
    const Lognormal a = range(1, 3), b = range(2, 5);
    expect_bins_agree("(1 to 3) + (2 to 5)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return a.draw(rng, z) + b.draw(rng, z);
    });
}

TEST(HistogramBins, ASumOfThreeRangesAgreesWithAMonteCarlo) {
    const Lognormal a = range(1, 3), b = range(2, 5), c = range(10, 20);
    expect_bins_agree("(1 to 3) + (2 to 5) + (10 to 20)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return a.draw(rng, z) + b.draw(rng, z) + c.draw(rng, z);
    });
}

TEST(HistogramBins, AProductAgreesWithAMonteCarlo) {
    const Lognormal a = range(60, 80), b = range(1.5, 2.5), u = range(0.35, 0.55);
    expect_bins_agree("6 * (60 to 80) * (1.5 to 2.5) / (35% to 55%)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return 6 * a.draw(rng, z) * b.draw(rng, z) / u.draw(rng, z);
    });
}

TEST(HistogramBins, AQuotientOfASumAgreesWithAMonteCarlo) {
    const Lognormal a = range(1, 3), b = range(2, 5), c = range(1, 2);
    expect_bins_agree("((1 to 3) + (2 to 5)) / (1 to 2)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return (a.draw(rng, z) + b.draw(rng, z)) / c.draw(rng, z);
    });
}

TEST(HistogramBins, AMaxAgreesWithAMonteCarlo) {
    const Lognormal a = range(1, 3), b = range(2, 4);
    expect_bins_agree("max(1 to 3, 2 to 4)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return std::max(a.draw(rng, z), b.draw(rng, z));
    });
}

// Four ranges summed, one spanning three orders of magnitude: the far percentiles are refused (the samples are too
// few in its tails to place them to 1%), so the picture's ends come from its CDF inverted.
TEST(HistogramBins, AHeavyTailedSumOfFourRangesAgreesWithAMonteCarlo) {
    const Lognormal a = range(1, 1000), b = range(1, 100), c = range(1, 10), d = range(1, 5);
    expect_bins_agree("(1 to 1000) + (1 to 100) + (1 to 10) + (1 to 5)", [&](std::mt19937_64& rng) {
        std::normal_distribution<double> z;
        return a.draw(rng, z) + b.draw(rng, z) + c.draw(rng, z) + d.draw(rng, z);
    });
}

// A single uniform input's shared points sit at the plotting positions (j + 1/2) / N, so its sampled percentiles are
// its exact ones: the picture of uniform(1, 3) spans 1.01 to 2.99, each of its 20 bins holding 0.99 / 20.
TEST(HistogramBins, OfAUniformInputSpanItsExactPercentiles) {
    const Quantity q = in_distribution("uniform(1, 3)");
    const auto bins = histogram_bins(q, 20);
    ASSERT_TRUE(bins) << bins.error().sentence();
    EXPECT_NEAR(bins->front().lower, 1 + 2 * 0.005, 1e-12);
    EXPECT_NEAR(bins->back().upper, 3 - 2 * 0.005, 1e-12);
    for (const HistogramBin& bin : *bins) EXPECT_NEAR(bin.probability, 0.99 / 20, 2.0 / 8192) << bin.lower;
}

// The CDF at many points in one pass against the CDF one point at a time (a count over every point), at points of
// uneven spacing, below the smallest and above the largest value, for a sampled value without closed-form parts.
TEST(HistogramBins, TheCdfAtManyPointsIsTheCdfAtEach) {
    const Quantity q = in_distribution("(1 to 3) * (2 to 5) + (1 to 10) * uniform(1, 2)");
    ASSERT_TRUE(q.spread);
    const std::vector<double> t = {-5, 0.5, 3, 3.0001, 4, 7, 7.5, 12, 30, 31, 90, 1e6};
    std::vector<double> at(t.size());
    q.spread->probabilities_at_most(t, at);
    for (std::size_t i = 0; i < t.size(); ++i) EXPECT_NEAR(at[i], q.spread->probability_at_most(t[i]), 1e-12) << t[i];
    EXPECT_EQ(at.front(), 0);
    EXPECT_EQ(at.back(), 1);
}

TEST(HistogramBins, AreTheSameOnEveryRun) {
    const auto first = histogram_bins(in_distribution("(1 to 3) * (2 to 5) + (1 to 10)"), 20);
    const auto second = histogram_bins(in_distribution("(1 to 3) * (2 to 5) + (1 to 10)"), 20);
    ASSERT_TRUE(first && second);
    for (std::size_t i = 0; i < first->size(); ++i) {
        EXPECT_EQ((*first)[i].lower, (*second)[i].lower);
        EXPECT_EQ((*first)[i].probability, (*second)[i].probability);
    }
}

TEST(HistogramBins, RefuseGuaranteedBoundsASingleNumberAndABadCount) {
    const auto bounds = evaluate("(1 to 3) * (2 to 5)");
    ASSERT_TRUE(bounds);
    const auto refused = histogram_bins(*bounds, 20);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, ErrorKind::needs_distribution);
    EXPECT_EQ(refused.error().mode, distribution_mode());
    EXPECT_NE(refused.error().message.find("equally likely"), std::string::npos) << refused.error().message;
    EXPECT_FALSE(histogram_bins(in_distribution("3 hour"), 20));
    EXPECT_EQ(histogram_bins(in_distribution("1 to 3"), 0).error().kind, ErrorKind::argument);
}

// The glyph of each bin from its probability, ceil(8 p / p_max), with each bin's probability from the closed-form
// lognormal CDF between the closed-form 0.5th and 99.5th percentiles: the full block at the modal bin.
TEST(Sparkline, GlyphsFollowTheClosedFormAndItEndsWithTheNinetyPercentInterval) {
    const Quantity q = in_distribution("(48 to 86) * 1 million USD as million USD");
    const auto text = sparkline(q, 12);
    ASSERT_TRUE(text) << text.error().sentence();
    const Lognormal cost = range(48e6, 86e6);
    const double low = cost.at(-z995), high = cost.at(z995);
    const auto cdf = [&](double x) { return cost.cdf(x); };
    std::vector<double> p;
    for (int i = 0; i < 12; ++i) p.push_back(cdf(low + (high - low) * (i + 1) / 12) - cdf(low + (high - low) * i / 12));
    const double most = *std::ranges::max_element(p);
    static const char* const glyphs[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
    std::string expected;
    for (double v : p) expected += glyphs[std::clamp(static_cast<int>(std::ceil(8 * v / most)) - 1, 0, 7)];
    EXPECT_EQ(*text, expected + " 48–86 million USD");
    // Each glyph is three bytes of UTF-8; the modal bin's is the full block.
    const auto modal = static_cast<std::size_t>(std::ranges::max_element(p) - p.begin());
    EXPECT_EQ(text->substr(3 * modal, 3), "█") << *text;
    EXPECT_EQ(*text, *sparkline(q, 12));
    EXPECT_EQ(sparkline(q, 0).error().kind, ErrorKind::argument);
}

// Lines of at most 80 columns, a bar per bin, the three percentiles marked, and the guaranteed bounds where there
// are any.
TEST(TerminalHistogram, FitsEightyColumnsAndMarksThePercentiles) {
    Session session;
    ASSERT_TRUE(session.run("u = 35% to 55%"));
    const auto h = session.histogram("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u) as million hour");
    ASSERT_TRUE(h) << h.error().sentence();
    EXPECT_GE(h->bins.size(), 16u);
    ASSERT_TRUE(h->bounds);
    EXPECT_NEAR(h->bounds->low, 6 * 70e9 * 2e12 / (312e12 * 0.55), 1e3);  // the bounds reading's ends, in seconds
    for (const bool ascii : {false, true}) {
        FormatOptions options;
        options.ascii = ascii;
        const std::string text = format_histogram(*h, options);
        std::size_t lines = 0, start = 0;
        while (start <= text.size()) {
            const std::size_t end = std::min(text.find('\n', start), text.size());
            const std::string line = text.substr(start, end - start);
            const auto columns = std::ranges::count_if(line, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
            EXPECT_LE(columns, 80) << line;
            if (ascii) {
                EXPECT_TRUE(std::ranges::all_of(line, [](char c) { return static_cast<unsigned char>(c) < 128; })) << line;
            }
            ++lines;
            start = end + 1;
        }
        EXPECT_EQ(lines, 3 + h->bins.size()) << text;
        for (const char* mark : {"p5", "median", "p95"}) EXPECT_NE(text.find(mark), std::string::npos) << text;
        EXPECT_NE(text.find("million hour"), std::string::npos) << text;
    }
    // normal(...) has no guaranteed bounds.
    const auto unbounded = session.histogram("normal(10, 2)");
    ASSERT_TRUE(unbounded) << unbounded.error().sentence();
    EXPECT_FALSE(unbounded->bounds);
}

TEST(TerminalHistogram, IsALineOfASession) {
    Session session;
    const auto line = session.run("histogram (1 to 3) * (2 to 5)");
    ASSERT_TRUE(line) << line.error().sentence();
    EXPECT_EQ(line->kind, LineResult::Kind::histogram);
    ASSERT_TRUE(line->histogram);
    const auto defined = session.run("histogram x = 3");
    ASSERT_FALSE(defined);
    const auto wrong = session.run("histogram (1 to 3) * nothing");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().column, 22);  // counted from the start of the line
}

}  // namespace
}  // namespace ballpark
