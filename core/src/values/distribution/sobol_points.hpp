// The shared quasi-random points of the distribution mode: the first N = 2^13 points of a Sobol sequence
// (Joe–Kuo direction numbers from boost/random/sobol.hpp's table), one column per uncertain input.
//
// Why Sobol and this many points: the same text must give the same digits on every run and percentiles must be
// within 1% of exact. A Sobol sequence has no seed at all, and its first 2^m points form a (t, m, s)-net: every
// column alone is a permutation of {0, 1/N, ..., (N-1)/N}, so a single input's percentiles are exact up to
// interpolation, and sums of a few inputs converge about as 1/N instead of 1/sqrt(N) for random samples.
//
// Column j depends only on j (its direction numbers), never on how many columns exist, so inputs can be added
// one by one; each is computed alone (well under a millisecond) the first time it is asked for,
// then kept immutable and shared for the life of the process, so every evaluation and every thread sees the same
// numbers. Memory: 128 KB per column used.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace ballpark::sobol_points {

inline constexpr int log2_sample_count = 13;
inline constexpr std::size_t sample_count = std::size_t{1} << log2_sample_count;

using Column = std::shared_ptr<const std::vector<double>>;

// The largest number of columns (uncertain inputs) the direction-number table supports.
std::size_t column_limit();

// Column `dimension` (0-based) of the points, shifted by 1/(2N) so that no value is 0 or 1: the values are
// exactly {(k + 0.5) / N : k = 0..N-1} in Sobol order. The shift keeps the net property: every point stays in its
// cell of width 1/N. Throws an ErrorException (a sentence) past column_limit().
Column uniform_column(std::size_t dimension);

// The same column mapped through the standard normal quantile: independent standard normal samples Z_dimension.
Column normal_column(std::size_t dimension);

// The N values every normal column holds, in increasing order: Phi^-1((j + 0.5) / N) for j = 0..N-1. Entry j is
// the value of the points whose uniform value is (j + 0.5) / N, so uniform value u has entry u * N (truncated).
// Symmetric: entry N - 1 - j is minus entry j.
const std::vector<double>& normal_quantiles();

}  // namespace ballpark::sobol_points
