// Looks up unit names, with prefixes, in the tables. Built once from data and immutable afterwards,
// so any thread may read it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ballpark/dimension.hpp"
#include "ballpark/quantity.hpp"
#include "syntax_tree.hpp"
#include "value.hpp"

namespace ballpark {

// Arithmetic on unit sizes: `factor` rounded to nearest as before, [factor_low, factor_high] rounded outward so
// that it keeps enclosing the exact size. unit_quotient throws when the divisor's size may be zero.
UnitValue unit_product(const UnitValue& a, const UnitValue& b);
UnitValue unit_quotient(const UnitValue& a, const UnitValue& b, int column);
UnitValue unit_power(const UnitValue& base, double exponent);
UnitValue unit_negation(const UnitValue& a);

class UnitRegistry {
public:
    static const UnitRegistry& instance();

    // A unit name such as "hour", "TFLOP", "GiB", "kilowatt", "%". Exact symbols win over prefix + symbol,
    // so "min" is a minute and "Pa" a pascal.
    std::optional<UnitValue> find(std::string_view name) const;

    // Throws the "unknown unit" error with a did-you-mean hint.
    [[noreturn]] void fail_unknown_unit(std::string_view name, int column) const;

    // Why a name that looks like a prefixed unit is refused ("TFLOPs", "dB", "kilos"), or empty for other names.
    std::string refusal_reason(std::string_view name) const;

    // The dimension a name such as "time" or "compute rate" stands for (as results print it in braces).
    std::optional<Dimension> dimension_named(std::string_view name) const;
    std::vector<std::string_view> dimension_names() const;

    // Up to three known names closest to `name` by edit distance, best first, from units and `extra` names.
    std::vector<std::string> suggestions(std::string_view name, const std::vector<std::string_view>& extra = {}) const;

    // The name of a dimension ("compute rate") or nothing when it has none.
    std::optional<std::string_view> dimension_name(const Dimension& dimension) const;

    // The unit a value of this dimension is shown in when no unit was asked for, or null.
    const DisplayUnit* preferred_unit(const Dimension& dimension) const;

    // A dimension written in base units: "FLOP/B", "kg·m/s²" (ASCII: "kg*m/s^2").
    std::string base_units_text(const Dimension& dimension, bool ascii) const;

private:
    UnitRegistry();

    struct Entry {
        UnitValue value;
        bool takes_si = false;
        bool takes_binary = false;
    };
    struct NamedDimension {
        Dimension dimension;
        std::string_view name;
        DisplayUnit unit;
    };

    std::optional<UnitValue> find_unprefixed(std::string_view name, bool& takes_si, bool& takes_binary) const;
    void add(std::string_view alias, const Entry& entry, bool is_symbol);

    // The prefix table's sizes as enclosures, parallel to tables::prefix_rows(): 10^-9 is no double.
    std::vector<UnitValue> prefix_sizes_;
    StringMap<Entry> symbols_;  // case-sensitive: "Pa", "PB", "min"
    StringMap<Entry> names_;    // long names, matched ignoring ASCII case: "Hour", "kilowatt"
    std::vector<NamedDimension> dimensions_;
};

}  // namespace ballpark
