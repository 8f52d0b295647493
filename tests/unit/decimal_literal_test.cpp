// Unit tests of the decimal literal enclosures (core/src/decimal_literal.cpp). Every expected value is the exact
// rational value of the decimal, built in the test from its digits with Boost.Multiprecision, and compared with
// the exact value of each double: nothing here relies on the code's own rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "language/decimal_literal.hpp"
#include "exact_rational.hpp"

namespace ballpark {
namespace {

using testing_exact::adjacent_or_equal;
using testing_exact::decimal;
using testing_exact::exact;
using testing_exact::Rational;

// Checks that the enclosure of `literal` holds `value` exactly, is as tight as doubles allow, and is a single
// double exactly when that double is the value.
void expect_encloses(const std::string& literal, const Rational& value, long long extra_exponent = 0) {
    const DecimalEnclosure e = enclose_decimal(literal, extra_exponent);
    ASSERT_TRUE(e.in_range) << literal;
    EXPECT_LE(exact(e.low), value) << literal;
    EXPECT_GE(exact(e.high), value) << literal;
    EXPECT_TRUE(adjacent_or_equal(e.low, e.high)) << literal << ": " << e.low << " to " << e.high;
    EXPECT_TRUE(e.low <= e.nearest && e.nearest <= e.high) << literal;
    EXPECT_EQ(e.low == e.high, exact(e.nearest) == value) << literal;
}

TEST(DecimalLiteral, EnclosesOnePointOneAndPointThreeZeroFourEightBetweenNeighbouringDoubles) {
    expect_encloses("0.1", decimal("1", -1));
    expect_encloses("1.1", decimal("11", -1));
    expect_encloses("0.3048", decimal("3048", -4));
    expect_encloses("0.45359237", decimal("45359237", -8));
    for (const char* literal : {"0.1", "1.1", "0.3048", "1e23", "1e-9"}) {
        const DecimalEnclosure e = enclose_decimal(literal);
        EXPECT_LT(e.low, e.high) << literal << " is not a double, so its enclosure must have two ends";
    }
}

TEST(DecimalLiteral, KeepsExactlyRepresentableDecimalsAsOneDouble) {
    for (const char* literal : {"0.5", "312", "1e22", "0.375", "1024", "9007199254740992", "0"}) {
        const DecimalEnclosure e = enclose_decimal(literal);
        EXPECT_EQ(e.low, e.high) << literal;
        EXPECT_EQ(e.low, e.nearest) << literal;
    }
}

TEST(DecimalLiteral, EnclosesEveryDecimalOnAGridOfDigitsAndExponents) {
    // Mantissas of one to three digits times powers of ten from 10^-40 to 10^40: both the fast path (short
    // literals, small exponents) and the exact-integer path (exponents beyond 10^±22) are crossed.
    for (int mantissa = 1; mantissa <= 999; mantissa += 7) {
        for (int exponent = -40; exponent <= 40; ++exponent) {
            const std::string literal = std::to_string(mantissa) + "e" + std::to_string(exponent);
            expect_encloses(literal, decimal(std::to_string(mantissa), exponent));
        }
    }
}

TEST(DecimalLiteral, EnclosesLongLiteralsDigitByDigit) {
    // 2^53 + 1 lies exactly between two doubles.
    expect_encloses("9007199254740993", decimal("9007199254740993", 0));
    // The exact value of the double nearest 0.1, written out in full, is that double: one point.
    const std::string point_one = "1000000000000000055511151231257827021181583404541015625";
    expect_encloses("0." + point_one, decimal(point_one, -55));
    EXPECT_EQ(enclose_decimal("0." + point_one).low, 0.1);
    EXPECT_EQ(enclose_decimal("0." + point_one).high, 0.1);
    // One more digit after it is no longer a double.
    expect_encloses("0." + point_one + "1", decimal(point_one + "1", -56));
    expect_encloses("123456789012345678901234567890", decimal("123456789012345678901234567890", 0));
}

TEST(DecimalLiteral, EnclosesNumbersAtTheEdgesOfDoublePrecision) {
    expect_encloses("1.7976931348623157e308", decimal("17976931348623157", 292));
    expect_encloses("2.2250738585072014e-308", decimal("22250738585072014", -324));
    expect_encloses("3e-324", decimal("3", -324));  // between 0 and the smallest subnormal
    EXPECT_EQ(enclose_decimal("3e-324").low, 0.0);
    EXPECT_EQ(enclose_decimal("3e-324").high, std::numeric_limits<double>::denorm_min());
    EXPECT_FALSE(enclose_decimal("1e400").in_range);
    EXPECT_TRUE(enclose_decimal("1e400").too_large);
    EXPECT_FALSE(enclose_decimal("1e-400").in_range);
    EXPECT_FALSE(enclose_decimal("1e-400").too_large);
}

TEST(DecimalLiteral, ScalesByAFurtherPowerOfTenForTimesTenToTheK) {
    expect_encloses("8.40", decimal("840", 21), 23);
    expect_encloses("1.5e3", decimal("15", 5), 3);
    EXPECT_EQ(enclose_decimal("8.40", 23).nearest, 8.4e23);
}

// Half a unit in the last typed digit, rounded up by at most an ulp or two.
void expect_half_step(const std::string& literal, const Rational& half, long long extra_exponent = 0) {
    const double h = enclose_decimal(literal, extra_exponent).half_step;
    EXPECT_GE(exact(h), half) << literal;
    EXPECT_LE(h, std::nextafter(std::nextafter(static_cast<double>(half), INFINITY), INFINITY)) << literal;
}

TEST(DecimalLiteral, GivesHalfAUnitInTheLastTypedDigit) {
    expect_half_step("1.4", decimal("5", -2));
    expect_half_step("30", decimal("5", -1));
    expect_half_step("2.10", decimal("5", -3));  // a typed trailing zero counts
    expect_half_step("8.40e23", decimal("5", 20));
    expect_half_step("8.40", decimal("5", 20), 23);
    for (int exponent = -60; exponent <= 60; ++exponent)
        expect_half_step("7e" + std::to_string(exponent), decimal("5", exponent - 1));
    EXPECT_EQ(enclose_decimal("0").half_step, 0.0);
    EXPECT_EQ(enclose_decimal("0.00").half_step, 0.0);
}

TEST(DecimalLiteral, ShiftsTheDecimalPointForHints) {
    EXPECT_EQ(shift_decimal("0.35", 2), "35");
    EXPECT_EQ(shift_decimal("55", -2), "0.55");
    EXPECT_EQ(shift_decimal("2", -2), "0.02");
    EXPECT_EQ(shift_decimal("1.5e3", 0), "1500");
    EXPECT_EQ(shift_decimal("0.5", 0), "0.5");
    EXPECT_EQ(shift_decimal("0", 2), "0");
}

}  // namespace
}  // namespace ballpark
