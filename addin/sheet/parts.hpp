// The part argument of QTYVALUE, GPUHOURS and TRAININGFLOP: which number of a result to give ("central", "low",
// "high", "median", "mean", "p5" … "p95"), and the reading it needs.
#pragma once

#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// The part argument, one part; empty: central.
Result<Pick> optional_pick(const Arg& arg);

// Percentiles and the mean read every `a to b` as a 90% interval; the other parts are guaranteed bounds.
EvaluationOptions options_for(const Pick& pick);

// The parts of QTYVALUE's part argument, separated by spaces or commas ("low central high"); empty: central.
Result<std::vector<Pick>> parts_of(const Arg& part);

}  // namespace ballpark::sheet::detail
