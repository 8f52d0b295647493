#include "notebook.hpp"

#include <cmark.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "advice.hpp"
#include "ascii_text.hpp"
#include "digits.hpp"
#include "ballpark/session.hpp"

namespace ballpark::cli {
namespace {

std::string_view trim(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const std::size_t last = s.find_last_not_of(" \t\r");
    return s.substr(first, last - first + 1);
}

// One line of the document: its text and the line ending after it ("" for a last line without one).
struct SourceLine {
    std::string_view text;
    std::string_view end;
};

// The document's lines as CommonMark counts them (a line ends at "\n", "\r\n" or a lone "\r"), so that cmark's line
// numbers index this vector.
std::vector<SourceLine> split_lines(std::string_view text) {
    std::vector<SourceLine> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t stop = text.find_first_of("\r\n", start);
        if (stop == std::string_view::npos) {
            lines.push_back({text.substr(start), {}});
            break;
        }
        const std::size_t end_length = text.compare(stop, 2, "\r\n") == 0 ? 2 : 1;
        lines.push_back({text.substr(start, stop - start), text.substr(stop, end_length)});
        start = stop + end_length;
    }
    return lines;
}

// A run of at least three backticks or tildes after at most three spaces: the fence that opens or closes a block.
struct Fence {
    char character = 0;
    std::size_t length = 0;
    std::string_view rest;  // what follows the run: the info string of an opening fence
};

std::optional<Fence> fence_at(std::string_view line) {
    std::size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    if (indent > 3 || indent == line.size()) return std::nullopt;
    const char c = line[indent];
    if (c != '`' && c != '~') return std::nullopt;
    std::size_t n = indent;
    while (n < line.size() && line[n] == c) ++n;
    if (n - indent < 3) return std::nullopt;
    return Fence{c, n - indent, line.substr(n)};
}

// A code block that the notebook runs: lines first..last (1-based, inclusive) are its statements, and its result
// goes after line `after` (the closing fence, or the document's last line when the fence is never closed).
struct RunBlock {
    int opening = 0;
    int first = 0;
    int last = 0;
    int after = 0;
    bool closed = true;
};

struct NodeDeleter {
    void operator()(cmark_node* node) const { cmark_node_free(node); }
};

// The top-level fenced blocks to run, found by cmark. cmark 0.30 does not say whether a code block was fenced or
// indented, nor where its closing fence is, so both are read from the block's first and last source lines, which
// cmark's source positions name.
std::vector<RunBlock> blocks_to_run(std::string_view text, const std::vector<SourceLine>& lines) {
    std::vector<RunBlock> blocks;
    const std::unique_ptr<cmark_node, NodeDeleter> document(cmark_parse_document(text.data(), text.size(), CMARK_OPT_DEFAULT));
    if (!document) return blocks;
    const int line_count = static_cast<int>(lines.size());
    for (cmark_node* node = cmark_node_first_child(document.get()); node; node = cmark_node_next(node)) {
        if (cmark_node_get_type(node) != CMARK_NODE_CODE_BLOCK) continue;
        const int start = cmark_node_get_start_line(node);
        const int end = std::min(cmark_node_get_end_line(node), line_count);
        if (start < 1 || start > line_count) continue;
        std::string_view opening_line = lines[start - 1].text;
        if (start == 1 && opening_line.starts_with("\xEF\xBB\xBF")) opening_line.remove_prefix(3);  // cmark skips a BOM
        const auto opening = fence_at(opening_line);
        if (!opening) continue;  // an indented code block
        const std::string_view info = trim(cmark_node_get_fence_info(node));
        const std::string_view language = info.substr(0, info.find_first_of(" \t"));
        if (!language.empty() && language != "ballpark") continue;

        RunBlock block;
        block.opening = start;
        block.first = start + 1;
        block.after = end;
        const auto closing = end > start ? fence_at(lines[end - 1].text) : std::nullopt;
        block.closed = closing && closing->character == opening->character && closing->length >= opening->length &&
                       trim(closing->rest).empty();
        block.last = block.closed ? end - 1 : end;
        blocks.push_back(block);
    }
    return blocks;
}

// "name = value" for assignments, "source = value" for expressions, "f(a, b) is defined" for functions.
// `mode` is the session's after the line.
std::string describe(std::string_view source, const LineResult& r, Mode mode, const FormatOptions& format) {
    // --ascii: the answers in ASCII alone; the source as the user wrote it.
    const auto shown = [&format](std::string text) { return format.ascii ? in_ascii(text) : text; };
    switch (r.kind) {
        case LineResult::Kind::assignment: return r.name + " = " + shown(ballpark::format(*r.value, format));
        case LineResult::Kind::expression:
            return std::string(trim(source)) + " = " + shown(ballpark::format(*r.value, format));
        case LineResult::Kind::function_definition: {
            const std::string_view t = trim(source);
            return std::string(trim(t.substr(0, t.find('=')))) + " is defined";
        }
        case LineResult::Kind::correlation:
            return correlation_sentence(source);
        case LineResult::Kind::mode: return mode_sentence(mode);
        case LineResult::Kind::tornado: return "tornado: " + shown(format_tornado(*r.tornado, format));
        case LineResult::Kind::histogram: return "histogram: " + shown(format_histogram(*r.histogram, format));
        case LineResult::Kind::empty: break;
    }
    return {};
}

}  // namespace

