// What a Recipe holds (ballpark/linked.hpp): an evaluation written down, with copies of everything it was given.
// read_results.hpp evaluates recipes; recipes.cpp makes them (their content: recipe_content.cpp), recipe_store.cpp keeps
// them, result_key.cpp writes and reads the key after a result text.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "units/value.hpp"
#include "values/interval.hpp"
#include "values/value_type.hpp"

namespace ballpark {

class Recipe : public std::enable_shared_from_this<Recipe> {
public:
    enum class Kind { expression, sum };

    Kind kind = Kind::expression;
    Mode mode = Mode{};
    std::string_view expression;     // Kind::expression
    std::string_view unit;           // the unit the result was asked in; empty: the core's choice
    std::vector<Binding> bindings;   // the expression's bindings, or the terms of a sum; views into `texts`
    int depth = 1;                   // 1 + the deepest recipe among the bindings
    // Every plain input and every recipe read anywhere in the tree, as hashes of their content, sorted; and
    // whether each occurs once and every expression in the tree uses each of its names once. A reading of such
    // recipes whose marks do not meet reads each input once, so plain intervals give its exact bounds.
    std::vector<std::uint64_t> marks;
    bool single_use = true;
    // Whether a binding named "correlation" is in the tree, this recipe's or one it reads: a reading of such a tree
    // states every statement in it before it reads any input (tree_correlations.hpp).
    bool correlated = false;
    // The recipes of the tree, this one included, whose expression writes an unknown of its own (a range or a
    // distribution typed in it), as content hashes, sorted and unique. Two cells alike in such a recipe are two
    // results where one cell read twice is one, and a formula that reaches it twice cannot tell which it was given
    // (binding_texts.hpp, refuse_alike_reached_twice).
    std::vector<std::uint64_t> own_unknowns;
    std::string content;             // every input written out (content_of); two recipes are the same iff equal
    // The hash of `content`, kept: a reading of results marks each recipe it reads by it, and would otherwise hash
    // the whole content again in every cell that reads another Ballpark cell.
    std::uint64_t content_hash = 0;
    // The hash of `content`, or the next free number after it when another content had that hash: the store sets
    // it, once, before the recipe is shared (RecipeStore::remember), and `keyed` says it has. Both are written only
    // under the store's lock and only while no other thread can see the recipe; `key` is read anywhere after.
    mutable std::uint64_t key = 0;
    mutable bool keyed = false;
    // Whether the store holds this recipe: set and cleared under the store's lock, read without it, so that
    // storing a recipe the store already holds (a cell recalculated with the same inputs, whose recipe making
    // found by its content) takes no lock a second time.
    mutable std::atomic<bool> in_store{false};

    // Storage for the views above: containers whose elements stay where they are as more are added. Quantities
    // (an accelerator's figures from the table) are rare, and a list, unlike libstdc++'s deque, allocates
    // nothing while empty, as most results leave it.
    std::deque<std::string> texts;
    std::list<Quantity> quantities;
    std::vector<RecipeRef> sources;  // the recipes the bindings read, kept alive

    // The value in a reading whose values refer to no input (values/value_type.hpp, shareable_values: plain
    // intervals), once computed, so that a single_use recipe read where every input is read once is this value
    // every time. One such reading has a slot here; a second would need its own.
    template <ValueType V>
        requires shareable_values<V>
    std::optional<Value<V>> kept_value() const {
        static_assert(std::is_same_v<V, Interval>, "a recipe keeps the value of one shareable value type");
        const std::lock_guard<std::mutex> lock(cache_mutex_);
        return interval_;
    }
    template <ValueType V>
        requires shareable_values<V>
    void keep_value(const Value<V>& value) const {
        static_assert(std::is_same_v<V, Interval>, "a recipe keeps the value of one shareable value type");
        const std::lock_guard<std::mutex> lock(cache_mutex_);
        interval_ = value;
    }

private:
    mutable std::mutex cache_mutex_;
    mutable std::optional<Value<Interval>> interval_;
};

// One binding written out as text (its name, unit, whether its ends are cells, and each end's content; a recipe
// as its key), appended to `out`. Two bindings with the same text are the same input.
void append_content(std::string& out, const Binding& binding);

// Whether any end of any binding is a recipe.
bool reads_recipes(std::span<const Binding> bindings) noexcept;

// Whether the bindings, recipes among them, read each plain input and each recipe once in all: every recipe
// single_use and no mark in two of them (a name bound twice, or a plain input a recipe reads too).
bool reads_each_input_once(std::span<const Binding> bindings);

}  // namespace ballpark
