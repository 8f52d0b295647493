#include "values/affine_bounds.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "ballpark/format.hpp"
#include "numeric/neighbours.hpp"
#include "numeric/within_rounding.hpp"

// Written by hand rather than with a library: Boost has no affine arithmetic, and YalAA (the C++ library the
// literature names) rounds by switching the FPU mode, which error_free_rounding.hpp exists to avoid, and has no
// forms on logarithms.

namespace ballpark {

using Term = AffineBounds::Term;
using Terms = AffineBounds::Terms;
using SumForm = AffineBounds::SumForm;
using LogForm = AffineBounds::LogForm;
using Bounds = Interval::Bounds;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double denormal = std::numeric_limits<double>::denorm_min();
// Below this magnitude an FMA's error term may itself be rounded (as in error_free_rounding.hpp).
constexpr double tiny = 0x1p-969;
// The relative error of one correctly rounded operation, taken twice over: |ln(1 + t)| for |t| ≤ 2⁻⁵³.
constexpr double one_rounding_in_log = 0x1p-52;
// A radius below this share of a form's magnitude is rounding noise (see own_radius).
constexpr double noise = 0x1p-40;

// ---- outward rounding ---------------------------------------------------------------------------------------
// The same error-free transformations as error_free_rounding.hpp, with the neighbouring double found from the bits
// (numeric/neighbours.hpp); they run several times per term in every step (hence the forced inlining: a profile
// showed the calls themselves).

[[gnu::always_inline]] inline double two_sum_error(double x, double y, double s) {
    const double yy = s - x;
    return (x - (s - yy)) + (y - yy);
}
[[gnu::always_inline]] inline double add_up(double x, double y) {
    const double s = x + y;
    if (!std::isfinite(s)) return s;
    return two_sum_error(x, y, s) > 0 ? next_up(s) : s;
}
[[gnu::always_inline]] inline double add_down(double x, double y) {
    const double s = x + y;
    if (!std::isfinite(s)) return s;
    return two_sum_error(x, y, s) < 0 ? next_down(s) : s;
}
[[gnu::always_inline]] inline double sub_up(double x, double y) { return add_up(x, -y); }
[[gnu::always_inline]] inline double sub_down(double x, double y) { return add_down(x, -y); }
[[gnu::always_inline]] inline double mul_up(double x, double y) {
    const double p = x * y;
    if (x == 0 || y == 0 || !std::isfinite(p)) return p;
    if (std::abs(p) < tiny) return next_up(p);
    return std::fma(x, y, -p) > 0 ? next_up(p) : p;
}
[[gnu::always_inline]] inline double mul_down(double x, double y) { return -mul_up(-x, y); }
[[gnu::always_inline]] inline double div_up(double x, double y) {
    const double q = x / y;
    if (x == 0 || !std::isfinite(q)) return q;
    if (std::abs(q) < tiny || std::abs(x) < tiny) return next_up(q);
    const double remainder = std::fma(-q, y, x);  // x - q·y exactly; the true quotient is q + remainder / y
    return (y > 0 ? remainder : -remainder) > 0 ? next_up(q) : q;
}
[[gnu::always_inline]] inline double div_down(double x, double y) { return -div_up(-x, y); }

// glibc documents at most 1 ulp of error for exp and log on x86-64; a step of |v|·2⁻⁵⁰ moves at least 3 ulps.
double libm_up(double v) { return v + (std::abs(v) * 0x1p-50 + denormal); }
double libm_down(double v) { return v - (std::abs(v) * 0x1p-50 + denormal); }
double log_down(double x) { return x == 1 ? 0.0 : libm_down(std::log(x)); }
double log_up(double x) { return x == 1 ? 0.0 : libm_up(std::log(x)); }
double exp_down(double x) { return x == 0 ? 1.0 : std::max(0.0, libm_down(std::exp(x))); }
double exp_up(double x) { return x == 0 ? 1.0 : libm_up(std::exp(x)); }

// An upper bound of ln(p / q) for p ≥ q > 0. Close to 1 the bound ln(1 + t) ≤ t needs no call to log.
double log_ratio_up(double p, double q) {
    const double ratio = div_up(p, q);
    const double t = sub_up(ratio, 1.0);
    return t < 0x1p-20 ? std::max(t, 0.0) : log_up(ratio);
}

// ---- error-free steps: the exact rounding error of each step is added (rounded up) to `error` ---------------

[[gnu::always_inline]] inline double sum_tracked(double x, double y, double& error) {
    const double s = x + y;
    if (!std::isfinite(s)) {
        error = inf;
        return s;
    }
    const double e = two_sum_error(x, y, s);  // TwoSum: exact for finite x, y
    if (e != 0) error = add_up(error, std::abs(e));
    return s;
}

[[gnu::always_inline]] inline double product_tracked(double x, double y, double& error) {
    const double p = x * y;
    if (x == 0 || y == 0) return p;
    if (!std::isfinite(p)) {
        error = inf;
        return p;
    }
    double e = std::abs(std::fma(x, y, -p));
    if (std::abs(p) < tiny) e = add_up(e, denormal);  // the error term itself may have been rounded
    if (e != 0) error = add_up(error, e);
    return p;
}

[[gnu::always_inline]] inline double quotient_tracked(double x, double y, double& error) {
    const double q = x / y;
    if (x == 0) return q;
    if (!std::isfinite(q)) {
        error = inf;
        return q;
    }
    double e;
    if (std::abs(q) < tiny || std::abs(x) < tiny) {
        e = add_up(mul_up(std::abs(q), 0x1p-52), denormal);
    } else {
        const double remainder = std::fma(-q, y, x);  // exact: x - q·y; the true quotient is q + remainder / y
        e = remainder == 0 ? 0.0 : div_up(std::abs(remainder), std::abs(y));
    }
    if (e != 0) error = add_up(error, e);
    return q;
}

// Σ|cᵢ| rounded up: how far the symbols reach from the center.
double reach(const Terms& terms) {
    double r = 0;
    for (const Term& t : terms) r = add_up(r, std::abs(t.coefficient));
    return r;
}

// A nonzero factor far enough from overflow and from the subnormals that a few products of factors stay exact
// but for one rounding each.
bool usable_factor(double k) { return std::abs(k) > 0x1p-900 && std::abs(k) < 0x1p900; }

// ---- sum forms (also the exponents of log forms) --------------------------------------------------------------

// A form with no symbol for plain bounds [low, high].
void sum_of_bounds(double low, double high, SumForm& out) {
    out.terms.clear();
    if (low == high) {
        out.center = low, out.radius = 0;
        return;
    }
    out.center = low / 2 + high / 2;  // halves first: low + high may overflow
    out.radius = std::max(sub_up(high, out.center), sub_up(out.center, low));
}

// out = a + sign·b with sign ±1: negating is exact, each sum rounds once.
void sum_add(const SumForm& a, const SumForm& b, double sign, SumForm& out) {
    double error = 0;
    out.center = sum_tracked(a.center, sign * b.center, error);
    // Sized for the most terms, then cut: push_back did not inline and showed in profiles.
    out.terms.resize(a.terms.size() + b.terms.size(), boost::container::default_init);
    Term* o = out.terms.data();
    auto i = a.terms.begin(), j = b.terms.begin();
    while (i != a.terms.end() || j != b.terms.end()) {
        if (j == b.terms.end() || (i != a.terms.end() && i->symbol < j->symbol)) {
            *o++ = *i++;
        } else if (i == a.terms.end() || j->symbol < i->symbol) {
            *o++ = {j->symbol, sign * j->coefficient};
            ++j;
        } else {
            const double c = sum_tracked(i->coefficient, sign * j->coefficient, error);
            if (c != 0) *o++ = {i->symbol, c};  // x - x: the symbol is gone
            ++i, ++j;
        }
    }
    out.terms.resize(static_cast<std::size_t>(o - out.terms.data()));
    out.radius = add_up(add_up(a.radius, b.radius), error);
}

// out = a · x, or a / x; out may be a.
template <bool divide>
void sum_scale_by(const SumForm& a, double x, SumForm& out) {
    double error = 0;
    const auto step = [&](double c) { return divide ? quotient_tracked(c, x, error) : product_tracked(c, x, error); };
    out.center = step(a.center);
    if (&out != &a) out.terms.assign(a.terms.begin(), a.terms.end());
    std::size_t kept = 0;
    for (std::size_t k = 0; k < out.terms.size(); ++k) {
        const double c = step(out.terms[k].coefficient);
        if (c != 0) out.terms[kept++] = {out.terms[k].symbol, c};
    }
    out.terms.resize(kept);
    out.radius = add_up(divide ? div_up(a.radius, std::abs(x)) : mul_up(a.radius, std::abs(x)), error);
}

void sum_scale(const SumForm& a, double x, bool divide, SumForm& out) {
    if (divide) sum_scale_by<true>(a, x, out);
    else sum_scale_by<false>(a, x, out);
}

// (a₀ + Σaᵢεᵢ ± ra)(b₀ + Σbᵢεᵢ ± rb). The linear part is exact; of the quadratic part Σᵢⱼ aᵢbⱼεᵢεⱼ, a shared
// symbol's aᵢbᵢεᵢ² lies in [0, aᵢbᵢ] (or [aᵢbᵢ, 0]) because εᵢ² ∈ [0, 1]: that half-range goes into the center
// and the radius, which makes u·(1 - u) exact. The other pairs are bounded by |aᵢ||bⱼ|.
void sum_multiply(const SumForm& a, const SumForm& b, SumForm& out) {
    double error = 0;
    out.center = product_tracked(a.center, b.center, error);
    out.terms.resize(a.terms.size() + b.terms.size(), boost::container::default_init);
    Term* o = out.terms.data();
    double reach_a = 0, reach_b = 0;    // Σ|aᵢ|, Σ|bⱼ| rounded up
    double positive = 0, negative = 0;  // the shared symbols' aᵢbᵢ: positive ones summed up, negative ones down
    double shared = 0;                  // Σ|aᵢbᵢ| over shared symbols, rounded down
    auto i = a.terms.begin(), j = b.terms.begin();
    while (i != a.terms.end() || j != b.terms.end()) {
        if (j == b.terms.end() || (i != a.terms.end() && i->symbol < j->symbol)) {
            reach_a = add_up(reach_a, std::abs(i->coefficient));
            const double c = product_tracked(b.center, i->coefficient, error);
            if (c != 0) *o++ = {i->symbol, c};
            ++i;
        } else if (i == a.terms.end() || j->symbol < i->symbol) {
            reach_b = add_up(reach_b, std::abs(j->coefficient));
            const double c = product_tracked(a.center, j->coefficient, error);
            if (c != 0) *o++ = {j->symbol, c};
            ++j;
        } else {
            reach_a = add_up(reach_a, std::abs(i->coefficient));
            reach_b = add_up(reach_b, std::abs(j->coefficient));
            const double p = product_tracked(b.center, i->coefficient, error);
            const double q = product_tracked(a.center, j->coefficient, error);
            const double c = sum_tracked(p, q, error);
            if (c != 0) *o++ = {i->symbol, c};
            if ((i->coefficient > 0) == (j->coefficient > 0)) {
                positive = add_up(positive, mul_up(i->coefficient, j->coefficient));
            } else {
                negative = add_down(negative, mul_down(i->coefficient, j->coefficient));
            }
            shared = add_down(shared, mul_down(std::abs(i->coefficient), std::abs(j->coefficient)));
            ++i, ++j;
        }
    }
    out.terms.resize(static_cast<std::size_t>(o - out.terms.data()));
    // The quadratic terms of distinct symbols: Σ|aᵢ|·Σ|bⱼ| less the shared symbols' share.
    const double others = std::max(0.0, sub_up(mul_up(reach_a, reach_b), shared));
    const double middle = positive / 2 + negative / 2;
    out.center = sum_tracked(out.center, middle, error);
    const double squares = std::max(sub_up(positive, middle), sub_up(middle, negative));
    double radius = add_up(others, squares);
    radius = add_up(radius, mul_up(add_up(std::abs(a.center), reach_a), b.radius));
    radius = add_up(radius, mul_up(add_up(std::abs(b.center), reach_b), a.radius));
    radius = add_up(radius, mul_up(a.radius, b.radius));
    out.radius = add_up(radius, error);
}

// ---- log forms --------------------------------------------------------------------------------------------

std::pair<double, double> range_of(const LogForm& f) {
    const double r = add_up(reach(f.exponent.terms), f.exponent.radius);
    const double e_low = exp_down(sub_down(f.exponent.center, r));
    const double e_high = exp_up(add_up(f.exponent.center, r));
    if (f.factor > 0) return {mul_down(f.factor, e_low), mul_up(f.factor, e_high)};
    return {mul_down(f.factor, e_high), mul_up(f.factor, e_low)};
}

// A form with no symbol for plain bounds [low, high] that exclude zero.
void log_of_bounds(double low, double high, LogForm& out) {
    const bool negative = high < 0;
    const double lo = negative ? -high : low, hi = negative ? -low : high;
    out.exponent.center = 0;
    out.exponent.terms.clear();
    out.exponent.radius = 0;
    if (lo == hi) {
        out.factor = lo;
    } else {
        // Narrow: any factor inside does, and the radius needs no log. Wide: the geometric mean balances
        // ln(hi / factor) and ln(factor / lo).
        out.factor = hi / lo < 1 + 0x1p-20 ? lo / 2 + hi / 2 : std::clamp(std::sqrt(lo) * std::sqrt(hi), lo, hi);
        out.exponent.radius = std::max(log_ratio_up(hi, out.factor), log_ratio_up(out.factor, lo));
    }
    if (negative) out.factor = -out.factor;
}

// out = a · b (sign +1) or a / b (sign -1): the exponents add or subtract, the factors multiply or divide with
// one rounding, whose relative error goes into the radius. False when the factor leaves the safe range.
bool log_combine(const LogForm& a, const LogForm& b, double sign, LogForm& out) {
    double factor_error = 0;
    out.factor = sign > 0 ? product_tracked(a.factor, b.factor, factor_error) : quotient_tracked(a.factor, b.factor, factor_error);
    if (!usable_factor(out.factor)) return false;
    sum_add(a.exponent, b.exponent, sign, out.exponent);
    if (factor_error != 0) out.exponent.radius = add_up(out.exponent.radius, one_rounding_in_log);
    return true;
}

// out = a · x or a / x for a point x ≠ 0: only the factor changes.
bool log_scale_factor(const LogForm& a, double x, bool divide, LogForm& out) {
    double factor_error = 0;
    out.factor = divide ? quotient_tracked(a.factor, x, factor_error) : product_tracked(a.factor, x, factor_error);
    if (!usable_factor(out.factor)) return false;
    out.exponent = a.exponent;
    if (factor_error != 0) out.exponent.radius = add_up(out.exponent.radius, one_rounding_in_log);
    return true;
}

// (factor · exp(E))^p = factor^p · exp(p·E), for a point exponent p; a negative factor needs a whole p (the
// plain power has already refused other exponents of a negative base).
bool log_power(const LogForm& a, double p, LogForm& out) {
    const double magnitude = std::pow(std::abs(a.factor), p);
    out.factor = a.factor < 0 && std::fmod(p, 2.0) != 0 ? -magnitude : magnitude;
    if (!usable_factor(out.factor)) return false;
    sum_scale(a.exponent, p, false, out.exponent);
    // glibc's pow errs by less than 1 ulp; 4 ulps are allowed.
    if (std::abs(a.factor) != 1) out.exponent.radius = add_up(out.exponent.radius, 2 * one_rounding_in_log);
    return true;
}

// ---- one kind of form from the other --------------------------------------------------------------------

// ln y ≈ α·y + β ± δ for y in [low, high] (0 < low < high), then ln x of the sum form x. ln y - α y is concave: its
// maximum over all y > 0 is -ln α - 1 (at y = 1/α, inside [low, high] for the secant slope α), its minimum over
// [low, high] at an end. Any α gives a valid enclosure; the secant's makes it the narrowest.
bool log_of_sum(const SumForm& s, double low, double high, LogForm& out) {
    const bool negative = high < 0;
    const double lo = negative ? -high : low, hi = negative ? -low : high;
    if (!(lo > 0) || !(lo < hi) || !std::isfinite(hi)) return false;
    const double width = hi - lo;
    const double alpha = std::log1p(width / lo) / width;  // ≈ (ln hi - ln lo) / (hi - lo)
    if (!(alpha > 0) || !std::isfinite(alpha)) return false;
    const double top = add_up(-log_down(alpha), -1.0);
    const double bottom = std::min(sub_down(log_down(lo), mul_up(alpha, lo)), sub_down(log_down(hi), mul_up(alpha, hi)));
    const double beta = bottom / 2 + top / 2;
    const double delta = std::max(sub_up(top, beta), sub_up(beta, bottom));
    // ln |x| = α·(±s) + β ± δ
    sum_scale(s, negative ? -alpha : alpha, false, out.exponent);
    double error = 0;
    out.exponent.center = sum_tracked(out.exponent.center, beta, error);
    out.exponent.radius = add_up(add_up(out.exponent.radius, delta), error);
    out.factor = negative ? -1.0 : 1.0;
    return std::isfinite(out.exponent.center) && std::isfinite(out.exponent.radius);
}

// e^E ≈ α·E + β ± δ for E in [e_low, e_high], then x = factor · e^E as a sum form. e^E - α E is convex: its
// minimum over all E is α - α ln α (at E = ln α), its maximum over [e_low, e_high] at an end.
bool sum_of_log(const LogForm& f, double low, double high, SumForm& out) {
    const SumForm& e = f.exponent;
    const double r = add_up(reach(e.terms), e.radius);
    double e_low = sub_down(e.center, r), e_high = add_up(e.center, r);
    // The value's bounds may be tighter than the form's own range: they narrow the line's interval.
    const double k = f.factor;
    const double y_low = k > 0 ? div_down(low, k) : div_down(high, k);
    const double y_high = k > 0 ? div_up(high, k) : div_up(low, k);
    if (y_low > 0 && std::isfinite(y_high)) {
        e_low = std::max(e_low, log_down(y_low));
        e_high = std::min(e_high, log_up(y_high));
    }
    if (!(e_low < e_high) || !std::isfinite(e_low) || !std::isfinite(e_high)) return false;
    const double span = e_high - e_low;
    const double alpha = std::exp(e_low) * (std::expm1(span) / span);  // ≈ the secant's slope
    if (!(alpha > 0) || !std::isfinite(alpha)) return false;
    const double bottom = sub_down(alpha, mul_up(alpha, log_up(alpha)));
    const double top = std::max(sub_up(exp_up(e_low), mul_down(alpha, e_low)), sub_up(exp_up(e_high), mul_down(alpha, e_high)));
    const double beta = bottom / 2 + top / 2;
    const double delta = std::max(sub_up(top, beta), sub_up(beta, bottom));
    sum_scale(e, alpha, false, out);
    double error = 0;
    out.center = sum_tracked(out.center, beta, error);
    out.radius = add_up(add_up(out.radius, delta), error);
    if (k != 1) sum_scale(out, k, false, out);
    return std::isfinite(out.center) && std::isfinite(out.radius);
}

// ---- symbols ------------------------------------------------------------------------------------------------

// Each Context takes blocks of 2^24 symbols from this process-wide counter, so that values made by different
// Contexts (say, one per evaluation) never share a symbol. 2^40 blocks outlast any process.
std::atomic<std::uint64_t> next_block{1};
constexpr int block_bits = 24;
constexpr std::uint64_t in_block = (std::uint64_t{1} << block_bits) - 1;

// Two symbols at once: an input's sum and log symbols (different functions of the same input), or a value's own
// pair for its sum form's and its log form's errors.
std::uint64_t new_symbol_pair(AffineBounds::Context& context) {
    // A low part of 0 never names a symbol: it marks a Context that has no block yet or has used its block up.
    if ((context.next_symbol & in_block) == 0) {
        context.next_symbol = (next_block.fetch_add(1, std::memory_order_relaxed) << block_bits) + 2;
    }
    const std::uint64_t symbol = context.next_symbol;
    context.next_symbol += 2;
    return symbol;
}

// Inserts a term, keeping the terms sorted by symbol; the symbol is new to the terms.
void put_term(Terms& terms, std::uint64_t symbol, double coefficient) {
    auto at = std::lower_bound(terms.begin(), terms.end(), symbol, [](const Term& t, std::uint64_t s) { return t.symbol < s; });
    terms.insert(at, Term{symbol, coefficient});
}

// Turns a form's radius into a term of the given symbol. Rounding noise only while the terms fit in their inline
// storage (so y = x + 0.1 still gives y - y = 0), and otherwise stays an independent radius: a chain of steps
// would else add a term per step. `scale` is what the radius is small against: the form's magnitude for a sum
// form, 1 for an exponent (whose radius is a relative error).
void own_radius(SumForm& f, std::uint64_t symbol, double scale) {
    if (f.radius > scale * noise || (f.radius > 0 && f.terms.size() < AffineBounds::inline_terms)) {
        put_term(f.terms, symbol, f.radius);
        f.radius = 0;
    }
}

bool excludes_zero(const AffineBounds& v) { return v.low() > 0 || v.high() < 0; }

// The plain bounds of a value as an Interval, to reuse its checks and error sentences.
Interval as_interval(const AffineBounds& v) { return Interval::between(Interval::point(v.low()), Interval::point(v.high()), 0); }

std::string number(double x) { return format_number(x, 3, true); }
// " (column 9)", or " (in the body of "f")" when the evaluator is in a function's body.
std::string at_column(int column) { return Place(column).in_parentheses(); }

}  // namespace

