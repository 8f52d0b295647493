// The language's correlation statement read and checked, before a session states it: `correlation(a, b) = r`, or
// several names with their matrix row by row, `correlation(a, b, c) = [1, 0.5, 0; 0.5, 1, 0.2; 0, 0.2, 1]`.
// Whether the names are inputs, and whether the set can hold, is for Correlations::state
// (values/distribution/correlation.hpp). Internal to core/src/api.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "ballpark/quantity.hpp"
#include "language/syntax_tree.hpp"

namespace ballpark {

struct CorrelationStatement {
    std::vector<std::string_view> names;  // views into the tree's source
    std::vector<double> matrix;           // names.size() squared, row by row; a pair's 2 x 2
    bool pair = false;                    // `correlation(a, b) = r`, whose r is matrix[1]
};

// Throws a sentence when the statement names fewer than two inputs, gives several without a matrix, an entry that
// is not a plain finite number, a row of the wrong length, the wrong count, a diagonal other than 1, or a matrix
// that is not symmetric. `value_of` evaluates an entry's root in the session's reading.
CorrelationStatement read_correlation_statement(const SyntaxTree& tree,
                                                const std::function<Quantity(std::int32_t root)>& value_of);

}  // namespace ballpark
