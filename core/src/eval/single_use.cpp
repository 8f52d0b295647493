#include "eval/single_use.hpp"

#include <algorithm>
#include <vector>

#include "eval/evaluator.hpp"
#include "values/interval.hpp"

namespace ballpark {

namespace {

// `name_of(k)` is the k-th input's name, for k below `count`.
template <class NameOf>
bool each_once(const SyntaxTree& tree, std::size_t count, NameOf name_of) {
    if (!tree.has_calls) {
        // The common case, answered from what the parse found: an input is used twice only if its name repeats.
        for (std::string_view repeated : tree.repeated_names)
            for (std::size_t k = 0; k < count; ++k)
                if (name_of(k) == repeated) return false;
        return true;
    }
    std::vector<int> uses(count, 0);
    for (const Node& n : tree.nodes) {
        if (n.kind == NodeKind::call && !find_builtin<Interval>(n.text)) return false;
        if (n.kind != NodeKind::name) continue;
        for (std::size_t k = 0; k < count; ++k) {
            if (name_of(k) == n.text && ++uses[k] > 1) return false;
        }
    }
    return true;
}

}  // namespace

bool uses_each_input_once(const SyntaxTree& tree, std::span<const std::string_view> names) {
    return each_once(tree, names.size(), [&](std::size_t k) { return names[k]; });
}

bool uses_each_input_once(const SyntaxTree& tree, std::span<const Binding> bindings) {
    return each_once(tree, bindings.size(), [&](std::size_t k) { return bindings[k].name; });
}

}  // namespace ballpark
