#include "ballpark/error.hpp"

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
