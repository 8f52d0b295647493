// significant_digits against exact arithmetic: each double is converted to an exact rational (Boost.Multiprecision),
// scaled by an exact power of ten and rounded to nearest with ties to even, which is what a correctly rounded
// printf does. The values are chosen to reach both the one-product path and the std::to_chars path: random
// magnitudes over the range a formatter meets, decimal ties and their neighbours (the hard case for one product),
// exact binary ties, subnormals and the largest doubles.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "numeric/significant_digits.hpp"
#include "unit/exact_rational.hpp"

namespace {

using ballpark::significant_digits;
using ballpark::testing_exact::exact;
using ballpark::testing_exact::Integer;
using ballpark::testing_exact::Rational;

Integer power_of_ten(int n) { return boost::multiprecision::pow(Integer(10), static_cast<unsigned>(n)); }

// The reference: `count` digits of |x| rounded to nearest, ties to even, and the power of ten of the first digit.
struct Expected {
    std::string digits;
    int exponent;
};

Expected exact_digits(double x, int count) {
    const Rational r = exact(std::abs(x));
    // The decimal exponent e with 10^e <= r < 10^(e+1), from a floating estimate corrected exactly.
    int e = static_cast<int>(std::floor(std::log10(std::abs(x))));
    const auto ten_to = [](int n) { return n >= 0 ? Rational(power_of_ten(n)) : Rational(Integer(1), power_of_ten(-n)); };
    while (r < ten_to(e)) --e;
    while (r >= ten_to(e + 1)) ++e;
    const Rational m = r * ten_to(count - 1 - e);
    const Integer whole = boost::multiprecision::numerator(m) / boost::multiprecision::denominator(m);
    const Rational fraction = m - Rational(whole);
    Integer n = whole;
    if (fraction > Rational(1, 2) || (fraction == Rational(1, 2) && whole % 2 == 1)) n += 1;
    if (n == power_of_ten(count)) {
        n = power_of_ten(count - 1);
        ++e;
    }
    return {n.str(), e};
}

void expect_exact(double x, int count) {
    const Expected want = exact_digits(x, count);
    const auto got = significant_digits(x, count);
    EXPECT_EQ(got.digits, want.digits) << "x = " << x << " (" << std::hexfloat << x << std::defaultfloat
                                       << "), " << count << " digits";
    EXPECT_EQ(got.exponent, want.exponent) << "x = " << x << ", " << count << " digits";
    EXPECT_EQ(got.negative, std::signbit(x)) << "x = " << x;
}

TEST(SignificantDigits, RandomMagnitudesMatchExactRounding) {
    std::mt19937_64 rng(20261203);
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    std::uniform_int_distribution<int> binary_exponent(-90, 90);
    std::uniform_int_distribution<int> count(1, 8);
    std::bernoulli_distribution negative(0.5);
    for (int i = 0; i < 20000; ++i) {
        const double x = std::ldexp(mantissa(rng), binary_exponent(rng));
        expect_exact(negative(rng) ? -x : x, count(rng));
    }
}

// k.5 × 10^j written in decimal is a tie; the double nearest it lies a little above or below, and its neighbours
// further. The one product cannot tell those apart from the tie itself, so these test the hand-over.
TEST(SignificantDigits, DecimalTiesAndTheirNeighboursMatchExactRounding) {
    std::mt19937_64 rng(7);
    for (int count = 1; count <= 6; ++count) {
        std::uniform_int_distribution<long> leading(static_cast<long>(std::pow(10, count - 1)),
                                                    static_cast<long>(std::pow(10, count)) - 1);
        std::uniform_int_distribution<int> exponent(-25, 25);
        for (int i = 0; i < 1500; ++i) {
            const std::string text = std::to_string(leading(rng)) + "5e" + std::to_string(exponent(rng));
            const double tie = std::strtod(text.c_str(), nullptr);
            double below = tie, above = tie;
            for (int step = 0; step < 3; ++step) {
                expect_exact(below, count);
                expect_exact(above, count);
                below = std::nextafter(below, 0.0);
                above = std::nextafter(above, INFINITY);
            }
        }
    }
}

TEST(SignificantDigits, ExactBinaryTiesRoundToEven) {
    for (double x : {0.125, 0.375, 2.5, 3.5, 12.5, 1.5, 0.5, 1250.0, 1350.0, 0.0625, 4.5e15})
        for (int count = 1; count <= 4; ++count) expect_exact(x, count);
    EXPECT_EQ(significant_digits(0.125, 2).digits, "12");
    EXPECT_EQ(significant_digits(0.375, 2).digits, "38");
    EXPECT_EQ(significant_digits(2.5, 1).digits, "2");
}

TEST(SignificantDigits, DecadeEdgesCarryIntoTheNextDigit) {
    for (double x : {999.96, 9.995, 0.0999999, 99999.95, 1e6, 1e-4, 9.999999999999999e22, 1e23, 1e-22, 1e-23,
                     0.30000000000000004, 1.0 / 3.0, 2.0 / 3.0})
        for (int count = 1; count <= 6; ++count) expect_exact(x, count);
    const auto carried = significant_digits(999.96, 3);
    EXPECT_EQ(carried.digits, "100");
    EXPECT_EQ(carried.exponent, 3);
}

TEST(SignificantDigits, SubnormalAndExtremeDoublesMatchExactRounding) {
    const double values[] = {std::numeric_limits<double>::denorm_min(), 3 * std::numeric_limits<double>::denorm_min(),
                             std::numeric_limits<double>::min(), 2.2250738585072009e-308, 1e-320,
                             std::numeric_limits<double>::max(), 1.7976931348623157e300, 5e-324 * 12345};
    for (double x : values)
        for (int count = 1; count <= 8; ++count) expect_exact(x, count);
}

TEST(SignificantDigits, ZeroAndNonFiniteAreWrittenAsStdToCharsWritesThem) {
    EXPECT_EQ(significant_digits(0.0, 3).digits, "000");
    EXPECT_EQ(significant_digits(0.0, 3).exponent, 0);
    EXPECT_TRUE(significant_digits(-0.0, 2).negative);
    EXPECT_TRUE(significant_digits(-std::numeric_limits<double>::infinity(), 2).negative);
}

}  // namespace
