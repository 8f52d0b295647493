// The correlations of an evaluation that reads earlier results: every binding named "correlation" in it, the call's
// own and those kept in the recipes it reads, stated together before any input is read. A correlation then applies
// to every use of its inputs wherever they are read, whatever the order of the results (a total of two runs over
// one utilization and one price, one of which states their correlation, is correlated in either order), and two
// statements that disagree are refused rather than one of them winning. Internal to core/src/api.
#pragma once

#include <span>

#include "ballpark/api.hpp"
#include "values/distribution/correlation.hpp"

namespace ballpark::detail {

// Whether the bindings, or any result they read, hold a binding named "correlation".
bool reads_correlations(std::span<const Binding> bindings);

// Every pair stated in the tree of `bindings`, checked as one set: throws a sentence when two statements give one
// pair different correlations (naming both statements and where each is), when a correlated name is given two
// different values in the tree (it would name two inputs), when it is bound to an earlier result rather than to an
// uncertain input, when it is bound nowhere in the tree, or when the set cannot hold at once.
Correlations gather_correlations(std::span<const Binding> bindings);

}  // namespace ballpark::detail
