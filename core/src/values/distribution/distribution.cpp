#include "values/distribution/distribution.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "numeric/normal.hpp"
#include "numeric/within_rounding.hpp"
#include "values/distribution/extremes.hpp"
#include "values/distribution/independent_sum.hpp"
#include "values/distribution/sobol_points.hpp"
#include "values/distribution/two_input_sum.hpp"
#include "values/distribution/vector_exp.hpp"

namespace ballpark {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
// The smallest positive double: a lognormal's support is (0, inf), and as a closed range of doubles that is
// [denorm_min, inf], so domain checks (log, divide) that ask "can it be <= 0?" see no.
constexpr double smallest_positive = std::numeric_limits<double>::denorm_min();
constexpr std::size_t sample_count = sobol_points::sample_count;

double normal_quantile(double p) { return -boost::math::constants::root_two<double>() * boost::math::erfc_inv(2 * p); }

// Every sample's |Z| is at most the quantile table's last entry, Phi^-1(1 - 0.5 / N) (3.84 for N = 2^13), so a
// lognormal's exponents have a range known without looking at its samples.
double largest_sample_z() { return sobol_points::normal_quantiles().back(); }

std::string number(double x) { return format_number(x, 3, true); }
// A percentile as asked for (99.95, 0.0001): the digits of 3 significant figures would round it to a percentile
// that is allowed.
std::string percent_as_asked(double p) {
    std::ostringstream out;
    out << 100 * p;
    return out.str();
}

// a + factor * b, combined by input index; terms that cancel exactly are dropped, which is what makes x - x a
// point.
Distribution::Terms merge(const Distribution::Terms& a, const Distribution::Terms& b, double factor) {
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
Distribution::Terms map_weights(const Distribution::Terms& terms, F f) {
    Distribution::Terms out;
    out.reserve(terms.size());
    for (const auto& t : terms) {
        const double w = f(t.weight);
        if (w != 0) out.push_back({t.input, w});
    }
    return out;
}

// A normal score's terms times an input's spread: the terms of the input's exponent (lognormal) or value (normal).
Distribution::Terms weighted(const Distribution::Terms& score, double w) {
    return map_weights(score, [w](double x) { return x * w; });
}

bool same_terms(const Distribution::Terms& a, const Distribution::Terms& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const auto& x, const auto& y) { return x.input == y.input && x.weight == y.weight; });
}

// Supports of sampled results by interval arithmetic on the operands' supports: wider than the true support
// when an input occurs twice, never narrower, which is what domain checks need.
struct Range {
    double low, high;
};
Range range_of(const Distribution& d) { return {d.support_low(), d.support_high()}; }
double times_bound(double x, double y) { return x == 0 || y == 0 ? 0 : x * y; }  // 0 * inf is 0 here, not NaN
Range times(Range a, Range b) {
    const double p[] = {times_bound(a.low, b.low), times_bound(a.low, b.high), times_bound(a.high, b.low),
                        times_bound(a.high, b.high)};
    Range r{*std::min_element(std::begin(p), std::end(p)), *std::max_element(std::begin(p), std::end(p))};
    // Two supports above zero ((0, 1) as [denorm_min, 1) for a fraction) have a product above zero, which the
    // product of their smallest doubles, rounded to 0, would lose: a divisor u * v of two fractions is never zero.
    if (a.low > 0 && b.low > 0 && r.low == 0) r.low = smallest_positive;
    return r;
}
Range power_range(Range r, double e) {
    const double x = std::pow(r.low, e), y = std::pow(r.high, e);
    if (r.low < 0 && r.high > 0 && e > 0 && std::fmod(e, 2) == 0) return {0, std::max(x, y)};
    // Elsewhere x^e is monotone on the range (fractional exponents only reach here for ranges >= 0, negative
    // exponents only for ranges of one sign).
    return {std::min(x, y), std::max(x, y)};
}

double single_number(const Distribution& d, const char* what, int column) {
    if (!d.is_point()) {
        fail(ErrorKind::argument, std::string("In the distribution mode ") + what + " must be a single number, but it is uncertain (median " +
                 number(d.central()) + ", 90% between " + number(d.low()) + " and " + number(d.high()) + ").",
             column, "Write it as a plain number, or combine ranges with arithmetic instead of nesting them.");
    }
    return d.central();
}

// The Beta(alpha, beta) quantiles at the cell centres (j + 0.5) / N, j = 0..N-1, which are exactly the values a
// Sobol column takes. Hand-written because boost::math::ibeta_inv costs about 25 us a call here (measured), 0.2 s
// for one input; this integrates the density (3-point Gauss-Legendre on 2048 cells, exact for the polynomial
// densities of integer parameters) and inverts the cumulative sum by linear interpolation, about 0.3 ms. PERT's
// parameters lie in [1, 5], so the density is bounded and continuous.
std::vector<double> beta_quantiles(double alpha, double beta) {
    constexpr int cells = 2048;
    constexpr double h = 1.0 / cells;
    const double r = std::sqrt(0.6) * h / 2;
    const auto density = [alpha, beta](double x) { return std::pow(x, alpha - 1) * std::pow(1 - x, beta - 1); };
    std::vector<double> cdf(cells + 1, 0.0);
    for (int i = 0; i < cells; ++i) {
        const double mid = (i + 0.5) * h;
        cdf[i + 1] = cdf[i] + h / 2 * (5.0 / 9 * density(mid - r) + 8.0 / 9 * density(mid) + 5.0 / 9 * density(mid + r));
    }
    const double total = cdf[cells];
    for (double& c : cdf) c /= total;
    std::vector<double> out(sample_count);
    int i = 0;
    for (std::size_t j = 0; j < sample_count; ++j) {
        const double target = (j + 0.5) / sample_count;
        while (i < cells - 1 && cdf[i + 1] < target) ++i;
        const double frac = std::clamp((target - cdf[i]) / (cdf[i + 1] - cdf[i]), 0.0, 1.0);
        out[j] = (i + frac) * h;
    }
    return out;
}

// The loops over samples, as functions with __restrict parameters (a GCC and Clang extension): with it and the
// constant count, -O2 vectorizes them; without it the compiler must allow for the output overlapping an input
// and stays scalar (checked with -fopt-info-vec). __restrict on local pointers does not do it in GCC 12.
void affine(double* __restrict out, const double* __restrict z, double c, double w) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = c + w * z[k];
}
void add_scaled(double* __restrict out, const double* __restrict z, double w) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] += w * z[k];
}
void shifted_scaled_exp(double* __restrict x, double scale, double offset) {
    for (std::size_t k = 0; k < sample_count; ++k) x[k] = offset + scale * exp_in_range(x[k]);
}
// table[j] = e^(w q[j]) for the symmetric sorted quantiles q: the lower half by exp, the upper half as
// reciprocals, e^(w q[N-1-j]) = e^(-w q[j]) = 1 / e^(w q[j]). The caller checks |w q| <= 708.
void half_exp_table(double* __restrict table, const double* __restrict q, double w) {
    constexpr std::size_t half = sample_count / 2;
    for (std::size_t j = 0; j < half; ++j) table[j] = exp_in_range(w * q[j]);
    for (std::size_t j = 0; j < half; ++j) table[sample_count - 1 - j] = 1 / table[j];
}
// out[k] = offset + factor * table[cell of u[k]]; u = (j + 0.5) / N exactly, so u * N truncates to j.
void look_up(double* __restrict out, const double* __restrict u, const double* __restrict table, double factor,
             double offset) {
    for (std::size_t k = 0; k < sample_count; ++k)
        out[k] = offset + factor * table[static_cast<std::size_t>(u[k] * static_cast<double>(sample_count))];
}
template <class F>
void map(double* __restrict out, const double* __restrict x, F f) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = f(x[k]);
}
template <class F>
void map(double* __restrict out, const double* __restrict x, const double* __restrict y, F f) {
    for (std::size_t k = 0; k < sample_count; ++k) out[k] = f(x[k], y[k]);
}

// Percentiles are interpolated between order statistics at the plotting positions (j + 0.5) / N (Hazen), which
// are exactly where a Sobol column's values sit: a single uniform input gives its percentiles exactly. The
// p-quantile lies h = pN - 0.5 of the way along: between order statistics j = floor(h) and j + 1.
struct Position {
    double h;
    std::size_t j;
};
Position position(double p) {
    const double h = p * static_cast<double>(sample_count) - 0.5;
    return {h, h <= 0 ? 0 : static_cast<std::size_t>(h)};
}
double interpolate(Position at, double below, double above) {
    return below + (at.h - static_cast<double>(at.j)) * (above - below);
}

// The order statistics of the samples x at `ranks` (0-based, ascending), by selection: one copy, one selection
// for the middle rank, then the ranks below it selected among the part below it and those above among the part
// above (nth_element leaves each side holding exactly the smaller and the larger order statistics). Measured at
// N = 8192: 36 us for three separate quantile() calls, about 20 us for this.
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

// The same order statistics of N finite samples whose smallest is `lo` and largest `hi`, by buckets: one pass
// counts the samples in 2048 buckets of equal width between lo and hi, which says the bucket of each rank and how
// many samples lie below it; a second gathers only the samples of those buckets, and each rank is selected among
// its bucket's. The bucket (x - lo) * 2048 / (hi - lo), truncated, never decreases as x grows, so a bucket's
// samples lie between those of the buckets below and above it, and the order statistics are the same values
// selection gives (so the digits are the same), for much less work than selecting among all 8192 samples for
// each rank, which would be the larger part of a plan total's time in the 90% reading. False when lo and hi leave
// no width to divide (the caller selects then).
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

