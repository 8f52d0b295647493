// A result read in another reading than the one it was made in: its recipe (linked.hpp) made again in that
// reading, every earlier result it reads likewise, so that the inputs they share stay shared. What QTYPROB reads a
// bounds result through to give its probability in the 90% reading.
#pragma once

#include "ballpark/linked.hpp"
#include "ballpark/mode.hpp"
#include "ballpark/error.hpp"

namespace ballpark {

// The recipe of the same evaluation as `recipe` (the same expression or sum, inputs and unit) in `mode`: the
// recipe itself when it was made in that mode. Fails with the sentence of making a recipe.
Result<RecipeRef> recipe_in_mode(const Recipe& recipe, Mode mode) noexcept;

}  // namespace ballpark
