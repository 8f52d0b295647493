// The shapes of the data tables that define units, prefixes and named dimensions.
// The rows themselves live in units_table.cpp, prefixes_table.cpp and dimension_names_table.cpp.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "ballpark/dimension.hpp"

namespace ballpark::tables {

// Which prefixes a unit accepts. Symbols take symbol prefixes (k, Mi); names take name prefixes (kilo, mebi).
enum class PrefixPolicy { none, si, si_and_binary };

struct UnitRow {
    std::string_view name;        // long name, singular: "hour"; empty for a unit known only by its symbols
    std::string_view plural;      // "hours"; empty when the name has no plural form
    std::string_view symbols;     // space-separated symbols and short aliases, case-sensitive: "h hr hrs"
    std::optional<BaseDimension> base;  // set for base units, whose factor is 1
    std::string_view definition;  // otherwise an expression in units defined above this row: "60 min"
    PrefixPolicy prefixes;
    std::string_view source;      // where the factor comes from
    // A temperature scale with an offset (celsius, fahrenheit): what the scale reads at absolute zero, negated,
    // in its own degrees (273.15 for Celsius), so that x on the scale is (x + offset) · factor kelvin. 0 otherwise.
    double offset = 0;
    // What the unit counts besides its dimension (Counted, dimension.hpp): cycles for the hertz and rpm, angle for
    // the radian and the degree. Rows defined from these carry it through their definitions (a turn is 360 deg).
    std::optional<Counted> counts = std::nullopt;
};

struct PrefixRow {
    std::string_view name;    // "kilo"
    std::string_view symbol;  // "k"
    // The factor as a power: 10^power, or 2^power for a binary prefix. Kept as the exponent rather than a double
    // because 1e-9 and most other decimal prefixes are not doubles; the registry encloses their exact value.
    int power;
    bool binary;              // IEC 80000-13 binary prefix (kibi, Ki …)
};

// A named dimension, defined by a unit of that dimension which is also the unit results are shown in
// when no unit was asked for.
struct DimensionRow {
    std::string_view name;          // "compute rate"
    std::string_view display_unit;  // "FLOP/s"
};

std::span<const UnitRow> unit_rows();
std::span<const PrefixRow> prefix_rows();
std::span<const DimensionRow> dimension_rows();

}  // namespace ballpark::tables
