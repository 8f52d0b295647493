// What a declared input must be: "fraction", "count", "positive" or a unit, as an Expectation that the
// bindings of the add-in's pairs ("u: fraction") and the language's declared variables ("u: fraction = 35% to 55%")
// are checked against. The words are those of docs/language.md ("Declared inputs").
#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "ballpark/api.hpp"
#include "ballpark/text.hpp"

namespace ballpark {
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

constexpr std::string_view declarations_hint =
    "Declare a fraction as \"u: fraction\", a count as \"tokens: count\", a value above zero as \"gpus: positive\", or "
    "a dimension by a unit, as \"peak: FLOP/s\".";

// Data where a count is declared is almost always "70B" meant as billions (B is the byte).
std::string count_hint(const Dimension& found) {
    if (found == Dimension::of(BaseDimension::information)) {
        return "B is the byte, so \"70B\" is 70 byte; write a count as 70 billion or 70e9.";
    }
    return "Write a count as a plain number: 70 billion, 2 trillion or 70e9.";
}

std::string unit_hint(const Dimension& found) {
    if (found.is_dimensionless()) return "A plain number has no unit here: write the value with its unit, such as 312 TFLOP/s.";
    return {};
}

// One declaration's expectation and the texts its views read.
struct Declared {
    std::string name;
    std::string wanted;
    Expectation expected;
};

std::unique_ptr<Declared> make_declared(std::string_view name, std::string_view declaration) {
    auto d = std::make_unique<Declared>();
    Expectation& e = d->expected;
    // In quotes, as sentences quote a name elsewhere: "u" should be a fraction …
    d->name = in_quotes(name);
    e.name = d->name;
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
            fail(ErrorKind::argument, "The declaration " + in_quotes(declaration) +
                     " is neither fraction, count, positive nor a known unit.",
                 0, trim_join(size.error().hint, std::string(declarations_hint)));
        }
        e.dimension = size->dimension;
        e.dimension_hint = &unit_hint;
        const std::string kind = size->dimension.is_dimensionless() ? "plain number (" : "value of " + dimension_name(size->dimension) + " (";
        d->wanted = (e.sign == Expectation::Sign::positive ? "a positive " : "a ") + kind + std::string(unit) + ")";
    }
    e.wanted = d->wanted;
    return d;
}

}  // namespace

Result<const Expectation*> declared_expectation(std::string_view name, std::string_view declaration) noexcept {
    return capture_errors([&]() -> Result<const Expectation*> {
        declaration = trimmed(declaration);
        if (declaration.empty()) {
            fail(ErrorKind::argument, "The declaration after the colon is empty.", 0, std::string(declarations_hint));
        }
        // Kept for the whole program, one per name and declaration: a result's recipe points at its bindings'
        // ones. Only declarations that were understood are kept, so the map grows with the few a user writes.
        static std::mutex mutex;
        static std::map<std::string, std::unique_ptr<Declared>, std::less<>> made;
        std::string key(name);
        key += '\0';
        key += declaration;
        const std::lock_guard lock(mutex);
        if (const auto found = made.find(key); found != made.end()) return &found->second->expected;
        auto d = make_declared(name, declaration);
        const Expectation* e = &d->expected;
        made.emplace(std::move(key), std::move(d));
        return e;
    });
}

}  // namespace ballpark
