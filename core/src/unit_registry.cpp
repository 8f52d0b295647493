#include "unit_registry.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "ballpark/error.hpp"
#include "parser.hpp"
#include "suggest.hpp"
#include "unit_tables.hpp"

namespace ballpark {
namespace {

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ') ++j;
        if (j > i) words.push_back(text.substr(i, j - i));
        i = j;
    }
    return words;
}

const char* superscript(int digit) {
    static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    return digits[digit];
}

}  // namespace

const UnitRegistry& UnitRegistry::instance() {
    static const UnitRegistry registry;  // thread-safe initialization (C++11 magic statics)
    return registry;
}

void UnitRegistry::add(std::string_view alias, const Entry& entry, bool is_symbol) {
    const bool added = is_symbol ? symbols_.emplace(std::string(alias), entry).second
                                 : names_.emplace(lowercase(alias), entry).second;
    // Two rows claiming one spelling is a bug in the tables; failing here keeps it from being settled silently.
    if (!added) throw std::logic_error("The unit tables define \"" + std::string(alias) + "\" twice.");
}

UnitRegistry::UnitRegistry() {
    for (const tables::UnitRow& row : tables::unit_rows()) {
        Entry entry;
        if (row.base) entry.value = UnitValue{1.0, Dimension::of(*row.base)};
        else entry.value = parse_unit(row.definition, *this);
        entry.takes_si = row.prefixes != tables::PrefixPolicy::none;
        entry.takes_binary = row.prefixes == tables::PrefixPolicy::si_and_binary;
        if (!row.name.empty()) add(row.name, entry, false);
        if (!row.plural.empty()) add(row.plural, entry, false);
        for (std::string_view symbol : split_words(row.symbols)) add(symbol, entry, true);
    }
    for (const tables::DimensionRow& row : tables::dimension_rows()) {
        const UnitValue unit = parse_unit(row.display_unit, *this);
        std::string label(row.display_unit);
        if (label == "1") label.clear();
        dimensions_.push_back(NamedDimension{unit.dimension, row.name, DisplayUnit{label, unit.factor, unit.dimension}});
    }
}

std::optional<UnitValue> UnitRegistry::find_unprefixed(std::string_view name, bool& takes_si, bool& takes_binary) const {
    if (auto it = symbols_.find(name); it != symbols_.end()) {
        takes_si = it->second.takes_si;
        takes_binary = it->second.takes_binary;
        return it->second.value;
    }
    if (auto it = names_.find(lowercase(name)); it != names_.end()) {
        takes_si = it->second.takes_si;
        takes_binary = it->second.takes_binary;
        return it->second.value;
    }
    return std::nullopt;
}

std::optional<UnitValue> UnitRegistry::find(std::string_view name) const {
    bool si = false, binary = false;
    if (auto exact = find_unprefixed(name, si, binary)) return exact;

    for (const tables::PrefixRow& prefix : tables::prefix_rows()) {
        // Symbol prefixes go with symbols ("kW", "GiB"); name prefixes with names or symbols ("kilowatt", "teraFLOP").
        if (name.size() > prefix.symbol.size() && name.starts_with(prefix.symbol)) {
            const std::string_view rest = name.substr(prefix.symbol.size());
            if (auto it = symbols_.find(rest); it != symbols_.end()) {
                const Entry& e = it->second;
                if (prefix.binary ? e.takes_binary : e.takes_si)
                    return UnitValue{prefix.factor * e.value.factor, e.value.dimension};
            }
        }
        if (name.size() > prefix.name.size() && lowercase(name.substr(0, prefix.name.size())) == prefix.name) {
            const std::string_view rest = name.substr(prefix.name.size());
            if (auto unit = find_unprefixed(rest, si, binary); unit && (prefix.binary ? binary : si))
                return UnitValue{prefix.factor * unit->factor, unit->dimension};
        }
    }
    return std::nullopt;
}

std::vector<std::string> UnitRegistry::suggestions(std::string_view name, const std::vector<std::string_view>& extra) const {
    // Common slips that edit distance ranks poorly come first.
    std::vector<std::string> out;
    if (name == "KB") out = {"kB", "KiB"};
    if (name == "T") out = {"trillion"};
    if (name == "b") out = {"bit", "B"};
    if (name == "M") out = {"million"};
    if (name == "flops") out = {"FLOPS", "FLOP"};
    if (!out.empty()) return out;
    std::vector<std::string_view> candidates(extra);
    for (const auto& [symbol, entry] : symbols_) candidates.push_back(symbol);
    for (const auto& [long_name, entry] : names_) candidates.push_back(long_name);
    return closest_matches(name, candidates);
}

void UnitRegistry::fail_unknown_unit(std::string_view name, int column) const {
    fail("Unknown unit \"" + std::string(name) + "\" at column " + std::to_string(column) + ".", column,
         did_you_mean(suggestions(name)));
}

std::optional<std::string_view> UnitRegistry::dimension_name(const Dimension& dimension) const {
    for (const NamedDimension& d : dimensions_)
        if (d.dimension == dimension) return d.name;
    return std::nullopt;
}

const DisplayUnit* UnitRegistry::preferred_unit(const Dimension& dimension) const {
    for (const NamedDimension& d : dimensions_)
        if (d.dimension == dimension) return &d.unit;
    return nullptr;
}

std::string UnitRegistry::base_units_text(const Dimension& dimension, bool ascii) const {
    // Written in the order people write derived units (kg·m²/s²); data is counted in bits at this level.
    struct Symbol {
        BaseDimension base;
        std::string_view text;
    };
    static constexpr Symbol symbols[] = {
        {BaseDimension::mass, "kg"},        {BaseDimension::length, "m"},      {BaseDimension::time, "s"},
        {BaseDimension::current, "A"},      {BaseDimension::temperature, "K"}, {BaseDimension::amount, "mol"},
        {BaseDimension::luminous_intensity, "cd"}, {BaseDimension::information, "bit"},
        {BaseDimension::compute, "FLOP"},   {BaseDimension::money, "$"},
    };
    std::string numerator, denominator;
    int denominator_factors = 0;
    const auto append = [&](std::string& out, std::string_view symbol, int exponent) {
        if (!out.empty()) out += ascii ? "*" : "·";
        out += symbol;
        if (exponent > 1) {
            if (ascii) out += "^" + std::to_string(exponent);
            else
                for (char digit : std::to_string(exponent)) out += superscript(digit - '0');
        }
    };
    for (const Symbol& symbol : symbols) {
        const int e = dimension.exponent(symbol.base);
        if (e > 0) append(numerator, symbol.text, e);
        if (e < 0) {
            append(denominator, symbol.text, -e);
            ++denominator_factors;
        }
    }
    if (numerator.empty()) numerator = "1";
    if (denominator.empty()) return numerator;
    return numerator + "/" + (denominator_factors > 1 ? "(" + denominator + ")" : denominator);
}

std::string dimension_name(const Dimension& dimension) {
    const UnitRegistry& units = UnitRegistry::instance();
    if (auto name = units.dimension_name(dimension)) return std::string(*name);
    return units.base_units_text(dimension, false);
}

}  // namespace ballpark
