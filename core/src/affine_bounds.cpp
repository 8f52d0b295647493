#include "affine_bounds.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "ballpark/format.hpp"

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
// glibc documents at most 1 ulp of error for exp, log and pow on x86-64; two ulps leave a margin.
constexpr int libm_ulps = 2;

// ---- outward rounding -------------------------------------------------------------------------------------

double add_up(double x, double y) { return ErrorFreeRounding().add_up(x, y); }
double add_down(double x, double y) { return ErrorFreeRounding().add_down(x, y); }
double sub_up(double x, double y) { return ErrorFreeRounding().sub_up(x, y); }
double sub_down(double x, double y) { return ErrorFreeRounding().sub_down(x, y); }
double mul_up(double x, double y) { return ErrorFreeRounding().mul_up(x, y); }
double mul_down(double x, double y) { return ErrorFreeRounding().mul_down(x, y); }
double div_up(double x, double y) { return ErrorFreeRounding().div_up(x, y); }
double div_down(double x, double y) { return ErrorFreeRounding().div_down(x, y); }

double step(double x, double toward, int times) {
    for (int k = 0; k < times; ++k) x = std::nextafter(x, toward);
    return x;
}
double log_down(double x) { return x == 1 ? 0.0 : step(std::log(x), -inf, libm_ulps); }
double log_up(double x) { return x == 1 ? 0.0 : step(std::log(x), inf, libm_ulps); }
double exp_down(double x) { return x == 0 ? 1.0 : std::max(0.0, step(std::exp(x), -inf, libm_ulps)); }
double exp_up(double x) { return x == 0 ? 1.0 : step(std::exp(x), inf, libm_ulps); }

// An upper bound of ln(p / q) for p ≥ q > 0. Close to 1 the bound ln(1 + t) ≤ t needs no call to log.
double log_ratio_up(double p, double q) {
    const double ratio = div_up(p, q);
    const double t = sub_up(ratio, 1.0);
    return t < 0x1p-20 ? std::max(t, 0.0) : log_up(ratio);
}

// ---- error-free steps: the exact rounding error of each step is added (rounded up) to `error` ---------------

double sum_tracked(double x, double y, double& error) {
    const double s = x + y;
    const double yy = s - x;
    const double e = (x - (s - yy)) + (y - yy);  // TwoSum: exact for finite x, y; NaN after an overflow
    if (e != 0 || !std::isfinite(s)) error = add_up(error, std::isfinite(s) ? std::abs(e) : inf);
    return s;
}

