// Unit tests of the distribution value type (core/src/distribution.hpp): `a to b` as a lognormal or normal 90%
// interval, exact propagation for sums of normals and products of lognormals, dependency (a value used twice is
// one input), sampled results against numerical references, and error sentences.
//
// Every expected value is computed here from closed forms (the lognormal and normal quantiles via std::erfc and
// bisection, Boost's ibeta_inv for Beta quantiles), by numerical integration, or by pseudo-random sampling with a
// fixed seed; never by the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <numbers>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ballpark/error.hpp"
#include "values/distribution/distribution.hpp"
#include "testing.hpp"
#include "numeric/normal.hpp"

namespace ballpark {
namespace {

using D = Distribution;

double phi_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// Inverts an increasing cdf by bisection.
double invert(const std::function<double(double)>& cdf, double p, double lo, double hi) {
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (cdf(mid) < p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

// The standard normal quantile by bisection on std::erfc: independent of the Boost inverse the code uses.
double phi_inverse(double p) { return invert(phi_cdf, p, -40, 40); }

D point(double x) { return D::point(x); }
D range(D::Context& c, double a, double b) { return D::between(c, point(a), point(b), 1); }

void expect_relative(double actual, double expected, double tolerance, const char* what) {
    EXPECT_NEAR(actual, expected, std::abs(expected) * tolerance) << what;
}

using testing::message_of;
using testing::sentence_of;

void expect_ordered(const D& d) {
    EXPECT_LE(d.low(), d.central());
    EXPECT_LE(d.central(), d.high());
    EXPECT_LE(d.support_low(), d.low());
    EXPECT_GE(d.support_high(), d.high());
}

// ---- one input ----

TEST(Distribution, APositiveRangeIsALognormalWithTheEndsAsFifthAndNinetyFifthPercentiles) {
    D::Context c;
    const D x = range(c, 60e9, 80e9);
    EXPECT_TRUE(x.is_log_gaussian());
    expect_relative(x.low(), 60e9, 1e-14, "p5");
    expect_relative(x.high(), 80e9, 1e-14, "p95");
    expect_relative(x.central(), std::sqrt(60e9 * 80e9), 1e-14, "median");
    const double sigma = std::log(80.0 / 60.0) / (2 * z95);
    expect_relative(x.mean(), std::sqrt(60e9 * 80e9) * std::exp(sigma * sigma / 2), 1e-13, "mean");
    expect_relative(x.quantile(0.25), std::sqrt(60e9 * 80e9) * std::exp(sigma * phi_inverse(0.25)), 1e-12, "p25");
    ASSERT_EQ(c.inputs.size(), 1u);
    EXPECT_EQ(c.inputs[0].kind, D::Input::Kind::lognormal);
    EXPECT_EQ(c.inputs[0].a, 60e9);
    EXPECT_EQ(c.inputs[0].b, 80e9);
}

TEST(Distribution, ARangeReachingZeroOrBelowIsANormalWithTheEndsAsFifthAndNinetyFifthPercentiles) {
    D::Context c;
    const D x = range(c, -1, 3);
    EXPECT_TRUE(x.is_gaussian());
    expect_relative(x.low(), -1, 1e-14, "p5");
    expect_relative(x.high(), 3, 1e-14, "p95");
    EXPECT_DOUBLE_EQ(x.central(), 1);
    EXPECT_DOUBLE_EQ(x.mean(), 1);
    expect_relative(x.sd(), 2 / z95, 1e-14, "sd");
    EXPECT_EQ(x.support_low(), -INFINITY);
    const D zero_start = range(c, 0, 10);
    EXPECT_TRUE(zero_start.is_gaussian());
    EXPECT_NEAR(zero_start.low(), 0, 1e-14);
}

// A normal scaled far up or down keeps its shape: the spread is not found by squaring the weights, whose squares
// overflow beyond about 1e154 and underflow below 1e-154 (the fuzzer's "(0 to 1) ÷ %^86" printed "NaN [-∞, ∞]").
TEST(Distribution, ANormalScaledBeyondTheRangeOfSquaresKeepsItsPercentiles) {
    for (double factor : {1e200, 1e-200, 1e300, 1e-300}) {
        D::Context c;
        const D x = D::multiply(c, range(c, 0, 1), point(factor));
        ASSERT_TRUE(x.is_finite()) << factor;
        expect_relative(x.central(), 0.5 * factor, 1e-14, "median");
        expect_relative(x.high(), factor, 1e-14, "p95");
        EXPECT_NEAR(x.low() / factor, 0, 1e-14) << factor;
        expect_relative(x.sd(), 0.5 / z95 * factor, 1e-14, "sd");
    }
}

TEST(Distribution, ANegatedLognormalMirrorsItsPercentiles) {
    D::Context c;
    const D x = D::negate(c, range(c, 1, 3));
    expect_relative(x.low(), -3, 1e-14, "p5");
    expect_relative(x.high(), -1, 1e-14, "p95");
    expect_relative(x.central(), -std::sqrt(3.0), 1e-14, "median");
    EXPECT_LT(x.support_high(), 0);
    expect_ordered(x);
}

// ---- exact propagation ----

// 6 * (60e9 to 80e9) * (1.5e12 to 2.5e12) / (312e12 * (0.35 to 0.55)) seconds, in million hours: the log of the
// result is normal with mean the sum of the log medians and variance the sum of the log variances.
TEST(Distribution, TheFourInputEstimateIsTheExactLognormalProduct) {
    D::Context c;
    const D flop = D::multiply(c, D::multiply(c, point(6), range(c, 60e9, 80e9)), range(c, 1.5e12, 2.5e12));
    const D rate = D::multiply(c, point(312e12), range(c, 0.35, 0.55));
    const D hours = D::divide(c, D::divide(c, flop, rate, 1), point(3600e6), 1);
    EXPECT_TRUE(hours.is_log_gaussian());

    const auto mu = [](double a, double b) { return (std::log(a) + std::log(b)) / 2; };
    const auto sigma = [](double a, double b) { return (std::log(b) - std::log(a)) / (2 * z95); };
    const double m = std::log(6.0) + mu(60e9, 80e9) + mu(1.5e12, 2.5e12) - std::log(312e12) - mu(0.35, 0.55) -
                     std::log(3600e6);
    const double s = std::hypot(sigma(60e9, 80e9), sigma(1.5e12, 2.5e12), sigma(0.35, 0.55));
    expect_relative(hours.central(), std::exp(m), 1e-12, "median");
    expect_relative(hours.low(), std::exp(m - z95 * s), 1e-12, "p5");
    expect_relative(hours.high(), std::exp(m + z95 * s), 1e-12, "p95");
    // The reference figures: 1.63 [1.13, 2.37] million hours.
    EXPECT_NEAR(hours.central(), 1.63, 0.005);
    EXPECT_NEAR(hours.low(), 1.13, 0.005);
    EXPECT_NEAR(hours.high(), 2.37, 0.005);
    expect_relative(hours.mean(), std::exp(m + s * s / 2), 1e-12, "mean");
    expect_relative(hours.sd(), std::exp(m + s * s / 2) * std::sqrt(std::exp(s * s) - 1), 1e-10, "sd");
}

TEST(Distribution, SumsOfNormalsAreExactNormals) {
    D::Context c;
    const D sum = D::subtract(c, D::multiply(c, point(2), range(c, -1, 3)), range(c, 0, 2));
    EXPECT_TRUE(sum.is_gaussian());
    const double mean = 2 * 1 - 1;
    const double sd = std::hypot(2 * 2 / z95, 1 / z95);
    expect_relative(sum.central(), mean, 1e-14, "median");
    expect_relative(sum.low(), mean - z95 * sd, 1e-13, "p5");
    expect_relative(sum.high(), mean + z95 * sd, 1e-13, "p95");
    expect_relative(sum.quantile(0.01), mean + phi_inverse(0.01) * sd, 1e-12, "p1");
}

TEST(Distribution, ExpOfANormalIsALognormalAndLogOfALognormalIsANormal) {
    D::Context c;
    const D x = range(c, -1, 3);
    const D e = D::exp(c, x, 1);
    EXPECT_TRUE(e.is_log_gaussian());
    expect_relative(e.low(), std::exp(-1.0), 1e-14, "p5");
    expect_relative(e.high(), std::exp(3.0), 1e-14, "p95");
    const D l = D::log(c, range(c, 2, 8), 1);
    EXPECT_TRUE(l.is_gaussian());
    expect_relative(l.low(), std::log(2.0), 1e-13, "p5");
    expect_relative(l.high(), std::log(8.0), 1e-13, "p95");
}

TEST(Distribution, PowersOfALognormalStayExact) {
    D::Context c;
    const D x = range(c, 4, 9);
    const D root = D::power(c, x, 0.5, 1);
    EXPECT_TRUE(root.is_log_gaussian());
    expect_relative(root.low(), 2, 1e-14, "p5");
    expect_relative(root.high(), 3, 1e-14, "p95");
    const D inverse = D::power(c, x, -1, 1);
    expect_relative(inverse.low(), 1.0 / 9, 1e-14, "p5 of 1/x");
    expect_relative(inverse.high(), 1.0 / 4, 1e-14, "p95 of 1/x");
}

TEST(Distribution, APointPlusALognormalIsTheShiftedLognormal) {
    D::Context c;
    const D shifted = D::add(c, point(10), range(c, 1, 3));
    EXPECT_TRUE(shifted.is_log_gaussian());
    expect_relative(shifted.low(), 11, 1e-14, "p5");
    expect_relative(shifted.high(), 13, 1e-14, "p95");
}

// ---- dependency: a value used twice is one input ----

TEST(Distribution, SubtractingAVariableFromItselfGivesZero) {
    D::Context c;
    for (const D& x : {range(c, 1, 3), range(c, -1, 3), testing::named<D, UniformLaw>(c, {1, 3}, 1),
                       D::add(c, range(c, 1, 3), range(c, 2, 5))}) {
        const D zero = D::subtract(c, x, x);
        EXPECT_TRUE(zero.is_point());
        EXPECT_EQ(zero.central(), 0);
        EXPECT_EQ(zero.low(), 0);
        EXPECT_EQ(zero.high(), 0);
    }
}

TEST(Distribution, DividingAVariableByItselfGivesOne) {
    D::Context c;
    for (const D& x : {range(c, 1, 3), testing::named<D, UniformLaw>(c, {1, 3}, 1), D::add(c, range(c, 1, 3), range(c, 2, 5))}) {
        const D one = D::divide(c, x, x, 1);
        EXPECT_TRUE(one.is_point());
        EXPECT_EQ(one.central(), 1);
    }
}

TEST(Distribution, TwoRangesWrittenAlikeAreStillTwoInputs) {
    D::Context c;
    const D difference = D::subtract(c, range(c, 1, 3), range(c, 1, 3));
    EXPECT_FALSE(difference.is_point());
    EXPECT_LT(difference.low(), -0.5);
    EXPECT_GT(difference.high(), 0.5);
    EXPECT_EQ(c.inputs.size(), 2u);
}

// t_b / t_a shares the utilization u: the ratio is exactly (3.79e25 / 989e12) / (8.4e23 / 312e12) = 14.2.
TEST(Distribution, ARatioOfTwoEstimatesSharingAnInputHasNoSpread) {
    D::Context c;
    const D u = range(c, 0.35, 0.55);
    const D t_a = D::divide(c, point(8.4e23), D::multiply(c, point(312e12), u), 1);
    const D t_b = D::divide(c, point(3.79e25), D::multiply(c, point(989e12), u), 1);
    const D ratio = D::divide(c, t_b, t_a, 1);
    EXPECT_TRUE(ratio.is_point());
    expect_relative(ratio.central(), (3.79e25 / 989e12) / (8.4e23 / 312e12), 1e-14, "ratio");
}

TEST(Distribution, TwiceAVariableMinusItIsTheVariable) {
    D::Context c;
    const D a = range(c, -1, 3);
    const D back = D::subtract(c, D::multiply(c, point(2), a), a);
    EXPECT_EQ(back.low(), a.low());
    EXPECT_EQ(back.high(), a.high());
    const D b = range(c, 1, 3);
    const D two = D::divide(c, D::multiply(c, point(2), b), b, 1);
    EXPECT_TRUE(two.is_point());
    EXPECT_EQ(two.central(), 2);
}

// ---- sampled results against numerical references ----

// ---- sums of two independent inputs: exact by quadrature ----

// One input as the reference sees it: a normal with mean mu and standard deviation sigma, or a lognormal whose
// log has them. Its value at the standard normal variate z, and its CDF (std::erfc, not the code's functions).
struct Law {
    bool lognormal;
    double mu, sigma;
    double value(double z) const { return lognormal ? std::exp(mu + sigma * z) : mu + sigma * z; }
    double cdf(double x) const {
        if (!lognormal) return phi_cdf((x - mu) / sigma);
        return x <= 0 ? 0.0 : phi_cdf((std::log(x) - mu) / sigma);
    }
};
// `a to b` as the distribution mode defines it: lognormal with 5th and 95th percentiles a and b when a > 0, else normal.
Law law_of(double a, double b) {
    if (a > 0) return {true, (std::log(a) + std::log(b)) / 2, (std::log(b) - std::log(a)) / (2 * z95)};
    return {false, (a + b) / 2, (b - a) / (2 * z95)};
}

// P(c + kx X + ky Y <= s), X and Y independent: the expectation over X's variate z of P(ky Y <= s - c - kx X(z)),
// by Simpson's rule on [-12, 12] with 20,000 intervals, split where s - c - kx X(z) crosses 0 (where a lognormal
// Y's CDF stops being constant) so that no interval straddles the kink.
double brute_force_cdf(double c, double kx, const Law& x, double ky, const Law& y, double s) {
    const auto rest = [&](double z) { return s - c - kx * x.value(z); };
    const auto f = [&](double z) {
        const double r = rest(z) / ky;
        const double below = ky > 0 ? y.cdf(r) : 1 - y.cdf(r);
        return std::exp(-z * z / 2) / std::sqrt(2 * std::numbers::pi) * below;
    };
    std::vector<double> ends = {-12, 12};
    if ((rest(-12) > 0) != (rest(12) > 0)) {
        double lo = -12, hi = 12;
        for (int i = 0; i < 200; ++i) {
            const double mid = (lo + hi) / 2;
            ((rest(mid) > 0) == (rest(-12) > 0) ? lo : hi) = mid;
        }
        ends = {-12, lo, 12};
    }
    double total = 0;
    for (std::size_t e = 0; e + 1 < ends.size(); ++e) {
        const int steps = 20000;
        const double h = (ends[e + 1] - ends[e]) / steps;
        double sum = 0;
        for (int i = 0; i <= steps; ++i) sum += f(ends[e] + i * h) * (i == 0 || i == steps ? 1 : i % 2 ? 4 : 2);
        total += sum * h / 3;
    }
    return total;
}

struct SumCase {
    const char* text;
    double c, kx, x_low, x_high, ky, y_low, y_high;  // c + kx (x_low to x_high) + ky (y_low to y_high)
};

// The case built with the distribution type's own arithmetic, as the evaluator would.
D build(D::Context& ctx, const SumCase& k) {
    const D x = range(ctx, k.x_low, k.x_high);
    const D y = range(ctx, k.y_low, k.y_high);
    const auto times = [&](double f, const D& v) {
        // 1/2 as a division, the way `y / 2` is written.
        return std::abs(f) < 1 && f != 0 ? D::divide(ctx, v, point(1 / f), 1) : D::multiply(ctx, point(f), v);
    };
    return D::add(ctx, D::add(ctx, point(k.c), times(k.kx, x)), times(k.ky, y));
}

// Percentiles from p0.1 to p99.9 of sums and differences of two inputs against brute force: each reference is the
// root of the brute-force CDF, found by bisection in a bracket 2% wide around the code's answer (an answer off by
// more than 1% ends the bisection at an edge and fails the check).
TEST(Distribution, SumsOfTwoIndependentInputsMatchBruteForceIntegrationFromP01ToP999) {
    const std::vector<SumCase> cases = {
        {"(1 to 3) + (2 to 10)", 0, 1, 1, 3, 1, 2, 10},
        {"(1 to 3) - (2 to 10)", 0, 1, 1, 3, -1, 2, 10},
        {"(-1 to 3) - (2 to 5)", 0, 1, -1, 3, -1, 2, 5},
        {"(-1 to 3) + (2 to 5)", 0, 1, -1, 3, 1, 2, 5},
        {"3 (1 to 3) + (2 to 10) / 2", 0, 3, 1, 3, 0.5, 2, 10},
        {"100 + (1 to 3) + (2 to 10) - 7 as a shift", 93, 1, 1, 3, 1, 2, 10},
        {"(1 to 1.01) + (1 to 1000)", 0, 1, 1, 1.01, 1, 1, 1000},
        {"(1 to 1000) + (1 to 1e6)", 0, 1, 1, 1000, 1, 1, 1e6},
        {"-(1 to 3) - (2 to 10)", 0, -1, 1, 3, -1, 2, 10},
        {"(1 to 2) - (1 to 2)", 0, 1, 1, 2, -1, 1, 2},
    };
    for (const SumCase& k : cases) {
        D::Context ctx;
        const D sum = build(ctx, k);
        EXPECT_TRUE(sum.is_sum_of_two()) << k.text;
        const Law x = law_of(k.x_low, k.x_high), y = law_of(k.y_low, k.y_high);
        const auto cdf = [&](double s) { return brute_force_cdf(k.c, k.kx, x, k.ky, y, s); };
        const double spread = sum.high() - sum.low();
        for (const double p : {0.001, 0.05, 0.5, 0.95, 0.999}) {
            const double got = sum.quantile(p);
            const double margin = 0.01 * (std::abs(got) + spread);
            double lo = got - margin, hi = got + margin;
            for (int i = 0; i < 40; ++i) {
                const double mid = (lo + hi) / 2;
                (cdf(mid) < p ? lo : hi) = mid;
            }
            const double expected = (lo + hi) / 2;
            EXPECT_NEAR(got, expected, 1e-6 * (std::abs(expected) + spread)) << k.text << " at p = " << p;
        }
        // Mean and standard deviation are exact: sums of the parts' own.
        const auto mean_of = [](const Law& l) { return l.lognormal ? std::exp(l.mu + l.sigma * l.sigma / 2) : l.mu; };
        const auto var_of = [&](const Law& l) {
            return l.lognormal ? mean_of(l) * mean_of(l) * std::expm1(l.sigma * l.sigma) : l.sigma * l.sigma;
        };
        expect_relative(sum.mean(), k.c + k.kx * mean_of(x) + k.ky * mean_of(y), 1e-12, k.text);
        expect_relative(sum.sd(), std::sqrt(k.kx * k.kx * var_of(x) + k.ky * k.ky * var_of(y)), 1e-12, k.text);
        expect_ordered(sum);
    }
}

// The two programs of bench/peers/dist_programs.tsv that are sums, against the references written there by
// scripts/bench_dist_peers.py (Simpson's rule over 4,000 intervals, printed to 7 digits): within a millionth of the
// 90% interval's width, twice the references' own rounding.
TEST(Distribution, TheTwoSumProgramsOfThePeerBenchmarkMatchTheirReferences) {
    D::Context c;
    const D sum = D::add(c, range(c, 1, 3), range(c, 2, 10));
    EXPECT_NEAR(sum.low(), 3.623507, 1e-6 * 8.3);
    EXPECT_NEAR(sum.central(), 6.336248, 1e-6 * 8.3);
    EXPECT_NEAR(sum.high(), 11.92729, 1e-6 * 8.3);
    const D difference = D::subtract(c, range(c, -1, 3), range(c, 2, 5));
    EXPECT_NEAR(difference.low(), -4.877758, 1e-6 * 5);
    EXPECT_NEAR(difference.central(), -2.241879, 1e-6 * 5);
    EXPECT_NEAR(difference.high(), 0.1500547, 1e-6 * 5);
}

// Two independent copies X, Y of a very wide lognormal: X + Y <= t needs max(X, Y) <= t, and max(X, Y) <= t / 2
// suffices, so the p-quantile q of the sum satisfies G(q)^2 >= p >= G(q / 2)^2 with G the lognormal CDF: q lies
// in [G^-1(sqrt p), 2 G^-1(sqrt p)]. (Such sums once stopped the iteration at its start: their widths are 1e100.)
TEST(Distribution, SumsOfVeryWideLognormalsLieBetweenTheirMaximumBounds) {
    for (const double high : {1e6, 1e100}) {
        D::Context c;
        const D sum = D::add(c, range(c, 1, high), range(c, 1, high));
        ASSERT_TRUE(sum.is_sum_of_two());
        const Law x = law_of(1, high);
        for (const double p : {0.001, 0.05, 0.5, 0.95, 0.999}) {
            const double bound = std::exp(x.mu + x.sigma * phi_inverse(std::sqrt(p)));
            EXPECT_GE(sum.quantile(p), bound * (1 - 1e-9)) << high << " at p = " << p;
            EXPECT_LE(sum.quantile(p), 2 * bound * (1 + 1e-9)) << high << " at p = " << p;
        }
    }
}

// X - Y for independent X and Y alike is symmetric about 0: its p-quantile is minus its (1 - p)-quantile. The two
// sides take different paths through the quadrature (for t > 0 the inner CDF has a kink in range, for t < 0 not),
// so this checks each against the other.
TEST(Distribution, ADifferenceOfTwoInputsAlikeIsSymmetric) {
    for (const double high : {2.0, 10.0, 1000.0, 1e6}) {
        D::Context c;
        const D difference = D::subtract(c, range(c, 1, high), range(c, 1, high));
        ASSERT_TRUE(difference.is_sum_of_two());
        const double spread = difference.high() - difference.low();
        for (const double p : {0.001, 0.05, 0.25}) {
            EXPECT_NEAR(difference.quantile(p), -difference.quantile(1 - p), 1e-6 * spread) << high << " at p = " << p;
        }
        EXPECT_NEAR(difference.central(), 0, 1e-6 * spread) << high;
    }
}

TEST(Distribution, ASumOfTwoTakesOneInputBackExactly) {
    D::Context c;
    const D x = range(c, 1, 3);
    const D y = range(c, 2, 10);
    const D back = D::subtract(c, D::add(c, x, y), x);
    EXPECT_TRUE(back.is_log_gaussian());
    EXPECT_EQ(back.low(), y.low());
    EXPECT_EQ(back.high(), y.high());
    const D n = range(c, -1, 3);
    const D again = D::add(c, D::subtract(c, n, y), y);  // (n - y) + y
    EXPECT_TRUE(again.is_gaussian());
    EXPECT_EQ(again.central(), n.central());
    // Twice the sum minus the sum is the sum.
    const D s = D::add(c, x, y);
    const D twice_minus = D::subtract(c, D::multiply(c, point(2), s), s);
    ASSERT_TRUE(twice_minus.is_sum_of_two());
    EXPECT_NEAR(twice_minus.central(), s.central(), 1e-12 * s.central());
}

// A normal plus a lognormal made from it (x + e^x) are not independent: the value must not take the exact
// two-input form, and its median is that of a monotone function of x, 1 + e.
TEST(Distribution, APartThatSharesAnInputIsNotTreatedAsIndependent) {
    D::Context c;
    const D x = range(c, -1, 3);
    const D sum = D::add(c, x, D::exp(c, x, 1));
    EXPECT_FALSE(sum.is_sum_of_two());
    expect_relative(sum.central(), 1 + std::exp(1.0), 0.002, "median of x + e^x");
    const D three = D::add(c, D::add(c, range(c, 1, 3), range(c, 2, 10)), range(c, 1, 2));
    EXPECT_TRUE(three.is_sampled());  // three lognormals: no exact form
}

// A sum of two meeting an operation without an exact form is sampled on its inputs' own columns: the same variable
// still cancels ((s z) / s is z) and the samples agree with the exact percentiles to the sampling accuracy.
TEST(Distribution, ASumOfTwoFallsBackToTheSamplesOfItsInputs) {
    D::Context c;
    const D s = D::add(c, range(c, 1, 3), range(c, 2, 10));
    const D z = range(c, 1, 2);
    const D product = D::multiply(c, s, z);
    EXPECT_TRUE(product.is_sampled());
    const D back = D::divide(c, product, s, 1);
    for (double p : {0.05, 0.5, 0.95}) expect_relative(back.quantile(p), z.quantile(p), 1e-3, "(s z) / s");
    EXPECT_TRUE(D::divide(c, s, s, 1).is_point());
    // A sum that can be negative times itself is a square: never negative, so its square root exists.
    const D n = D::add(c, range(c, -1, 3), range(c, 2, 5));
    ASSERT_TRUE(n.is_sum_of_two());
    const D square = D::multiply(c, n, n);
    EXPECT_EQ(square.support_low(), 0);
    EXPECT_NO_THROW((void)D::power(c, square, 0.5, 1));
    // The sampled sum itself (forced by adding a negligible uniform) against the exact percentiles.
    const D sampled = D::add(c, s, testing::named<D, UniformLaw>(c, {0, 1e-12}, 1));
    EXPECT_TRUE(sampled.is_sampled());
    for (double p : {0.05, 0.5, 0.95}) expect_relative(sampled.quantile(p), s.quantile(p), 0.002, "sampled sum");
}

TEST(Distribution, ASumOfTwoGivesTheSameDigitsEveryTime) {
    const auto run = [] {
        D::Context c;
        const D s = D::subtract(c, range(c, -1, 3), range(c, 2, 5));
        return std::vector<double>{s.low(), s.central(), s.high(), s.quantile(0.3), s.mean(), s.sd()};
    };
    const std::vector<double> first = run();
    EXPECT_EQ(first, run());
}

// Adding a negligible uniform forces the exact product of three lognormals onto the sample points: the sampled
// percentiles must agree with the closed form within 1%, which checks the sampling path
// itself. (Measured: 0.7% at p5, 0.5% at p95. Quasi-random points estimate a percentile, a discontinuous
// function of the inputs, less well than a mean; this is the widest three-input case in these tests.)
TEST(Distribution, SampledLognormalProductsAgreeWithTheirClosedForm) {
    D::Context c;
    const D x = range(c, 0.5, 4);
    const D y = range(c, 2, 5);
    const D z = range(c, 1, 3);
    const D product = D::multiply(c, D::multiply(c, z, y), x);
    const D sampled = D::add(c, product, testing::named<D, UniformLaw>(c, {0, 1e-12}, 1));
    EXPECT_TRUE(sampled.is_sampled());
    const double m = (std::log(3.0) + std::log(10.0) + std::log(2.0)) / 2;
    const double s = std::hypot(std::log(3.0), std::log(2.5), std::log(8.0)) / (2 * z95);
    for (double p : {0.05, 0.5, 0.95}) expect_relative(sampled.quantile(p), std::exp(m + s * phi_inverse(p)), 0.01, "quantile");
    expect_relative(sampled.mean(), std::exp(m + s * s / 2), 0.003, "mean");
    expect_relative(sampled.sd(), std::exp(m + s * s / 2) * std::sqrt(std::expm1(s * s)), 0.01, "sd");
}

// X ~ normal(1, 1), Y ~ normal(2, 0.5): the percentiles of X * Y against 10^6 pseudo-random samples with a fixed
// seed (their own sampling error is about 0.1% of the spread here).
TEST(Distribution, AProductOfNormalsMatchesPseudoRandomSampling) {
    D::Context c;
    const D product = D::multiply(c, testing::named<D, NormalLaw>(c, {1, 1}, 1), testing::named<D, NormalLaw>(c, {2, 0.5}, 1));
    EXPECT_TRUE(product.is_sampled());
    std::mt19937_64 engine(20261130);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> reference(1000000);
    for (double& v : reference) {
        // Box-Muller on the fixed-seed engine, so the reference does not depend on the library's normal.
        const double u1 = 1 - unit(engine), u2 = unit(engine);
        const double r = std::sqrt(-2 * std::log(u1));
        v = (1 + r * std::cos(2 * std::numbers::pi * u2)) * (2 + 0.5 * r * std::sin(2 * std::numbers::pi * u2));
    }
    std::sort(reference.begin(), reference.end());
    const double spread = reference[950000] - reference[50000];
    for (double p : {0.05, 0.5, 0.95}) {
        const double expected = reference[static_cast<std::size_t>(p * reference.size())];
        EXPECT_NEAR(product.quantile(p), expected, 0.01 * spread) << "p = " << p;
    }
    EXPECT_NEAR(product.mean(), 2, 0.01);
}

TEST(Distribution, UniformPercentilesAreExact) {
    D::Context c;
    const D u = testing::named<D, UniformLaw>(c, {2, 10}, 1);
    for (double p : {0.01, 0.05, 0.3, 0.5, 0.95, 0.99}) EXPECT_NEAR(u.quantile(p), 2 + 8 * p, 1e-12) << "p = " << p;
    EXPECT_EQ(u.support_low(), 2);
    EXPECT_EQ(u.support_high(), 10);
    EXPECT_NEAR(u.mean(), 6, 1e-12);
    EXPECT_NEAR(u.sd(), 8 / std::sqrt(12.0), 1e-6);
}

// Beta-PERT(min, likely, max) is min + (max - min) Beta(1 + 4 (likely - min) / w, 1 + 4 (max - likely) / w).
TEST(Distribution, PertPercentilesMatchTheBetaQuantiles) {
    struct Case {
        double min, likely, max;
    };
    for (const Case k : {Case{1, 2, 10}, Case{0, 0, 1}, Case{-5, 3, 4}, Case{10, 15, 20}}) {
        D::Context c;
        const D x = testing::named<D, PertLaw>(c, {k.min, k.likely, k.max}, 1);
        const double w = k.max - k.min;
        const double alpha = 1 + 4 * (k.likely - k.min) / w, beta = 1 + 4 * (k.max - k.likely) / w;
        for (double p : {0.05, 0.25, 0.5, 0.75, 0.95}) {
            const double exact = k.min + w * boost::math::ibeta_inv(alpha, beta, p);
            EXPECT_NEAR(x.quantile(p), exact, 1e-4 * w) << "pert(" << k.min << ", " << k.likely << ", " << k.max
                                                        << ") at p = " << p;
        }
        EXPECT_NEAR(x.mean(), (k.min + 4 * k.likely + k.max) / 6, 1e-4 * w);
        expect_ordered(x);
    }
}

// max of two independent uniforms on [0, 1] has cdf u^2, so its p-quantile is sqrt(p).
TEST(Distribution, TheMaximumOfTwoUniformsMatchesItsClosedForm) {
    D::Context c;
    const D m = D::maximum(c, testing::named<D, UniformLaw>(c, {0, 1}, 1), testing::named<D, UniformLaw>(c, {0, 1}, 1));
    for (double p : {0.05, 0.5, 0.95}) expect_relative(m.quantile(p), std::sqrt(p), 0.01, "quantile");
}

// ---- promises ----

TEST(Distribution, TheSameComputationGivesTheSameDigitsInAnotherContext) {
    const auto run = [] {
        D::Context c;
        const D x = D::add(c, range(c, 1, 3), testing::named<D, PertLaw>(c, {0, 1, 5}, 1));
        const D y = D::multiply(c, x, testing::named<D, UniformLaw>(c, {1, 2}, 1));
        return std::vector<double>{y.low(), y.central(), y.high(), y.mean(), y.sd()};
    };
    const std::vector<double> first = run();
    (void)testing::named<D, UniformLaw>(*std::make_unique<D::Context>(), {0, 1}, 1);  // other work between the two runs
    EXPECT_EQ(first, run());
}

// low, central and high of a sampled value are computed together once and shared by its copies; reading them from
// several threads at once must give every thread the same numbers, here the exact percentiles of a uniform
// (shifted by a negligible second uniform so that the value is the result of arithmetic, not an input).
TEST(Distribution, PercentilesReadFromSeveralThreadsAtOnceAreTheExactOnes) {
    D::Context c;
    const D u = D::add(c, testing::named<D, UniformLaw>(c, {2, 10}, 1), testing::named<D, UniformLaw>(c, {0, 1e-12}, 1));
    ASSERT_TRUE(u.is_sampled());
    std::vector<std::array<double, 3>> seen(4);
    std::vector<std::thread> threads;
    for (auto& s : seen) threads.emplace_back([copy = u, &s] { s = {copy.low(), copy.central(), copy.high()}; });
    for (auto& t : threads) t.join();
    for (const auto& s : seen) {
        EXPECT_NEAR(s[0], 2 + 8 * 0.05, 1e-9);
        EXPECT_NEAR(s[1], 2 + 8 * 0.5, 1e-9);
        EXPECT_NEAR(s[2], 2 + 8 * 0.95, 1e-9);
        EXPECT_EQ(s, seen[0]);
    }
    // Any other percentile still comes from the samples: between the cached ones, in order.
    EXPECT_NEAR(u.quantile(0.3), 2 + 8 * 0.3, 1e-9);
    EXPECT_NEAR(u.quantile(0.05 + 1e-9), u.low(), 1e-6);
}

// The 5th, 50th and 95th percentiles of a sampled value interpolate between two of its order statistics, which a
// selection among buckets of its range finds; quantile(p) for any other p selects among all the samples. At
// p = (j + 0.5) / N, whose plotting position is j exactly, quantile(p) is order statistic j itself, so the printed
// percentiles must equal the interpolations between those, bit for bit, whatever the shape: ties (a maximum with a
// number, many samples exactly 0), negative values, a heavy tail that puts nearly every sample in the range's first
// bucket, and values shifted or scaled by a number.
TEST(Distribution, PrintedPercentilesOfASampledValueAreItsOrderStatistics) {
    constexpr double n = 8192;
    const auto order_statistic = [&](const D& d, double j) { return d.quantile((j + 0.5) / n); };
    const auto expect_order_statistics = [&](const D& d, const char* what) {
        ASSERT_TRUE(d.is_sampled()) << what;
        const double p[3] = {0.05, 0.5, 0.95};
        const double printed[3] = {d.low(), d.central(), d.high()};
        for (int i = 0; i < 3; ++i) {
            const double h = p[i] * n - 0.5, j = std::floor(h);
            const double below = order_statistic(d, j), above = order_statistic(d, j + 1);
            EXPECT_EQ(printed[i], below + (h - j) * (above - below)) << what << ", p" << 100 * p[i];
        }
    };
    D::Context c;
    const D normal = range(c, -2, 1), other = range(c, -1, 4), uniform = testing::named<D, UniformLaw>(c, {-1, 4}, 1);
    const D product = D::multiply(c, normal, other);
    expect_order_statistics(product, "a product of normals");
    expect_order_statistics(D::maximum(c, product, point(0.5)), "a maximum with a number (ties)");
    expect_order_statistics(D::maximum(c, D::multiply(c, normal, uniform), point(0)), "many samples exactly 0");
    expect_order_statistics(D::minimum(c, product, D::negate(c, uniform)), "a minimum, negative values");
    const D tail = D::exp(c, D::multiply(c, D::multiply(c, normal, other), point(4)), 1);
    expect_order_statistics(tail, "a heavy right tail");
    expect_order_statistics(D::add(c, product, point(1e6)), "shifted by a number");
    expect_order_statistics(D::multiply(c, product, point(3e-7)), "scaled by a number");
    expect_order_statistics(D::multiply(c, product, point(-2)), "scaled by a negative number");
}

TEST(Distribution, PercentilesAreOrderedAndInsideTheSupport) {
    D::Context c;
    const D lognormal = range(c, 1, 3), normal = range(c, -2, 1), uniform = testing::named<D, UniformLaw>(c, {-1, 4}, 1);
    for (const D& d : {lognormal, normal, uniform, D::add(c, lognormal, normal), D::multiply(c, normal, uniform),
                       D::absolute(c, normal), D::minimum(c, lognormal, uniform), D::exp(c, uniform, 1),
                       D::power(c, normal, 2, 1), D::divide(c, uniform, lognormal, 1)}) {
        expect_ordered(d);
        EXPECT_TRUE(d.is_finite());
    }
}

TEST(Distribution, SampledSupportsContainEverySampleAndTheTrueRange) {
    D::Context c;
    const D u = testing::named<D, UniformLaw>(c, {0, 1}, 1);
    const D squared = D::multiply(c, u, u);
    EXPECT_LE(squared.support_low(), 0);
    EXPECT_GE(squared.support_high(), 1);
    const D lognormal_sum = D::add(c, range(c, 1, 3), range(c, 2, 4));
    EXPECT_GT(lognormal_sum.support_low(), 0);
    // A variable times itself is a square, never negative: its square root exists.
    const D normal = range(c, -1, 3);
    const D square = D::multiply(c, normal, normal);
    EXPECT_EQ(square.support_low(), 0);
    const D root = D::power(c, square, 0.5, 1);
    EXPECT_NEAR(root.high(), D::absolute(c, normal).high(), 1e-12);
}

TEST(Distribution, AReadBackRangeIsTheRangeOfItsEnds) {
    D::Context c;
    const D x = D::between3(c, point(1.4), point(1.7), point(2.1), 1);
    expect_relative(x.low(), 1.4, 1e-14, "p5");
    expect_relative(x.high(), 2.1, 1e-14, "p95");
    EXPECT_NE(message_of([&] { (void)D::between3(c, point(1.4), point(2.5), point(2.1), 3); }).find("low <= central <= high"),
              std::string::npos);
}

TEST(Distribution, Z95IsTheNormalsNinetyFifthPercentileCorrectlyRounded) {
    // Abramowitz and Stegun table 26.5 gives 1.644853627; the bisection on erfc agrees to a few units in the last
    // place (erfc's own rounding near 0.1), and 1.64485362695147271... rounds to the constant.
    EXPECT_NEAR(z95, 1.644853627, 5e-10);
    EXPECT_NEAR(z95, phi_inverse(0.95), 1e-15);
}

TEST(Distribution, NamedNormalAndLognormalHaveTheirParameters) {
    D::Context c;
    const D n = testing::named<D, NormalLaw>(c, {10, 2}, 1);
    expect_relative(n.high(), 10 + 2 * z95, 1e-14, "normal p95");
    const D l = testing::named<D, LognormalLaw>(c, {5, 0.5}, 1);
    expect_relative(l.central(), 5, 1e-14, "lognormal median");
    expect_relative(l.high(), 5 * std::exp(0.5 * z95), 1e-14, "lognormal p95");
}

// ---- tornado ----

// The four-input estimate with every input at its median except the utilization (input 2), at its 5th and
// 95th percentiles: 6 * sqrt(60e9 80e9) * sqrt(1.5e12 2.5e12) / (312e12 * u) / 3600e6 at u = 0.35 and 0.55.
TEST(Distribution, APinnedContextMovesOneInputWithTheOthersAtTheirMedians) {
    const auto estimate = [](D::Context& c) {
        const D a = range(c, 60e9, 80e9);
        const D b = range(c, 1.5e12, 2.5e12);
        const D u = range(c, 0.35, 0.55);
        const D flop = D::multiply(c, D::multiply(c, point(6), a), b);
        return D::divide(c, D::divide(c, flop, D::multiply(c, point(312e12), u), 1), point(3600e6), 1);
    };
    const double others = 6 * std::sqrt(60e9 * 80e9) * std::sqrt(1.5e12 * 2.5e12) / 312e12 / 3600e6;
    for (const double p : {0.05, 0.95}) {
        D::Context c;
        c.pin = D::Context::Pin{2, p};
        const D result = estimate(c);
        EXPECT_TRUE(result.is_point());
        expect_relative(result.central(), others / (p == 0.05 ? 0.35 : 0.55), 1e-13, "pinned result");
    }
    D::Context c;
    c.pin = D::Context::Pin{0, 0.05};
    const D uniform = testing::named<D, UniformLaw>(c, {2, 10}, 1);
    EXPECT_TRUE(uniform.is_point());
    EXPECT_NEAR(uniform.central(), 2 + 8 * 0.05, 1e-12);
}

// ---- errors are sentences, never NaN ----

TEST(Distribution, BadInputGetsASentence) {
    D::Context c;
    EXPECT_NE(message_of([&] { (void)range(c, 5, 1); }).find("goes down"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)testing::named<D, LognormalLaw>(c, {0, 1}, 1); }).find("median above zero"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)testing::named<D, LognormalLaw>(c, {1, -1}, 1); }).find("sigma >= 0"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)testing::named<D, NormalLaw>(c, {1, -1}, 1); }).find("sd >= 0"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)testing::named<D, PertLaw>(c, {1, 5, 3}, 1); }).find("between min and max"),
              std::string::npos);
    EXPECT_NE(message_of([&] { (void)testing::named<D, UniformLaw>(c, {3, 1}, 1); }).find("min <= max"), std::string::npos);
    const D x = range(c, 1, 3);
    EXPECT_NE(message_of([&] { (void)x.quantile(0); }).find("strictly between 0 and 1"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)x.quantile(1.5); }).find("strictly between 0 and 1"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)D::between(c, x, point(5), 1); }).find("must be a single number"), std::string::npos);
    const D normal = range(c, -1, 1);
    EXPECT_NE(message_of([&] { (void)D::divide(c, point(1), normal, 1); }).find("can be zero"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)D::divide(c, point(1), testing::named<D, UniformLaw>(c, {0, 1}, 1), 1); }).find("can be zero"),
              std::string::npos);
    EXPECT_NE(message_of([&] { (void)D::log(c, normal, 1); }).find("above zero"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)D::power(c, normal, 0.5, 1); }).find("fractional power"), std::string::npos);
    EXPECT_NE(message_of([&] { (void)D::divide(c, point(1), point(0), 1); }).find("Division by zero"), std::string::npos);
}

