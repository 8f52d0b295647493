// The largest or smallest of independent values that each have a closed-form CDF (a sum of independent parts,
// independent_sum.hpp): max(1 to 3, 2 to 4), min(a, b, c). Such a value is sampled like any other, and its samples
// place percentiles from the 5th to the 95th well, but past those few samples remain (8 past the 99.9th), too few
// to place the 99.9th percentile of max(1 to 3, 2 to 4). Independence gives the CDF in closed form instead:
// P(max <= t) is the product of the operands' P(X_i <= t), and P(min > t) the product of their P(X_i > t).
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "values/distribution/independent_sum.hpp"

namespace ballpark::extremes {

struct Extreme {
    bool largest = true;  // max, else min
    boost::container::small_vector<independent_sum::Sum, 4> operands;
    // The inputs the operands depend on, sorted: two values are independent when these are disjoint.
    boost::container::small_vector<std::uint32_t, 8> inputs;
};

// The most operands kept: each is a CDF of its own at every step of the root finding.
inline constexpr std::size_t max_operands = 8;

// The extreme of one operand alone, when its CDF can be computed (at least one part, at most
// independent_sum::max_quadrature_parts).
std::optional<Extreme> of(bool largest, const independent_sum::Sum& operand);

// The max (largest) or min of a and b when they are independent and of that kind, else nullopt.
std::optional<Extreme> combined(const Extreme& a, const Extreme& b);

// The p-quantile (0 < p < 1), or nullopt when an operand's integral does not settle; guess and spread as in
// independent_sum::invert.
std::optional<double> quantile(const Extreme& extreme, double p, double guess, double spread);

}  // namespace ballpark::extremes
