// The samples form's questions (sampled_form.hpp): by the structure where it answers exactly, else by the
// shared points' order statistics and empirical CDF.
#include "values/distribution/sampled_form.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "ballpark/error.hpp"
#include "values/distribution/extremes.hpp"
#include "values/distribution/independent_sum.hpp"
#include "values/distribution/order_statistics.hpp"

namespace ballpark {

using namespace distribution_detail;

void SampledForm::check_quantile(double p) const {
    if (const independent_sum::Sum* s = value.sum(); s && s->parts.size() > independent_sum::max_quadrature_parts &&
                                                        !far_quantile_exact() && (p < 0.05 || p > 0.95)) {
        // A sum of four or more heavy-tailed ranges is where the samples are furthest off beyond the 5th and 95th
        // percentiles: for four `1 to 30`, 222.9 at the 99.9th where ten million random draws give 234.4 (5%),
        // and 2% at the 1st and 99th. Its CDF, nested one integral deeper than for three, does not settle in a
        // time a sheet can wait for.
        fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " of a sum of " + std::to_string(s->parts.size()) +
                 " independent ranges cannot be computed to 1%: the samples are too few in its tails, and its far "
                 "percentiles are integrated only for sums of up to " +
                 std::to_string(independent_sum::max_quadrature_parts) + ".",
             0, "Ask for a percentile from 5 to 95, which the samples give.");
    }
    if (!far_quantile_exact()) {
        // With few samples beyond it the samples no longer say where a percentile lies, and past the last they
        // would only repeat the extreme sample.
        // Past the 0.1st percentile from either end fewer than 8 samples (of 8192) lie beyond. With a part in a
        // billion of slack, so that percentile(x, 99.9), which asks for 99.9 / 100 = 0.9990000000000001 (above
        // 1 - 0.001), is answered.
        constexpr double nearest_end = 0.001 * (1 - 1e-9);
        if (p < nearest_end || p > 1 - nearest_end) {
            fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " lies beyond what the " +
                     std::to_string(sample_count) +
                     " sampled points of this value can show: they place percentiles from 0.1 to 99.9.",
                 0, "Ask for a percentile between those, or write the value as a sum of ranges, whose far percentiles "
                     "are computed exactly.");
        }
    }
}

bool SampledForm::far_quantile_exact() const {
    if (value.extreme()) return true;
    const independent_sum::Sum* s = value.sum();
    return s && !s->parts.empty() && s->parts.size() <= independent_sum::max_quadrature_parts;
}

double SampledForm::quantile(double p) const {
    if ((p < 0.05 || p > 0.95) && far_quantile_exact()) {
        // Beyond the printed percentiles the samples thin out (8 past the 99.9th): the exact CDF of the sum instead,
        // started from the samples' estimate.
        const double guess = points_quantile(std::clamp(p, 0.5 / sample_count, 1 - 0.5 / sample_count));
        const double spread = value.percentiles().p95 - value.percentiles().p5;
        if (const extremes::Extreme* e = value.extreme()) {
            if (auto q = extremes::quantile(*e, p, guess, spread > 0 ? spread : 1)) return *q;
        } else if (auto q = independent_sum::quantile(*value.sum(), p, guess, spread > 0 ? spread : 1)) {
            return *q;
        }
        fail(ErrorKind::limit, "Percentile " + percent_as_asked(p) + " of this " +
                 (value.extreme() ? "max or min" : "sum") +
                 " cannot be computed: one of its ranges spans so many orders of magnitude that the integration "
                 "over the tail does not settle.",
             0, "Ask for a percentile from 5 to 95, which the samples give.");
    }
    return points_quantile(p);
}

double SampledForm::points_quantile(double p) const {
    Distribution::SampleVector x(*value.samples_);
    const Position at = position(p);
    if (at.h <= 0) return *std::min_element(x.begin(), x.end());
    if (at.j + 1 >= x.size()) return *std::max_element(x.begin(), x.end());
    std::nth_element(x.begin(), x.begin() + at.j, x.end());
    return interpolate(at, x[at.j], *std::min_element(x.begin() + at.j + 1, x.end()));
}

