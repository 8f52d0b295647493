// A declared fraction's range in the 90% reading: the logit-normal, u = 1 / (1 + e^-Y) with Y normal, whose 5th
// and 95th percentiles are the range's ends. A lognormal through 35% and 95% puts 3.5% of its mass above 1; the
// logit-normal puts none there and none below 0, and keeps the ends as typed. Y is an ordinary normal input of the
// Context, so a correlation gives it its normal score like any input (normal_score): u is an increasing function
// of that score, and the copula, with its rank correlations, is exactly the one a lognormal input would have.
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "ballpark/error.hpp"
#include "numeric/normal.hpp"
#include "numeric/within_rounding.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/sobol_points.hpp"

namespace ballpark {
namespace {

// ln(x / (1 - x)), with log1p keeping the digits of an x near 0.
double logit(double x) { return std::log(x) - std::log1p(-x); }
double logistic(double y) { return 1 / (1 + std::exp(-y)); }

// 0.35 as "35%", as a fraction's ends are written: six significant figures at most, no trailing zeros.
std::string percent(double x) {
    std::ostringstream out;
    out << 100 * x << '%';
    return out.str();
}

// The rounding a computed end may carry (0.5 to 1 can give a 95th percentile a rounding above 1): an end within it
// of 1 is at 1, as the declaration's check reads it.
constexpr double slack = 1e-12;

// Where the ends leave no logit-normal: an end at 0 or 1 (100%), which no law strictly between them has as a
// percentile. Ends beyond 0 or 1 are not refused here: read as a plain range, the declaration's check refuses
// them with its own sentence (35 to 55 typed without the percent sign).
[[noreturn]] void fail_end_at_bound(double low, double high, int column) {
    const bool at_one = high >= 1;
    fail(ErrorKind::domain, "In the 90% reading a declared fraction's range is a logit-normal with its 5th and 95th percentiles at "
             "the ends, so that it stays between 0 and 1; " + percent(low) + " to " + percent(high) + " ends at " +
             (at_one ? "100%" : "0%") + ", which cannot be a percentile of such a law.",
         column,
         std::string(at_one ? "Write the 95th percentile below 100% (" + percent(low) + " to 99%)"
                            : "Write the 5th percentile above 0% (1% to " + percent(high) + ")") +
             ", or give the bounds to metalog (metalog(p10, p50, p90, 0, 1)); the bounds reading takes " +
             percent(low) + " to " + percent(high) + " as it is.");
}

}  // namespace

Distribution Distribution::logistic_of(const Distribution& y) {
    if (y.is_point()) return point(logistic(y.constant_));
    const Samples ys = y.samples();
    SampleVector x(sobol_points::sample_count, boost::container::default_init);
    for (std::size_t k = 0; k < x.size(); ++k) x[k] = logistic((*ys)[k]);
    // Never 0 or 1 (a sample that rounds there widens the support to it): a divisor u or 1 - u is never zero.
    Distribution u = sampled(std::move(x), std::numeric_limits<double>::denorm_min(), std::nextafter(1.0, 0.0));
    if (u.form_ != Form::samples) return u;
    // The samples' own order statistics stay (the tails are gathered around them); the printed percentiles are
    // y's mapped, exact where the samples' interpolation would be a few parts in a hundred million off.
    Percentiles& p = const_cast<Percentiles&>(u.percentiles());
    p.p5 = logistic(y.quantile_unchecked(0.05));
    p.p50 = logistic(y.quantile_unchecked(0.5));
    p.p95 = logistic(y.quantile_unchecked(0.95));
    return u;
}

Distribution Distribution::fraction_between(Context& context, const Distribution& a, const Distribution& b, int column) {
    // Uncertain ends, ends that go down, one number, and ends beyond 0 or 1: as `a to b` reads them (refused, a
    // point, or a plain range that the declaration's check refuses).
    if (!a.is_point() || !b.is_point()) return between(context, a, b, column);
    const double low = a.constant_, high = b.constant_;
    if (low >= high || low < 0 || high > 1 + slack) return between(context, a, b, column);
    if (low <= 0 || high >= 1) fail_end_at_bound(low, high, column);
    const double y_low = logit(low), y_high = logit(high);
    const double m = y_low / 2 + y_high / 2, s = (y_high - y_low) / (2 * z95);
    const std::uint32_t input = context.add({Input::Kind::logit_normal, low, high});
    // Y's terms: the input's normal score times the spread, as between() weights a normal's.
    const Terms score = normal_score(context, input, column);
    Terms y;
    y.reserve(score.size());
    for (const Term& t : score) y.push_back({t.input, t.weight * s});
    // Pinned (a tornado's run), Y is the one number at its percentile, and so is u.
    return logistic_of(pinned(context, input, gaussian(m, y)));
}

Distribution Distribution::fraction_between3(Context& context, const Distribution& low, const Distribution& central,
                                             const Distribution& high, int column) {
    if (!low.is_point() || !central.is_point() || !high.is_point()) return between3(context, low, central, high, column);
    const double l = low.constant_, c = central.constant_, h = high.constant_;
    if (!((l <= c || within_rounding(l, c)) && (c <= h || within_rounding(c, h)))) return between3(context, low, central, high, column);
    // A median on an end leaves no shape: the ends alone, as between3 reads them.
    if (l >= h || c <= l || c >= h) return fraction_between(context, low, high, column);
    if (l < 0 || h > 1 + slack) return between3(context, low, central, high, column);
    if (l <= 0 || h >= 1) fail_end_at_bound(l, h, column);
    // The three percentiles on the logit scale, read there as between3 reads any three (a normal where the median
    // is the midpoint of the ends' logits, the logit-normal `l to h`; a shifted lognormal otherwise).
    const Distribution y = between3(context, point(logit(l)), point(logit(c)), point(logit(h)), column);
    context.inputs.back() = {Input::Kind::logit_normal, l, h};
    return logistic_of(y);
}

}  // namespace ballpark
