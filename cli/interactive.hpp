// The interactive session: `ballpark` with no arguments on a terminal.
#pragma once

#include "notebook.hpp"
#include "output.hpp"

namespace ballpark::cli {

// Reads statements with line editing and history (libedit) until end of input (Ctrl-D) and answers each at once.
// The history is kept in $BALLPARK_HISTORY, or ~/.ballpark_history when that is not set; an empty
// BALLPARK_HISTORY keeps none. Errors are shown as they happen and do not end the session, so it returns 0 unless
// writing failed.
int run_interactive(const NotebookOptions& options, Output& out);

}  // namespace ballpark::cli
