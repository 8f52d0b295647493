// Unit tests of the dependency-aware bounds (core/src/affine_bounds.hpp, affine_bounds.cpp).
//
// Every expression is written once, generically, and evaluated three ways: with AffineBounds (each input one
// range, reused wherever the expression names it), with plain Interval bounds (which AffineBounds must never be
// wider than), and in long double at every point of a fine grid over the inputs, which gives the exact range up to
// the grid's resolution (the extremes of the monotone cases lie at grid corners, so there it is the exact range).
// Long double has a 64-bit significand on x86-64: its evaluation errors are far below a double's ulp, and the
// checks allow for them explicitly (a tolerance of a few long-double ulps of the largest intermediate value).
#include <gtest/gtest.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>
#include <cfloat>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "values/affine_bounds.hpp"
#include "values/interval.hpp"
#include "testing.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

static_assert(LDBL_MANT_DIG >= 64, "these tests need an extended long double for their reference values");

// Keeps the compiler from folding test arithmetic at compile time.
double opaque(double x) {
    volatile double v = x;
    return v;
}

using A = AffineBounds;

// ---- one expression, three evaluations -------------------------------------------------------------------------

struct AffineOps {
    using Value = A;
    A::Context context;
    A constant(double x) { return A::point(opaque(x)); }
    A input(double low, double high) { return A::between(context, constant(low), constant(high), 1); }
    A add(const A& a, const A& b) { return A::add(context, a, b); }
    A sub(const A& a, const A& b) { return A::subtract(context, a, b); }
    A mul(const A& a, const A& b) { return A::multiply(context, a, b); }
    A div(const A& a, const A& b) { return A::divide(context, a, b, 1); }
    A neg(const A& a) { return A::negate(context, a); }
    A pow(const A& a, double p) { return A::power(context, a, p, 1); }
    A exp(const A& a) { return A::exp(context, a, 1); }
    A log(const A& a) { return A::log(context, a, 1); }
    A abs(const A& a) { return A::absolute(context, a); }
    A min(const A& a, const A& b) { return A::minimum(context, a, b); }
    A max(const A& a, const A& b) { return A::maximum(context, a, b); }
};

struct IntervalOps {
    using Value = Interval;
    Interval constant(double x) { return Interval::point(opaque(x)); }
    Interval input(double low, double high) { return Interval::between(constant(low), constant(high), 1); }
    Interval add(const Interval& a, const Interval& b) { return a + b; }
    Interval sub(const Interval& a, const Interval& b) { return a - b; }
    Interval mul(const Interval& a, const Interval& b) { return a * b; }
    Interval div(const Interval& a, const Interval& b) { return Interval::divide(a, b, 1); }
    Interval neg(const Interval& a) { return -a; }
    Interval pow(const Interval& a, double p) { return Interval::power(a, p, 1); }
    Interval exp(const Interval& a) {
        Interval::Context c;
        return Interval::exp(c, a, 1);
    }
    Interval log(const Interval& a) {
        Interval::Context c;
        return Interval::log(c, a, 1);
    }
    Interval abs(const Interval& a) { return Interval::absolute(a); }
    Interval min(const Interval& a, const Interval& b) { return Interval::minimum(a, b); }
    Interval max(const Interval& a, const Interval& b) { return Interval::maximum(a, b); }
};

// The exact value at one point, in long double; `scale` keeps the largest intermediate magnitude, which sizes the
// allowance for long double's own rounding.
struct RealOps {
    using Value = long double;
    long double scale = 1;
    long double keep(long double v) {
        scale = std::max(scale, std::fabs(v));
        return v;
    }
    long double constant(double x) { return keep(x); }
    long double add(long double a, long double b) { return keep(a + b); }
    long double sub(long double a, long double b) { return keep(a - b); }
    long double mul(long double a, long double b) { return keep(a * b); }
    long double div(long double a, long double b) { return keep(a / b); }
    long double neg(long double a) { return -a; }
    long double pow(long double a, double p) { return keep(std::pow(a, static_cast<long double>(p))); }
    long double exp(long double a) { return keep(std::exp(a)); }
    long double log(long double a) { return keep(std::log(a)); }
    long double abs(long double a) { return std::fabs(a); }
    long double min(long double a, long double b) { return std::min(a, b); }
    long double max(long double a, long double b) { return std::max(a, b); }
};

// The central value's reference: the expression in double at the inputs' midpoints, in the expression's order.
struct DoubleOps {
    using Value = double;
    double constant(double x) { return opaque(x); }
    double add(double a, double b) { return a + b; }
    double sub(double a, double b) { return a - b; }
    double mul(double a, double b) { return a * b; }
    double div(double a, double b) { return a / b; }
    double neg(double a) { return -a; }
    double pow(double a, double p) { return std::pow(a, p); }
    double exp(double a) { return std::exp(a); }
    double log(double a) { return std::log(a); }
    double abs(double a) { return std::abs(a); }
    double min(double a, double b) { return std::min(a, b); }
    double max(double a, double b) { return std::max(a, b); }
};

