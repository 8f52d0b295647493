// A value during evaluation: a number of the evaluator's value type in SI base units, its dimension, and the
// display unit that `as` gave it. Also the scopes names are looked up in.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ballpark/dimension.hpp"
#include "ballpark/quantity.hpp"
#include "ballpark/text_cache.hpp"
#include "language/syntax_tree.hpp"

namespace ballpark {

template <class V>
struct Value {
    V number;
    Dimension dimension;
    std::shared_ptr<const DisplayUnit> unit;
    // A difference of two temperatures ("25 degC - 20 degC", 5 K): shown in kelvin or rankine, never on a scale
    // with an offset, where it would read as a temperature. A temperature on such a scale has a `unit` with an
    // offset (is_offset_scale) instead, which the evaluator keeps through sums and differences.
    bool difference = false;
};

template <class V>
struct NamedValue {
    std::string_view name;
    Value<V> value;
};

template <class T>
using StringMap = TextMap<T>;

// What a session defines: variables, and user functions kept as the syntax tree of their definition.
template <class V>
struct Globals {
    StringMap<Value<V>> variables;
    StringMap<std::shared_ptr<const SyntaxTree>> functions;
};

}  // namespace ballpark
