// Unit tests of the interval value type (core/src/interval.hpp, interval.cpp): guaranteed enclosures by outward
// rounding, the central value as the expression at the inputs' centrals, division and powers.
//
// Enclosures are checked against the exact result computed in long double: on x86-64 it has a 64-bit
// significand, so the sum or small product of two doubles used here is exact in it. exp, log and fractional
// powers are checked against expl, logl and powl, whose error (about 2^-64 relative) is far below the two
// doubles of margin the bounds take; roots against exact rationals (squares and cubes of the bounds).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>

#include "ballpark/api.hpp"
#include "values/interval.hpp"
#include "unit/exact_rational.hpp"
#include "testing.hpp"

namespace ballpark {
namespace {

using testing_support::exact;
using testing_support::Rational;
constexpr double inf = std::numeric_limits<double>::infinity();
Interval::Context context;

Interval point(double x) { return Interval::point(x); }
Interval range(double low, double high) { return Interval::between(point(low), point(high), 1); }

void expect_ordered(const Interval& v) {
    EXPECT_LE(v.low(), v.central());
    EXPECT_LE(v.central(), v.high());
}

static_assert(LDBL_MANT_DIG >= 64, "these tests need an extended long double to hold exact results");

using testing::message_of;

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
    // The same through the public API: the parser, the evaluator and the formatter's test for a range.
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
    const std::string message = message_of([] { Interval::divide(point(1), range(-1, 1), 7); });
    EXPECT_NE(message.find("contains zero"), std::string::npos) << message;
    // A range that only touches zero is unbounded too.
    EXPECT_THROW(Interval::divide(point(1), range(0, 1), 1), ErrorException);
    EXPECT_THROW(Interval::divide(point(1), range(-1, 0), 1), ErrorException);
}

TEST(Interval, RefusesToDivideByZero) {
    EXPECT_EQ(message_of([] { Interval::divide(point(1), point(0), 1); }), "Division by zero.");
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
    const std::string message = message_of([] { Interval::power(range(-1, 4), 0.5, 1); });
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

TEST(Interval, KnowsWhenItOverflowed) {
    EXPECT_TRUE(point(1e308).is_finite());
    EXPECT_FALSE((point(1e308) * point(10)).is_finite());
}

// --- Bounds never cross zero (or one) by widening -----------------------------------------------------------

TEST(Interval, TakesTheSquareRootOfARangeFromZeroWithALowBoundOfExactlyZero) {
    // Widening the low bound by an ulp to -4.9 × 10⁻³²⁴ would make a second sqrt refuse it.
    const Interval root = Interval::power(range(0, 4), 0.5, 1);
    EXPECT_EQ(root.low(), 0.0);
    EXPECT_FALSE(std::signbit(root.low()));
    EXPECT_EQ(root.high(), 2.0);  // √4 is exact, and the root is correctly rounded
    const Interval twice = Interval::power(root, 0.5, 1);
    EXPECT_EQ(twice.low(), 0.0);
    // √2 ≤ high: high² ≥ 2 in exact arithmetic, and the bound is the tightest (the double below squares under 2).
    EXPECT_GE(exact(twice.high()) * exact(twice.high()), Rational(2));
    EXPECT_LT(exact(std::nextafter(twice.high(), 0.0)) * exact(std::nextafter(twice.high(), 0.0)), Rational(2));
}

TEST(Interval, TakesTheSquareRootOfARangeFromZeroTwiceWhenEvaluatingText) {
    const auto q = evaluate("sqrt(sqrt(0 to 4))");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->low, 0.0);
    EXPECT_GE(exact(q->high) * exact(q->high), Rational(2));
}

TEST(Interval, KeepsTheExpOfAVeryNegativeNumberAtOrAboveZero) {
    // e^-800 ≈ 3.6 × 10⁻³⁴⁸ is below the smallest double: the low bound must be 0, never -4.9 × 10⁻³²⁴.
    const Interval e = Interval::exp(context, range(-800, 1), 1);
    EXPECT_EQ(e.low(), 0.0);
    EXPECT_FALSE(std::signbit(e.low()));
    EXPECT_GE(static_cast<long double>(e.high()), std::exp(1.0L));
    EXPECT_LE(e.high(), std::nextafter(std::nextafter(std::nextafter(std::exp(1.0), inf), inf), inf));
    const Interval tiny = Interval::exp(context, point(-800), 1);
    EXPECT_EQ(tiny.low(), 0.0);
    EXPECT_GE(static_cast<long double>(tiny.high()), std::exp(-800.0L));
    EXPECT_GT(tiny.high(), 0.0);
}

TEST(Interval, KeepsExpExactAtZeroAndOnItsSideOfOne) {
    const Interval one = Interval::exp(context, point(0), 1);
    EXPECT_TRUE(one.is_point());
    EXPECT_EQ(one.low(), 1.0);
    // e^x ≥ 1 for x ≥ 0 and ≤ 1 for x ≤ 0: the margin must not cross 1.
    EXPECT_EQ(Interval::exp(context, range(1e-300, 1), 1).low(), 1.0);
    EXPECT_EQ(Interval::exp(context, range(-1, -1e-300), 1).high(), 1.0);
}

TEST(Interval, EnclosesExpOverAGridOfArguments) {
    for (double x = -745.5; x <= 709.5; x += 0.37) {
        const Interval e = Interval::exp(context, point(x), 1);
        const long double truth = std::exp(static_cast<long double>(x));
        ASSERT_LE(static_cast<long double>(e.low()), truth) << x;
        ASSERT_GE(static_cast<long double>(e.high()), truth) << x;
        ASSERT_GE(e.low(), 0.0) << x;
        ASSERT_LE(e.low(), e.central());
        ASSERT_LE(e.central(), e.high());
    }
}

TEST(Interval, EnclosesLogarithmsOverAGridOfArguments) {
    for (double x = 1e-320; x < 1e308; x *= 1.7) {
        const Interval l = Interval::log(context, point(x), 1);
        const Interval d = Interval::log10(context, point(x), 1);
        const long double lx = static_cast<long double>(x);
        ASSERT_LE(static_cast<long double>(l.low()), std::log(lx)) << x;
        ASSERT_GE(static_cast<long double>(l.high()), std::log(lx)) << x;
        ASSERT_LE(static_cast<long double>(d.low()), std::log10(lx)) << x;
        ASSERT_GE(static_cast<long double>(d.high()), std::log10(lx)) << x;
    }
}

TEST(Interval, KeepsLogarithmsExactAtOneAndOnTheirSideOfZero) {
    const Interval zero = Interval::log(context, point(1), 1);
    EXPECT_TRUE(zero.is_point());
    EXPECT_EQ(zero.low(), 0.0);
    // ln x ≥ 0 from 1 up: ln(1 to e) starts at exactly 0, not one ulp below.
    const Interval l = Interval::log(context, range(1, std::exp(1.0)), 1);
    EXPECT_EQ(l.low(), 0.0);
    EXPECT_GE(static_cast<long double>(l.high()), std::log(static_cast<long double>(std::exp(1.0))));
    EXPECT_EQ(Interval::log10(context, range(0.5, 1), 1).high(), 0.0);
}

TEST(Interval, RefusesTheLogarithmOfAnUnderflowedExpWithoutCallingItNegative) {
    // exp(-800 to 1) is [0, 2.718…]: positive, but its low end is below the smallest double, so no finite number
    // bounds its logarithm from below. The sentence says it can be as low as 0, and the hint why.
    try {
        Interval::log(context, Interval::exp(context, range(-800, 1), 1), 5);
        FAIL() << "no error";
    } catch (const ErrorException& e) {
        EXPECT_EQ(e.error().column, 5);
        EXPECT_NE(e.error().message.find("can be as low as 0,"), std::string::npos) << e.error().message;
        EXPECT_EQ(e.error().message.find("negative"), std::string::npos) << e.error().message;
        EXPECT_NE(e.error().hint.find("ln(exp(x)) is x"), std::string::npos) << e.error().hint;
    }
    EXPECT_NE(message_of([] { Interval::log(context, range(-2, 3), 1); }).find("can be as low as -2.00."), std::string::npos);
    EXPECT_EQ(message_of([] { Interval::log(context, point(0), 3); }), "\"ln\" needs a value above zero (column 3).");
}

// --- Powers -----------------------------------------------------------------------------------------------

TEST(Interval, EnclosesFractionalPowersOverAGridOfBasesAndExponents) {
    const double exponents[] = {1.0 / 3, 1.0 / 12, 0.37, 2.5, -0.5, -1.0 / 3, 1e-3, 300.5, -200.25};
    for (double e : exponents) {
        for (double x = 1e-300; x < 1e300; x *= 3.3) {
            const long double truth = std::pow(static_cast<long double>(x), static_cast<long double>(e));
            // Beyond double precision the bound is infinite, which the evaluator refuses; skip those.
            if (truth > std::numeric_limits<double>::max()) continue;
            const Interval p = Interval::power(point(x), e, 1);
            ASSERT_LE(static_cast<long double>(p.low()), truth) << x << "^" << e;
            ASSERT_GE(static_cast<long double>(p.high()), truth) << x << "^" << e;
            ASSERT_GE(p.low(), 0.0) << x << "^" << e;
        }
    }
}

TEST(Interval, KeepsAFractionalPowerOfAnIntervalFromZeroAtOrAboveZero) {
    const Interval p = Interval::power(range(0, 4), 1.0 / 3, 1);
    EXPECT_EQ(p.low(), 0.0);
    EXPECT_GE(exact(p.high()) * exact(p.high()) * exact(p.high()), Rational(4));
    // x^e ≥ 1 for x ≥ 1 and e > 0: 1.5^1e-300 is within an ulp of 1, so its low bound is 1, not below.
    EXPECT_EQ(Interval::power(point(1.5), 1e-300, 1).low(), 1.0);
}

TEST(Interval, RaisesToWholePowersBeyondTenTwentyFour) {
    // (-1)^1025 is an odd whole power, not "a fractional power": whole exponents above 1024 take the whole-power
    // path too, so negative bases are accepted.
    const Interval odd = Interval::power(point(-1), 1025, 1);
    EXPECT_TRUE(odd.is_point());
    EXPECT_EQ(odd.low(), -1.0);
    EXPECT_EQ(Interval::power(point(-1), 1e20, 1).low(), 1.0);  // every double from 2^53 up is even
    const Interval spanning = Interval::power(range(-1, 0.5), 2049, 1);
    EXPECT_EQ(spanning.low(), -1.0);
    EXPECT_GT(spanning.high(), 0.0);
    // 0.5^2049 = 2^-2049 is far below the smallest double, so the high bound is that double or its neighbour.
    EXPECT_LE(spanning.high(), 2 * std::numeric_limits<double>::denorm_min());
    // An odd exponent beyond the range of int: (-(1 + 1e-7))^3000000001 ≈ -e^300.
    const double base = 1 + 1e-7;
    const Interval big = Interval::power(point(-base), 3000000001.0, 1);
    const long double truth = -std::pow(static_cast<long double>(base), 3000000001.0L);
    EXPECT_LE(static_cast<long double>(big.low()), truth);
    EXPECT_GE(static_cast<long double>(big.high()), truth);
    EXPECT_LT(big.high(), 0.0);
}

TEST(Interval, KeepsATinyWholePowerAtOrAboveZero) {
    // 2^-1075 is half the smallest double: [0, 4.9 × 10⁻³²⁴], never a negative low bound (-4.9 × 10⁻³²⁴).
    const Interval p = Interval::power(point(2), -1075, 1);
    EXPECT_EQ(p.low(), 0.0);
    EXPECT_FALSE(std::signbit(p.low()));
    EXPECT_GT(p.high(), 0.0);
    EXPECT_EQ(Interval::power(point(10), -400, 1).low(), 0.0);
}

TEST(Interval, RaisesAnythingToThePowerZeroToOne) {
    // 0^0 included: the power zero is answered before any interval arithmetic.
    EXPECT_EQ(Interval::power(point(0), 0, 1).low(), 1.0);
    EXPECT_TRUE(Interval::power(range(-3, 5), 0, 1).is_point());
}

TEST(Interval, RaisesToAnExponentThatIsANumberToWithinRounding) {
    // 1/3 is a range one ulp wide around the true third; 8^(1/3) must enclose 2 for every exponent in it.
    const Interval third = Interval::divide(point(1), point(3), 1);
    ASSERT_FALSE(third.is_point());
    const Interval cube_root = Interval::power(context, point(8), third, 1);
    EXPECT_LE(cube_root.low(), 2.0);
    EXPECT_GE(cube_root.high(), 2.0);
    EXPECT_LT(cube_root.high() - cube_root.low(), 1e-14);
    EXPECT_DOUBLE_EQ(cube_root.central(), 2.0);
    // 1.07^(1/12), the monthly factor of 7% a year, against powl at the exact twelfth.
    const Interval monthly = Interval::power(context, point(1.07), Interval::divide(point(1), point(12), 1), 1);
    const long double truth = std::pow(static_cast<long double>(1.07), 1.0L / 12);
    EXPECT_LE(static_cast<long double>(monthly.low()), truth);
    EXPECT_GE(static_cast<long double>(monthly.high()), truth);
}

TEST(Interval, EnclosesARangeRaisedToAnExponentRangeAtItsCorners) {
    // [2, 27]^(1/3): x^e is monotone in x and in e, so the corners 2^(1/3 ± ulp) and 27^(1/3 ± ulp) bound it.
    const Interval third = Interval::divide(point(1), point(3), 1);
    const Interval r = Interval::power(context, range(2, 27), third, 1);
    EXPECT_LE(exact(r.low()) * exact(r.low()) * exact(r.low()), Rational(2));
    EXPECT_GE(r.high(), 3.0);
    EXPECT_LT(r.high() - 3.0, 1e-14);
    // A negative exponent turns the corners round: [2, 8]^(-1/3) is [1/2, 2^(-1/3)].
    const Interval n = Interval::power(context, range(2, 8), -third, 1);
    EXPECT_LE(n.low(), 0.5);
    EXPECT_GE(static_cast<long double>(n.high()), std::pow(2.0L, -1.0L / 3));
}

TEST(Interval, ReadsAnExponentWithinRoundingOfAWholeNumberAsThatNumberForANegativeBase) {
    // 0.1 × 30 is a range a few ulps wide around 3; a negative base has a real power only at whole exponents.
    const Interval three = point(0.1) * point(30);
    ASSERT_FALSE(three.is_point());
    const Interval cube = Interval::power(context, point(-2), three, 1);
    EXPECT_TRUE(cube.is_point());
    EXPECT_EQ(cube.low(), -8.0);
    // No whole number within rounding of 1/3: a cube root of a negative base stays refused.
    const Interval third = Interval::divide(point(1), point(3), 1);
    EXPECT_NE(message_of([&] { Interval::power(context, point(-8), third, 1); }).find("fractional power"), std::string::npos);
}

TEST(Interval, RefusesAnExponentThatIsARange) {
    EXPECT_EQ(message_of([] { Interval::power(context, point(2), range(1, 2), 3); }),
              "An exponent must be a single number, not a range (column 3).");
}

TEST(Interval, RefusesAPowerOfZeroWhoseExponentCanBeZeroOrBelow) {
    // 0.1 + 0.2 - 0.3 is a few ulps around 5.6 × 10⁻¹⁷, and may be 0 or below: 0 to that power is 1 or unbounded.
    const Interval near_zero = point(0.1) + point(0.2) - point(0.3);
    ASSERT_LE(near_zero.low(), 0.0);
    const std::string message = message_of([&] { Interval::power(context, range(0, 4), near_zero, 2); });
    EXPECT_NE(message.find("needs an exponent above zero"), std::string::npos) << message;
}

// --- The rest of the contract ------------------------------------------------------------------------------

TEST(Interval, HoldsALiteralAsTheEnclosureOfItsDecimal) {
    const double below = std::nextafter(0.1, 0.0);
    const Interval tenth = Interval::literal(0.1, below, 0.1);
    EXPECT_EQ(tenth.low(), below);
    EXPECT_EQ(tenth.high(), 0.1);
    EXPECT_EQ(tenth.central(), 0.1);
    EXPECT_EQ(tenth.support_low(), below);
    EXPECT_EQ(tenth.support_high(), 0.1);
}

TEST(Interval, ReadsBackACentralWithItsBounds) {
    const Interval r = Interval::between3(context, point(1.4), point(1.7), point(2.1), 1);
    EXPECT_EQ(r.low(), 1.4);
    EXPECT_EQ(r.central(), 1.7);
    EXPECT_EQ(r.high(), 2.1);
    EXPECT_NE(message_of([] { Interval::between3(context, point(1.4), point(3), point(2.1), 6); }).find("low ≤ central ≤ high"),
              std::string::npos);
}

TEST(Interval, GivesBoundsForUniformAndPertAndRefusesNormalAndLognormal) {
    const Interval u = testing::named<Interval, UniformLaw>(context, {2, 6}, 1);
    EXPECT_EQ(u.low(), 2);
    EXPECT_EQ(u.high(), 6);
    EXPECT_EQ(u.central(), 4);
    const Interval p = testing::named<Interval, PertLaw>(context, {1, 2, 9}, 1);
    EXPECT_EQ(p.low(), 1);
    EXPECT_EQ(p.high(), 9);
    EXPECT_EQ(p.central(), 2.0);  // pert's central value is its likely value
    EXPECT_THROW((testing::named<Interval, PertLaw>(context, {1, 10, 9}, 1)), ErrorException);
    EXPECT_NE(message_of([] { testing::named<Interval, NormalLaw>(context, {0, 1}, 1); }).find("no bounds"), std::string::npos);
    EXPECT_NE(message_of([] { testing::named<Interval, LognormalLaw>(context, {1, 1}, 1); }).find("no bounds"), std::string::npos);
}

TEST(Interval, OffersTheArithmeticOfTheContractWithAContext) {
    const Interval a = range(1, 2), b = range(3, 5);
    EXPECT_EQ(Interval::add(context, a, b).high(), 7);
    EXPECT_EQ(Interval::subtract(context, a, b).low(), -4);
    EXPECT_EQ(Interval::multiply(context, a, b).high(), 10);
    EXPECT_EQ(Interval::negate(context, a).low(), -2);
    EXPECT_EQ(Interval::divide(context, b, a, 1).high(), 5);
    EXPECT_EQ(Interval::absolute(context, range(-3, 1)).high(), 3);
    EXPECT_EQ(Interval::minimum(context, a, b).high(), 2);
    EXPECT_EQ(Interval::maximum(context, a, b).low(), 3);
    EXPECT_EQ(Interval::between(context, a, b, 1).high(), 5);
}

}  // namespace
}  // namespace ballpark
