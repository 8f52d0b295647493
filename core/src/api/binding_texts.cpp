// The sentences about bound values and the refusals about bindings (binding_texts.hpp).
#include "api/binding_texts.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "ballpark/format.hpp"
#include "eval/evaluator.hpp"
#include "ballpark/text.hpp"

namespace ballpark::detail {

std::string uncertain_input_kinds() {
    static const std::string text = [] {
        std::vector<std::string_view> names;
        // Any value type's table has the same rows.
        for (const auto& b : builtin_functions<Interval>())
            if (b.makes_input) names.push_back(b.name);
        std::string out = "a range";
        for (std::size_t k = 0; k < names.size(); ++k) {
            out += (k == 0 ? ", or " : k + 1 == names.size() ? " or " : ", ") + std::string(names[k]);
        }
        return out;
    }();
    return text;
}

std::string non_finite(double number) {
    return std::isnan(number) ? "not a number (NaN)" : number > 0 ? "infinity" : "minus infinity";
}

void fail_not_finite(std::string_view name, double number) {
    fail(ErrorKind::domain, "The value of " + in_quotes(name) + " must be a finite number, but it is " +
         non_finite(number) + ".");
}

std::string shown(const Input& input) {
    if (const double* number = std::get_if<double>(&input)) return plain_text(*number);
    if (const auto* text = std::get_if<std::string_view>(&input)) return in_quotes(*text);
    if (const auto* quantity = std::get_if<const Quantity*>(&input)) return format(**quantity);
    const auto result = evaluate(*std::get<const Recipe*>(input));
    return result ? in_quotes(format(*result)) : std::string("an earlier result");
}

std::string as_given(const Binding& b) {
    const auto one = [](const Input& input) {
        if (const auto* text = std::get_if<std::string_view>(&input)) return std::string(*text);
        return shown(input);
    };
    std::string out = one(b.value);
    if (b.central) out += ", " + one(*b.central);
    if (b.high) out += (b.central ? ", " : " to ") + one(*b.high);
    return out;
}

ErrorPlace cell_of(const Binding& b, const End& end) {
    return ErrorPlace{ErrorPlace::What::cell, std::string(label_of(b, end.expected)), shown(end.input),
                      static_cast<int>(end.cell), static_cast<int>(end.cells)};
}

std::string cell_place(const Binding& b, const End& end) { return place_words(cell_of(b, end)); }

[[noreturn]] void fail_input(const Binding& b, ErrorKind kind, std::string message, std::string hint) {
    Error error{std::move(message), 0, std::move(hint), kind};
    error.input = std::string(b.name);
    fail(std::move(error));
}

void refuse_one_result_twice(std::span<const Binding> earlier, const Binding& b) {
    const auto ends = [](const Binding& x) {
        return std::array{recipe_in(x.value), x.central ? recipe_in(*x.central) : nullptr, x.high ? recipe_in(*x.high) : nullptr};
    };
    for (const Recipe* recipe : ends(b)) {
        if (!recipe) continue;
        for (const Binding& e : earlier) {
            const auto other = ends(e);
            if (std::ranges::find(other, recipe) == other.end()) continue;
            Error error{in_quotes(e.name) + " and " + in_quotes(b.name) + " are given equal Ballpark results (the same formula "
                            "with the same inputs), and the add-in cannot tell one cell given twice from two cells that are "
                            "alike: " + in_quotes(e.name) + " - " + in_quotes(b.name) + " would be 0 for one cell and a range "
                            "for two.",
                        0,
                        "If they are one quantity, give it once and write its name twice in the expression; if they are "
                        "two independent ones, make their formulas differ (each its own name for its unknown), or total "
                        "them with QTYSUM over their cells, which reads distinct cells as distinct results.",
                        ErrorKind::ambiguous};
            fail(std::move(error));
        }
    }
}

namespace {

std::array<const Recipe*, 3> recipes_of(const Binding& x) {
    return {recipe_in(x.value), x.central ? recipe_in(*x.central) : nullptr, x.high ? recipe_in(*x.high) : nullptr};
}

// The recipe of content hash `hash` in the tree of `recipe`, or null.
const Recipe* find_in_tree(const Recipe& recipe, std::uint64_t hash) {
    if (recipe.content_hash == hash) return &recipe;
    for (const Binding& b : recipe.bindings) {
        for (const Recipe* r : recipes_of(b)) {
            if (!r || !std::ranges::binary_search(r->own_unknowns, hash)) continue;
            if (const Recipe* found = find_in_tree(*r, hash)) return found;
        }
    }
    return nullptr;
}

}  // namespace

void refuse_alike_reached_twice(std::span<const Binding> earlier, const Binding& b) {
    for (const Recipe* mine : recipes_of(b)) {
        if (!mine || mine->own_unknowns.empty()) continue;
        for (const Binding& e : earlier) {
            for (const Recipe* theirs : recipes_of(e)) {
                if (!theirs || theirs == mine) continue;  // the same result given twice: refuse_one_result_twice's
                // Both sorted: one pass over the two, however long a total's list grows.
                const auto& a = mine->own_unknowns;
                const auto& c = theirs->own_unknowns;
                auto common = a.begin();
                for (auto other = c.begin(); common != a.end() && other != c.end();) {
                    if (*common < *other) ++common;
                    else if (*other < *common) ++other;
                    else break;
                }
                if (common == a.end() || !std::ranges::binary_search(c, *common)) continue;
                const Recipe* shared = find_in_tree(*mine, *common);
                const std::string formula = shared ? in_quotes(shared->expression) : std::string("a formula");
                Error error{in_quotes(label_of(e, e.expected)) + " and " + in_quotes(label_of(b, b.expected)) +
                                " both read a result of " + formula + ", at least one of them through another result, and that "
                                "formula writes an unknown of its own. The add-in cannot tell one cell read twice from two cells "
                                "that are alike (the same formula with the same inputs), and the two give different numbers: one "
                                "unknown for one cell, one each for two.",
                            0, {}, ErrorKind::ambiguous};
                error.advice = ErrorAdvice::alike_results;
                fail(std::move(error));
            }
        }
    }
}

[[noreturn]] void fail_mixed(const Recipe& recipe, std::string_view name, std::optional<Mode> reading) {
    Error error{in_quotes(name) + " is a result computed in the " + std::string(mode_name(recipe.mode)) +
                    " mode, but it is read in the " + std::string(mode_name(reading.value_or(Mode{}))) +
                    " mode: a result is read only in the mode it was computed in.",
                0, {}};
    error.kind = ErrorKind::mixed_readings;
    error.mode = recipe.mode;
    error.argument = std::string(name);
    fail(std::move(error));
}

}  // namespace ballpark::detail
