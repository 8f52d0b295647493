// Unit tests of the formatter (core/src/formatter.cpp), against the rules stated at its top: 3 significant
// figures for a single value, 2 for each number of a range, written out from 0.001 up to a million and in
// scientific form beyond, the unit `as` chose or the dimension's usual one, "%" and "$" attached, and the
// dimension in braces after `as`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <random>
#include <regex>
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

TEST(Formatter, WritesABoundOrdersOfMagnitudeFromTheCentralOnItsOwn) {
    // Before, the central's power of ten was forced on every number: the high end of exp(-800 to 1) was a
    // 175-digit "27000…0" and a subnormal low end of a range near 1 had 320 zeros.
    EXPECT_EQ(format(range(0, 3.2e-174, 2.718281828459045)), "3.2 × 10⁻¹⁷⁴ [0, 2.7]");
    EXPECT_EQ(format(range(4.9406564584124654e-324, 1.4142135623730951, 2)), "1.4 [4.9 × 10⁻³²⁴, 2.0]");
    EXPECT_EQ(format(range(1, 5e9, 1e10)), "5.0 × 10⁹ [1.0, 1.0 × 10¹⁰]");
    EXPECT_EQ(format(range(1, 5e9, 1e10), ascii()), "5.0 × 10^9 [1.0, 1.0 × 10^10]");
    // Each on its own keeps the range's 2 figures, even for a whole number the point style writes in full.
    EXPECT_EQ(format(range(1e-5, 54321, 1e5)), "54000 [1.0 × 10⁻⁵, 100000]");
    // Within the window the shared power of ten stays.
    EXPECT_EQ(format(range(1.5e21, 1.9e24, 2.4e24, flop)), "1.9 [0.0015, 2.4] × 10²⁴ FLOP");
    EXPECT_EQ(format(range(1.5e20, 1.9e24, 2.4e24, flop)), "1.9 × 10²⁴ [1.5 × 10²⁰, 2.4 × 10²⁴] FLOP");
}

TEST(Formatter, NeverWritesANumberOfARangeWithMoreThanItsSignificantFiguresAndAFewZeros) {
    // Brute force over ranges whose ends are up to 600 orders of magnitude apart: every number of the text has
    // at most 2 significant figures, and at most 3 zeros before them ("0.0015") or 5 after ("100000").
    std::mt19937_64 rng(20261130);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-320, 300);
    for (int i = 0; i < 4000; ++i) {
        double v[3];
        for (double& x : v) x = mantissa(rng) * std::pow(10.0, exponent(rng));
        std::sort(std::begin(v), std::end(v));
        if (!std::isfinite(v[2]) || v[0] == 0) continue;
        const std::string text = format(range(v[0], v[1], v[2]), ascii());
        // The numbers are the runs of digits and points, minus a "10^-42" exponent.
        const std::regex number(R"((?:10\^-?\d+)|([0-9.]+))");
        for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
            const std::string n = (*it)[1];
            if (n.empty()) continue;
            std::string digits;
            for (char c : n)
                if (c != '.') digits += c;
            const auto first = digits.find_first_not_of('0');
            ASSERT_NE(first, std::string::npos) << text;
            ASSERT_LE(first, 3u) << text;
            const auto last = digits.find_last_not_of('0');
            ASSERT_LE(last - first + 1, 2u) << text;
            ASSERT_LE(digits.size() - last - 1, 5u) << text;
        }
    }
}

TEST(Formatter, WritesExtremeQuantitiesExactly) {
    // Replaces a test that format was never empty, which it cannot be.
    const double inf = std::numeric_limits<double>::infinity();
    const double max = std::numeric_limits<double>::max();
    EXPECT_EQ(format(range(-inf, 0, inf)), "0 [-∞, ∞]");  // before: "0", a point
    EXPECT_EQ(format(point(std::numeric_limits<double>::quiet_NaN(), Dimension::of(length))), "NaN m");
    EXPECT_EQ(format(point(5e-324)), "4.94 × 10⁻³²⁴");
    EXPECT_EQ(format(range(-max, 0, max)), "0 [-1.8 × 10³⁰⁸, 1.8 × 10³⁰⁸]");
    EXPECT_EQ(format(range(0, 1e-323, 4.9406564584124654e-324 * 4)), "9.9 [0, 20] × 10⁻³²⁴");
}

TEST(Formatter, QuotesANumberWithTheShortestTextThatReadsBackExactly) {
    EXPECT_EQ(shortest_number(0.5), "0.5");
    EXPECT_EQ(shortest_number(1e-10), "1e-10");
    EXPECT_EQ(shortest_number(1000), "1000");
    EXPECT_EQ(shortest_number(1.0 / 3), "0.3333333333333333");
    EXPECT_EQ(shortest_number(-2), "-2");
}

TEST(Formatter, WritesRangesThatTheNumericFixesProduce) {
    EXPECT_EQ(formatted("(0 to 4)^0.5"), "1.4 [0, 2.0]");
    EXPECT_EQ(formatted("sqrt(sqrt(0 to 4))"), "1.2 [0, 1.4]");
}

}  // namespace
}  // namespace ballpark
