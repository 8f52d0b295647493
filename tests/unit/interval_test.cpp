// Unit tests of the interval value type (core/src/interval.hpp, interval.cpp): guaranteed enclosures by outward
// rounding, the central value as the expression at the inputs' centrals, division and powers.
//
// Enclosures are checked against the exact result computed in long double: on x86-64 it has a 64-bit
// significand, so the sum or small product of two doubles used here is exact in it.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "interval.hpp"

namespace ballpark {
namespace {

// Keeps the compiler from folding test arithmetic at compile time, where no rounding mode applies.
double opaque(double x) {
    volatile double v = x;
    return v;
}

Interval point(double x) { return Interval::point(opaque(x)); }
Interval range(double low, double high) { return Interval::between(point(low), point(high), 1); }

void expect_ordered(const Interval& v) {
    EXPECT_LE(v.low(), v.central());
    EXPECT_LE(v.central(), v.high());
}

static_assert(LDBL_MANT_DIG >= 64, "these tests need an extended long double to hold exact results");

std::string error_of(auto&& f) {
    try {
        f();
    } catch (const ErrorException& e) {
        return e.error().message;
    }
    ADD_FAILURE() << "no error was raised";
    return {};
}

TEST(Interval, EnclosesTheExactSumOfPointOneAndPointTwo) {
    // 0.1 and 0.2 are not doubles; their nearest doubles sum to 0.3000000000000000166533…, which is no double
    // either, so a correct enclosure is two adjacent doubles around it, and it contains the decimal 0.3 too.
    const Interval sum = point(0.1) + point(0.2);
    const long double exact = static_cast<long double>(0.1) + static_cast<long double>(0.2);
    EXPECT_LT(sum.low(), sum.high());
    EXPECT_LE(static_cast<long double>(sum.low()), exact);
    EXPECT_GE(static_cast<long double>(sum.high()), exact);
    EXPECT_LE(static_cast<long double>(sum.low()), 0.3L);
    EXPECT_GE(static_cast<long double>(sum.high()), 0.3L);
    EXPECT_EQ(std::nextafter(sum.low(), 1.0), sum.high());  // and no wider than one ulp
    expect_ordered(sum);
    EXPECT_EQ(sum.central(), 0.1 + 0.2);
}

TEST(Interval, EnclosesTheSumOfPointOneAndPointTwoWhenEvaluatingText) {
    // The same through the public API, whose code is compiled with -frounding-math.
    const auto q = evaluate("0.1 + 0.2");
    ASSERT_TRUE(q) << q.error().sentence();
    const long double exact = static_cast<long double>(0.1) + static_cast<long double>(0.2);
    EXPECT_LT(q->low, q->high);
    EXPECT_LE(static_cast<long double>(q->low), exact);
    EXPECT_GE(static_cast<long double>(q->high), exact);
    EXPECT_LE(q->low, q->central);
    EXPECT_LE(q->central, q->high);
    EXPECT_FALSE(q->is_range());  // one ulp apart is a point to a reader
}

TEST(Interval, EnclosesAQuotientThatIsNoDouble) {
    const Interval third = Interval::divide(point(1), point(3), 1);
    EXPECT_LT(third.low(), third.high());
    EXPECT_LE(3.0L * third.low(), 1.0L);
    EXPECT_GE(3.0L * third.high(), 1.0L);
    expect_ordered(third);
}

TEST(Interval, EnclosesAProductThatIsNoDouble) {
    const Interval p = point(0.1) * point(3);
    const long double exact = static_cast<long double>(0.1) * 3.0L;
    EXPECT_LE(static_cast<long double>(p.low()), exact);
    EXPECT_GE(static_cast<long double>(p.high()), exact);
    EXPECT_LT(p.low(), p.high());
}

TEST(Interval, EnclosesADifferenceThatIsNoDouble) {
    const Interval d = point(1) - point(1e-17);
    const long double exact = 1.0L - static_cast<long double>(1e-17);
    EXPECT_LE(static_cast<long double>(d.low()), exact);
    EXPECT_GE(static_cast<long double>(d.high()), exact);
    EXPECT_LT(d.low(), d.high());
}

TEST(Interval, KeepsExactResultsAsPoints) {
    const Interval sum = point(1.5) + point(2.25);
    EXPECT_TRUE(sum.is_point());
    EXPECT_EQ(sum.low(), 3.75);
    EXPECT_EQ(sum.central(), 3.75);
}

TEST(Interval, PutsTheCentralOfARangeAtTheMidpoint) {
    const Interval r = range(35, 55);
    EXPECT_EQ(r.low(), 35);
    EXPECT_EQ(r.high(), 55);
    EXPECT_EQ(r.central(), 45);
}

TEST(Interval, RefusesARangeThatGoesDown) {
    try {
        Interval::between(point(5), point(3), 4);
        FAIL() << "no error";
    } catch (const ErrorException& e) {
        EXPECT_EQ(e.error().column, 4);
        EXPECT_NE(e.error().message.find("goes down"), std::string::npos) << e.error().message;
        EXPECT_EQ(e.error().hint, "Swap the two ends.");
    }
}

TEST(Interval, ComputesTheCentralAtTheInputsCentralsNotTheMidpointOfTheResult) {
    // [1, 3] × [2, 4] = [2, 12], whose midpoint is 7, but the centrals give 2 × 3 = 6.
    const Interval p = range(1, 3) * range(2, 4);
    EXPECT_EQ(p.low(), 2);
    EXPECT_EQ(p.high(), 12);
    EXPECT_EQ(p.central(), 6);
    // [35%, 55%] in the divisor: 1 / [0.35, 0.55] = [1.818…, 2.857…], central 1 / 0.45 = 2.222…
    const Interval q = Interval::divide(point(1), range(0.35, 0.55), 1);
    EXPECT_DOUBLE_EQ(q.central(), 1 / 0.45);
    EXPECT_LE(q.low(), 1 / 0.55);
    EXPECT_GE(q.high(), 1 / 0.35);
    expect_ordered(q);
}

TEST(Interval, MultipliesRangesOfMixedSignByTheirCorners) {
    // [-2, 3] × [-5, 4]: corners -2·-5 = 10, -2·4 = -8, 3·-5 = -15, 3·4 = 12, so [-15, 12].
    const Interval p = range(-2, 3) * range(-5, 4);
    EXPECT_EQ(p.low(), -15);
    EXPECT_EQ(p.high(), 12);
    EXPECT_EQ(p.central(), 0.5 * -0.5);
}

TEST(Interval, SubtractsWithoutKnowingBothSidesAreTheSameValue) {
    // x − x for x = [1, 2] is [-1, 1] in plain interval arithmetic (a dependency-aware type could do better).
    const Interval x = range(1, 2);
    const Interval d = x - x;
    EXPECT_EQ(d.low(), -1);
    EXPECT_EQ(d.high(), 1);
    EXPECT_EQ(d.central(), 0);
}

TEST(Interval, NegatesBySwappingTheBounds) {
    const Interval n = -range(1, 4);
    EXPECT_EQ(n.low(), -4);
    EXPECT_EQ(n.high(), -1);
    EXPECT_EQ(n.central(), -2.5);
}

TEST(Interval, RefusesToDivideByARangeContainingZero) {
    const std::string message = error_of([] { Interval::divide(point(1), range(-1, 1), 7); });
    EXPECT_NE(message.find("contains zero"), std::string::npos) << message;
    // A range that only touches zero is unbounded too.
    EXPECT_THROW(Interval::divide(point(1), range(0, 1), 1), ErrorException);
    EXPECT_THROW(Interval::divide(point(1), range(-1, 0), 1), ErrorException);
}

TEST(Interval, RefusesToDivideByZero) {
    EXPECT_EQ(error_of([] { Interval::divide(point(1), point(0), 1); }), "Division by zero.");
}

TEST(Interval, DividesByANegativeRange) {
    const Interval q = Interval::divide(point(6), range(-3, -2), 1);
    EXPECT_EQ(q.low(), -3);
    EXPECT_EQ(q.high(), -2);
    EXPECT_EQ(q.central(), 6 / -2.5);
}

TEST(Interval, SquaresARangeSpanningZeroFromZero) {
    // [-2, 3]² = [0, 9], not [4, 9] nor [-6, 9]; the central is 0.5² = 0.25.
    const Interval sq = Interval::power(range(-2, 3), 2, 1);
    EXPECT_EQ(sq.low(), 0);
    EXPECT_EQ(sq.high(), 9);
    EXPECT_EQ(sq.central(), 0.25);
}

TEST(Interval, RaisesARangeToAnOddPowerKeepingItsSign) {
    const Interval cube = Interval::power(range(-2, 3), 3, 1);
    EXPECT_EQ(cube.low(), -8);
    EXPECT_EQ(cube.high(), 27);
    EXPECT_EQ(cube.central(), 0.125);
}

TEST(Interval, RaisesANegativeRangeToAnEvenPower) {
    const Interval sq = Interval::power(range(-3, -2), 2, 1);
    EXPECT_EQ(sq.low(), 4);
    EXPECT_EQ(sq.high(), 9);
}

TEST(Interval, RaisesToANegativeWholePower) {
    const Interval inv = Interval::power(range(2, 4), -1, 1);
    EXPECT_LE(inv.low(), 0.25);
    EXPECT_GE(inv.high(), 0.5);
    EXPECT_DOUBLE_EQ(inv.low(), 0.25);
    EXPECT_DOUBLE_EQ(inv.high(), 0.5);
    EXPECT_DOUBLE_EQ(inv.central(), 1 / 3.0);
}

TEST(Interval, RefusesANegativePowerOfARangeContainingZero) {
    EXPECT_THROW(Interval::power(range(-1, 1), -2, 1), ErrorException);
    EXPECT_THROW(Interval::power(point(0), -1, 1), ErrorException);
    EXPECT_THROW(Interval::power(range(0, 4), -0.5, 1), ErrorException);
}

TEST(Interval, TakesAFractionalPowerOfANonNegativeRange) {
    // [4, 9]^0.5 = [2, 3]; enclosure may be one ulp wider; central √6.5.
    const Interval root = Interval::power(range(4, 9), 0.5, 1);
    EXPECT_LE(root.low(), 2);
    EXPECT_GE(root.high(), 3);
    EXPECT_DOUBLE_EQ(root.low(), 2);
    EXPECT_DOUBLE_EQ(root.high(), 3);
    EXPECT_DOUBLE_EQ(root.central(), std::sqrt(6.5));
}

TEST(Interval, TakesANegativeFractionalPowerWithTheBoundsSwapped) {
    // [4, 9]^-0.5 = [1/3, 1/2].
    const Interval r = Interval::power(range(4, 9), -0.5, 1);
    EXPECT_LE(r.low(), 1 / 3.0);
    EXPECT_GE(r.high(), 0.5);
    EXPECT_DOUBLE_EQ(r.low(), 1 / 3.0);
    EXPECT_DOUBLE_EQ(r.high(), 0.5);
    expect_ordered(r);
}

TEST(Interval, RefusesAFractionalPowerOfARangeThatCanBeNegative) {
    const std::string message = error_of([] { Interval::power(range(-1, 4), 0.5, 1); });
    EXPECT_NE(message.find("fractional power"), std::string::npos) << message;
}

TEST(Interval, EnclosesAWholePowerThatIsNoDouble) {
    // 1.1² = 1.21000000000000018651746813702… for the double nearest 1.1; exact in long double.
    const Interval sq = Interval::power(point(1.1), 2, 1);
    const long double exact = static_cast<long double>(1.1) * static_cast<long double>(1.1);
    EXPECT_LE(static_cast<long double>(sq.low()), exact);
    EXPECT_GE(static_cast<long double>(sq.high()), exact);
}

TEST(Interval, TakesTheAbsoluteValueOfARangeSpanningZero) {
    const Interval a = Interval::absolute(range(-3, 2));
    EXPECT_EQ(a.low(), 0);
    EXPECT_EQ(a.high(), 3);
    EXPECT_EQ(a.central(), 0.5);
}

TEST(Interval, TakesTheMinimumAndMaximumBoundByBound) {
    const Interval lo = Interval::minimum(range(1, 5), range(2, 3));
    EXPECT_EQ(lo.low(), 1);
    EXPECT_EQ(lo.high(), 3);
    EXPECT_EQ(lo.central(), 2.5);
    const Interval hi = Interval::maximum(range(1, 5), range(2, 3));
    EXPECT_EQ(hi.low(), 2);
    EXPECT_EQ(hi.high(), 5);
    EXPECT_EQ(hi.central(), 3);
}

TEST(Interval, WidensAnIncreasingFunctionByAnUlpEachWay) {
    const Interval l = Interval::increasing(range(1, std::exp(1.0)), [](double x) { return std::log(x); });
    EXPECT_LT(l.low(), 0.0);
    EXPECT_GE(l.high(), 1.0);
    EXPECT_LT(l.high() - 1.0, 1e-15);
    expect_ordered(l);
}

TEST(Interval, KnowsWhenItOverflowed) {
    EXPECT_TRUE(point(1e308).is_finite());
    EXPECT_FALSE((point(1e308) * point(10)).is_finite());
}

}  // namespace
}  // namespace ballpark
