#include "values/distribution/two_input_sum.hpp"

#include <algorithm>
#include <array>
#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <limits>

#include "numeric/normal.hpp"
#include "values/distribution/vector_exp.hpp"
#include "values/distribution/vector_normal.hpp"

namespace ballpark::two_input_sum {
namespace {

// The loops over the nodes are most of a percentile's work. With GCC on x86-64 ELF targets they are also compiled
// for AVX-512F and for AVX2, and the loader (an ifunc) picks the widest copy the processor runs: up to eight
// doubles an instruction instead of SSE2's two. The same operations in the same order on each node (neither brings
// FMA, and the file is not contracted), so the same digits on every machine. Not under ThreadSanitizer, whose
// instrumented ifunc resolver runs before its runtime is set up and crashes the program at load.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) && !defined(__SANITIZE_THREAD__)
#define BALLPARK_NODE_LOOPS [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define BALLPARK_NODE_LOOPS
#endif

// The outer variate z is integrated over [-z_max, z_max] with a 30-point Gauss-Legendre rule. The standard normal
// mass outside is 8e-11, so no probability comes out wrong by more; a wider range costs the rule more than that in
// accuracy, since it spreads the nodes over more of the normal density (largest error in a probability over the
// cases of distribution_test.cpp's sums, against a brute-force Simpson reference: 3e-7 at 8.5, 2e-9 at 7, 1e-9 at
// 6.5). With 24 points the errors grow to 1e-7, with 20 points to 4e-6, with 16 to 1e-3.
constexpr double z_max = 6.5;
constexpr int node_count = 30;

// The standard normal density. exp_in_range (vector_exp.hpp) instead of std::exp, which would be a large share of
// a percentile's work: the argument is kept at or above -700, where the density is 1e-304.
[[gnu::always_inline]] inline double phi(double z) {
    const double half_square = std::min(z * z / 2, 700.0);
    return exp_in_range(-half_square) * boost::math::constants::one_div_root_two_pi<double>();
}
double big_phi(double y) { return 0.5 * std::erfc(-y * boost::math::constants::one_div_root_two<double>()); }
// Phi^-1(p), in double precision throughout (Boost's default promotes to long double, 4 times the cost here).
double normal_quantile(double p) {
    using Policy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;
    return -boost::math::constants::root_two<double>() * boost::math::erfc_inv(2 * p, Policy());
}

constexpr int max_crowding = 8;
// The length in z of the crowded panel next to a kink, for a wide inner part (0.5 to 3 measured alike).
constexpr double panel_length = 1;

// Boost's 30-point Gauss-Legendre rule on [-1, 1], unfolded from its half table.
struct Rule {
    std::array<double, node_count> x{}, w{};
    // The same rule on [0, 1] in s, mapped by s^p for p = 1..max_crowding (nodes crowded toward 0 more and more):
    // at[p - 1] holds s^p and weight[p - 1] the weight times d(s^p)/ds, halved for the interval's length.
    std::array<std::array<double, node_count>, max_crowding> at{}, weight{};
};
const Rule& rule() {
    static const Rule r = [] {
        using Gauss = boost::math::quadrature::gauss<double, node_count>;
        Rule out;
        std::size_t i = 0;
        const auto& xs = Gauss::abscissa();
        const auto& ws = Gauss::weights();
        for (std::size_t j = 0; j < xs.size(); ++j) {
            out.x[i] = xs[j], out.w[i++] = ws[j];
            if (xs[j] != 0) out.x[i] = -xs[j], out.w[i++] = ws[j];
        }
        for (int p = 1; p <= max_crowding; ++p) {
            for (int k = 0; k < node_count; ++k) {
                const double s = (out.x[k] + 1) / 2;
                out.at[p - 1][k] = std::pow(s, p);
                out.weight[p - 1][k] = out.w[k] / 2 * p * std::pow(s, p - 1);
            }
        }
        return out;
    }();
    return r;
}

// The part at variate z, |z| <= z_max; exp_in_range is valid while |sigma z| <= 708.
double value_of(const Part& p, double z) {
    if (!p.lognormal) return p.sigma * z;
    const double x = p.sigma * z;
    return p.k * (std::abs(x) <= 708 ? exp_in_range(x) : std::exp(x));
}

// The part at its own z-quantile (z = Phi^-1(q)): a lognormal with k < 0 decreases in its variate.
double part_at(const Part& p, double z) {
    if (!p.lognormal) return p.sigma * z;
    return p.k * std::exp(p.sigma * (p.k > 0 ? z : -z));
}

// The width of the part's 90% interval: which part is narrower.
double width(const Part& p) {
    if (!p.lognormal) return 2 * z95 * p.sigma;
    return std::abs(p.k) * (std::exp(p.sigma * z95) - std::exp(-p.sigma * z95));
}

struct Moments {
    double mean, variance, third;  // third central moment
};
Moments moments(const Part& p) {
    if (!p.lognormal) return {0, p.sigma * p.sigma, 0};
    const double s2 = p.sigma * p.sigma, w = std::exp(s2), m = p.k * std::exp(s2 / 2);
    return {m, m * m * std::expm1(s2), m * m * m * std::expm1(s2) * std::expm1(s2) * (w + 2)};
}

// A CDF with its first two derivatives.
struct Cdf {
    double G = 0, g = 0, dg = 0;
    Cdf& operator+=(const Cdf& other) {
        G += other.G, g += other.g, dg += other.dg;
        return *this;
    }
};

// P(c + A + B <= t) with its first two derivatives in t, by quadrature over the outer part's variate z of the inner
// part's CDF at t - c - A(z). The loops over the nodes are straight-line code over fixed-size arrays so that they
// vectorize (vector_exp.hpp, vector_normal.hpp); sums over the nodes are separate loops, since a vectorized sum
// would reorder the additions, which the core's strict floating point does not allow.
class SumCdf {
public:
    SumCdf(const Part& a, const Part& b, double c) : c_(c) {
        // Outer: the narrower part. Then the inner CDF changes slowly as the outer part moves, and the integrand
        // has no steep step for a fixed rule to miss (integrated the other way, 1 to 1.01 plus 1 to 1000 would be
        // a step in z a few thousandths wide).
        const bool swap = width(b) < width(a);
        outer_ = swap ? b : a;
        inner_ = swap ? a : b;
        crowding_ = static_cast<int>(std::clamp(std::ceil(2 * inner_.sigma), 1.0, double{max_crowding}));
    }

