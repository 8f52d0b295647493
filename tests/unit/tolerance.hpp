// Matchers for numbers checked to a tolerance, so that a test states the kind of tolerance it means instead of
// working it out in each EXPECT_NEAR. Plain GoogleTest with no core header: testing.hpp includes it, and a test
// that needs no core helper may include it alone.
#pragma once

#include <gmock/gmock.h>

#include <cmath>

namespace ballpark::testing {

// A number within `relative` of `expected` relative to |expected|: |arg - expected| <= relative * |expected|. For
// an expected value of 0 or more it is EXPECT_NEAR(arg, expected, relative * expected); it fails on NaN.
MATCHER_P2(RelativelyNear, expected, relative,
           std::string(negation ? "is not" : "is") + " within " + ::testing::PrintToString(relative) +
               " of " + ::testing::PrintToString(expected) + " relative to it") {
    const double want = static_cast<double>(expected), got = static_cast<double>(arg);
    *result_listener << "it is off by " << std::abs(got - want) << ", " << std::abs(got - want) / std::abs(want)
                     << " of it";
    return std::abs(got - want) <= relative * std::abs(want);
}

}  // namespace ballpark::testing
