#include "values/metalog.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "values/no_bounds.hpp"

namespace ballpark {
namespace {

// As the user would type it (0.25, 7e+10): the numbers of a refusal are the user's own.
std::string number(double x) { return plain_text(x); }

// The share of the way from t10 to t90 the median may lie at: 1/2 ∓ steepest_ratio / 5 (a3 / a2 = 2.5 (1 - 2 s)).
constexpr double nearest_share = 0.5 - Metalog::steepest_ratio / 5;

std::string percent(double share, int digits) {
    std::ostringstream out;
    out.precision(digits);
    out << 100 * share;
    return out.str() + "%";
}

// The share as a percentage with the fewest digits (3 at least) that tell it from the limit it is compared with:
// a median just past the edge reads "16.6577%" beside "16.6577%"'s neighbour, not "17%" beside "17%".
std::string percent_beside(double share, double limit) {
    int digits = 3;
    while (digits < 9 && percent(share, digits) == percent(limit, digits)) ++digits;
    return percent(share, digits);
}

}  // namespace

Metalog Metalog::fit(double p10, double p50, double p90, double low, double high, int column, const std::string& at) {
    if (!(p10 < p50 && p50 < p90)) {
        fail_about(ErrorKind::range_order, "metalog",
                   "\"metalog\" needs its three numbers in order, p10 < p50 < p90, but" + at + " they are " +
                       number(p10) + ", " + number(p50) + " and " + number(p90) + ".",
                   column,
                   "Give the 10th percentile first, the median second and the 90th percentile third, each different.");
    }
    if (!(low < p10)) {
        fail_about(ErrorKind::range_order, "metalog",
                   "The lower bound of \"metalog\"" + at + " must lie below p10, but it is " + number(low) +
                       " and p10 is " + number(p10) + ".",
                   column, "Give a lower bound below every value the quantity can take, so below its 10th percentile.");
    }
    if (!(p90 < high)) {
        fail_about(ErrorKind::range_order, "metalog",
                   "The upper bound of \"metalog\"" + at + " must lie above p90, but it is " + number(high) +
                       " and p90 is " + number(p90) + ".",
                   column,
                   "Give an upper bound above every value the quantity can take, so above its 90th percentile.");
    }
    Metalog m;
    m.p10 = p10, m.p50 = p50, m.p90 = p90, m.low = low, m.high = high, m.outer_low = low, m.outer_high = high;
    const auto t = [&m](double x) {
        if (m.bounded_below() && m.bounded_above()) return std::log(x - m.low) - std::log(m.high - x);
        if (m.bounded_below()) return std::log(x - m.low);
        if (m.bounded_above()) return -std::log(m.high - x);
        return x;
    };
    const double t10 = t(p10), t50 = t(p50), t90 = t(p90);
    const double ln9 = std::log(9.0);
    m.a1 = t50;
    m.a2 = (t90 - t10) / (2 * ln9);
    m.a3 = (t90 + t10 - 2 * t50) / (0.8 * ln9);
    // Where the median lies between p10 and p90 on the scale the metalog is fitted on; the condition
    // |a3| / a2 < steepest_ratio in the words of that share, which a person can act on.
    const double share = (t50 - t10) / (t90 - t10);
    if (!(std::abs(m.a3) < steepest_ratio * m.a2) || !std::isfinite(m.a1 + m.a2 + m.a3)) {
        const bool near_high = share > 0.5;
        const std::string scale = m.bounded_below() && m.bounded_above()
            ? " on the scale ln((x - low) / (high - x)) the bounds give"
            : m.bounded_below() ? " on the scale ln(x - low) the lower bound gives"
            : m.bounded_above() ? " on the scale -ln(high - x) the upper bound gives"
                                : "";
        const std::string near = near_high ? "p90" : "p10";
        // Bounds far from the numbers bring the scale near the numbers' own, where the median's share is the plain
        // one: advice only where that share would do.
        const double plain_share = (p50 - p10) / (p90 - p10);
        const bool plain_fits = std::abs(1 - 2 * plain_share) < steepest_ratio / 2.5;
        const std::string farther_bounds = (m.bounded_below() || m.bounded_above()) && plain_fits
            ? ", or move the bounds farther from the three numbers (without bounds p50 lies " +
                percent(plain_share, 3) + " of the way)"
            : "";
        fail_about(ErrorKind::domain, "metalog",
                   "p50 is too close to " + near + " for a three-term metalog" + at + ": it lies " +
                       percent_beside(share, near_high ? 1 - nearest_share : nearest_share) +
                       " of the way from p10 to p90" + scale + ", and a metalog needs it between " +
                       percent(nearest_share, 3) + " and " + percent(1 - nearest_share, 3) +
                       " of the way, or its quantile function would turn back and describe no distribution.",
                   column,
                   "Move p50 toward the middle of p10 and p90, or widen the range on the side of p50 by moving " +
                       near + (near_high ? " up" : " down") + farther_bounds + ".");
    }
    return m;
}

double Metalog::quantile(double y) const {
    if (!(y > 0)) return low;
    if (!(y < 1)) return high;
    const double l = std::log(y) - std::log1p(-y);
    const double t = a1 + a2 * l + a3 * (y - 0.5) * l;
    if (bounded_below() && bounded_above()) {
        // x = (low + high e^t) / (1 + e^t), written so that e^t cannot overflow, and clamped: rounding must not
        // carry a value past a bound the user gave.
        const double width = high - low;
        const double x = t > 0 ? high - width / (1 + std::exp(t)) : low + width / (1 + std::exp(-t));
        return std::clamp(x, low, high);
    }
    if (bounded_below()) return std::max(low, low + std::exp(t));
    if (bounded_above()) return std::min(high, high - std::exp(-t));
    return t;
}

std::string Metalog::call() const {
    std::ostringstream out;
    out << "metalog(" << p10 << ", " << p50 << ", " << p90;
    if (bounded_below() || bounded_above()) out << ", " << low;
    if (bounded_above()) out << ", " << high;
    out << ")";
    return out.str();
}

Law Metalog::law() const {
    Law law;
    law.name = "metalog";
    law.call = call();
    law.low = law.outer_low = low;
    law.high = law.outer_high = high;
    law.ends_reached = false;
    law.central = law.median = p50;
    law.quantile = [fit = *this](double y) { return fit.quantile(y); };
    law.refusal = [fit = *this](int column) { fail_metalog_has_no_bounds(fit, column); };
    return law;
}

Law MetalogLaw::law(std::span<const double> x, int column, const std::string& at) {
    const double inf = std::numeric_limits<double>::infinity();
    return Metalog::fit(x[0], x[1], x[2], x.size() > 3 ? x[3] : -inf, x.size() > 4 ? x[4] : inf, column, at).law();
}

}  // namespace ballpark
