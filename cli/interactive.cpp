#include "interactive.hpp"

// libedit's readline-compatible interface (BSD licence); GNU readline itself is GPL, which MPL-2.0 code cannot use.
#include <editline/readline.h>

#include <langinfo.h>

#include <clocale>
#include <csignal>
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

// libedit reads multi-byte characters (×, ², µ) by LC_CTYPE's encoding, and in the C locale, which a container or
// an ssh session without LANG has, it drops every byte above 127: "10²³ FLOP" became 10 FLOP. Ballpark's input is
// UTF-8 whatever the locale says, so a locale without it is replaced by C.UTF-8 for LC_CTYPE alone (numbers are
// untouched), or by another common UTF-8 locale when that one is missing.
void read_utf8_in_any_locale() {
    std::setlocale(LC_CTYPE, "");
    const std::string codeset = nl_langinfo(CODESET);
    if (codeset == "UTF-8" || codeset == "utf8") return;
    for (const char* name : {"C.UTF-8", "C.utf8", "en_US.UTF-8"}) {
        if (std::setlocale(LC_CTYPE, name)) return;
    }
}

// Ctrl-C clears the line being typed, as in a shell, instead of ending the session. The handler only notes it;
// installed without SA_RESTART it makes libedit's read fail, readline returns, and the loop starts a fresh line.
volatile std::sig_atomic_t interrupted = 0;
void note_interrupt(int) { interrupted = 1; }

}  // namespace

int run_interactive(const NotebookOptions& options, Output& out) {
    read_utf8_in_any_locale();
    struct sigaction on_interrupt {};
    on_interrupt.sa_handler = note_interrupt;
    sigemptyset(&on_interrupt.sa_mask);
    on_interrupt.sa_flags = 0;  // no SA_RESTART: the read in readline must return
    sigaction(SIGINT, &on_interrupt, nullptr);
    rl_readline_name = "ballpark";
    rl_inhibit_completion = 1;  // Tab would complete file names, which are never part of an expression
    using_history();
    stifle_history(history_length);
    const std::string history = history_path();
    if (!history.empty()) read_history(history.c_str());
    FormatOptions format = options.format;  // a `digits N` line changes it for the lines after it

    out.write("Ballpark: an expression, name = expression, f(x) = expression, mode " +
              std::string(mode_name(mode_info(options.evaluation.mode).percentiles_in)) +
              ", digits 4, tornado expression or histogram expression on each line; Ctrl-D ends.\n");
    out.flush();
    Session session(options.evaluation);
    int status = 0;  // 1 once a line was an error, as for a pipe and -e
    while (!out.failed()) {
        interrupted = 0;
        const std::unique_ptr<char, FreeDeleter> read(readline("> "));
        if (interrupted) {
            out.write("\n");  // the half-typed line is dropped
            out.flush();
            continue;
        }
        if (!read) {
            out.write("\n");  // Ctrl-D leaves the cursor after the prompt
            break;
        }
        const std::string line = read.get();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        add_history(line.c_str());
        // Written after each line, so an interrupted session (a closed terminal, a kill) keeps its history. A
        // history that cannot be written is not worth stopping the session for.
        if (!history.empty()) write_history(history.c_str());
        if (!answer_line(session, line, format, out)) status = 1;
        out.flush();
    }
    return status;
}

}  // namespace ballpark::cli
