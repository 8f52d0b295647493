// Unit tests of the vectorizable log and normal CDF (core/src/vector_normal.hpp) against the C library's std::log,
// std::erfc and std::exp over their whole useful ranges.
#include "values/distribution/vector_normal.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <limits>

namespace ballpark::vector_normal {
namespace {

double ulps_apart(double a, double b) {
    if (a == b) return 0;
    const double ulp = std::nextafter(std::abs(b), std::numeric_limits<double>::infinity()) - std::abs(b);
    return std::abs(a - b) / ulp;
}

TEST(VectorNormal, TheLogIsWithinTwoUlpOfTheLibraryLogFromTheSmallestToTheLargestNormalDouble) {
    double worst = 0;
    for (double x = std::numeric_limits<double>::min(); x < 1e308; x *= 1.000731) worst = std::max(worst, ulps_apart(log_positive(x), std::log(x)));
    // Near 1 the log is small and its ulp tiny: the hardest place for the reduction.
    for (double x = 0.5; x < 2; x += 1.37e-6) worst = std::max(worst, ulps_apart(log_positive(x), std::log(x)));
    EXPECT_LE(worst, 2);
    EXPECT_EQ(log_positive(1), 0);
    EXPECT_EQ(log_positive(std::numeric_limits<double>::max()), std::log(std::numeric_limits<double>::max()));
}

TEST(VectorNormal, TheNormalCdfMatchesTheLibraryErfcInBothTails) {
    const double* c = erfcx_coefficients().data();
    double worst_relative = 0, worst_absolute = 0, worst_density = 0;
    for (double y = -40; y <= 40; y += 0.000917) {
        const Normal n = normal_at(y, c);
        const double lower = 0.5 * std::erfc(-y / std::sqrt(2.0));  // Phi(y)
        worst_absolute = std::max(worst_absolute, std::abs(n.cdf - lower));
        // The lower tail to its own relative accuracy (the upper tail is 1 minus it, computed the same way).
        if (y < 0 && lower > 1e-290) worst_relative = std::max(worst_relative, std::abs(n.cdf - lower) / lower);
        if (y < 0) {
            EXPECT_GE(n.cdf, 0) << y;
        } else {
            EXPECT_LE(n.cdf, 1) << y;
        }
        const double density = std::exp(-y * y / 2) / std::sqrt(2 * std::numbers::pi);
        if (density > 1e-290) worst_density = std::max(worst_density, std::abs(n.density - density) / density);
    }
    EXPECT_LE(worst_relative, 1e-11);
    EXPECT_LE(worst_absolute, 3e-12);
    EXPECT_LE(worst_density, 1e-13);
    EXPECT_EQ(normal_at(-40, c).cdf, 0);
    EXPECT_EQ(normal_at(40, c).cdf, 1);
    EXPECT_NEAR(normal_at(0, c).cdf, 0.5, 3e-12);
}

}  // namespace
}  // namespace ballpark::vector_normal
