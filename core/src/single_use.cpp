#include "single_use.hpp"

#include <algorithm>
#include <vector>

#include "evaluator.hpp"
#include "interval.hpp"

namespace ballpark {

bool uses_each_input_once(const SyntaxTree& tree, std::span<const std::string_view> names) {
    if (!tree.has_calls) {
        // The common case, answered from what the parse found: an input is used twice only if its name repeats.
        for (std::string_view repeated : tree.repeated_names)
            if (std::find(names.begin(), names.end(), repeated) != names.end()) return false;
        return true;
    }
    std::vector<int> uses(names.size(), 0);
    for (const Node& n : tree.nodes) {
        if (n.kind == NodeKind::call && !find_builtin<Interval>(n.text)) return false;
        if (n.kind != NodeKind::name) continue;
        for (std::size_t k = 0; k < names.size(); ++k) {
            if (names[k] == n.text && ++uses[k] > 1) return false;
        }
    }
    return true;
}

}  // namespace ballpark
