#include "interactive.hpp"

// libedit's readline-compatible interface (BSD licence); GNU readline itself is GPL, which MPL-2.0 code cannot use.
#include <editline/readline.h>

#include <clocale>
#include <cstdlib>
#include <memory>
#include <string>

#include "answer.hpp"
#include "ballpark/session.hpp"

namespace ballpark::cli {
namespace {

constexpr int history_length = 1000;

std::string history_path() {
    if (const char* path = std::getenv("BALLPARK_HISTORY")) return path;
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.ballpark_history";
    return {};
}

struct FreeDeleter {
    void operator()(char* p) const { std::free(p); }
};

}  // namespace

int run_interactive(const NotebookOptions& options, Output& out) {
    // libedit reads multi-byte characters (×, ², µ) by the locale's encoding; only LC_CTYPE, so numbers are untouched.
    std::setlocale(LC_CTYPE, "");
    rl_readline_name = "ballpark";
    rl_inhibit_completion = 1;  // Tab would complete file names, which are never part of an expression
    using_history();
    stifle_history(history_length);
    const std::string history = history_path();
    if (!history.empty()) read_history(history.c_str());

    out.write("Ballpark: an expression, name = expression, f(x) = expression, mode dist or tornado expression "
              "on each line; Ctrl-D ends.\n");
    out.flush();
    Session session(options.evaluation);
    while (!out.failed()) {
        const std::unique_ptr<char, FreeDeleter> read(readline("> "));
        if (!read) {
            out.write("\n");  // Ctrl-D leaves the cursor after the prompt
            break;
        }
        const std::string line = read.get();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        add_history(line.c_str());
        // Written after each line, so an interrupted session (Ctrl-C, a closed terminal) keeps its history. A
        // history that cannot be written is not worth stopping the session for.
        if (!history.empty()) write_history(history.c_str());
        answer_line(session, line, options.format, out);
        out.flush();
    }
    return 0;
}

}  // namespace ballpark::cli
