// While an evaluation reads earlier results (recipes), what it has read: each recipe's value and each plain input by
// its content, so that what several results share is one input in it. Internal to core/src/api.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include "api/recipe.hpp"
#include "ballpark/mode.hpp"
#include "eval/value_types.hpp"

namespace ballpark::detail {

// An evaluation that reads recipes (linked.hpp) keeps, while it runs, the value of each recipe it has read and of
// each plain input by its content, so that what several results share is one input here. Opened by the
// evaluation that is handed the recipes and passed down to the readers (ReadOptions::memo); the recipes read inside
// it use the same one.
template <ValueType V>
struct LinkMemo {
    std::unordered_map<const Recipe*, Value<V>> results;
    std::unordered_map<std::string, Value<V>> inputs;  // by append_content of the binding
    // The results read as instances of their own (ReadOptions::own_instance), by the sum that reads them and the term:
    // a sum read twice (two alike totals of one range, or one total read through two cells) reads its repeated
    // terms as the same instances both times, so each unknown of a sum of sums is counted once.
    std::map<std::pair<const Recipe*, std::size_t>, Value<V>> instances;
    // Whether the correlations of the whole tree have been stated (tree_correlations.hpp), before any input was
    // read, and whether there were any.
    bool correlations_gathered = false;
    bool correlated = false;
};

}  // namespace ballpark::detail
