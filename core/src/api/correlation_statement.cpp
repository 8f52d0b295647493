#include "api/correlation_statement.hpp"

#include <cmath>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"

namespace ballpark {

namespace {

std::string heading_of(const std::vector<std::string_view>& names) {
    std::string h = "correlation(";
    for (std::size_t i = 0; i < names.size(); ++i) h += (i ? ", " : "") + std::string(names[i]);
    return h + ")";
}

// Rows ended with ";" are held to their length: [1, 0.5, 0.2, 0.5; 1, ...] would otherwise be read across the rows.
void check_rows(const Statement& st, std::size_t n, const std::string& heading) {
    const auto refuse = [&](std::string which, std::size_t length, std::string_view where, int column) {
        fail(ErrorKind::argument, heading + " names " + std::to_string(n) + " inputs, so each row of its matrix has " +
                 std::to_string(n) + " numbers, but " + which + " has " + std::to_string(length) + std::string(where) + ".",
             column);
    };
    std::size_t begin = 0;
    for (std::size_t row = 0; row < st.matrix_row_ends.size(); ++row) {
        const std::size_t length = st.matrix_row_ends[row].entries - begin;
        if (length != n) refuse("row " + std::to_string(row + 1), length, " before its \";\"", st.matrix_row_ends[row].column);
        begin = st.matrix_row_ends[row].entries;
    }
    if (!st.matrix_row_ends.empty() && st.matrix.size() - begin != n) {
        refuse("its last row", st.matrix.size() - begin, "", st.matrix_row_ends.back().column);
    }
}

}  // namespace

CorrelationStatement read_correlation_statement(const SyntaxTree& tree,
                                                const std::function<Quantity(std::int32_t root)>& value_of) {
    const Statement& st = tree.statement;
    const std::vector<std::string_view>& names = st.parameters;
    const std::string heading = heading_of(names);
    const auto column_of = [&](std::int32_t root) { return tree.nodes[static_cast<std::size_t>(root)].column; };
    if (names.size() < 2 || (st.matrix.empty() && names.size() != 2)) {
        fail(ErrorKind::argument, "A correlation names two inputs, correlation(a, b) = r, or several with their matrix, "
                 "correlation(a, b, c) = [1, 0.5, 0; 0.5, 1, 0.2; 0, 0.2, 1], but " + heading + " names " +
                 std::to_string(names.size()) + (st.matrix.empty() ? " without a matrix." : "."),
             1);
    }
    const auto plain_number = [&](std::int32_t root) {
        const Quantity r = value_of(root);
        if (r.is_range() || r.dimension != Dimension{} || !std::isfinite(r.central)) {
            fail(ErrorKind::argument, "A correlation is a single plain number between -1 and 1, but " + heading + " is given " +
                     (r.is_range() ? "a range" : r.dimension != Dimension{} ? "a quantity with a unit" : "no finite number") +
                     ".",
                 column_of(root));
        }
        return r.central;
    };
    CorrelationStatement out;
    out.names = names;
    if (st.matrix.empty()) {
        const double r = plain_number(st.root);
        out.pair = true;
        out.matrix = {1, r, r, 1};
        return out;
    }
    const std::size_t n = names.size();
    check_rows(st, n, heading);
    if (st.matrix.size() != n * n) {
        fail(ErrorKind::argument, heading + " names " + std::to_string(n) + " inputs, so its matrix has " + std::to_string(n) +
                 " rows of " + std::to_string(n) + ": " + std::to_string(n * n) + " numbers, but " +
                 std::to_string(st.matrix.size()) + " are given.",
             column_of(st.root));
    }
    std::vector<double>& m = out.matrix;
    m.resize(n * n);
    for (std::size_t k = 0; k < n * n; ++k) m[k] = plain_number(st.matrix[k]);
    for (std::size_t i = 0; i < n; ++i) {
        if (m[i * n + i] != 1) {
            fail(ErrorKind::argument, "The diagonal of a correlation matrix is 1 (each input with itself), but row " +
                     std::to_string(i + 1) + " of " + heading + " has " + format_number(m[i * n + i], 3, true) + " there.",
                 column_of(st.matrix[i * n + i]));
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (m[i * n + j] != m[j * n + i]) {
                fail(ErrorKind::argument, "A correlation matrix is symmetric, but in " + heading + " the correlation of " +
                         std::string(names[i]) + " and " + std::string(names[j]) + " is " +
                         format_number(m[i * n + j], 3, true) + " in row " + std::to_string(i + 1) + " and " +
                         format_number(m[j * n + i], 3, true) + " in row " + std::to_string(j + 1) + ".",
                     column_of(st.matrix[i * n + j]));
            }
        }
    }
    return out;
}

}  // namespace ballpark
