// The one error type of Ballpark: a sentence for a person, the column where it was found, and a hint; and for code,
// what kind of error it is and the data a front end needs to word its own advice.
#pragma once

#include <exception>
#include <expected>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/mode.hpp"

namespace ballpark {

// What an error is about, for code that acts on it: a front end that words advice in its own terms (a command-line
// option, a sheet function), the evaluator reporting an error from a function's body. Code reads the kind and the
// fields of Error, never the words of its message.
enum class ErrorKind {
    // Set by no error site: the default of an Error made without a kind. An error that leaves the public API with
    // this kind is a site that forgot to say what it is about (a test checks that none does).
    other,
    // The text cannot be read as written: a character, token or bracket where the grammar has none, a number that
    // cannot be read, an empty expression, text that is not UTF-8. `column` is the place.
    syntax,
    // The text reads two ways and Ballpark refuses to guess ("2-3 hour": a range or a subtraction; "lb" mass or
    // force; a bare number beside a percentage). The hint says how to write each meaning.
    ambiguous,
    // A name that is neither a variable, a function, an accelerator nor a planning function: `argument` is the name
    // as written, `function` what it was looked up as a call of, if it was. The hint may suggest a known name.
    unknown_name,
    // A unit name that no table or declaration knows: `argument` is the name as written.
    unknown_unit,
    // Two dimensions that had to agree do not (a sum of hours and kilograms, a conversion of time to mass, a
    // plain number expected, a text's claimed {dimension}), or a unit power would leave the supported ones.
    dimension,
    // A name given that is already taken: a unit declared twice, a parameter named twice, a unit hidden by a
    // variable, a name given two values, a new function named like a built-in one. `argument` is the name.
    name_taken,
    // An argument of the wrong count, kind or shape: a function called with too few arguments, a range of the wrong
    // size, an expression expected where a definition was given, a part or mode text that is none of the known ones.
    // `function` is the function or sheet function, `argument` the argument's name, where known.
    argument,
    // The ends of a range, or a distribution's parameters, in the wrong order (a range that goes down, a central
    // value outside its range, pert's likely value outside min to max). The hint says to swap them.
    range_order,
    // A value outside what a function or operation takes (sqrt of a negative, ln of 0, a division by a range that
    // holds zero, a percentile outside 0 to 100, a negative standard deviation): `function` names it, if a function.
    domain,
    // A number beyond double precision: a literal, a result, a converted value, a sum.
    overflow,
    // One of Ballpark's own limits: text length, tokens, nesting depth, name length, evaluation steps, inputs of the
    // distribution mode, base units of a session, a chain of results, memory; or a percentile the method cannot
    // place to its accuracy.
    limit,
    // The reading of the ranges cannot give this ("normal" has no bounds; a percentile of a pair of bounds):
    // `mode` is one that can, `function` what asked for it ("normal", "percentile"), if a function did.
    needs_distribution,
    // A user function calls itself, directly or through others, deeper than the limit: `function` names it.
    recursion,
    // The accelerator table has no figure at the precision asked for, but has one at `argument` ("fp16").
    other_precision,
    // A text that declares its own units ("unit token; …") given where they are not read (the one-call tornado();
    // a column's reduction); evaluate() and a Session read them.
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
    // A fault of Ballpark itself (an exception it did not expect), never of the input.
    internal,
};

// The kind's name as written in this enum ("unknown_unit"), for tests and diagnostics.
std::string_view error_kind_name(ErrorKind kind) noexcept;

// Where an error was found, beyond the text its own sentence is about: what was being read when it arose (a unit's
// definition, a cell of a range, a named value, a row of the columns, a call, a sheet argument). The error keeps its
// own sentence; worded_message() says where it was found from these.
struct ErrorPlace {
    enum class What {
        definition,      // the definition of the unit `name`
        cell,            // cell `number` of `count` of the range for `name`, whose value is shown as `text`
        labelled_value,  // the value labelled `name`, given as the text `text`
        named_value,     // the value of the name `name`, given as the text `text`
        row,             // row `number` of the columns
        call,            // a call of `name` at column `number`, or in the body of the function `text` if not empty
        declaration,     // the declaration `text` of a name ("u: fraction")
        argument,        // the argument `name` of a sheet function
    };
    What what;
    std::string name = {};
    std::string text = {};
    int number = 0;
    int count = 0;
};

// Advice that a front end words in its own terms (a cell, a sheet function, a command-line option): the core names
// the case and leaves the words to the add-in or the command line.
enum class ErrorAdvice {
    none,
    correlation_as_text,      // a correlation given as something other than a text of pairs
    alike_results,            // two names reading alike results that write an unknown of their own
    one_correlation,          // one pair of inputs correlated twice with different values
    correlate_given_names,    // a correlated name that no result read gives a value to
    correlate_result_inputs,  // a correlated name given an earlier result
    bind_result_range,        // a correlated name bound to an earlier result
    one_end_per_cell,         // a range given where a cell holds one end of a range
};

struct Error {
    // A full sentence: what was expected and what was found; no advice for one front end. With places, the one
    // worded_message() composes from `statement` and them.
    std::string message;
    int column = 0;       // 1-based column in the text that was read, 0 when it is not about a place
    std::string hint;     // a suggestion ("did you mean hour?"), may be empty; no advice for one front end
    ErrorKind kind = ErrorKind::other;
    std::optional<Mode> mode = std::nullopt;  // needs_distribution: a mode that gives the answer
    std::string function = {};                // the function the error is about ("normal", "ln", "f"), if any
    // The name the error is about: an unknown name or unit as written, the name a result of another reading was
    // bound to (mixed_readings); for other_precision the argument that would work ("fp16"). Empty if none.
    std::string argument = {};
    int length = 0;  // characters from `column` that the error is about (a call in a body's error); 0: a place only
    // The input whose value the error was found in: a sheet function's argument ("params", "part") or the name of a
    // named value ("u"), as the message names it; empty when the error is about no one input.
    std::string input = {};
    int row = 0;     // 1-based row of the columns an error of a column form is about; 0 when it is not about a row
    // The sheet function whose call the message is about and begins with ("GPUHOURS needs tokens, …"), set by the
    // add-in's sheet layer; empty when the message is about one argument or none. QTYERROR names the function
    // before a message only when this is empty.
    std::string sheet_function = {};
    // The error's own sentence, when places say where it was found (`message` is then composed from both); empty
    // while there are none.
    std::string statement = {};
    std::vector<ErrorPlace> places = {};  // where it was found, the innermost first
    // The sentence starts with a name that keeps its case ("NVIDIA V100 has no bf16 units"), also after a place.
    bool begins_with_name = false;
    // The hint says that B is the byte, for the text "70B".
    bool byte_hint = false;
    ErrorAdvice advice = ErrorAdvice::none;  // advice a front end words, if any