using Ranges = std::vector<std::pair<double, double>>;

struct Outcome {
    A affine;
    Interval interval = Interval::point(0);
    double central_reference = 0;  // DoubleOps at the midpoints
    long double min = INFINITY, max = -INFINITY;
    long double tolerance = 0;     // long double's rounding over the grid
};

// Evaluates `f(ops, inputs)` with each kind of value; the grid has `points` values per input, ends included.
template <class F>
Outcome evaluate(const F& f, const Ranges& ranges, int points) {
    Outcome out;
    AffineOps affine;
    std::vector<A> a;
    for (const auto& [low, high] : ranges) a.push_back(affine.input(low, high));
    out.affine = f(affine, a);

    IntervalOps plain;
    std::vector<Interval> p;
    for (const auto& [low, high] : ranges) p.push_back(plain.input(low, high));
    out.interval = f(plain, p);

    DoubleOps central;
    std::vector<double> c;
    for (const auto& [low, high] : ranges) c.push_back(opaque(low) / 2 + opaque(high) / 2);
    out.central_reference = f(central, c);

    RealOps real;
    std::vector<long double> x(ranges.size());
    std::vector<int> index(ranges.size(), 0);
    for (;;) {
        for (std::size_t k = 0; k < ranges.size(); ++k) {
            const long double low = ranges[k].first, high = ranges[k].second;
            x[k] = index[k] == points - 1 ? high : std::clamp(low + (high - low) * index[k] / (points - 1), low, high);
        }
        const long double v = f(real, x);
        out.min = std::min(out.min, v);
        out.max = std::max(out.max, v);
        std::size_t k = 0;
        while (k < index.size() && ++index[k] == points) index[k++] = 0;
        if (k == index.size()) break;
    }
    out.tolerance = 64 * LDBL_EPSILON * real.scale;
    return out;
}

// The bounds contain every grid value, and are no wider than plain intervals.
void expect_sound(const Outcome& o, const std::string& what) {
    EXPECT_LE(static_cast<long double>(o.affine.low()), o.min + o.tolerance) << what;
    EXPECT_GE(static_cast<long double>(o.affine.high()), o.max - o.tolerance) << what;
    EXPECT_GE(o.affine.low(), o.interval.low()) << what;
    EXPECT_LE(o.affine.high(), o.interval.high()) << what;
    EXPECT_LE(o.affine.low(), o.affine.central()) << what;
    EXPECT_LE(o.affine.central(), o.affine.high()) << what;
}

// Sound, and within `ulps` units in the last place of the exact range (taken from the grid).
void expect_exact(const Outcome& o, const std::string& what, double ulps = 8) {
    expect_sound(o, what);
    const auto ulp = [](long double x) { return std::nextafter(static_cast<double>(std::fabs(x)), INFINITY) - std::fabs(static_cast<double>(x)); };
    const long double slack_low = ulps * std::max(ulp(o.min), DBL_MIN) + o.tolerance;
    const long double slack_high = ulps * std::max(ulp(o.max), DBL_MIN) + o.tolerance;
    EXPECT_GE(static_cast<long double>(o.affine.low()), o.min - slack_low) << what << ": low " << o.affine.low() << " exact " << static_cast<double>(o.min) << " ulps " << static_cast<double>((o.min - o.affine.low()) / ulp(o.min));
    EXPECT_LE(static_cast<long double>(o.affine.high()), o.max + slack_high) << what << ": high " << o.affine.high() << " exact " << static_cast<double>(o.max);
}

using testing::sentence_of;

using testing::contains;

// ---- the dependency cases ---------------------------------------------------------------------------------

TEST(AffineBounds, SubtractingAVariableFromItselfGivesZero) {
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.sub(v[0], v[0]); }, {{1, 3}}, 21);
    EXPECT_EQ(o.affine.low(), 0);
    EXPECT_EQ(o.affine.high(), 0);
    EXPECT_TRUE(o.affine.is_point());
    EXPECT_EQ(o.interval.low(), -2);  // what plain intervals say, for contrast
}

TEST(AffineBounds, TwiceAVariableLessItselfIsTheVariable) {
    // Ends that are no doubles' decimals (0.1, 0.7): the exact range is the ends' doubles.
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.sub(k.mul(k.constant(2), v[0]), v[0]); }, {{0.1, 0.7}}, 61);
    EXPECT_EQ(o.min, static_cast<long double>(0.1));
    EXPECT_EQ(o.max, static_cast<long double>(0.7));
    expect_exact(o, "2a - a", 2);
}

