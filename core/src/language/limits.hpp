// Bounds that turn hostile or runaway input into an error instead of a crash, a hang or an exhausted stack.
#pragma once

#include <cstddef>

namespace ballpark::limits {

inline constexpr std::size_t max_text_bytes = 100'000;  // a cell holds at most 32,767 characters anyway
inline constexpr std::size_t max_tokens = 20'000;
inline constexpr std::size_t max_name_length = 200;
// Depth of the syntax tree, counting parentheses and chains of operators alike; it bounds the evaluator's recursion.
inline constexpr int max_depth = 500;
// Nested user-function calls, which catches f(x) = f(x) long before the stack runs out.
inline constexpr int max_call_depth = 64;

}  // namespace ballpark::limits

namespace ballpark::limits {
// Recursion of the evaluator across nodes and calls together, so the stack stays well under 1 MB.
inline constexpr int max_eval_depth = 2'000;
// Nodes one evaluation may visit, calls of user functions included: far above any real estimate (a text has at
// most 20,000 tokens), and a fraction of a second of work, so a recalculation cannot hang.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
// Fuzz builds (libFuzzer's conventional macro) stop sooner: inputs that reach the limit then cost milliseconds
// instead of a fifth of a second each, so the fuzzer tries far more inputs; the code path is the same.
inline constexpr long max_eval_steps = 20'000;
#else
inline constexpr long max_eval_steps = 1'000'000;
#endif
}  // namespace ballpark::limits
