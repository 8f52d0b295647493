#include "ballpark/error.hpp"

#include <cctype>
#include <utility>

#include "ballpark/text.hpp"

namespace ballpark {

std::string Error::sentence() const {
    if (hint.empty()) return message;
    return message + " " + hint;
}

std::string_view error_kind_name(ErrorKind kind) noexcept {
    switch (kind) {
        case ErrorKind::other: return "other";
        case ErrorKind::syntax: return "syntax";
        case ErrorKind::ambiguous: return "ambiguous";
        case ErrorKind::unknown_name: return "unknown_name";
        case ErrorKind::unknown_unit: return "unknown_unit";
        case ErrorKind::dimension: return "dimension";
        case ErrorKind::name_taken: return "name_taken";
        case ErrorKind::argument: return "argument";
        case ErrorKind::range_order: return "range_order";
        case ErrorKind::domain: return "domain";
        case ErrorKind::overflow: return "overflow";
        case ErrorKind::limit: return "limit";
        case ErrorKind::needs_distribution: return "needs_distribution";
        case ErrorKind::recursion: return "recursion";
        case ErrorKind::other_precision: return "other_precision";
        case ErrorKind::declared_units_unread: return "declared_units_unread";
        case ErrorKind::mixed_readings: return "mixed_readings";
        case ErrorKind::temperature: return "temperature";
        case ErrorKind::forgotten_result: return "forgotten_result";
        case ErrorKind::internal: return "internal";
    }
    return "other";
}

std::string place_words(const ErrorPlace& place) {
    switch (place.what) {
        case ErrorPlace::What::definition: return "The definition of " + in_quotes(place.name) + " could not be read";
        case ErrorPlace::What::cell:
            return "Cell " + std::to_string(place.number) + " of " + std::to_string(place.count) + " of the range for " +
                   in_quotes(place.name) + " (" + place.text + ")";
        case ErrorPlace::What::labelled_value: return place.name + " (" + in_quotes(place.text) + ")";
        case ErrorPlace::What::named_value:
            return "The value of " + in_quotes(place.name) + " (" + in_quotes(place.text) + ") could not be read";
        case ErrorPlace::What::row: return "Row " + std::to_string(place.number) + " of the columns";
        case ErrorPlace::What::call:
            if (!place.text.empty()) return in_quotes(place.name) + " in the body of " + in_quotes(place.text);
            return in_quotes(place.name) + " at column " + std::to_string(place.number);
        case ErrorPlace::What::declaration: return "The name " + in_quotes(place.text);
        case ErrorPlace::What::argument: return place.name;
    }
    return place.name;
}

std::string worded_message(const Error& error) {
    if (error.places.empty()) return error.message;
    std::string sentence = error.statement;
    bool first = true;
    for (const ErrorPlace& place : error.places) {
        // After a call's place the sentence goes on mid-line ("\"peak\" at column 1: the accelerator table has …"),
        // so its first word loses its capital unless it is a name.
        if (first && place.what == ErrorPlace::What::call && !error.begins_with_name && !sentence.empty()) {
            sentence[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(sentence[0])));
        }
        sentence = place_words(place) + ": " + sentence;
        first = false;
    }
    return sentence;
}

void found_in(Error& error, ErrorPlace place) {
    if (error.places.empty()) error.statement = std::move(error.message);
    error.places.push_back(std::move(place));
    error.message = worded_message(error);
}

ErrorException::ErrorException(Error error) : std::runtime_error(error.message), error_(std::move(error)) {}

void fail(ErrorKind kind, std::string message, int column, std::string hint) {
    throw ErrorException(Error{std::move(message), column, std::move(hint), kind});
}

void fail(Error error) { throw ErrorException(std::move(error)); }

void fail_about(ErrorKind kind, std::string_view function, std::string message, int column, std::string hint) {
    Error error{std::move(message), column, std::move(hint), kind};
    error.function = std::string(function);
    throw ErrorException(std::move(error));
}

}  // namespace ballpark