TEST(AffineBounds, DividingAVariableByItselfGivesOne) {
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.div(v[0], v[0]); }, {{1, 3}}, 21);
    EXPECT_EQ(o.affine.low(), 1);
    EXPECT_EQ(o.affine.high(), 1);
    EXPECT_NEAR(o.interval.low(), 1.0 / 3, 1e-15);
}

TEST(AffineBounds, TwiceAVariableOverItselfIsTwo) {
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.div(k.mul(k.constant(2), v[0]), v[0]); }, {{0.35, 0.55}}, 21);
    EXPECT_EQ(o.affine.low(), 2);
    EXPECT_EQ(o.affine.high(), 2);
    EXPECT_EQ(o.affine.central(), 2);
}

TEST(AffineBounds, RatioOfTwoTrainingTimesSharingAUtilizationIsExact) {
    // t_a = 8.4e23 / (312e12 · u), t_b = 3.79e25 / (989e12 · u), u = 0.35 to 0.55: t_b / t_a does not depend on u.
    const auto ratio = [](auto& k, const auto& v) {
        const auto t_a = k.div(k.constant(8.4e23), k.mul(k.constant(312e12), v[0]));
        const auto t_b = k.div(k.constant(3.79e25), k.mul(k.constant(989e12), v[0]));
        return k.div(t_b, t_a);
    };
    const Outcome o = evaluate(ratio, {{0.35, 0.55}}, 41);
    const long double exact = (static_cast<long double>(3.79e25) * static_cast<long double>(312e12)) /
                              (static_cast<long double>(989e12) * static_cast<long double>(8.4e23));
    EXPECT_NEAR(static_cast<double>(exact), 14.2337, 1e-4);
    EXPECT_LE(static_cast<long double>(o.affine.low()), exact);
    EXPECT_GE(static_cast<long double>(o.affine.high()), exact);
    EXPECT_LE((o.affine.high() - o.affine.low()) / exact, 32 * DBL_EPSILON) << o.affine.low() << " " << o.affine.high();
    EXPECT_LT(o.interval.low(), 9.2);  // plain intervals: 14 [9.1, 22]
    expect_exact(o, "t_b / t_a", 32);
}

TEST(AffineBounds, UtilizationTimesItsComplementIsNearlyExact) {
    // u·(1 - u) for u = 0.2 to 0.8: exact [0.16, 0.25]; the goal is an enclosure inside [0.16, 0.34].
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.mul(v[0], k.sub(k.constant(1), v[0])); }, {{0.2, 0.8}}, 601);
    EXPECT_NEAR(static_cast<double>(o.min), 0.16, 1e-15);
    EXPECT_NEAR(static_cast<double>(o.max), 0.25, 1e-15);
    expect_exact(o, "u (1 - u)", 8);
    EXPECT_NEAR(o.interval.low(), 0.04, 1e-15);
}

TEST(AffineBounds, LinearExpressionsAreExact) {
    const auto linear = [](auto& k, const auto& v) {
        // 3a - 2b + a/4 - (b - a) + 1.5 = 4.25a - 3b + 1.5
        const auto part = k.add(k.sub(k.mul(k.constant(3), v[0]), k.mul(k.constant(2), v[1])), k.div(v[0], k.constant(4)));
        return k.add(k.sub(part, k.sub(v[1], v[0])), k.constant(1.5));
    };
    expect_exact(evaluate(linear, {{1, 3}, {-2, 0.5}}, 41), "4.25a - 3b + 1.5", 4);
    // (x + y) - (y + x): two sums computed apart, each rounding its center (0.2 + 8 is no double); what is left
    // is that rounding, an ulp of the sums, not the inputs' widths.
    const auto cancel = [](auto& k, const auto& v) { return k.sub(k.add(v[0], v[1]), k.add(v[1], k.neg(k.neg(v[0])))); };
    const Outcome zero = evaluate(cancel, {{0.1, 0.3}, {7, 9}}, 11);
    EXPECT_LE(zero.affine.low(), 0);
    EXPECT_GE(zero.affine.high(), 0);
    EXPECT_LE(zero.affine.high() - zero.affine.low(), 4 * (std::nextafter(8.0, 16.0) - 8.0));
}

