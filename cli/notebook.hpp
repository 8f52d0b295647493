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
    std::string document;  // the input, byte for byte, with result lines added
    std::string errors;    // one "file:line:column: error: sentence" per failed line
    int error_count = 0;
};

// The document's structure is read by cmark, the CommonMark reference library, so that a block is code exactly
// when a Markdown viewer shows it as code. Evaluated are the fenced blocks (``` or ~~~, any length) at the top level
// of the document whose info string is empty or starts with the word "ballpark". Copied as they are: blocks of
// other languages (```python), indented code blocks (Markdown's way to show a sample, such as a transcript, that is
// read rather than run), and fenced blocks inside lists or block quotes (a result line there would have to carry
// the container's indentation or markers to stay inside it).
NotebookOutput run_notebook(std::string_view text, std::string_view file_name, const NotebookOptions& options);

// `text` with "> " before each of its lines: a result as a Markdown block quote, including multi-line results
// such as a tornado.
std::string quote_lines(std::string_view text, std::string_view line_end = "\n");

// "mode dist: ranges are read as 90% intervals (median [p5, p95])": what a `mode` line answers, from the mode's row.
std::string mode_sentence(Mode mode);

// What a session and a notebook say of a correlation statement: the statement, and which reading uses it.
std::string correlation_sentence(std::string_view statement);

}  // namespace ballpark::cli
