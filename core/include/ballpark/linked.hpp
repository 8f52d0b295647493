// Results that keep how they were computed, so that a later evaluation which reads one gets it at full precision
// and with its uncertain inputs still shared: the core of a plan built one cell per step.
//
// A Recipe is an evaluation written down: the expression (or the terms of a sum), the mode it was asked in, and
// the inputs it was given, copied. An input that was itself a Recipe stays one, so a recipe is the tree of every
// step that led to it. Reading a recipe in a later evaluation (a Binding whose Input is a `const Recipe*`)
// evaluates the whole tree again inside that evaluation, where
//   - each recipe is evaluated once however often it is read (two cells that both read the hours of one run
//     share the hours' inputs), and
//   - each plain input (a binding that is not a recipe) is one input per name and content: the utilization
//     "u" = 30% to 50% that three runs were given is one unknown in their total, in every mode.
// So a total of results is exactly what one formula binding every input would give: dependency-aware bounds, or
// one variable per input in the 90% reading; the same digits in whatever order the results were made.
//
// A front end keeps recipes in the store below and marks each result text it hands out with the recipe's key, in
// characters that print as nothing, so the text stays what it was and still leads back to its recipe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/mode.hpp"

namespace ballpark {

class Recipe;
using RecipeRef = std::shared_ptr<const Recipe>;

// The recipe of evaluate_in(expression, bindings, unit) in `mode`. The texts are copied; a binding's recipe is
// kept alive by this one; its Expectations (if any) must live for the whole program. A text that declares its own
// units has none (null): its units live only in its own evaluation, so its result reads as it prints. Fails with a
// sentence for a chain of results deeper than max_recipe_depth.
Result<RecipeRef> expression_recipe(std::string_view expression, std::span<const Binding> bindings,
                                    std::string_view unit, Mode mode) noexcept;
// The recipe of sum(terms) in `mode`, expressed in `unit` (empty: the core's choice).
Result<RecipeRef> sum_recipe(std::span<const Binding> terms, std::string_view unit, Mode mode) noexcept;

// How many results deep a chain may go: reading one evaluates every step below it again, on the stack.
inline constexpr int max_recipe_depth = 400;

Mode recipe_mode(const Recipe& recipe) noexcept;
// The unit the recipe's result was asked in ("million hour"); empty: the core's choice.
std::string_view recipe_unit(const Recipe& recipe) noexcept;
// A number that names the recipe's content: recipes of the same content have the same key.
std::uint64_t recipe_key(const Recipe& recipe) noexcept;
// The result of the recipe alone, as the evaluation that made it gave it.
Result<Quantity> evaluate(const Recipe& recipe) noexcept;
// The recipe evaluated again in `mode`'s reading, from its inputs, every step of its tree in that reading: a QTY
// result's 90% reading (median [p5, p95], with its percentiles and mean), or a QTYDIST result's guaranteed bounds.
// What the result is in a reading does not depend on the reading it was made in: a chain made with QTY and read in
// the 90% reading gives, digit for digit, what the same chain made with QTYDIST gives. A recipe that holds what
// the reading cannot read (a 90% interval typed as printed, or normal(...), read for bounds) fails with the
// evaluation's sentence.
Result<Quantity> evaluate(const Recipe& recipe, Mode mode) noexcept;

// The mode results of `bindings` ask to be read in where no reading is asked: the mode of their recipes (the
// reading each was asked in), if any binding is one, else `fallback`. Recipes of two modes among them are an error
// of kind mixed_readings: a front end then asks for the reading (any recipe is read in any, evaluate(recipe, mode)).
Result<Mode> mode_of_links(std::span<const Binding> bindings, Mode fallback) noexcept;

// Recipes by key, for one process. Thread-safe. Holds at most about `byte_limit` bytes of recipes and forgets the
// least recently used past that; a recipe another one reads stays alive through it.
class RecipeStore {
public:
    static RecipeStore& instance() noexcept;
    // The stored recipe of the same content as `recipe` (which is stored if there is none).
    RecipeRef remember(RecipeRef recipe) noexcept;
    RecipeRef recall(std::uint64_t key) noexcept;
    // The stored recipe whose content (what it was computed from, written out) is `content`, and `hash` its
    // std::hash; null if none. Making a recipe asks this first.
    RecipeRef recall_content(std::string_view content, std::uint64_t hash) noexcept;
    std::size_t size() const noexcept;
    std::size_t bytes() const noexcept;
    void set_byte_limit(std::size_t bytes) noexcept;
    void clear() noexcept;

    RecipeStore();
    ~RecipeStore();
    RecipeStore(const RecipeStore&) = delete;
    RecipeStore& operator=(const RecipeStore&) = delete;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// A result text with its recipe's key after it, in characters that print as nothing: an invisible separator
// (U+2063), sixteen variation selectors (U+FE00…U+FE0F) for the key's hexadecimal digits and eight more for a check
// of the key and the text together, in UTF-8. The check ties the key to this one text: a text that shows anything
// else (the result joined into a longer text, a word substituted) is not the result and reads as it shows.
std::string with_key(std::string text, std::uint64_t key);
// The characters with_key appends, as UTF-16 units: one each, since the separator and the selectors are all in the
// Basic Multilingual Plane. For a front end whose texts are UTF-16 (Calc's), which then writes a result's key from
// its bits instead of converting its UTF-8.
inline constexpr std::size_t key_units = 25;
std::array<char16_t, key_units> key_in_utf16(std::string_view text, std::uint64_t key) noexcept;
// A text split into what it shows and the key marked after it. `key` is set only when the check holds, that is when
// `shown` is exactly the text the key was made for; `marked` says there were key characters at the end at all (a
// key whose check fails, or one in the format of earlier versions, which had no check), which `shown` leaves out.
struct KeyedText {
    std::string_view shown;
    std::optional<std::uint64_t> key;
    bool marked = false;
};
KeyedText split_key(std::string_view text) noexcept;

}  // namespace ballpark
