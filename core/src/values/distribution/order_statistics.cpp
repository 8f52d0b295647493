#include "values/distribution/order_statistics.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

namespace ballpark::distribution_detail {

void selected_order_statistics(const Distribution::SampleVector& x, std::span<const std::size_t> ranks, double* out) {
    Distribution::SampleVector copy(x);
    const auto begin = copy.begin(), end = copy.end();
    const std::size_t middle = ranks.size() / 2;
    std::nth_element(begin, begin + static_cast<std::ptrdiff_t>(ranks[middle]), end);
    // Each rank after one selected lies in what follows it; each before, in what precedes it.
    auto from = begin + static_cast<std::ptrdiff_t>(ranks[middle]) + 1;
    for (std::size_t i = middle + 1; i < ranks.size(); ++i) {
        const auto at = begin + static_cast<std::ptrdiff_t>(ranks[i]);
        if (at >= from) std::nth_element(from, at, end), from = at + 1;
    }
    auto to = begin + static_cast<std::ptrdiff_t>(ranks[middle]);
    for (std::size_t i = middle; i-- > 0;) {
        const auto at = begin + static_cast<std::ptrdiff_t>(ranks[i]);
        if (at < to) std::nth_element(begin, at, to), to = at;
    }
    for (std::size_t i = 0; i < ranks.size(); ++i) out[i] = copy[ranks[i]];
}

bool order_statistics(const double* x, double lo, double hi, std::span<const std::size_t> ranks, double* out) {
    constexpr std::size_t buckets = 2048;
    const double scale = static_cast<double>(buckets) / (hi - lo);
    if (!(hi > lo) || !std::isfinite(scale) || !std::isfinite(hi - lo)) return false;
    // x - lo <= hi - lo, so the bucket is at most 2048 (hi's, or a rounding below it): 2049 buckets need no
    // clamp. The buckets first, in a loop the compiler vectorizes, then the counts.
    std::array<std::uint32_t, buckets + 1> count{};
    const auto bucket = std::make_unique_for_overwrite<std::uint16_t[]>(sample_count);
    for (std::size_t k = 0; k < sample_count; ++k) {
        bucket[k] = static_cast<std::uint16_t>(static_cast<int>((x[k] - lo) * scale));
    }
    for (std::size_t k = 0; k < sample_count; ++k) ++count[bucket[k]];
    // The bucket of each rank and the samples below that bucket; the buckets that hold a rank get a slot each.
    constexpr std::uint8_t none = 0xFF;
    std::array<std::uint8_t, buckets + 1> slot_of;
    slot_of.fill(none);
    boost::container::small_vector<std::size_t, 6> rank_bucket(ranks.size()), below(ranks.size());
    boost::container::small_vector<std::size_t, 6> slot_start{0};
    std::size_t seen = 0, b = 0;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        while (seen + count[b] <= ranks[i]) seen += count[b++];
        rank_bucket[i] = b;
        below[i] = seen;
        if (slot_of[b] == none) {
            slot_of[b] = static_cast<std::uint8_t>(slot_start.size() - 1);
            slot_start.push_back(slot_start.back() + count[b]);
        }
    }
    std::vector<double> gathered(slot_start.back());
    boost::container::small_vector<std::size_t, 6> fill(slot_start.begin(), slot_start.end() - 1);
    for (std::size_t k = 0; k < sample_count; ++k) {
        const std::uint8_t s = slot_of[bucket[k]];
        if (s != none) gathered[fill[s]++] = x[k];
    }
    // Within a slot the ranks come in ascending order: each is selected among what follows the one before.
    std::size_t last_slot = none, from = 0;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const std::size_t s = slot_of[rank_bucket[i]];
        if (s != last_slot) from = slot_start[s];
        last_slot = s;
        const std::size_t at = slot_start[s] + (ranks[i] - below[i]);
        if (at >= from) {
            const auto first = gathered.begin();
            std::nth_element(first + static_cast<std::ptrdiff_t>(from), first + static_cast<std::ptrdiff_t>(at),
                             first + static_cast<std::ptrdiff_t>(slot_start[s + 1]));
            from = at + 1;
        }
        out[i] = gathered[at];
    }
    return true;
}

}  // namespace ballpark::distribution_detail
