// QTY and QTYDIST of a number given as the expression (`=QTY(A1)` down a column), which the sheet layer writes
// without evaluating: the text must be the one the evaluator gives the same number bound to a name, in both
// readings, and the recipe behind it must read back as the number itself.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;

// Numbers of every size and sign, and the cases the formatter treats apart: zero, whole numbers from 1,000 to a
// million (all their digits), ties of the third digit, powers of ten and their neighbours, the ends of doubles.
std::vector<double> numbers() {
    std::vector<double> out = {0.0,    -0.0,    1.0,     -1.0,   0.001,   0.000999, 999.5,  1000.0, 123456.0, 999999.0,
                               1e6,    1.005,   2.675,   1.125,  9.995e9, 1e9,      4e12,   -3.5e-7, 5e-324,  1.7976931348623157e308,
                               2.2250738585072014e-308, 123456.5, 1e-3 * 0.9995};
    std::mt19937_64 random(33);
    std::uniform_real_distribution<double> exponent(-40, 40);
    std::uniform_real_distribution<double> mantissa(1, 10);
    for (int k = 0; k < 400; ++k) {
        const double x = mantissa(random) * std::pow(10.0, exponent(random));
        out.push_back(k % 2 ? x : -x);
    }
    for (double x = 1e9; x <= 4e12; x += 7e9) out.push_back(x);
    return out;
}

std::string shown(const Result<std::string>& text) {
    EXPECT_TRUE(text) << text.error().sentence();
    return text ? std::string(split_key(*text).shown) : std::string("(error)");
}

TEST(SheetQtyNumber, ANumberShowsAsTheEvaluatorShowsTheSameNumberBoundToAName) {
    for (double x : numbers()) {
        EXPECT_EQ(shown(qty(Arg{x}, Arg{}, {})), shown(qty(std::string("x"), Arg{}, Args{std::string("x"), x}))) << x;
        EXPECT_EQ(shown(qty_dist(Arg{x}, Arg{}, {})), shown(qty_dist(std::string("x"), Arg{}, Args{std::string("x"), x})))
            << x;
        // A blank unit is no unit.
        EXPECT_EQ(shown(qty(Arg{x}, Arg{std::string(" ")}, {})), shown(qty(std::string("x"), Arg{}, Args{std::string("x"), x})))
            << x;
    }
}

TEST(SheetQtyNumber, ANumbersResultReadsBackAsTheNumberInItsReading) {
    for (double x : numbers()) {
        const Result<std::string> bounds = qty(Arg{x}, Arg{}, {});
        const Result<std::string> ninety = qty_dist(Arg{x}, Arg{}, {});
        ASSERT_TRUE(bounds && ninety);
        ASSERT_TRUE(split_key(*bounds).key && split_key(*ninety).key) << x;
        // Read through its recipe, at full precision: the number itself, not its three printed digits.
        const Result<double> central = qty_value(*bounds, Arg{}, Arg{}, {});
        ASSERT_TRUE(central) << central.error().sentence();
        EXPECT_EQ(*central, x);
        const Result<double> median = qty_value(*ninety, Arg{}, Arg{std::string("median")}, {});
        ASSERT_TRUE(median) << median.error().sentence();
        EXPECT_EQ(*median, x);
        // The same cell recalculated is the same result: the same key.
        EXPECT_EQ(split_key(*qty(Arg{x}, Arg{}, {})).key, split_key(*bounds).key);
        EXPECT_NE(split_key(*ninety).key, split_key(*bounds).key);
    }
}

TEST(SheetQtyNumber, ANumberWithAUnitOrPairsStillGoesThroughTheEvaluator) {
    // A unit for a number without a dimension is refused, as before; a pair is bound and unused.
    EXPECT_FALSE(qty(Arg{3.0}, Arg{std::string("hour")}, {}));
    EXPECT_EQ(shown(qty(Arg{3.0}, Arg{}, Args{std::string("y"), 2.0})), "3.00");
}

}  // namespace
}  // namespace ballpark::sheet
