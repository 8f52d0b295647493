// From the Mode of EvaluationOptions to the value type that implements it: the one place that knows which type
// reads a range which way.
#pragma once

#include <utility>

#include "ballpark/api.hpp"
#include "values/affine_bounds.hpp"
#include "values/distribution/distribution.hpp"
#include "values/interval.hpp"

namespace ballpark {

// Calls body.template operator()<V>() with the value type of `mode`.
template <class F>
decltype(auto) with_value_type(Mode mode, F&& body) {
    switch (mode) {
        case Mode::interval: return std::forward<F>(body).template operator()<Interval>();
        case Mode::distribution: return std::forward<F>(body).template operator()<Distribution>();
        case Mode::bounds: break;
    }
    return std::forward<F>(body).template operator()<AffineBounds>();
}

}  // namespace ballpark
