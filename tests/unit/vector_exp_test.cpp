// Unit tests of the vectorizable exp (core/src/vector_exp.hpp) against the C library's std::exp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "values/distribution/vector_exp.hpp"

namespace ballpark {
namespace {

TEST(VectorExp, AgreesWithTheCLibraryToAboutOneRoundingOverTheWholeRange) {
    std::vector<double> x;
    for (double v = -708; v <= 709; v += 0.0137) x.push_back(v);
    for (double v : {0.0, -0.0, 1e-300, -1e-300, 0.5 * std::log(2.0), -0.5 * std::log(2.0), 1.0, 708.9, -707.9}) x.push_back(v);
    std::vector<double> y = x;
    exp_in_place(y.data(), y.size());
    for (std::size_t k = 0; k < x.size(); ++k) {
        const double expected = std::exp(x[k]);
        ASSERT_NEAR(y[k], expected, 3e-16 * expected) << "exp(" << x[k] << ")";
    }
}

TEST(VectorExp, AppliesScaleAndOffset) {
    std::vector<double> y = {0.0, 1.0, -2.0};
    exp_in_place(y.data(), y.size(), -3, 10);
    EXPECT_DOUBLE_EQ(y[0], 7);
    EXPECT_NEAR(y[1], 10 - 3 * std::exp(1.0), 1e-14);  // 10 - 8.15: the difference cancels digits
    EXPECT_DOUBLE_EQ(y[2], 10 - 3 * std::exp(-2.0));
}

TEST(VectorExp, OverflowUnderflowAndNaNBehaveAsTheCLibrary) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> y = {1.0, 710.0, -745.0, -800.0, nan};
    exp_in_place(y.data(), y.size());
    EXPECT_DOUBLE_EQ(y[0], std::exp(1.0));
    EXPECT_EQ(y[1], std::numeric_limits<double>::infinity());
    EXPECT_EQ(y[2], std::exp(-745.0));  // subnormal
    EXPECT_EQ(y[3], 0);
    EXPECT_TRUE(std::isnan(y[4]));
}

}  // namespace
}  // namespace ballpark
