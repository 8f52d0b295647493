// The tornado functions: QTYSWING (one bar of an expression's tornado), QTYTOP (the input of a rank) and QTYINPUTS
// (the inputs a result depends on, largest swing first), from the core's tornado (ballpark/tornado.hpp).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/text.hpp"
#include "ballpark/tornado.hpp"
#include "meanings.hpp"
#include "number_texts.hpp"
#include "pairs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

namespace {

// The tornado of QTYSWING's and QTYTOP's expression with its name; value pairs. A number as the expression has
// no inputs, and its tornado has no bars.
Result<Tornado> tornado_of(HeldRecipes& held, const Arg& expression, std::span<const Arg> pairs, std::vector<Binding>& bindings) {
    bindings = need(pair_bindings(held, pairs));
    const Expression e = need(expression_of(held, expression, bindings));
    auto t = tornado(e.text, e.bindings);
    if (!t) return std::unexpected(with_comma_hint(e.text, std::move(t.error())));
    return t;
}

std::string input_names(const Tornado& t) {
    std::string out;
    for (std::size_t i = 0; i < t.bars.size(); ++i) out += (i == 0 ? "" : ", ") + in_quotes(t.bars[i].input);
    return out;
}

Error beyond_the_inputs(const Tornado& t, std::size_t rank) {
    return error(ErrorKind::argument, "The expression has " + std::to_string(t.bars.size()) + " uncertain input" +
                     (t.bars.size() == 1 ? "" : "s") + " that change its result, so there is no input of rank " +
                     std::to_string(rank) + ".",
                 t.bars.empty() ? std::string("Give an input as a range, such as \"35% to 55%\" or two cells.")
                                : "The inputs, largest swing first: " + input_names(t) + ".");
}

}  // namespace

Result<double> typed::qty_swing(std::string_view, const Arg& expression, const Arg& input, const Arg& end,
                                const Arg& unit, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<double> {
        HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(held, expression, pairs, bindings));
        const std::string_view which = need(optional_text(end, "end", "swing", "low"));
        std::string lower;
        for (char c : which) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower != "low" && lower != "high" && lower != "swing") {
            return std::unexpected(error(ErrorKind::argument, "end should be \"low\", \"high\" or \"swing\", but it is " + in_quotes(which) + "."));
        }
        std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        if (unit_text.empty() && t.central.unit) unit_text = t.central.unit->label;
        const TornadoBar* bar = nullptr;
        if (std::holds_alternative<double>(input) || is_empty(input)) {
            const std::size_t rank = need(read_rank(input, "input"));
            if (rank > t.bars.size()) throw ErrorException(beyond_the_inputs(t, rank));
            bar = &t.bars[rank - 1];
        } else if (const auto* name = std::get_if<std::string>(&input)) {
            for (const TornadoBar& b : t.bars) {
                if (b.input == *name) bar = &b;
            }
            if (!bar) {
                // A bound name whose ends give the same result (or a plain number) does not move the result.
                const bool bound = std::ranges::any_of(bindings, [&](const Binding& b) { return b.name == *name; });
                if (!bound) {
                    return std::unexpected(error(ErrorKind::unknown_name, "input " + in_quotes(*name) + " is not one of the expression's uncertain inputs.",
                                                 t.bars.empty() ? std::string{} : "They are, largest swing first: " + input_names(t) + "."));
                }
                if (lower == "swing") return 0.0;
                return finite(value_in(t.central, unit_text, Part::central));
            }
        } else {
            return std::unexpected(error(ErrorKind::argument, "input should be an input's name or a rank such as 1, but it is " + kind_of(input) + "."));
        }
        const double at_low = need(finite(value_in(bar->at_low, unit_text, Part::central)));
        const double at_high = need(finite(value_in(bar->at_high, unit_text, Part::central)));
        if (lower == "low") return at_low;
        if (lower == "high") return at_high;
        // Across the whole range, not only its ends: an effect that is not monotone has a swing with equal ends.
        return need(finite(value_in(bar->highest, unit_text, Part::central))) -
               need(finite(value_in(bar->lowest, unit_text, Part::central)));
    });
}

Result<std::string> typed::qty_top(std::string_view, const Arg& expression, std::size_t rank,
                                   std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(held, expression, pairs, bindings));
        if (rank > t.bars.size()) throw ErrorException(beyond_the_inputs(t, rank));
        return t.bars[rank - 1].input;
    });
}

Result<std::string> typed::qty_inputs(std::string_view, const Arg& value) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(held, value, {}, bindings));
        if (t.bars.empty()) return std::string("(no uncertain inputs)");
        std::string out;
        for (const TornadoBar& bar : t.bars) {
            if (!out.empty()) out += "; ";
            out += bar.input;
            // A name is followed by what it was given, unless the tornado has already told alike names apart so.
            if (!bar.given.empty() && bar.input.find('(') == std::string::npos) out += " (" + bar.given + ")";
        }
        return out;
    });
}

}  // namespace ballpark::sheet
