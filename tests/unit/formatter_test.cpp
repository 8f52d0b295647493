// Unit tests of the formatter (core/src/formatter.cpp), against the rules stated at its top: 3 significant
// figures for a single value, 2 for each number of a range, written out from 0.001 up to a million and in
// scientific form beyond, the unit `as` chose or the dimension's usual one, "%" and "$" attached, and the
// dimension in braces after `as`.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"

namespace ballpark {
namespace {

using enum BaseDimension;

const Dimension flop = Dimension::of(compute);
const Dimension s = Dimension::of(BaseDimension::time);
const Dimension usd = Dimension::of(money);

Quantity point(double x, Dimension d = {}) { return Quantity{x, x, x, d, nullptr}; }
Quantity range(double low, double central, double high, Dimension d = {}) { return Quantity{low, central, high, d, nullptr}; }
Quantity in(Quantity q, std::string label, double factor) {
    q.unit = std::make_shared<const DisplayUnit>(DisplayUnit{std::move(label), factor, q.dimension});
    return q;
}

FormatOptions ascii() {
    FormatOptions o;
    o.ascii = true;
    return o;
}

std::string formatted(std::string_view expression, const FormatOptions& options = {}) {
    const auto q = evaluate(expression);
    if (!q) return "error: " + q.error().sentence();
    return format(*q, options);
}

TEST(Formatter, WritesAnExactValueWithThreeSignificantFigures) {
    EXPECT_EQ(format(point(6, flop)), "6.00 FLOP");
    EXPECT_EQ(formatted("2 FLOP + 2 * 2 FLOP"), "6.00 FLOP");
}

TEST(Formatter, WritesLargeValuesInScientificFormWithSuperscripts) {
    EXPECT_EQ(format(point(8.4e23, flop)), "8.40 × 10²³ FLOP");
    EXPECT_EQ(formatted("6 FLOP * 70 billion * 2 trillion"), "8.40 × 10²³ FLOP");
}

TEST(Formatter, WritesLargeValuesWithAnAsciiPowerOnRequest) {
    EXPECT_EQ(format(point(8.4e23, flop), ascii()), "8.40 × 10^23 FLOP");
}

TEST(Formatter, WritesARangeAsCentralLowHighWithTwoSignificantFiguresAndTheDimension) {
    // The seed's Llama 2 line: central 1.66, bounds 1.36 and 2.14 million hours.
    EXPECT_EQ(formatted("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour"),
              "1.7 [1.4, 2.1] million hour {time}");
    EXPECT_EQ(format(in(range(1.36e6 * 3600, 1.66e6 * 3600, 2.14e6 * 3600, s), "million hour", 3.6e9)),
              "1.7 [1.4, 2.1] million hour {time}");
}

TEST(Formatter, LeavesOutTheDimensionWhenAskedTo) {
    FormatOptions o;
    o.dimension_label = false;
    EXPECT_EQ(format(in(point(7200, s), "hour", 3600), o), "2.00 hour");
    EXPECT_EQ(format(in(point(7200, s), "hour", 3600)), "2.00 hour {time}");
}

TEST(Formatter, ShowsTheDimensionOnlyAfterAs) {
    EXPECT_EQ(format(point(7200, s)), "7200 s");
}

TEST(Formatter, WritesARangeInScientificFormWithOnePowerOfTen) {
    EXPECT_EQ(format(range(1e7, 2e7, 3e7, flop)), "2.0 [1.0, 3.0] × 10⁷ FLOP");
    EXPECT_EQ(format(range(1e7, 2e7, 3e7, flop), ascii()), "2.0 [1.0, 3.0] × 10^7 FLOP");
}

TEST(Formatter, WritesARangeWhoseBoundsHaveMoreDigitsThanItsCentral) {
    EXPECT_EQ(format(range(9, 9.5, 12)), "9.5 [9.0, 12]");
}

TEST(Formatter, WritesZero) {
    EXPECT_EQ(format(point(0)), "0");
    EXPECT_EQ(format(point(0, s)), "0 s");
    EXPECT_EQ(format(range(0, 1, 2, s)), "1.0 [0, 2.0] s");
    EXPECT_EQ(format_number(0, 3), "0");
}

TEST(Formatter, WritesNegativeValues) {
    EXPECT_EQ(format(point(-6, flop)), "-6.00 FLOP");
    EXPECT_EQ(format(point(-8.4e23, flop)), "-8.40 × 10²³ FLOP");
    EXPECT_EQ(format(range(-3, -2, -1)), "-2.0 [-3.0, -1.0]");
    EXPECT_EQ(formatted("-1 to 2"), "0.50 [-1.0, 2.0]");
}

TEST(Formatter, WritesSmallValuesDownToAThousandthOut) {
    EXPECT_EQ(format_number(0.0015, 3), "0.00150");
    EXPECT_EQ(format_number(0.001, 3), "0.00100");
    EXPECT_EQ(format_number(0.25, 3), "0.250");
}

TEST(Formatter, WritesValuesBelowAThousandthInScientificForm) {
    EXPECT_EQ(format_number(1.5e-4, 3), "1.50 × 10⁻⁴");
    EXPECT_EQ(format_number(1.5e-4, 3, true), "1.50 × 10^-4");
    EXPECT_EQ(format(point(2e-9, s)), "2.00 × 10⁻⁹ s");
}

TEST(Formatter, RoundsValuesUpToAMillionToThreeFiguresAndWritesThemOut) {
    EXPECT_EQ(format_number(123456.7, 3), "123000");
    EXPECT_EQ(format_number(1234.5, 3), "1230");
    EXPECT_EQ(format_number(312.4, 3), "312");
    EXPECT_EQ(format_number(1e6, 3), "1.00 × 10⁶");
}

TEST(Formatter, KeepsEveryDigitOfAWholeNumberFromAThousandUpToAMillion) {
    // The documented exception: "1024 MiB" must not read as "1020 MiB".
    EXPECT_EQ(format_number(1024, 3), "1024");
    EXPECT_EQ(format_number(5280, 3), "5280");
    EXPECT_EQ(format_number(123456, 3), "123456");
    EXPECT_EQ(format_number(999999, 3), "999999");
    EXPECT_EQ(format_number(-5280, 3), "-5280");
    EXPECT_EQ(format_number(999, 3), "999");
    EXPECT_EQ(format_number(1e6, 3), "1.00 × 10⁶");  // a million itself is scientific
    EXPECT_EQ(formatted("1 mile as ft"), "5280 ft {length}");
}

TEST(Formatter, ChoosesScientificFormAfterRoundingUp) {
    // 999,999.5 rounds to 1.00 × 10⁶ with 3 figures, which is no longer below a million.
    EXPECT_EQ(format_number(999999.5, 3), "1.00 × 10⁶");
    EXPECT_EQ(format_number(999.96, 3), "1000");
}

TEST(Formatter, WritesNonFiniteNumbersInWords) {
    EXPECT_EQ(format_number(std::numeric_limits<double>::infinity(), 3), "∞");
    EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity(), 3), "-∞");
    EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN(), 3), "NaN");
}

