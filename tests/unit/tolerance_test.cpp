// The tolerance matchers of tolerance.hpp accept what their bound allows and nothing beyond it.
#include "tolerance.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ballpark::testing {
namespace {

using ::testing::Matches;

TEST(Tolerance, RelativelyNearAcceptsUpToItsBoundAndRefusesPastIt) {
    // 100 to within 1e-3 relative: 0.1 either side. 100.0625 and 99.9375 are exact in binary, as is their distance.
    EXPECT_TRUE(Matches(RelativelyNear(100.0, 1e-3))(100.0625));
    EXPECT_TRUE(Matches(RelativelyNear(100.0, 1e-3))(99.9375));
    EXPECT_FALSE(Matches(RelativelyNear(100.0, 1e-3))(100.125));
    EXPECT_FALSE(Matches(RelativelyNear(100.0, 1e-3))(99.875));
    EXPECT_TRUE(Matches(RelativelyNear(100.0, 0.0))(100.0));
    EXPECT_FALSE(Matches(RelativelyNear(100.0, 0.0))(std::nextafter(100.0, 101.0)));
}

TEST(Tolerance, RelativelyNearScalesWithTheMagnitudeOfANegativeExpectation) {
    EXPECT_TRUE(Matches(RelativelyNear(-100.0, 1e-3))(-100.0625));
    EXPECT_FALSE(Matches(RelativelyNear(-100.0, 1e-3))(-100.125));
}

TEST(Tolerance, RelativelyNearRefusesNotANumber) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(Matches(RelativelyNear(1.0, 1e-3))(nan));
    EXPECT_FALSE(Matches(RelativelyNear(nan, 1e-3))(1.0));
}

}  // namespace
}  // namespace ballpark::testing
