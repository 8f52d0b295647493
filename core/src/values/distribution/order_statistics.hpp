// Order statistics of a value's samples: where a percentile lies among them, and the samples at given ranks,
// found by selection or, faster and with the same digits, by buckets.
#pragma once

#include <cstddef>
#include <span>

#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"

namespace ballpark::distribution_detail {

// Percentiles are interpolated between order statistics at the plotting positions (j + 0.5) / N (Hazen), which
// are exactly where a Sobol column's values sit: a single uniform input gives its percentiles exactly. The
// p-quantile lies h = pN - 0.5 of the way along: between order statistics j = floor(h) and j + 1.
struct Position {
    double h;
    std::size_t j;
};
inline Position position(double p) {
    const double h = p * static_cast<double>(sample_count) - 0.5;
    return {h, h <= 0 ? 0 : static_cast<std::size_t>(h)};
}
inline double interpolate(Position at, double below, double above) {
    return below + (at.h - static_cast<double>(at.j)) * (above - below);
}

// The order statistics of the samples x at `ranks` (0-based, ascending), by selection: one copy, one selection
// for the middle rank, then the ranks below it selected among the part below it and those above among the part
// above (nth_element leaves each side holding exactly the smaller and the larger order statistics): each later
// selection runs over a part of the samples instead of all of them, as separate quantile() calls would.
void selected_order_statistics(const Distribution::SampleVector& x, std::span<const std::size_t> ranks, double* out);

// The same order statistics of N finite samples whose smallest is `lo` and largest `hi`, by buckets: one pass
// counts the samples in 2048 buckets of equal width between lo and hi, which says the bucket of each rank and how
// many samples lie below it; a second gathers only the samples of those buckets, and each rank is selected among
// its bucket's. The bucket (x - lo) * 2048 / (hi - lo), truncated, never decreases as x grows, so a bucket's
// samples lie between those of the buckets below and above it, and the order statistics are the same values
// selection gives (so the digits are the same), for much less work than selecting among all 8192 samples for
// each rank, which would be the larger part of a plan total's time in the 90% reading. False when lo and hi leave
// no width to divide (the caller selects then).
bool order_statistics(const double* x, double lo, double hi, std::span<const std::size_t> ranks, double* out);

}  // namespace ballpark::distribution_detail
