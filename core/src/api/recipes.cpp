// Making recipes from the parts of a call (linked.hpp), and which mode the results a call reads were made in.
// A recipe's content is recipe_content.cpp's, the store that keeps recipes by key recipe_store.cpp's, the key after
// a result text result_key.cpp's; evaluating a recipe is read_results.hpp's (evaluate.cpp).
#include "api/recipe.hpp"

#include <algorithm>
#include <functional>
#include <optional>

#include "api/correlation_binding.hpp"
#include "api/recipe_content.hpp"
#include "ballpark/format.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "eval/single_use.hpp"
#include "units/unit_registry.hpp"
#include "values/interval.hpp"

namespace ballpark {
namespace {

using detail::all_different;
using detail::collect_marks;

// Whether an expression writes an unknown of its own: a range (`35% to 55%`, or a printed range read back) or a
// distribution typed in it. Evaluated twice, such an expression is two unknowns; names, numbers and units are not.
bool writes_unknowns(const SyntaxTree& tree) {
    for (const Node& n : tree.nodes) {
        if (n.kind == NodeKind::range) return true;
        // A named distribution, as the built-ins' table marks it (any value type's table has the same rows).
        if (n.kind == NodeKind::call) {
            const Builtin<Interval>* builtin = find_builtin<Interval>(n.text);
            if (builtin && builtin->makes_input) return true;
        }
    }
    return false;
}

// The recipe's `correlated` and `own_unknowns`, from its bindings and the recipes they read.
void mark_tree(Recipe& recipe, const SyntaxTree* tree) {
    recipe.correlated = detail::correlation_binding(recipe.bindings) != nullptr;
    for (const RecipeRef& source : recipe.sources) {
        recipe.correlated = recipe.correlated || source->correlated;
        recipe.own_unknowns.insert(recipe.own_unknowns.end(), source->own_unknowns.begin(), source->own_unknowns.end());
    }
    if (tree && writes_unknowns(*tree)) recipe.own_unknowns.push_back(recipe.content_hash);
    std::ranges::sort(recipe.own_unknowns);
    const auto repeated = std::ranges::unique(recipe.own_unknowns);
    recipe.own_unknowns.erase(repeated.begin(), repeated.end());
}

// Copies an input into the recipe's own storage.
Input own(Recipe& recipe, const Input& input) {
    if (const auto* text = std::get_if<std::string_view>(&input)) return std::string_view(recipe.texts.emplace_back(*text));
    if (const auto* quantity = std::get_if<const Quantity*>(&input)) return &recipe.quantities.emplace_back(**quantity);
    if (const auto* source = std::get_if<const Recipe*>(&input)) {
        recipe.sources.push_back((*source)->shared_from_this());
        recipe.depth = std::max(recipe.depth, (*source)->depth + 1);
    }
    return input;
}

// Where make_recipe writes a content, kept per thread: a recalculated cell finds its recipe by the content alone,
// which is then written into storage that has its size already, and copied only into a recipe that is made.
struct ContentScratch {
    std::string content;
    std::vector<std::size_t> ends;  // where the bindings' parts of `content` begin, then where each ends
};

RecipeRef make_recipe(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                      std::string_view unit, Mode mode) {
    static PerThread<ContentScratch> scratches;
    if (detail::is_number_alone(kind, expression, bindings, unit)) {
        ContentScratch& scratch = scratches.get();
        detail::number_content(mode, std::get<double>(bindings.front().value), scratch.content);
        const std::string_view content = scratch.content;
        const std::uint64_t hash = std::hash<std::string_view>{}(content);
        if (RecipeRef stored = RecipeStore::instance().recall_content(content, hash)) return stored;
    }
    // The content first: a recipe of the same content that the store holds is this one (a cell recalculated with
    // the same inputs), so the parts are copied into a new recipe only when the store has none of that content,
    // not for every call only for the store to drop the copy.
    ContentScratch& scratch = scratches.get();
    detail::content_of(kind, expression, bindings, unit, mode, scratch.content, scratch.ends);
    const std::string_view content = scratch.content;
    const std::uint64_t hash = std::hash<std::string_view>{}(content);
    if (RecipeRef stored = RecipeStore::instance().recall_content(content, hash)) return stored;
    std::vector<std::uint64_t> hashes;
    hashes.reserve(bindings.size());
    for (std::size_t k = 0; k + 1 < scratch.ends.size(); ++k) {
        const std::size_t start = scratch.ends[k];
        hashes.push_back(std::hash<std::string_view>{}(content.substr(start, scratch.ends[k + 1] - start)));
    }
    auto recipe = std::make_shared<Recipe>();
    recipe->kind = kind;
    recipe->mode = mode;
    recipe->expression = recipe->texts.emplace_back(expression);
    recipe->unit = recipe->texts.emplace_back(unit);
    recipe->bindings.reserve(bindings.size());
    for (const Binding& b : bindings) {
        Binding copy = b;
        copy.name = recipe->texts.emplace_back(b.name);
        copy.unit = recipe->texts.emplace_back(b.unit);
        copy.value = own(*recipe, b.value);
        if (b.high) copy.high = own(*recipe, *b.high);
        if (b.central) copy.central = own(*recipe, *b.central);
        recipe->bindings.push_back(copy);
    }
    if (recipe->depth > max_recipe_depth) {
        fail(ErrorKind::limit, "This result reads a chain of " + std::to_string(recipe->depth) + " Ballpark results, one reading the next; "
             "at most " + std::to_string(max_recipe_depth) + " are followed.",
             0, "Total the steps of a long chain with one formula, or read an earlier step as its printed text.");
    }
    // The copies write the same content: their texts are equal, and a result they read is the same object.
    recipe->content = content;
    recipe->key = recipe->content_hash = hash;
    recipe->single_use = collect_marks(recipe->bindings, recipe->marks, hashes);
    const auto tree = kind == Recipe::Kind::expression ? cached_statement(expression) : nullptr;
    recipe->single_use = all_different(recipe->marks) && recipe->single_use &&
                         (kind == Recipe::Kind::sum || uses_each_input_once(*tree, recipe->bindings));
    mark_tree(*recipe, tree.get());
    return recipe;
}

}  // namespace

bool reads_recipes(std::span<const Binding> bindings) noexcept {
    const auto is_recipe = [](const Input& input) { return std::holds_alternative<const Recipe*>(input); };
    for (const Binding& b : bindings) {
        if (is_recipe(b.value) || (b.high && is_recipe(*b.high)) || (b.central && is_recipe(*b.central))) return true;
    }
    return false;
}

bool reads_each_input_once(std::span<const Binding> bindings) {
    std::vector<std::uint64_t> marks;
    return collect_marks(bindings, marks) && all_different(marks);
}

Result<RecipeRef> expression_recipe(std::string_view expression, std::span<const Binding> bindings, std::string_view unit,
                                    Mode mode) noexcept {
    return capture_errors([&]() -> Result<RecipeRef> {
        // The units a text declares live in a layer made for one evaluation; a recipe read later has none. ("value",
        // the expression of a number or a result given alone, declares nothing.)
        if (expression != "value" && UnitRegistry::declaration_in(expression)) return RecipeRef{};
        return make_recipe(Recipe::Kind::expression, expression, bindings, unit, mode);
    });
}

Result<RecipeRef> sum_recipe(std::span<const Binding> terms, std::string_view unit, Mode mode) noexcept {
    return capture_errors([&]() -> Result<RecipeRef> { return make_recipe(Recipe::Kind::sum, {}, terms, unit, mode); });
}

Mode recipe_mode(const Recipe& recipe) noexcept { return recipe.mode; }
std::string_view recipe_unit(const Recipe& recipe) noexcept { return recipe.unit; }
std::uint64_t recipe_key(const Recipe& recipe) noexcept { return recipe.key; }

Result<Mode> mode_of_links(std::span<const Binding> bindings, Mode fallback) noexcept {
    const Binding* first = nullptr;
    for (const Binding& b : bindings) {
        for (const Input* input : {&b.value, b.high ? &*b.high : nullptr, b.central ? &*b.central : nullptr}) {
            if (!input) continue;
            std::optional<Mode> made_in;
            if (const auto* recipe = std::get_if<const Recipe*>(input)) made_in = (*recipe)->mode;
            // A text typed with a reading's label, as a QTYDIST cell prints ("1.7 [90%: 1.4, 2.1]"), is a result of
            // that reading too, whose cell was copied as a value.
            if (const auto* text = std::get_if<std::string_view>(input)) {
                if (const std::optional<Mode> labelled = mode_labelled_in(*text)) made_in = labelled;
            }
            if (!made_in) continue;
            if (!first) {
                first = &b;
                fallback = *made_in;
            } else if (*made_in != fallback) {
                Error error{in_quotes(first->name) + " is a result computed in the " + std::string(mode_name(fallback)) +
                                " mode, but " + in_quotes(b.name) + " is one computed in the " +
                                std::string(mode_name(*made_in)) + " mode: the two read ranges differently.",
                            0, {}};
                error.kind = ErrorKind::mixed_readings;
                error.mode = *made_in;
                error.argument = std::string(b.name);
                return std::unexpected(std::move(error));
            }
        }
    }
    return fallback;
}

}  // namespace ballpark
