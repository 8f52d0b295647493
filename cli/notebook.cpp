#include "notebook.hpp"

#include <optional>
#include <vector>

#include "ballpark/session.hpp"

namespace ballpark::cli {
namespace {

std::string_view trim(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const std::size_t last = s.find_last_not_of(" \t\r");
    return s.substr(first, last - first + 1);
}

// A fence opens or closes a block: three or more backticks or tildes, then an optional info string.
std::optional<std::string_view> fence_info(std::string_view line) {
    const std::string_view t = trim(line);
    if (t.size() < 3) return std::nullopt;
    const char c = t[0];
    if (c != '`' && c != '~') return std::nullopt;
    std::size_t n = 0;
    while (n < t.size() && t[n] == c) ++n;
    if (n < 3) return std::nullopt;
    return trim(t.substr(n));
}

// "name = value" for assignments, "source = value" for expressions, "f(a, b) is defined" for functions.
std::string describe(std::string_view source, const LineResult& r, const FormatOptions& format) {
    switch (r.kind) {
        case LineResult::Kind::assignment: return r.name + " = " + ballpark::format(*r.value, format);
        case LineResult::Kind::expression: return std::string(trim(source)) + " = " + ballpark::format(*r.value, format);
        case LineResult::Kind::function_definition: {
            const std::string_view t = trim(source);
            return std::string(trim(t.substr(0, t.find('=')))) + " is defined";
        }
        case LineResult::Kind::mode: return "mode " + r.name + ": ranges are read as " +
                                             (r.name == "dist" ? "90% intervals (median [p5, p95])" : "bounds");
        case LineResult::Kind::tornado: return "tornado: " + format_tornado(*r.tornado, format);
        case LineResult::Kind::empty: break;
    }
    return {};
}

}  // namespace

NotebookOutput run_notebook(std::string_view text, std::string_view file_name, const NotebookOptions& options) {
    NotebookOutput out;
    Session session(options.evaluation);
    bool in_block = false;
    bool evaluated = false;
    char fence_char = 0;
    std::string last_result;
    std::size_t line_number = 0;

    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        const bool last_line = end == std::string_view::npos;
        std::string_view line = text.substr(start, last_line ? std::string_view::npos : end - start);
        start = last_line ? text.size() + 1 : end + 1;
        if (last_line && line.empty()) break;
        ++line_number;

        out.document += line;
        out.document += '\n';

        const auto fence = fence_info(line);
        if (!in_block && fence) {
            in_block = true;
            fence_char = trim(line)[0];
            evaluated = fence->empty() || *fence == "ballpark";
            last_result.clear();
            continue;
        }
        if (in_block && fence && fence->empty() && trim(line)[0] == fence_char) {
            in_block = false;
            if (evaluated && !options.all_lines && !last_result.empty()) out.document += "\n> " + last_result + "\n";
            continue;
        }
        if (!in_block || !evaluated) continue;

        const auto result = session.run(line);
        if (!result) {
            const Error& e = result.error();
            const std::string where = std::string(file_name) + ":" + std::to_string(line_number) + ":" +
                                      std::to_string(e.column > 0 ? e.column : 1);
            out.errors += where + ": error: " + e.sentence() + "\n";
            ++out.error_count;
            last_result = "error: " + e.sentence();
            if (options.all_lines) out.document += "> " + last_result + "\n";
            continue;
        }
        if (result->kind == LineResult::Kind::empty) continue;
        last_result = describe(line, *result, options.format);
        if (options.all_lines) out.document += "> " + last_result + "\n";
    }
    if (in_block) {
        out.errors += std::string(file_name) + ":" + std::to_string(line_number) + ":1: error: A code block is never closed.\n";
        ++out.error_count;
    }
    return out;
}

}  // namespace ballpark::cli