// The samples of the closed forms made last on this thread, by the numbers that decide them: a gaussian's or
// log-gaussian's samples depend only on its form, offset, scale, constant and terms (each input's Sobol column is
// fixed), so equal numbers, compared bit for bit, give the same samples. A result that reads earlier results
// evaluates their whole tree again at every recalculation (core/src/api/evaluate.cpp), with the same inputs in the same columns,
// and without this would sample its terms again each time (the three cost terms of the three-run plan's total in
// the 90% reading: more than half its work). 32 slots of 64 KB, the oldest replaced first: 2 MB per thread at
// most, and the terms of a plan of up to 32 runs stay.
class SamplesMemo {
public:
    static SamplesMemo& of_this_thread() {
        static PerThread<SamplesMemo> memos;
        return memos.get();
    }

    template <class Make>
    Distribution::Samples get(bool log_gaussian, double offset, double scale, double constant,
                              const Distribution::Terms& terms, Make make) {
        const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
        const auto same_terms = [&](const Distribution::Terms& kept) {
            return std::equal(kept.begin(), kept.end(), terms.begin(), terms.end(), [&](const auto& a, const auto& b) {
                return a.input == b.input && bits(a.weight) == bits(b.weight);
            });
        };
        for (const Entry& e : entries_) {
            if (e.samples && e.log_gaussian == log_gaussian && bits(e.offset) == bits(offset) &&
                bits(e.scale) == bits(scale) && bits(e.constant) == bits(constant) && same_terms(e.terms)) {
                return e.samples;
            }
        }
        Distribution::Samples made = make();
        entries_[next_] = Entry{log_gaussian, offset, scale, constant, terms, made};
        next_ = (next_ + 1) % entries_.size();
        return made;
    }

private:
    struct Entry {
        bool log_gaussian = false;
        double offset = 0, scale = 0, constant = 0;
        Distribution::Terms terms;
        Distribution::Samples samples;
    };
    std::array<Entry, 32> entries_;
    std::size_t next_ = 0;
};

// The sampled sums made last on this thread, by their operands' samples. A sum of results read again (a plan's
// total) adds the same terms at every recalculation: with their samples kept (SamplesMemo), the operands are the
// same vectors, and so is the sum. The key is the vectors themselves, which the memo keeps alive, so that an
// address cannot come back holding other samples; a vector belongs to one value (and its copies), whose supports
// and closed-form parts, the rest of what the sum reads, never change. A copy of the kept sum shares its
// percentiles, so those are computed once too. 16 slots of 64 KB: 1 MB per thread at most.
class SumMemo {
public:
    static SumMemo& of_this_thread() {
        static PerThread<SumMemo> memos;
        return memos.get();
    }

    const Distribution* find(const Distribution::Samples& a, const Distribution::Samples& b) const {
        for (const Entry& e : entries_) {
            if (e.a == a && e.b == b && e.a) return &*e.sum;
        }
        return nullptr;
    }

    void keep(Distribution::Samples a, Distribution::Samples b, const Distribution& sum) {
        entries_[next_] = Entry{std::move(a), std::move(b), sum};
        next_ = (next_ + 1) % entries_.size();
    }

private:
    struct Entry {
        Distribution::Samples a, b;
        std::optional<Distribution> sum;
    };
    std::array<Entry, 16> entries_;
    std::size_t next_ = 0;
};

}  // namespace

std::uint32_t Distribution::Context::add(Input input) {
    inputs.push_back(input);
    return static_cast<std::uint32_t>(inputs.size() - 1);
}

struct Distribution::Parts : Percentiles {
    Distribution first, second;
    Once samples_once;
    Samples samples;
};

Distribution::Parts& Distribution::parts() const { return static_cast<Parts&>(*percentiles_); }

// A gaussian or log-gaussian part without constant or offset as the quadrature sees it: sigma Z, or k e^(sigma Z)
// with k = s e^c.
two_input_sum::Part Distribution::part(const Distribution& d) {
    const bool lognormal = d.form_ == Form::log_gaussian;
    return {lognormal, lognormal ? d.scale_ * std::exp(d.constant_) : 1, d.sigma()};
}

std::optional<independent_sum::Sum> Distribution::structure(const Distribution& d) {
    using independent_sum::Part;
    independent_sum::Sum out;
    const auto inputs_of = [&out](const Terms& terms) {
        for (const Term& t : terms) out.inputs.push_back(t.input);
    };
    switch (d.form_) {
        case Form::gaussian:
            out.constant = d.constant_;
            if (!d.terms_.empty()) out.parts.push_back({Part::Kind::normal, 1, d.sigma()});
            inputs_of(d.terms_);
            break;
        case Form::log_gaussian: {
            const double k = d.scale_ * std::exp(d.constant_), sigma = d.sigma();
            if (!(std::isfinite(k) && k != 0 && std::isfinite(sigma) && sigma > 0)) return std::nullopt;
            out.constant = d.offset_;
            out.parts.push_back({Part::Kind::lognormal, k, sigma});
            inputs_of(d.terms_);
            break;
        }
        case Form::sum_of_two: {
            auto first = structure(d.parts().first), second = structure(d.parts().second);
            if (!first || !second) return std::nullopt;
            auto total = independent_sum::independent_total(*first, *second);
            if (total) total->constant += d.constant_;
            return total;
        }
        case Form::samples:
            if (const independent_sum::Sum* s = d.sum()) return *s;
            return std::nullopt;
    }
    return out;
}

const independent_sum::Sum* Distribution::sum() const {
    return form_ == Form::samples ? percentiles_->sum.get() : nullptr;
}

Distribution Distribution::with_sum(std::optional<independent_sum::Sum> sum) && {
    if (form_ == Form::samples && sum && std::isfinite(sum->constant))
        percentiles_->sum = std::make_shared<const independent_sum::Sum>(*std::move(sum));
    return std::move(*this);
}

const extremes::Extreme* Distribution::extreme() const {
    return form_ == Form::samples ? percentiles_->extreme.get() : nullptr;
}

std::optional<extremes::Extreme> Distribution::extreme_of(bool largest, const Distribution& a, const Distribution& b) {
    const auto operands = [largest](const Distribution& d) -> std::optional<extremes::Extreme> {
        if (const extremes::Extreme* e = d.extreme(); e && e->largest == largest) return *e;
        if (auto s = structure(d)) return extremes::of(largest, *s);
        return std::nullopt;
    };
    const auto x = operands(a);
    if (!x) return std::nullopt;
    const auto y = operands(b);
    if (!y) return std::nullopt;
    return extremes::combined(*x, *y);
}

Distribution Distribution::with_extreme(std::optional<extremes::Extreme> extreme) && {
    if (form_ == Form::samples && extreme)
        percentiles_->extreme = std::make_shared<const extremes::Extreme>(*std::move(extreme));
    return std::move(*this);
}

// ---- construction and normal forms ----

Distribution Distribution::point(double x) { return gaussian(x, {}); }

Distribution Distribution::literal(double nearest, double, double) { return point(nearest); }

Distribution Distribution::gaussian(double constant, Terms terms) {
    Distribution d;
    d.form_ = Form::gaussian;
    d.constant_ = constant;
    d.terms_ = std::move(terms);
    return d;
}

Distribution Distribution::log_gaussian(double offset, double scale, double constant, Terms terms) {
    if (scale == 0) return point(offset);
    if (terms.empty()) return point(offset + scale * std::exp(constant));
    Distribution d;
    d.form_ = Form::log_gaussian;
    d.offset_ = offset;
    d.scale_ = scale;
    d.constant_ = constant;
    d.terms_ = std::move(terms);
    return d;
}

Distribution Distribution::sampled(Distribution::SampleVector values, double low, double high) {
    // One pass: min, max, and a sum of v * 0 that is NaN exactly when some v is infinite or NaN.
    const double* x = values.data();
    double min = x[0], max = x[0], nan_if_not_finite = 0;
    // In independent lanes of two, written as GCC and Clang vectors: in one chain each addition of the NaN test
    // waits for the one before. Not arrays of four lanes, which the compiler keeps in memory.
    using Pair = double __attribute__((vector_size(16)));
    const auto load = [x](std::size_t k) {
        Pair v;
        std::memcpy(&v, x + k, sizeof v);
        return v;
    };
    Pair min_a = load(0), min_b = load(2), max_a = min_a, max_b = min_b, nan_a{}, nan_b{};
    for (std::size_t k = 0; k < sample_count; k += 4) {
        const Pair a = load(k), b = load(k + 2);
        // Kept on the left, as minpd and maxpd keep their destination: no copies. (Which of two equal values
        // stays only matters for 0 and -0.)
        min_a = min_a < a ? min_a : a;
        min_b = min_b < b ? min_b : b;
        max_a = max_a > a ? max_a : a;
        max_b = max_b > b ? max_b : b;
        nan_a += a * 0.0;
        nan_b += b * 0.0;
    }
    for (const Pair& m : {min_a, min_b}) min = std::min({min, m[0], m[1]});
    for (const Pair& m : {max_a, max_b}) max = std::max({max, m[0], m[1]});
    nan_if_not_finite = (nan_a[0] + nan_a[1]) + (nan_b[0] + nan_b[1]);
    // The lanes find the same extremes as one pass in order, except which of 0 and -0 comes first and where a NaN
    // is: those few values take the pass in order, so every support is what it was.
    if (!(nan_if_not_finite == 0) || min == 0 || max == 0) {
        min = x[0], max = x[0], nan_if_not_finite = 0;
        for (std::size_t k = 0; k < sample_count; ++k) {
            min = x[k] < min ? x[k] : min;
            max = x[k] > max ? x[k] : max;
            nan_if_not_finite += x[k] * 0.0;
        }
    }
    return sampled(std::move(values), low, high, min, max, nan_if_not_finite == 0);
}

