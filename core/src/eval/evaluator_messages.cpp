// Words the evaluator uses in its error sentences.
#include <string>

#include "eval/evaluator.hpp"

namespace ballpark {

void fail_inexpressible_in(const DisplayUnit& unit, const std::optional<Place>& place) {
    fail(ErrorKind::overflow, "The value is beyond double precision when written in " + in_quotes(unit.label) +
             (place ? place->in_parentheses() : std::string{}) + ".",
         place ? place->column : 0);
}

std::string describe_dimension(const Dimension& dimension) {
    const UnitRegistry& units = UnitRegistry::instance();
    if (dimension.is_dimensionless()) return "a plain number";
    const std::string base = units.base_units_text(dimension, false);
    if (auto name = units.dimension_name(dimension)) return std::string(*name) + " (" + base + ")";
    return base;
}

std::string conversion_hint(const Dimension& from, const Dimension& to) {
    const UnitRegistry& units = UnitRegistry::instance();
    const auto named = [&](const Dimension& d) -> std::string {
        if (auto name = units.dimension_name(d)) {
            const DisplayUnit* unit = units.preferred_unit(d);
            return "a value of " + std::string(*name) + (unit && !unit->label.empty() ? " (" + unit->label + ")" : "");
        }
        return "a value in " + units.base_units_text(d, false);
    };
    try {
        const Dimension ratio = from / to;
        if (ratio.is_dimensionless()) return {};
        const std::string target = to.is_dimensionless() ? "a plain number" : dimension_name(to);
        // Only suggest a step when it leads to a dimension with a name: "divide by a compute rate" helps, "divide by FLOP·s" does not.
        if (units.dimension_name(ratio)) return "Divide by " + named(ratio) + " to get " + target + ".";
        const Dimension inverse = to / from;
        if (units.dimension_name(inverse)) return "Multiply by " + named(inverse) + " to get " + target + ".";
    } catch (const ErrorException&) {
        // Exponents out of range: no useful hint.
    }
    return {};
}

}  // namespace ballpark
