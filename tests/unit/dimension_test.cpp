// Unit tests of dimensions (core/src/dimension.cpp): exponent vectors over the SI seven plus information,
// computation and money, their arithmetic, and the names they are shown with.
#include <gtest/gtest.h>

#include "ballpark/dimension.hpp"
#include "ballpark/error.hpp"

namespace ballpark {
namespace {

using enum BaseDimension;

const Dimension m = Dimension::of(length);
const Dimension kg = Dimension::of(mass);
const Dimension s = Dimension::of(time);
const Dimension flop = Dimension::of(compute);
const Dimension bit = Dimension::of(information);
const Dimension usd = Dimension::of(money);

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
}

TEST(Dimension, LetsADimensionlessValueTakeAnyPower) {
    EXPECT_EQ(Dimension{}.power(0.37), Dimension{});
    EXPECT_EQ(Dimension{}.power(1e6), Dimension{});
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
