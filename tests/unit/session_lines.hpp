// Running notebook lines in tests: a line that must succeed, and one that must fail.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "ballpark/session.hpp"

namespace ballpark::testing {

// Runs a line that must succeed and returns its result (an empty one, with a test failure, when it fails).
inline LineResult run(Session& session, std::string_view line) {
    auto r = session.run(line);
    if (!r) {
        ADD_FAILURE() << line << ": " << r.error().sentence();
        return {};
    }
    return *r;
}

// Runs a line that must fail and returns its error (an empty one, with a test failure, when it succeeds).
inline Error error_of(Session& session, std::string_view line) {
    const auto r = session.run(line);
    if (r) {
        ADD_FAILURE() << "\"" << line << "\" ran without error";
        return {};
    }
    return r.error();
}

}  // namespace ballpark::testing
