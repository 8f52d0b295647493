// The rules for temperatures on scales with an offset (degC, degF): their sentences, and the steps the evaluator
// takes with them. Kelvin and rankine start at absolute zero, so a value in them is a temperature and a
// difference alike; a value on a scale with an offset is a temperature only (a point on the scale), and these
// rules keep anything from reading one as the other (docs/language.md, "Temperatures"):
//   point ± difference is a point; point - point is a difference; a difference or kelvin plus a point is a point;
//   point + point, -point, and a product, quotient, power or function of a point (but min, max, low, central,
//   high, mean and percentile) are refused, since each depends on where the scale puts its zero; a difference is
//   never shown on a scale with an offset. Kelvin values are temperatures when shown on such a scale (300 K as
//   degC is 26.85 degC), as in numbat and GNU units.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/quantity.hpp"
#include "ballpark/text.hpp"
#include "language/syntax_tree.hpp"
#include "units/value.hpp"

namespace ballpark {

inline const std::string_view temperature_hint =
    "Write (t as K) to compute with the absolute temperature in kelvin, or a difference in K (Celsius-sized "
    "degrees) or degR (Fahrenheit-sized).";

[[noreturn]] inline void fail_temperature(std::string message, int column, std::string hint = std::string(temperature_hint)) {
    Error error{std::move(message), column, std::move(hint)};
    error.kind = ErrorKind::temperature;
    fail(std::move(error));
}

// Whether a value is a temperature on a scale with an offset (20 degC), not kelvin or a difference.
template <class V>
bool is_temperature_point(const Value<V>& v) {
    return is_offset_scale(v.unit.get());
}

inline bool is_temperature_dimension(const Dimension& d) { return d == Dimension::of(BaseDimension::temperature); }

// The display unit of a point on the scale `unit`, named as it was typed ("°C", "degC", "celsius").
inline std::shared_ptr<const DisplayUnit> scale_display(std::string_view typed, const UnitValue& unit) {
    return std::make_shared<const DisplayUnit>(DisplayUnit{std::string(typed), unit.factor, unit.dimension, unit.offset});
}

// Whether the function `name` is one whose result on temperatures is a temperature on the same scale, whatever
// the scale's zero: an order statistic or a mean, each of which moves with the scale.
inline bool keeps_temperature(std::string_view name) {
    return name == "min" || name == "max" || name == "low" || name == "central" || name == "high" || name == "mean" ||
           name == "percentile";
}

}  // namespace ballpark