std::string correlation_sentence(std::string_view statement) {
    // Named by the reading that joins inputs by their correlations (its row's correlations column).
    std::string_view label;
    for (const ModeInfo& row : mode_table) {
        if (row.correlations && label.empty()) label = row.label;
    }
    return std::string(trim(statement)) + " (rank correlation, used by the " + std::string(label) + " reading)";
}

std::string mode_sentence(Mode mode) {
    const ModeInfo& row = mode_info(mode);
    return "mode " + std::string(row.name) + ": ranges are read as " + std::string(row.reading);
}

std::string quote_lines(std::string_view text, std::string_view line_end) {
    std::string out;
    std::size_t start = 0;
    while (true) {
        const std::size_t stop = text.find('\n', start);
        out += "> ";
        out += text.substr(start, stop == std::string_view::npos ? std::string_view::npos : stop - start);
        out += line_end;
        if (stop == std::string_view::npos || stop + 1 == text.size()) break;
        start = stop + 1;
    }
    return out;
}

NotebookOutput run_notebook(std::string_view text, std::string_view file_name, const NotebookOptions& options) {
    NotebookOutput out;
    out.document.reserve(text.size() + text.size() / 8);
    const std::vector<SourceLine> lines = split_lines(text);
    const std::vector<RunBlock> blocks = blocks_to_run(text, lines);
    Session session(options.evaluation);
    FormatOptions format = options.format;  // a `digits N` line changes it for the lines after it

    std::size_t next_block = 0;
    std::string last_result;
    // Lines inserted after a line take its line ending, so a CRLF document stays CRLF.
    const auto line_end_after = [&](int number) -> std::string_view {
        const std::string_view end = lines[number - 1].end;
        return end.empty() ? "\n" : end;
    };
    const auto append_line = [&](int number) {
        out.document += lines[number - 1].text;
        out.document += lines[number - 1].end;
    };
    const auto append_quoted = [&](int after, const std::string& result) {
        if (lines[after - 1].end.empty()) out.document += '\n';  // the document's last line had no line ending
        out.document += quote_lines(result, line_end_after(after));
    };

    for (int number = 1; number <= static_cast<int>(lines.size()); ++number) {
        append_line(number);
        if (next_block == blocks.size()) continue;
        const RunBlock& block = blocks[next_block];
        if (number == block.opening) last_result.clear();
        if (number >= block.first && number <= block.last) {
            const std::string_view line = lines[number - 1].text;
            if (const auto digits = digits_line(line)) {
                if (*digits) {
                    set_digits(format, **digits);
                    last_result = digits_sentence(**digits);
                } else {
                    out.errors += std::string(file_name) + ":" + std::to_string(number) + ":1: error: " + digits->error() + "\n";
                    ++out.error_count;
                    last_result = "error: " + digits->error();
                }
                if (options.all_lines) append_quoted(number, last_result);
                continue;
            }
            const auto result = session.run(line);
            if (!result) {
                const Error& e = result.error();
                const std::string sentence = error_sentence(e, Where::notebook);
                out.errors += std::string(file_name) + ":" + std::to_string(number) + ":" +
                              std::to_string(e.column > 0 ? e.column : 1) + ": error: " + sentence + "\n";
                ++out.error_count;
                last_result = "error: " + sentence;
                if (options.all_lines) append_quoted(number, last_result);
            } else if (result->kind != LineResult::Kind::empty) {
                last_result = describe(line, *result, session.mode(), format);
                if (options.all_lines) append_quoted(number, last_result);
            }
        }
        if (number == block.after) {
            if (!block.closed) {
                out.errors += std::string(file_name) + ":" + std::to_string(block.opening) +
                              ":1: error: The code block that starts here is never closed; end it with a line like "
                              "its opening fence.\n";
                ++out.error_count;
            }
            if (!options.all_lines && !last_result.empty()) {
                // A blank line between the closing fence and the result, so the result reads as a paragraph of its own.
                if (lines[number - 1].end.empty()) out.document += '\n';
                out.document += line_end_after(number);
                out.document += quote_lines(last_result, line_end_after(number));
            }
            ++next_block;
        }
    }
    return out;
}

}  // namespace ballpark::cli
