#include "ballpark/error.hpp"

namespace ballpark {

std::string Error::sentence() const {
    if (hint.empty()) return message;
    return message + " " + hint;
}

ErrorException::ErrorException(Error error) : std::runtime_error(error.message), error_(std::move(error)) {}

void fail(std::string message, int column, std::string hint) {
    throw ErrorException(Error{std::move(message), column, std::move(hint)});
}

void fail(Error error) { throw ErrorException(std::move(error)); }

}  // namespace ballpark