    Cdf operator()(double t) const {
        const double u = t - c_;
        // A lognormal inner part has a kink where u - A(z) crosses 0: on one side its CDF is exactly 0 (or 1), on
        // the other it leaves 0 like Phi(ln(distance) / sigma). Integrated across, that costs the rule most of its
        // digits; so the rule covers only the side where the CDF is not constant, and the constant side is added
        // as normal mass, with the nodes crowded toward the kink as z = z0 + L s^p. How much depends on the inner
        // sigma: its CDF Phi(ln(d) / sigma) leaves 0 over distances d spanning about e^(8 sigma), and the first
        // Gauss-Legendre node sits near s = 1e-3 = e^-7, so p = ceil(2 sigma), at least 1 (for a narrow inner part
        // the nodes' own crowding toward the ends is best: p = 2 there gave 2e-8 errors where p = 1 gave 4e-10;
        // for 1 to 1000 less crowding put the 99.9th percentile of a difference 0.16% off).
        double z0 = 0;
        bool kink = false;
        if (inner_.lognormal) {
            if (!outer_.lognormal) {
                z0 = u / outer_.sigma, kink = true;
            } else if (u / outer_.k > 0) {
                z0 = std::log(u / outer_.k) / outer_.sigma, kink = true;
            }
            kink = kink && z0 > -z_max && z0 < z_max;
        }
        if (!kink && inner_.lognormal && outer_.lognormal && outer_.sigma > 1 && u / outer_.k < 0) {
            // No kink, but the inner CDF's argument ln(|u - A(z)|) bends from ln|u| to ln|A(z)| where |A(z)| = |u|,
            // within 1 / sigma of z: for a wide outer part too sharply for the nodes spread over the whole range
            // (a difference of two lognormals of 1 to 1e6: the 0.1st percentile 15% off). Two panels, split there.
            const double knee = std::log(u / -outer_.k) / outer_.sigma;
            if (knee > -z_max && knee < z_max) {
                Cdf total = panel(u, -z_max, knee + z_max, 1);
                total += panel(u, knee, z_max - knee, 1);
                return total;
            }
        }
        if (!kink) {
            // The nodes over the whole range do not move with t: made on first use, then kept.
            if (!full_made_) {
                const Rule& r = rule();
                Nodes z;
                for (int i = 0; i < node_count; ++i) z[i] = z_max * r.x[i];
                for (int i = 0; i < node_count; ++i) full_weight_[i] = z_max * r.w[i] * phi(z[i]);
                outer_values(z, full_value_);
                full_made_ = true;
            }
            return full_sum(u);
        }
        // u - A(z) has the sign of the inner k on the left of z0 when A increases with z.
        const bool increasing = !outer_.lognormal || outer_.k > 0;
        const bool left = (inner_.k > 0) == increasing;
        const double length = left ? z0 + z_max : z_max - z0;
        const double direction = left ? -1 : 1;
        Cdf total;
        if (crowding_ <= 2) {
            total = panel(u, z0, direction * length, crowding_);
        } else {
            // A wide inner part: the crowded panel next to the kink, and the normal density's bulk in a plain one
            // (one panel crowded that much starves the bulk: 0.3% off at the 95th percentile of (1 to 1000) +
            // (1 to 1e6)). Twice the nodes, for wide inner parts only.
            const double near = std::min(length, panel_length);
            total = panel(u, z0, direction * near, crowding_);
            if (length > near) total += panel(u, z0 + direction * length, -direction * (length - near), 1);
        }
        // The constant side: the inner CDF is 1 there when k < 0.
        if (inner_.k < 0) total.G += big_phi(left ? -z0 : z0);
        return total;
    }

