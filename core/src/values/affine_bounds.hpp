// Dependency-aware guaranteed bounds: the value type of Ballpark's default (bounds) mode.
//
// Plain interval arithmetic treats every use of a name as a new unknown, so for x = 1 to 3 it gives x - x as
// [-2, 2] and x / x as [0.33, 3]. Here every "a to b" is one unknown, a noise symbol ε in [-1, 1] taken from the
// Context, and a value keeps how it depends on those symbols in two kinds of first-order form:
//
//   a sum form   x = center + Σ cᵢ εᵢ ± radius                 (affine arithmetic; exact for sums and differences)
//   a log form   x = factor · exp(center + Σ cᵢ εᵢ ± radius)   (affine arithmetic on ln |x|; exact for products,
//                                                              quotients and powers of sign-definite values)
//
// The radius collects everything that is not a symbol: rounding errors (every floating-point step is made
// exact by an error-free transformation or bounded, and the bound added) and the remainder of nonlinear steps.
// When a step ends, its radius becomes a term of a symbol of the value's own, so that a value used twice (a
// variable) cancels exactly. Forms of one kind are derived from the other by approximating ln x or exp x with a
// line over the value's current range (Chebyshev-style); the gap between curve and line is a term of the value's
// own symbol too, so every derivation of one value is the same form. Every input has two symbols, one for its sum
// form and one for its log form: they are different functions of the same input, so they must not be confused
// when a form derived from the other kind is combined with them.
//
// A value also carries plain interval bounds (Interval::Bounds, rounded outward exactly as Interval does), and its
// bounds are the intersection of those with the ranges of its forms. Every enclosure in the intersection is
// guaranteed, so the intersection is too; and because each plain step starts from bounds at least as tight as
// Interval's and uses the same inclusion-monotone operation, the bounds are never wider than Interval's.
//
// Values without any symbol (numbers, unit sizes, decimals) keep no forms at all: arithmetic on them costs about
// what Interval's does.
//
// Exact (to a few ulps): sums and differences of inputs with constant coefficients (x - x = 0, 2a - a = a);
// products, quotients and powers of sign-definite inputs (x / x = 1, t_b / t_a); u·(1 - u) and x² - x (one symbol
// squared); a value used twice (t - t, t / t for a derived t). Still wider than exact, since a line stands in for
// a curve over the whole range (examples measured in tests and by hand, plain intervals in parentheses):
// (p + 1)/(p + 2) for p = 0 to 3 gives [0.45, 1.01], exact [0.5, 0.8] ([0.2, 2]); 1/(1 - w) - w for w = 0.2 to 0.8
// gives [0.45, 4.2], exact [1.05, 4.2] ([0.45, 4.8]); exp(w) - w gives [0.95, 1.43], exact [1.02, 1.43]; and
// t_a / (t_a + t_b), a constant 0.0656, gives [0.0640, 0.0673] (a sum of products needs both kinds of form).
//
// Symbols are 64-bit: the upper half names the Context that handed them out (process-wide counter), so values
// made by two different Contexts never share a symbol by accident, which would be unsound.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>

#include "values/interval.hpp"
#include "values/law.hpp"

namespace ballpark {

class AffineBounds {
public:
    // One per evaluation or per session: it must live at least as long as the values whose symbols it handed out
    // are combined with new ones (a session's variables), and every Context hands out symbols no other one does.
    struct Context {
        std::uint64_t next_symbol = 0;  // 0 until the first range asks for a block of symbols
    };

    struct Term {
        std::uint64_t symbol;
        double coefficient;
    };
    // Sorted by symbol. Three inline terms cover most estimates without a heap allocation.
    static constexpr std::size_t inline_terms = 3;
    using Terms = boost::container::small_vector<Term, inline_terms>;

    // x = center + Σ cᵢ εᵢ + radius · [-1, 1]
    struct SumForm {
        double center = 0;
        Terms terms;
        double radius = 0;
    };
    // x = factor · exp(exponent): factor is nonzero and carries the sign; the exponent is a sum form.
    struct LogForm {
        double factor = 1;
        SumForm exponent;
    };

    AffineBounds() = default;
    static AffineBounds point(double x);
    static AffineBounds literal(double nearest, double low, double high);
    static AffineBounds between(Context& context, const AffineBounds& a, const AffineBounds& b, int column);
    static AffineBounds between3(Context& context, const AffineBounds& low, const AffineBounds& central,
                                 const AffineBounds& high, int column);

    static AffineBounds add(Context& context, const AffineBounds& a, const AffineBounds& b);
    static AffineBounds subtract(Context& context, const AffineBounds& a, const AffineBounds& b);
    static AffineBounds multiply(Context& context, const AffineBounds& a, const AffineBounds& b);
    static AffineBounds negate(Context& context, const AffineBounds& a);
    static AffineBounds divide(Context& context, const AffineBounds& a, const AffineBounds& b, int column);
    static AffineBounds power(Context& context, const AffineBounds& base, double exponent, int column);
    static AffineBounds absolute(Context& context, const AffineBounds& a);
    static AffineBounds minimum(Context& context, const AffineBounds& a, const AffineBounds& b);
    static AffineBounds maximum(Context& context, const AffineBounds& a, const AffineBounds& b);
    static AffineBounds exp(Context& context, const AffineBounds& a, int column);
    static AffineBounds log(Context& context, const AffineBounds& a, int column);

    // A named distribution, as its law (law.hpp): with both ends a new input spanning what its end arguments
    // enclose, with the law's central value; without both it fails with the law's refusal (normal, lognormal).
    static AffineBounds law(Context& context, const Law& law, int column);

    // The expression at the inputs' central values in round-to-nearest, as Interval computes it; kept inside the
    // bounds (where the bounds are exact, the last rounding of the central value may fall an ulp outside them).
    double central() const;
    double low() const { return bounds_.lower(); }
    double high() const { return bounds_.upper(); }
    double support_low() const { return low(); }
    double support_high() const { return high(); }
    bool is_point() const { return bounds_.lower() == bounds_.upper(); }
    bool is_finite() const;

    // For tests and diagnostics: whether the value depends on any input range through a form.
    bool has_sum_form() const { return has_sum_; }
    bool has_log_form() const { return has_log_; }
    const SumForm& sum_form() const { return sum_; }
    const LogForm& log_form() const { return log_; }

private:
    using Bounds = Interval::Bounds;
    friend struct AffineBoundsBuilder;

    Bounds bounds_{0.0};
    double central_ = 0;
    bool has_sum_ = false;
    bool has_log_ = false;
    // The symbol pair naming this value's own errors: its forms' radii, and the approximation error of a form
    // derived from the other kind. Every use of the value (a variable read twice) then shares them, so t - t is 0
    // and t / t is 1 for a derived t too. 0 for a value without forms.
    std::uint64_t self_ = 0;
    SumForm sum_;
    LogForm log_;
};

}  // namespace ballpark
