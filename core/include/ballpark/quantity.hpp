// What the public API hands out: a range of values in SI base units, its dimension, and how to show it.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "ballpark/dimension.hpp"
#include "ballpark/mode.hpp"  // Ends

namespace ballpark {

// A unit chosen for display, such as "million hour": its text and its size in SI base units.
struct DisplayUnit {
    std::string label;
    double factor = 1.0;
    Dimension dimension;
    // A temperature scale with an offset ("degC", "°F"): a value x in SI base units (kelvin) reads
    // x / factor - offset on it (offset 273.15 for Celsius, 459.67 for Fahrenheit). 0 for every other unit.
    double offset = 0;
};

// Whether `unit` is a temperature scale with an offset: a value shown in it is a temperature (a point on the
// scale), never a difference of two.
inline bool is_offset_scale(const DisplayUnit* unit) { return unit && unit->offset != 0; }
// The number `x` (SI base units) reads in `unit`: x / factor, less the offset of a temperature scale.
inline double in_unit(double x, const DisplayUnit& unit) { return x / unit.factor - unit.offset; }

// A distribution result beyond its three numbers; values in SI base units.
class Spread {
public:
    virtual ~Spread() = default;
    virtual double quantile(double p) const = 0;  // 0 < p < 1
    // P(X <= x), x in SI base units: the CDF that the percentiles invert, exact where the value has a closed form
    // and interpolated between the shared quasi-random points otherwise (deterministic: no seed).
    virtual double probability_at_most(double x) const = 0;
    // The same at each of the ascending points x, into out (as many): for many points, one pass where the value is
    // sampled, and there the points' interpolated CDF everywhere (the inverse of sampled_quantiles), also in the far
    // tails where probability_at_most may integrate an exact one.
    virtual void probabilities_at_most(std::span<const double> x, std::span<double> out) const = 0;
    // The p-quantiles at the ascending probabilities p, into out (as many), from the points the CDF above
    // interpolates between where the value is sampled (so that CDF inverts them), for every p from 0 to 1: the
    // ends of a picture, which need no percent's accuracy in a far tail. The closed form's where there is one.
    virtual void sampled_quantiles(std::span<const double> p, std::span<double> out) const = 0;
    virtual double mean() const = 0;
    virtual double sd() const = 0;
    // The values it can take lie in [support_low, support_high] (SI base units): where that excludes zero, no
    // percentile is zero, so the formatter never prints a tiny one as 0 (1e20 to 1e31 has its 5th percentile at
    // 1e20, a hundred-billionth of its width).
    virtual double support_low() const = 0;
    virtual double support_high() const = 0;
};

struct Quantity {
    double low = 0;      // guaranteed lower bound, or the 5th percentile; in SI base units of `dimension`
    double central = 0;  // the expression at its inputs' central values, or the median
    double high = 0;     // guaranteed upper bound, or the 95th percentile
    Dimension dimension;
    std::shared_ptr<const DisplayUnit> unit;  // set by `as`; null means "choose a unit by dimension"
    Ends ends = Ends::bounds;  // what low, central and high are: bounds, or percentiles of `spread`
    std::shared_ptr<const Spread> spread = nullptr;  // set for distributions
    // A difference of two temperatures (25 degC - 20 degC): never shown on a scale with an offset (degC), where it
    // would read as a temperature.
    bool temperature_difference = false;

    // False when low and high agree to about one part in a billion (outward rounding leaves a few ulps).
    bool is_range() const;
};

}  // namespace ballpark