// Builds values: private access for the helpers above. Each step makes the result in place: plain bounds and
// central value first, then the forms it can compute, then finish() intersects and names the radii.
struct AffineBoundsBuilder {
    using Context = AffineBounds::Context;

    static bool has_forms(const AffineBounds& v) { return v.has_sum_ || v.has_log_; }

    static AffineBounds plain(const Bounds& bounds, double central) {
        AffineBounds v;
        v.bounds_ = bounds;
        v.central_ = central;
        return v;
    }

    // With `intersect`, the bounds become the intersection of the plain bounds with the forms' ranges; without,
    // the plain bounds are known to be as tight (one operand had no symbol, so the plain step started from
    // bounds already intersected). A form without symbols says no more than bounds and is dropped, as is a form
    // that overflowed.
    static void finish(Context& context, AffineBounds& v, bool intersect) {
        double low = v.bounds_.lower(), high = v.bounds_.upper();
        double sum_scale_of = 0;
        if (v.has_sum_) {
            const double r = reach(v.sum_.terms);
            const double rr = add_up(r, v.sum_.radius);
            const double l = sub_down(v.sum_.center, rr), h = add_up(v.sum_.center, rr);
            if (!std::isfinite(l) || !std::isfinite(h)) {
                v.has_sum_ = false;
            } else {
                if (intersect) low = std::max(low, l), high = std::min(high, h);
                v.has_sum_ = !v.sum_.terms.empty();
                sum_scale_of = std::abs(v.sum_.center) + r;
            }
        }
        if (v.has_log_) {
            const SumForm& e = v.log_.exponent;
            if (!std::isfinite(e.center) || !std::isfinite(e.radius) || !usable_factor(v.log_.factor)) {
                v.has_log_ = false;
            } else {
                if (intersect) {
                    const auto [l, h] = range_of(v.log_);
                    if (!std::isnan(l) && !std::isnan(h)) low = std::max(low, l), high = std::min(high, h);
                }
                v.has_log_ = !e.terms.empty();
            }
        }
        if (!(low <= high)) {
            // Two guaranteed enclosures of one value always meet; should a bug make them disjoint, the plain bounds
            // are kept rather than an empty or wrong range.
            assert(false && "disjoint enclosures");
            v.has_sum_ = v.has_log_ = false;
        } else if (intersect) {
            v.bounds_ = Bounds(low, high);
        }
        if (v.has_sum_ || v.has_log_) {
            // The radii become terms of the value's own symbols: used twice, the value cancels exactly.
            v.self_ = new_symbol_pair(context);
            if (v.has_sum_) own_radius(v.sum_, v.self_, sum_scale_of);
            if (v.has_log_) own_radius(v.log_.exponent, v.self_ + 1, 1.0);
        }
    }

