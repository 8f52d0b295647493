// Between the evaluator's values and the public Quantity.
#pragma once

#include "ballpark/quantity.hpp"
#include "interval.hpp"
#include "value.hpp"

namespace ballpark {

inline Quantity to_quantity(const Value<Interval>& v) {
    return Quantity{v.number.low(), v.number.central(), v.number.high(), v.dimension, v.unit};
}

}  // namespace ballpark
