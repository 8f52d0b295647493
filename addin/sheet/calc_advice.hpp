// Calc's words for an error: the core's sentence, with the advice a sheet can follow for errors of some kinds (which
// part to ask for, which sheet function). The command line words its own (cli/advice.hpp).
#pragma once

#include <string>

#include "ballpark/error.hpp"

namespace ballpark::sheet {

// The message, the advice for the error's kind, if any, and the hint, as one line for a cell or QTYERROR.
std::string calc_sentence(const Error& error);

}  // namespace ballpark::sheet
