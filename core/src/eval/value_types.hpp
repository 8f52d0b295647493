// Every value type the evaluator runs with: one for each mode (the rows of BALLPARK_MODES, ballpark/mode.hpp), and
// those that are no mode, listed here. The typed tests run over AllValueTypes (tests/unit/testing.hpp), and
// tests/structure/value_types_test.py fails when a value type of core/src/values is in neither list.
#pragma once

#include "eval/mode_dispatch.hpp"
#include "values/sensitivity.hpp"

namespace ballpark {

// Value types that no mode reads ranges with: the tornado's (Session::tornado).
using OtherValueTypes = TypeList<Sensitivity>;

namespace mode_detail {
template <class... A, class... B>
TypeList<A..., B...> joined(TypeList<A...>, TypeList<B...>);
}  // namespace mode_detail

using AllValueTypes = decltype(mode_detail::joined(ModeValueTypes{}, OtherValueTypes{}));

}  // namespace ballpark
