// The mode table's columns as the rest of the code asks them (ballpark/mode.hpp): the label a text is known by, the
// mode of an Ends, and that a mode's faster mode for inputs used once gives its results.
#include <gtest/gtest.h>

#include <optional>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/mode.hpp"

namespace ballpark {
namespace {

TEST(ModeTable, ATextWithTheNinetyPercentLabelIsAResultOfTheDistributionMode) {
    EXPECT_EQ(mode_labelled_in("1.7 [90%: 1.4, 2.1] million hour"), Mode::distribution);
    // The label may follow another bracket, and needs its colon and no space inside.
    EXPECT_EQ(mode_labelled_in("2 [1, 3] + 1.7 [90%: 1.4, 2.1]"), Mode::distribution);
    EXPECT_EQ(mode_labelled_in("1.7 [1.4, 2.1] million hour"), std::nullopt);
    EXPECT_EQ(mode_labelled_in("1.7 [90% 1.4, 2.1]"), std::nullopt);
    EXPECT_EQ(mode_labelled_in("1.7 [90 %: 1.4, 2.1]"), std::nullopt);
    EXPECT_EQ(mode_labelled_in("90%: 1.4"), std::nullopt);
    EXPECT_EQ(mode_labelled_in(""), std::nullopt);
}

TEST(ModeTable, PercentilesAreTheDistributionModesAndBoundsTheDefaultModes) {
    EXPECT_EQ(first_mode_with(Ends::bounds), Mode::bounds);
    EXPECT_EQ(first_mode_with(Ends::percentiles), Mode::distribution);
    EXPECT_EQ(reading_label(Ends::percentiles), "90%");
    EXPECT_EQ(reading_label(Ends::bounds), "");
    EXPECT_EQ(mode_info(Mode::bounds).inputs_once, Mode::interval);
    EXPECT_EQ(mode_info(Mode::distribution).tornado, Ends::percentiles);
    EXPECT_EQ(mode_info(Mode::interval).tornado, Ends::bounds);
}

// A result printed with its label reads back in the mode the label names, and only there.
TEST(ModeTable, EveryLabelledRowReadsItsOwnPrintedResultBack) {
    for (const ModeInfo& row : mode_table) {
        if (row.label.empty()) continue;
        const auto q = evaluate("2 to 8", {}, EvaluationOptions{row.mode});
        ASSERT_TRUE(q.has_value());
        FormatOptions labelled;
        labelled.reading_label = true;
        const std::string text = format(*q, labelled);
        EXPECT_EQ(mode_labelled_in(text), row.mode) << text;
        EXPECT_TRUE(evaluate(text, {}, EvaluationOptions{row.mode}).has_value()) << text;
        for (const ModeInfo& other : mode_table) {
            if (other.results == row.results) continue;
            const auto refused = evaluate(text, {}, EvaluationOptions{other.mode});
            ASSERT_FALSE(refused.has_value()) << text << " in " << other.name;
            EXPECT_EQ(refused.error().kind, ErrorKind::mixed_readings);
            EXPECT_EQ(refused.error().mode, row.mode);
        }
    }
}

}  // namespace
}  // namespace ballpark
