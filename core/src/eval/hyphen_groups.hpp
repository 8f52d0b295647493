// Hyphen groups: "GPU-day-hour" is a product of units, as the parser reads it, but a hyphen beside a variable
// subtracts ("years-months" with variables years and months), which only the evaluator, knowing the variables, can
// tell. Included at the end of evaluator.hpp.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"

namespace ballpark {

template <ValueType V>
struct HyphenGroups {
    using E = Evaluator<V>;

    // The names of a hyphen group ("GPU-day-hour"), left to right: the parser builds it as a product down the
    // left spine, one name per hyphen on the right.
    static std::vector<const Node*> hyphen_names(const SyntaxTree& t, const Node& group) {
        std::vector<const Node*> names;
        const Node* p = &group;
        while (p->kind == NodeKind::multiply && p->hyphen) {
            names.push_back(&t.nodes[p->rhs]);
            p = &t.nodes[p->lhs];
        }
        names.push_back(p);
        std::reverse(names.begin(), names.end());
        return names;
    }

    // Whether a name of the hyphen group is a variable, which makes the hyphens beside it minus signs.
    static bool subtracts(const E& ev, const SyntaxTree& t, const Node& group, std::span<const NamedValue<V>> locals) {
        for (const Node* name : hyphen_names(t, group))
            if (ev.lookup(name->text, locals)) return true;
        return false;
    }

    // "years-months" with variables years and months: a hyphen beside a variable subtracts, one between two units
    // stays a product ("GPU-hour-x" is GPU·hour - x). As a whole operand of a sum the minus keeps its precedence;
    // inside a product ("2 years-months") it would not, and which was meant cannot be told.
    static Value<V> value(E& ev, const SyntaxTree& t, const Node& group, std::span<const NamedValue<V>> locals) {
        const std::vector<const Node*> names = hyphen_names(t, group);
        const char* begin = names.front()->text.data();
        const std::string written(begin, static_cast<std::size_t>(names.back()->text.data() + names.back()->text.size() - begin));
        if (!group.hyphen_whole) {
            const Node* variable = *std::find_if(names.begin(), names.end(), [&](const Node* m) { return ev.lookup(m->text, locals); });
            std::string spaced = written;
            for (std::size_t k = spaced.size(); k-- > 0;)
                if (spaced[k] == '-') spaced.replace(k, 1, " - ");
            fail(ErrorKind::ambiguous, "The \"-\" in " + in_quotes(written) + ev.at(names.front()->column) + " subtracts, since " +
                     in_quotes(variable->text) + " is a variable, but it stands inside a product, where a minus reads two ways.",
                 names.front()->column,
                 "Write " + in_quotes("(" + written + ")") + " to subtract first, or " + in_quotes(spaced) +
                     " with spaces for an ordinary minus.");
        }
        typename V::Context& c = ev.context();
        const auto value_of = [&](const Node& name) {
            if (const Value<V>* v = ev.lookup(name.text, locals)) return *v;
            const UnitValue* u = t.unit_of(name);
            if (u->offset != 0) TemperatureValues<V>::fail_scale_alone(ev, name);
            return Value<V>{E::number(u->factor_low, u->factor, u->factor_high), u->dimension, nullptr};
        };
        std::optional<Value<V>> total;
        Value<V> part = value_of(*names.front());
        for (std::size_t k = 1; k < names.size(); ++k) {
            const Node& before = *names[k - 1];
            const Node& after = *names[k];
            const Value<V> next = value_of(after);
            if (!ev.lookup(before.text, locals) && !ev.lookup(after.text, locals)) {
                part = ev.checked(Value<V>{V::multiply(c, part.number, next.number), part.dimension * next.dimension, nullptr},
                               after.column);
                continue;
            }
            if (total) {
                ev.same_dimension(*total, part, "subtract", "\"-\"", after.column - 1);
                total = ev.checked(Value<V>{V::subtract(c, total->number, part.number), total->dimension, nullptr}, after.column - 1);
            } else {
                total = part;
            }
            part = next;
        }
        ev.same_dimension(*total, part, "subtract", "\"-\"", names.back()->column - 1);
        return ev.checked(Value<V>{V::subtract(c, total->number, part.number), total->dimension, nullptr}, names.back()->column - 1);
    }
};

}  // namespace ballpark
