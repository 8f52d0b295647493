// The example notebook and the notebook reader's behaviour end to end (cli/notebook.cpp). Apart from the golden
// files because the notebook reader needs cmark, which the Windows build does not have.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "notebook.hpp"
#include "read_file.hpp"

namespace {

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
