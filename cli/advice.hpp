// The command line's words for an error: the core's sentence, with the advice this tool can give about errors of
// some kinds (which option or notebook line gives the answer). The add-in words its own (addin/sheet/calc_advice.hpp).
#pragma once

#include <string>

#include "ballpark/error.hpp"

namespace ballpark::cli {

// Where the error was met, which decides what to suggest.
enum class Where {
    command_line,  // -e, a pipe, the interactive session: an option or a line typed next
    notebook,      // a Markdown notebook: a line of the notebook
};

// The message, the advice for the error's kind, if any, and the hint, as one line.
std::string error_sentence(const Error& error, Where where);

}  // namespace ballpark::cli