Distribution Distribution::sampled(Distribution::SampleVector values, double low, double high, double min, double max,
                                   bool finite) {
    if (finite && min == max) return point(min);
    Distribution d;
    d.form_ = Form::samples;
    // Rounding in the samples may step an ulp past a bound computed from the supports: keep every sample inside.
    d.support_low_ = std::isnan(low) ? -inf : std::min(low, min);
    d.support_high_ = std::isnan(high) ? inf : std::max(high, max);
    d.finite_ = finite;
    d.samples_ = std::make_shared<const SampleVector>(std::move(values));
    d.percentiles_ = std::make_shared<Percentiles>();
    d.percentiles_->smallest = min;
    d.percentiles_->largest = max;
    return d;
}

Distribution::Samples Distribution::samples() const {
    if (form_ == Form::samples) return samples_;
    if (form_ == Form::sum_of_two) {
        Parts& parts = this->parts();
        parts.samples_once([&] {
            SampleVector values(sample_count, boost::container::default_init);
            const double c = constant_;
            const auto a = parts.first.samples(), b = parts.second.samples();
            if (c == 0) {
                map(values.data(), a->data(), b->data(), [](double x, double y) { return x + y; });
            } else {
                map(values.data(), a->data(), b->data(), [c](double x, double y) { return c + (x + y); });
            }
            parts.samples = std::make_shared<const SampleVector>(std::move(values));
        });
        return parts.samples;
    }
    return SamplesMemo::of_this_thread().get(form_ == Form::log_gaussian, offset_, scale_, constant_, terms_,
                                             [this] { return closed_form_samples(); });
}

Distribution::Samples Distribution::closed_form_samples() const {
    SampleVector values(sample_count, boost::container::default_init);
    double* x = values.data();
    const double max_z = largest_sample_z();
    if (form_ == Form::log_gaussian && terms_.size() == 1) {
        const double factor = scale_ * std::exp(constant_);
        if (std::abs(terms_[0].weight) * max_z <= 708 && std::isnormal(factor)) {
            // One input: offset + scale e^c e^(w Z) takes only N values, one per cell of the input's column, and
            // the sorted normal quantiles are symmetric, so exps of the lower half and their reciprocals give all
            // of them: half the exps, which are most of the cost of a sum of two lognormals.
            // Not zero-filled first: every entry is written, and a fill would cost as much as the look-ups.
            const auto table = std::make_unique_for_overwrite<double[]>(sample_count);
            half_exp_table(table.get(), sobol_points::normal_quantiles().data(), terms_[0].weight);
            look_up(x, sobol_points::uniform_column(terms_[0].input)->data(), table.get(), factor, offset_);
            return std::make_shared<const SampleVector>(std::move(values));
        }
    }
    if (terms_.size() == 1) {
        affine(x, sobol_points::normal_column(terms_[0].input)->data(), constant_, terms_[0].weight);
    } else {
        std::fill(values.begin(), values.end(), constant_);
        for (const Term& t : terms_) add_scaled(x, sobol_points::normal_column(t.input)->data(), t.weight);
    }
    if (form_ == Form::log_gaussian) {
        double reach = 0;
        for (const Term& t : terms_) reach += std::abs(t.weight) * max_z;
        if (constant_ - reach >= -708 && constant_ + reach <= 709) {
            shifted_scaled_exp(x, scale_, offset_);
        } else {
            exp_in_place(x, sample_count, scale_, offset_);
        }
    }
    return std::make_shared<const SampleVector>(std::move(values));
}

template <class F>
Distribution Distribution::elementwise(const Distribution& a, const Distribution& b, double low, double high, F f) {
    SampleVector values(sample_count, boost::container::default_init);
    if (a.is_point()) {
        const double x = a.constant_;
        map(values.data(), b.samples()->data(), [&](double y) { return f(x, y); });
    } else if (b.is_point()) {
        const double y = b.constant_;
        map(values.data(), a.samples()->data(), [&](double x) { return f(x, y); });
    } else {
        map(values.data(), a.samples()->data(), b.samples()->data(), f);
    }
    return sampled(std::move(values), low, high);
}

template <class F>
Distribution Distribution::elementwise(const Distribution& a, double low, double high, F f) {
    SampleVector values(sample_count, boost::container::default_init);
    map(values.data(), a.samples()->data(), f);
    return sampled(std::move(values), low, high);
}

Distribution Distribution::scaled(const Distribution& a, double factor) {
    if (factor == 0) return point(0);
    const auto by = [factor](double w) { return w * factor; };
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ * factor, map_weights(a.terms_, by));
        case Form::log_gaussian: return log_gaussian(a.offset_ * factor, a.scale_ * factor, a.constant_, a.terms_);
        case Form::sum_of_two:
            return sum_of_two(a.constant_ * factor, scaled(a.parts().first, factor), scaled(a.parts().second, factor));
        case Form::samples: break;
    }
    const Range r = times(range_of(a), {factor, factor});
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) sum = a.sum()->scaled(factor);
    if (factor > 0) return order_kept(a, r.low, r.high, 0, factor, true).with_sum(std::move(sum));
    return elementwise(a, r.low, r.high, by).with_sum(std::move(sum));
}

Distribution Distribution::shifted(const Distribution& a, double amount) {
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ + amount, a.terms_);
        case Form::log_gaussian: return log_gaussian(a.offset_ + amount, a.scale_, a.constant_, a.terms_);
        case Form::sum_of_two: return sum_of_two(a.constant_ + amount, a.parts().first, a.parts().second);
        case Form::samples: break;
    }
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) {
        sum = *a.sum();
        sum->constant += amount;
    }
    return order_kept(a, a.support_low_ + amount, a.support_high_ + amount, amount, 1, false).with_sum(std::move(sum));
}

Distribution Distribution::order_kept(const Distribution& a, double low, double high, double shift, double factor,
                                      bool by_factor) {
    // The same arithmetic as elementwise() with x + shift or x * factor.
    SampleVector values(sample_count, boost::container::default_init);
    if (by_factor) {
        map(values.data(), a.samples_->data(), [factor](double x) { return x * factor; });
    } else {
        map(values.data(), a.samples_->data(), [shift](double x) { return x + shift; });
    }
    // A sum of results plus a number (a plan's total and a fixed cost) or times one (a share) would otherwise cost
    // a pass for the extremes and a selection for the percentiles, most of such a total's work. Where a's are
    // known, or kept (SumMemo), these are a few operations. The extremes come from the pass where a mapped one is
    // zero (which zero comes first decides the sign there) or not finite.
    const Percentiles& from = *a.percentiles_;
    const double smallest = by_factor ? from.smallest * factor : from.smallest + shift;
    const double largest = by_factor ? from.largest * factor : from.largest + shift;
    if (!a.finite_ || !std::isfinite(smallest) || !std::isfinite(largest) || smallest == 0 || largest == 0) {
        return sampled(std::move(values), low, high);
    }
    Distribution d = sampled(std::move(values), low, high, smallest, largest, true);
    if (d.form_ == Form::samples) {
        Percentiles& p = *d.percentiles_;
        p.source = std::make_shared<const Distribution>(a);
        p.shift = shift;
        p.factor = factor;
        p.by_factor = by_factor;
    }
    return d;
}

// ---- inputs ----