double product_tracked(double x, double y, double& error) {
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

double quotient_tracked(double x, double y, double& error) {
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

// The sum of |cᵢ| over the terms plus the radius, rounded up: how far a form reaches from its center.
double reach(const Terms& terms, double radius) {
    double r = radius;
    for (const Term& t : terms) r = add_up(r, std::abs(t.coefficient));
    return r;
}

// A nonzero factor close enough to 1 in magnitude that products of a few of them neither overflow nor lose
// precision in the subnormal range.
bool usable_factor(double k) { return std::abs(k) > 0x1p-900 && std::abs(k) < 0x1p900; }

// ---- sum forms --------------------------------------------------------------------------------------------

std::pair<double, double> range_of(const SumForm& f) {
    const double r = reach(f.terms, f.radius);
    return {sub_down(f.center, r), add_up(f.center, r)};
}

// A form with no symbol for plain bounds [low, high].
SumForm sum_of_bounds(double low, double high) {
    SumForm f;
    if (low == high) {
        f.center = low;
        return f;
    }
    f.center = low / 2 + high / 2;  // halves first: low + high may overflow
    f.radius = std::max(sub_up(high, f.center), sub_up(f.center, low));
    return f;
}

// a + sign·b with sign ±1: negating and adding are exact but for the one rounding of each sum.
SumForm sum_add(const SumForm& a, const SumForm& b, double sign) {
    SumForm out;
    double error = 0;
    out.center = sum_tracked(a.center, sign * b.center, error);
    out.terms.reserve(a.terms.size() + b.terms.size());
    auto i = a.terms.begin(), j = b.terms.begin();
    while (i != a.terms.end() || j != b.terms.end()) {
        if (j == b.terms.end() || (i != a.terms.end() && i->symbol < j->symbol)) {
            out.terms.push_back(*i++);
        } else if (i == a.terms.end() || j->symbol < i->symbol) {
            out.terms.push_back({j->symbol, sign * j->coefficient});
            ++j;
        } else {
            const double c = sum_tracked(i->coefficient, sign * j->coefficient, error);
            if (c != 0) out.terms.push_back({i->symbol, c});  // x - x: the symbol is gone
            ++i, ++j;
        }
    }
    out.radius = add_up(add_up(a.radius, b.radius), error);
    return out;
}

SumForm sum_scale(const SumForm& a, double x) {
    SumForm out;
    double error = 0;
    out.center = product_tracked(a.center, x, error);
    out.terms.reserve(a.terms.size());
    for (const Term& t : a.terms) {
        const double c = product_tracked(t.coefficient, x, error);
        if (c != 0) out.terms.push_back({t.symbol, c});
    }
    out.radius = add_up(mul_up(a.radius, std::abs(x)), error);
    return out;
}

SumForm sum_divide_by(const SumForm& a, double x) {
    SumForm out;
    double error = 0;
    out.center = quotient_tracked(a.center, x, error);
    out.terms.reserve(a.terms.size());
    for (const Term& t : a.terms) {
        const double c = quotient_tracked(t.coefficient, x, error);
        if (c != 0) out.terms.push_back({t.symbol, c});
    }
    out.radius = add_up(div_up(a.radius, std::abs(x)), error);
    return out;
}

// (a₀ + Σaᵢεᵢ ± ra)(b₀ + Σbᵢεᵢ ± rb). The linear part is exact; of the quadratic part Σᵢⱼ aᵢbⱼεᵢεⱼ, a shared
// symbol's aᵢbᵢεᵢ² lies in [0, aᵢbᵢ] (or [aᵢbᵢ, 0]) because εᵢ² ∈ [0, 1]: that half-range goes into the center
// and the radius, which makes u·(1 - u) exact. The other pairs are bounded by |aᵢ||bⱼ|.
SumForm sum_multiply(const SumForm& a, const SumForm& b) {
    SumForm out;
    double error = 0;
    out.center = product_tracked(a.center, b.center, error);
    out.terms.reserve(a.terms.size() + b.terms.size());
    double reach_a = 0, reach_b = 0;           // Σ|aᵢ|, Σ|bⱼ| rounded up
    double positive = 0, negative = 0;         // the shared symbols' aᵢbᵢ: sums of positive ones up, negative down
    double shared = 0;                         // Σ|aᵢbᵢ| over shared symbols, rounded down
    auto i = a.terms.begin(), j = b.terms.begin();
    while (i != a.terms.end() || j != b.terms.end()) {
        if (j == b.terms.end() || (i != a.terms.end() && i->symbol < j->symbol)) {
            reach_a = add_up(reach_a, std::abs(i->coefficient));
            const double c = product_tracked(b.center, i->coefficient, error);
            if (c != 0) out.terms.push_back({i->symbol, c});
            ++i;
        } else if (i == a.terms.end() || j->symbol < i->symbol) {
            reach_b = add_up(reach_b, std::abs(j->coefficient));
            const double c = product_tracked(a.center, j->coefficient, error);
            if (c != 0) out.terms.push_back({j->symbol, c});
            ++j;
        } else {
            reach_a = add_up(reach_a, std::abs(i->coefficient));
            reach_b = add_up(reach_b, std::abs(j->coefficient));
            const double p = product_tracked(b.center, i->coefficient, error);
            const double q = product_tracked(a.center, j->coefficient, error);
            const double c = sum_tracked(p, q, error);
            if (c != 0) out.terms.push_back({i->symbol, c});
            if ((i->coefficient > 0) == (j->coefficient > 0)) {
                positive = add_up(positive, mul_up(i->coefficient, j->coefficient));
            } else {
                negative = add_down(negative, mul_down(i->coefficient, j->coefficient));
            }
            shared = add_down(shared, mul_down(std::abs(i->coefficient), std::abs(j->coefficient)));
            ++i, ++j;
        }
    }
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
    return out;
}

// ---- log forms --------------------------------------------------------------------------------------------

std::pair<double, double> range_of(const LogForm& f) {
    const double r = reach(f.terms, f.radius);
    const double e_low = exp_down(sub_down(f.center, r));
    const double e_high = exp_up(add_up(f.center, r));
    if (f.factor > 0) return {mul_down(f.factor, e_low), mul_up(f.factor, e_high)};
    return {mul_down(f.factor, e_high), mul_up(f.factor, e_low)};
}

// A form with no symbol for plain bounds [low, high] that exclude zero.
LogForm log_of_bounds(double low, double high) {
    LogForm f;
    const bool negative = high < 0;
    const double lo = negative ? -high : low, hi = negative ? -low : high;
    if (lo == hi) {
        f.factor = lo;
    } else if (hi / lo < 1 + 0x1p-20) {
        f.factor = lo / 2 + hi / 2;  // narrow: any factor inside does, and the radius needs no log
        f.radius = std::max(log_ratio_up(hi, f.factor), log_ratio_up(f.factor, lo));
    } else {
        // The geometric mean balances ln(hi / factor) and ln(factor / lo).
        f.factor = std::clamp(std::sqrt(lo) * std::sqrt(hi), lo, hi);
        f.radius = std::max(log_ratio_up(hi, f.factor), log_ratio_up(f.factor, lo));
    }
    if (negative) f.factor = -f.factor;
    return f;
}

// The product (sign +1) or quotient (sign -1) of two log forms: the exponents add or subtract, the factors
// multiply or divide with one rounding, whose relative error goes into the radius.
std::optional<LogForm> log_combine(const LogForm& a, const LogForm& b, double sign) {
    double factor_error = 0;
    const double factor = sign > 0 ? product_tracked(a.factor, b.factor, factor_error)
                                   : quotient_tracked(a.factor, b.factor, factor_error);
    if (!usable_factor(factor)) return std::nullopt;
    const SumForm exponent = sum_add(SumForm{a.center, a.terms, a.radius}, SumForm{b.center, b.terms, b.radius}, sign);
    LogForm out{factor, exponent.center, exponent.terms, exponent.radius};
    if (factor_error != 0) out.radius = add_up(out.radius, one_rounding_in_log);
    return out;
}

std::optional<LogForm> log_scale_factor(const LogForm& a, double x, bool divide) {
    double factor_error = 0;
    LogForm out = a;
    out.factor = divide ? quotient_tracked(a.factor, x, factor_error) : product_tracked(a.factor, x, factor_error);
    if (!usable_factor(out.factor)) return std::nullopt;
    if (factor_error != 0) out.radius = add_up(out.radius, one_rounding_in_log);
    return out;
}

// (factor · exp(E))^p = factor^p · exp(p·E), for a point exponent p; a negative factor needs a whole p (the
// plain power has already refused other exponents of a negative base).
std::optional<LogForm> log_power(const LogForm& a, double p) {
    const SumForm exponent = sum_scale(SumForm{a.center, a.terms, a.radius}, p);
    const double magnitude = std::pow(std::abs(a.factor), p);
    const bool odd = a.factor < 0 && std::fmod(p, 2.0) != 0;
    const double factor = odd ? -magnitude : magnitude;
    if (!usable_factor(factor)) return std::nullopt;
    LogForm out{factor, exponent.center, exponent.terms, exponent.radius};
    if (std::abs(a.factor) != 1) out.radius = add_up(out.radius, libm_ulps * 0x1p-52);
    return out;
}

// ---- one kind of form from the other --------------------------------------------------------------------

// ln y ≈ α·y + β ± δ for y in [low, high] (0 < low < high), then ln x of the sum form x. ln y - α y is concave: its
// maximum over all y > 0 is -ln α - 1 (at y = 1/α, inside [low, high] for the secant slope α), its minimum over
// [low, high] at an end. Any α gives a valid enclosure; the secant's makes it the narrowest.
std::optional<LogForm> log_of_sum(const SumForm& s, double low, double high) {
    const bool negative = high < 0;
    const double lo = negative ? -high : low, hi = negative ? -low : high;
    if (!(lo > 0) || !(lo < hi) || !std::isfinite(hi)) return std::nullopt;
    const double width = hi - lo;
    const double alpha = std::log1p(width / lo) / width;  // ≈ (ln hi - ln lo) / (hi - lo)
    if (!(alpha > 0) || !std::isfinite(alpha)) return std::nullopt;
    const double top = add_up(-log_down(alpha), -1.0);
    const double bottom = std::min(sub_down(log_down(lo), mul_up(alpha, lo)), sub_down(log_down(hi), mul_up(alpha, hi)));
    const double beta = bottom / 2 + top / 2;
    const double delta = std::max(sub_up(top, beta), sub_up(beta, bottom));
    // ln y = α·(±s) + β ± δ
    const SumForm scaled = sum_scale(s, negative ? -alpha : alpha);
    LogForm out;
    out.factor = negative ? -1.0 : 1.0;
    double error = 0;
    out.center = sum_tracked(scaled.center, beta, error);
    out.terms = scaled.terms;
    out.radius = add_up(add_up(scaled.radius, delta), error);
    if (!std::isfinite(out.center) || !std::isfinite(out.radius)) return std::nullopt;
    return out;
}

// e^E ≈ α·E + β ± δ for E in [e_low, e_high], then x = factor · e^E as a sum form. e^E - α E is convex: its
// minimum over all E is α - α ln α (at E = ln α), its maximum over [e_low, e_high] at an end.
std::optional<SumForm> sum_of_log(const LogForm& f, double low, double high) {
    const double r = reach(f.terms, f.radius);
    double e_low = sub_down(f.center, r), e_high = add_up(f.center, r);
    // The value's bounds may be tighter than the form's own range: they narrow the line's interval.
    const double k = f.factor;
    const double y_low = k > 0 ? div_down(low, k) : div_down(high, k);
    const double y_high = k > 0 ? div_up(high, k) : div_up(low, k);
    if (y_low > 0 && std::isfinite(y_high)) {
        e_low = std::max(e_low, log_down(y_low));
        e_high = std::min(e_high, log_up(y_high));
    }
    if (!(e_low < e_high) || !std::isfinite(e_low) || !std::isfinite(e_high)) return std::nullopt;
    const double span = e_high - e_low;
    const double alpha = std::exp(e_low) * (std::expm1(span) / span);  // ≈ the secant's slope
    if (!(alpha > 0) || !std::isfinite(alpha)) return std::nullopt;
    const double bottom = sub_down(alpha, mul_up(alpha, log_up(alpha)));
    const double top = std::max(sub_up(exp_up(e_low), mul_down(alpha, e_low)), sub_up(exp_up(e_high), mul_down(alpha, e_high)));
    const double beta = bottom / 2 + top / 2;
    const double delta = std::max(sub_up(top, beta), sub_up(beta, bottom));
    SumForm y = sum_scale(SumForm{f.center, f.terms, f.radius}, alpha);
    double error = 0;
    y.center = sum_tracked(y.center, beta, error);
    y.radius = add_up(add_up(y.radius, delta), error);
    SumForm x = k == 1 ? std::move(y) : sum_scale(y, k);
    if (!std::isfinite(x.center) || !std::isfinite(x.radius)) return std::nullopt;
    return x;
}

// ---- symbols ------------------------------------------------------------------------------------------------

// Each Context takes blocks of 2^24 symbols from this process-wide counter, so that values made by different
// Contexts (say, one per evaluation) never share a symbol. 2^40 blocks outlast any process.
std::atomic<std::uint64_t> next_block{1};
constexpr int block_bits = 24;
constexpr std::uint64_t in_block = (std::uint64_t{1} << block_bits) - 1;

// Two symbols per input: its sum form's and its log form's (different functions of the same input).
std::uint64_t new_symbol_pair(AffineBounds::Context& context) {
    // A low half of 0 never names a symbol: it marks a Context that has no block yet or has used its block up.
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

bool excludes_zero(const AffineBounds& v) { return v.low() > 0 || v.high() < 0; }

// The plain bounds of a value as an Interval, to reuse its checks and error sentences.
Interval as_interval(const AffineBounds& v) { return Interval::between(Interval::point(v.low()), Interval::point(v.high()), 0); }

std::string number(double x) { return format_number(x, 3, true); }
std::string at_column(int column) { return " (column " + std::to_string(column) + ")"; }

}  // namespace

// Builds values: private access for the helpers above.
struct AffineBoundsBuilder {
    static bool has_forms(const AffineBounds& v) { return v.has_sum_ || v.has_log_; }

    static AffineBounds plain(const Bounds& bounds, double central) {
        AffineBounds v;
        v.bounds_ = bounds;
        v.central_ = central;
        return v;
    }

    // A value from its plain bounds and its forms. With `intersect`, the bounds become the intersection with the
    // forms' ranges; without, the plain bounds are known to be as tight (one operand had no symbol, so the plain
    // step started from bounds already intersected). A form without symbols says no more than bounds and is
    // dropped, as is a form that overflowed.
    static AffineBounds make(AffineBounds::Context& context, const Bounds& bounds, double central,
                             std::optional<SumForm> sum, std::optional<LogForm> log, bool intersect) {
        AffineBounds v;
        v.central_ = central;
        double low = bounds.lower(), high = bounds.upper();
        if (sum) {
            const auto [l, h] = range_of(*sum);
            if (!std::isfinite(l) || !std::isfinite(h) || !std::isfinite(sum->center)) {
                sum.reset();
            } else if (intersect) {
                low = std::max(low, l);
                high = std::min(high, h);
            }
        }
        if (log && intersect) {
            const auto [l, h] = range_of(*log);
            if (std::isnan(l) || std::isnan(h)) {
                log.reset();
            } else {
                low = std::max(low, l);
                high = std::min(high, h);
            }
        }
        if (!(low <= high)) {
            // Two guaranteed enclosures of one value always meet; should a bug make them disjoint, the plain bounds
            // are kept rather than an empty or wrong range.
            assert(false && "disjoint enclosures");
            low = bounds.lower(), high = bounds.upper();
            sum.reset(), log.reset();
        }
        v.bounds_ = Bounds(low, high);
        if (sum && !sum->terms.empty()) v.sum_ = std::move(*sum), v.has_sum_ = true;
        if (log && !log->terms.empty() && std::isfinite(log->center) && std::isfinite(log->radius)) {
            v.log_ = std::move(*log), v.has_log_ = true;
        }
        if (v.has_sum_ || v.has_log_) {
            // The radii become terms of the value's own symbols: used twice, the value cancels exactly.
            v.self_ = new_symbol_pair(context);
            if (v.has_sum_ && v.sum_.radius > 0) put_term(v.sum_.terms, v.self_, v.sum_.radius), v.sum_.radius = 0;
            if (v.has_log_ && v.log_.radius > 0) put_term(v.log_.terms, v.self_ + 1, v.log_.radius), v.log_.radius = 0;
        }
        return v;
    }

    // The value's sum form: its own, or one derived from its log form, or one without symbols from its bounds.
    static const SumForm& sum_of(const AffineBounds& v, SumForm& scratch) {
        if (v.has_sum_) return v.sum_;
        std::optional<SumForm> derived;
        if (v.has_log_) derived = sum_of_log(v.log_, v.low(), v.high());
        scratch = derived ? std::move(*derived) : sum_of_bounds(v.low(), v.high());
        // The approximation error is a function of the value alone: a term of its own symbol, the same in every
        // derivation, so the value still cancels against itself.
        if (v.self_ != 0 && scratch.radius > 0) put_term(scratch.terms, v.self_, scratch.radius), scratch.radius = 0;
        return scratch;
    }

    // The value's log form; only for a value whose bounds exclude zero.
    static const LogForm& log_of(const AffineBounds& v, LogForm& scratch) {
        if (v.has_log_) return v.log_;
        std::optional<LogForm> derived;
        if (v.has_sum_) derived = log_of_sum(v.sum_, v.low(), v.high());
        scratch = derived ? std::move(*derived) : log_of_bounds(v.low(), v.high());
        if (v.self_ != 0 && scratch.radius > 0) put_term(scratch.terms, v.self_ + 1, scratch.radius), scratch.radius = 0;
        return scratch;
    }

    // A new uncertain input over [low, high] with the given central value.
    static AffineBounds input(AffineBounds::Context& context, double low, double high, double central) {
        const Bounds bounds(low, high);
        if (low == high) return plain(bounds, central);
        const std::uint64_t symbol = new_symbol_pair(context);
        // x = center + half·ε covers [low, high]; no radius, since every x in [low, high] is center + half·ε for
        // some ε in [-1, 1]: the same input used twice then cancels exactly.
        SumForm sum = sum_of_bounds(low, high);
        sum.terms.push_back({symbol, sum.radius});
        sum.radius = 0;
        std::optional<LogForm> log;
        if (low > 0 || high < 0) {
            log = log_of_bounds(low, high);
            log->terms.push_back({symbol + 1, log->radius});
            log->radius = 0;
        }
        return make(context, bounds, central, std::move(sum), std::move(log), false);
    }

    // a · x or a / x for a point x that is not zero: both forms scale exactly but for rounding.
    static AffineBounds scaled(AffineBounds::Context& context, const AffineBounds& a, double x, bool divide, const Bounds& bounds, double central) {
        std::optional<SumForm> sum;
        std::optional<LogForm> log;
        if (a.has_sum_) sum = divide ? sum_divide_by(a.sum_, x) : sum_scale(a.sum_, x);
        if (a.has_log_) log = log_scale_factor(a.log_, x, divide);
        return make(context, bounds, central, std::move(sum), std::move(log), false);
    }

    static AffineBounds with_central(const AffineBounds& a, double central) {
        AffineBounds v = a;
        v.central_ = central;
        return v;
    }

    static AffineBounds negated(AffineBounds::Context& context, const AffineBounds& a) {
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

    static AffineBounds multiply(AffineBounds::Context& context, const AffineBounds& a, const AffineBounds& b) {
        const Bounds bounds = a.bounds_ * b.bounds_;
        const double central = a.central_ * b.central_;
        const bool forms_a = has_forms(a), forms_b = has_forms(b);
        if (!forms_a && !forms_b) return plain(bounds, central);
        if (!forms_b && b.is_point()) return b.low() == 0 ? plain(bounds, central) : scaled(context, a, b.low(), false, bounds, central);
        if (!forms_a && a.is_point()) return a.low() == 0 ? plain(bounds, central) : scaled(context, b, a.low(), false, bounds, central);
        std::optional<LogForm> log;
        std::optional<SumForm> sum;
        if (excludes_zero(a) && excludes_zero(b)) {
            LogForm scratch_a, scratch_b;
            log = log_combine(log_of(a, scratch_a), log_of(b, scratch_b), 1);
        }
        // A product of sums keeps a sum form (u·(1 - u) is exact there); a product of products is left to its log
        // form, from which a sum form is derived when one is needed.
        const bool sums = (a.has_sum_ || !a.has_log_) && (b.has_sum_ || !b.has_log_);
        if (!log || sums) {
            SumForm scratch_a, scratch_b;
            sum = sum_multiply(sum_of(a, scratch_a), sum_of(b, scratch_b));
        }
        return make(context, bounds, central, std::move(sum), std::move(log), forms_a && forms_b);
    }

    static AffineBounds divide(AffineBounds::Context& context, const AffineBounds& a, const AffineBounds& b, const Bounds& bounds, double central) {
        const bool forms_a = has_forms(a), forms_b = has_forms(b);
        if (!forms_a && !forms_b) return plain(bounds, central);
        if (!forms_b && b.is_point()) return scaled(context, a, b.low(), true, bounds, central);
        if (!forms_a && a.is_point() && a.low() == 0) return plain(bounds, central);
        LogForm scratch_b;
        const LogForm& log_b = log_of(b, scratch_b);  // b excludes zero: the plain division checked it
        std::optional<LogForm> log;
        std::optional<SumForm> sum;
        if (excludes_zero(a)) {
            LogForm scratch_a;
            log = log_combine(log_of(a, scratch_a), log_b, -1);
        } else {
            // a / b = a · (1 / b), with 1 / b's sum form from its log form, which is exact.
            const std::optional<LogForm> reciprocal = log_combine(LogForm{}, log_b, -1);
            const Bounds reciprocal_bounds = Bounds(1.0) / b.bounds_;
            std::optional<SumForm> reciprocal_sum;
            if (reciprocal) reciprocal_sum = sum_of_log(*reciprocal, reciprocal_bounds.lower(), reciprocal_bounds.upper());
            if (!reciprocal_sum) reciprocal_sum = sum_of_bounds(reciprocal_bounds.lower(), reciprocal_bounds.upper());
            SumForm scratch_a;
            sum = sum_multiply(sum_of(a, scratch_a), *reciprocal_sum);
        }
        return make(context, bounds, central, std::move(sum), std::move(log), forms_a && forms_b);
    }

    static AffineBounds power(AffineBounds::Context& context, const AffineBounds& base, double p, const Bounds& bounds, double central) {
        if (!has_forms(base) || p == 0) return plain(bounds, central);
        if (p == 1) {
            AffineBounds v = with_central(base, central);
            v.bounds_ = bounds;
            return v;
        }
        if (excludes_zero(base)) {
            LogForm scratch;
            return make(context, bounds, central, std::nullopt, log_power(log_of(base, scratch), p), false);
        }
        // A base that can be zero or change sign: whole powers by repeated products of sum forms (x² keeps the
        // εᵢ² refinement); other powers by the plain bounds alone.
        if (p == std::round(p) && p >= 2 && p <= 16) {
            SumForm scratch;
            const SumForm& x = sum_of(base, scratch);
            SumForm result = x, square = x;
            bool first = true;
            for (int n = static_cast<int>(p); n > 0; n >>= 1) {
                if (n & 1) {
                    result = first ? square : sum_multiply(result, square);
                    first = false;
                }
                if (n > 1) square = sum_multiply(square, square);
            }
            // The plain power of the bounds is the exact range of t^p over them: no form can be tighter.
            return make(context, bounds, central, std::move(result), std::nullopt, false);
        }
        return plain(bounds, central);
    }

    static AffineBounds exp(AffineBounds::Context& context, const AffineBounds& a) {
        const Interval plain_exp = Interval::increasing(as_interval(a), [](double x) { return std::exp(x); });
        const Bounds bounds(plain_exp.low(), plain_exp.high());
        const double central = std::exp(a.central_);
        if (!has_forms(a)) return plain(bounds, central);
        // exp of a sum form is a log form with factor 1, exactly.
        SumForm scratch;
        const SumForm& s = sum_of(a, scratch);
        return make(context, bounds, central, std::nullopt, LogForm{1.0, s.center, s.terms, s.radius}, false);
    }

    static AffineBounds log(AffineBounds::Context& context, const AffineBounds& a) {
        const Interval plain_log = Interval::increasing(as_interval(a), [](double x) { return std::log(x); });
        const Bounds bounds(plain_log.low(), plain_log.high());
        const double central = std::log(a.central_);
        if (!has_forms(a)) return plain(bounds, central);
        // ln of a log form is a sum form: ln|factor| + the exponent.
        LogForm scratch;
        const LogForm& l = log_of(a, scratch);
        SumForm sum{l.center, l.terms, l.radius};
        if (l.factor != 1) {
            const double ln_factor = std::log(l.factor);
            double error = 0;
            sum.center = sum_tracked(sum.center, ln_factor, error);
            error = add_up(error, sub_up(log_up(l.factor), log_down(l.factor)));
            sum.radius = add_up(sum.radius, error);
        }
        return make(context, bounds, central, std::move(sum), std::nullopt, false);
    }

    static AffineBounds extreme(const AffineBounds& a, const AffineBounds& b, bool smaller) {
        const Bounds bounds = smaller ? boost::numeric::min(a.bounds_, b.bounds_) : boost::numeric::max(a.bounds_, b.bounds_);
        const double central = smaller ? std::min(a.central_, b.central_) : std::max(a.central_, b.central_);
        // When the bounds settle which is smaller, the result is that operand, dependencies and all.
        if (a.high() <= b.low()) return with_central(smaller ? a : b, central);
        if (b.high() <= a.low()) return with_central(smaller ? b : a, central);
        return plain(bounds, central);
    }

    static AffineBounds absolute(AffineBounds::Context& context, const AffineBounds& a) {
        const double central = std::abs(a.central_);
        if (a.low() >= 0) return with_central(a, central);
        if (a.high() <= 0) return with_central(negated(context, a), central);
        return plain(boost::numeric::abs(a.bounds_), central);
    }
};

using B = AffineBoundsBuilder;

AffineBounds AffineBounds::point(double x) { return B::plain(Bounds(x), x); }

AffineBounds AffineBounds::literal(double nearest, double low, double high) { return B::plain(Bounds(low, high), nearest); }

AffineBounds AffineBounds::between(Context& context, const AffineBounds& a, const AffineBounds& b, int column) {
    if (a.low() > b.high()) {
        fail("A range must go from low to high, but " + number(a.central()) + " to " + number(b.central()) + " goes down.",
             column, "Swap the two ends.");
    }
    return B::input(context, std::min(a.low(), b.low()), std::max(a.high(), b.high()), a.central_ / 2 + b.central_ / 2);
}

AffineBounds AffineBounds::between3(Context& context, const AffineBounds& low, const AffineBounds& central,
                                    const AffineBounds& high, int column) {
    if (low.low() > high.high()) {
        fail("A range must go from low to high, but its bounds [" + number(low.central()) + ", " + number(high.central()) +
                 "] go down" + at_column(column) + ".",
             column, "Swap the two bounds.");
    }
    const double lo = std::min(low.low(), high.low()), hi = std::max(low.high(), high.high());
    const double c = central.central();
    if (!(c >= lo && c <= hi)) {
        fail("The central value " + number(c) + " lies outside its bounds [" + number(lo) + ", " + number(hi) + "]" +
                 at_column(column) + ".",
             column);
    }
    return B::input(context, lo, hi, c);
}

AffineBounds AffineBounds::add(Context& context, const AffineBounds& a, const AffineBounds& b) {
    const Bounds bounds = a.bounds_ + b.bounds_;
    const double central = a.central_ + b.central_;
    const bool forms_a = B::has_forms(a), forms_b = B::has_forms(b);
    if (!forms_a && !forms_b) return B::plain(bounds, central);
    SumForm scratch_a, scratch_b;
    return B::make(context, bounds, central, sum_add(B::sum_of(a, scratch_a), B::sum_of(b, scratch_b), 1), std::nullopt,
                   forms_a && forms_b);
}

AffineBounds AffineBounds::subtract(Context& context, const AffineBounds& a, const AffineBounds& b) {
    const Bounds bounds = a.bounds_ - b.bounds_;
    const double central = a.central_ - b.central_;
    const bool forms_a = B::has_forms(a), forms_b = B::has_forms(b);
    if (!forms_a && !forms_b) return B::plain(bounds, central);
    SumForm scratch_a, scratch_b;
    return B::make(context, bounds, central, sum_add(B::sum_of(a, scratch_a), B::sum_of(b, scratch_b), -1), std::nullopt,
                   forms_a && forms_b);
}

AffineBounds AffineBounds::multiply(Context& context, const AffineBounds& a, const AffineBounds& b) {
    return B::multiply(context, a, b);
}

AffineBounds AffineBounds::negate(Context& context, const AffineBounds& a) { return B::negated(context, a); }

AffineBounds AffineBounds::divide(Context& context, const AffineBounds& a, const AffineBounds& b, int column) {
    // Interval's division checks the divisor and words the errors; its bounds are the plain quotient.
    const Interval q = Interval::divide(as_interval(a), as_interval(b), column);
    return B::divide(context, a, b, Bounds(q.low(), q.high()), a.central_ / b.central_);
}

AffineBounds AffineBounds::power(Context& context, const AffineBounds& base, double exponent, int column) {
    const Interval p = Interval::power(as_interval(base), exponent, column);
    return B::power(context, base, exponent, Bounds(p.low(), p.high()), std::pow(base.central_, exponent));
}

AffineBounds AffineBounds::absolute(Context& context, const AffineBounds& a) { return B::absolute(context, a); }

AffineBounds AffineBounds::minimum(Context&, const AffineBounds& a, const AffineBounds& b) { return B::extreme(a, b, true); }

AffineBounds AffineBounds::maximum(Context&, const AffineBounds& a, const AffineBounds& b) { return B::extreme(a, b, false); }

AffineBounds AffineBounds::exp(Context& context, const AffineBounds& a, int) { return B::exp(context, a); }

AffineBounds AffineBounds::log(Context& context, const AffineBounds& a, int column) {
    if (!(a.low() > 0)) {
        fail("A logarithm needs a value above zero, but this one can be as low as " + number(a.low()) + at_column(column) + ".",
             column);
    }
    return B::log(context, a);
}

AffineBounds AffineBounds::uniform(Context& context, const AffineBounds& min, const AffineBounds& max, int column) {
    if (min.low() > max.high()) {
        fail("\"uniform\" needs its minimum at or below its maximum, but got " + number(min.central()) + " and " +
                 number(max.central()) + at_column(column) + ".",
             column, "Swap the two ends.");
    }
    return B::input(context, std::min(min.low(), max.low()), std::max(min.high(), max.high()),
                    min.central_ / 2 + max.central_ / 2);
}

AffineBounds AffineBounds::pert(Context& context, const AffineBounds& min, const AffineBounds& likely,
                                const AffineBounds& max, int column) {
    if (min.low() > max.high()) {
        fail("\"pert\" needs its minimum at or below its maximum, but got " + number(min.central()) + " and " +
                 number(max.central()) + at_column(column) + ".",
             column, "Swap the minimum and the maximum.");
    }
    const double lo = std::min(min.low(), max.low()), hi = std::max(min.high(), max.high());
    const double c = likely.central();
    if (!(c >= lo && c <= hi)) {
        fail("\"pert\" needs its most likely value between its minimum and maximum, but " + number(c) + " is outside " +
                 number(lo) + " to " + number(hi) + at_column(column) + ".",
             column);
    }
    return B::input(context, lo, hi, c);
}

AffineBounds AffineBounds::normal(Context&, const AffineBounds&, const AffineBounds&, int column) {
    fail("\"normal\" has no bounds: any value is possible, so it cannot give guaranteed bounds" + at_column(column) + ".",
         column, "Use --mode=dist to compute with distributions.");
}

AffineBounds AffineBounds::lognormal(Context&, const AffineBounds&, const AffineBounds&, int column) {
    fail("\"lognormal\" has no upper bound: any large value is possible, so it cannot give guaranteed bounds" +
             at_column(column) + ".",
         column, "Use --mode=dist to compute with distributions.");
}

double AffineBounds::central() const {
    // std::clamp would hide a NaN central behind a bound; is_finite must still see it.
    if (central_ < low()) return low();
    if (central_ > high()) return high();
    return central_;
}

bool AffineBounds::is_finite() const { return std::isfinite(low()) && std::isfinite(high()) && std::isfinite(central_); }

}  // namespace ballpark