TEST(AffineBounds, ProductsQuotientsAndPowersOfPositiveInputsAreExact) {
    const auto monomial = [](auto& k, const auto& v) {
        // a² · b / (c · √a) · a = a^2.5 · b / c
        return k.mul(k.div(k.mul(k.pow(v[0], 2), v[1]), k.mul(v[2], k.pow(v[0], 0.5))), v[0]);
    };
    // Six steps, each rounding once (≤ 2⁻⁵² in the log), and exp rounded outward by 4 ulps: about 20 ulps.
    expect_exact(evaluate(monomial, {{1.5, 2.5}, {60e9, 80e9}, {0.35, 0.55}}, 21), "a^2.5 b / c", 32);
    // The four-input estimate (FLOP, tokens, utilization, accelerators), in hours.
    const auto estimate = [](auto& k, const auto& v) {
        return k.div(k.mul(k.mul(k.constant(6), v[0]), v[1]), k.mul(k.mul(k.constant(312e12), v[2]), k.constant(3600)));
    };
    expect_exact(evaluate(estimate, {{60e9, 80e9}, {1.5e12, 2.5e12}, {0.35, 0.55}}, 11), "four-input estimate", 16);
}

TEST(AffineBounds, ProductsOfNegativeInputsAreExactToo) {
    const auto f = [](auto& k, const auto& v) { return k.div(k.mul(v[0], v[1]), k.mul(v[0], k.pow(v[1], 3))); };
    expect_exact(evaluate(f, {{-3, -1}, {-0.5, -0.25}}, 41), "ab / (a b³)", 16);
    const Outcome same = evaluate([](auto& k, const auto& v) { return k.div(v[0], v[0]); }, {{-3, -1}}, 5);
    EXPECT_EQ(same.affine.low(), 1);
    EXPECT_EQ(same.affine.high(), 1);
}

TEST(AffineBounds, LogOfExpIsTheVariableAgain) {
    const Outcome o = evaluate([](auto& k, const auto& v) { return k.sub(k.log(k.exp(v[0])), v[0]); }, {{-1, 2}}, 11);
    EXPECT_EQ(o.affine.low(), 0);
    EXPECT_EQ(o.affine.high(), 0);
    const Outcome p = evaluate([](auto& k, const auto& v) { return k.div(k.exp(k.log(v[0])), v[0]); }, {{0.5, 4}}, 11);
    expect_exact(p, "exp(ln x) / x", 16);
}

TEST(AffineBounds, RoundsItsFormsOutward) {
    // (x + 0.1) - x and (x · 0.1) / x are the double 0.1 exactly, but their forms round on the way: 2 + 0.1 is no
    // double, nor is 0.1 times the geometric mean of 3 and 7. The bounds must still hold the exact 0.1 (double),
    // and being set by the forms (plain intervals give [-1.9, 2.1] and [0.043, 0.23]), stay within a few ulps of it.
    const long double exact = static_cast<long double>(0.1);
    const double ulp = std::nextafter(0.1, 1.0) - 0.1;
    const Outcome sum = evaluate([](auto& k, const auto& v) { return k.sub(k.add(v[0], k.constant(0.1)), v[0]); }, {{1, 3}}, 3);
    EXPECT_LE(static_cast<long double>(sum.affine.low()), exact);
    EXPECT_GE(static_cast<long double>(sum.affine.high()), exact);
    EXPECT_LE(sum.affine.high() - sum.affine.low(), 64 * ulp);
    // Several constants and ranges, since two roundings may happen to cancel.
    for (const double c : {0.1, 0.3, 0.7, 1.1, 3e-3, 7.7e5}) {
        for (const auto& [low, high] : std::vector<std::pair<double, double>>{{3, 7}, {0.35, 0.55}, {1.5e12, 2.5e12}, {-9, -2}}) {
            const auto f = [c](auto& k, const auto& v) { return k.div(k.mul(v[0], k.constant(c)), v[0]); };
            const auto g = [c](auto& k, const auto& v) { return k.mul(k.div(k.constant(c), v[0]), v[0]); };
            for (const Outcome& o : {evaluate(f, {{low, high}}, 3), evaluate(g, {{low, high}}, 3)}) {
                EXPECT_LE(static_cast<long double>(o.affine.low()), static_cast<long double>(c)) << c << " " << low;
                EXPECT_GE(static_cast<long double>(o.affine.high()), static_cast<long double>(c)) << c << " " << low;
                EXPECT_LE(o.affine.high() - o.affine.low(), 64 * (std::nextafter(c, 1e300) - c));
            }
        }
    }
}