Distribution::Terms Distribution::normal_score(Context& context, std::uint32_t input, int column) {
    if (context.defining.empty() || context.pin) return {{input, 1}};
    if (++context.made_while_defining > 1) {
        fail(ErrorKind::argument, "A correlated name must be one uncertain input, but the definition of " + in_quotes(context.defining) +
                 " makes a second one here.",
             column, "Define each range or distribution call that " + context.defining +
                 " combines under a name of its own, and correlate those names.");
    }
    // A name defined again takes a new score: the others keep theirs, which may use its old input's normal.
    std::erase_if(context.scored, [&](const Context::Scored& s) { return s.name == context.defining; });
    // The score is sum_m beta_m S_m + b Z_input over the scores S_m already made, with covariances G beta = r
    // (G the scores' own correlations, r those asked for with each) and b^2 = 1 - beta . r for unit variance:
    // the part of the new score that the earlier ones explain, and an independent rest from the input's own
    // column. In the order names are made this is the Cholesky factor's row; it also serves a name defined again.
    const std::vector<Context::Scored>& made = context.scored;
    const std::size_t n = made.size();
    std::vector<double> r(n);
    bool any = false;
    for (std::size_t m = 0; m < n; ++m) {
        r[m] = context.correlations.normal_score_correlation(context.defining, made[m].name);
        any = any || r[m] != 0;
    }
    if (!any) {
        context.scored.push_back({context.defining, {{input, 1}}});
        return {{input, 1}};
    }
    {
        const auto dot = [](const Terms& a, const Terms& b) {
            double sum = 0;
            std::size_t i = 0, j = 0;
            while (i < a.size() && j < b.size()) {
                if (a[i].input < b[j].input) ++i;
                else if (b[j].input < a[i].input) ++j;
                else sum += a[i++].weight * b[j++].weight;
            }
            return sum;
        };
        std::vector<double> g(n * n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) g[i * n + j] = dot(made[i].score, made[j].score);
        const auto l = cholesky(g, n);
        // G is a principal part of the stated matrix, which Correlations::state checked to be positive definite.
        if (!l) fail(ErrorKind::internal, "The normal scores of the correlated inputs made so far are not independent enough to combine.", column);
        // G beta = r by the factor: L y = r, then L^T beta = y.
        std::vector<double> y(n), beta(n);
        for (std::size_t i = 0; i < n; ++i) {
            double v = r[i];
            for (std::size_t k = 0; k < i; ++k) v -= (*l)[i * n + k] * y[k];
            y[i] = v / (*l)[i * n + i];
        }
        for (std::size_t i = n; i-- > 0;) {
            double v = y[i];
            for (std::size_t k = i + 1; k < n; ++k) v -= (*l)[k * n + i] * beta[k];
            beta[i] = v / (*l)[i * n + i];
        }
        double explained = 0;
        for (std::size_t i = 0; i < n; ++i) explained += beta[i] * r[i];
        Terms combined;
        for (std::size_t i = 0; i < n; ++i) combined = merge(combined, made[i].score, beta[i]);
        // The stated matrix is positive definite, so some independent rest remains.
        context.scored.push_back({context.defining, merge(combined, {{input, std::sqrt(std::max(0.0, 1 - explained))}}, 1)});
        return context.scored.back().score;
    }
}

namespace {

// The ranked columns made last on this thread, by their scores: a sheet recalculates the same inputs with the same
// correlations again and again, and a column is a function of its score alone (the Sobol columns are fixed). The
// ranking (a sort of the N points) is most of what a correlation adds to a sampled input. 8 slots of 64 KB.
class RankedMemo {
public:
    static RankedMemo& of_this_thread() {
        static PerThread<RankedMemo> memos;
        return memos.get();
    }
    template <class Make>
    sobol_points::Column get(const Distribution::Terms& score, Make make) {
        const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
        for (const Entry& e : entries_) {
            if (e.column && std::equal(e.score.begin(), e.score.end(), score.begin(), score.end(), [&](const auto& a, const auto& b) {
                    return a.input == b.input && bits(a.weight) == bits(b.weight);
                }))
                return e.column;
        }
        sobol_points::Column made = make();
        entries_[next_].score.assign(score.begin(), score.end());
        entries_[next_].column = made;
        next_ = (next_ + 1) % entries_.size();
        return made;
    }

private:
    struct Entry {
        Distribution::Terms score;
        sobol_points::Column column;
    };
    std::array<Entry, 8> entries_;
    std::size_t next_ = 0;
};

}  // namespace

sobol_points::Column Distribution::uniform_of(const Terms& score) {
    if (score.size() == 1) return sobol_points::uniform_column(score[0].input);
    return RankedMemo::of_this_thread().get(score, [&score] {
        std::vector<double> w(sample_count, 0.0);
        for (const Term& t : score) add_scaled(w.data(), sobol_points::normal_column(t.input)->data(), t.weight);
        // Sorted as (score, point) pairs in one array: the comparisons read neighbouring memory.
        std::vector<std::pair<double, std::uint32_t>> order(sample_count);
        for (std::size_t k = 0; k < sample_count; ++k) order[k] = {w[k], static_cast<std::uint32_t>(k)};
        std::sort(order.begin(), order.end());
        auto u = std::make_shared<std::vector<double>>(sample_count);
        for (std::size_t j = 0; j < sample_count; ++j)
            (*u)[order[j].second] = (static_cast<double>(j) + 0.5) / static_cast<double>(sample_count);
        return sobol_points::Column(std::move(u));
    });
}

namespace {
// The inputs of a score, sorted: what a sampled input depends on, for telling which sums are independent.
boost::container::small_vector<std::uint32_t, 8> score_inputs(const Distribution::Terms& score) {
    boost::container::small_vector<std::uint32_t, 8> out;
    for (const auto& t : score) out.push_back(t.input);
    return out;
}
}  // namespace

Distribution Distribution::pinned(const Context& context, std::uint32_t input, Distribution made) {
    if (!context.pin) return made;
    return point(made.quantile_unchecked(input == context.pin->moved ? context.pin->p : 0.5));
}

Distribution Distribution::between(Context& context, const Distribution& a, const Distribution& b, int column) {
    const double low = single_number(a, "the low end of a range", column);
    const double high = single_number(b, "the high end of a range", column);
    if (low > high && !within_rounding(low, high)) {
        fail(ErrorKind::range_order, "A range must go from low to high, but " + number(low) + " to " + number(high) + " goes down.", column,
             "Swap the two ends.");
    }
    if (low >= high) return point(low / 2 + high / 2);  // one number, perhaps written two ways (0.1+0.2 and 0.3)
    const std::uint32_t input = context.add({low > 0 ? Input::Kind::lognormal : Input::Kind::normal, low, high});
    const Terms score = normal_score(context, input, column);
    if (low > 0) {
        // Lognormal with 5th percentile `low` and 95th `high`: median sqrt(low * high) (as a product of roots so it
        // cannot overflow), sigma of the log (ln high - ln low) / (2 z95).
        const double sigma = (std::log(high) - std::log(low)) / (2 * z95);
        return pinned(context, input, log_gaussian(0, std::sqrt(low) * std::sqrt(high), 0, weighted(score, sigma)));
    }
    // Halves first so that -1e308 to 1e308 does not overflow.
    return pinned(context, input, gaussian(low / 2 + high / 2, weighted(score, (high / 2 - low / 2) / z95)));
}

Distribution Distribution::between3(Context& context, const Distribution& low, const Distribution& central,
                                    const Distribution& high, int column) {
    const double l = single_number(low, "the low end of a range", column);
    const double c = single_number(central, "the central value of a range", column);
    const double h = single_number(high, "the high end of a range", column);
    if (!((l <= c || within_rounding(l, c)) && (c <= h || within_rounding(c, h)))) {
        fail(ErrorKind::range_order, "A range written as central [low, high] needs low <= central <= high, but found " + number(c) + " [" +
                 number(l) + ", " + number(h) + "].",
             column);
    }
    // Read as three percentiles: c the median, l the 5th, h the 95th, each kept as written (a printed result read
    // back keeps the median it printed). A three-parameter lognormal, X = s + m e^(sigma Z), has any three such
    // percentiles: the ratio of the upper half-width to the lower one is e^(z95 sigma); a longer lower half mirrors
    // it (m < 0). Where c is the geometric mean of l and h it is the lognormal `l to h` gives (s = 0); where the
    // halves are equal, the normal. A median on an end (printed with too few digits to tell) leaves no shape to
    // fit, and the two ends are read as `l to h` is.
    if (l >= h || c <= l || c >= h) return between(context, low, high, column);
    // A median within a billionth of the ends' geometric mean is that lognormal's, computed (the percentiles of a
    // product of ranges, read back from three cells) or typed: kept as the lognormal, whose products and powers
    // stay exact, rather than shifted by rounding.
    if (l > 0 && std::abs(c - std::sqrt(l) * std::sqrt(h)) <= 1e-9 * c) return between(context, low, high, column);
    // The halves of half the ends: ends near ±1.8e308 do not overflow them, and elsewhere halving is exact, so
    // their ratio is the halves' own. The ratio itself overflows where one half is below 10⁻³⁰⁸ of the other (a
    // median printed as 5 × 10⁻³⁰⁹ between 0 and 1); its log does not.
    const double upper = h / 2 - c / 2, lower = c / 2 - l / 2;
    const double ratio = upper / lower;
    const double skew = std::isnormal(ratio) ? std::log(ratio) : std::log(upper) - std::log(lower);
    const bool longer_upper = skew > 0;
    const std::uint32_t input =
        context.add({l > 0 && longer_upper ? Input::Kind::lognormal : Input::Kind::normal, l, h});
    const Terms score = normal_score(context, input, column);
    // Below this the two halves agree to a part in a million, and the lognormal's m would exceed the half-widths
    // a millionfold, cancelling digits in s + m e^(sigma Z): the normal instead.
    if (std::abs(skew) < 1e-6) return pinned(context, input, gaussian(c, weighted(score, (h / 2 - l / 2) / z95)));
    const double sigma = std::abs(skew) / z95;
    const double shorter = 2 * (longer_upper ? lower : upper);
    // m e^(z95 sigma) - m = the longer half, so |m| = shorter / (1 - e^(-z95 sigma)), which stays finite where
    // e^(z95 sigma) does not; s = c - m.
    const double m = shorter / -std::expm1(-std::abs(skew)) * (longer_upper ? 1 : -1);
    // Its far end, |m| + the longer half, is a double only if the range's numbers are well inside the largest
    // double (-1.5e308 [-1.7e308, 1.7e308] is not); compared in halves, which cannot overflow.
    if (std::abs(m) / 2 + (longer_upper ? upper : lower) > std::numeric_limits<double>::max() / 2) {
        fail(ErrorKind::overflow, "A range written as central [low, high] is read here as a skewed distribution, and for " + number(c) +
                 " [" + number(l) + ", " + number(h) +
                 "] its spread reaches beyond double precision (larger than about 1.8 × 10^308).",
             column, "Write the range in a larger unit, so that its numbers are smaller.");
    }
    // Where a sample's m e^(sigma Z) as a product would leave the range of doubles although its value does not
    // (m tiny and sigma in the hundreds: the 95th percentile is m e^(z95 sigma) = 1 with m = 5 × 10⁻³⁰⁹), m's
    // magnitude goes into the exponent, e^(ln |m| + sigma Z). Elsewhere m stays a factor, so that the median
    // s + m is the central value as written, to the last digit or two.
    // The shift s is c - m, or, from the end nearer to it, that end less m e^(-z95 sigma) = shorter / (e^(z95
    // sigma) - 1). Where that end is much nearer to zero than c, c - m cancels the digits the end needs:
    // 1.0 × 10¹⁵ [1.0, 1.0 × 10³⁰] would read back with its 5th percentile a tenth off (ulp(10¹⁵) is 0.125), and
    // ten decades apart printed texts came back with 5th percentiles orders of magnitude off.
    const double near = longer_upper ? l : h;
    const double shift = std::abs(near) < std::abs(c) / 1024
                             ? near - (longer_upper ? shorter : -shorter) / std::expm1(std::abs(skew))
                             : c - m;
    const double log_m = std::log(std::abs(m));
    if (std::abs(log_m) + sigma * largest_sample_z() > 708) {
        return pinned(context, input, log_gaussian(shift, longer_upper ? 1 : -1, log_m, weighted(score, sigma)));
    }
    return pinned(context, input, log_gaussian(shift, m, 0, weighted(score, sigma)));
}

