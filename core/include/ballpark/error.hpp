// The one error type of Ballpark: a sentence for a person, the column where it was found, and a hint; and for code,
// what kind of error it is and the data a front end needs to word its own advice.
#pragma once

#include <exception>
#include <expected>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>

#include "ballpark/mode.hpp"

namespace ballpark {

// What an error is about, for code that acts on it: a front end that words advice in its own terms (a command-line
// option, a sheet function), the evaluator reporting an error from a function's body. Code reads the kind and the
// fields of Error, never the words of its message.
enum class ErrorKind {
    other,               // any error not named below
    // The reading of the ranges cannot give this ("normal" has no bounds; a percentile of a pair of bounds):
    // `mode` is one that can, `function` what asked for it ("normal", "percentile"), if a function did.
    needs_distribution,
    // A value outside what a function or operation takes (sqrt of a negative, ln of 0, an exponent range):
    // `function` names it.
    domain,
    // A user function calls itself, directly or through others, deeper than the limit: `function` names it.
    recursion,
    // The accelerator table has no figure at the precision asked for, but has one at `argument` ("fp16").
    other_precision,
    // A text that declares its own units ("unit token; …") given where they are not read (the one-call tornado());
    // evaluate() and a Session read them.
    declared_units_unread,
    // An earlier result (a Recipe) read in another mode than the one it was made in: `mode` is its mode, and
    // `argument` the name it was bound to.
    mixed_readings,
    // A temperature on a scale with an offset (20 degC) where only a difference or kelvin has one reading: a sum of
    // two, a product, a power, a function of one, or a difference shown on such a scale (docs/language.md).
    temperature,
    // A result text whose key is intact but whose recipe this process does not hold (forgotten, or from a session
    // that has ended): reading it as printed would lose what it shares with other results.
    forgotten_result,
};

struct Error {
    std::string message;  // a full sentence: what was expected and what was found; no advice for one front end
    int column = 0;       // 1-based column in the text that was read, 0 when it is not about a place
    std::string hint;     // a suggestion ("did you mean hour?"), may be empty; no advice for one front end
    ErrorKind kind = ErrorKind::other;
    std::optional<Mode> mode = std::nullopt;  // needs_distribution: a mode that gives the answer
    std::string function = {};                // the function the error is about ("normal", "ln", "f"), if any
    std::string argument = {};                // the argument that would work (other_precision: "fp16"), if any
    int length = 0;  // characters from `column` that the error is about (a call in a body's error); 0: a place only

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
[[noreturn]] void fail(Error error);

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