    // The value's sum form: its own, or one derived from its log form, or one without symbols from its bounds.
    static const SumForm& sum_of(const AffineBounds& v, SumForm& scratch) {
        if (v.has_sum_) return v.sum_;
        if (!(v.has_log_ && sum_of_log(v.log_, v.low(), v.high(), scratch))) sum_of_bounds(v.low(), v.high(), scratch);
        // The approximation error is a function of the value alone: a term of its own symbol, the same in every
        // derivation, so the value still cancels against itself.
        if (v.self_ != 0) own_radius(scratch, v.self_, std::abs(scratch.center) + reach(scratch.terms));
        return scratch;
    }

    // The value's log form; only for a value whose bounds exclude zero.
    static const LogForm& log_of(const AffineBounds& v, LogForm& scratch) {
        if (v.has_log_) return v.log_;
        if (!(v.has_sum_ && log_of_sum(v.sum_, v.low(), v.high(), scratch))) log_of_bounds(v.low(), v.high(), scratch);
        if (v.self_ != 0) own_radius(scratch.exponent, v.self_ + 1, 1.0);
        return scratch;
    }

    // A new uncertain input over [low, high] with the given central value.
    static AffineBounds input(Context& context, double low, double high, double central) {
        AffineBounds v = plain(Bounds(low, high), central);
        if (low == high) return v;
        const std::uint64_t symbol = new_symbol_pair(context);
        // x = center + half·ε covers [low, high]; no radius, since every x in [low, high] is center + half·ε for
        // some ε in [-1, 1]: the same input used twice then cancels exactly.
        sum_of_bounds(low, high, v.sum_);
        v.sum_.terms.push_back({symbol, v.sum_.radius});
        v.sum_.radius = 0;
        v.has_sum_ = true;
        if (low > 0 || high < 0) {
            log_of_bounds(low, high, v.log_);
            v.log_.exponent.terms.push_back({symbol + 1, v.log_.exponent.radius});
            v.log_.exponent.radius = 0;
            v.has_log_ = true;
        }
        finish(context, v, false);
        return v;
    }