TEST(AffineBounds, ADerivedValueUsedTwiceIsStillOneUnknown) {
    // t = a + b is no product, so its log form is derived by a linear approximation of ln; p = u (1 - u) has a
    // nonlinear remainder. Used twice, each still cancels exactly, as a variable read twice in an expression.
    A::Context context;
    const auto in = [&](double low, double high) { return A::between(context, A::point(low), A::point(high), 1); };
    const A a = in(1, 3), b = in(2, 5), u = in(0.2, 0.8);
    const A t = A::add(context, a, b);
    const A p = A::multiply(context, u, A::subtract(context, A::point(1), u));
    EXPECT_EQ(A::subtract(context, t, t).high(), 0);
    EXPECT_EQ(A::divide(context, t, t, 1).low(), 1);
    EXPECT_EQ(A::divide(context, t, t, 1).high(), 1);
    EXPECT_EQ(A::subtract(context, p, p).low(), 0);
    EXPECT_EQ(A::divide(context, p, p, 1).high(), 1);
    // y = x + 0.1 rounds its center (2.1 is no double): that rounding is y's own too, so y - y is 0.
    const A y = A::add(context, a, A::point(0.1));
    EXPECT_EQ(A::subtract(context, y, y).low(), 0);
    EXPECT_EQ(A::subtract(context, y, y).high(), 0);
    // t · a / t is a, to rounding: both derivations of t's log form are the same form.
    const A back = A::divide(context, A::multiply(context, t, a), t, 1);
    EXPECT_NEAR(back.low(), 1, 1e-14);
    EXPECT_NEAR(back.high(), 3, 1e-14);
}

// ---- bounds of expressions that are not exact: enclosures, never wider than intervals -------------------------

TEST(AffineBounds, EnclosesBruteForceRangesOfNonlinearExpressions) {
    struct Case {
        std::string name;
        std::function<Outcome()> run;
    };
    const auto sum_of_shared = [](auto& k, const auto& v) {
        const auto t_a = k.div(k.constant(8.4e23), k.mul(k.constant(312e12), v[0]));
        const auto t_b = k.div(k.constant(3.79e25), k.mul(k.constant(989e12), v[0]));
        return k.add(t_a, t_b);
    };
    const std::vector<Case> cases = {
        {"x² - x", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.mul(v[0], v[0]), v[0]); }, {{-1, 2}}, 3001); }},
        {"(x+1)/(x+2)", [] { return evaluate([](auto& k, const auto& v) { return k.div(k.add(v[0], k.constant(1)), k.add(v[0], k.constant(2))); }, {{0, 3}}, 3001); }},
        {"xy - x/y", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.mul(v[0], v[1]), k.div(v[0], v[1])); }, {{-1, 2}, {0.5, 1.5}}, 301); }},
        {"exp(x) - x", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.exp(v[0]), v[0]); }, {{-1, 1}}, 3001); }},
        {"x ln x", [] { return evaluate([](auto& k, const auto& v) { return k.mul(k.log(v[0]), v[0]); }, {{0.1, 3}}, 3001); }},
        {"|x - 1| x", [] { return evaluate([](auto& k, const auto& v) { return k.mul(k.abs(k.sub(v[0], k.constant(1))), v[0]); }, {{0, 3}}, 3001); }},
        {"min(x, x + 5) - x", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.min(v[0], k.add(v[0], k.constant(5))), v[0]); }, {{1, 3}}, 101); }},
        {"max(x, y) · y", [] { return evaluate([](auto& k, const auto& v) { return k.mul(k.max(v[0], v[1]), v[1]); }, {{-1, 1}, {0, 2}}, 301); }},
        {"x³ - 3x", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.pow(v[0], 3), k.mul(k.constant(3), v[0])); }, {{-2, 1.5}}, 3001); }},
        {"(x - y)/(x + y)", [] { return evaluate([](auto& k, const auto& v) { return k.div(k.sub(v[0], v[1]), k.add(v[0], v[1])); }, {{1, 2}, {0.5, 3}}, 301); }},
        {"t_a + t_b", [=] { return evaluate(sum_of_shared, {{0.35, 0.55}}, 3001); }},
        {"1/(1 - u) - u", [] { return evaluate([](auto& k, const auto& v) { return k.sub(k.div(k.constant(1), k.sub(k.constant(1), v[0])), v[0]); }, {{0.2, 0.8}}, 3001); }},
    };
    for (const Case& c : cases) {
        const Outcome o = c.run();
        expect_sound(o, c.name);
    }
    // Where dependency matters, the bounds are much tighter than plain intervals: x² - x is exactly [-0.25, 2];
    // plain intervals say [-2, 4] - [-1, 2] = [-4, 5].
    const Outcome o = cases[0].run();
    EXPECT_LE(o.affine.high() - o.affine.low(), 3.5);
    EXPECT_EQ(o.interval.high() - o.interval.low(), 9);
    const Outcome m = cases[6].run();
    EXPECT_EQ(m.affine.low(), 0);
    EXPECT_EQ(m.affine.high(), 0);
}

// A random expression tree of + − × ÷ over a few inputs and constants, with an occasional power.
struct Tree {
    enum class Kind { input, constant, add, subtract, multiply, divide, power } kind;
    int input = 0;
    double value = 0;
    std::unique_ptr<Tree> lhs, rhs;

