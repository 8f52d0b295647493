// TRAININGFLOP as Calc calls it, with the FLOP per parameter and token given in each way a cell can give it: a
// number, a text (long enough to live outside the string's own bytes), and a range of two cells. The expected
// values are the product 70e9 × 2e12 × FLOP-per-token written out. Under AddressSanitizer (scripts/sanitize.sh)
// these also check that the argument is read while it is alive: the bindings keep views into it.
#include <gtest/gtest.h>

#include <string>

#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

TEST(SheetTrainingFlop, ReadsTheFlopPerTokenInEveryForm) {
    const Arg none;
    EXPECT_DOUBLE_EQ(*training_flop(70e9, 2e12, none, none), 8.4e23);  // 6 FLOP per parameter per token
    EXPECT_DOUBLE_EQ(*training_flop(70e9, 2e12, 8.0, none), 1.12e24);
    // 17 characters: the text's bytes are on the heap, not inside the string.
    EXPECT_DOUBLE_EQ(*training_flop(70e9, 2e12, std::string("((((((((8))))))))"), none), 1.12e24);
    Cells range;
    range.rows = 1;
    range.columns = 2;
    range.cells = {std::string("((((((((6))))))))"), std::string("((((((((8))))))))")};
    EXPECT_DOUBLE_EQ(*training_flop(70e9, 2e12, range, std::string("low")), 8.4e23);
    EXPECT_DOUBLE_EQ(*training_flop(70e9, 2e12, range, std::string("high")), 1.12e24);
}

}  // namespace
}  // namespace ballpark::sheet
