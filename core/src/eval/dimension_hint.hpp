// The hint of an error about a value of the wrong dimension, from what the value was expected to be.
#pragma once

#include <string>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"

namespace ballpark {

// An error of kind dimension with `expected`'s hint for a value of dimension `found`, if it has one. The only hint
// for a value of information where something else is expected is that B is the byte, which byte_hint records for
// a front end that would give it again.
inline Error dimension_error(std::string message, int column, const Expectation* expected, const Dimension& found) {
    std::string hint = expected && expected->dimension_hint ? expected->dimension_hint(found) : std::string{};
    Error error{std::move(message), column, std::move(hint), ErrorKind::dimension};
    error.byte_hint = !error.hint.empty() && found == Dimension::of(BaseDimension::information);
    return error;
}

}  // namespace ballpark