Distribution Distribution::uniform(Context& context, const Distribution& min, const Distribution& max, int column) {
    const double lo = single_number(min, "the minimum of uniform", column);
    const double hi = single_number(max, "the maximum of uniform", column);
    if (lo > hi) {
        fail_about(ErrorKind::range_order, "uniform", "uniform(min, max) needs min <= max, but the minimum " + number(lo) + " is above the maximum " + number(hi) + ".",
             column, "Swap the two arguments.");
    }
    return law(context, uniform_law(lo, hi), column);
}

Distribution Distribution::pert(Context& context, const Distribution& min, const Distribution& likely,
                                const Distribution& max, int column) {
    const double lo = single_number(min, "the minimum of pert", column);
    const double mode = single_number(likely, "the likely value of pert", column);
    const double hi = single_number(max, "the maximum of pert", column);
    if (lo > hi) {
        fail_about(ErrorKind::range_order, "pert", "pert(min, likely, max) needs min <= max, but the minimum " + number(lo) + " is above the maximum " +
                 number(hi) + ".",
             column);
    }
    if (mode < lo || mode > hi) {
        fail_about(ErrorKind::range_order, "pert", "pert(min, likely, max) needs the likely value between min and max, but " + number(mode) +
                 " is outside [" + number(lo) + ", " + number(hi) + "].",
             column);
    }
    if (lo == hi) return point(lo);
    const double width = hi - lo;
    const std::vector<double> q = beta_quantiles(1 + 4 * (mode - lo) / width, 1 + 4 * (hi - mode) / width);
    const std::uint32_t input = context.add({Input::Kind::pert, lo, mode, hi});
    const auto u = uniform_of(normal_score(context, input, column));
    SampleVector x(sample_count, boost::container::default_init);
    // u = (j + 0.5) / N exactly, so u * N truncates to the cell j whose quantile q[j] is tabulated.
    for (std::size_t k = 0; k < sample_count; ++k)
        x[k] = lo + width * q[static_cast<std::size_t>((*u)[k] * static_cast<double>(sample_count))];
    return pinned(context, input, sampled(std::move(x), lo, hi));
}

Distribution Distribution::normal(Context& context, const Distribution& mean, const Distribution& sd, int column) {
    const double m = single_number(mean, "the mean of normal", column);
    const double s = single_number(sd, "the standard deviation of normal", column);
    if (s < 0) fail_about(ErrorKind::domain, "normal", "normal(mean, sd) needs sd >= 0, but found " + number(s) + ".", column);
    if (s == 0) return point(m);
    const std::uint32_t input = context.add({Input::Kind::normal, m - z95 * s, m + z95 * s});
    return pinned(context, input, gaussian(m, weighted(normal_score(context, input, column), s)));
}

Distribution Distribution::lognormal(Context& context, const Distribution& median, const Distribution& sigma_of_log,
                                     int column) {
    const double m = single_number(median, "the median of lognormal", column);
    const double s = single_number(sigma_of_log, "the sigma of lognormal", column);
    if (m <= 0) fail_about(ErrorKind::domain, "lognormal", "lognormal(median, sigma) needs a median above zero, but found " + number(m) + ".", column);
    if (s < 0) fail_about(ErrorKind::domain, "lognormal", "lognormal(median, sigma) needs sigma >= 0, but found " + number(s) + ".", column);
    if (s == 0) return point(m);
    const std::uint32_t input = context.add({Input::Kind::lognormal, m * std::exp(-z95 * s), m * std::exp(z95 * s)});
    return pinned(context, input, log_gaussian(0, m, 0, weighted(normal_score(context, input, column), s)));
}

Distribution Distribution::law(Context& context, const Law& law, int column) {
    if (law.is_point()) return point(law.low);
    const std::uint32_t input = context.add({Input::Kind::law, law.low, law.median, law.high});
    const Terms score = normal_score(context, input, column);
    const auto u = uniform_of(score);
    SampleVector x(sample_count, boost::container::default_init);
    if (law.closed_form == Law::ClosedForm::uniform) {
        const double lo = law.low, hi = law.high;
        affine(x.data(), u->data(), lo, hi - lo);
        // A correlated uniform depends on every input of its score: sums with those are not independent.
        independent_sum::Sum sum{lo, {{independent_sum::Part::Kind::uniform, hi - lo, 1}}, score_inputs(score)};
        return pinned(context, input, sampled(std::move(x), lo, hi).with_sum(std::move(sum)));
    }
    // The points are the cell centres (j + 0.5) / N, so the samples' percentiles interpolate the quantile function
    // between neighbouring centres: a metalog's p10, p50 and p90 come back to a few parts in a million of the width.
    for (std::size_t k = 0; k < sample_count; ++k) x[k] = law.quantile((*u)[k]);
    // Ends reached only in the limit leave a bound at zero out of the support, as a lognormal's: a utilization
    // metalog(25%, 40%, 60%, 0, 1) may divide.
    const double low = !law.ends_reached && law.low == 0 ? smallest_positive : law.low;
    const double high = !law.ends_reached && law.high == 0 ? -smallest_positive : law.high;
    return pinned(context, input, sampled(std::move(x), low, high));
}

// ---- arithmetic ----

Distribution Distribution::add(Context&, const Distribution& a, const Distribution& b) {
    if (a.is_point()) return shifted(b, a.constant_);
    if (b.is_point()) return shifted(a, b.constant_);
    if (a.form_ == Form::gaussian && b.form_ == Form::gaussian)
        return gaussian(a.constant_ + b.constant_, merge(a.terms_, b.terms_, 1));
    // s_a e^X + s_b e^X: the same lognormal twice (x + x, x - x) stays exact.
    if (a.form_ == Form::log_gaussian && b.form_ == Form::log_gaussian && a.constant_ == b.constant_ &&
        same_terms(a.terms_, b.terms_))
        return log_gaussian(a.offset_ + b.offset_, a.scale_ + b.scale_, a.constant_, a.terms_);
    if (auto exact = exact_sum(a, b)) return *std::move(exact);
    // b's first, in the order elementwise() has always asked for them (GCC evaluates a call's arguments right to
    // left): past the column limit the error names the same input.
    Samples samples_b = b.samples();
    Samples samples_a = a.samples();
    SumMemo& memo = SumMemo::of_this_thread();
    if (const Distribution* kept = memo.find(samples_a, samples_b)) return *kept;
    std::optional<independent_sum::Sum> sum;
    if (auto sa = structure(a)) {
        if (auto sb = structure(b)) sum = independent_sum::independent_total(*sa, *sb);
    }
    Distribution total = elementwise(a, b, a.support_low() + b.support_low(), a.support_high() + b.support_high(),
                                     [](double x, double y) { return x + y; })
                             .with_sum(std::move(sum));
    memo.keep(std::move(samples_a), std::move(samples_b), total);
    return total;
}

