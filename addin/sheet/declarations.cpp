#include "declarations.hpp"

#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "arguments.hpp"
#include "ballpark/text.hpp"
#include "number_texts.hpp"

namespace ballpark::sheet::detail {
namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

bool same_word(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    }
    return true;
}

// The number glued to a B in `text` ("7" of "7B", "70" of "7B to 70B"), not after a dollar amount ("$1.2B" is a
// billion dollars); empty if none.
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

std::string byte_hint_for(std::string_view number) {
    const std::string n(number);
    return "B is the byte, so \"" + n + "B\" is " + n + " byte; write a count as " + n + " billion or " + n + "e9.";
}

std::string count_hint(const Dimension& found) {
    if (found == Dimension::of(BaseDimension::information)) return byte_hint_for("70");
    return "Write a count as a plain number: 70 billion, 2 trillion or 70e9.";
}

constexpr std::string_view declarations_hint =
    "Declare a fraction as \"u: fraction\", a count as \"tokens: count\", a value above zero as \"gpus: positive\", or "
    "a dimension by a unit, as \"peak: FLOP/s\".";

std::string unit_hint(const Dimension& found) {
    if (found.is_dimensionless()) return "A plain number has no unit here: write the value with its unit, such as 312 TFLOP/s.";
    return {};
}

// One declaration's expectation and the texts its views read.
struct Declared {
    std::string wanted;
    Expectation expected;
};

std::unique_ptr<Declared> make_declared(std::string_view declaration, std::string_view name) {
    auto d = std::make_unique<Declared>();
    Expectation& e = d->expected;
    if (same_word(declaration, "fraction") || same_word(declaration, "percent")) {
        d->wanted = "a fraction (0.35 or 35%)";
        e.dimension = Dimension{};
        e.sign = Expectation::Sign::fraction;
        e.above_one_hint = "Write 35% or 0.35 for thirty-five percent.";
    } else if (same_word(declaration, "count")) {
        d->wanted = "a count such as 70 billion or 70e9";
        e.dimension = Dimension{};
        e.sign = Expectation::Sign::positive;
        e.dimension_hint = &count_hint;
    } else if (same_word(declaration, "positive")) {
        d->wanted = "a positive value";
        e.sign = Expectation::Sign::positive;
    } else {
        std::string_view unit = declaration;
        if (unit.size() > 9 && same_word(unit.substr(0, 9), "positive ")) {
            unit = trimmed(unit.substr(9));
            e.sign = Expectation::Sign::positive;
        }
        const Result<Quantity> size = unit_quantity(unit);
        if (!size) {
            fail(error(ErrorKind::argument, "The name " + in_quotes(std::string(name) + ": " + std::string(declaration)) +
                           " declares " + in_quotes(declaration) + ", which is neither fraction, count, positive nor a known unit.",
                       trim_join(size.error().hint, std::string(declarations_hint))));
        }
        e.dimension = size->dimension;
        e.dimension_hint = &unit_hint;
        d->wanted = (size->dimension.is_dimensionless() ? "a plain number (" : "a value of " + dimension_name(size->dimension) + " (") +
                    std::string(unit) + ")";
        if (e.sign == Expectation::Sign::positive) d->wanted = "a positive " + d->wanted.substr(2);
    }
    e.wanted = d->wanted;
    return d;
}

const Expectation* expectation_of(std::string_view declaration, std::string_view name) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<Declared>, std::less<>> made;
    const std::lock_guard lock(mutex);
    if (const auto found = made.find(declaration); found != made.end()) return &found->second->expected;
    // A declaration that fails throws here and is not kept.
    auto d = make_declared(declaration, name);
    const Expectation* e = &d->expected;
    made.emplace(std::string(declaration), std::move(d));
    return e;
}

}  // namespace

DeclaredName declared_name(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return {text, nullptr};
    const std::string_view name = trimmed(text.substr(0, colon));
    const std::string_view declaration = trimmed(text.substr(colon + 1));
    if (name.empty() || declaration.empty()) {
        fail(error(ErrorKind::argument, "The name " + in_quotes(text) + " should be a variable name, or a name, a colon and what its "
                       "value must be, such as \"u: fraction\".",
                   std::string(declarations_hint)));
    }
    return {name, expectation_of(declaration, name)};
}

void add_byte_hint(std::span<const Arg> args, Error& e) {
    if (e.kind != ErrorKind::dimension) return;
    const auto glued = [](const Cell& cell) -> std::string_view {
        const auto* text = std::get_if<std::string>(&cell);
        return text ? number_before_byte(*text) : std::string_view{};
    };
    for (const Arg& a : args) {
        std::string_view number;
        if (const auto* text = std::get_if<std::string>(&a)) number = number_before_byte(*text);
        if (const auto* range = std::get_if<Cells>(&a)) {
            for (const Cell& cell : range->cells) {
                if (!(number = glued(cell)).empty()) break;
            }
        }
        if (number.empty()) continue;
        const std::string hint = byte_hint_for(number);
        if (e.hint.find(hint) == std::string::npos) e.hint = trim_join(hint, e.hint);
        return;
    }
}

}  // namespace ballpark::sheet::detail
