// A session's own units: finding a declaration in a line ("unit token", "unit EUR = 1.08 USD", "unit token
// [prefixes]") and adding it to the session's layer of the registry (unit_registry.hpp).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "language/lexer.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {

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

}  // namespace ballpark
