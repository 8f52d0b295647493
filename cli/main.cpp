// ballpark: evaluate expressions and notebooks from the command line.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "notebook.hpp"

namespace {

constexpr const char* usage =
    "usage: ballpark -e EXPRESSION [-e EXPRESSION ...] [--mode=MODE] [--ascii]\n"
    "       ballpark NOTEBOOK.md [--all] [--mode=MODE] [--ascii]\n"
    "       ballpark < lines.txt            (one expression or assignment per line)\n"
    "\n"
    "  -e EXPR      evaluate EXPR and print the result; several -e share variables\n"
    "  --all        in a notebook, show the result of every line, not only each block's last\n"
    "  --mode=MODE  how `a to b` is read: bounds (guaranteed bounds, the default), dist (a 90% interval:\n"
    "               results are median [p5, p95]) or interval (plain interval arithmetic)\n"
    "  --ascii      write 10^23 instead of 10²³\n";

// Points at the column an error names, under the echoed expression.
void print_error(const std::string& source, const ballpark::Error& error) {
    std::cerr << "error: " << error.sentence() << "\n";
    if (error.column > 0 && source.find('\n') == std::string::npos) {
        std::cerr << "  " << source << "\n  ";
        // Columns count characters, so each character before the column becomes one space.
        for (int column = 1; column < error.column; ++column) std::cerr << ' ';
        std::cerr << "^\n";
    }
}

int run_lines(const std::vector<std::string>& lines, const ballpark::cli::NotebookOptions& options) {
    const ballpark::FormatOptions& format = options.format;
    ballpark::Session session(options.evaluation);
    int status = 0;
    for (const std::string& line : lines) {
        const auto result = session.run(line);
        if (!result) {
            print_error(line, result.error());
            status = 1;
            continue;
        }
        if (result->tornado) std::cout << ballpark::format_tornado(*result->tornado, format) << "\n";
        if (result->value) std::cout << ballpark::format(*result->value, format) << "\n";
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> expressions;
    std::string notebook;
    ballpark::cli::NotebookOptions options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "-e" || arg == "--expression") {
            if (i + 1 >= argc) {
                std::cerr << "error: -e needs an expression after it.\n" << usage;
                return 2;
            }
            expressions.emplace_back(argv[++i]);
        } else if (arg == "--all") {
            options.all_lines = true;
        } else if (arg.starts_with("--mode=") || arg == "--mode") {
            std::string name;
            if (arg == "--mode") {
                if (i + 1 >= argc) {
                    std::cerr << "error: --mode needs bounds, dist or interval after it.\n" << usage;
                    return 2;
                }
                name = argv[++i];
            } else {
                name = arg.substr(7);
            }
            const auto mode = ballpark::parse_mode(name);
            if (!mode) {
                std::cerr << "error: " << mode.error().sentence() << "\n";
                return 2;
            }
            options.evaluation.mode = *mode;
        } else if (arg == "--ascii") {
            options.format.ascii = true;
        } else if (arg == "-h" || arg == "--help") {
            std::cout << usage;
            return 0;
        } else if (!arg.empty() && arg[0] == '-') {
            std::cerr << "error: unknown option \"" << arg << "\".\n" << usage;
            return 2;
        } else if (notebook.empty()) {
            notebook = arg;
        } else {
            std::cerr << "error: give one notebook at a time.\n" << usage;
            return 2;
        }
    }

    if (!expressions.empty()) return run_lines(expressions, options);

    if (!notebook.empty()) {
        std::ifstream file(notebook, std::ios::binary);
        if (!file) {
            std::cerr << "error: cannot open \"" << notebook << "\".\n";
            return 2;
        }
        std::stringstream buffer;
        buffer << file.rdbuf();
        const auto out = ballpark::cli::run_notebook(buffer.str(), notebook, options);
        std::cout << out.document;
        std::cerr << out.errors;
        return out.error_count == 0 ? 0 : 1;
    }

    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);) lines.push_back(line);
    return run_lines(lines, options);
}
