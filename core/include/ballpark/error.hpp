// The one error type of Ballpark: a sentence for a person, the column where it was found, and a hint.
#pragma once

#include <expected>
#include <stdexcept>
#include <string>

namespace ballpark {

struct Error {
    std::string message;  // a full sentence: what was expected and what was found
    int column = 0;       // 1-based column in the text that was read, 0 when it is not about a place
    std::string hint;     // a suggestion ("did you mean hour?"), may be empty

    // The message, then the hint, as one line fit for a cell or a terminal.
    std::string sentence() const;
};

template <class T>
using Result = std::expected<T, Error>;

// Thrown inside core and caught at the public API; never escapes a function declared noexcept.
class ErrorException : public std::runtime_error {
public:
    explicit ErrorException(Error error);
    const Error& error() const noexcept { return error_; }

private:
    Error error_;
};

[[noreturn]] void fail(std::string message, int column = 0, std::string hint = {});

}  // namespace ballpark
