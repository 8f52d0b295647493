// The words of a reading's ends (ballpark/text.hpp), made from its row's tail (ballpark/mode.hpp): the parts a sheet
// asks for and the ordinals a sentence says, against English written out by hand.
#include <gtest/gtest.h>

#include "ballpark/api.hpp"
#include "ballpark/mode.hpp"
#include "ballpark/text.hpp"

namespace ballpark {
namespace {

TEST(PercentileWords, PartsAreWhatParsePickReads) {
    EXPECT_EQ(percentile_part(5), "p5");
    EXPECT_EQ(percentile_part(95), "p95");
    EXPECT_EQ(percentile_part(37.5), "p37.5");
    for (double percent : {0.5, 5.0, 37.5, 95.0, 99.5}) {
        const auto pick = parse_pick(percentile_part(percent));
        ASSERT_TRUE(pick) << percent;
        EXPECT_EQ(pick->kind, Pick::Kind::percentile);
        EXPECT_EQ(pick->percent, percent);
    }
}

TEST(PercentileWords, OrdinalsTakeTheirEnglishEndings) {
    const std::pair<double, const char*> cases[] = {
        {1, "1st"},   {2, "2nd"},   {3, "3rd"},   {4, "4th"},     {5, "5th"},      {11, "11th"}, {12, "12th"},
        {13, "13th"}, {21, "21st"}, {22, "22nd"}, {95, "95th"},   {0.5, "0.5th"}, {99.5, "99.5th"}, {2.5, "2.5th"},
    };
    for (const auto& [percent, words] : cases) EXPECT_EQ(percentile_ordinal(percent), words) << percent;
}

TEST(PercentileWords, TheNinetyPercentReadingEndsAtTheFifthAndNinetyFifth) {
    const ModeInfo& row = mode_info(mode_info(Mode{}).percentiles_in);
    EXPECT_EQ(row.label, "90%");
    EXPECT_EQ(low_percentile(row), 5);
    EXPECT_EQ(high_percentile(row), 95);
    // Its label is the share of the distribution between its ends.
    EXPECT_EQ(std::string(row.label), plain_text(high_percentile(row) - low_percentile(row)) + "%");
    // Rows of guaranteed bounds have nothing beyond their ends.
    for (const ModeInfo& other : mode_table) {
        if (other.results == Ends::bounds) {
            EXPECT_EQ(other.tail, 0) << other.name;
        }
    }
}

}  // namespace
}  // namespace ballpark
