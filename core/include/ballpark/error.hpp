// The one error type of Ballpark: a sentence for a person, the column where it was found, and a hint.
#pragma once

#include <exception>
#include <expected>
#include <new>
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

// Runs `body`, which returns a Result, and turns whatever it throws into the Error of that Result: the one place
// where exceptions become Results, used by every noexcept function of the public API and the add-in.
template <class F>
auto capture_errors(F&& body) noexcept -> decltype(body()) {
    try {
        return body();
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::bad_alloc&) {
        return std::unexpected(Error{"Ran out of memory while evaluating; the expression is too large.", 0, {}});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Internal error: ") + e.what() + ".", 0, {}});
    } catch (...) {
        return std::unexpected(Error{"Internal error of an unknown kind.", 0, {}});
    }
}

}  // namespace ballpark
