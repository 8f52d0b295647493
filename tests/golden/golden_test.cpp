// Golden files: plain-text batches of input lines, each followed by the output it must give. A file is one
// session, so later lines see earlier variables. In parse.golden the output is the syntax tree; elsewhere it is
// the formatted result or "error: <sentence>". Lines that print nothing (function definitions) have no output line.
// A `histogram EXPRESSION` line's output is its picture, one output line per line; in histogram_ascii.golden drawn
// as --ascii draws it.
//
//   # a comment
//   > 6 FLOP * 70 billion * 2 trillion
//   8.40 × 10²³ FLOP
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/format.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/session.hpp"
#include "language/parser.hpp"
#include "read_file.hpp"
#include "syntax_tree_printer.hpp"
#include "units/unit_registry.hpp"

namespace {

struct Case {
    int line = 0;
    std::string input;
    std::vector<std::string> expected;
};

std::vector<Case> read_cases(const std::filesystem::path& path) {
    std::vector<Case> cases;
    std::istringstream in(read_file(path));
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        if (line.rfind("> ", 0) == 0) {
            cases.push_back(Case{number, line.substr(2), {}});
        } else if (!cases.empty()) {
            cases.back().expected.push_back(line);
        } else {
            ADD_FAILURE() << path << ":" << number << ": output before any input line";
        }
    }
    return cases;
}

std::string parse_output(const std::string& input) {
    try {
        return ballpark::to_s_expression(*ballpark::parse_statement(input, ballpark::UnitRegistry::instance()));
    } catch (const ballpark::ErrorException& e) {
        return "error: " + e.error().sentence();
    }
}

class GoldenFile : public testing::TestWithParam<std::string> {};

TEST_P(GoldenFile, GivesTheRecordedOutputForEveryLine) {
    const std::filesystem::path path = std::filesystem::path(BALLPARK_GOLDEN_DIR) / GetParam();
    const bool parse_mode = path.stem() == "parse";
    const bool ascii_pictures = path.stem() == "histogram_ascii";
    const auto cases = read_cases(path);
    ASSERT_FALSE(cases.empty()) << path << " holds no cases";
    ballpark::Session session;
    ballpark::FormatOptions ascii;
    ascii.ascii = true;
    for (const Case& c : cases) {
        std::vector<std::string> actual;
        if (parse_mode) {
            actual.push_back(parse_output(c.input));
        } else {
            const auto result = session.run(c.input);
            if (!result) actual.push_back("error: " + result.error().sentence());
            else if (result->value) actual.push_back(ballpark::format(*result->value));
            else if (result->histogram) {
                std::istringstream lines(ballpark::format_histogram(*result->histogram, ascii_pictures ? ascii : ballpark::FormatOptions{}));
                for (std::string line; std::getline(lines, line);) actual.push_back(line);
            }
        }
        EXPECT_EQ(actual, c.expected) << GetParam() << ":" << c.line << ": " << c.input;
    }
}

INSTANTIATE_TEST_SUITE_P(Files, GoldenFile,
                         testing::Values("parse.golden", "convert.golden", "format.golden", "display.golden", "errors.golden",
                                         "seed.golden", "units.golden", "histogram.golden",
                                         "histogram_ascii.golden"),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             return name;
                         });

}  // namespace