    // The message, then the hint, as one line fit for a cell or a terminal.
    std::string sentence() const;
};

// The words that say where `place` is ("Row 2 of the columns"), as the message of an error found there begins.
std::string place_words(const ErrorPlace& place);
// The message of an error with its own sentence and the places it was found in: the one wording of them.
std::string worded_message(const Error& error);
// Records that `error` was found in `place` (outside the places it already has) and words its message anew.
void found_in(Error& error, ErrorPlace place);

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

// Every error site says what kind of error it throws; there is no untyped overload.
[[noreturn]] void fail(ErrorKind kind, std::string message, int column = 0, std::string hint = {});
[[noreturn]] void fail(Error error);
// An error about a call of `function` ("sqrt", "f", "peak", "pert"), which its `function` field names.
[[noreturn]] void fail_about(ErrorKind kind, std::string_view function, std::string message, int column = 0,
                             std::string hint = {});

// Runs `body`, which returns a Result, and turns whatever it throws into the Error of that Result: the one place
// where exceptions become Results, used by every noexcept function of the public API and the add-in.
template <class F>
auto capture_errors(F&& body) noexcept -> decltype(body()) {
    try {
        return body();
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::bad_alloc&) {
        return std::unexpected(
            Error{"Ran out of memory while evaluating; the expression is too large.", 0, {}, ErrorKind::limit});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Internal error: ") + e.what() + ".", 0, {}, ErrorKind::internal});
    } catch (...) {
        return std::unexpected(Error{"Internal error of an unknown kind.", 0, {}, ErrorKind::internal});
    }
}

}  // namespace ballpark
