#include "sobol_points.hpp"

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/random/sobol.hpp>
#include <cstdint>
#include <mutex>
#include <string>

#include "ballpark/error.hpp"

namespace ballpark::sobol_points {
namespace {

using Engine = boost::random::sobol_engine<std::uint32_t, 32>;

struct Store {
    std::mutex mutex;
    std::vector<Column> uniform;
    std::vector<Column> normal;
};

Store& store() {
    static Store s;
    return s;
}

// Fills store.uniform up to at least `dimensions` columns. Boost's engine can only produce all its dimensions
// together, so the table grows by doubling: the total work stays within twice the work for the final size.
void grow(Store& s, std::size_t dimensions) {
    const std::size_t have = s.uniform.size();
    const std::size_t want = std::min(column_limit(), std::max({dimensions, 2 * have, std::size_t{8}}));
    Engine engine(want);
    std::vector<std::vector<double>> columns(want - have, std::vector<double>(sample_count));
    // Boost's engine starts at the sequence's second point (its first is the origin); the net property holds for
    // points 0..N-1, so the origin is put back in front by hand.
    constexpr double half_cell = 0.5 / static_cast<double>(sample_count);
    for (auto& column : columns) column[0] = half_cell;
    for (std::size_t k = 1; k < sample_count; ++k) {
        for (std::size_t d = 0; d < want; ++d) {
            const std::uint32_t bits = engine();
            if (d < have) continue;
            // Exact: the first 2^13 points use only the top 13 bits, and adding half a cell is exact too.
            columns[d - have][k] = static_cast<double>(bits) * 0x1p-32 + half_cell;
        }
    }
    for (auto& column : columns) s.uniform.push_back(std::make_shared<const std::vector<double>>(std::move(column)));
    s.normal.resize(s.uniform.size());
}

void check_limit(std::size_t dimension) {
    if (dimension >= column_limit()) {
        fail("The distribution mode supports at most " + std::to_string(column_limit()) +
             " uncertain inputs in one session, but input number " + std::to_string(dimension + 1) + " was asked for.");
    }
}

}  // namespace

std::size_t column_limit() { return boost::random::default_sobol_table::max_dimension; }

Column uniform_column(std::size_t dimension) {
    check_limit(dimension);
    Store& s = store();
    std::lock_guard lock(s.mutex);
    if (dimension >= s.uniform.size()) grow(s, dimension + 1);
    return s.uniform[dimension];
}

Column normal_column(std::size_t dimension) {
    check_limit(dimension);
    Store& s = store();
    std::lock_guard lock(s.mutex);
    if (dimension >= s.uniform.size()) grow(s, dimension + 1);
    if (!s.normal[dimension]) {
        const std::vector<double>& u = *s.uniform[dimension];
        std::vector<double> z(u.size());
        // Phi^-1(u) = -sqrt(2) erfc^-1(2u): accurate in both tails, unlike 1 - u forms.
        for (std::size_t k = 0; k < u.size(); ++k)
            z[k] = -boost::math::constants::root_two<double>() * boost::math::erfc_inv(2 * u[k]);
        s.normal[dimension] = std::make_shared<const std::vector<double>>(std::move(z));
    }
    return s.normal[dimension];
}

}  // namespace ballpark::sobol_points