// A normal whose mean is 9 standard deviations from zero reaches zero with a chance far below any percentile:
// 1 / u is computed point by point, its 95th percentile at u's 5th. Nearer than 7.03 standard deviations, the
// division is still refused (BadInputGetsASentence).
TEST(Distribution, DividesByANormalFarFromZero) {
    D::Context c;
    const D u = testing::named<D, NormalLaw>(c, {0.45, 0.05}, 1);
    const D inverse = D::divide(c, point(1), u, 1);
    const double expected = 1 / (0.45 - z95 * 0.05);
    EXPECT_NEAR(inverse.quantile(0.95), expected, expected * 2e-3);
    EXPECT_TRUE(inverse.is_finite());
    EXPECT_NE(sentence_of([&] { (void)D::divide(c, point(1), testing::named<D, NormalLaw>(c, {0.45, 0.07}, 1), 1); }).find("can be zero"),
              std::string::npos);
}

TEST(Distribution, ALiteralIsNotAnUncertainInput) {
    D::Context c;
    const D x = D::literal(0.1, std::nextafter(0.1, 0.0), 0.1);
    EXPECT_TRUE(x.is_point());
    EXPECT_EQ(x.central(), 0.1);
    EXPECT_TRUE(c.inputs.empty());
}

}  // namespace
}  // namespace ballpark
