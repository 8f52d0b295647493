// ballpark: evaluate expressions and notebooks from the command line.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <expected>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "answer.hpp"
#include "ballpark/session.hpp"
#include "command_line.hpp"
#include "interactive.hpp"
#include "notebook.hpp"
#include "output.hpp"

namespace {

using ballpark::cli::Output;

void print_sentence(const std::string& sentence) {
    const std::string text = "error: " + sentence + "\n";
    std::fwrite(text.data(), 1, text.size(), stderr);
}

// The notebook's text, or a sentence saying why it cannot be read: a missing file, a directory, no permission.
std::expected<std::string, std::string> read_notebook(const std::string& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found) {
        return std::unexpected("Cannot read the notebook \"" + path + "\": there is no such file.");
    }
    if (status.type() == std::filesystem::file_type::directory) {
        return std::unexpected("\"" + path + "\" is a directory; give the path of a Markdown notebook file.");
    }
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return std::unexpected("Cannot read the notebook \"" + path + "\": " + std::strerror(errno) + ".");
    std::string text;
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
    const bool failed = std::ferror(file) != 0;
    const int error = errno;
    std::fclose(file);
    if (failed) return std::unexpected("Cannot read the notebook \"" + path + "\": " + std::strerror(error) + ".");
    return text;
}

// Expressions from -e, or statements from a pipe or file: each answered as soon as it is read, so that a program
// at the other end of a pipe can hold a conversation.
int run_lines(const std::vector<std::string>& lines, const ballpark::cli::NotebookOptions& options, Output& out) {
    ballpark::Session session(options.evaluation);
    ballpark::FormatOptions format = options.format;  // a `digits N` line changes it for the lines after it
    int status = 0;
    for (const std::string& line : lines) {
        if (!ballpark::cli::answer_line(session, line, format, out)) status = 1;
    }
    return status;
}

int run_stream(std::istream& in, const ballpark::cli::NotebookOptions& options, Output& out) {
    ballpark::Session session(options.evaluation);
    ballpark::FormatOptions format = options.format;  // a `digits N` line changes it for the lines after it
    int status = 0;
    for (std::string line; !out.failed() && std::getline(in, line);) {
        if (!ballpark::cli::answer_line(session, line, format, out)) status = 1;
        out.flush();
    }
    return status;
}

int run(const ballpark::cli::Invocation& invocation, Output& out) {
    using Source = ballpark::cli::Invocation::Source;
    switch (invocation.source) {
        case Source::expressions: return run_lines(invocation.expressions, invocation.options, out);
        case Source::notebook: {
            const auto text = read_notebook(invocation.notebook);
            if (!text) {
                print_sentence(text.error());
                return 2;
            }
            const auto result = ballpark::cli::run_notebook(*text, invocation.notebook, invocation.options);
            out.write(result.document);
            std::fwrite(result.errors.data(), 1, result.errors.size(), stderr);
            return result.error_count == 0 ? 0 : 1;
        }
        case Source::standard_input:
            if (isatty(STDIN_FILENO)) return ballpark::cli::run_interactive(invocation.options, out);
            return run_stream(std::cin, invocation.options, out);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const auto invocation = ballpark::cli::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
    if (!invocation) {
        print_sentence(invocation.error());
        std::fputs("Run ballpark --help for the usage.\n", stderr);
        return 2;
    }
    Output out(stdout);
    int status = 0;
    if (invocation->help) out.write(ballpark::cli::usage());
    else if (invocation->version) out.write("ballpark " BALLPARK_VERSION "\n");
    else status = run(*invocation, out);
    out.flush();
    if (out.failed()) {
        print_sentence(out.failure_sentence());
        return 2;
    }
    return status;
}