    double inner_at(double z) const { return part_at(inner_, z); }
    double outer_median() const { return value_of(outer_, 0); }

private:
    using Nodes = std::array<double, node_count>;

    // The integral over z from `from` to from + signed_length, nodes crowded toward `from` as s^crowding.
    BALLPARK_NODE_LOOPS Cdf panel(double u, double from, double signed_length, int crowding) const {
        const Rule& r = rule();
        const auto& at = r.at[crowding - 1];
        const auto& at_weight = r.weight[crowding - 1];
        const double length = std::abs(signed_length);
        Nodes z, weight, value;
        for (int i = 0; i < node_count; ++i) z[i] = from + signed_length * at[i];
        for (int i = 0; i < node_count; ++i) weight[i] = length * at_weight[i] * phi(z[i]);
        outer_values(z, value);
        return inner_sum(u, weight, value);
    }

    // The full range's integral, on the nodes kept.
    BALLPARK_NODE_LOOPS Cdf full_sum(double u) const { return inner_sum(u, full_weight_, full_value_); }

    // The outer part at the variates z.
    [[gnu::always_inline]] void outer_values(const Nodes& z, Nodes& value) const {
        if (!outer_.lognormal) {
            for (int i = 0; i < node_count; ++i) value[i] = outer_.sigma * z[i];
        } else if (std::abs(outer_.sigma) * z_max <= 708) {
            for (int i = 0; i < node_count; ++i) value[i] = outer_.k * exp_in_range(outer_.sigma * z[i]);
        } else {
            for (int i = 0; i < node_count; ++i) value[i] = outer_.k * std::exp(outer_.sigma * z[i]);
        }
    }