std::optional<Distribution> Distribution::exact_sum(const Distribution& a, const Distribution& b) {
    // Every operand as a constant plus parts without constants: at most four parts.
    double c = 0;
    boost::container::small_vector<Distribution, 4> parts;
    for (const Distribution* x : {&a, &b}) {
        switch (x->form_) {
            case Form::gaussian:
                c += x->constant_;
                if (!x->terms_.empty()) parts.push_back(gaussian(0, x->terms_));
                break;
            case Form::log_gaussian:
                c += x->offset_;
                parts.push_back(log_gaussian(0, x->scale_, x->constant_, x->terms_));
                break;
            case Form::sum_of_two:
                c += x->constant_;
                parts.push_back(x->parts().first);
                parts.push_back(x->parts().second);
                break;
            case Form::samples: return std::nullopt;
        }
    }
    // Combine the parts that add exactly (gaussians always; log-gaussians of the same exponent): this is what
    // makes (x + y) - x give y back exactly and (x + y) - (x + y) zero.
    for (std::size_t i = 0; i < parts.size(); ++i) {
        for (std::size_t j = i + 1; j < parts.size();) {
            const Distribution& p = parts[i];
            const Distribution& q = parts[j];
            if (p.form_ == Form::gaussian && q.form_ == Form::gaussian) {
                parts[i] = gaussian(0, merge(p.terms_, q.terms_, 1));
            } else if (p.form_ == Form::log_gaussian && q.form_ == Form::log_gaussian && p.constant_ == q.constant_ &&
                       same_terms(p.terms_, q.terms_)) {
                parts[i] = log_gaussian(0, p.scale_ + q.scale_, p.constant_, p.terms_);
            } else {
                ++j;
                continue;
            }
            parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
            j = i + 1;
        }
        if (parts[i].is_point()) {
            c += parts[i].constant_;
            parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i));
            --i;
        }
    }
    if (parts.empty()) return point(c);
    if (parts.size() == 1) return shifted(parts[0], c);
    if (parts.size() > 2) return std::nullopt;
    // Two parts: independent only when no input is in both.
    for (const Term& s : parts[0].terms_) {
        for (const Term& t : parts[1].terms_) {
            if (s.input == t.input) return std::nullopt;
        }
    }
    // The quadrature needs finite parameters: e^c of a log-gaussian may overflow (then sampling takes it).
    for (const Distribution& p : parts) {
        const two_input_sum::Part q = part(p);
        if (!(std::isfinite(q.k) && q.k != 0 && std::isfinite(q.sigma) && q.sigma > 0)) return std::nullopt;
    }
    if (!std::isfinite(c)) return std::nullopt;
    return sum_of_two(c, std::move(parts[0]), std::move(parts[1]));
}

Distribution Distribution::sum_of_two(double constant, Distribution first, Distribution second) {
    Distribution d;
    d.form_ = Form::sum_of_two;
    d.constant_ = constant;
    auto parts = std::make_shared<Parts>();
    parts->first = std::move(first);
    parts->second = std::move(second);
    d.percentiles_ = std::move(parts);
    return d;
}

Distribution Distribution::negate(Context&, const Distribution& a) {
    switch (a.form_) {
        case Form::gaussian: return gaussian(-a.constant_, map_weights(a.terms_, [](double w) { return -w; }));
        case Form::log_gaussian: return log_gaussian(-a.offset_, -a.scale_, a.constant_, a.terms_);
        case Form::sum_of_two: return scaled(a, -1);
        case Form::samples: break;
    }
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) sum = a.sum()->scaled(-1);
    return elementwise(a, -a.support_high_, -a.support_low_, [](double x) { return -x; }).with_sum(std::move(sum));
}

Distribution Distribution::subtract(Context& context, const Distribution& a, const Distribution& b) {
    return add(context, a, negate(context, b));
}

Distribution Distribution::multiply(Context&, const Distribution& a, const Distribution& b) {
    if (a.is_point()) return scaled(b, a.constant_);
    if (b.is_point()) return scaled(a, b.constant_);
    if (a.form_ == Form::log_gaussian && b.form_ == Form::log_gaussian && a.offset_ == 0 && b.offset_ == 0)
        return log_gaussian(0, a.scale_ * b.scale_, a.constant_ + b.constant_, merge(a.terms_, b.terms_, 1));
    // x * x is a square: its support starts at 0, which interval arithmetic on two unrelated factors cannot see
    // (sqrt(x * x) of a normal x would fail as possibly negative).
    const bool square = a.form_ == b.form_ && a.constant_ == b.constant_ && a.offset_ == b.offset_ &&
                        a.scale_ == b.scale_ && same_terms(a.terms_, b.terms_) && a.samples_ == b.samples_ &&
                        a.percentiles_ == b.percentiles_;
    const Range r = square ? power_range(range_of(a), 2) : times(range_of(a), range_of(b));
    return elementwise(a, b, r.low, r.high, [](double x, double y) { return x * y; });
}

Distribution Distribution::divide(Context&, const Distribution& a, const Distribution& b, int column) {
    if (b.support_low() <= 0 && b.support_high() >= 0) {
        if (b.is_point()) fail(ErrorKind::domain, "Division by zero.", column);
        // A normal divisor whose mean is at least 7.03 standard deviations from zero reaches zero with a chance
        // below 1e-12, which no percentile a result shows can see (a utilization of normal(0.45, 0.05) is 9
        // standard deviations away). It is divided point by point; the quotient may take any value.
        constexpr double z_of_one_in_a_trillion = 7.034;
        if (b.form_ == Form::gaussian && std::abs(b.constant_) >= z_of_one_in_a_trillion * b.sigma()) {
            constexpr double inf = std::numeric_limits<double>::infinity();
            return elementwise(a, b, -inf, inf, [](double x, double y) { return x / y; });
        }
        fail(ErrorKind::domain, "Division by a distribution that can be zero (its values reach from " + number(b.support_low()) + " to " +
                 number(b.support_high()) + "); the result would be unbounded.",
             column);
    }
    if (b.is_point()) {
        // Division, not multiplication by 1/b: (3x) / 3 gives back x exactly.
        const double d = b.constant_;
        const auto by = [d](double w) { return w / d; };
        switch (a.form_) {
            case Form::gaussian: return gaussian(a.constant_ / d, map_weights(a.terms_, by));
            case Form::log_gaussian: return log_gaussian(a.offset_ / d, a.scale_ / d, a.constant_, a.terms_);
            case Form::sum_of_two: return *divided(a, d);
            case Form::samples: {
                std::optional<independent_sum::Sum> sum;
                if (a.sum()) sum = a.sum()->scaled(1 / d);
                const Range r = times(range_of(a), {1 / d, 1 / d});
                return elementwise(a, r.low, r.high, by).with_sum(std::move(sum));
            }
        }
    }
    if (b.form_ == Form::log_gaussian && b.offset_ == 0) {
        if (a.is_point()) return log_gaussian(0, a.constant_ / b.scale_, -b.constant_, merge({}, b.terms_, -1));
        if (a.form_ == Form::log_gaussian && a.offset_ == 0)
            return log_gaussian(0, a.scale_ / b.scale_, a.constant_ - b.constant_, merge(a.terms_, b.terms_, -1));
    }
    const Range r = times(range_of(a), {1 / b.support_high(), 1 / b.support_low()});
    return elementwise(a, b, r.low, r.high, [](double x, double y) { return x / y; });
}

std::optional<Distribution> Distribution::divided(const Distribution& a, double d) {
    // Division, not multiplication by 1/d: (3x) / 3 gives back x exactly.
    const auto by = [d](double w) { return w / d; };
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ / d, map_weights(a.terms_, by));
        case Form::log_gaussian: return log_gaussian(a.offset_ / d, a.scale_ / d, a.constant_, a.terms_);
        case Form::sum_of_two:
            return sum_of_two(a.constant_ / d, *divided(a.parts().first, d), *divided(a.parts().second, d));
        case Form::samples: break;
    }
    return std::nullopt;
}

Distribution Distribution::power(Context&, const Distribution& base, double exponent, int column) {
    const bool whole = exponent == std::round(exponent);
    if (!whole && base.support_low() < 0) {
        fail(ErrorKind::domain, "A fractional power needs a value that cannot be negative, but the base can go down to " +
                 number(base.support_low()) + ".",
             column);
    }
    if (exponent < 0 && base.support_low() <= 0 && base.support_high() >= 0)
        fail(ErrorKind::domain, "A negative power of a value that can be zero is unbounded.", column);
    if (base.is_point()) return point(std::pow(base.constant_, exponent));
    if (exponent == 1) return base;
    if (exponent == 0) return point(1);
    if (base.form_ == Form::log_gaussian && base.offset_ == 0) {
        // (s e^X)^e = s^e e^(eX); a negative s only reaches here with a whole exponent, where pow keeps the sign.
        return log_gaussian(0, std::pow(base.scale_, exponent), base.constant_ * exponent,
                            map_weights(base.terms_, [exponent](double w) { return w * exponent; }));
    }
    const Range r = power_range(range_of(base), exponent);
    return elementwise(base, r.low, r.high, [exponent](double x) { return std::pow(x, exponent); });
}

Distribution Distribution::absolute(Context& context, const Distribution& a) {
    if (a.support_low() >= 0) return a;
    if (a.support_high() <= 0) return negate(context, a);
    return elementwise(a, 0, std::max(-a.support_low(), a.support_high()), [](double x) { return std::abs(x); });
}

Distribution Distribution::minimum(Context&, const Distribution& a, const Distribution& b) {
    if (a.support_high() <= b.support_low()) return a;
    if (b.support_high() <= a.support_low()) return b;
    return elementwise(a, b, std::min(a.support_low(), b.support_low()), std::min(a.support_high(), b.support_high()),
                       [](double x, double y) { return std::min(x, y); })
        .with_extreme(extreme_of(false, a, b));
}

