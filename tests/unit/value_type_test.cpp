// Properties every value type shares, run as typed tests over testing::ValueTypes: what holds whichever way a
// range is read (bounds or distribution).
#include <gtest/gtest.h>

#include "testing.hpp"

namespace ballpark {
namespace {

using testing::error_as;
using testing::EvaluatesTo;
using testing::IsOrdered;
using testing::run_as;

template <class V>
class EveryValueType : public ::testing::Test {};
TYPED_TEST_SUITE(EveryValueType, testing::ValueTypes);

TYPED_TEST(EveryValueType, ArithmeticOnSingleNumbersIsExactWhereDoublesAre) {
    EXPECT_THAT(run_as<TypeParam>("2 + 3 * 4 - 6 / 3"), EvaluatesTo(12.0, 0.0));
    EXPECT_THAT(run_as<TypeParam>("2^10"), EvaluatesTo(1024.0, 0.0));
    EXPECT_THAT(run_as<TypeParam>("sqrt(81)"), EvaluatesTo(9.0, 1e-15));
}

TYPED_TEST(EveryValueType, ARangeHasOrderedLowCentralAndHighWithinItsEnds) {
    const Quantity q = run_as<TypeParam>("2 to 8");
    EXPECT_THAT(q, IsOrdered());
    EXPECT_GE(q.low, 2.0 - 1e-12);
    EXPECT_LE(q.high, 8.0 + 1e-12);
    EXPECT_GT(q.high, q.low);
}

TYPED_TEST(EveryValueType, ResultsOfSeveralRangesAreOrdered) {
    EXPECT_THAT(run_as<TypeParam>("(1 to 2) * (3 to 5) + (10 to 20)"), IsOrdered());
    EXPECT_THAT(run_as<TypeParam>("(60 to 80) / (0.35 to 0.55)"), IsOrdered());
    EXPECT_THAT(run_as<TypeParam>("exp((0 to 1)) - (1 to 2)^2"), IsOrdered());
}

TYPED_TEST(EveryValueType, UnitsAndDimensionsDoNotDependOnTheReading) {
    const Quantity q = run_as<TypeParam>("(3 to 5) km / (2 to 4) hour");
    EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::length) / Dimension::of(BaseDimension::time));
    EXPECT_THAT(q, IsOrdered());
}

TYPED_TEST(EveryValueType, ARangeThatGoesDownIsAnErrorThatSaysSo) {
    EXPECT_NE(error_as<TypeParam>("5 to 1").find("goes down"), std::string::npos) << error_as<TypeParam>("5 to 1");
}

TYPED_TEST(EveryValueType, DividingByARangeThatContainsZeroIsAnError) {
    EXPECT_NE(error_as<TypeParam>("1 / (-1 to 1)"), "");
    EXPECT_NE(error_as<TypeParam>("1 / 0"), "");
}

TYPED_TEST(EveryValueType, DomainErrorsAreSentencesNotNumbers) {
    EXPECT_NE(error_as<TypeParam>("sqrt(-4)").find("negative"), std::string::npos);
    EXPECT_NE(error_as<TypeParam>("ln(0)").find("above zero"), std::string::npos);
    EXPECT_NE(error_as<TypeParam>("pert(1, 5, 3)"), "");
}

TYPED_TEST(EveryValueType, TheSameTextGivesTheSameDigitsTwice) {
    const char* text = "6 * (60e9 to 80e9) * (1.5e12 to 2.5e12) / (312e12 * (0.35 to 0.55))";
    const Quantity a = run_as<TypeParam>(text);
    const Quantity b = run_as<TypeParam>(text);
    EXPECT_EQ(a.low, b.low);
    EXPECT_EQ(a.central, b.central);
    EXPECT_EQ(a.high, b.high);
}

}  // namespace
}  // namespace ballpark
