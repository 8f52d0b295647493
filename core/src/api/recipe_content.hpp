// The content of a recipe (Recipe::content): its kind, mode, expression by its meaning, unit and each binding
// written out, so that equal contents are one result; and the marks of the inputs a recipe reads, which say
// whether it reads each input once. Written by make_recipe (recipes.cpp) and read by nothing else.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "api/recipe.hpp"

namespace ballpark::detail {

// The marks of the bindings (a plain binding's own, a recipe's and its tree's), appended; false when a recipe
// among them is not single_use. `hashes`, when given, holds each binding's content hash, already computed.
bool collect_marks(std::span<const Binding> bindings, std::vector<std::uint64_t>& marks,
                   std::span<const std::uint64_t> hashes = {});

// Whether no mark is in `marks` twice; sorts them.
bool all_different(std::vector<std::uint64_t>& marks);

// The content of the recipe of these parts, written into `c`, with where the bindings' parts begin and where each
// ends in `ends`.
void content_of(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                std::string_view unit, Mode mode, std::string& c, std::vector<std::size_t>& ends);

// Whether these are the parts of the commonest recipe: a number given alone as "value", with no unit.
bool is_number_alone(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                     std::string_view unit);

// The content of a recipe that is_number_alone, written into `c` without writing the rest again.
void number_content(Mode mode, double number, std::string& c);

}  // namespace ballpark::detail
