// What the files of the distribution value type share (distribution.cpp, inputs.cpp, statistics.cpp): the
// support's limiting values, the standard normal's quantile, the wording of numbers in sentences, the algebra of
// terms (a normal score's combination of inputs) and the check that an argument is a single number.
#pragma once

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cstddef>
#include <limits>
#include <sstream>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/sobol_points.hpp"

namespace ballpark {

// A sum of two's parts and their sum on the shared points, made once when first needed (distribution.hpp).
struct Distribution::Parts : Percentiles {
    Distribution first, second;
    Once samples_once;
    Samples samples;
};

}  // namespace ballpark

namespace ballpark::distribution_detail {

inline constexpr double inf = std::numeric_limits<double>::infinity();
// The smallest positive double: a lognormal's support is (0, inf), and as a closed range of doubles that is
// [denorm_min, inf], so domain checks (log, divide) that ask "can it be <= 0?" see no.
inline constexpr double smallest_positive = std::numeric_limits<double>::denorm_min();
inline constexpr std::size_t sample_count = sobol_points::sample_count;

inline double normal_quantile(double p) { return -boost::math::constants::root_two<double>() * boost::math::erfc_inv(2 * p); }

// Every sample's |Z| is at most the quantile table's last entry, Phi^-1(1 - 0.5 / N) (3.84 for N = 2^13), so a
// lognormal's exponents have a range known without looking at its samples.
inline double largest_sample_z() { return sobol_points::normal_quantiles().back(); }

inline std::string number(double x) { return format_number(x, 3, true); }
// A percentile as asked for (99.95, 0.0001): the digits of 3 significant figures would round it to a percentile
// that is allowed.
inline std::string percent_as_asked(double p) {
    std::ostringstream out;
    out << 100 * p;
    return out.str();
}

// a + factor * b, combined by input index; terms that cancel exactly are dropped, which is what makes x - x a
// point.
inline Distribution::Terms merge(const Distribution::Terms& a, const Distribution::Terms& b, double factor) {
    Distribution::Terms out;
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a[i].input < b[j].input)) {
            out.push_back(a[i++]);
        } else if (i == a.size() || b[j].input < a[i].input) {
            out.push_back({b[j].input, factor * b[j].weight});
            ++j;
        } else {
            const double w = a[i].weight + factor * b[j].weight;
            if (w != 0) out.push_back({a[i].input, w});
            ++i, ++j;
        }
    }
    return out;
}

template <class F>
inline Distribution::Terms map_weights(const Distribution::Terms& terms, F f) {
    Distribution::Terms out;
    out.reserve(terms.size());
    for (const auto& t : terms) {
        const double w = f(t.weight);
        if (w != 0) out.push_back({t.input, w});
    }
    return out;
}

// A normal score's terms times an input's spread: the terms of the input's exponent (lognormal) or value (normal).
inline Distribution::Terms weighted(const Distribution::Terms& score, double w) {
    return map_weights(score, [w](double x) { return x * w; });
}

inline bool same_terms(const Distribution::Terms& a, const Distribution::Terms& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const auto& x, const auto& y) { return x.input == y.input && x.weight == y.weight; });
}

inline double single_number(const Distribution& d, const char* what, int column) {
    if (!d.is_point()) {
        fail(ErrorKind::argument, std::string("In the distribution mode ") + what + " must be a single number, but it is uncertain (median " +
                 number(d.central()) + ", 90% between " + number(d.low()) + " and " + number(d.high()) + ").",
             column, "Write it as a plain number, or combine ranges with arithmetic instead of nesting them.");
    }
    return d.central();
}

}  // namespace ballpark::distribution_detail
