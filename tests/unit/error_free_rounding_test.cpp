// The error-free rounding policy against exact arithmetic: every operand and result is converted to an exact
// rational (Boost.Multiprecision), and each bound must enclose the exact result and be the closest double that
// does (a tight bound, as a switched FPU rounding mode gives). Near the subnormal range the policy may give one
// ulp more, which is checked as enclosure only.
//
// Why not compare with Boost.Interval's own mode-switching policy: GCC merges the down and up computations of
// x + y across the fesetround calls even with -frounding-math (GCC bug 34678), so that reference is unreliable.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "numeric/error_free_rounding.hpp"
#include "unit/exact_rational.hpp"

namespace {

using ballpark::testing_support::exact;
using ballpark::testing_support::Rational;
constexpr double inf = std::numeric_limits<double>::infinity();

double random_operand(std::mt19937_64& rng, int min_exponent, int max_exponent) {
    std::uniform_real_distribution<double> mantissa(1.0, 2.0);
    std::uniform_int_distribution<int> exponent(min_exponent, max_exponent);
    std::bernoulli_distribution negative(0.5);
    const double x = std::ldexp(mantissa(rng), exponent(rng));
    return negative(rng) ? -x : x;
}

// down ≤ value ≤ up, and (when tight) no double lies strictly between the bound and the value; otherwise the
// bounds are at most two ulps apart.
void expect_bounds(double down, double up, const Rational& value, bool tight, const std::string& what) {
    ASSERT_LE(exact(down), value) << what;
    ASSERT_GE(exact(up), value) << what;
    if (tight) {
        ASSERT_GT(exact(std::nextafter(down, inf)), value) << what << ": lower bound not the closest";
        ASSERT_LT(exact(std::nextafter(up, -inf)), value) << what << ": upper bound not the closest";
    } else {
        ASSERT_LE(up, std::nextafter(std::nextafter(down, inf), inf)) << what << ": more than two ulps wide";
    }
}

enum class Op { add, subtract, multiply, divide, root };

void check(Op op, int min_exponent, int max_exponent, bool tight, int count = 20000) {
    std::mt19937_64 rng(20261129);
    ballpark::ErrorFreeRounding r;
    for (int i = 0; i < count; ++i) {
        const double x = random_operand(rng, min_exponent, max_exponent);
        const double y = random_operand(rng, min_exponent, max_exponent);
        const std::string what = std::to_string(x) + " and " + std::to_string(y);
        switch (op) {
            case Op::add: expect_bounds(r.add_down(x, y), r.add_up(x, y), exact(x) + exact(y), tight, what); break;
            case Op::subtract: expect_bounds(r.sub_down(x, y), r.sub_up(x, y), exact(x) - exact(y), tight, what); break;
            case Op::multiply: expect_bounds(r.mul_down(x, y), r.mul_up(x, y), exact(x) * exact(y), tight, what); break;
            case Op::divide: expect_bounds(r.div_down(x, y), r.div_up(x, y), exact(x) / exact(y), tight, what); break;
            case Op::root: {
                const double v = std::abs(x);
                const double down = r.sqrt_down(v), up = r.sqrt_up(v);
                // √v is irrational in general, so compare squares: down² ≤ v ≤ up².
                ASSERT_LE(exact(down) * exact(down), exact(v)) << what;
                ASSERT_GE(exact(up) * exact(up), exact(v)) << what;
                if (tight) {
                    const double next = std::nextafter(down, inf);
                    ASSERT_GT(exact(next) * exact(next), exact(v)) << what;
                }
                break;
            }
        }
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(ErrorFreeRounding, AddsWithTheTightestEnclosingBounds) { check(Op::add, -60, 60, true); }
TEST(ErrorFreeRounding, SubtractsWithTheTightestEnclosingBounds) { check(Op::subtract, -60, 60, true); }
TEST(ErrorFreeRounding, MultipliesWithTheTightestEnclosingBounds) { check(Op::multiply, -200, 200, true); }
TEST(ErrorFreeRounding, DividesWithTheTightestEnclosingBounds) { check(Op::divide, -200, 200, true); }
TEST(ErrorFreeRounding, TakesSquareRootsWithTheTightestEnclosingBounds) { check(Op::root, -300, 300, true); }
TEST(ErrorFreeRounding, AddsSubnormalsWithTheTightestBoundsToo) { check(Op::add, -1074, -1000, true, 5000); }
TEST(ErrorFreeRounding, StillEnclosesProductsNearTheSubnormalRange) { check(Op::multiply, -560, -480, false, 5000); }
TEST(ErrorFreeRounding, StillEnclosesQuotientsNearTheSubnormalRange) { check(Op::divide, -1000, -900, false, 5000); }

TEST(ErrorFreeRounding, KeepsExactResultsExact) {
    ballpark::ErrorFreeRounding r;
    EXPECT_EQ(r.mul_down(6.0, 70e9), 420e9);
    EXPECT_EQ(r.mul_up(6.0, 70e9), 420e9);
    EXPECT_EQ(r.add_down(0.5, 0.25), 0.75);
    EXPECT_EQ(r.div_up(1.0, 4.0), 0.25);
    EXPECT_EQ(r.sqrt_down(16.0), 4.0);
}

TEST(ErrorFreeRounding, KeepsAnUnderflowingPositiveProductAtOrAboveZero) {
    ballpark::ErrorFreeRounding r;
    EXPECT_EQ(r.mul_down(1e-200, 1e-200), 0.0);
    EXPECT_GT(r.mul_up(1e-200, 1e-200), 0.0);
    EXPECT_LT(r.mul_down(-1e-200, 1e-200), 0.0);
    EXPECT_EQ(r.mul_up(-1e-200, 1e-200), 0.0);
}

TEST(ErrorFreeRounding, ConvertsLongDoublesToTheTightestEnclosingDoubles) {
    // conv_down/conv_up turn a long double (64-bit significand) into the doubles just below and above it;
    // Boost.Interval uses them when an interval is built from a wider type.
    std::mt19937_64 rng(20261130);
    std::uniform_int_distribution<std::uint64_t> bits;
    ballpark::ErrorFreeRounding r;
    for (int i = 0; i < 20000; ++i) {
        const int e = static_cast<int>(bits(rng) % 400) - 200;
        long double v = std::ldexp(static_cast<long double>(bits(rng) | (std::uint64_t{1} << 63)), e - 63);
        if (i % 2) v = -v;
        const double down = r.conv_down(v), up = r.conv_up(v);
        ASSERT_LE(static_cast<long double>(down), v);
        ASSERT_GE(static_cast<long double>(up), v);
        ASSERT_GT(static_cast<long double>(std::nextafter(down, inf)), v);
        ASSERT_LT(static_cast<long double>(std::nextafter(up, -inf)), v);
    }
    EXPECT_EQ(r.conv_down(0.5L), 0.5);  // a long double that is a double stays itself
    EXPECT_EQ(r.conv_up(0.5L), 0.5);
}

}  // namespace
