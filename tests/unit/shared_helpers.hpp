// Helpers that several test files share. Plain C++ with no dependency on the core, so that the unit tests, the
// CLI's tests and the C interface's tests (tests/unit/c_api, which see only ballpark_c.h) include the same copy.
// tests/python/shared_helpers.py is its Python counterpart.
#pragma once

#include <string_view>

namespace ballpark::testing {

// Whether `text` holds `part` anywhere.
inline bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// GPU hours to train a model of `params` parameters on `tokens` tokens at 6 FLOP per parameter and token, on
// accelerators of `peak_flops` FLOP/s at utilization u: the Llama 2 example (70 billion, 2 trillion, an A100's
// 312 TFLOP/s) unless told otherwise. Computed here in plain arithmetic, independent of Ballpark.
inline double hours_at(double u, double params = 70e9, double tokens = 2e12, double peak_flops = 312e12) {
    return 6 * params * tokens / (peak_flops * u) / 3600;
}

}  // namespace ballpark::testing
