// The distribution value type's statistics: its percentiles (closed form, quadrature or order statistics of the
// samples), the CDF, mean, standard deviation and support.
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
#include "values/distribution/distribution_helpers.hpp"
#include "values/distribution/order_statistics.hpp"
#include "values/distribution/extremes.hpp"
#include "values/distribution/independent_sum.hpp"
#include "values/distribution/sobol_points.hpp"
#include "values/distribution/two_input_sum.hpp"
#include "values/distribution/vector_exp.hpp"

namespace ballpark {

using namespace distribution_detail;

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