    // a · x or a / x for a point x that is not zero: both forms scale exactly but for rounding.
    static void scaled(Context& context, const AffineBounds& a, double x, bool divide, AffineBounds& v) {
        if (a.has_sum_) sum_scale(a.sum_, x, divide, v.sum_), v.has_sum_ = true;
        if (a.has_log_) v.has_log_ = log_scale_factor(a.log_, x, divide, v.log_);
        finish(context, v, false);
    }

    static AffineBounds with_central(const AffineBounds& a, double central) {
        AffineBounds v = a;
        v.central_ = central;
        return v;
    }

    static AffineBounds negated(Context& context, const AffineBounds& a) {
        AffineBounds v = a;
        if (has_forms(a)) v.self_ = new_symbol_pair(context);  // -a is another value: its own errors are others
        v.bounds_ = -a.bounds_;
        v.central_ = -a.central_;
        if (v.has_sum_) {
            v.sum_.center = -v.sum_.center;
            for (Term& t : v.sum_.terms) t.coefficient = -t.coefficient;
        }
        if (v.has_log_) v.log_.factor = -v.log_.factor;
        return v;
    }

    static AffineBounds add(Context& context, const AffineBounds& a, const AffineBounds& b, double sign) {
        AffineBounds v = plain(sign > 0 ? a.bounds_ + b.bounds_ : a.bounds_ - b.bounds_,
                               sign > 0 ? a.central_ + b.central_ : a.central_ - b.central_);
        const bool forms_a = has_forms(a), forms_b = has_forms(b);
        if (!forms_a && !forms_b) return v;
        SumForm scratch_a, scratch_b;
        sum_add(sum_of(a, scratch_a), sum_of(b, scratch_b), sign, v.sum_);
        v.has_sum_ = true;
        finish(context, v, forms_a && forms_b);
        return v;
    }

