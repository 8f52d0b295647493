// next_up and next_down against libm's std::nextafter, the definition they replace: the special values, the
// boundaries of the subnormals and of the finite range, and a million doubles drawn from all bit patterns.
#include "numeric/neighbours.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace ballpark {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// Equal as bits, so that -0 and +0 differ and a NaN equals a NaN with the same payload.
void expect_same_double(double expected, double got, double x) {
    EXPECT_EQ(std::bit_cast<std::uint64_t>(expected), std::bit_cast<std::uint64_t>(got)) << "x = " << x;
}

void expect_as_libm(double x) {
    expect_same_double(std::nextafter(x, inf), next_up(x), x);
    expect_same_double(std::nextafter(x, -inf), next_down(x), x);
}

TEST(Neighbours, TheSpecialValuesAndTheEdgesOfTheRangeAreLibms) {
    using L = std::numeric_limits<double>;
    const std::vector<double> specials = {0.0,      -0.0,          L::denorm_min(), -L::denorm_min(), L::min(),
                                          -L::min(), L::max(),      -L::max(),       inf,              -inf,
                                          1.0,      -1.0,          0x1p-1022 - 0x1p-1074,               0x1p-969,
                                          2.5e-310, L::epsilon(),  6e23,            -3.14};
    for (const double x : specials) expect_as_libm(x);
    // A NaN stays a NaN.
    EXPECT_TRUE(std::isnan(next_up(L::quiet_NaN())));
    EXPECT_TRUE(std::isnan(next_down(L::quiet_NaN())));
}

TEST(Neighbours, AMillionDoublesFromAllBitPatternsAreLibms) {
    std::mt19937_64 bits(20261205);
    int compared = 0;
    for (int k = 0; k < 1'000'000; ++k) {
        const double x = std::bit_cast<double>(bits());
        if (std::isnan(x)) continue;
        expect_as_libm(x);
        ++compared;
    }
    EXPECT_GT(compared, 990'000);
}

}  // namespace
}  // namespace ballpark