    template <class Ops>
    typename Ops::Value eval(Ops& k, const std::vector<typename Ops::Value>& v) const {
        switch (kind) {
            case Kind::input: return v[input];
            case Kind::constant: return k.constant(value);
            case Kind::add: return k.add(lhs->eval(k, v), rhs->eval(k, v));
            case Kind::subtract: return k.sub(lhs->eval(k, v), rhs->eval(k, v));
            case Kind::multiply: return k.mul(lhs->eval(k, v), rhs->eval(k, v));
            case Kind::divide: return k.div(lhs->eval(k, v), rhs->eval(k, v));
            case Kind::power: return k.pow(lhs->eval(k, v), value);
        }
        return k.constant(0);
    }
};

std::unique_ptr<Tree> random_tree(boost::random::mt19937& rng, int inputs, int depth) {
    auto t = std::make_unique<Tree>();
    boost::random::uniform_int_distribution<int> pick(0, 9);
    const int p = pick(rng);
    if (depth == 0 || p < 2) {
        // Leaves: mostly inputs (reused, so dependencies appear), sometimes a constant in quarters from -3 to 3.
        if (pick(rng) < 7) {
            t->kind = Tree::Kind::input;
            t->input = boost::random::uniform_int_distribution<int>(0, inputs - 1)(rng);
        } else {
            t->kind = Tree::Kind::constant;
            t->value = boost::random::uniform_int_distribution<int>(-12, 12)(rng) / 4.0;
        }
        return t;
    }
    if (p == 9) {
        // x², x³, 1/x, √x: whole powers of ranges across zero take repeated products of sum forms.
        static constexpr double exponents[] = {2, 3, -1, 0.5};
        t->kind = Tree::Kind::power;
        t->value = exponents[boost::random::uniform_int_distribution<int>(0, 3)(rng)];
        t->lhs = random_tree(rng, inputs, depth - 1);
        return t;
    }
    static constexpr Tree::Kind ops[] = {Tree::Kind::add, Tree::Kind::subtract, Tree::Kind::multiply, Tree::Kind::divide};
    t->kind = ops[boost::random::uniform_int_distribution<int>(0, 3)(rng)];
    t->lhs = random_tree(rng, inputs, depth - 1);
    t->rhs = random_tree(rng, inputs, depth - 1);
    return t;
}

TEST(AffineBounds, RandomExpressionTreesAreEnclosedAndNeverWiderThanIntervals) {
    boost::random::mt19937 rng(20261130);  // fixed: the same trees on every run
    int checked = 0, tighter = 0, both_refused = 0;
    for (int n = 0; n < 600; ++n) {
        const int inputs = 2 + n % 2;
        Ranges ranges;
        for (int k = 0; k < inputs; ++k) {
            // Some inputs positive (log forms), some across zero (sum forms only), a few negative.
            const double low = boost::random::uniform_int_distribution<int>(-8, 12)(rng) / 4.0;
            const double width = boost::random::uniform_int_distribution<int>(1, 8)(rng) / 4.0;
            ranges.push_back({low, low + width});
        }
        const auto tree = random_tree(rng, inputs, 4);
        const auto f = [&](auto& k, const auto& v) { return tree->eval(k, v); };
        // Interval refuses when a divisor's range contains zero; AffineBounds may know better, never worse.
        bool interval_refuses = false, affine_refuses = false;
        try {
            IntervalOps plain;
            std::vector<Interval> p;
            for (const auto& [low, high] : ranges) p.push_back(plain.input(low, high));
            f(plain, p);
        } catch (const ErrorException&) {
            interval_refuses = true;
        }
        try {
            AffineOps affine;
            std::vector<A> a;
            for (const auto& [low, high] : ranges) a.push_back(affine.input(low, high));
            f(affine, a);
        } catch (const ErrorException&) {
            affine_refuses = true;
        }
        EXPECT_TRUE(!affine_refuses || interval_refuses) << "tree " << n;
        if (interval_refuses) {
            both_refused += affine_refuses;
            continue;  // no plain bounds to compare with, and a divisor that may be zero on the grid
        }
        const Outcome o = evaluate(f, ranges, inputs == 2 ? 61 : 21);
        if (!std::isfinite(static_cast<double>(o.min)) || !std::isfinite(static_cast<double>(o.max))) continue;
        expect_sound(o, "tree " + std::to_string(n));
        // The central value is the expression at the inputs' midpoints, as plain doubles compute it.
        EXPECT_EQ(o.affine.central(), std::clamp(o.central_reference, o.affine.low(), o.affine.high())) << "tree " << n;
        ++checked;
        tighter += o.affine.high() - o.affine.low() < 0.99 * (o.interval.high() - o.interval.low());
    }
    // Most trees are checked, and in many the dependencies make the bounds tighter than plain intervals.
    EXPECT_GT(checked, 350);
    EXPECT_GT(tighter, checked / 4);
    RecordProperty("checked", checked);
    RecordProperty("tighter", tighter);
    RecordProperty("both_refused", both_refused);
}

