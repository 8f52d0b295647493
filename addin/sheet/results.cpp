#include "results.hpp"

#include <cmath>
#include <utility>

#include "arguments.hpp"
#include "ballpark/format.hpp"

namespace ballpark::sheet::detail {

std::string result_text(const Quantity& q, Result<RecipeRef> recipe, int digits) {
    FormatOptions options;
    if (digits > 0) options.point_digits = options.range_digits = digits;
    // A cell has QTYDIM for the dimension, so the "{time}" label would only crowd it.
    options.dimension_label = false;
    // A cell's text may be read by a function of the other reading, or by a person: it says which it is.
    options.reading_label = true;
    // Room for the key (linked.hpp: 75 bytes) after a short text, so that adding it does not copy the text.
    std::string text;
    text.reserve(128);
    format_to(text, q, options);
    RecipeRef made = need(std::move(recipe));
    if (!made) return text;
    const RecipeRef stored = RecipeStore::instance().remember(std::move(made));
    return with_key(std::move(text), recipe_key(*stored));
}

Result<double> finite(Result<double> value) {
    if (value && !std::isfinite(*value)) {
        return std::unexpected(error(ErrorKind::overflow, "The result is too large for a spreadsheet number.",
                                     "Express it in a larger unit, or check the inputs for a missing scale word."));
    }
    return value;
}

}  // namespace ballpark::sheet::detail
