// The typed view of the sheet functions' arguments: one reader for each meaning of addin/sheet_table.py whose
// argument reaches the implementation converted (a part as the parsed Pick, a reading as its Mode, a whole number
// as a number). The build writes each row's call of these readers (sheet_table_calls.hpp), so an implementation
// receives its arguments already read and a sentence about one names the function from its row. The meanings not
// read here (quantities, counts, fractions, units, expressions, pairs) reach the implementation as Calc handed them,
// since the core reads them together, in the mode and with the names of the call.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// `part`: one part of a result; empty: central.
Result<Pick> read_part(const Arg& arg);

// `parts`: the parts separated by spaces or commas ("low central high"); empty: none (central, with nothing
// allocated, since most cells ask for it).
Result<std::vector<Pick>> read_parts(const Arg& arg);

// `reading`: the mode a reading names (parts.hpp, optional_reading); empty: none asked.
Result<std::optional<Mode>> read_reading(const Arg& arg, std::string_view name);

// `whole`: a whole number from 1 to `most`; empty: `fallback`. Its sentence begins with the function.
Result<std::size_t> read_whole(const Arg& arg, std::string_view function, std::string_view name, std::size_t fallback,
                               std::size_t most);

// `figures`: a number of significant figures, a whole number from 1 to max_significant_digits; empty: 0, the
// function's own choice. Its sentence begins with the function.
Result<int> read_figures(const Arg& arg, std::string_view function, std::string_view name);

// `rank`: a rank among an expression's inputs, a whole number from 1 (the input that matters most); empty: 1.
Result<std::size_t> read_rank(const Arg& arg, std::string_view name);

}  // namespace ballpark::sheet::detail
