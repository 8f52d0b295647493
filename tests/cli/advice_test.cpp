// The command line's and notebooks' own advice for an error of a kind (cli/advice.cpp). Apart from the core's error
// kinds (tests/unit/error_kind_test.cpp) because the CLI is not built for Windows.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "advice.hpp"
#include "ballpark/api.hpp"
#include "unit/testing.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

using testing::contains;

using testing::error_of;

TEST(CommandLineAdvice, SaysWhichOptionOrLineGivesADistribution) {
    const Error e = error_of("normal(1, 2)");
    const std::string command_line = cli::error_sentence(e, cli::Where::command_line);
    EXPECT_TRUE(contains(command_line, e.message)) << command_line;
    EXPECT_TRUE(contains(command_line, "--mode=dist")) << command_line;
    const std::string notebook = cli::error_sentence(e, cli::Where::notebook);
    EXPECT_TRUE(contains(notebook, "`mode dist`")) << notebook;
    EXPECT_FALSE(contains(notebook, "--mode")) << notebook;
    // The core's hint still follows.
    EXPECT_TRUE(contains(notebook, e.hint)) << notebook;
}

TEST(CommandLineAdvice, ErrorsOfOtherKindsAreTheCoresSentence) {
    for (const char* text : {"3 hourz", "sqrt(-4)", "peak(V100)"}) {
        const Error e = error_of(text);
        EXPECT_EQ(cli::error_sentence(e, cli::Where::command_line), e.sentence()) << text;
        EXPECT_EQ(cli::error_sentence(e, cli::Where::notebook), e.sentence()) << text;
    }
}

}  // namespace
}  // namespace ballpark