    static AffineBounds multiply(Context& context, const AffineBounds& a, const AffineBounds& b) {
        AffineBounds v = plain(a.bounds_ * b.bounds_, a.central_ * b.central_);
        const bool forms_a = has_forms(a), forms_b = has_forms(b);
        if (!forms_a && !forms_b) return v;
        if (!forms_b && b.is_point()) {
            if (b.low() != 0) scaled(context, a, b.low(), false, v);
            return v;
        }
        if (!forms_a && a.is_point()) {
            if (a.low() != 0) scaled(context, b, a.low(), false, v);
            return v;
        }
        if (excludes_zero(a) && excludes_zero(b)) {
            LogForm scratch_a, scratch_b;
            v.has_log_ = log_combine(log_of(a, scratch_a), log_of(b, scratch_b), 1, v.log_);
        }
        // A product of sums keeps a sum form (u·(1 - u) is exact there); a product of products is left to its log
        // form, from which a sum form is derived when one is needed.
        const bool sums = (a.has_sum_ || !a.has_log_) && (b.has_sum_ || !b.has_log_);
        if (!v.has_log_ || sums) {
            SumForm scratch_a, scratch_b;
            sum_multiply(sum_of(a, scratch_a), sum_of(b, scratch_b), v.sum_);
            v.has_sum_ = true;
        }
        finish(context, v, forms_a && forms_b);
        return v;
    }

