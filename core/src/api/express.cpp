// A quantity in a unit: unit conversion of numbers, a unit as a quantity, a result shown in a unit, a part of it as a
// number in a unit (ballpark/api.hpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "api/express.hpp"
#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/text.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "eval/temperature.hpp"
#include "api/binding_texts.hpp"
#include "units/cycles_and_angles.hpp"
#include "units/unit_registry.hpp"
#include "values/quantity_conversion.hpp"

namespace ballpark {
namespace detail {

// In a tiny unit a huge value leaves double precision, and the text would say "inf".
void check_expressible(const Quantity& q, const DisplayUnit& unit) {
    check_expressible_in(std::max(std::abs(q.low), std::abs(q.high)), unit);
}

void check_dimension(const Quantity& q, const DisplayUnit& unit) {
    if (q.dimension != unit.dimension) {
        fail(ErrorKind::dimension, "Cannot express " + describe_dimension(q.dimension) + " in " + in_quotes(unit.label) + ", which is " +
                 describe_dimension(unit.dimension) + ".",
             0, conversion_hint(q.dimension, unit.dimension));
    }
    if (turns_cycles_into_angles(q.dimension, unit.dimension))
        fail_cycles_into_angles(q.dimension, "Showing the value in " + in_quotes(unit.label), 0);
    if (q.temperature_difference && is_offset_scale(&unit)) {
        Error error{"The value is a difference of temperatures, which " + in_quotes(unit.label) +
                        " would show as a temperature (5 K in degC would read -268.15).",
                    0, "Show a difference in K (Celsius-sized degrees) or degR (Fahrenheit-sized)."};
        error.kind = ErrorKind::temperature;
        fail(std::move(error));
    }
    // A value in kelvin shown on a scale with an offset is a temperature, which cannot be below absolute zero.
    if (is_offset_scale(&unit) && below_absolute_zero(q.low)) {
        Quantity kelvin = q;
        kelvin.unit = nullptr;
        fail_below_absolute_zero("The value " + format(kelvin) + ", shown in " + in_quotes(unit.label) + " as a temperature,", 0);
    }
}

}  // namespace detail

using detail::check_dimension;
using detail::check_expressible;
using detail::non_finite;

Result<double> convert(double value, std::string_view from_unit, std::string_view to_unit) noexcept {
    return capture_errors([&]() -> Result<double> {
        // Copy what is needed of the first unit before looking up the second: that lookup may make the per-thread
        // cache start over, which frees the first (tests/unit/api_test.cpp, ConvertsCorrectlyWhenTheUnitCacheStartsOver…).
        // A cached unit's label is its text, so the messages use the texts.
        UnitCache& units = unit_cache();
        const DisplayUnit& first = *cached_unit(units, from_unit);
        const double from_factor = first.factor;
        const double from_offset = first.offset;
        const Dimension from_dimension = first.dimension;
        const DisplayUnit& to = *cached_unit(units, to_unit);
        if (from_dimension != to.dimension) {
            fail(ErrorKind::dimension, "Cannot convert \"" + std::string(from_unit) + "\" (" + describe_dimension(from_dimension) + ") to \"" +
                     std::string(to_unit) + "\" (" + describe_dimension(to.dimension) + ").",
                 0, conversion_hint(from_dimension, to.dimension));
        }
        if (turns_cycles_into_angles(from_dimension, to.dimension)) {
            fail_cycles_into_angles(from_dimension,
                                    "Converting " + in_quotes(from_unit) + " to " + in_quotes(to_unit), 0);
        }
        // Checked after the units, so a bad unit is reported whatever the value; NaN would otherwise be called too large.
        if (!std::isfinite(value)) {
            fail(ErrorKind::domain, std::string("The value to convert must be a finite number, but it is ") +
                 non_finite(value) + ".");
        }
        // The ratio of the unit sizes first: value * from / to can underflow in between although the result fits
        // (1e-200 in "1e-200 m" to "1e-300 m" would give 0).
        const double ratio = from_factor / to.factor;
        // A temperature scale's offset (20 degC is 293.15 K is 68 degF); kelvin converts as a temperature.
        const double result = from_offset != 0 || to.offset != 0 ? (value + from_offset) * ratio - to.offset
                              : std::isnormal(ratio)            ? value * ratio
                                                                : value * from_factor / to.factor;
        if (!std::isfinite(result)) fail(ErrorKind::overflow, "The converted value is beyond double precision.");
        // Across a scale with an offset the value is a temperature, which has none below zero kelvin ("-500 degF" to
        // "K" gave -22.4). Between K and degR alone it may be a difference, which may be negative.
        if ((from_offset != 0 || to.offset != 0) && below_absolute_zero((value + from_offset) * from_factor)) {
            fail_below_absolute_zero("The temperature " + plain_text(value) + " " + std::string(from_unit), 0);
        }
        return result;
    });
}

Result<Quantity> unit_quantity(std::string_view unit) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        // A scale with an offset ("degC") has points, not a size: 1 degC is not one of some amount.
        if (u->offset != 0) {
            fail_temperature(in_quotes(unit) + " is a temperature scale with an offset, which has no size of its own.", 0,
                             "For the size of one degree, write K (Celsius-sized) or degR (Fahrenheit-sized).");
        }
        Quantity q;
        q.low = q.central = q.high = u->factor;
        q.dimension = u->dimension;
        q.unit = u;
        return q;
    });
}

Result<Quantity> express_in(const Quantity& quantity, std::string_view unit) noexcept {
    return capture_errors([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        check_dimension(quantity, *u);
        check_expressible(quantity, *u);
        Quantity out = quantity;
        out.unit = u;
        return out;
    });
}

Result<double> value_in(const Quantity& quantity, std::string_view unit, Part part) noexcept {
    Pick pick;
    pick.kind = part == Part::low ? Pick::Kind::low : part == Part::high ? Pick::Kind::high : Pick::Kind::central;
    return value_in(quantity, unit, pick);
}

Result<double> value_in(const Quantity& quantity, std::string_view unit, const Pick& pick) noexcept {
    return capture_errors([&]() -> Result<double> {
        double base = quantity.central;
        switch (pick.kind) {
            case Pick::Kind::low: base = quantity.low; break;
            case Pick::Kind::high: base = quantity.high; break;
            case Pick::Kind::central: break;
            case Pick::Kind::percentile:
            case Pick::Kind::mean:
                if (!quantity.spread) {
                    Error error{"A percentile or mean needs the distribution mode's reading of the ranges, but this result "
                                "is a pair of bounds.", 0, {}};
                    error.kind = ErrorKind::needs_distribution;
                    error.mode = mode_info(first_mode_with(quantity.ends)).percentiles_in;
                    error.function = pick.kind == Pick::Kind::mean ? "mean" : "percentile";
                    fail(std::move(error));
                }
                base = pick.kind == Pick::Kind::mean ? quantity.spread->mean() : quantity.spread->quantile(pick.percent / 100);
                break;
        }
        if (unit.empty()) return base;
        // The unit the quantity is shown in needs no lookup, and may be one its text declared, which the table
        // behind cached_unit does not know.
        const DisplayUnit* u = quantity.unit && quantity.unit->label == unit ? quantity.unit.get() : cached_unit(unit).get();
        check_dimension(quantity, *u);
        const double result = in_unit(base, *u);
        // A huge value in a tiny unit leaves double precision; an infinity is not a number a cell can use.
        if (!std::isfinite(result)) fail(ErrorKind::overflow, "The value in \"" + u->label + "\" is beyond double precision.");
        return result;
    });
}

}  // namespace ballpark
