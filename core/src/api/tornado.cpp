#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "ballpark/text.hpp"
#include "ballpark/tornado.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/sensitivity.hpp"
#include "api/correlation_binding.hpp"
#include "api/recipe.hpp"
#include "api/tornado_from.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {
namespace {

Quantity single(double x, const Value<Sensitivity>& like) {
    Quantity q;
    q.low = q.central = q.high = x;
    q.dimension = like.dimension;
    q.unit = like.unit;
    return q;
}

// "first", "second", ...: told apart, two inputs written alike ("1 to 3" twice) read in the order written.
std::string ordinal(std::size_t n) {
    static const char* const words[] = {"first", "second", "third", "fourth", "fifth",
                                        "sixth", "seventh", "eighth", "ninth", "tenth"};
    return n <= std::size(words) ? words[n - 1] : "number " + std::to_string(n);
}

// A binding as one input of the tornado, named by its name: read through the public evaluate() in the bounds
// reading, then made an input here.
NamedValue<Sensitivity> tornado_input(Sensitivity::Context& context, const Binding& b) {
    Binding one = b;
    one.name = "value";
    const auto q = evaluate("value", std::span(&one, 1));
    if (!q) {
        Error e = q.error();
        throw ErrorException(std::move(e));
    }
    const std::size_t before = context.inputs.size();
    Sensitivity number = q->low == q->high
                             ? Sensitivity::point(q->central)
                             : Sensitivity::between3(context, Sensitivity::point(q->low), Sensitivity::point(q->central),
                                                     Sensitivity::point(q->high), 0);
    if (context.inputs.size() > before) context.inputs.back().label = std::string(b.name);
    return {b.name, Value<Sensitivity>{number, q->dimension, nullptr}};
}

}  // namespace

Tornado tornado_from(const Value<Sensitivity>& value, const Sensitivity::Context& context) {
    Tornado t;
    t.central = single(value.number.central(), value);
    std::vector<std::string> given;  // beside each bar, the value its input was given
    for (const Sensitivity::Swing& s : value.number.swings()) {
        const Sensitivity::Input& in = context.inputs[s.input];
        TornadoBar bar;
        // Every input has a text: a range's, its name's, or a distribution call's.
        bar.input = !in.label.empty() ? in.label : !in.call.empty() ? in.call : "the range " + std::to_string(s.input + 1);
        bar.given = in.given;
        bar.input_low = in.low;
        bar.input_high = in.high;
        bar.at_low = single(s.at_low, value);
        bar.at_high = single(s.at_high, value);
        bar.lowest = single(s.lowest(), value);
        bar.highest = single(s.highest(), value);
        bar.swing = s.highest() - s.lowest();
        // An input that gives the same result all through its range does not matter to it (x - x, or a flat
        // region of min/max).
        if (bar.swing > 0) {
            t.bars.push_back(std::move(bar));
            given.push_back(in.given);
        }
    }
    // Bars that would read alike: each run of a plan binds its own tokens to "t". Each gets the value it was
    // given after its name when those tell them apart ("t (1.8 to 2.2)"), its place in the order written otherwise.
    for (std::size_t i = 0; i < t.bars.size(); ++i) {
        const std::string label = t.bars[i].input;
        std::vector<std::size_t> alike;
        for (std::size_t j = i; j < t.bars.size(); ++j) {
            if (t.bars[j].input == label) alike.push_back(j);
        }
        if (alike.size() < 2) continue;
        std::vector<std::string> givens;
        for (std::size_t j : alike) givens.push_back(given[j]);
        std::vector<std::string> sorted = givens;
        std::ranges::sort(sorted);
        const bool told_apart = std::ranges::adjacent_find(sorted) == sorted.end() && !sorted.front().empty();
        for (std::size_t k = 0; k < alike.size(); ++k) {
            t.bars[alike[k]].input = label + " (" + (told_apart ? givens[k] : ordinal(k + 1)) + ")";
        }
    }
    // Largest first; equal swings keep the order the inputs were written in.
    std::stable_sort(t.bars.begin(), t.bars.end(), [](const TornadoBar& a, const TornadoBar& b) { return a.swing > b.swing; });
    return t;
}

Result<Tornado> tornado(std::string_view expression, std::span<const Binding> bindings) noexcept {
    return capture_errors([&]() -> Result<Tornado> {
        // Declared units live in a layer that only evaluate() sets up (evaluate.cpp); without it the ";" after a
        // declaration would be read as an argument separator and reported as a stray ",".
        if (UnitRegistry::declaration_in(expression)) {
            Error error{"The tornado does not read a text that declares units (" +
                            in_quotes(excerpt_around(expression, 1, 60).text) + ").",
                        0, "Write the expression in built-in units."};
            error.kind = ErrorKind::declared_units_unread;
            fail(std::move(error));
        }
        // A tornado moves one input at a time with the others at their central values, so a correlation changes
        // none of its bars; it is checked as every reading checks it.
        detail::check_correlation_binding(bindings);
        const Binding* correlation = detail::correlation_binding(bindings);
        Sensitivity::Context context;
        std::vector<NamedValue<Sensitivity>> values;
        if (reads_recipes(bindings)) {
            // Results are read in the reading they were made in: a QTYDIST result's tornado moves each input
            // from its 5th to its 95th percentile.
            const Result<Mode> made_in = mode_of_links(bindings, Mode{});
            if (!made_in) fail(made_in.error());
            context.mode = *made_in;
            values = read_through_results(context, bindings);
        } else {
            for (const Binding& b : bindings)
                if (&b != correlation) values.push_back(tornado_input(context, b));
        }
        const auto tree = cached_statement(expression);
        if (tree->statement.kind != Statement::Kind::expression) {
            fail(ErrorKind::argument, "Expected an expression, but " + in_quotes(expression) + " defines a name.");
        }
        Evaluator<Sensitivity> evaluator(context, nullptr, values);
        return tornado_from(evaluator.run(*tree), context);
    });
}

std::string format_tornado(const Tornado& tornado, const FormatOptions& options) {
    FormatOptions plain = options;
    plain.dimension_label = false;
    std::string out = format(tornado.central, plain) + " with every input at its central value";
    if (tornado.bars.empty()) return out + "; no input moves it.";
    out += "; one input at a time, largest effect first:";
    for (const TornadoBar& bar : tornado.bars) {
        out += "\n  " + bar.input + ": " + format(bar.at_low, plain) + " at its low end, " + format(bar.at_high, plain) +
               " at its high end";
        const double end_low = std::min(bar.at_low.central, bar.at_high.central);
        const double end_high = std::max(bar.at_low.central, bar.at_high.central);
        if (bar.lowest.central < end_low || bar.highest.central > end_high) {
            out += " (not monotone: from " + format(bar.lowest, plain) + " to " + format(bar.highest, plain) +
                   " within its range)";
        }
    }
    return out;
}

}  // namespace ballpark