    static AffineBounds divide(Context& context, const AffineBounds& a, const AffineBounds& b, int column) {
        // Interval's division checks the divisor and words the errors.
        if (b.low() <= 0 && b.high() >= 0) Interval::divide(as_interval(a), as_interval(b), column);
        AffineBounds v = plain(a.bounds_ / b.bounds_, a.central_ / b.central_);
        const bool forms_a = has_forms(a), forms_b = has_forms(b);
        if (!forms_a && !forms_b) return v;
        if (!forms_b && b.is_point()) {
            scaled(context, a, b.low(), true, v);
            return v;
        }
        if (!forms_a && a.is_point() && a.low() == 0) return v;
        LogForm scratch_b;
        const LogForm& log_b = log_of(b, scratch_b);
        if (excludes_zero(a)) {
            LogForm scratch_a;
            v.has_log_ = log_combine(log_of(a, scratch_a), log_b, -1, v.log_);
        }
        if (!v.has_log_) {
            // a / b = a · (1 / b), with 1 / b's sum form from its log form, which is exact.
            const Bounds reciprocal_bounds = Bounds(1.0) / b.bounds_;
            LogForm reciprocal;
            SumForm reciprocal_sum, scratch_a;
            if (!(log_combine(LogForm{}, log_b, -1, reciprocal) &&
                  sum_of_log(reciprocal, reciprocal_bounds.lower(), reciprocal_bounds.upper(), reciprocal_sum))) {
                sum_of_bounds(reciprocal_bounds.lower(), reciprocal_bounds.upper(), reciprocal_sum);
            }
            sum_multiply(sum_of(a, scratch_a), reciprocal_sum, v.sum_);
            v.has_sum_ = true;
        }
        finish(context, v, forms_a && forms_b);
        return v;
    }

