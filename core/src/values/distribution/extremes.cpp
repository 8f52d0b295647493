#include "values/distribution/extremes.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace ballpark::extremes {

std::optional<Extreme> of(bool largest, const independent_sum::Sum& operand) {
    if (operand.parts.empty() || operand.parts.size() > independent_sum::max_quadrature_parts) return std::nullopt;
    if (!std::isfinite(operand.constant)) return std::nullopt;
    return Extreme{largest, {operand}, operand.inputs};
}

std::optional<Extreme> combined(const Extreme& a, const Extreme& b) {
    if (a.largest != b.largest || a.operands.size() + b.operands.size() > max_operands) return std::nullopt;
    Extreme out{a.largest, a.operands, {}};
    std::set_union(a.inputs.begin(), a.inputs.end(), b.inputs.begin(), b.inputs.end(), std::back_inserter(out.inputs));
    if (out.inputs.size() != a.inputs.size() + b.inputs.size()) return std::nullopt;  // an input in both
    out.operands.insert(out.operands.end(), b.operands.begin(), b.operands.end());
    return out;
}

std::optional<double> quantile(const Extreme& extreme, double p, double guess, double spread) {
    double worst_error = 0;
    // P(max <= t) = prod P(X_i <= t); its complement, P(max > t) = 1 - prod (1 - P(X_i > t)), as -expm1 of a sum of
    // log1p so that a far upper tail keeps its digits. min mirrors both.
    const auto cdf = [&](double t, bool below) {
        const bool product = extreme.largest == below;  // the side on which the operands' tails multiply
        double prod = 1, log_complement = 0;
        for (const independent_sum::Sum& s : extreme.operands) {
            const double tail = independent_sum::cdf(s, t, below, &worst_error);
            if (product) {
                prod *= tail;
            } else {
                log_complement += std::log1p(-tail);
            }
        }
        return product ? prod : -std::expm1(log_complement);
    };
    const auto q = independent_sum::invert(cdf, p, guess, spread);
    if (!q || !(worst_error <= 1e-2)) return std::nullopt;  // as independent_sum::quantile accepts
    return q;
}

}  // namespace ballpark::extremes
