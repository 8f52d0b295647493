// recipe_in_mode (ballpark/reread.hpp): a recipe made again in another reading. A Recipe is its expression (or the
// terms of a sum), its inputs and its unit; the reading is one more field, so the same evaluation in another reading
// is the recipe made from the same parts, its earlier results made again first (a recipe reads only recipes of its
// own reading: linked.hpp, mode_of_links).
#include <memory>
#include <vector>

#include "api/recipe.hpp"
#include "ballpark/reread.hpp"

namespace ballpark {

namespace {

// `input` in `mode`: an earlier result made again in it (kept alive in `held` until the new recipe holds it).
Input input_in_mode(const Input& input, Mode mode, std::vector<RecipeRef>& held) {
    const auto* recipe = std::get_if<const Recipe*>(&input);
    if (!recipe || (*recipe)->mode == mode) return input;
    Result<RecipeRef> again = recipe_in_mode(**recipe, mode);
    if (!again) throw ErrorException(std::move(again.error()));
    held.push_back(std::move(*again));
    return Input{held.back().get()};
}

}  // namespace

Result<RecipeRef> recipe_in_mode(const Recipe& recipe, Mode mode) noexcept {
    return capture_errors([&]() -> Result<RecipeRef> {
        if (recipe.mode == mode) return recipe.shared_from_this();
        std::vector<RecipeRef> held;
        std::vector<Binding> bindings = recipe.bindings;
        for (Binding& b : bindings) {
            b.value = input_in_mode(b.value, mode, held);
            if (b.high) b.high = input_in_mode(*b.high, mode, held);
            if (b.central) b.central = input_in_mode(*b.central, mode, held);
        }
        if (recipe.kind == Recipe::Kind::sum) return sum_recipe(bindings, recipe.unit, mode);
        return expression_recipe(recipe.expression, bindings, recipe.unit, mode);
    });
}

}  // namespace ballpark