    static AffineBounds power(Context& context, const AffineBounds& base, double p, int column) {
        const Interval plain_power = Interval::power(as_interval(base), p, column);  // its checks and sentences
        AffineBounds v = plain(Bounds(plain_power.low(), plain_power.high()), std::pow(base.central_, p));
        if (!has_forms(base) || p == 0) return v;
        if (p == 1) {
            const Bounds bounds = v.bounds_;
            v = base;
            v.bounds_ = bounds;
            v.central_ = std::pow(base.central_, p);
            return v;
        }
        // The plain power of the bounds is the exact range of t^p over them: no form can be tighter, so no
        // intersection below.
        if (excludes_zero(base)) {
            LogForm scratch;
            v.has_log_ = log_power(log_of(base, scratch), p, v.log_);
            finish(context, v, false);
        return v;
        }
        // A base that can be zero or change sign: whole powers by repeated products of sum forms (x² keeps the
        // εᵢ² refinement); other powers by the plain bounds alone.
        if (p == std::round(p) && p >= 2 && p <= 16) {
            SumForm scratch;
            const SumForm& x = sum_of(base, scratch);
            SumForm square = x, next;
            bool first = true;
            for (int n = static_cast<int>(p); n > 0; n >>= 1) {
                if (n & 1) {
                    if (first) {
                        v.sum_ = square;
                    } else {
                        sum_multiply(v.sum_, square, next);
                        std::swap(v.sum_, next);
                    }
                    first = false;
                }
                if (n > 1) {
                    sum_multiply(square, square, next);
                    std::swap(square, next);
                }
            }
            v.has_sum_ = true;
            finish(context, v, false);
        return v;
        }
        return v;
    }

    static AffineBounds exp(Context& context, const AffineBounds& a) {
        Interval::Context plain_context;
        const Interval plain_exp = Interval::exp(plain_context, as_interval(a), 0);
        AffineBounds v = plain(Bounds(plain_exp.low(), plain_exp.high()), std::exp(a.central_));
        if (!has_forms(a)) return v;
        // exp of a sum form is a log form with factor 1, exactly.
        SumForm scratch;
        v.log_.factor = 1;
        v.log_.exponent = sum_of(a, scratch);
        v.has_log_ = true;
        finish(context, v, false);
        return v;
    }

    static AffineBounds log(Context& context, const AffineBounds& a) {
        Interval::Context plain_context;
        const Interval plain_log = Interval::log(plain_context, as_interval(a), 0);
        AffineBounds v = plain(Bounds(plain_log.low(), plain_log.high()), std::log(a.central_));
        if (!has_forms(a)) return v;
        // ln of a log form is a sum form: ln|factor| + the exponent.
        LogForm scratch;
        const LogForm& l = log_of(a, scratch);
        v.sum_ = l.exponent;
        if (l.factor != 1) {
            double error = 0;
            v.sum_.center = sum_tracked(v.sum_.center, std::log(l.factor), error);
            error = add_up(error, sub_up(log_up(l.factor), log_down(l.factor)));  // the error of log itself
            v.sum_.radius = add_up(v.sum_.radius, error);
        }
        v.has_sum_ = true;
        finish(context, v, false);
        return v;
    }