// ---- inputs, constants and symbols -------------------------------------------------------------------------

TEST(AffineBounds, PutsARangesCentralAtTheMidpointOfItsEndsCentrals) {
    A::Context context;
    const A r = A::between(context, A::point(opaque(35)), A::point(opaque(55)), 1);
    EXPECT_EQ(r.low(), 35);
    EXPECT_EQ(r.high(), 55);
    EXPECT_EQ(r.central(), 45);
    EXPECT_TRUE(r.has_sum_form());
    EXPECT_TRUE(r.has_log_form());
    // A range across zero has no log form: ln |x| is unbounded there.
    const A s = A::between(context, A::point(opaque(-1)), A::point(opaque(2)), 1);
    EXPECT_TRUE(s.has_sum_form());
    EXPECT_FALSE(s.has_log_form());
}

TEST(AffineBounds, ALiteralIsAConstantNotANewInput) {
    A::Context context;
    const double low = 0.1, high = std::nextafter(0.1, 1.0);
    const A l = A::literal(0.1, low, high);
    EXPECT_EQ(l.low(), low);
    EXPECT_EQ(l.high(), high);
    EXPECT_EQ(l.central(), 0.1);
    EXPECT_FALSE(l.has_sum_form());
    const A product = A::multiply(context, l, A::point(3));
    EXPECT_LE(product.low(), 0.1L * 3);
    EXPECT_GE(product.high(), static_cast<long double>(high) * 3);
    EXPECT_EQ(context.next_symbol, 0u);  // no symbol was taken
}

TEST(AffineBounds, ValuesFromDifferentContextsNeverShareASymbol) {
    // Were both first ranges given the same symbol, x - y would wrongly come out as 0.
    A::Context first, second;
    const A x = A::between(first, A::point(1), A::point(3), 1);
    const A y = A::between(second, A::point(1), A::point(3), 1);
    A::Context third;
    const A d = A::subtract(third, x, y);
    EXPECT_EQ(d.low(), -2);
    EXPECT_EQ(d.high(), 2);
}

TEST(AffineBounds, GivesTheSameDigitsInEveryContext) {
    // Each Context takes other symbols, but in the same order: the arithmetic, and so every bit, is the same.
    const auto run = [] {
        A::Context context;
        const auto in = [&](double low, double high) { return A::between(context, A::point(low), A::point(high), 1); };
        const A u = in(0.35, 0.55), p = in(60e9, 80e9);
        const A t = A::divide(context, A::multiply(context, A::point(6), p), A::multiply(context, A::point(312e12), u), 1);
        return A::add(context, t, A::multiply(context, u, A::subtract(context, A::point(1), u)));
    };
    const A first = run(), second = run();
    EXPECT_EQ(first.low(), second.low());
    EXPECT_EQ(first.high(), second.high());
    EXPECT_EQ(first.central(), second.central());
}

TEST(AffineBounds, ReadsBackAResultAsARangeWithItsCentral) {
    A::Context context;
    const A r = A::between3(context, A::point(1.4), A::point(1.7), A::point(2.1), 1);
    EXPECT_EQ(r.low(), 1.4);
    EXPECT_EQ(r.high(), 2.1);
    EXPECT_EQ(r.central(), 1.7);
    const A d = A::subtract(context, r, r);
    EXPECT_EQ(d.high(), 0);
}

TEST(AffineBounds, GivesPertAndUniformTheirBounds) {
    A::Context context;
    const A p = testing::named<A, PertLaw>(context, {2, 3, 10}, 1);
    EXPECT_EQ(p.low(), 2);
    EXPECT_EQ(p.high(), 10);
    EXPECT_EQ(p.central(), 3);
    const A u = testing::named<A, UniformLaw>(context, {2, 10}, 1);
    EXPECT_EQ(u.low(), 2);
    EXPECT_EQ(u.high(), 10);
    EXPECT_EQ(u.central(), 6);
    EXPECT_EQ(A::divide(context, p, p, 1).low(), 1);  // each is one input
}

TEST(AffineBounds, RoundsExpAndLogOutward) {
    A::Context context;
    const A e = A::exp(context, A::point(opaque(1)), 1);
    EXPECT_LE(static_cast<long double>(e.low()), std::exp(1.0L));
    EXPECT_GE(static_cast<long double>(e.high()), std::exp(1.0L));
    const A l = A::log(context, A::point(opaque(3)), 1);
    EXPECT_LE(static_cast<long double>(l.low()), std::log(3.0L));
    EXPECT_GE(static_cast<long double>(l.high()), std::log(3.0L));
    const A x = A::between(context, A::point(1), A::point(2), 1);
    const A ex = A::exp(context, x, 1);
    EXPECT_LE(static_cast<long double>(ex.low()), std::exp(1.0L));
    EXPECT_GE(static_cast<long double>(ex.high()), std::exp(2.0L));
    EXPECT_EQ(ex.central(), std::exp(1.5));
}

