#include "output.hpp"

#include <cerrno>
#include <cstring>

#include "advice.hpp"
#include "ballpark/text.hpp"

namespace ballpark::cli {

void Output::write(std::string_view text) {
    if (error_ != 0 || text.empty()) return;
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size()) error_ = errno != 0 ? errno : EIO;
}

void Output::flush() {
    if (error_ != 0) return;
    errno = 0;
    if (std::fflush(stream_) != 0) error_ = errno != 0 ? errno : EIO;
}

std::string Output::failure_sentence() const {
    return "Could not write the output: " + std::string(std::strerror(error_)) + ".";
}

void print_error(std::string_view source, const Error& error) {
    std::string text = "error: " + error_sentence(error, Where::command_line) + "\n";
    if (error.column > 0 && source.find('\n') == std::string_view::npos) {
        const Excerpt excerpt = excerpt_around(source, error.column);
        text += "  " + excerpt.text + "\n  ";
        // Columns count characters: each character before the column becomes one space, and a tab stays a tab so
        // that the caret lines up however wide the terminal shows tabs.
        int column = 1;
        for (std::size_t i = 0; i < excerpt.text.size() && column < excerpt.column; ++i) {
            const char c = excerpt.text[i];
            if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // inside a multi-byte character
            text += c == '\t' ? '\t' : ' ';
            ++column;
        }
        for (; column < excerpt.column; ++column) text += ' ';
        text += "^\n";
    }
    std::fwrite(text.data(), 1, text.size(), stderr);
}

}  // namespace ballpark::cli