    static AffineBounds extreme(const AffineBounds& a, const AffineBounds& b, bool smaller) {
        const double central = smaller ? std::min(a.central_, b.central_) : std::max(a.central_, b.central_);
        // When the bounds settle which is smaller, the result is that operand, dependencies and all.
        if (a.high() <= b.low()) return with_central(smaller ? a : b, central);
        if (b.high() <= a.low()) return with_central(smaller ? b : a, central);
        return plain(smaller ? boost::numeric::min(a.bounds_, b.bounds_) : boost::numeric::max(a.bounds_, b.bounds_), central);
    }

    static AffineBounds absolute(Context& context, const AffineBounds& a) {
        const double central = std::abs(a.central_);
        if (a.low() >= 0) return with_central(a, central);
        if (a.high() <= 0) return with_central(negated(context, a), central);
        return plain(boost::numeric::abs(a.bounds_), central);
    }
};

using B = AffineBoundsBuilder;

AffineBounds AffineBounds::point(double x) { return B::plain(Bounds(x), x); }

AffineBounds AffineBounds::literal(double nearest, double low, double high) { return B::plain(Bounds(low, high), nearest); }

// Ends that differ only by rounding (a cell =0.1+0.2 beside 0.3) are one number written two ways, in either order;
// the hull of both keeps enclosing each.
AffineBounds AffineBounds::between(Context& context, const AffineBounds& a, const AffineBounds& b, int column) {
    if (a.low() > b.high() && !within_rounding(a.low(), b.high())) {
        fail(ErrorKind::range_order, "A range must go from low to high, but " + number(a.central()) + " to " + number(b.central()) + " goes down.",
             column, "Swap the two ends.");
    }
    return B::input(context, std::min(a.low(), b.low()), std::max(a.high(), b.high()), a.central_ / 2 + b.central_ / 2);
}

AffineBounds AffineBounds::between3(Context& context, const AffineBounds& low, const AffineBounds& central,
                                    const AffineBounds& high, int column) {
    if (low.low() > high.high() && !within_rounding(low.low(), high.high())) {
        fail(ErrorKind::range_order, "A range must go from low to high, but its bounds [" + number(low.central()) + ", " + number(high.central()) +
                 "] go down" + at_column(column) + ".",
             column, "Swap the two bounds.");
    }
    double lo = std::min(low.low(), high.low()), hi = std::max(low.high(), high.high());
    const double c = central.central();
    if (!((c >= lo || within_rounding(c, lo)) && (c <= hi || within_rounding(c, hi)))) {
        fail(ErrorKind::range_order, "The central value " + number(c) + " lies outside its bounds [" + number(lo) + ", " + number(hi) + "]" +
                 at_column(column) + ".",
             column);
    }
    lo = std::min(lo, c);
    hi = std::max(hi, c);
    return B::input(context, lo, hi, c);
}

AffineBounds AffineBounds::add(Context& context, const AffineBounds& a, const AffineBounds& b) { return B::add(context, a, b, 1); }

AffineBounds AffineBounds::subtract(Context& context, const AffineBounds& a, const AffineBounds& b) {
    return B::add(context, a, b, -1);
}

AffineBounds AffineBounds::multiply(Context& context, const AffineBounds& a, const AffineBounds& b) {
    return B::multiply(context, a, b);
}

AffineBounds AffineBounds::negate(Context& context, const AffineBounds& a) { return B::negated(context, a); }

AffineBounds AffineBounds::divide(Context& context, const AffineBounds& a, const AffineBounds& b, int column) {
    return B::divide(context, a, b, column);
}

AffineBounds AffineBounds::power(Context& context, const AffineBounds& base, double exponent, int column) {
    return B::power(context, base, exponent, column);
}

AffineBounds AffineBounds::absolute(Context& context, const AffineBounds& a) { return B::absolute(context, a); }

AffineBounds AffineBounds::minimum(Context&, const AffineBounds& a, const AffineBounds& b) { return B::extreme(a, b, true); }

AffineBounds AffineBounds::maximum(Context&, const AffineBounds& a, const AffineBounds& b) { return B::extreme(a, b, false); }

AffineBounds AffineBounds::exp(Context& context, const AffineBounds& a, int) { return B::exp(context, a); }

AffineBounds AffineBounds::log(Context& context, const AffineBounds& a, int column) {
    if (!(a.low() > 0)) {
        fail(ErrorKind::domain, "A logarithm needs a value above zero, but this one can be as low as " + number(a.low()) + at_column(column) + ".",
             column);
    }
    return B::log(context, a);
}

AffineBounds AffineBounds::law(Context& context, const Law& law, int column) {
    if (!law.bounded()) law.refuse_bounds(column);
    return B::input(context, law.outer_low, law.outer_high, law.central);
}

double AffineBounds::central() const {
    // std::clamp would hide a NaN central behind a bound; is_finite must still see it.
    if (central_ < low()) return low();
    if (central_ > high()) return high();
    return central_;
}

bool AffineBounds::is_finite() const { return std::isfinite(low()) && std::isfinite(high()) && std::isfinite(central_); }

}  // namespace ballpark
