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
#include "syntax_tree.hpp"

namespace ballpark {

template <class V>
struct Value {
    V number;
    Dimension dimension;
    std::shared_ptr<const DisplayUnit> unit;
};

template <class V>
struct NamedValue {
    std::string_view name;
    Value<V> value;
};

// Lets maps keyed by std::string be searched with a string_view without building a string.
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
};

template <class T>
using StringMap = std::unordered_map<std::string, T, StringHash, std::equal_to<>>;

// What a session defines: variables, and user functions kept as the syntax tree of their definition.
template <class V>
struct Globals {
    StringMap<Value<V>> variables;
    StringMap<std::shared_ptr<const SyntaxTree>> functions;
};

}  // namespace ballpark
