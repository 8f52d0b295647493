// One line of a session and its answer, the same for -e, a pipe and the interactive session.
#pragma once

#include <string_view>

#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "output.hpp"

namespace ballpark::cli {

// Runs `line` in `session` and writes its answer to `out`: the value of an expression or assignment, a tornado,
// or the reading a `mode` line switched to (a function definition and a blank line answer nothing). A `digits N`
// line changes `format` for the lines after it. An error goes to standard error with the place it names. Returns
// false when the line was an error.
bool answer_line(Session& session, std::string_view line, FormatOptions& format, Output& out);

}  // namespace ballpark::cli
