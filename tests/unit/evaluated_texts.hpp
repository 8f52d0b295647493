// Evaluating one text in a test: its value, or its error, each a test failure when the other comes; and a
// percentile of the 90% reading. Shared by the tests of the named distributions.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"

namespace ballpark::testing {

inline const EvaluationOptions dist{Mode::distribution};

inline Quantity evaluated(const std::string& text, EvaluationOptions options = dist) {
    const auto q = evaluate(text, {}, options);
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return {};
    }
    return *q;
}

inline Error error_of(const std::string& text, EvaluationOptions options = dist) {
    const auto q = evaluate(text, {}, options);
    if (q) {
        ADD_FAILURE() << text << " gave " << q->central << " where an error was expected";
        return {};
    }
    return q.error();
}

inline double percentile_of(const std::string& text, double percent) {
    return evaluated("percentile(" + text + ", " + std::to_string(percent) + ")").central;
}

}  // namespace ballpark::testing
