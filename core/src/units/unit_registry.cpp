#include "units/unit_registry.hpp"

#include <algorithm>
#include <boost/numeric/interval.hpp>
#include <cctype>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "language/decimal_literal.hpp"
#include "language/superscripts.hpp"
#include "numeric/error_free_rounding.hpp"
#include "language/lexer.hpp"
#include "language/parser.hpp"
#include "language/suggest.hpp"
#include "data/unit_tables.hpp"

namespace ballpark {
namespace {

// ASCII only, whatever the process's locale (an office may set one in which std::tolower folds bytes of UTF-8).
char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = ascii_lower(c);
    return out;
}

// Whether `text` equals `lower` (already lower case) ignoring ASCII case; no string is built, as every name
// that is not an exact unit is tried against each prefix.
bool equals_ignoring_case(std::string_view text, std::string_view lower) {
    if (text.size() != lower.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (ascii_lower(text[i]) != lower[i]) return false;
    return true;
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

// Outward rounding by error-free transformations, as interval.hpp does for values.
using SizeBounds = boost::numeric::interval<
    double, boost::numeric::interval_lib::policies<ErrorFreeRounding, boost::numeric::interval_lib::checking_strict<double>>>;

SizeBounds bounds(const UnitValue& u) { return SizeBounds(u.factor_low, u.factor_high); }

UnitValue with_bounds(double factor, Dimension dimension, const SizeBounds& b) {
    UnitValue out{factor, dimension};
    out.factor_low = b.lower();
    out.factor_high = b.upper();
    return out;
}

// A name prefix followed by "s" ("kilos", "megas") reads as the plural of the prefix word, not as kilo-second.
bool is_prefix_plural(std::string_view name) {
    if (name.empty() || name.back() != 's') return false;
    const std::string_view stem = name.substr(0, name.size() - 1);
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    for (const tables::PrefixRow& prefix : tables::prefix_rows()) {
        if (stem.size() == prefix.name.size() &&
            std::equal(stem.begin(), stem.end(), prefix.name.begin(), [&](char a, char b) { return lower(a) == b; }))
            return true;
    }
    return false;
}

// A symbol prefix followed by "FLOPs" ("TFLOPs"): datasheets write it for a rate, papers for a count.
std::string_view flops_prefix(std::string_view name) {
    constexpr std::string_view flops = "FLOPs";
    if (name.size() <= flops.size() || !name.ends_with(flops)) return {};
    const std::string_view prefix = name.substr(0, name.size() - flops.size());
    for (const tables::PrefixRow& row : tables::prefix_rows())
        if (!row.binary && row.symbol == prefix) return prefix;
    return {};
}

// Prefixed spellings that read two ways are refused rather than settled silently; refusal_reason says why.
// Checked only once a prefixed reading is found, which keeps it off the path of every other name.
bool is_refused(std::string_view name) { return name == "dB" || !flops_prefix(name).empty() || is_prefix_plural(name); }

// The layer whose declared base units name this thread's user dimensions (ActiveUnits), or null.
thread_local const UnitRegistry* active_layer = nullptr;


std::string_view superscript(int digit) { return superscript_digits[static_cast<std::size_t>(digit)]; }

}  // namespace

UnitValue unit_product(const UnitValue& a, const UnitValue& b) {
    // Most products of sizes are of exact doubles whose product is exact too (10^12 × 1 for TFLOP): an FMA tells,
    // and the interval product, which every prefixed name would otherwise pay at parse time, is not needed.
    if (a.factor_low == a.factor_high && b.factor_low == b.factor_high) {
        const double product = a.factor * b.factor;
        // A normal result only: below that the residual itself can underflow to 0 and hide an inexact product.
        if (std::isfinite(product) && std::abs(product) >= std::numeric_limits<double>::min() &&
            std::fma(a.factor, b.factor, -product) == 0) {
            UnitValue out{product, a.dimension * b.dimension};
            out.factor_low = out.factor_high = product;
            return out;
        }
    }
    return with_bounds(a.factor * b.factor, a.dimension * b.dimension, bounds(a) * bounds(b));
}

UnitValue unit_quotient(const UnitValue& a, const UnitValue& b, int column) {
    if (b.factor_low <= 0 && b.factor_high >= 0)
        fail(ErrorKind::domain, "The unit divides by a size of zero at column " + std::to_string(column) + ".", column);
    return with_bounds(a.factor / b.factor, a.dimension / b.dimension, bounds(a) / bounds(b));
}

UnitValue unit_power(const UnitValue& base, double exponent) {
    const double factor = std::pow(base.factor, exponent);
    if (exponent == std::trunc(exponent) && std::abs(exponent) <= 1024) {
        const int n = static_cast<int>(exponent);
        if (n < 0 && base.factor_low <= 0 && base.factor_high >= 0) return UnitValue{factor, base.dimension.power(exponent)};
        const SizeBounds b = n >= 0 ? boost::numeric::pow(bounds(base), n) : 1.0 / boost::numeric::pow(bounds(base), -n);
        return with_bounds(factor, base.dimension.power(exponent), b);
    }
    // A fractional power (m^0.5): std::pow is not correctly rounded everywhere, but glibc's is within one ulp, so
    // one more ulp outward on each side of the powers of the ends keeps the exact value inside.
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double a = std::pow(base.factor_low, exponent), b = std::pow(base.factor_high, exponent);
    UnitValue out{factor, base.dimension.power(exponent)};
    out.factor_low = std::nextafter(std::nextafter(std::min(a, b), -inf), -inf);
    out.factor_high = std::nextafter(std::nextafter(std::max(a, b), inf), inf);
    return out;
}

UnitValue unit_negation(const UnitValue& a) {
    return with_bounds(-a.factor, a.dimension, -bounds(a));
}

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
    for (const tables::PrefixRow& prefix : tables::prefix_rows()) {
        if (prefix.binary) {
            prefix_sizes_.push_back(UnitValue{std::ldexp(1.0, prefix.power), {}});  // powers of two are exact
        } else {
            const DecimalEnclosure e = enclose_decimal("1e" + std::to_string(prefix.power));
            UnitValue size{e.nearest, {}};
            size.factor_low = e.low;
            size.factor_high = e.high;
            prefix_sizes_.push_back(size);
        }
    }
    for (const tables::UnitRow& row : tables::unit_rows()) {
        Entry entry;
        if (row.base) entry.value = UnitValue{1.0, Dimension::of(*row.base)};
        else entry.value = parse_unit(row.definition, *this);
        if (row.counts) entry.value.dimension = entry.value.dimension * Dimension::counting(*row.counts);
        entry.value.offset = row.offset;
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
    // A layer: a built-in name, prefixed or not, wins over a declared unit with a prefix, as exact symbols win over
    // prefixed ones in the built-in table ("min" stays a minute beside a declared "in").
    if (fallback_) {
        if (auto built_in = fallback_->find(name)) return built_in;
    }

    const auto rows = tables::prefix_rows();
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const tables::PrefixRow& prefix = rows[k];
        // Symbol prefixes go with symbols ("kW", "GiB"); name prefixes with names or symbols ("kilowatt", "teraFLOP").
        if (name.size() > prefix.symbol.size() && name.starts_with(prefix.symbol)) {
            const std::string_view rest = name.substr(prefix.symbol.size());
            if (auto it = symbols_.find(rest); it != symbols_.end()) {
                const Entry& e = it->second;
                if (prefix.binary ? e.takes_binary : e.takes_si) {
                    if (is_refused(name)) return std::nullopt;
                    return unit_product(prefix_sizes_[k], e.value);
                }
            }
        }
        if (name.size() > prefix.name.size() && equals_ignoring_case(name.substr(0, prefix.name.size()), prefix.name)) {
            const std::string_view rest = name.substr(prefix.name.size());
            if (auto unit = find_unprefixed(rest, si, binary); unit && (prefix.binary ? binary : si)) {
                if (is_refused(name)) return std::nullopt;
                return unit_product(prefix_sizes_[k], *unit);
            }
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
    if (name == "dB") out = {"B"};
    if (name == "ton" || name == "tons") out = {"tonne", "short_ton", "long_ton"};
    if (name == "hundredweight" || name == "hundredweights" || name == "cwt")
        out = {"short_hundredweight", "long_hundredweight"};
    if (name == "pt") out = {"pint", "imperial_pint"};
    if (name == "imperial" || name == "UK") out = {"imperial_gallon", "imperial_pint", "UK_gallon"};
    if (name == "in") out = {"inch"};
    if (is_prefix_plural(name)) {
        const std::string prefix(name.substr(0, name.size() - 1));
        const std::string symbol = lowercase(prefix) == "kilo" ? "kg" : "";
        if (!symbol.empty()) out.push_back(symbol);
        out.push_back(prefix + "second");
    }
    if (const std::string_view prefix = flops_prefix(name); !prefix.empty())
        out = {std::string(prefix) + "FLOP", std::string(prefix) + "FLOPS"};
    if (!out.empty()) return out;
    std::vector<std::string_view> candidates(extra);
    // Declared units count too, whichever registry is asked: the evaluator asks the built-in one, with the
    // session's layer active.
    const UnitRegistry* layer = fallback_ ? this : active_layer;
    const UnitRegistry& built_in = fallback_ ? *fallback_ : *this;
    for (const UnitRegistry* table : {layer, &built_in}) {
        if (!table) continue;
        for (const auto& [symbol, entry] : table->symbols_) candidates.push_back(symbol);
        for (const auto& [long_name, entry] : table->names_) candidates.push_back(long_name);
    }
    return closest_matches(name, candidates);
}

std::string UnitRegistry::refusal_reason(std::string_view name) const {
    if (const std::string_view prefix = flops_prefix(name); !prefix.empty()) {
        return "\"" + std::string(name) + "\" is written both for a count of operations and for operations per second.";
    }
    if (name == "dB") return "\"dB\" is a decibel, which Ballpark does not have, and a tenth of a byte is never meant.";
    if (name == "in") {
        return "\"in\" is not the inch here: it is also the word other tools convert with (\"3 ft in m\"); write "
               "\"inch\" for the length, \"as\" to convert.";
    }
    if (name == "ton" || name == "tons") {
        return "\"" + std::string(name) + "\" is 1000 kg to most of the world (tonne), 907 kg in the US (short ton) and "
               "1016 kg in the UK (long ton).";
    }
    if (name == "hundredweight" || name == "hundredweights" || name == "cwt") {
        return "\"" + std::string(name) + "\" is 100 lb in the US (short hundredweight) and 112 lb in the UK (long "
               "hundredweight).";
    }
    if (name == "pt") return "\"pt\" is a pint to some tools and a typographic point (1/72 inch) to others.";
    if (name == "imperial" || name == "UK") {
        return "\"" + std::string(name) + "\" is not a unit, and a space between names multiplies: write the UK measure as "
               "one name.";
    }
    if (is_prefix_plural(name)) {
        const std::string prefix(name.substr(0, name.size() - 1));
        return "\"" + std::string(name) + "\" reads as the plural of \"" + prefix + "\"" +
               (lowercase(prefix) == "kilo" ? " (kilograms)" : "") + ", not as " + lowercase(prefix) + "seconds.";
    }
    return {};
}

void UnitRegistry::fail_unknown_unit(std::string_view name, int column) const {
    std::string hint = refusal_reason(name);
    const std::string guess = did_you_mean(suggestions(name));
    if (!guess.empty()) hint += (hint.empty() ? "" : " ") + guess;
    Error error{"Unknown unit \"" + std::string(name) + "\" at column " + std::to_string(column) + ".", column, std::move(hint),
                ErrorKind::unknown_unit};
    error.argument = std::string(name);
    fail(std::move(error));
}

std::optional<Dimension> UnitRegistry::dimension_named(std::string_view name) const {
    if (fallback_) return fallback_->dimension_named(name);
    for (const NamedDimension& d : dimensions_)
        if (d.name == name) return d.dimension;
    return std::nullopt;
}

std::vector<std::string_view> UnitRegistry::dimension_names() const {
    if (fallback_) return fallback_->dimension_names();
    std::vector<std::string_view> names;
    for (const NamedDimension& d : dimensions_) names.push_back(d.name);
    return names;
}

std::optional<std::string_view> UnitRegistry::dimension_name(const Dimension& dimension) const {
    if (fallback_) return fallback_->dimension_name(dimension);
    for (const NamedDimension& d : dimensions_)
        if (d.dimension == dimension) return d.name;
    return std::nullopt;
}

const DisplayUnit* UnitRegistry::preferred_unit(const Dimension& dimension) const {
    if (fallback_) return fallback_->preferred_unit(dimension);
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
    const auto add = [&](std::string_view text, int e) {
        if (e > 0) append(numerator, text, e);
        if (e < 0) {
            append(denominator, text, -e);
            ++denominator_factors;
        }
    };
    for (const Symbol& symbol : symbols) add(symbol.text, dimension.exponent(symbol.base));
    // Declared base units come last, by the names the session gave them ("token/s").
    const UnitRegistry* names = fallback_ ? this : active_layer;
    for (std::size_t k = 0; k < user_dimension_count; ++k) {
        const auto base = static_cast<BaseDimension>(static_cast<std::size_t>(first_user_dimension) + k);
        const int e = dimension.exponent(base);
        if (e == 0) continue;
        const std::string_view name = names ? names->user_dimension_name(base) : std::string_view{};
        add(name.empty() ? "unit" + std::to_string(k + 1) : std::string(name), e);
    }
    if (numerator.empty()) numerator = "1";
    if (denominator.empty()) return numerator;
    return numerator + "/" + (denominator_factors > 1 ? "(" + denominator + ")" : denominator);
}

std::unique_ptr<UnitRegistry> UnitRegistry::layer_over(const UnitRegistry& fallback) {
    std::unique_ptr<UnitRegistry> layer(new UnitRegistry(&fallback));
    layer->prefix_sizes_ = fallback.prefix_sizes_;
    return layer;
}

std::string_view UnitRegistry::user_dimension_name(BaseDimension base) const {
    const std::size_t k = static_cast<std::size_t>(base) - static_cast<std::size_t>(first_user_dimension);
    if (static_cast<std::size_t>(base) < static_cast<std::size_t>(first_user_dimension) || k >= user_count_) return {};
    return user_names_[k];
}

bool UnitRegistry::has_user_dimension(const Dimension& dimension) {
    for (std::size_t k = 0; k < user_dimension_count; ++k)
        if (dimension.exponent(static_cast<BaseDimension>(static_cast<std::size_t>(first_user_dimension) + k)) != 0) return true;
    return false;
}

std::optional<std::string_view> UnitRegistry::declaration_in(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line.compare(first, 4, "unit") != 0) return std::nullopt;
    const std::size_t after = first + 4;
    if (after >= line.size() || (line[after] != ' ' && line[after] != '\t')) return std::nullopt;
    const std::size_t next = line.find_first_not_of(" \t", after);
    if (next == std::string_view::npos) return std::nullopt;
    const std::string_view rest = line.substr(next);
    constexpr std::string_view operators = "=*/+-^),;]#";
    if (operators.find(rest.front()) != std::string_view::npos) return std::nullopt;
    for (std::string_view op : {"·", "×", "÷", "−", "⋅"})
        if (rest.starts_with(op)) return std::nullopt;
    for (std::string_view keyword : {"to", "as"})
        if (rest.starts_with(keyword) && (rest.size() == keyword.size() || rest[keyword.size()] == ' ')) return std::nullopt;
    return line.substr(after + 1);
}

std::string UnitRegistry::declare(std::string_view declaration, int column) {
    if (!fallback_) throw std::logic_error("Units are declared in a session's layer, never in the built-in table.");
    const std::vector<Token> tokens = tokenize(declaration);
    const auto at = [&](const Token& t) { return t.column + column - 1; };
    const auto where = [&](const Token& t) { return " at column " + std::to_string(at(t)); };
    std::size_t i = 0;
    const Token& name_token = tokens[i];
    const bool is_name = name_token.kind == TokenKind::identifier && name_token.text != "$" && name_token.text != "%";
    if (!is_name) {
        fail(ErrorKind::syntax, "Expected the name of the new unit after \"unit\"" + where(name_token) + ", as in \"unit token\" or \"unit EUR = "
             "1.08 USD\", but found " + (name_token.kind == TokenKind::end ? std::string("the end of the line")
                                                                          : in_quotes(name_token.text)) + ".",
             at(name_token));
    }
    const std::string name(name_token.text);
    ++i;
    bool prefixes = false;
    if (tokens[i].kind == TokenKind::left_bracket) {
        const Token& word = tokens[i + 1];
        if (word.kind != TokenKind::identifier || word.text != "prefixes" || tokens[i + 2].kind != TokenKind::right_bracket) {
            fail(ErrorKind::syntax, "Expected \"[prefixes]\"" + where(tokens[i]) + " after the name " + in_quotes(name) +
                     ", the one option a declared unit takes (it allows ktoken, Mtoken, kilotoken …).",
                 at(tokens[i]));
        }
        prefixes = true;
        i += 3;
    }
    std::string_view definition;
    int definition_column = 0;
    if (tokens[i].kind == TokenKind::equals) {
        const Token& first = tokens[i + 1];
        if (first.kind == TokenKind::end) {
            fail(ErrorKind::syntax, "Expected a definition after \"=\"" + where(tokens[i]) + ", such as \"unit EUR = 1.08 USD\".", at(tokens[i]));
        }
        definition = declaration.substr(static_cast<std::size_t>(first.text.data() - declaration.data()));
        definition_column = at(first);
        for (std::size_t k = i + 1; k < tokens.size(); ++k) {
            if (tokens[k].kind == TokenKind::identifier && (tokens[k].text == name || tokens[k].text == name + "s")) {
                fail(ErrorKind::unknown_unit, "The definition of " + in_quotes(name) + where(tokens[k]) + " uses " + in_quotes(name) +
                         " itself; a unit is defined from units known before it, so no unit can depend on itself.",
                     at(tokens[k]));
            }
        }
    } else if (tokens[i].kind != TokenKind::end) {
        fail(ErrorKind::syntax, "Expected \"=\" and a definition, \"[prefixes]\" or the end of the line after the unit name " + in_quotes(name) +
                 where(tokens[i]) + ", but found " + in_quotes(tokens[i].text) + ".",
             at(tokens[i]));
    }
    if (auto known = find(name)) {
        fail(ErrorKind::name_taken, in_quotes(name) + where(name_token) +
                 " is already a unit (built in, a prefixed built-in unit, or declared above); choose another name for the "
                 "new unit.",
             at(name_token));
    }
    // "unit tokens" then "unit token" would make two units that cannot be added: a name whose plural is a unit
    // declared above is refused (the other order, "unit token" then "unit tokens", is refused above, since the
    // plural comes with the singular).
    const bool plain_word = std::all_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    if (plain_word && name.size() > 1 && name.back() != 's' && symbols_.contains(name + "s")) {
        fail(ErrorKind::name_taken, in_quotes(name) + where(name_token) + " is the singular of the unit " + in_quotes(name + "s") +
                 " declared above; a unit and its plural are one unit, so use " + in_quotes(name + "s") +
                 " (declaring " + in_quotes("unit " + name) + " alone gives both spellings).",
             at(name_token));
    }
    Entry entry;
    entry.takes_si = prefixes;
    if (definition.empty()) {
        if (user_count_ == user_dimension_count) {
            fail(ErrorKind::limit, "A session may declare at most " + std::to_string(user_dimension_count) + " base units, and " + in_quotes(name) +
                     where(name_token) + " would be one more; define it from a unit already known, as in \"unit " + name +
                     " = 1000 " + user_names_[0] + "\".",
                 at(name_token));
        }
        const auto base = static_cast<BaseDimension>(static_cast<std::size_t>(first_user_dimension) + user_count_);
        user_names_[user_count_++] = name;
        entry.value = UnitValue{1.0, Dimension::of(base)};
    } else {
        try {
            entry.value = parse_unit(definition, *this);
        } catch (const ErrorException& e) {
            Error error = e.error();
            found_in(error, ErrorPlace{ErrorPlace::What::definition, name});
            if (error.column > 0) error.column += definition_column - 1;
            throw ErrorException(std::move(error));
        }
        if (entry.value.factor_low <= 0) {
            fail(ErrorKind::domain, "The definition of " + in_quotes(name) + where(name_token) +
                     " gives a size that is not positive; a unit must be larger than zero.",
                 at(name_token));
        }
    }
    symbols_.emplace(name, entry);
    // The plural most names take ("tokens"), unless it already means something.
    if (plain_word && name.size() > 1 && name.back() != 's' && !find(name + "s")) symbols_.emplace(name + "s", entry);
    return name;
}

ActiveUnits::ActiveUnits(const UnitRegistry* layer) : previous_(active_layer) { active_layer = layer; }
ActiveUnits::~ActiveUnits() { active_layer = previous_; }

std::string dimension_name(const Dimension& dimension) {
    const UnitRegistry& units = UnitRegistry::instance();
    if (auto name = units.dimension_name(dimension)) return std::string(*name);
    return units.base_units_text(dimension, false);
}

}  // namespace ballpark
