// Unit tests of dimensions (core/src/dimension.cpp): exponent vectors over the SI seven plus information,
// computation and money, their arithmetic, and the names they are shown with.
#include <gtest/gtest.h>

#include <string>

#include "ballpark/api.hpp"
#include "ballpark/dimension.hpp"
#include "ballpark/error.hpp"
#include "testing.hpp"

namespace ballpark {
namespace {

using enum BaseDimension;

const Dimension m = Dimension::of(length);
const Dimension kg = Dimension::of(mass);
const Dimension s = Dimension::of(time);
const Dimension flop = Dimension::of(compute);
const Dimension bit = Dimension::of(information);
const Dimension usd = Dimension::of(money);

using testing::message_of;

TEST(Dimension, StartsDimensionless) {
    EXPECT_TRUE(Dimension{}.is_dimensionless());
    EXPECT_FALSE(s.is_dimensionless());
    for (std::size_t i = 0; i < base_dimension_count; ++i) EXPECT_EQ(Dimension{}.exponent(static_cast<BaseDimension>(i)), 0);
}

TEST(Dimension, HasOneExponentForABaseDimension) {
    EXPECT_EQ(flop.exponent(compute), 1);
    EXPECT_EQ(flop.exponent(time), 0);
    EXPECT_EQ(usd.exponent(money), 1);
}

TEST(Dimension, AddsExponentsWhenMultiplyingAndSubtractsWhenDividing) {
    const Dimension force = kg * m / (s * s);
    EXPECT_EQ(force.exponent(mass), 1);
    EXPECT_EQ(force.exponent(length), 1);
    EXPECT_EQ(force.exponent(time), -2);
    EXPECT_EQ(m / m, Dimension{});
}

TEST(Dimension, TurnsFlopOverFlopPerSecondIntoTime) {
    const Dimension rate = flop / s;
    EXPECT_EQ(flop / rate, s);
}

TEST(Dimension, RaisesToWholeAndExactFractionalPowers) {
    const Dimension area = m * m;
    EXPECT_EQ(m.power(2), area);
    EXPECT_EQ(area.power(0.5), m);
    EXPECT_EQ((m * m * m).power(1.0 / 3.0), m);
    EXPECT_EQ(s.power(-1), Dimension{} / s);
    EXPECT_EQ(m.power(0), Dimension{});
}

TEST(Dimension, RefusesAPowerThatLeavesAFractionalExponent) {
    EXPECT_THROW(m.power(0.5), ErrorException);
    EXPECT_THROW((m * m).power(0.25), ErrorException);
    // The exponent is quoted as written, not as std::to_string's "0.500000".
    EXPECT_EQ(message_of([] { m.power(0.5); }),
              "The power 0.5 of length would leave a fractional unit; only whole powers of units are supported.");
}

TEST(Dimension, RefusesATinyPowerInsteadOfDroppingTheUnit) {
    // m^1e-10 is within 10⁻⁹ of m^0, which an absolute tolerance would take for dimensionless, making
    // (2 m)^1e-10 + 1 equal 2.
    EXPECT_EQ(message_of([] { m.power(1e-10); }),
              "The power 1e-10 of length would leave a fractional unit; only whole powers of units are supported.");
    EXPECT_THROW((m * s).power(-3e-12), ErrorException);
}

TEST(Dimension, AcceptsAComputedExponentWithinRoundingOfAWholePower) {
    // 1/3 and 1/6 as doubles are not exact; three or six of them are whole to within an ulp.
    EXPECT_EQ((m * m * m).power(1.0 / 3.0), m);
    EXPECT_EQ(m.power(6).power(1.0 / 6.0), m);
    EXPECT_EQ(m.power(60).power(1.0 / 60.0), m);
    EXPECT_EQ(m.power(0.1 * 30), m.power(3));  // 3.0000000000000004
}

TEST(Dimension, LetsADimensionlessValueTakeAnyPower) {
    EXPECT_EQ(Dimension{}.power(0.37), Dimension{});
    EXPECT_EQ(Dimension{}.power(1e6), Dimension{});
}

TEST(Dimension, SaysWhichPowerWasTooLargeAndTheExponentItGives) {
    // The sentence names the power the user wrote and the exponent it leads to, not only the exponent.
    EXPECT_EQ(message_of([] { m.power(1000); }),
              "Raising length to the power 1000 would give a unit exponent of 1000, but exponents of units must stay "
              "within ±60.");
    EXPECT_EQ(message_of([] { m.power(60).power(2); }),
              "Raising m⁶⁰ to the power 2 would give a unit exponent of 120, but exponents of units must stay within "
              "±60.");
    EXPECT_EQ(message_of([] { s.power(-1e300); }),
              "Raising time to the power -1e+300 would give a unit exponent of -1e+300, but exponents of units must "
              "stay within ±60.");
    EXPECT_EQ(message_of([] { m.power(60) * m; }),
              "A unit was raised to the power 61, but exponents of units must stay within ±60.");
}

TEST(Dimension, GivesTheseSentencesWhenEvaluatingText) {
    const auto tiny = evaluate("(2 m)^1e-10 + 1");
    ASSERT_FALSE(tiny) << "evaluated to " << tiny->central;
    EXPECT_NE(tiny.error().message.find("The power 1e-10 of length"), std::string::npos) << tiny.error().message;
    const auto squared = evaluate("(m^60)^2");
    ASSERT_FALSE(squared);
    EXPECT_NE(squared.error().message.find("to the power 2 would give a unit exponent of 120"), std::string::npos)
        << squared.error().message;
    const auto thousand = evaluate("(2 m)^1000");
    ASSERT_FALSE(thousand);
    EXPECT_NE(thousand.error().message.find("to the power 1000"), std::string::npos) << thousand.error().message;
}

TEST(Dimension, RefusesExponentsBeyondSixty) {
    EXPECT_NO_THROW(m.power(60));
    EXPECT_THROW(m.power(61), ErrorException);
    EXPECT_THROW(m.power(1e300), ErrorException);
    Dimension d = m.power(60);
    EXPECT_THROW(d * m, ErrorException);
    EXPECT_THROW(Dimension{} / m.power(60) / m, ErrorException);
}

TEST(Dimension, ComparesByEveryExponent) {
    EXPECT_EQ(kg * m, m * kg);
    EXPECT_NE(m, s);
    EXPECT_NE(bit, flop);
}

TEST(Dimension, NamesTheDimensionsOfThePlanningUnits) {
    EXPECT_EQ(dimension_name(s), "time");
    EXPECT_EQ(dimension_name(m), "length");
    EXPECT_EQ(dimension_name(flop), "compute");
    EXPECT_EQ(dimension_name(flop / s), "compute rate");
    EXPECT_EQ(dimension_name(bit), "data");
    EXPECT_EQ(dimension_name(bit / s), "data rate");
    EXPECT_EQ(dimension_name(kg * m * m / (s * s)), "energy");
    EXPECT_EQ(dimension_name(kg * m * m / (s * s * s)), "power");
    EXPECT_EQ(dimension_name(usd), "money");
    EXPECT_EQ(dimension_name(Dimension{}), "dimensionless");
    EXPECT_EQ(dimension_name(Dimension{} / s), "frequency");
    EXPECT_EQ(dimension_name(m * m), "area");
}

TEST(Dimension, WritesAnUnnamedDimensionInBaseUnits) {
    EXPECT_EQ(dimension_name(m * flop), "m·FLOP");
    EXPECT_EQ(dimension_name(m / (kg * s)), "m/(kg·s)");
    EXPECT_EQ(dimension_name(m * m * m * m), "m⁴");
    EXPECT_EQ(dimension_name(Dimension{} / flop), "1/FLOP");
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

// Products and quotients add exponents eight bytes at a time (dimension.cpp); checked here lane by lane against
// plain integer sums, for every pair of base dimensions (both 64-bit words, and the byte where one word ends) and
// exponents across the allowed range, signs mixed.
TEST(DimensionLanes, ProductsAndQuotientsAddAndSubtractEveryExponentExactly) {
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        for (std::size_t j = 0; j < base_dimension_count; ++j) {
            for (int a = -60; a <= 60; a += 13) {
                for (int b = -60; b <= 60; b += 11) {
                    const Dimension x = Dimension::of(static_cast<BaseDimension>(i)).power(a);
                    const Dimension y = Dimension::of(static_cast<BaseDimension>(j)).power(b) *
                                        Dimension::of(static_cast<BaseDimension>((j + 5) % base_dimension_count)).power(-b);
                    const auto expected = [&](std::size_t k, int sign) {
                        int e = k == i ? a : 0;
                        if (k == j) e += sign * b;
                        if (k == (j + 5) % base_dimension_count) e -= sign * b;
                        return e;
                    };
                    for (int sign : {1, -1}) {
                        bool in_range = true;
                        for (std::size_t k = 0; k < base_dimension_count; ++k) in_range &= std::abs(expected(k, sign)) <= 60;
                        if (!in_range) {
                            EXPECT_THROW(sign > 0 ? x * y : x / y, ErrorException);
                            continue;
                        }
                        const Dimension r = sign > 0 ? x * y : x / y;
                        for (std::size_t k = 0; k < base_dimension_count; ++k)
                            ASSERT_EQ(r.exponent(static_cast<BaseDimension>(k)), expected(k, sign))
                                << "base " << k << ", i " << i << ", j " << j << ", a " << a << ", b " << b << ", sign " << sign;
                    }
                }
            }
        }
    }
}

// The range check runs on eight lanes at once too; every sum and difference of two allowed exponents, in the first
// lane, the last and the first of the second word, must pass exactly when the integer result is within ±60.
TEST(DimensionLanes, ProductsAndQuotientsRefuseExactlyTheExponentsBeyondSixty) {
    for (std::size_t k : {std::size_t{0}, std::size_t{7}, std::size_t{8}, base_dimension_count - 1}) {
        const Dimension base = Dimension::of(static_cast<BaseDimension>(k));
        for (int a = -60; a <= 60; ++a) {
            for (int b = -60; b <= 60; ++b) {
                const Dimension x = base.power(a);
                const Dimension y = base.power(b);
                if (std::abs(a + b) <= 60) EXPECT_EQ((x * y).exponent(static_cast<BaseDimension>(k)), a + b);
                else EXPECT_THROW(x * y, ErrorException) << a << " + " << b;
                if (std::abs(a - b) <= 60) EXPECT_EQ((x / y).exponent(static_cast<BaseDimension>(k)), a - b);
                else EXPECT_THROW(x / y, ErrorException) << a << " - " << b;
            }
        }
    }
}

// What units count (cycles, angle) rides beside the base exponents: products and quotients add and subtract it in
// the same words, powers scale it, and equality and names ignore it, since both are plain numbers to the SI.
TEST(DimensionCounts, ProductsQuotientsAndPowersCarryThem) {
    const Dimension cycle = Dimension::counting(Counted::cycles);
    const Dimension angle = Dimension::counting(Counted::angle);
    const Dimension rpm = cycle / s;
    EXPECT_EQ(rpm.counted(Counted::cycles), 1);
    EXPECT_EQ(rpm.counted(Counted::angle), 0);
    EXPECT_EQ((rpm * angle).counted(Counted::angle), 1);
    EXPECT_EQ((rpm * angle / angle).counted(Counted::angle), 0);
    EXPECT_EQ((rpm * rpm).counted(Counted::cycles), 2);
    EXPECT_EQ(rpm.power(2).counted(Counted::cycles), 2);
    EXPECT_EQ(rpm.power(-1).counted(Counted::cycles), -1);
    EXPECT_EQ(rpm.power(2).power(0.5).counted(Counted::cycles), 1);
    EXPECT_EQ(rpm.power(0).counted(Counted::cycles), 0);
    EXPECT_EQ(rpm.power(0), Dimension{});
    // A root of a count stays one, rounded away from zero.
    EXPECT_EQ(angle.power(0.5).counted(Counted::angle), 1);
    EXPECT_EQ(angle.power(-0.5).counted(Counted::angle), -1);
    // A whole power of a count beyond ±60 saturates instead of failing: rad^100 is a plain number.
    EXPECT_EQ(angle.power(100).counted(Counted::angle), 60);
    EXPECT_EQ((angle.power(60) * angle.power(60)).counted(Counted::angle), 60);
    EXPECT_EQ((angle.power(-60) / angle.power(60)).counted(Counted::angle), -60);
    EXPECT_EQ((angle.power(60) * angle.power(60) / angle).counted(Counted::angle), 59);
}

TEST(DimensionCounts, EqualityAndNamesIgnoreThem) {
    const Dimension cycle = Dimension::counting(Counted::cycles);
    const Dimension angle = Dimension::counting(Counted::angle);
    EXPECT_TRUE(angle.is_dimensionless());
    EXPECT_EQ(cycle / s, angle / s);
    EXPECT_EQ(cycle / s, Dimension{} / s);
    EXPECT_NE(cycle / s, cycle / m);
    EXPECT_FALSE((cycle / s).identical(angle / s));
    EXPECT_TRUE((cycle / s).identical(cycle * (Dimension{} / s)));
    EXPECT_EQ(dimension_name(cycle / s), dimension_name(Dimension{} / s));
    EXPECT_EQ(m / s * angle, m / s);
    // Every base exponent still counts in equality, in either word.
    for (std::size_t k = 0; k < base_dimension_count; ++k) {
        const Dimension base = Dimension::of(static_cast<BaseDimension>(k));
        EXPECT_NE(base * angle, angle) << k;
        EXPECT_NE(base * cycle, Dimension{}) << k;
    }
}

}  // namespace
}  // namespace ballpark
