#include "results.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include "arguments.hpp"
#include "ballpark/format.hpp"
#include "ballpark/per_thread.hpp"

namespace ballpark::sheet::detail {

namespace {

FormatOptions cell_options(int digits) {
    FormatOptions options;
    if (digits > 0) options.point_digits = options.range_digits = digits;
    // A cell has QTYDIM for the dimension, so the "{time}" label would only crowd it.
    options.dimension_label = false;
    // A cell's text may be read by a function of the other reading, or by a person: it says which it is.
    options.reading_label = true;
    return options;
}

// The key of the recipe as stored: the store's own recipe of that content, if it held one already.
std::optional<std::uint64_t> stored_key(Result<RecipeRef>& recipe) {
    if (!recipe) throw ErrorException(std::move(recipe.error()));
    if (!*recipe) return std::nullopt;
    return recipe_key(*RecipeStore::instance().remember(std::move(*recipe)));
}

}  // namespace

std::string result_text(const Quantity& q, Result<RecipeRef> recipe, int digits) {
    // Room for the key (linked.hpp: 75 bytes) after a short text, so that adding it does not copy the text.
    std::string text;
    text.reserve(128);
    format_to(text, q, cell_options(digits));
    const std::optional<std::uint64_t> key = stored_key(recipe);
    return key ? with_key(std::move(text), *key) : text;
}

SheetValue result_value(const Quantity& q, Result<RecipeRef> recipe) {
    // Formatted where the room stays from call to call, then copied at its size: a number's text ("3.99 × 10¹²")
    // fits in the string itself, which the C++ component converts without allocating it, and a longer one gets room
    // for its key, which joined() then adds without growing it.
    struct Formatted {
        std::string text;
    };
    static PerThread<Formatted> scratches;
    std::string& formatted = scratches.get().text;
    formatted.clear();
    format_to(formatted, q, cell_options(0));
    const std::optional<std::uint64_t> key = stored_key(recipe);
    std::string text;
    if (formatted.size() > std::string().capacity()) text.reserve(formatted.size() + 3 * key_units);
    text.assign(formatted);
    if (!key) return text;
    return KeyedResult{std::move(text), *key};
}

Result<double> finite(Result<double> value) {
    if (value && !std::isfinite(*value)) {
        return std::unexpected(error(ErrorKind::overflow, "The result is too large for a spreadsheet number.",
                                     "Express it in a larger unit, or check the inputs for a missing scale word."));
    }
    return value;
}

}  // namespace ballpark::sheet::detail

namespace ballpark::sheet {

std::string joined(KeyedResult text) {
    // Room for the key's characters, three bytes each in UTF-8, which result_value leaves after a longer text.
    text.shown.reserve(text.shown.size() + 3 * key_units);
    return with_key(std::move(text.shown), text.key);
}

}  // namespace ballpark::sheet
