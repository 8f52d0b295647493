// Statistics of sampled results in the distribution reading: the mean and sd of a sum of three or more
// independent inputs, and its percentiles far beyond the 5th and 95th, where 2^13 sample points are too few.
//
// References: the lognormal, normal and uniform moments from first principles (the 90% interval's sigma from a
// bisection on std::erfc), the Irwin-Hall distribution of a sum of uniforms, pseudo-random sampling with ten
// million draws and a fixed seed, the Asmussen-Kroese estimator for sums of identical heavy-tailed parts, and the
// closed-form CDF of a max or min of independent inputs (product of CDFs); never the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <numbers>
#include <random>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "testing.hpp"
#include "values/distribution/distribution.hpp"

namespace ballpark {
namespace {

using D = Distribution;

double phi_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

D point(double x) { return D::point(x); }
D range(D::Context& c, double a, double b) { return D::between(c, point(a), point(b), 1); }
D sum_of(D::Context& c, const std::vector<D>& parts) {
    D total = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i) total = D::add(c, total, parts[i]);
    return total;
}

// `a to b` for a > 0 is the lognormal with 5th and 95th percentiles a and b (reference_models.hpp).
using testing::Lognormal;
using testing::z95;

TEST(SampledStatistics, TheMeanAndSdOfASumOfIndependentInputsAreExact) {
    D::Context c;
    const D wide = sum_of(c, {range(c, 1, 1e6), range(c, 1, 1e6), range(c, 1, 1e6)});
    ASSERT_TRUE(wide.is_sampled());
    const Lognormal l6 = Lognormal::through(1, 1e6);
    EXPECT_THAT(wide.mean(), testing::RelativelyNear(3 * l6.mean(), 1e-9));
    EXPECT_THAT(wide.sd(), testing::RelativelyNear(std::sqrt(3 * l6.variance()), 1e-9));
    EXPECT_NEAR(wide.mean(), 2.03e7, 0.005e7);  // the figures of the report
    EXPECT_NEAR(wide.sd(), 7.9e10, 0.05e10);

    const D thousand = sum_of(c, {range(c, 1, 1000), range(c, 1, 1000), range(c, 1, 1000)});
    const Lognormal l3 = Lognormal::through(1, 1000);
    EXPECT_THAT(thousand.sd(), testing::RelativelyNear(std::sqrt(3 * l3.variance()), 1e-9));
    EXPECT_NEAR(thousand.sd(), 4475, 1);

    // Mixed kinds, scaled, shifted and negated: 3 - 2 (X + U + N) with X lognormal, U uniform(2, 5), N normal(1, 2).
    const D mixed = D::subtract(
        c, point(3),
        D::multiply(c, point(2), sum_of(c, {range(c, 1, 10), testing::named<D, UniformLaw>(c, {2, 5}, 1),
                                            testing::named<D, NormalLaw>(c, {1, 2}, 1)})));
    ASSERT_TRUE(mixed.is_sampled());
    const Lognormal l1 = Lognormal::through(1, 10);
    EXPECT_NEAR(mixed.mean(), 3 - 2 * (l1.mean() + 3.5 + 1), 1e-12 * 20);
    EXPECT_NEAR(mixed.sd(), 2 * std::sqrt(l1.variance() + 9.0 / 12 + 4), 1e-12 * 20);
}

TEST(SampledStatistics, AnInputUsedTwiceIsNotTakenAsIndependent) {
    D::Context c;
    const D x = range(c, 1, 10);
    const D twice = sum_of(c, {x, range(c, 1, 10), range(c, 1, 10), x});  // 2X + Y + Z, sampled
    ASSERT_TRUE(twice.is_sampled());
    const Lognormal l = Lognormal::through(1, 10);
    // The sd of 2X + Y + Z is sqrt(6) sd(X), not the sqrt(4) sd(X) that independence would give; from the
    // samples, so to 3%.
    EXPECT_THAT(twice.sd(), testing::RelativelyNear(std::sqrt(6 * l.variance()), 0.03));
}

// y = three `1 to 10`: percentiles 0.1 to 99.9 against ten million pseudo-random draws, and percentile 0.0001
// (p = 1e-6) against two million sums (thirty million draws) conditioned on every part being at most 1.8, which any sum at most 1.8
// needs: P(y <= q) = P(X <= 1.8)^3 P(y <= q | all parts <= 1.8). Tolerance: 1% of the 5th-95th width, as promised.
TEST(SampledStatistics, FarPercentilesOfASumOfThreeMatchMonteCarlo) {
    D::Context c;
    const D y = sum_of(c, {range(c, 1, 10), range(c, 1, 10), range(c, 1, 10)});
    ASSERT_TRUE(y.is_sampled());
    const Lognormal l = Lognormal::through(1, 10);
    std::mt19937_64 engine(20261201);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal;
    constexpr std::size_t draws = 10'000'000;
    std::vector<double> sums(draws);
    for (double& s : sums) {
        s = 0;
        for (int i = 0; i < 3; ++i) s += std::exp(l.mu + l.sigma * normal(engine));
    }
    const auto sample_quantile = [](std::vector<double>& v, double p) {
        const auto k = static_cast<std::ptrdiff_t>(p * static_cast<double>(v.size()));
        std::nth_element(v.begin(), v.begin() + k, v.end());
        return v[static_cast<std::size_t>(k)];
    };
    const double width = sample_quantile(sums, 0.95) - sample_quantile(sums, 0.05);
    for (double p : {0.001, 0.002, 0.01, 0.03, 0.97, 0.99, 0.998, 0.999})
        EXPECT_NEAR(y.quantile(p), sample_quantile(sums, p), 0.01 * width) << "p = " << p;
    EXPECT_NEAR(y.quantile(0.999), 44.4, 0.17);  // the figure of the report

    constexpr double cap = 1.8;
    sums.resize(2'000'000);
    const double z_cap = (std::log(cap) - l.mu) / l.sigma;
    for (double& s : sums) {
        s = 0;
        for (int i = 0; i < 3; ++i) {
            double z;
            do z = normal(engine);
            while (z > z_cap);
            s += std::exp(l.mu + l.sigma * z);
        }
    }
    const double conditional = 1e-6 / std::pow(l.cdf(cap), 3);
    const double reference = sample_quantile(sums, conditional);
    ASSERT_LT(reference, cap);
    EXPECT_NEAR(y.quantile(1e-6), reference, 0.01 * width);
    EXPECT_NEAR(y.quantile(1e-6), 1.52, 0.17);
}

// A sum of three uniform(0, 1) is Irwin-Hall: P(S <= x) = x^3 / 6 for x <= 1, symmetric about 1.5. To 0.3% of
// the quantile itself, far inside the promised 1% of the 5th-95th width (1.6): the uniform parts' CDFs have
// kinks, which cost the quadrature some digits (measured 0.2% at p = 1e-6).
TEST(SampledStatistics, FarPercentilesOfThreeUniformsAreIrwinHall) {
    D::Context c;
    const D u = sum_of(c, {testing::named<D, UniformLaw>(c, {0, 1}, 1), testing::named<D, UniformLaw>(c, {0, 1}, 1),
                           testing::named<D, UniformLaw>(c, {0, 1}, 1)});
    ASSERT_TRUE(u.is_sampled());
    for (double p : {1e-9, 1e-6, 1e-3, 0.01}) {
        const double x = std::cbrt(6 * p);
        EXPECT_THAT(u.quantile(p), testing::RelativelyNear(x, 0.003)) << "p = " << p;
        EXPECT_NEAR(u.quantile(1 - p), 3 - x, 0.003 * x) << "1 - p, p = " << p;
    }
    EXPECT_DOUBLE_EQ(u.mean(), 1.5);
    EXPECT_NEAR(u.sd(), 0.5, 1e-15);
}

// Beyond the 0.1st and 99.9th percentiles a sampled value without that structure has fewer than 8 samples left:
// a sentence, never the extreme sample repeated.
TEST(SampledStatistics, FarPercentilesTheSamplesCannotPlaceAreRefused) {
    D::Context c;
    const D y = sum_of(c, {range(c, 1, 10), range(c, 1, 10), range(c, 1, 10)});
    const D squared = D::multiply(c, y, y);
    ASSERT_TRUE(squared.is_sampled());
    EXPECT_NO_THROW((void)squared.quantile(0.001));
    EXPECT_NO_THROW((void)squared.quantile(0.999));
    for (double p : {1e-6, 0.0005, 0.9995}) {
        const std::string m = testing::message_of([&] { (void)squared.quantile(p); });
        EXPECT_NE(m.find("sampled points"), std::string::npos) << m;
        EXPECT_NE(m.find("from 0.1 to 99.9"), std::string::npos) << m;
    }
}

// ---- Percentiles 0.1 to 99.9 of sums and of max/min of a few ranges, to 1% of the truth ----

constexpr double issue_percentiles[] = {0.1, 1, 5, 50, 95, 99, 99.9};

// percentile(text, p) in the 90% reading, as a user asks for it (p in percent, so 99.9 arrives as 99.9 / 100).
double asked(const std::string& text, double p) {
    const auto q = evaluate("percentile(" + text + ", " + std::to_string(p) + ")", {},
                            EvaluationOptions{Mode::distribution});
    if (!q) {
        ADD_FAILURE() << "percentile(" << text << ", " << p << "): " << q.error().sentence();
        return std::nan("");
    }
    return q->central;
}

double sample_quantile(std::vector<double>& v, double p) {
    const auto k = static_cast<std::ptrdiff_t>(p * static_cast<double>(v.size()));
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[static_cast<std::size_t>(k)];
}

// One input of a Monte Carlo reference: `a to b` (lognormal for a > 0, else normal) or uniform(a, b).
struct Input {
    double a, b;
    bool uniform = false;
};

// Ten million sums drawn with std::mt19937_64 and the standard library's distributions: at the 99.9th percentile
// ten thousand draws lie beyond, which places it to about 0.3%.
std::vector<double> monte_carlo_sums(const std::vector<Input>& inputs, std::uint64_t seed) {
    std::vector<std::function<double(std::mt19937_64&)>> draws;
    for (const Input& in : inputs) {
        if (in.uniform) {
            draws.push_back([d = std::uniform_real_distribution<double>(in.a, in.b)](std::mt19937_64& e) mutable { return d(e); });
        } else if (in.a > 0) {
            const Lognormal l = Lognormal::through(in.a, in.b);
            draws.push_back([d = std::lognormal_distribution<double>(l.mu, l.sigma)](std::mt19937_64& e) mutable { return d(e); });
        } else {
            draws.push_back([d = std::normal_distribution<double>((in.a + in.b) / 2, (in.b - in.a) / (2 * z95))](
                                std::mt19937_64& e) mutable { return d(e); });
        }
    }
    std::mt19937_64 engine(seed);
    std::vector<double> sums(10'000'000);
    for (double& s : sums) {
        s = 0;
        for (auto& draw : draws) s += draw(engine);
    }
    return sums;
}

TEST(SampledStatistics, PercentilesFromTheTenthToThe999thOfSumsOfThreeAreWithinOnePercentOfMonteCarlo) {
    // A sum whose 99.9th percentile a trapezoid rule in the variates puts at 210 where the truth is 207.5 (so the
    // quadrature's steps must agree before it answers), a sum with a normal part, and one with a uniform part.
    struct Case {
        std::string text;
        std::vector<Input> inputs;
    };
    const Case cases[] = {
        {"(1 to 30) + (1 to 30) + (1 to 30)", {{1, 30}, {1, 30}, {1, 30}}},
        {"(-1 to 3) + (1 to 30) + (2 to 5)", {{-1, 3}, {1, 30}, {2, 5}}},
        {"uniform(0, 10) + (1 to 100) + (5 to 10)", {{0, 10, true}, {1, 100}, {5, 10}}},
    };
    std::uint64_t seed = 3201;
    for (const Case& k : cases) {
        SCOPED_TRACE(k.text);
        std::vector<double> sums = monte_carlo_sums(k.inputs, seed++);
        for (const double p : issue_percentiles) {
            const double truth = sample_quantile(sums, p / 100);
            EXPECT_NEAR(asked(k.text, p), truth, 0.01 * std::abs(truth)) << "percentile " << p;
        }
    }
}

// P(X_1 + X_2 + X_3 > t) for three independent copies of X, by the Asmussen-Kroese estimator: 3 P(X_3 > max(M, t -
// X_1 - X_2)) averaged over draws of X_1 and X_2, M their larger. It conditions on which part is the largest, so
// its error stays a small fraction of the probability however far out t is, where plain Monte Carlo has no draws.
double asmussen_kroese_tail(const std::vector<double>& x1, const std::vector<double>& x2, const Lognormal& l,
                            double t) {
    double total = 0;
    for (std::size_t i = 0; i < x1.size(); ++i) {
        const double bound = std::max({x1[i], x2[i], t - x1[i] - x2[i]});
        total += 1 - l.cdf(bound);
    }
    return 3 * total / static_cast<double>(x1.size());
}

TEST(SampledStatistics, FarPercentilesOfASumOfThreeRangesSixDecadesWideAreWithinOnePercentOfTheTruth) {
    // Three `1 to 1e6`: the lower tail against ten million plain draws (the lower tail is light), the upper one
    // against the Asmussen-Kroese estimator with a million draws, inverted by bisection in log t.
    const Lognormal l = Lognormal::through(1, 1e6);
    const std::string text = "(1 to 1e6) + (1 to 1e6) + (1 to 1e6)";
    std::vector<double> sums = monte_carlo_sums({{1, 1e6}, {1, 1e6}, {1, 1e6}}, 3299);
    for (const double p : {0.1, 1.0}) {
        const double truth = sample_quantile(sums, p / 100);
        EXPECT_THAT(asked(text, p), testing::RelativelyNear(truth, 0.01)) << "percentile " << p;
    }
    std::mt19937_64 engine(3300);
    std::lognormal_distribution<double> draw(l.mu, l.sigma);
    std::vector<double> x1(1'000'000), x2(1'000'000);
    for (std::size_t i = 0; i < x1.size(); ++i) x1[i] = draw(engine), x2[i] = draw(engine);
    for (const double p : {99.0, 99.9}) {
        double lo = std::log(1e3), hi = std::log(1e12);
        for (int i = 0; i < 40; ++i) {
            const double mid = (lo + hi) / 2;
            (asmussen_kroese_tail(x1, x2, l, std::exp(mid)) > 1 - p / 100 ? lo : hi) = mid;
        }
        const double truth = std::exp((lo + hi) / 2);
        EXPECT_THAT(asked(text, p), testing::RelativelyNear(truth, 0.01)) << "percentile " << p;
    }
}

// The CDF of `a to b` as the test reads it: lognormal for a > 0, else normal.
double range_cdf(double a, double b, double x) {
    if (a > 0) return Lognormal::through(a, b).cdf(x);
    return phi_cdf((x - (a + b) / 2) / ((b - a) / (2 * z95)));
}

TEST(SampledStatistics, PercentilesOfAMaxOrMinOfIndependentRangesAreWithinOnePercentOfTheClosedForm) {
    // P(max <= t) is the product of the inputs' CDFs, and P(min > t) the product of their complements. max(1 to 3,
    // 2 to 4) at the 99.9th percentile is answered although 99.9 / 100 is 0.9990000000000001, past the samples' 0.999.
    struct Case {
        std::string text;
        bool largest;
        std::vector<std::array<double, 2>> ranges;
    };
    const Case cases[] = {
        {"max(1 to 3, 2 to 4)", true, {{1, 3}, {2, 4}}},
        {"min(1 to 3, 2 to 4)", false, {{1, 3}, {2, 4}}},
        {"max(1 to 1e30, 1e10 to 1e20)", true, {{1, 1e30}, {1e10, 1e20}}},
        {"min(-1 to 3, 1 to 30, 2 to 5)", false, {{-1, 3}, {1, 30}, {2, 5}}},
        {"max(-5 to -1, -4 to 2, 0.5 to 1)", true, {{-5, -1}, {-4, 2}, {0.5, 1}}},
    };
    for (const Case& k : cases) {
        SCOPED_TRACE(k.text);
        const auto cdf = [&k](double t) {
            double product = 1;
            for (const auto& r : k.ranges) product *= k.largest ? range_cdf(r[0], r[1], t) : 1 - range_cdf(r[0], r[1], t);
            return k.largest ? product : 1 - product;
        };
        for (const double p : issue_percentiles) {
            // Bisection on the closed form, in log t where every value is positive.
            const bool positive = k.ranges[0][0] > 0 && k.ranges[1][0] > 0;
            double lo = positive ? std::log(1e-3) : -100.0, hi = positive ? std::log(1e60) : 100.0;
            for (int i = 0; i < 200; ++i) {
                const double mid = (lo + hi) / 2;
                (cdf(positive ? std::exp(mid) : mid) < p / 100 ? lo : hi) = mid;
            }
            const double truth = positive ? std::exp((lo + hi) / 2) : (lo + hi) / 2;
            EXPECT_NEAR(asked(k.text, p), truth, 0.01 * std::abs(truth)) << "percentile " << p;
        }
    }
}

TEST(SampledStatistics, FarPercentilesOfASumOfFourRangesAreRefusedAndTheMiddleOnesWithinOnePercent) {
    // Four `1 to 30`: the samples gave 222.9 at the 99.9th percentile where ten million draws give 234.4, and
    // integrating four parts took ten seconds; beyond the 5th and 95th a sentence, between them the samples.
    const std::string text = "(1 to 30) + (1 to 30) + (1 to 30) + (1 to 30)";
    std::vector<double> sums = monte_carlo_sums({{1, 30}, {1, 30}, {1, 30}, {1, 30}}, 3302);
    for (const double p : {5.0, 50.0, 95.0}) {
        const double truth = sample_quantile(sums, p / 100);
        EXPECT_THAT(asked(text, p), testing::RelativelyNear(truth, 0.01)) << "percentile " << p;
    }
    for (const double p : {0.1, 1.0, 99.0, 99.9}) {
        const auto q = evaluate("percentile(" + text + ", " + std::to_string(p) + ")", {},
                                EvaluationOptions{Mode::distribution});
        ASSERT_FALSE(q) << "percentile " << p << " gave " << q->central;
        EXPECT_NE(q.error().sentence().find("sum of 4 independent ranges cannot be computed to 1%"), std::string::npos)
            << q.error().sentence();
    }
}

}  // namespace
}  // namespace ballpark
