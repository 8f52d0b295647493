// libFuzzer target over the expression parser, the evaluator and the formatter, through the public API that the
// add-in and the CLI call. An input of one line is evaluated with evaluate() (and run in a Session when it has
// an "=", which only a Session accepts). An input of several lines is used two ways:
//   1. the first line as an expression and every further line "name=value" as a binding, the value read as a
//      number when it is one (nan and inf included, which must be refused) and as quantity text otherwise;
//   2. every line run in one Session, as a notebook would, so assignments and user functions (and their
//      recursion) are reached.
// With a binding named "correlation", the tornado of the first line is also taken with and without it, and must
// not differ (a tornado moves one input at a time). Every result is formatted with format(), and a one-line input is also tried as a result's keyed text
// (check_keyed_texts). A one-line input is evaluated in every mode, and the modes'
// promises are checked against each other: the dependency-aware bounds lie inside the plain interval bounds; the
// result with every input at its central value and the results with one input at either end (the tornado's
// points, each a possible value) lie inside both; a distribution's 5th percentile, median and 95th percentile
// are ordered; and every mode gives the same digits twice.
// Besides crashes, hangs and sanitizer reports, an input fails when the API breaks a promise: a successful
// result that is not finite or whose central value lies outside [low, high], an empty error sentence, text
// that is not UTF-8 coming out of valid UTF-8 going in, or format() giving up on a value evaluate() produced.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/session.hpp"
#include "ballpark/tornado.hpp"

namespace {

[[noreturn]] void broken(const char* promise, std::string_view input, std::string_view detail) {
    std::fprintf(stderr, "fuzz_expression: %s\n  input:  \"%.*s\"\n  detail: \"%.*s\"\n", promise,
                 static_cast<int>(input.size()), input.data(), static_cast<int>(detail.size()), detail.data());
    std::abort();
}

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool valid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n;
        char32_t cp, min;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; min = 0x10000; }
        else return false;
        if (i + n > s.size()) return false;
        for (std::size_t k = 1; k < n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n;
    }
    return true;
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

void check_error(const ballpark::Error& error, std::string_view input, bool input_is_utf8) {
    if (error.message.empty()) broken("an error without a sentence", input, "");
    if (error.column < 0) broken("an error with a negative column", input, error.message);
    const std::string sentence = error.sentence();
    if (input_is_utf8 && !valid_utf8(sentence)) broken("an error sentence that is not UTF-8", input, sentence);
}

void check_quantity(const ballpark::Quantity& q, std::string_view input, bool input_is_utf8) {
    if (!std::isfinite(q.low) || !std::isfinite(q.central) || !std::isfinite(q.high)) {
        broken("a result that is not finite", input, "");
    }
    if (!(q.low <= q.central && q.central <= q.high)) {
        char detail[160];
        std::snprintf(detail, sizeof detail, "low %.17g central %.17g high %.17g", q.low, q.central, q.high);
        broken("a central value outside [low, high]", input, detail);
    }
    // The default options, and ASCII with a number of digits from 1 to 17 that the input picks.
    ballpark::FormatOptions other;
    other.ascii = true;
    other.point_digits = other.range_digits = 1 + static_cast<int>(input.size() % 17);
    for (const ballpark::FormatOptions& options : {ballpark::FormatOptions{}, other}) {
        const std::string text = ballpark::format(q, options);
        if (text.empty() || text == "(could not format this value)") broken("format() gave up", input, text);
        if (input_is_utf8 && !valid_utf8(text)) broken("format() wrote text that is not UTF-8", input, text);
    }
}

// x lies in [low, high] up to rounding: a point evaluation rounds to nearest, so it may sit an ulp or so outside
// a bound that encloses the exact value.
bool inside(double x, const ballpark::Quantity& q) {
    const double slack = 1e-9 * std::max({std::abs(q.low), std::abs(q.high), std::abs(x)});
    return x >= q.low - slack && x <= q.high + slack;
}

void same_twice(const ballpark::Result<ballpark::Quantity>& first, std::string_view input, ballpark::Mode mode) {
    const auto again = ballpark::evaluate(input, {}, ballpark::EvaluationOptions{mode});
    const bool same = first ? again && again->low == first->low && again->central == first->central &&
                                  again->high == first->high
                            : !again && again.error().message == first.error().message;
    if (!same) broken("different digits the second time", input, ballpark::mode_name(mode));
}

// The input as a result's text with its key (ballpark/linked.hpp), as a cell holds it, and what sheets make of such a
// text: the key splits back off exactly; joined after other text, with a character substituted, or pasted after
// another text, it is no key (a wrong key there would read another result); and the key's characters never change
// how a text reads.
void check_keyed_texts(std::string_view input, const ballpark::Result<ballpark::Quantity>& bounds) {
    const std::uint64_t key = std::hash<std::string_view>{}(input);
    const std::string keyed = ballpark::with_key(std::string(input), key);
    const ballpark::KeyedText split = ballpark::split_key(keyed);
    if (split.key != key || split.shown != input) broken("a keyed text that does not split back into its text and key", input, "");
    const std::string key_part = keyed.substr(input.size());
    std::vector<std::string> changed{"2 * " + keyed, "x" + keyed};
    if (input != "1 hour") changed.push_back("1 hour" + key_part);
    if (!input.empty()) {
        std::string substituted = keyed;
        substituted[0] = substituted[0] == 'a' ? 'b' : 'a';
        changed.push_back(substituted);
    }
    for (const std::string& text : changed) {
        if (ballpark::split_key(text).key) broken("a key counted after a text it was not made for", input, text);
    }
    const auto read = ballpark::evaluate(keyed);
    const bool same = bounds ? read && read->low == bounds->low && read->central == bounds->central && read->high == bounds->high
                             : !read;
    if (!same) broken("a key's characters changed how a text reads", input, read ? "read" : read.error().message);
}

