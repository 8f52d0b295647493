// Unit tests of the shared quasi-random points (core/src/sobol_points.hpp): every column is the set of cell
// centres in a new order, two columns fill the unit square evenly, a column does not depend on how many exist,
// and the normal columns are the standard normal quantiles of the uniform ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/random/sobol.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "ballpark/error.hpp"
#include "values/distribution/sobol_points.hpp"

namespace ballpark {
namespace {

constexpr std::size_t n = sobol_points::sample_count;

TEST(SobolPoints, EveryColumnHoldsEachCellCentreExactlyOnce) {
    for (std::size_t dimension : {0u, 1u, 2u, 7u, 60u, 300u, 3666u}) {
        std::vector<double> u = *sobol_points::uniform_column(dimension);
        ASSERT_EQ(u.size(), n);
        std::sort(u.begin(), u.end());
        for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(u[k], (k + 0.5) / n) << "column " << dimension << ", value " << k;
    }
}

TEST(SobolPoints, NoValueIsZeroOrOne) {
    for (std::size_t dimension : {0u, 5u}) {
        for (double x : *sobol_points::uniform_column(dimension)) {
            ASSERT_GT(x, 0.0);
            ASSERT_LT(x, 1.0);
        }
    }
}

// The first 2^13 points of the first two columns form a (0, 13, 2)-net: every box of 2^-a by 2^-(13-a) holds
// exactly one point. Checked by counting, for every split a.
TEST(SobolPoints, TheFirstTwoColumnsPutOnePointInEveryElementaryBox) {
    const auto& x = *sobol_points::uniform_column(0);
    const auto& y = *sobol_points::uniform_column(1);
    for (int a = 0; a <= sobol_points::log2_sample_count; ++a) {
        const std::size_t cols = std::size_t{1} << a, rows = n / cols;
        std::vector<int> count(n, 0);
        for (std::size_t k = 0; k < n; ++k) {
            const auto i = static_cast<std::size_t>(x[k] * cols), j = static_cast<std::size_t>(y[k] * rows);
            ++count[i * rows + j];
        }
        EXPECT_TRUE(std::all_of(count.begin(), count.end(), [](int c) { return c == 1; })) << "split " << a;
    }
}

// The columns are computed one dimension at a time; each must equal that coordinate of Boost's own
// multi-dimensional engine (whose first point is the sequence's second: the origin comes first), shifted by half
// a cell. Checked for the first dimensions and a far one, with an engine of more dimensions than the column.
TEST(SobolPoints, EachColumnIsThatCoordinateOfBoostsSobolEngine) {
    for (const std::size_t dimension : {0u, 1u, 2u, 3u, 37u, 1000u}) {
        const auto& column = *sobol_points::uniform_column(dimension);
        boost::random::sobol_engine<std::uint32_t, 32> engine(dimension + 3);
        std::vector<std::uint32_t> point(dimension + 3);
        EXPECT_EQ(column[0], 0.5 / n);
        for (std::size_t k = 1; k < n; ++k) {
            engine.generate(point.begin(), point.end());
            ASSERT_EQ(column[k], point[dimension] / 4294967296.0 + 0.5 / n) << "dimension " << dimension << ", point " << k;
        }
    }
}

TEST(SobolPoints, NormalColumnsAreTheStandardNormalQuantilesOfTheUniformOnes) {
    const auto& u = *sobol_points::uniform_column(3);
    const auto& z = *sobol_points::normal_column(3);
    for (std::size_t k = 0; k < n; ++k) {
        // Phi(z) = erfc(-z / sqrt 2) / 2, from the C library rather than the code under test.
        const double phi = 0.5 * std::erfc(-z[k] / std::sqrt(2.0));
        ASSERT_NEAR(phi, u[k], 1e-13 + 1e-12 * std::min(u[k], 1 - u[k])) << "point " << k;
    }
}

// The sorted table behind every normal column: increasing, exactly symmetric (distribution.cpp builds a lognormal
// input's values from the lower half and reciprocals), and entry j at the standard normal quantile of (j + 0.5) / N.
TEST(SobolPoints, TheSortedNormalQuantilesAreSymmetricCellCentreQuantiles) {
    const auto& q = sobol_points::normal_quantiles();
    ASSERT_EQ(q.size(), n);
    for (std::size_t j = 0; j < n; ++j) {
        ASSERT_EQ(q[n - 1 - j], -q[j]) << "entry " << j;
        if (j > 0) {
            ASSERT_LT(q[j - 1], q[j]) << "entry " << j;
        }
        const double u = (j + 0.5) / n;
        ASSERT_NEAR(0.5 * std::erfc(-q[j] / std::sqrt(2.0)), u, 1e-13 + 1e-12 * std::min(u, 1 - u)) << "entry " << j;
    }
}

TEST(SobolPoints, AskingPastTheTableFailsWithASentence) {
    try {
        (void)sobol_points::uniform_column(sobol_points::column_limit());
        FAIL() << "expected an error";
    } catch (const ErrorException& e) {
        EXPECT_NE(e.error().message.find("at most"), std::string::npos) << e.error().message;
        // How to recover: a session that ran out of inputs starts them over with "mode dist".
        EXPECT_NE(e.error().hint.find("\"mode dist\""), std::string::npos) << e.error().hint;
        EXPECT_NE(e.error().hint.find("new session"), std::string::npos) << e.error().hint;
    }
}

}  // namespace
}  // namespace ballpark