Distribution Distribution::maximum(Context&, const Distribution& a, const Distribution& b) {
    if (a.support_low() >= b.support_high()) return a;
    if (b.support_low() >= a.support_high()) return b;
    return elementwise(a, b, std::max(a.support_low(), b.support_low()), std::max(a.support_high(), b.support_high()),
                       [](double x, double y) { return std::max(x, y); })
        .with_extreme(extreme_of(true, a, b));
}

Distribution Distribution::exp(Context&, const Distribution& a, int) {
    if (a.is_point()) return point(std::exp(a.constant_));
    if (a.form_ == Form::gaussian) return log_gaussian(0, 1, a.constant_, a.terms_);
    const auto keep = a.samples();
    SampleVector values(*keep);
    exp_in_place(values.data(), sample_count);
    return sampled(std::move(values), std::exp(a.support_low()), std::exp(a.support_high()));
}

Distribution Distribution::log(Context&, const Distribution& a, int column) {
    if (a.support_low() <= 0) {
        fail(ErrorKind::domain, "The logarithm needs a value above zero, but this one can go down to " + number(a.support_low()) + ".",
             column);
    }
    if (a.is_point()) return point(std::log(a.constant_));
    // Above zero with no offset means a positive scale: ln(s e^X) = ln s + X, a normal.
    if (a.form_ == Form::log_gaussian && a.offset_ == 0) return gaussian(std::log(a.scale_) + a.constant_, a.terms_);
    return elementwise(a, std::log(a.support_low()), std::log(a.support_high()), [](double x) { return std::log(x); });
}

// ---- statistics ----

// Scaled by the largest weight, as std::hypot is: squares of weights beyond about 1e154 overflow and below about
// 1e-154 underflow ("(0 to 1) ÷ %^86" has weights near 1e171, whose plain sum of squares is infinite).
double Distribution::sigma() const {
    double largest = 0;
    for (const Term& t : terms_) {
        if (!std::isfinite(t.weight)) return std::abs(t.weight);  // infinite or NaN, which is_finite then refuses
        largest = std::max(largest, std::abs(t.weight));
    }
    if (largest == 0) return 0;
    double sum = 0;
    for (const Term& t : terms_) {
        const double r = t.weight / largest;
        sum += r * r;
    }
    return largest * std::sqrt(sum);
}

double Distribution::quantile(double p) const {
    if (!(p > 0 && p < 1)) {
        fail(ErrorKind::domain, "A quantile needs a probability strictly between 0 and 1 (a percentile strictly between 0 and 100), but " +
             number(p) + " was asked for.");
    }
    if (const independent_sum::Sum* s = sum(); s && s->parts.size() > independent_sum::max_quadrature_parts &&
                                                  !far_quantile_exact() && (p < 0.05 || p > 0.95)) {
        // A sum of four or more heavy-tailed ranges is where the samples are furthest off beyond the 5th and 95th
        // percentiles: for four `1 to 30`, 222.9 at the 99.9th where ten million random draws give 234.4 (5%),
        // and 2% at the 1st and 99th. Its CDF, nested one integral deeper than for three, took ten seconds.
        fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " of a sum of " + std::to_string(s->parts.size()) +
                 " independent ranges cannot be computed to 1%: the samples are too few in its tails, and its far "
                 "percentiles are integrated only for sums of up to " +
                 std::to_string(independent_sum::max_quadrature_parts) + ".",
             0, "Ask for a percentile from 5 to 95, which the samples give.");
    }
    if (form_ == Form::samples && !far_quantile_exact()) {
        // With few samples beyond it the samples no longer say where a percentile lies, and past the last they
        // would only repeat the extreme sample.
        // Past the 0.1st percentile from either end fewer than 8 samples (of 8192) lie beyond. With a part in a
        // billion of slack: percentile(x, 99.9) asks for 99.9 / 100, 0.9990000000000001, which is above 1 - 0.001
        // and was refused.
        constexpr double nearest_end = 0.001 * (1 - 1e-9);
        if (p < nearest_end || p > 1 - nearest_end) {
            fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " lies beyond what the " +
                     std::to_string(sample_count) +
                     " sampled points of this value can show: they place percentiles from 0.1 to 99.9.",
                 0, "Ask for a percentile between those, or write the value as a sum of ranges, whose far percentiles "
                     "are computed exactly.");
        }
    }
    return quantile_unchecked(p);
}

bool Distribution::far_quantile_exact() const {
    if (extreme()) return true;
    const independent_sum::Sum* s = sum();
    return s && !s->parts.empty() && s->parts.size() <= independent_sum::max_quadrature_parts;
}

double Distribution::quantile_unchecked(double p) const {
    switch (form_) {
        case Form::gaussian: return terms_.empty() ? constant_ : constant_ + sigma() * normal_quantile(p);
        case Form::log_gaussian: {
            // A negative scale mirrors the distribution: its p-quantile comes from the exponent's (1-p)-quantile.
            const double z = normal_quantile(p);
            return offset_ + scale_ * std::exp(constant_ + sigma() * (scale_ > 0 ? z : -z));
        }
        case Form::sum_of_two:
        case Form::samples: break;
    }
    if (p == 0.05) return percentiles().p5;
    if (p == 0.5) return percentiles().p50;
    if (p == 0.95) return percentiles().p95;
    if (form_ == Form::sum_of_two) {
        double q = 0;
        two_input_sum::quantiles(part(parts().first), part(parts().second), constant_, &p, &q, 1);
        return q;
    }
    if ((p < 0.05 || p > 0.95) && far_quantile_exact()) {
        // Beyond the printed percentiles the samples thin out (8 past the 99.9th): the exact CDF of the sum instead,
        // started from the samples' estimate.
        const double guess = sampled_quantile(std::clamp(p, 0.5 / sample_count, 1 - 0.5 / sample_count));
        const double spread = percentiles().p95 - percentiles().p5;
        if (const extremes::Extreme* e = extreme()) {
            if (auto q = extremes::quantile(*e, p, guess, spread > 0 ? spread : 1)) return *q;
        } else if (auto q = independent_sum::quantile(*sum(), p, guess, spread > 0 ? spread : 1)) {
            return *q;
        }
        fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " of this " + (extreme() ? "max or min" : "sum") +
                 " cannot be computed: one of its ranges spans so many orders of magnitude that the integration "
                 "over the tail does not settle.",
             0, "Ask for a percentile from 5 to 95, which the samples give.");
    }
    return sampled_quantile(p);
}

double Distribution::sampled_quantile(double p) const {
    SampleVector x(*samples_);
    const Position at = position(p);
    if (at.h <= 0) return *std::min_element(x.begin(), x.end());
    if (at.j + 1 >= x.size()) return *std::max_element(x.begin(), x.end());
    std::nth_element(x.begin(), x.begin() + at.j, x.end());
    return interpolate(at, x[at.j], *std::min_element(x.begin() + at.j + 1, x.end()));
}

void Distribution::sampled_quantiles(std::span<const double> p, std::span<double> out) const {
    if (form_ != Form::samples) {
        for (std::size_t i = 0; i < p.size(); ++i) out[i] = quantile_unchecked(p[i]);
        return;
    }
    // Each p-quantile interpolates between the order statistics j and j + 1 of its position (sampled_quantile),
    // the first and last one the extreme samples.
    boost::container::small_vector<std::size_t, 8> ranks;
    for (const double q : p) {
        const Position at = position(q);
        ranks.push_back(std::min(at.j, sample_count - 1));
        ranks.push_back(std::min(at.j + 1, sample_count - 1));
    }
    boost::container::small_vector<double, 8> order(ranks.size());
    const std::span<const std::size_t> at_ranks(ranks.data(), ranks.size());
    if (!finite_ || !tail_order_statistics(at_ranks, order.data())) {
        const Percentiles& kept = *percentiles_;
        if (!finite_ || !order_statistics(samples_->data(), kept.smallest, kept.largest, at_ranks, order.data())) {
            selected_order_statistics(*samples_, at_ranks, order.data());
        }
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Position at = position(p[i]);
        if (at.h <= 0) {
            out[i] = order[2 * i];  // the smallest sample
        } else if (at.j + 1 >= sample_count) {
            out[i] = order[2 * i + 1];  // the largest
        } else {
            out[i] = interpolate(at, order[2 * i], order[2 * i + 1]);
        }
    }
}

