// The forms of a distribution value as types (gaussian_form.hpp, log_gaussian_form.hpp, sum_of_two_form.hpp,
// sampled_form.hpp): each answers the statistics' questions for what it holds.
//
// References: the standard normal's percentage points from Abramowitz and Stegun, table 26.5 (z = 1.959963985 at
// 0.975, 1.281551566 at 0.90, 1.644853627 at 0.95), and the normal and lognormal moments from first principles
// (mean e^(mu + s^2/2), variance (e^(s^2) - 1) e^(2 mu + s^2)); never the code under test.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "testing.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/gaussian_form.hpp"
#include "values/distribution/log_gaussian_form.hpp"

namespace ballpark {
namespace {

using D = Distribution;
using testing::z95;

constexpr double z975 = 1.959963985;  // Abramowitz and Stegun, table 26.5
constexpr double z90 = 1.281551566;   // likewise
constexpr double table_digits = 1e-9;  // the table's nine decimals
constexpr double inf = std::numeric_limits<double>::infinity();

TEST(GaussianForm, IsTheNormalOfItsConstantAndTheTermsSpread) {
    // 10 + 3 Z_0 + 4 Z_1: a normal with mean 10 and standard deviation 5.
    const D::Terms terms{{0, 3.0}, {1, 4.0}};
    const GaussianForm form{10, terms};
    EXPECT_DOUBLE_EQ(form.mean(), 10);
    EXPECT_DOUBLE_EQ(form.sd(), 5);
    EXPECT_NEAR(form.quantile(0.975), 10 + 5 * z975, 5 * table_digits);
    EXPECT_NEAR(form.quantile(0.05), 10 - 5 * z95, 5 * table_digits);
    EXPECT_NEAR(form.probability_at_most(10 + 5 * z90), 0.90, 1e-9);
    EXPECT_DOUBLE_EQ(form.probability_at_most(10), 0.5);
    EXPECT_EQ(form.support_low(), -inf);
    EXPECT_EQ(form.support_high(), inf);
    EXPECT_TRUE(form.is_finite());
}

TEST(GaussianForm, WithoutTermsIsAPoint) {
    const D::Terms none;
    const GaussianForm form{2.5, none};
    EXPECT_EQ(form.quantile(0.01), 2.5);
    EXPECT_EQ(form.quantile(0.99), 2.5);
    EXPECT_EQ(form.sd(), 0);
    EXPECT_EQ(form.support_low(), 2.5);
    EXPECT_EQ(form.support_high(), 2.5);
    EXPECT_EQ(form.probability_at_most(2.4), 0);
    EXPECT_EQ(form.probability_at_most(2.5), 1);
}

TEST(GaussianForm, AnInfiniteWeightIsNotFinite) {
    const D::Terms terms{{0, inf}};
    EXPECT_FALSE((GaussianForm{0, terms}.is_finite()));
}

TEST(LogGaussianForm, IsTheShiftedLognormal) {
    // 1 + 2 e^(0.5 + 0.6 Z_0): a lognormal with mu = 0.5 + ln 2, s = 0.6, shifted by 1.
    const D::Terms terms{{0, 0.6}};
    const LogGaussianForm form{1, 2, 0.5, terms};
    const double mu = 0.5 + std::log(2.0), s = 0.6;
    EXPECT_NEAR(form.mean(), 1 + std::exp(mu + s * s / 2), 1e-12);
    EXPECT_NEAR(form.sd(), std::sqrt((std::exp(s * s) - 1) * std::exp(2 * mu + s * s)), 1e-12);
    EXPECT_NEAR(form.quantile(0.90), 1 + std::exp(mu + s * z90), 1e-8);
    EXPECT_NEAR(form.probability_at_most(1 + std::exp(mu + s * z975)), 0.975, 1e-9);
    EXPECT_EQ(form.probability_at_most(1), 0);
    EXPECT_EQ(form.support_low(), 1);
    EXPECT_EQ(form.support_high(), inf);
}

TEST(LogGaussianForm, ANegativeScaleMirrorsIt) {
    // 4 - 3 e^(0.8 Z_0): the mirror of a lognormal, at most 4; its p-quantile is 4 - 3 e^(0.8 z_(1-p)).
    const D::Terms terms{{0, 0.8}};
    const LogGaussianForm form{4, -3, 0, terms};
    EXPECT_NEAR(form.quantile(0.10), 4 - 3 * std::exp(0.8 * z90), 1e-8);
    EXPECT_NEAR(form.quantile(0.90), 4 - 3 * std::exp(-0.8 * z90), 1e-8);
    EXPECT_NEAR(form.probability_at_most(4 - 3 * std::exp(0.8 * z975)), 0.025, 1e-9);
    EXPECT_NEAR(form.mean(), 4 - 3 * std::exp(0.32), 1e-12);
    EXPECT_EQ(form.probability_at_most(4), 1);
    EXPECT_EQ(form.support_low(), -inf);
    EXPECT_EQ(form.support_high(), 4);
}

TEST(SumOfTwoForm, HasTheMomentsOfItsIndependentParts) {
    // `1 to 4 + 2 to 8`: two independent lognormals, each with sigma ln 4 / (2 z95); the sum's mean is the sum of
    // the means, its variance the sum of the variances.
    D::Context c;
    const D a = D::between(c, D::point(1), D::point(4), 1), b = D::between(c, D::point(2), D::point(8), 1);
    const D sum = D::add(c, a, b);
    ASSERT_TRUE(sum.is_sum_of_two());
    const double s = std::log(4.0) / (2 * z95);
    const auto mean = [s](double median) { return median * std::exp(s * s / 2); };
    const auto variance = [s](double median) { return std::expm1(s * s) * median * median * std::exp(s * s); };
    EXPECT_NEAR(sum.mean(), mean(2) + mean(4), 1e-12);
    EXPECT_NEAR(sum.sd(), std::sqrt(variance(2) + variance(4)), 1e-12);
    EXPECT_EQ(sum.support_low(), 2 * std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(sum.support_high(), inf);
}

}  // namespace
}  // namespace ballpark
