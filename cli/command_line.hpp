// The command line of the ballpark tool: what to read, and how.
#pragma once

#include <expected>
#include <string>
#include <vector>

#include "notebook.hpp"

namespace ballpark::cli {

// What --help prints; the modes' lines come from their table (ballpark/mode.hpp).
std::string usage();

struct Invocation {
    enum class Source { expressions, notebook, standard_input };
    Source source = Source::standard_input;
    std::vector<std::string> expressions;  // the -e texts, in order
    std::string notebook;                  // the notebook's path
    NotebookOptions options;
    bool help = false;
    bool version = false;
};

// The invocation, or a sentence saying what is wrong with the arguments (the tool then exits with status 2).
// Arguments that contradict each other are errors rather than being silently ignored: -e with a notebook, --all
// without one, two notebooks, two different modes.
std::expected<Invocation, std::string> parse_command_line(const std::vector<std::string>& arguments);

}  // namespace ballpark::cli
