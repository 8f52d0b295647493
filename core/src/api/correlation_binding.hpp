// A binding named "correlation": the sheet's way to state rank correlations between the other bindings,
// so that QTYDIST, QTYVALUE, QTYSUM, QTYPROB and the column form take them with no new argument. Its value is a
// text of pairs, "u, price: -0.5; u, tokens: 0.3" (";" or a new line between them), read as the language's
// `correlation(u, price) = -0.5` lines are (values/distribution/correlation.hpp). A result's recipe keeps its
// bindings, this one with them, so a result read again in another reading is correlated there too. Internal to
// core/src/api.
#pragma once

#include <span>
#include <string_view>

#include "ballpark/api.hpp"
#include "values/distribution/correlation.hpp"

namespace ballpark::detail {

inline constexpr std::string_view correlation_binding_name = "correlation";

// The binding named "correlation", or null.
inline const Binding* correlation_binding(std::span<const Binding> bindings) {
    for (const Binding& b : bindings)
        if (b.name.size() == correlation_binding_name.size() && b.name == correlation_binding_name) return &b;
    return nullptr;
}

// States the correlations of the binding's text into `correlations`; throws a sentence when the value is not such a
// text, a pair is not "name, name: number", two pairs give the same two names, or the set is inconsistent.
void state_correlation_binding(const Binding& b, Correlations& correlations);

// Checks the binding named "correlation" among a call's `bindings`, if there is one, the same in every reading (so
// that a call refused in the 90% reading is refused in the others): each name it correlates must be the name of
// another binding of the call, spelt as there (a misspelt or differently capitalised name is refused with the
// names the call binds and the nearest of them), bound to one uncertain input: not a number, not two ranges, not an
// earlier result. Where the call reads earlier results, a name it does not bind itself is left to them.
void check_correlation_binding(std::span<const Binding> bindings);

}  // namespace ballpark::detail
