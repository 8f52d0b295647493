// The checks before a quantity is shown in a unit, which the evaluation of a text that declares its own units needs
// too. Internal to core/src/api.
#pragma once

#include "ballpark/quantity.hpp"

namespace ballpark::detail {

// In a tiny unit a huge value leaves double precision, and the text would say "inf".
void check_expressible(const Quantity& q, const DisplayUnit& unit);

// A quantity shown in `unit`: of its dimension, not a difference of temperatures on a scale with an offset, not below
// absolute zero there.
void check_dimension(const Quantity& q, const DisplayUnit& unit);

}  // namespace ballpark::detail
