// The three-term metalog (Keelin 2016, Decision Analysis 13(4)): the distribution whose 10th, 50th and 90th
// percentiles are three numbers an expert gives, exactly. Its quantile function is closed-form,
//   Q(y) = a1 + a2 L + a3 (y - 1/2) L,  L = ln(y / (1 - y)),
// with a1 = t50, a2 = (t90 - t10) / (2 ln 9), a3 = (t90 + t10 - 2 t50) / (0.8 ln 9), where t is the number itself
// (unbounded), ln(x - low) (a lower bound), -ln(high - x) (an upper bound alone) or ln((x - low) / (high - x))
// (both bounds); x comes back from Q by the
// inverse of that map. Every value type reads the same fit: the distribution samples Q on its points, the bounds
// readings take [low, high], the tornado Q's percentiles.
//
// Q increases everywhere, so that it is a distribution, exactly when a2 > 0 and |a3| / a2 < 1 / max |g|, with
// g(y) = y (1 - y) L + y - 1/2 (Q'(y) y (1 - y) = a2 + a3 g(y), and g is odd about 1/2): 1.6671131192…, Keelin's
// 1.66711. With s = (t50 - t10) / (t90 - t10), where the median lies between the other two, a3 / a2 = 2.5 (1 - 2 s),
// so the condition is that the median lies in the middle two thirds of p10 to p90 (measured in t).
#pragma once

#include <limits>
#include <span>
#include <string>

#include "values/law.hpp"

namespace ballpark {

struct Metalog {
    // 1 / max over (0, 1) of |y (1 - y) ln(y / (1 - y)) + y - 1/2|, at y = 0.0832217… (tests/unit/metalog_test.cpp
    // finds it again numerically).
    static constexpr double steepest_ratio = 1.6671131192019294;

    // The arguments as given, in the unit the value type holds (SI base): the three percentiles and the bounds,
    // infinite where none was given.
    double p10 = 0, p50 = 0, p90 = 0;
    double low = -std::numeric_limits<double>::infinity();
    double high = std::numeric_limits<double>::infinity();
    // What the bound arguments enclose (a decimal such as 0.1 lies between two doubles): the bounds readings give
    // these, so that their bounds stay guaranteed. Equal to low and high where the bound is exact.
    double outer_low = -std::numeric_limits<double>::infinity();
    double outer_high = std::numeric_limits<double>::infinity();
    double a1 = 0, a2 = 0, a3 = 0;

    // The metalog through the three numbers, or a sentence (an Error thrown by fail) saying what to change: the
    // percentiles out of order, bounds that do not enclose them, or a median too near p10 or p90 for a three-term
    // metalog. `column` is where the call is, `at` the words that say so (" at column 7").
    static Metalog fit(double p10, double p50, double p90, double low, double high, int column, const std::string& at);

    bool bounded_below() const { return low > -std::numeric_limits<double>::infinity(); }
    bool bounded_above() const { return high < std::numeric_limits<double>::infinity(); }
    // The y-quantile, 0 < y < 1; y = 0 and y = 1 give the support's ends (the bounds, or infinities). Never outside
    // [low, high].
    double quantile(double y) const;
    // The call as a label for a tornado's bar: "metalog(0.25, 0.4, 0.6, 0, 1)".
    std::string call() const;
    // The fit as the law every value type reads (law.hpp): support [low, high], reached only in the limit, central
    // value and median p50, refused by the bounds readings without both bounds (no_bounds.hpp).
    Law law() const;
};

// metalog(p10, p50, p90), metalog(p10, p50, p90, low) and metalog(p10, p50, p90, low, high) as a named
// distribution of the built-ins (law.hpp): unbounded, bounded below, or bounded on both sides.
struct MetalogLaw {
    static constexpr LawSignature signature{
        "metalog", {"p10", "p50", "p90", "lower bound", "upper bound"}, 3, 4, "metalog(2 day, 3 day, 5 day, 1 day)",
        "Give the three percentiles and the bounds as plain numbers: the metalog itself is the uncertainty."};
    static Law law(std::span<const double> arguments, int column, const std::string& at);
};

}  // namespace ballpark
