// Evaluates a Markdown notebook: fenced code blocks run in order in one session, and each block's result
// (or every line's, with all_lines) is written under it as a quoted line.
#pragma once

#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"

namespace ballpark::cli {

struct NotebookOptions {
    bool all_lines = false;
    FormatOptions format;
    EvaluationOptions evaluation;  // the mode a notebook starts in; a `mode dist` line changes it
};

struct NotebookOutput {
    std::string document;  // the input with result lines added
    std::string errors;    // one "file:line:column: error: sentence" per failed line
    int error_count = 0;
};

// Blocks fenced with ``` or ~~~ and no info string, or the info string "ballpark", are evaluated;
// other blocks (```text, ```python) are copied as they are.
NotebookOutput run_notebook(std::string_view text, std::string_view file_name, const NotebookOptions& options);

}  // namespace ballpark::cli
