// Where the CLI writes: answers to standard output, with every write checked, and errors to standard error with
// the place they name.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"

namespace ballpark::cli {

// Standard output that remembers its first failed write (a full disk, a closed pipe), so that the tool can say so
// and exit with status 2 instead of reporting success for output that was lost.
class Output {
public:
    explicit Output(std::FILE* stream) : stream_(stream) {}

    void write(std::string_view text);
    // After each answer of a line-by-line session, so that a reader on the other end of a pipe sees it at once.
    void flush();
    bool failed() const { return error_ != 0; }
    // "Could not write the output: No space left on device."
    std::string failure_sentence() const;

private:
    std::FILE* stream_;
    int error_ = 0;  // the errno of the first failure
};

// "error: sentence" on standard error and, for an error about a place in a one-line source, the source (at most
// about 200 characters around the place) with a caret under the column.
void print_error(std::string_view source, const Error& error);

}  // namespace ballpark::cli