// ---- errors ---------------------------------------------------------------------------------------------------

TEST(AffineBounds, RefusesARangeThatGoesDown) {
    A::Context context;
    try {
        A::between(context, A::point(5), A::point(1), 4);
        FAIL() << "no error";
    } catch (const ErrorException& e) {
        // The same sentence as Interval's, numbers to three digits.
        EXPECT_EQ(e.error().message, "A range must go from low to high, but 5.00 to 1.00 goes down.");
        EXPECT_EQ(e.error().hint, "Swap the two ends.");
        EXPECT_EQ(e.error().column, 4);
    }
}

TEST(AffineBounds, RefusesToDivideByARangeContainingZeroAsIntervalDoes) {
    A::Context context;
    const A x = A::between(context, A::point(-1), A::point(1), 1);
    const std::string message = sentence_of([&] { A::divide(context, A::point(1), x, 7); });
    EXPECT_TRUE(contains(message, "Division by a range that contains zero")) << message;
    EXPECT_TRUE(contains(sentence_of([&] { A::divide(context, x, A::point(0), 7); }), "Division by zero.")) ;
}

TEST(AffineBounds, DividesByADifferenceThatCannotBeZeroThoughIntervalsSayItCan) {
    // (x + 1) - x is exactly 1; plain intervals give [0, 2] for x = 0 to 1 and refuse the division.
    A::Context context;
    const A x = A::between(context, A::point(0), A::point(1), 1);
    const A one = A::subtract(context, A::add(context, x, A::point(1)), x);
    const A q = A::divide(context, A::point(3), one, 1);
    EXPECT_EQ(q.low(), 3);
    EXPECT_EQ(q.high(), 3);
}

TEST(AffineBounds, RefusesLogsOfValuesThatCanBeZeroOrNegative) {
    A::Context context;
    const A x = A::between(context, A::point(0), A::point(1), 1);
    const std::string message = sentence_of([&] { A::log(context, x, 3); });
    EXPECT_TRUE(contains(message, "above zero")) << message;
    EXPECT_TRUE(contains(sentence_of([&] { A::log(context, A::point(-2), 3); }), "-2")) ;
}

TEST(AffineBounds, RefusesFractionalPowersOfNegativeValues) {
    A::Context context;
    const A x = A::between(context, A::point(-1), A::point(1), 1);
    EXPECT_TRUE(contains(sentence_of([&] { A::power(context, x, 0.5, 2); }), "cannot be negative"));
}

TEST(AffineBounds, RefusesAPertWhoseLikelyValueIsOutsideItsEnds) {
    A::Context context;
    const std::string message = sentence_of([&] { testing::named<A, PertLaw>(context, {1, 7, 5}, 9); });
    EXPECT_TRUE(contains(message, "\"pert\" needs its most likely value between its minimum and maximum")) << message;
    EXPECT_TRUE(contains(message, "7")) << message;
}

// The core says which mode has the answer; the front ends word how to ask for it (cli/advice.cpp, addin/sheet/calc_advice.cpp).
TEST(AffineBounds, SaysNormalAndLognormalHaveNoBoundsAndPointsToDistMode) {
    A::Context context;
    const std::string normal = sentence_of([&] { testing::named<A, NormalLaw>(context, {1, 1}, 1); });
    EXPECT_TRUE(contains(normal, "\"normal\" has no bounds")) << normal;
    const std::string lognormal = sentence_of([&] { testing::named<A, LognormalLaw>(context, {1, 1}, 1); });
    EXPECT_TRUE(contains(lognormal, "no upper bound")) << lognormal;
    for (const auto& refusal : {std::function<void()>([&] { testing::named<A, NormalLaw>(context, {1, 1}, 1); }),
                                std::function<void()>([&] { testing::named<A, LognormalLaw>(context, {1, 1}, 1); })}) {
        try {
            refusal();
            ADD_FAILURE() << "no error was raised";
        } catch (const ErrorException& e) {
            EXPECT_EQ(e.error().kind, ErrorKind::needs_distribution);
            EXPECT_EQ(e.error().mode, Mode::distribution);
            EXPECT_FALSE(contains(e.error().sentence(), "--mode")) << e.error().sentence();
        }
    }
}

TEST(AffineBounds, RefusesReadBackBoundsThatDoNotHoldTheirCentral) {
    A::Context context;
    const std::string message = sentence_of([&] { A::between3(context, A::point(1), A::point(5), A::point(3), 1); });
    EXPECT_TRUE(contains(message, "central value 5.00 lies outside its bounds [1.00, 3.00]")) << message;
}

}  // namespace
}  // namespace ballpark
