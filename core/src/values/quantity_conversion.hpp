// Between the evaluator's values and the public Quantity.
#pragma once

#include <memory>

#include "ballpark/quantity.hpp"
#include "numeric/within_rounding.hpp"
#include "units/value.hpp"
#include "values/value_type.hpp"

namespace ballpark {

// A distribution result kept behind the public Spread interface, so callers can ask for any percentile.
template <DistributionType V>
class SpreadOf final : public Spread {
public:
    explicit SpreadOf(V value) : value_(std::move(value)) {}
    double quantile(double p) const override { return value_.quantile(p); }
    // A single number is at most a threshold equal to it in exact decimals: QTYPROB("0.1+0.2"; 0.3) is 1, as P's
    // comparison decides it (eval/probability.hpp) and as Calc's own =0.1+0.2<=0.3 is TRUE.
    double probability_at_most(double x) const override {
        if (value_.is_point() && within_rounding(value_.central(), x)) return 1;
        return value_.probability_at_most(x);
    }
    void probabilities_at_most(std::span<const double> x, std::span<double> out) const override {
        value_.probabilities_at_most(x, out);
    }
    void sampled_quantiles(std::span<const double> p, std::span<double> out) const override {
        value_.sampled_quantiles(p, out);
    }
    double mean() const override { return value_.mean(); }
    double sd() const override { return value_.sd(); }
    double support_low() const override { return value_.support_low(); }
    double support_high() const override { return value_.support_high(); }

private:
    V value_;
};

template <ValueType V>
Quantity to_quantity(const Value<V>& v) {
    Quantity q;
    q.low = v.number.low();
    q.central = v.number.central();
    q.high = v.number.high();
    q.dimension = v.dimension;
    q.unit = v.unit;
    q.temperature_difference = v.difference;
    if constexpr (DistributionType<V>) {
        q.ends = Ends::percentiles;
        q.spread = std::make_shared<SpreadOf<V>>(v.number);
    }
    return q;
}

}  // namespace ballpark