void SampledForm::quantiles(std::span<const double> p, std::span<double> out) const {
    // Each p-quantile interpolates between the order statistics j and j + 1 of its position (points_quantile),
    // the first and last one the extreme samples.
    boost::container::small_vector<std::size_t, 8> ranks;
    for (const double q : p) {
        const Position at = position(q);
        ranks.push_back(std::min(at.j, sample_count - 1));
        ranks.push_back(std::min(at.j + 1, sample_count - 1));
    }
    boost::container::small_vector<double, 8> order(ranks.size());
    const std::span<const std::size_t> at_ranks(ranks.data(), ranks.size());
    if (!value.finite_ || !tail_order_statistics(at_ranks, order.data())) {
        const Distribution::Percentiles& kept = *value.percentiles_;
        if (!value.finite_ ||
            !order_statistics(value.samples_->data(), kept.smallest, kept.largest, at_ranks, order.data())) {
            selected_order_statistics(*value.samples_, at_ranks, order.data());
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

bool SampledForm::tail_order_statistics(std::span<const std::size_t> ranks, double* out) const {
    // The printed percentiles' order statistics bound the tails: every sample at or below the one at the 5th
    // percentile's lower rank holds the ranks up to it, every one at or above the 95th's upper rank those from it.
    // Gathering them is one pass of two comparisons a sample, without a branch (one taken at random a tenth of the
    // time would be mispredicted as often, which cost more than the stores), and the selections then among a
    // twentieth of the samples each, where the buckets between the extremes would cost a pass as long as the
    // printed percentiles' own.
    const std::size_t low_rank = position(0.05).j, high_rank = position(0.95).j + 1;
    for (const std::size_t r : ranks)
        if (r > low_rank && r < high_rank) return false;
    const Distribution::Percentiles& kept = value.percentiles();
    const double low_cut = kept.order[0], high_cut = kept.order[5];
    const double* x = value.samples_->data();
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

void SampledForm::printed_percentiles(Distribution::Percentiles& p) const {
    static_assert(sample_count >= 64, "the 5th and 95th percentiles need samples on both sides");
    const Position at5 = position(0.05), at50 = position(0.5), at95 = position(0.95);
    const std::size_t ranks[6] = {at5.j, at5.j + 1, at50.j, at50.j + 1, at95.j, at95.j + 1};
    double* order = p.order;
    if (p.source) {
        const double* from = p.source->percentiles().order;
        for (std::size_t i = 0; i < 6; ++i) order[i] = p.by_factor ? from[i] * p.factor : from[i] + p.shift;
        p.source.reset();  // its samples are not needed any more
    } else if (!value.finite_ || !order_statistics(value.samples_->data(), p.smallest, p.largest, ranks, order)) {
        selected_order_statistics(*value.samples_, ranks, order);
    }
    p.p5 = interpolate(at5, order[0], order[1]);
    p.p50 = interpolate(at50, order[2], order[3]);
    p.p95 = interpolate(at95, order[4], order[5]);
}

namespace {

// The CDF at t of the samples x that inverts points_quantile: the p-quantile is the sorted samples interpolated
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

double SampledForm::probability_at_most(double t) const {
    const double sampled = empirical_cdf(*value.samples_, t);
    // Beyond the 5th and 95th percentiles few samples remain; where the value is a sum of independent parts (or a
    // max or min of such) its exact CDF answers instead, as its far percentiles do (quantile).
    if ((sampled < 0.05 || sampled > 0.95) && far_quantile_exact()) {
        double worst_error = 0;
        double exact = 0;
        if (const extremes::Extreme* e = value.extreme()) {
            // P(max <= t) is the product of the operands' P(X_i <= t); P(min <= t) = 1 - the product of P(X_i > t).
            double product = 1;
            for (const independent_sum::Sum& operand : e->operands)
                product *= independent_sum::cdf(operand, t, e->largest, &worst_error);
            exact = e->largest ? product : 1 - product;
        } else {
            exact = independent_sum::cdf(*value.sum(), t, true, &worst_error);
        }
        if (worst_error <= 1e-2 && std::isfinite(exact)) return std::clamp(exact, 0.0, 1.0);  // as the quantiles accept
    }
    return sampled;
}

double SampledForm::mean() const {
    if (value.sum()) return value.sum()->mean();  // exact: the samples miss the far right tail that makes a mean
    double sum = 0;
    for (double v : *value.samples_) sum += v;
    return sum / static_cast<double>(value.samples_->size());
}

double SampledForm::sd() const {
    if (value.sum()) return value.sum()->sd();
    const double m = mean();
    double sum = 0;
    for (double v : *value.samples_) sum += (v - m) * (v - m);
    return std::sqrt(sum / static_cast<double>(value.samples_->size()));
}

}  // namespace ballpark
