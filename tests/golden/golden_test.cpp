// Golden files: plain-text batches of input lines, each followed by the output it must give. A file is one
// session, so later lines see earlier variables. In parse.golden the output is the syntax tree; elsewhere it is
// the formatted result or "error: <sentence>". Lines that print nothing (function definitions) have no output line.
//
//   # a comment
//   > 6 FLOP * 70 billion * 2 trillion
//   8.40 × 10²³ FLOP
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "notebook.hpp"
#include "language/parser.hpp"
#include "syntax_tree_printer.hpp"
#include "units/unit_registry.hpp"

namespace {

struct Case {
    int line = 0;
    std::string input;
    std::vector<std::string> expected;
};

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

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
        }
        EXPECT_EQ(actual, c.expected) << GetParam() << ":" << c.line << ": " << c.input;
    }
}

INSTANTIATE_TEST_SUITE_P(Files, GoldenFile,
                         testing::Values("parse.golden", "convert.golden", "format.golden", "display.golden", "errors.golden",
                                         "seed.golden", "units.golden"),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             return name;
                         });

TEST(ExampleNotebook, PrintsTheFourSeedResultsUnderTheirBlocks) {
    const std::filesystem::path notebook = std::filesystem::path(BALLPARK_EXAMPLES_DIR) / "llama-gpu-hours.md";
    const auto out = ballpark::cli::run_notebook(read_file(notebook), "llama-gpu-hours.md", {});
    EXPECT_EQ(out.error_count, 0) << out.errors;
    // The notebook's reference figures, independent of the rest of the document's wording.
    for (const char* line : {"> per_param_token = 6.00 FLOP\n", "> compute = 8.40 × 10²³ FLOP\n",
                             "> gpu_time as million hour = 1.7 [1.4, 2.1] million hour {time}\n",
                             "> llama3 = 24 [19, 30] million hour {time}\n"}) {
        EXPECT_NE(out.document.find(line), std::string::npos) << "missing: " << line;
    }
    // Implied utilization: 8.4e23 / (312e12 × 1.72e6 × 3600) = 0.4348; 3.7908e25 / (989e12 × 30.84e6 × 3600) = 0.3452.
    EXPECT_NE(out.document.find("= 43.5%\n"), std::string::npos);
    EXPECT_NE(out.document.find("= 34.5%\n"), std::string::npos);
}

TEST(ExampleNotebook, NamesFileLineAndColumnOfAnError) {
    const auto out = ballpark::cli::run_notebook("text\n```\nx = 2 hourz\n```\n", "bad.md", {});
    EXPECT_EQ(out.error_count, 1);
    EXPECT_EQ(out.errors.rfind("bad.md:3:7: error: Unknown unit \"hourz\" at column 7.", 0), 0u) << out.errors;
}

TEST(ExampleNotebook, ShowsEveryLineWithAll) {
    ballpark::cli::NotebookOptions options;
    options.all_lines = true;
    const auto out = ballpark::cli::run_notebook("```\nx = 2 hour\nx * 3\n```\n", "all.md", options);
    EXPECT_EQ(out.document, "```\nx = 2 hour\n> x = 2.00 hour\nx * 3\n> x * 3 = 6.00 hour\n```\n");
}

TEST(ExampleNotebook, LeavesBlocksOfOtherLanguagesAlone) {
    const auto out = ballpark::cli::run_notebook("```python\nx = 2 hourz\n```\n", "py.md", {});
    EXPECT_EQ(out.error_count, 0);
    EXPECT_EQ(out.document, "```python\nx = 2 hourz\n```\n");
}

}  // namespace