bool Distribution::tail_order_statistics(std::span<const std::size_t> ranks, double* out) const {
    // The printed percentiles' order statistics bound the tails: every sample at or below the one at the 5th
    // percentile's lower rank holds the ranks up to it, every one at or above the 95th's upper rank those from it.
    // Gathering them is one pass of two comparisons a sample, without a branch (one taken at random a tenth of the
    // time would be mispredicted as often, which cost more than the stores), and the selections then among a
    // twentieth of the samples each, where the buckets between the extremes would cost a pass as long as the
    // printed percentiles' own.
    const std::size_t low_rank = position(0.05).j, high_rank = position(0.95).j + 1;
    for (const std::size_t r : ranks)
        if (r > low_rank && r < high_rank) return false;
    const Percentiles& kept = percentiles();
    const double low_cut = kept.order[0], high_cut = kept.order[5];
    const double* x = samples_->data();
    const auto lower = std::make_unique_for_overwrite<double[]>(sample_count);
    const auto upper = std::make_unique_for_overwrite<double[]>(sample_count);
    std::size_t below = 0, above = 0;
    for (std::size_t k = 0; k < sample_count; ++k) {
        lower[below] = x[k];
        below += x[k] <= low_cut ? 1 : 0;
        upper[above] = x[k];
        above += x[k] >= high_cut ? 1 : 0;
    }
    // Selected in ascending order of rank, each among what follows the one before.
    std::size_t lower_from = 0, upper_from = 0;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const bool low = ranks[i] <= low_rank;
        double* const part = low ? lower.get() : upper.get();
        const std::size_t size = low ? below : above;
        const std::size_t at = low ? ranks[i] : ranks[i] - (sample_count - above);
        std::size_t& from = low ? lower_from : upper_from;
        if (at >= from) std::nth_element(part + from, part + at, part + size), from = at + 1;
        out[i] = part[at];
    }
    return true;
}

const Distribution::Percentiles& Distribution::percentiles() const {
    percentiles_->once([this] {
        if (form_ == Form::sum_of_two) {
            // The three together: they share the quadrature nodes that do not move with the point.
            const double p[3] = {0.05, 0.5, 0.95};
            double q[3];
            two_input_sum::quantiles(part(parts().first), part(parts().second), constant_, p, q, 3);
            percentiles_->p5 = q[0], percentiles_->p50 = q[1], percentiles_->p95 = q[2];
            return;
        }
        static_assert(sample_count >= 64, "the 5th and 95th percentiles need samples on both sides");
        const Position at5 = position(0.05), at50 = position(0.5), at95 = position(0.95);
        const std::size_t ranks[6] = {at5.j, at5.j + 1, at50.j, at50.j + 1, at95.j, at95.j + 1};
        Percentiles& p = *percentiles_;
        double* order = p.order;
        if (p.source) {
            const double* from = p.source->percentiles().order;
            for (std::size_t i = 0; i < 6; ++i) order[i] = p.by_factor ? from[i] * p.factor : from[i] + p.shift;
            p.source.reset();  // its samples are not needed any more
        } else if (!finite_ || !order_statistics(samples_->data(), p.smallest, p.largest, ranks, order)) {
            selected_order_statistics(*samples_, ranks, order);
        }
        percentiles_->p5 = interpolate(at5, order[0], order[1]);
        percentiles_->p50 = interpolate(at50, order[2], order[3]);
        percentiles_->p95 = interpolate(at95, order[4], order[5]);
    });
    return *percentiles_;
}

namespace {

// P(Z <= z) for a standard normal.
double standard_normal_cdf(double z) { return 0.5 * std::erfc(-z / boost::math::constants::root_two<double>()); }

// The CDF at t of the samples x that inverts sampled_quantile: the p-quantile is the sorted samples interpolated
// at rank p N - 1/2, so between the sorted samples x(j) <= t < x(j+1) the CDF is (j + 1/2 + the fraction of the
// way from x(j) to x(j+1)) / N; 0 below the smallest and 1 from the largest. One pass, no sort: the rank of x(j)
// is the count of samples at or below t less one, and x(j), x(j+1) are the largest at or below t and the
// smallest above it.
double empirical_cdf(const Distribution::SampleVector& x, double t) {
    std::size_t count = 0;
    double below = -std::numeric_limits<double>::infinity(), above = std::numeric_limits<double>::infinity();
    for (const double v : x) {
        if (v <= t) {
            ++count;
            below = std::max(below, v);
        } else {
            above = std::min(above, v);
        }
    }
    if (count == 0) return 0;
    if (count == x.size()) return 1;
    const double fraction = (t - below) / (above - below);
    return std::min(1.0, (static_cast<double>(count) - 0.5 + fraction) / static_cast<double>(x.size()));
}

}  // namespace

double Distribution::probability_at_most(double t) const {
    switch (form_) {
        case Form::gaussian: {
            const double s = sigma();
            if (s == 0) return t >= constant_ ? 1 : 0;
            return standard_normal_cdf((t - constant_) / s);
        }
        case Form::log_gaussian: {
            // offset + scale e^Y <= t, Y = c + sigma Z: e^Y <= r for a positive scale, e^Y >= r for a negative one.
            const double r = (t - offset_) / scale_;
            const double s = sigma();
            if (r <= 0) return scale_ > 0 ? 0 : 1;
            if (s == 0) return (scale_ > 0) == (std::log(r) >= constant_) ? 1 : 0;
            const double z = (std::log(r) - constant_) / s;
            return standard_normal_cdf(scale_ > 0 ? z : -z);
        }
        case Form::sum_of_two: return two_input_sum::cdf(part(parts().first), part(parts().second), constant_, t);
        case Form::samples: break;
    }
    const double sampled = empirical_cdf(*samples_, t);
    // Beyond the 5th and 95th percentiles few samples remain; where the value is a sum of independent parts (or a
    // max or min of such) its exact CDF answers instead, as its far percentiles do (quantile_unchecked).
    if ((sampled < 0.05 || sampled > 0.95) && far_quantile_exact()) {
        double worst_error = 0;
        double exact = 0;
        if (const extremes::Extreme* e = extreme()) {
            // P(max <= t) is the product of the operands' P(X_i <= t); P(min <= t) = 1 - the product of P(X_i > t).
            double product = 1;
            for (const independent_sum::Sum& operand : e->operands)
                product *= independent_sum::cdf(operand, t, e->largest, &worst_error);
            exact = e->largest ? product : 1 - product;
        } else {
            exact = independent_sum::cdf(*sum(), t, true, &worst_error);
        }
        if (worst_error <= 1e-2 && std::isfinite(exact)) return std::clamp(exact, 0.0, 1.0);  // as the quantiles accept
    }
    return sampled;
}

double Distribution::mean() const {
    switch (form_) {
        case Form::gaussian: return constant_;
        case Form::log_gaussian: {
            const double s = sigma();
            return offset_ + scale_ * std::exp(constant_ + s * s / 2);
        }
        case Form::sum_of_two: return constant_ + parts().first.mean() + parts().second.mean();
        case Form::samples:
            if (sum()) return sum()->mean();  // exact: the samples miss the far right tail that makes a mean
            break;
    }
    double sum = 0;
    for (double v : *samples_) sum += v;
    return sum / static_cast<double>(samples_->size());
}

double Distribution::sd() const {
    switch (form_) {
        case Form::gaussian: return sigma();
        case Form::log_gaussian: {
            const double s = sigma();
            return std::abs(scale_) * std::exp(constant_ + s * s / 2) * std::sqrt(std::expm1(s * s));
        }
        case Form::sum_of_two: return std::hypot(parts().first.sd(), parts().second.sd());  // independent parts
        case Form::samples:
            if (sum()) return sum()->sd();
            break;
    }
    const double m = mean();
    double sum = 0;
    for (double v : *samples_) sum += (v - m) * (v - m);
    return std::sqrt(sum / static_cast<double>(samples_->size()));
}

double Distribution::support_low() const {
    switch (form_) {
        case Form::gaussian: return terms_.empty() ? constant_ : -inf;
        case Form::log_gaussian:
            if (scale_ < 0) return -inf;
            return offset_ == 0 ? smallest_positive : offset_;
        case Form::sum_of_two: return constant_ + parts().first.support_low() + parts().second.support_low();
        case Form::samples: break;
    }
    return support_low_;
}

double Distribution::support_high() const {
    switch (form_) {
        case Form::gaussian: return terms_.empty() ? constant_ : inf;
        case Form::log_gaussian:
            if (scale_ > 0) return inf;
            return offset_ == 0 ? -smallest_positive : offset_;
        case Form::sum_of_two: return constant_ + parts().first.support_high() + parts().second.support_high();
        case Form::samples: break;
    }
    return support_high_;
}

bool Distribution::is_finite() const {
    switch (form_) {
        // The spread once, not the two percentiles: |constant| + z95 sigma bounds both, and is finite only when the
        // constant and every weight are (sigma is not finite when a weight is not).
        case Form::gaussian: return std::isfinite(std::abs(constant_) + z95 * sigma());
        case Form::log_gaussian:  // a weight that is not finite makes sigma, and so the high percentile, not finite
            return std::isfinite(offset_) && std::isfinite(scale_) && std::isfinite(constant_) &&
                   std::isfinite(low()) && std::isfinite(high());
        case Form::sum_of_two: {
            // Without computing percentiles (the evaluator asks after every operation, and a sum that goes on into
            // a product with another range never needs its own): every value the quadrature uses, the parts at
            // variates within +-7, is finite, and so is their sum.
            double low_end = constant_, high_end = constant_;
            for (const Distribution* d : {&parts().first, &parts().second}) {
                const two_input_sum::Part p = part(*d);
                const double x = p.lognormal ? p.k * std::exp(-7 * p.sigma) : -7 * p.sigma;
                const double y = p.lognormal ? p.k * std::exp(7 * p.sigma) : 7 * p.sigma;
                low_end += std::min(x, y), high_end += std::max(x, y);
            }
            return std::isfinite(low_end) && std::isfinite(high_end);
        }
        case Form::samples: break;
    }
    return finite_;
}

}  // namespace ballpark
