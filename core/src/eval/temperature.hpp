// The rules for temperatures on scales with an offset (degC, degF): their sentences, and the steps the evaluator
// takes with them. Kelvin and rankine start at absolute zero, so a value in them is a temperature and a
// difference alike; a value on a scale with an offset is a temperature only (a point on the scale), and these
// rules keep anything from reading one as the other (docs/language.md, "Temperatures"):
//   point ± difference is a point; point - point is a difference; a difference or kelvin plus a point is a point;
//   point + point, -point, and a product, quotient, power or function of a point (but min, max, low, central,
//   high, mean and percentile) are refused, since each depends on where the scale puts its zero; a difference is
//   never shown on a scale with an offset, and whatever is computed from one (max(d, 1 K), sqrt(d * d)) is one.
//   Kelvin values are temperatures when shown on such a scale (300 K as degC is 26.85 degC), as in numbat and GNU
//   units. A temperature below absolute zero (20 degC - 300 K, -500 degF) is refused; a difference may be negative.
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

// How far below zero kelvin a temperature may come by rounding alone: -273.15 degC is 0 K only to within the
// enclosure of 273.15, which no double holds (about 1e-13 K). A nanokelvin leaves room for that and for no reading
// anyone types.
inline constexpr double absolute_zero_slack = 1e-9;

inline bool below_absolute_zero(double kelvin) { return kelvin < -absolute_zero_slack; }

// `what` names the temperature and where it is ("The temperature -280 degC at column 9").
[[noreturn]] inline void fail_below_absolute_zero(const std::string& what, int column) {
    fail_temperature(what + " is below absolute zero (0 K, -273.15 degC, -459.67 degF), where no temperature is.", column,
                     "Check the numbers; a difference of temperatures, which may be negative, is written in K or degR "
                     "(25 degC - 20 degC is 5 K).");
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
