// From a value of the Sensitivity type to the public Tornado: shared by the API (one expression) and Session
// (a notebook's names).
#pragma once

#include "ballpark/tornado.hpp"
#include "values/sensitivity.hpp"
#include "units/value.hpp"

#include <span>
#include <vector>

namespace ballpark {

Tornado tornado_from(const Value<Sensitivity>& value, const Sensitivity::Context& context);

// The values of bindings some of which are earlier results (linked.hpp), each result read through to the inputs
// it was computed from (each plain input once per name and content, as in any evaluation of results), so that a
// tornado's bars are those inputs, named as they were bound, not the results. In the reading of `context.mode`; a
// result of another mode is refused.
std::vector<NamedValue<Sensitivity>> read_through_results(Sensitivity::Context& context, std::span<const Binding> bindings);

}  // namespace ballpark
