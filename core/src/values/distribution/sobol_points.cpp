#include "values/distribution/sobol_points.hpp"

#include <array>
#include <bit>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <boost/random/sobol.hpp>
#include <cstdint>
#include <mutex>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/mode.hpp"

namespace ballpark::sobol_points {
namespace {

using Table = boost::random::default_sobol_table;  // Joe and Kuo's new-joe-kuo-6.21201 direction numbers

// The 32 direction numbers of one dimension, by the recurrence Boost's sobol_lattice uses (Bratley and Fox).
// Done here for one dimension at a time because boost::random::sobol_engine computes every dimension up to the
// one asked for, and produces them all at every point: column 3000 would cost 3000 columns' work and memory.
// The unit test checks the result against sobol_engine itself.
std::array<std::uint32_t, 32> direction_numbers(std::size_t dimension) {
    std::array<std::uint32_t, 32> m{};
    if (dimension == 0) {
        m.fill(1);
    } else {
        const auto poly = static_cast<std::uint32_t>(Table::polynomial(dimension - 1));
        const unsigned degree = static_cast<unsigned>(std::bit_width(poly)) - 1;
        for (unsigned k = 0; k < degree; ++k) m[k] = static_cast<std::uint32_t>(Table::minit(dimension - 1, k));
        for (unsigned j = degree; j < 32; ++j) {
            std::uint32_t p = poly;
            m[j] = m[j - degree];
            for (unsigned k = 0; k < degree; ++k, p >>= 1) {
                const unsigned rem = degree - k;
                m[j] ^= ((p & 1) * m[j - rem]) << rem;
            }
        }
    }
    for (unsigned j = 0; j < 32; ++j) m[j] <<= 31 - j;
    return m;
}

std::vector<double> make_uniform_column(std::size_t dimension) {
    const auto v = direction_numbers(dimension);
    std::vector<double> u(sample_count);
    // Points 0..N-1 in Gray-code order (Antonov and Saleev): point k differs from point k-1 in the direction number
    // of the lowest zero bit of k-1. Point 0 is the origin, which Boost's engine skips; the net property needs it.
    // Half a cell is added to every value: the first 2^13 points use only the top 13 bits, so this is exact and
    // keeps each point inside its cell.
    constexpr double half_cell = 0.5 / static_cast<double>(sample_count);
    std::uint32_t x = 0;
    u[0] = half_cell;
    for (std::size_t k = 1; k < sample_count; ++k) {
        x ^= v[std::countr_one(k - 1)];
        u[k] = static_cast<double>(x) * 0x1p-32 + half_cell;
    }
    return u;
}

struct Store {
    std::mutex mutex;
    std::vector<Column> uniform;  // by dimension; empty until asked for
    std::vector<Column> normal;
};

Store& store() {
    static Store s;
    return s;
}

void check_limit(std::size_t dimension) {
    if (dimension >= column_limit()) {
        fail(ErrorKind::limit, "The distribution mode supports at most " + std::to_string(column_limit()) +
                 " uncertain inputs in one session, but input number " + std::to_string(dimension + 1) +
                 " was asked for: every range evaluated, on every line, is a new input.",
             0,
             "Write \"mode " + std::string(mode_info(Mode::distribution).name) +
                 "\" to start the inputs over (the names defined so far are read again, each range once), or start a "
                 "new session.");
    }
}

// With the store locked.
const Column& uniform_locked(Store& s, std::size_t dimension) {
    if (dimension >= s.uniform.size()) {
        s.uniform.resize(dimension + 1);
        s.normal.resize(dimension + 1);
    }
    if (!s.uniform[dimension]) s.uniform[dimension] = std::make_shared<const std::vector<double>>(make_uniform_column(dimension));
    return s.uniform[dimension];
}

}  // namespace

std::size_t column_limit() { return Table::max_dimension; }

Column uniform_column(std::size_t dimension) {
    check_limit(dimension);
    Store& s = store();
    std::lock_guard lock(s.mutex);
    return uniform_locked(s, dimension);
}

const std::vector<double>& normal_quantiles() {
    static const std::vector<double> quantiles = [] {
        std::vector<double> q(sample_count);
        // Phi^-1(u) = -sqrt(2) erfc^-1(2u): accurate in both tails, unlike 1 - u forms. The upper half is the
        // mirror of the lower so that the table is exactly symmetric (distribution.cpp relies on it to halve the
        // exps of a lognormal input); erfc_inv itself is only symmetric up to rounding.
        for (std::size_t j = 0; j < sample_count / 2; ++j) {
            q[j] = -boost::math::constants::root_two<double>() * boost::math::erfc_inv((2 * j + 1.0) / sample_count);
            q[sample_count - 1 - j] = -q[j];
        }
        return q;
    }();
    return quantiles;
}

Column normal_column(std::size_t dimension) {
    check_limit(dimension);
    Store& s = store();
    std::lock_guard lock(s.mutex);
    const std::vector<double>& u = *uniform_locked(s, dimension);
    if (!s.normal[dimension]) {
        // Every column holds the same N values (j + 0.5) / N in its own order, so the N normal quantiles are
        // computed once and each column only looks its values up.
        const std::vector<double>& quantiles = normal_quantiles();
        std::vector<double> z(u.size());
        for (std::size_t k = 0; k < u.size(); ++k) z[k] = quantiles[static_cast<std::size_t>(u[k] * sample_count)];
        s.normal[dimension] = std::make_shared<const std::vector<double>>(std::move(z));
    }
    return s.normal[dimension];
}

}  // namespace ballpark::sobol_points