void evaluate_whole(std::string_view input, bool utf8) {
    // In every mode, a row of the mode table each (ballpark/mode.hpp), in the rows' order.
    std::vector<ballpark::Result<ballpark::Quantity>> results;
    for (const ballpark::ModeInfo& row : ballpark::mode_table) {
        results.push_back(ballpark::evaluate(input, {}, ballpark::EvaluationOptions{row.mode}));
    }
    for (const auto& result : results) {
        if (result) check_quantity(*result, input, utf8);
        else check_error(result.error(), input, utf8);
    }
    for (const ballpark::ModeInfo& row : ballpark::mode_table) {
        same_twice(results[static_cast<std::size_t>(row.mode)], input, row.mode);
    }
    // The default mode's result, which tornado() reads in, and that of its faster mode for inputs used once: the
    // dependency-aware bounds and the plain intervals.
    const ballpark::ModeInfo& first = ballpark::mode_table[0];
    const auto& bounds = results.front();
    const auto& plain = results[static_cast<std::size_t>(first.inputs_once)];
    check_keyed_texts(input, bounds);
    if (bounds && plain && bounds->dimension == plain->dimension) {
        if (bounds->low < plain->low || bounds->high > plain->high) {
            char detail[200];
            std::snprintf(detail, sizeof detail, "%.*s [%.17g, %.17g], %.*s [%.17g, %.17g]", static_cast<int>(first.name.size()),
                          first.name.data(), bounds->low, bounds->high, static_cast<int>(ballpark::mode_name(first.inputs_once).size()),
                          ballpark::mode_name(first.inputs_once).data(), plain->low, plain->high);
            broken("dependency-aware bounds wider than plain intervals", input, detail);
        }
        const auto tornado = ballpark::tornado(input);
        if (tornado) {
            std::vector<double> points{tornado->central.central};
            for (const auto& bar : tornado->bars) {
                points.push_back(bar.at_low.central);
                points.push_back(bar.at_high.central);
            }
            for (double x : points) {
                // A point that overflowed or divided by zero at an end is not a value the bounds promise anything about.
                if (!std::isfinite(x)) continue;
                if (!inside(x, *bounds) || !inside(x, *plain)) {
                    char detail[200];
                    std::snprintf(detail, sizeof detail, "point %.17g, bounds [%.17g, %.17g], interval [%.17g, %.17g]", x,
                                  bounds->low, bounds->high, plain->low, plain->high);
                    broken("a possible value outside the bounds", input, detail);
                }
            }
        }
    }
}

void evaluate_with_bindings(const std::vector<std::string_view>& lines, std::string_view input, bool utf8) {
    if (lines.size() < 2) return;
    std::vector<ballpark::Binding> bindings;
    for (std::size_t k = 1; k < lines.size(); ++k) {
        const std::string_view line = lines[k];
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string_view name = line.substr(0, eq);
        const std::string_view value = line.substr(eq + 1);
        double number = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (ec == std::errc{} && end == value.data() + value.size()) bindings.push_back({name, number});
        else bindings.push_back({name, value});
    }
    const auto result = ballpark::evaluate(lines[0], bindings);
    if (result) {
        check_quantity(*result, input, utf8);
    } else {
        check_error(result.error(), input, utf8);
    }
    // A binding named "correlation" moves no bar of a tornado, which moves one input at a time: where the tornado
    // with it is given, it is the tornado without it.
    const auto correlation = std::ranges::find_if(bindings, [](const ballpark::Binding& b) { return b.name == "correlation"; });
    if (correlation == bindings.end()) return;
    const auto with = ballpark::tornado(lines[0], bindings);
    if (!with) {
        check_error(with.error(), input, utf8);
        return;
    }
    std::vector<ballpark::Binding> others(bindings.begin(), correlation);
    others.insert(others.end(), correlation + 1, bindings.end());
    const auto without = ballpark::tornado(lines[0], others);
    const auto same = [](const ballpark::Quantity& a, const ballpark::Quantity& b) {
        return a.central == b.central || (std::isnan(a.central) && std::isnan(b.central));
    };
    bool equal = without && without->bars.size() == with->bars.size() && same(without->central, with->central);
    for (std::size_t k = 0; equal && k < with->bars.size(); ++k) {
        equal = with->bars[k].input == without->bars[k].input && same(with->bars[k].at_low, without->bars[k].at_low) &&
                same(with->bars[k].at_high, without->bars[k].at_high);
    }
    if (!equal) broken("a correlation changed a tornado", input, without ? "" : without.error().message);
}

void run_session(const std::vector<std::string_view>& lines, std::string_view input, bool utf8) {
    ballpark::Session session;
    for (std::string_view line : lines) {
        const auto result = session.run(line);
        if (!result) {
            check_error(result.error(), input, utf8);
            continue;
        }
        if (result->value) check_quantity(*result->value, input, utf8);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const bool utf8 = valid_utf8(input);
    const std::vector<std::string_view> lines = lines_of(input);
    // Each way of reading is used only where it can differ from the others, which keeps executions fast.
    if (lines.size() == 1) {
        evaluate_whole(input, utf8);
        if (input.find('=') != std::string_view::npos) run_session(lines, input, utf8);
    } else {
        evaluate_with_bindings(lines, input, utf8);
        run_session(lines, input, utf8);
    }
    return 0;
}
