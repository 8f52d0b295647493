// P(x < y), P(x > y) and P(a < x < b): the probability that a comparison holds, a plain number from 0 to 1.
//
// Each comparison is read as a difference against zero, x - y < 0, computed with the value type's own
// subtraction, so a name on both sides stays one input (P(x < x + 1) is 1 in every reading). In a reading whose
// values are distributions (DistributionType: the 90% reading) the difference's CDF at zero is the answer, exact
// where the value has a closed form and interpolated between the shared points otherwise
// (values/distribution/probability.cpp). In a reading of guaranteed bounds there is no probability, only what the
// bounds decide: 1 when every value satisfies the comparison, 0 when none does, and a sentence of kind
// needs_distribution (the front end names how to ask for the 90% reading) when the threshold lies inside them.
// Which of the two a reading does follows from its row's value type (the DistributionType concept, as percentile()
// in builtins.hpp), never from naming a mode.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>

#include "eval/evaluator.hpp"
#include "numeric/within_rounding.hpp"

namespace ballpark {

namespace probability_detail {

// P(lower - upper < 0) (strict) or P(lower - upper <= 0); nullopt when the reading cannot tell (bounds on both
// sides of zero). A difference within the rounding of the ends it comes from is zero (within_rounding.hpp): sides
// equal in exact decimals (0.1 + 0.2 and 0.3) are equal, and bounds that only touch the threshold
// (P(10% to 30% <= 30%), whose 30% is enclosed outward) decide `<=` and `>=`.
template <ValueType V>
std::optional<double> chance_below(typename V::Context& c, const V& lower, const V& upper, bool strict) {
    const V d = V::subtract(c, lower, upper);
    const auto larger = [](double a, double b) { return std::max(std::abs(a), std::abs(b)); };
    if constexpr (DistributionType<V>) {
        // A point has no density: it is below or not, and equality is where strict and not strict differ.
        if (d.is_point()) {
            const bool zero = difference_within_rounding(d.central(), larger(lower.central(), upper.central()));
            const bool below = d.central() < 0 && !zero;
            return (strict ? below : below || zero) ? 1.0 : 0.0;
        }
        return d.probability_at_most(0.0);
    } else {
        // The high end of the difference is reached with lower at its high end and upper at its low end.
        const bool high_zero = difference_within_rounding(d.high(), larger(lower.high(), upper.low()));
        const bool low_zero = difference_within_rounding(d.low(), larger(lower.low(), upper.high()));
        if (strict ? d.high() < 0 && !high_zero : d.high() <= 0 || high_zero) return 1.0;
        if (strict ? d.low() >= 0 || low_zero : d.low() > 0 && !low_zero) return 0.0;
        return std::nullopt;
    }
}

}  // namespace probability_detail

template <ValueType V>
Value<V> eval_probability(Evaluator<V>& evaluator, const SyntaxTree& t, const Node& n,
                          std::span<const NamedValue<V>> locals) {
    using namespace probability_detail;
    typename V::Context& c = evaluator.context();
    const bool down = (n.comparison & comparison_bits::down) != 0;
    const bool chain = n.middle >= 0;
    const std::string op = down ? ">" : "<";
    // Operands in the order written; a chain's ends are first and last.
    Value<V> first = evaluator.eval(t, n.lhs, locals);
    const Value<V> second = evaluator.eval(t, chain ? n.middle : n.rhs, locals);
    evaluator.same_dimension_counting(first, second, "compare", in_quotes(op), n.column);
    // "lower < upper" with the comparison's strictness: P(lower - upper < 0).
    const auto compare = [&](const Value<V>& a, const Value<V>& b, bool strict) {
        const Value<V>& lower = down ? b : a;
        const Value<V>& upper = down ? a : b;
        return chance_below(c, lower.number, upper.number, strict);
    };
    const bool first_strict = (n.comparison & comparison_bits::first_strict) != 0;
    const auto undecided = [&] {
        fail_needs_distribution(
            "The comparison in " + in_quotes("P") + evaluator.at(n.column) +
                " is not decided by the bounds, which lie on both sides of the threshold, and guaranteed bounds give "
                "no probability.",
            "P", n.column,
            "The " + std::string(mode_info(mode_info(Mode{}).percentiles_in).label) +
                " reading gives the probability; guaranteed bounds give only 0 or 1, where they decide it.");
    };
    std::optional<double> p;
    if (!chain) {
        p = compare(first, second, first_strict);
        if (!p) undecided();
    } else {
        // P(a < x < b) = P(x < b) - P(x <= a), which holds when a <= b for every value of the inputs.
        Value<V> third = evaluator.eval(t, n.rhs, locals);
        evaluator.same_dimension_counting(third, second, "compare", in_quotes(op), n.column);
        const Value<V>& low_end = down ? third : first;
        const Value<V>& high_end = down ? first : third;
        const V gap = V::subtract(c, low_end.number, high_end.number);
        if (gap.support_high() > 0 &&
            !difference_within_rounding(gap.support_high(), std::max(std::abs(low_end.number.high()), std::abs(high_end.number.low())))) {
            fail_about(ErrorKind::range_order, "P",
                       "The ends of " + in_quotes("P") + evaluator.at(n.column) +
                           " must be in order, the lower end never above the upper one, but here the lower can be "
                           "above the upper.",
                       n.column, down ? "Write P(high > x > low), the higher end first." : "Write P(low < x < high), the lower end first.");
        }
        const bool second_strict = (n.comparison & comparison_bits::second_strict) != 0;
        // Strictness of the comparison with each end, as written from the left.
        const bool low_strict = down ? second_strict : first_strict;
        const bool high_strict = down ? first_strict : second_strict;
        // x above the low end (P(low - x < 0)) and below the high end (P(x - high < 0)).
        const std::optional<double> above = chance_below(c, low_end.number, second.number, low_strict);
        const std::optional<double> below = chance_below(c, second.number, high_end.number, high_strict);
        if (above && below) {
            // Both decided or both probabilities: P(x < high) - P(x <= low) = below - (1 - above).
            p = std::clamp(*below + *above - 1, 0.0, 1.0);
        } else if ((above && *above == 0) || (below && *below == 0)) {
            p = 0.0;  // one side already rules every value out
        } else {
            undecided();
        }
    }
    return Value<V>{V::point(*p), {}, nullptr};
}

}  // namespace ballpark
