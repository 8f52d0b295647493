// Looks up unit names, with prefixes, in the tables. The built-in registry is built once from data and immutable
// afterwards, so any thread may read it. A session that declares units (`unit token`, `unit EUR = 1.08 USD`) gets
// a layer of its own over the built-in registry: the layer is looked up first and falls back to the built-in one,
// so the built-in path stays a lookup in one table and per-thread caches, which parse with the built-in registry
// only, never see a session's units.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ballpark/dimension.hpp"
#include "ballpark/quantity.hpp"
#include "language/syntax_tree.hpp"
#include "units/value.hpp"

namespace ballpark {

// Arithmetic on unit sizes: `factor` rounded to nearest, [factor_low, factor_high] rounded outward so
// that it keeps enclosing the exact size. unit_quotient throws when the divisor's size may be zero.
UnitValue unit_product(const UnitValue& a, const UnitValue& b);
UnitValue unit_quotient(const UnitValue& a, const UnitValue& b, int column);
UnitValue unit_power(const UnitValue& base, double exponent);
UnitValue unit_negation(const UnitValue& a);

class UnitRegistry {
public:
    static const UnitRegistry& instance();

    // An empty layer of declared units over `fallback`, which must outlive it.
    static std::unique_ptr<UnitRegistry> layer_over(const UnitRegistry& fallback);

    // Declares a unit from the text after the keyword `unit` (a layer only): "token", "token [prefixes]",
    // "EUR = 1.08 USD". `column` is where that text starts in the line, for error columns. Returns the name.
    // Throws ErrorException, with a sentence, for a clash with a known name, a definition that uses the unit
    // itself or an unknown one, a fifth base unit, or a malformed declaration.
    std::string declare(std::string_view declaration, int column);

    // The text after the keyword when `line` declares a unit ("unit token" gives "token"), else nothing. A
    // variable called unit stays one: "unit = 5", "unit * 2", "unit to 3" have an operator or keyword next.
    static std::optional<std::string_view> declaration_in(std::string_view line);

    // The name a declared base unit was given ("token"), or empty for a built-in base dimension or a free slot.
    std::string_view user_dimension_name(BaseDimension base) const;
    // Whether the dimension involves a declared base unit.
    static bool has_user_dimension(const Dimension& dimension);

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
    explicit UnitRegistry(const UnitRegistry* fallback) : fallback_(fallback) {}

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
    // Set in a session's layer only.
    const UnitRegistry* fallback_ = nullptr;
    std::array<std::string, user_dimension_count> user_names_;
    std::size_t user_count_ = 0;
};

// While alive, names the declared base units of `layer` in this thread's messages and unit texts ("token/s"),
// which are worded through the built-in registry. A session sets it around each line it runs.
class ActiveUnits {
public:
    explicit ActiveUnits(const UnitRegistry* layer);
    ~ActiveUnits();
    ActiveUnits(const ActiveUnits&) = delete;
    ActiveUnits& operator=(const ActiveUnits&) = delete;

private:
    const UnitRegistry* previous_;
};

}  // namespace ballpark