    // sum of weight[i] times the inner CDF (and its derivatives) at u - value[i].
    [[gnu::always_inline]] Cdf inner_sum(double u, const Nodes& weight, const Nodes& value) const {
        const double* coefficients = vector_normal::erfcx_coefficients().data();
        Nodes G, g, dg;
        if (!inner_.lognormal) {
            const double inverse = 1 / inner_.sigma;
            for (int i = 0; i < node_count; ++i) {
                const double y = (u - value[i]) * inverse;
                const vector_normal::Normal n = vector_normal::normal_at(y, coefficients);
                G[i] = weight[i] * n.cdf;
                g[i] = weight[i] * n.density * inverse;
                dg[i] = -y * inverse * g[i];
            }
        } else {
            // For k > 0: G = Phi(y), y = ln(d / k) / sigma, d = u - A; 0 where d <= 0. For k < 0: G = Phi(-y), 1
            // where d >= 0. A node on the constant side gets the argument -+40, where Phi is exactly 0 or 1.
            const double inverse_k = 1 / inner_.k, inverse_sigma = 1 / inner_.sigma, sign = inner_.k > 0 ? 1.0 : -1.0;
            for (int i = 0; i < node_count; ++i) {
                const double d = u - value[i];
                const double ratio = d * inverse_k;  // a product: divisions are the slowest step of this loop
                const bool inside = ratio > 1e-300;  // where the CDF is not constant
                const double y = vector_normal::log_positive(inside ? ratio : 1e-300) * inverse_sigma;
                const double inverse_distance = inside ? 1 / std::abs(d) : 0.0;
                const vector_normal::Normal n = vector_normal::normal_at(inside ? sign * y : -40 * sign, coefficients);
                G[i] = weight[i] * n.cdf;
                // g = phi(y) / (sigma |d|); g' = -+ g (1 + y / sigma) / |d|.
                g[i] = weight[i] * n.density * inverse_sigma * inverse_distance;
                dg[i] = -sign * g[i] * (1 + y * inverse_sigma) * inverse_distance;
            }
        }
        Cdf total;
        for (int i = 0; i < node_count; ++i) total.G += G[i];
        for (int i = 0; i < node_count; ++i) total.g += g[i];
        for (int i = 0; i < node_count; ++i) total.dg += dg[i];
        return total;
    }

