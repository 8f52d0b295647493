#include "api/tree_correlations.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "api/binding_texts.hpp"
#include "api/correlation_binding.hpp"
#include "api/recipe.hpp"
#include "ballpark/text.hpp"

namespace ballpark::detail {
namespace {

// One "correlation" binding of the tree and where it was given: the call itself (null) or the result whose recipe
// keeps it.
struct Statement {
    const Binding* binding;
    const Recipe* owner;
    Correlations pairs;  // its own pairs, checked alone
};

// What a correlated name is bound to somewhere in the tree: a plain value (by its content) or an earlier result.
struct Use {
    const Binding* binding;
    std::string content;
};

struct Walk {
    std::vector<Statement> statements;
    std::map<std::string, std::vector<Use>, std::less<>> uses;  // by name
    std::unordered_set<const Recipe*> visited;  // each recipe walked once, however often the tree reads it

    void bindings(std::span<const Binding> bs, const Recipe* owner) {
        for (const Binding& b : bs) {
            if (correlation_binding(std::span(&b, 1))) {
                Statement s{&b, owner, {}};
                state_correlation_binding(b, s.pairs);
                statements.push_back(std::move(s));
                continue;
            }
            std::vector<Use>& of_name = uses[std::string(b.name)];
            Use use{&b, {}};
            append_content(use.content, b);
            if (std::ranges::none_of(of_name, [&](const Use& u) { return u.content == use.content; })) of_name.push_back(std::move(use));
            for (const Input* input : {&b.value, b.central ? &*b.central : nullptr, b.high ? &*b.high : nullptr}) {
                const Recipe* recipe = input ? recipe_in(*input) : nullptr;
                if (!recipe || !visited.insert(recipe).second) continue;
                bindings(recipe->bindings, recipe);
            }
        }
    }
};

std::string where(const Statement& s) {
    const std::string text = in_quotes(std::get<std::string_view>(s.binding->value));
    if (!s.owner) return text + " (given in this call)";
    return text + " (kept by the result " + shown(Input{s.owner}) + ")";
}

std::string pair_words(const Correlations::Pair& p) { return in_quotes(p.a) + " and " + in_quotes(p.b); }

}  // namespace

bool reads_correlations(std::span<const Binding> bindings) {
    for (const Binding& b : bindings) {
        if (b.name == correlation_binding_name) return true;
        for (const Input* input : {&b.value, b.central ? &*b.central : nullptr, b.high ? &*b.high : nullptr}) {
            const Recipe* recipe = input ? recipe_in(*input) : nullptr;
            if (recipe && recipe->correlated) return true;
        }
    }
    return false;
}

Correlations gather_correlations(std::span<const Binding> bindings) {
    Walk walk;
    walk.bindings(bindings, nullptr);
    if (walk.statements.empty()) return {};
    // Every pair once, each with the statement that gave it first; a second statement of the same pair must agree.
    struct Stated {
        Correlations::Pair pair;
        const Statement* by;
    };
    std::vector<Stated> all;
    for (const Statement& s : walk.statements) {
        for (const Correlations::Pair& p : s.pairs.pairs()) {
            const auto same = std::ranges::find_if(all, [&](const Stated& t) {
                return (t.pair.a == p.a && t.pair.b == p.b) || (t.pair.a == p.b && t.pair.b == p.a);
            });
            if (same == all.end()) {
                all.push_back({p, &s});
                continue;
            }
            if (same->pair.rank == p.rank) continue;
            Error error{"The correlation of " + pair_words(p) + " is stated twice with different values: " + where(*same->by) +
                            " and " + where(s) + ". A correlation applies to every use of its inputs, so one pair of inputs "
                            "has one correlation wherever its results meet.",
                        0, {}, ErrorKind::argument};
            error.advice = ErrorAdvice::one_correlation;
            fail(std::move(error));
        }
    }
    // Each correlated name must be one uncertain input of what is read here.
    for (const Stated& s : all) {
        for (const std::string& name : {s.pair.a, s.pair.b}) {
            const auto found = walk.uses.find(name);
            if (found == walk.uses.end()) {
                Error error{in_quotes(name) + " is correlated in " + where(*s.by) + ", but neither this call nor the results it "
                                "reads give a value to " + in_quotes(name) + ".",
                            0, {}, ErrorKind::unknown_name};
                error.argument = name;
                error.advice = ErrorAdvice::correlate_given_names;
                fail(std::move(error));
            }
            const std::vector<Use>& uses = found->second;
            for (const Use& u : uses) {
                if (reads_recipes(std::span(u.binding, 1))) {
                    Error error{in_quotes(name) + " is correlated in " + where(*s.by) + ", but " + in_quotes(name) +
                                    " is given an earlier result, " + shown(u.binding->value) + ", not an uncertain input of its own.",
                                0, {}, ErrorKind::argument};
                    error.argument = name;
                    error.advice = ErrorAdvice::correlate_result_inputs;
                    fail(std::move(error));
                }
            }
            // Rows of a column are one name bound once a row: each row is its own model.
            const auto same_row = [&](std::size_t i, std::size_t j) { return uses[i].binding->row == uses[j].binding->row; };
            for (std::size_t j = 1; j < uses.size(); ++j) {
                if (!same_row(0, j)) continue;
                fail(ErrorKind::ambiguous, in_quotes(name) + " is correlated in " + where(*s.by) + ", but the results read here give " +
                         in_quotes(name) + " two different values, " + in_quotes(as_given(*uses[0].binding)) + " and " +
                         in_quotes(as_given(*uses[j].binding)) + ", so the name stands for two inputs.",
                     0, "Give each of the two inputs a name of its own, and correlate the one you mean.");
            }
        }
    }
    if (walk.statements.size() == 1) return walk.statements.front().pairs;
    // Several statements hold together only as one set: stated as one matrix (0 for a pair none of them states).
    std::vector<std::string> names;
    for (const Stated& s : all) {
        for (const std::string& name : {s.pair.a, s.pair.b})
            if (std::ranges::find(names, name) == names.end()) names.push_back(name);
    }
    const std::size_t n = names.size();
    std::vector<double> matrix(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) matrix[i * n + i] = 1;
    const auto at = [&](const std::string& name) {
        return static_cast<std::size_t>(std::ranges::find(names, name) - names.begin());
    };
    for (const Stated& s : all) {
        matrix[at(s.pair.a) * n + at(s.pair.b)] = matrix[at(s.pair.b) * n + at(s.pair.a)] = s.pair.rank;
    }
    const std::vector<std::string_view> views(names.begin(), names.end());
    Correlations combined;
    combined.state(views, matrix, 0);
    return combined;
}

}  // namespace ballpark::detail
