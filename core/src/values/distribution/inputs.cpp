// The distribution value type's inputs: `a to b`, a printed `c [l, h]` read back, and the named distributions,
// each a new input with its normal score (a correlated name's combination) and its column of the shared points.
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
#include "values/distribution/sample_loops.hpp"
#include "values/distribution/thread_caches.hpp"
#include "values/distribution/extremes.hpp"
#include "values/distribution/independent_sum.hpp"
#include "values/distribution/sobol_points.hpp"
#include "values/distribution/two_input_sum.hpp"
#include "values/distribution/vector_exp.hpp"

namespace ballpark {

using namespace distribution_detail;

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

Distribution Distribution::law(Context& context, const Law& law, int column) {
    // A normal's and a lognormal's closed forms are the input itself: median + spread Z and median e^(spread Z)
    // on the input's normal score.
    if (law.closed_form == Law::ClosedForm::normal || law.closed_form == Law::ClosedForm::lognormal) {
        const double m = law.median, s = law.spread;
        if (s == 0) return point(m);
        if (law.closed_form == Law::ClosedForm::normal) {
            const std::uint32_t input = context.add({Input::Kind::normal, m - z95 * s, m + z95 * s});
            return pinned(context, input, gaussian(m, weighted(normal_score(context, input, column), s)));
        }
        const std::uint32_t input = context.add({Input::Kind::lognormal, m * std::exp(-z95 * s), m * std::exp(z95 * s)});
        return pinned(context, input, log_gaussian(0, m, 0, weighted(normal_score(context, input, column), s)));
    }
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
    if (law.quantiles_at_cells) {
        // u = (j + 0.5) / N exactly, so u * N truncates to the cell j whose quantile is tabulated.
        const std::vector<double> q = law.quantiles_at_cells();
        for (std::size_t k = 0; k < sample_count; ++k)
            x[k] = q[static_cast<std::size_t>((*u)[k] * static_cast<double>(sample_count))];
    } else {
        // The points are the cell centres (j + 0.5) / N, so the samples' percentiles interpolate the quantile
        // function between neighbouring centres: a metalog's p10, p50 and p90 come back to a few parts in a million
        // of the width.
        for (std::size_t k = 0; k < sample_count; ++k) x[k] = law.quantile((*u)[k]);
    }
    // Ends reached only in the limit leave a bound at zero out of the support, as a lognormal's: a utilization
    // metalog(25%, 40%, 60%, 0, 1) may divide.
    const double low = !law.ends_reached && law.low == 0 ? smallest_positive : law.low;
    const double high = !law.ends_reached && law.high == 0 ? -smallest_positive : law.high;
    return pinned(context, input, sampled(std::move(x), low, high));
}

}  // namespace ballpark
