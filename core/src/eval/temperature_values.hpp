// Values of temperature on a scale with an offset (degC, degF) as the evaluator meets them: a number read on a scale,
// a range, sum or difference of temperatures, and the refusals of what depends on where a scale puts its zero.
// The rules and their sentences are eval/temperature.hpp's; the evaluator keeps only the inline tests that send a
// node here (Evaluator::scale_after, refuse_temperature_operand). Included at the end of evaluator.hpp.
#pragma once

#include <cmath>
#include <memory>
#include <span>
#include <string>

#include "eval/evaluator.hpp"
#include "values/law_normal.hpp"

namespace ballpark {

template <ValueType V>
struct TemperatureValues {
    using E = Evaluator<V>;

    [[noreturn]] static void fail_scale_alone(const E& ev, const Node& n) {
        fail_temperature(in_quotes(n.text) + ev.at(n.column) + " is a temperature scale with an offset, which needs a number "
                             "before it, as in 20 " + std::string(n.text) + ".",
                         n.column, "For a difference of one degree, write K (Celsius-sized) or degR (Fahrenheit-sized).");
    }

    // A number read on a scale: (x + offset) · factor kelvin, kept enclosing the exact value (273.15 is no double).
    static Value<V> on_scale_number(E& ev, const Value<V>& x, const UnitValue& scale,
                                    const std::shared_ptr<const DisplayUnit>& display, int column) {
        if (!x.dimension.is_dimensionless() || is_temperature_point(x)) {
            fail_temperature("A plain number goes before " + in_quotes(display->label) + ev.at(column) + ", but the value there is " +
                                 (is_temperature_point(x) ? "already a temperature" : describe_dimension(x.dimension)) + ".",
                             column, "Write a number on the scale, as in 20 " + display->label + ".");
        }
        typename V::Context& c = ev.context();
        const double o = scale.offset;
        const V offset = E::number(std::nextafter(o, -INFINITY), o, std::nextafter(o, INFINITY));
        const V kelvin = V::multiply(c, V::add(c, x.number, offset), E::number(scale.factor_low, scale.factor, scale.factor_high));
        return above_absolute_zero(ev, ev.checked(Value<V>{kelvin, scale.dimension, display}, column), column);
    }

    // "20 degC", "(20 to 25) degC", "20 to 25 degC" (the parser gives the unit to the range): a range of numbers
    // on the scale is a range of temperatures, each end read on the scale.
    static Value<V> on_scale(E& ev, const SyntaxTree& t, const Node& n, const UnitValue& scale,
                             std::span<const NamedValue<V>> locals, bool negated = false) {
        const Node& lhs = t.nodes[n.lhs];
        const auto display = scale_display(t.nodes[n.rhs].text, scale);
        // A printed range read back ("22 [20, 25] degC") is its ends in the 90% reading; for bounds, its widened ends.
        if (lhs.kind == NodeKind::range && !negated && (lhs.middle < 0 || DistributionType<V>)) {
            const Value<V> low = on_scale_number(ev, ev.eval(t, lhs.lhs, locals), scale, display, lhs.column);
            const Value<V> high = on_scale_number(ev, ev.eval(t, lhs.rhs, locals), scale, display, lhs.column);
            Value<V> r = range(ev, low, high, lhs.column);
            if constexpr (requires(V v) { V::label_input(ev.context(), v, std::string{}); }) {
                V::label_input(ev.context(), r.number, std::string(source_text(t, static_cast<std::int32_t>(&n - t.nodes.data()))));
            }
            return r;
        }
        Value<V> x = ev.eval(t, n.lhs, locals);
        if (negated) x.number = V::negate(ev.context(), x.number);
        return on_scale_number(ev, x, scale, display, n.column);
    }

