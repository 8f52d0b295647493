#include "declarations.hpp"

#include <cctype>
#include <string>

#include "arguments.hpp"
#include "ballpark/text.hpp"

namespace ballpark::sheet::detail {
namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// The number glued to a B in `text` ("7" of "7B", of "7B to 70B"), not after a dollar sign ("$1.2B" is a billion
// dollars); empty if none.
std::string_view number_before_byte(std::string_view text) {
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (text[i] != 'B' || !std::isdigit(static_cast<unsigned char>(text[i - 1]))) continue;
        if (i + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[i + 1]))) continue;
        std::size_t start = i;
        while (start > 0 && (std::isdigit(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.')) --start;
        if (start > 0 && text[start - 1] == '$') continue;
        return text.substr(start, i - start);
    }
    return {};
}

}  // namespace

DeclaredName declared_name(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return {text, nullptr};
    const std::string_view name = trimmed(text.substr(0, colon));
    if (name.empty()) {
        fail(error(ErrorKind::argument, "The name " + in_quotes(text) + " has nothing before its colon, but it should start with the "
                       "variable's name, as in \"u: fraction\"."));
    }
    Result<const Expectation*> expected = declared_expectation(name, text.substr(colon + 1));
    if (!expected) {
        found_in(expected.error(), ErrorPlace{ErrorPlace::What::declaration, {}, std::string(text)});
        expected.error().argument = std::string(name);
        fail(std::move(expected.error()));
    }
    return {name, *expected};
}

void add_byte_hint(std::span<const Arg> args, Error& e) {
    if (e.kind != ErrorKind::dimension) return;
    for (const Arg& a : args) {
        std::string_view number;
        if (const auto* text = std::get_if<std::string>(&a)) number = number_before_byte(*text);
        if (const auto* range = std::get_if<Cells>(&a)) {
            for (const Cell& cell : range->cells) {
                const auto* text = std::get_if<std::string>(&cell);
                if (text && !(number = number_before_byte(*text)).empty()) break;
            }
        }
        if (number.empty()) continue;
        const std::string n(number);
        const std::string hint = "B is the byte, so \"" + n + "B\" is " + n + " byte; write a count as " + n + " billion or " + n + "e9.";
        // The core's own hint about bytes speaks of "70B": not said twice.
        if (!(e.byte_hint && n == "70")) e.hint = trim_join(hint, e.hint);
        return;
    }
}

}  // namespace ballpark::sheet::detail