TEST(Formatter, AttachesPercentWithoutASpace) {
    EXPECT_EQ(format(in(point(0.43), "%", 0.01)), "43.0%");
    EXPECT_EQ(formatted("35% to 55% as %"), "45 [35, 55]%");
}

TEST(Formatter, PutsTheDollarSignInFront) {
    EXPECT_EQ(format(point(1.2, usd)), "$1.20");
    EXPECT_EQ(format(range(1, 1.5, 2, usd)), "$1.5 [1.0, 2.0]");
    EXPECT_EQ(formatted("$2.50 * 1000000"), "$2.50 × 10⁶");
}

TEST(Formatter, WritesDataInBytes) {
    EXPECT_EQ(formatted("70B"), "70.0 B");
    EXPECT_EQ(formatted("1 GiB"), "1.07 × 10⁹ B");
}

TEST(Formatter, WritesARateInItsUsualUnit) {
    EXPECT_EQ(formatted("312 TFLOP/s"), "3.12 × 10¹⁴ FLOP/s");
    EXPECT_EQ(formatted("100 kWh / 2 hour"), "50000 W");
}

TEST(Formatter, WritesAnUnnamedDimensionInBaseUnits) {
    const Quantity q = point(2, Dimension::of(length) * flop);
    EXPECT_EQ(format(q), "2.00 m·FLOP");
    EXPECT_EQ(format(q, ascii()), "2.00 m*FLOP");
}

TEST(Formatter, WritesADimensionlessValueInAScaleWordWithoutBraces) {
    EXPECT_EQ(formatted("70 billion as million"), "70000 million");
}

TEST(Formatter, HonoursOtherDigitCounts) {
    FormatOptions o;
    o.point_digits = 5;
    o.range_digits = 3;
    EXPECT_EQ(format(point(3.14159265), o), "3.1416");
    EXPECT_EQ(format(range(1.36, 1.66, 2.14), o), "1.66 [1.36, 2.14]");
}

TEST(Formatter, ShowsAnIntervalNarrowerThanOnePartInABillionAsAPoint) {
    EXPECT_FALSE(range(0.3, 0.3, std::nextafter(0.3, 1.0)).is_range());
    EXPECT_TRUE(range(0.3, 0.31, 0.32).is_range());
    EXPECT_EQ(formatted("0.1 + 0.2"), "0.300");
}

}  // namespace
}  // namespace ballpark
