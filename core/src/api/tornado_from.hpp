// From a value of the Sensitivity type to the public Tornado: shared by the API (one expression) and Session
// (a notebook's names).
#pragma once

#include "ballpark/tornado.hpp"
#include "values/sensitivity.hpp"
#include "units/value.hpp"

namespace ballpark {

Tornado tornado_from(const Value<Sensitivity>& value, const Sensitivity::Context& context);

}  // namespace ballpark