    // `a to b` of temperatures. In the 90% reading a range of temperatures on a scale is a normal: a lognormal's
    // shape would depend on where the scale puts its zero (in kelvin, "-10 to 30 degC" would have its median at
    // 9.3 degC, not 10). Bounds are the ends on any scale.
    static Value<V> range(E& ev, const Value<V>& a, const Value<V>& b, int column) {
        const bool points = is_temperature_point(a) || is_temperature_point(b);
        if (points && (a.difference || b.difference)) {
            fail_temperature("One end of the range" + ev.at(column) + " is a temperature and the other a difference of temperatures.",
                             column, "Write both ends on the scale, as in 20 to 25 degC.");
        }
        typename V::Context& c = ev.context();
        V number = [&] {
            if constexpr (DistributionType<V>) {
                const bool fixed = a.number.low() == a.number.high() && b.number.low() == b.number.high();
                if (points && fixed && a.number.central() < b.number.central()) {
                    // 5th and 95th percentiles at the ends: mean their midpoint, sd their half-width over z(0.95).
                    constexpr double z95 = 1.6448536269514722;
                    const double low = a.number.central(), high = b.number.central();
                    return V::law(c, normal_law(low / 2 + high / 2, (high - low) / (2 * z95)), column);
                }
            }
            return V::between(c, a.number, b.number, column);
        }();
        // A range from a difference to a kelvin value ("d to 6 K") is a range of differences.
        if (!points) return Value<V>{std::move(number), a.dimension, nullptr, a.difference || b.difference};
        return Value<V>{std::move(number), a.dimension, is_temperature_point(a) ? a.unit : b.unit};
    }

    // The sum or difference of two values of temperature.
    static Value<V> sum(E& ev, const Value<V>& a, const Value<V>& b, bool add, int column) {
        typename V::Context& c = ev.context();
        const bool point_a = is_temperature_point(a);
        const bool point_b = is_temperature_point(b);
        V number = add ? V::add(c, a.number, b.number) : V::subtract(c, a.number, b.number);
        if (point_a && point_b) {
            if (add) {
                fail_temperature("Cannot add two temperatures (" + ev.describe_value(a) + " and " + ev.describe_value(b) + ")" +
                                     ev.at(column) + ": on a scale with an offset their sum depends on where the scale puts its zero.",
                                 column, "Add a difference in K or degR (20 degC + 5 K), or add kelvin values: (a as K) + (b as K).");
            }
            return ev.checked(Value<V>{std::move(number), a.dimension, nullptr, true}, column);
        }
        if (point_a) return above_absolute_zero(ev, ev.checked(Value<V>{std::move(number), a.dimension, a.unit}, column), column);
        if (point_b) {
            if (!add && a.difference) {
                fail_temperature("Cannot subtract the temperature " + ev.describe_value(b) + " from a difference of temperatures" +
                                     ev.at(column) + ".",
                                 column, "Put the temperature first: 20 degC - 5 K is 15 degC.");
            }
            // Kelvin less a temperature is a difference; a difference or kelvin plus a temperature is a temperature.
            if (!add) return ev.checked(Value<V>{std::move(number), a.dimension, nullptr, true}, column);
            return above_absolute_zero(ev, ev.checked(Value<V>{std::move(number), a.dimension, b.unit}, column), column);
        }
        return ev.checked(Value<V>{std::move(number), a.dimension, nullptr, a.difference || b.difference}, column);
    }

    [[gnu::cold, gnu::noinline]] static void refuse(const E& ev, const Value<V>& a, const Value<V>& b, const char* what,
                                                     int column) {
        const Value<V>* point = is_temperature_point(a) ? &a : &b;
        fail_temperature("The temperature " + ev.describe_value(*point) + ev.at(column) + " is on a scale with an offset, so " +
                             what + " with it depends on where the scale puts its zero.",
                         column);
    }

    // A temperature on a scale with an offset (20 degC - 300 K, -500 degF, -5 K as degC) below absolute zero is no
    // temperature: refused, where a difference of temperatures (5 K - 20 K) may be negative.
    static Value<V> above_absolute_zero(const E& ev, Value<V> v, int column) {
        if (is_temperature_point(v) && below_absolute_zero(v.number.low())) [[unlikely]] {
            // In kelvin too, where the three figures of "-273 degC" would not show how far below it is.
            Value<V> kelvin = v;
            kelvin.unit = nullptr;
            fail_below_absolute_zero("The temperature " + ev.describe_value(v) + " (" + ev.describe_value(kelvin) + ")" + ev.at(column),
                                     column);
        }
        return v;
    }
};

}  // namespace ballpark
