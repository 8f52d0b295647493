// The part argument of QTYVALUE, GPUHOURS and TRAININGFLOP: which number of a result to give ("central", "low",
// "high", "median", "mean", "p5" … "p95"), and the reading it needs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// The part argument, one part; empty: central.
Result<Pick> optional_pick(const Arg& arg);

// Percentiles and the mean read every `a to b` as a 90% interval; the other parts are guaranteed bounds.
EvaluationOptions options_for(const Pick& pick);

// A reading argument (QTYSUM's): the mode of a row of the mode table that has a sheet function, named by its
// label ("90%"), its name or an alias ("dist", "bounds") or its sheet function ("QTYDIST", "QTY"), case aside;
// empty: none asked, and the reading comes from elsewhere (the cells read).
Result<std::optional<Mode>> optional_reading(const Arg& arg, std::string_view name);
// The readings a sheet computes in, each by its first word and what it reads ranges as, for sentences.
std::string reading_words();

// The parts of QTYVALUE's part argument, separated by spaces or commas ("low central high"); empty: central.
Result<std::vector<Pick>> parts_of(const Arg& part);

}  // namespace ballpark::sheet::detail