    double c_;
    Part outer_, inner_;
    int crowding_ = 1;  // p, for a lognormal inner part
    mutable Nodes full_weight_{}, full_value_{};
    mutable bool full_made_ = false;
};

}  // namespace

void quantiles(const Part& a, const Part& b, double c, const double* p, double* out, std::size_t count) {
    const SumCdf cdf(a, b, c);
    const Moments ma = moments(a), mb = moments(b);
    const double mean = c + ma.mean + mb.mean, variance = ma.variance + mb.variance;
    const double sd = std::sqrt(variance);
    const double skew = (ma.third + mb.third) / (variance * sd);
    for (std::size_t n = 0; n < count; ++n) {
        const double q = p[n];
        // Start: for a moderate skewness the Cornish-Fisher expansion (the three moments are exact); for a strong
        // one (a wide lognormal, whose moments are dominated by its far tail) the inner, wider part's own quantile
        // plus the outer part's median, which is what the sum tends to when one part is much wider.
        const double z = normal_quantile(q);
        double t = mean + sd * (z + skew / 6 * (z * z - 1));
        // (The moments of a lognormal with a large sigma overflow; then the skewness is not a number.)
        if (!(std::abs(skew) < 2 && std::isfinite(t))) t = c + cdf.inner_at(z) + cdf.outer_median();
        // [lo, hi] holds the quantile: narrowed by every evaluation, and made finite when a step needs it (usually
        // never: it costs two normal quantiles). c + A + B <= c + qA(q/4) + qB(q/4) needs A or B at or below its own
        // q/4-quantile, probability at most q/2 < q; likewise above.
        double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
        bool bracketed = false;
        const auto bracket = [&] {
            if (bracketed) return;
            const double z_low = normal_quantile(q / 4), z_high = normal_quantile(1 - (1 - q) / 4);
            lo = std::max(lo, c + part_at(a, z_low) + part_at(b, z_low));
            hi = std::min(hi, c + part_at(a, z_high) + part_at(b, z_high));
            bracketed = true;
        };
        // Halley's iteration, kept inside the bracket. Where a step leaves the bracket, or a step is not at most
        // half the one before (far out in a heavy tail the CDF is nearly flat and steps crawl), bisection, in
        // ratio when the bracket spans a wide range of one sign. Hand-written rather than
        // boost::math::tools::halley_iterate because that one stops on a relative step, and a quantile can be 0
        // (a symmetric difference): here the last step is decided by the residual F(t) - q.
        // Each Halley step triples the digits: from a residual F(t) - q within 2e-3 of the smaller tail
        // min(q, 1 - q), and a Halley correction below 1%, one step leaves about 1e-8 of it, below the quadrature's
        // error, so that step is taken as the last without another evaluation of the CDF (measured: the same
        // quantiles as with full convergence to 1e-9 in the tests' cases). Two evaluations a percentile is usual.
        // (Without the condition on the correction, the 95th percentile of (1 to 1e6) - (1 to 1e6) stopped 0.1% off.)
        // A last resort against a step or bracket that stops shrinking: a few ulps of t. (Not a multiple of the
        // parts' widths: two lognormals of 1 to 1e100 have widths near 1e100 and a 5th percentile near 1e26.)
        const double last_residual = 2e-3 * std::min(q, 1 - q);
        const auto tolerance = [&] { return 4e-16 * std::abs(t) + std::numeric_limits<double>::min(); };
        double previous_step = std::numeric_limits<double>::infinity();
        for (int iteration = 0; iteration < 200; ++iteration) {
            const Cdf f = cdf(t);
            const double r = f.G - q;
            if (r == 0) break;
            (r < 0 ? lo : hi) = t;
            // Halley's step is Newton's divided by 1 - curvature; where that correction is large (far out in a
            // very wide sum the density changes faster than the step can follow) Newton's step, and no last step.
            const double curvature = r * f.dg / (2 * f.g * f.g);
            const double step = std::abs(curvature) < 0.5 ? r / f.g / (1 - curvature) : r / f.g;
            if (std::abs(r) <= last_residual && std::abs(curvature) <= 0.01 && t - step > lo && t - step < hi) {
                t -= step;
                break;
            }
            if (f.g > 0 && std::abs(step) <= tolerance()) {  // (a zero density, far out, gives a zero step)
                t = std::clamp(t - step, lo, hi);
                break;
            }
            double next = t - step;
            const bool slow = std::abs(step) > previous_step / 2;
            previous_step = std::abs(step);
            if (!(next > lo && next < hi) || slow) {
                bracket();
                if (!(next > lo && next < hi) || slow) {
                    const bool ratio = (lo > 0 && hi > 4 * lo) || (hi < 0 && lo < 4 * hi);
                    // sqrt of each: lo * hi may overflow.
                    next = ratio ? std::copysign(std::sqrt(std::abs(lo)) * std::sqrt(std::abs(hi)), hi) : lo / 2 + hi / 2;
                    previous_step = hi - lo;  // a bisection restarts the count
                }
            }
            t = next;
            if (hi - lo <= tolerance()) break;
        }
        out[n] = t;
    }
}

double cdf(const Part& a, const Part& b, double c, double t) {
    const SumCdf f(a, b, c);
    return std::clamp(f(t).G, 0.0, 1.0);
}

}  // namespace ballpark::two_input_sum
