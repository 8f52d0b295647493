// The typed view of the sheet functions' arguments (addin/sheet/meanings.hpp): each meaning's reader gives the
// implementation its argument read, and a sentence about a wrong one names the function of the row that read it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ballpark/mode.hpp"
#include "meanings.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using detail::read_figures;
using detail::read_part;
using detail::read_parts;
using detail::read_rank;
using detail::read_reading;
using detail::read_whole;

TEST(SheetMeanings, PartsArriveParsedInOrderAndNoneWhenEmpty) {
    const auto picks = read_parts(Arg{std::string("p5 median, high")});
    ASSERT_TRUE(picks) << picks.error().sentence();
    ASSERT_EQ(picks->size(), 3u);
    EXPECT_EQ((*picks)[0].kind, Pick::Kind::percentile);
    EXPECT_EQ((*picks)[0].percent, 5.0);
    EXPECT_EQ((*picks)[1].percent, 50.0);
    EXPECT_EQ((*picks)[2].kind, Pick::Kind::high);
    for (const Arg& empty : {Arg{}, Arg{std::string(" ")}}) {
        const auto none = read_parts(empty);
        ASSERT_TRUE(none);
        EXPECT_TRUE(none->empty());
    }
    const auto low = read_part(Arg{std::string("LOW")});
    ASSERT_TRUE(low);
    EXPECT_EQ(low->kind, Pick::Kind::low);
    EXPECT_EQ(read_part(Arg{})->kind, Pick::Kind::central);
    const auto wrong = read_part(Arg{std::string("p100")});
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().input, "part");
}

TEST(SheetMeanings, AReadingArrivesAsTheModeOfItsRow) {
    const auto ninety = read_reading(Arg{std::string("90%")}, "reading");
    ASSERT_TRUE(ninety) << ninety.error().sentence();
    ASSERT_TRUE(ninety->has_value());
    EXPECT_EQ(mode_info(**ninety).sheet_function, "QTYDIST");
    EXPECT_FALSE(read_reading(Arg{}, "reading")->has_value());
    const auto wrong = read_reading(Arg{std::string("50%")}, "reading");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().message.rfind("reading should name a reading, but it is", 0), 0u) << wrong.error().message;
}

TEST(SheetMeanings, AWholeNumberIsWithinItsLimitsAndItsSentenceNamesTheFunction) {
    EXPECT_EQ(*read_whole(Arg{}, "QTYBINS", "bins", 20, 1000), 20u);
    EXPECT_EQ(*read_whole(Arg{1000.0}, "QTYBINS", "bins", 20, 1000), 1000u);
    for (const Arg& wrong : {Arg{1001.0}, Arg{0.0}, Arg{2.5}, Arg{std::string("ten")}}) {
        const auto refused = read_whole(wrong, "QTYBINS", "bins", 20, 1000);
        ASSERT_FALSE(refused);
        EXPECT_EQ(refused.error().sheet_function, "QTYBINS");
        EXPECT_EQ(refused.error().input, "bins");
        EXPECT_EQ(refused.error().message.rfind("QTYBINS needs bins to be a whole number from 1 to 1000, but it is ", 0), 0u)
            << refused.error().message;
    }
}

TEST(SheetMeanings, FiguresAndRanksAreWholeNumbersFromOne) {
    EXPECT_EQ(*read_figures(Arg{}, "QTYTEXT", "digits"), 0);
    EXPECT_EQ(*read_figures(Arg{17.0}, "QTYTEXT", "digits"), 17);
    const auto eighteen = read_figures(Arg{18.0}, "QTYTEXT", "digits");
    ASSERT_FALSE(eighteen);
    EXPECT_EQ(eighteen.error().message, "QTYTEXT needs digits to be a whole number from 1 to 17, but it is 18.");
    EXPECT_EQ(*read_rank(Arg{}, "rank"), 1u);
    EXPECT_EQ(*read_rank(Arg{3.0}, "rank"), 3u);
    EXPECT_FALSE(read_rank(Arg{0.5}, "rank"));
}

TEST(SheetMeanings, AFunctionOfTheSheetLayerReadsItsArgumentsBeforeItsImplementationRuns) {
    // QTYBINS refuses its bins before it reads its expression, which is wrong too: the bins are read first.
    const std::vector<Arg> none;
    const auto refused = qty_bins(Arg{std::string("1 +")}, Arg{0.0}, Arg{}, none);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().sheet_function, "QTYBINS");
    EXPECT_EQ(refused.error().input, "bins");
    // A part read for QTYVALUE reaches the implementation parsed: three numbers, low ≤ central ≤ high.
    const auto three = qty_value_cells(Arg{std::string("1 to 3")}, Arg{}, Arg{std::string("low central high")}, none);
    ASSERT_TRUE(three) << three.error().sentence();
    const auto& row = std::get<std::vector<double>>(*three);
    EXPECT_EQ(row, (std::vector<double>{1.0, 2.0, 3.0}));
}

}  // namespace
}  // namespace ballpark::sheet
