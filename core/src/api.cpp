// The public API: catches every exception at this boundary and hands back Results.
#include "ballpark/api.hpp"

#include <cctype>
#include <cmath>
#include <new>
#include <vector>

#include "ballpark/text_cache.hpp"
#include "caches.hpp"
#include "evaluator.hpp"
#include "interval.hpp"
#include "quantity_conversion.hpp"

namespace ballpark {
namespace {

template <class F>
auto guarded(F body) noexcept -> decltype(body()) {
    try {
        return body();
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::bad_alloc&) {
        return std::unexpected(Error{"Ran out of memory while evaluating; the expression is too large.", 0, {}});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Internal error: ") + e.what() + ".", 0, {}});
    } catch (...) {
        return std::unexpected(Error{"Internal error of an unknown kind.", 0, {}});
    }
}

Value<Interval> evaluate_text(std::string_view text, std::span<const NamedValue<Interval>> bindings) {
    const auto tree = cached_statement(text);
    if (tree->statement.kind != Statement::Kind::expression) {
        fail("Expected an expression, but \"" + std::string(text) +
             "\" defines a name; assignments and functions belong in notebooks.");
    }
    Evaluator<Interval> evaluator(nullptr, bindings);
    return evaluator.run(*tree);
}

// A text evaluated without bindings depends on nothing but itself (the unit tables are immutable), so its value is
// kept per thread like its syntax tree: a filled column that repeats the same one-liner, or "35% to 55%" as a
// binding, evaluates it once. Errors are not kept. Returned by value: a full cache starts over.
Value<Interval> evaluate_closed_text(std::string_view text) {
    thread_local TextCache<Value<Interval>> cache;
    return cache.get(text, [&] { return evaluate_text(text, {}); });  // copied out before any other insert
}

void check_dimension(const Quantity& q, const DisplayUnit& unit) {
    if (q.dimension != unit.dimension) {
        fail("Cannot express " + describe_dimension(q.dimension) + " in \"" + unit.label + "\", which is " +
                 describe_dimension(unit.dimension) + ".",
             0, conversion_hint(q.dimension, unit.dimension));
    }
}

}  // namespace

Result<Quantity> evaluate(std::string_view expression, std::span<const Binding> bindings) noexcept {
    return guarded([&]() -> Result<Quantity> {
        std::vector<NamedValue<Interval>> values;
        values.reserve(bindings.size());
        for (const Binding& b : bindings) {
            for (const NamedValue<Interval>& earlier : values) {
                if (earlier.name == b.name) fail("The name \"" + std::string(b.name) + "\" is given two values; give each name once.");
            }
            if (const double* number = std::get_if<double>(&b.value)) {
                // A NaN or infinity would pass through the arithmetic and come out as a number that means nothing.
                if (!std::isfinite(*number)) {
                    fail("The value of \"" + std::string(b.name) + "\" must be a finite number, but it is " +
                         (std::isnan(*number) ? "not a number (NaN)." : *number > 0 ? "infinity." : "minus infinity."));
                }
                values.push_back({b.name, Value<Interval>{Interval::point(*number), {}, nullptr}});
            } else {
                const std::string_view text = std::get<std::string_view>(b.value);
                try {
                    values.push_back({b.name, evaluate_closed_text(text)});
                } catch (const ErrorException& e) {
                    Error error = e.error();
                    error.message = "The value of \"" + std::string(b.name) + "\" (\"" + std::string(text) +
                                    "\") could not be read: " + error.message;
                    error.column = 0;
                    throw ErrorException(std::move(error));
                }
            }
        }
        return to_quantity(values.empty() ? evaluate_closed_text(expression) : evaluate_text(expression, values));
    });
}

Result<double> convert(double value, std::string_view from_unit, std::string_view to_unit) noexcept {
    return guarded([&]() -> Result<double> {
        // Copy what is needed of the first unit before looking up the second: that lookup may make the per-thread
        // cache start over, which frees the first (tests/unit/api_test.cpp, ConvertsCorrectlyWhenTheUnitCacheStartsOver…).
        // A cached unit's label is its text, so the messages use the texts.
        const DisplayUnit& first = *cached_unit(from_unit);
        const double from_factor = first.factor;
        const Dimension from_dimension = first.dimension;
        const DisplayUnit& to = *cached_unit(to_unit);
        if (from_dimension != to.dimension) {
            fail("Cannot convert \"" + std::string(from_unit) + "\" (" + describe_dimension(from_dimension) + ") to \"" +
                     std::string(to_unit) + "\" (" + describe_dimension(to.dimension) + ").",
                 0, conversion_hint(from_dimension, to.dimension));
        }
        // Checked after the units, so a bad unit is reported whatever the value; NaN would otherwise be called too large.
        if (!std::isfinite(value)) {
            fail(std::string("The value to convert must be a finite number, but it is ") +
                 (std::isnan(value) ? "not a number (NaN)." : value > 0 ? "infinity." : "minus infinity."));
        }
        // The ratio of the unit sizes first: value * from / to can underflow in between although the result fits
        // (1e-200 in "1e-200 m" to "1e-300 m" would give 0).
        const double ratio = from_factor / to.factor;
        const double result = std::isnormal(ratio) ? value * ratio : value * from_factor / to.factor;
        if (!std::isfinite(result)) fail("The converted value is beyond double precision.");
        return result;
    });
}

Result<Quantity> unit_quantity(std::string_view unit) noexcept {
    return guarded([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        return Quantity{u->factor, u->factor, u->factor, u->dimension, u};
    });
}

Result<Quantity> express_in(const Quantity& quantity, std::string_view unit) noexcept {
    return guarded([&]() -> Result<Quantity> {
        const auto& u = cached_unit(unit);
        check_dimension(quantity, *u);
        if (!std::isfinite(std::max(std::abs(quantity.low), std::abs(quantity.high)) / u->factor)) {
            fail("The value is beyond double precision when written in \"" + u->label + "\".");
        }
        Quantity out = quantity;
        out.unit = u;
        return out;
    });
}

Result<double> value_in(const Quantity& quantity, std::string_view unit, Part part) noexcept {
    return guarded([&]() -> Result<double> {
        const double base = part == Part::low ? quantity.low : part == Part::high ? quantity.high : quantity.central;
        if (unit.empty()) return base;
        const auto& u = cached_unit(unit);
        check_dimension(quantity, *u);
        const double result = base / u->factor;
        // A huge value in a tiny unit leaves double precision; an infinity is not a number a cell can use.
        if (!std::isfinite(result)) fail("The value in \"" + u->label + "\" is beyond double precision.");
        return result;
    });
}

Result<Part> parse_part(std::string_view text) noexcept {
    std::string lower;
    for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.empty() || lower == "central") return Part::central;
    if (lower == "low") return Part::low;
    if (lower == "high") return Part::high;
    return std::unexpected(Error{"Expected \"central\", \"low\" or \"high\", but found \"" + std::string(text) + "\".", 0, {}});
}

}  // namespace ballpark
