// A printed result typed back ("1.7 [1.4, 2.1] million hour"): how many figures it was printed with, how far each
// printed bound may stand from the value it rounds, and its value in a reading. Included at the end of evaluator.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <string_view>

#include "eval/evaluator.hpp"
#include "numeric/error_free_rounding.hpp"

namespace ballpark {

template <ValueType V>
struct PrintedRanges {
    using E = Evaluator<V>;

    // The significant figures a printed range was written with, from those of its numbers that show them ("1.4",
    // "19"); 0 when every one ends in zeros that may or may not be significant ("160 [150, 200]").
    static int printed_figures(const SyntaxTree& t, const Node& n) {
        int figures = 0;
        for (std::int32_t index : {n.lhs, n.middle, n.rhs}) {
            const std::string_view text = t.nodes[static_cast<std::size_t>(index)].text;
            std::string digits;
            bool has_point = false;
            for (char ch : text) {
                if (ch == '.') has_point = true;
                if (ch >= '0' && ch <= '9') digits += ch;
            }
            const std::size_t first = digits.find_first_not_of('0');
            if (first == std::string::npos) continue;
            if (!has_point && digits.back() == '0') continue;  // "160": two or three figures, nobody can tell
            figures = std::max(figures, static_cast<int>(digits.size() - first));
        }
        return figures;
    }

    // Half a unit in the last significant digit of a printed bound. A whole number that ends in zeros ("210" of a
    // range printed with two figures) stands for everything from 205 to 215, not 209.5 to 210.5: its trailing
    // zeros count only as far as the range's figures say, and all of them count as insignificant when no number
    // says (wider, so still an enclosure).
    static double printed_half_step(const Node& bound, int figures) {
        const std::string_view text = bound.text;
        const bool whole = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
        if (!whole || bound.half_step != 0.5 || text.back() != '0') return bound.half_step;
        const std::size_t first = text.find_first_not_of('0');
        if (first == std::string_view::npos) return bound.half_step;
        const int length = static_cast<int>(text.size() - first);
        const int trailing = static_cast<int>(text.size() - 1 - text.find_last_not_of('0'));
        const int insignificant = figures > 0 ? std::clamp(length - figures, 0, trailing) : trailing;
        return 0.5 * std::pow(10.0, insignificant);
    }

    // "1.7 [1.4, 2.1] million hour", a printed result typed back. For bounds, a printed bound stands for everything
    // that prints the same, so the bounds widen by half a unit in their last digit (1.4 is read as 1.35): a chain of
    // steps through printed results stays an enclosure. A distribution reads the numbers as they are: the median
    // and the 5th and 95th percentiles. "c [90%: l, h]", as the 90% reading labels what it prints, has no bounds
    // to give, and a reading of bounds refuses it rather than take its percentiles for bounds.
    static Value<V> value(E& ev, const SyntaxTree& t, const Node& n, std::span<const NamedValue<V>> locals) {
        constexpr Ends reads = DistributionType<V> ? Ends::percentiles : Ends::bounds;
        if (n.labelled && mode_info(static_cast<Mode>(n.labelled - 1)).results != reads) {
            const ModeInfo& labelled = mode_info(static_cast<Mode>(n.labelled - 1));
            const std::string label(labelled.label), noun(labelled.range_noun);
            Error error{"The range at column " + std::to_string(n.column) + " is labelled \"" + label +
                            ":\", a median with its " + percentile_ordinal(low_percentile(labelled)) + " and " +
                            percentile_ordinal(high_percentile(labelled)) + " percentiles as the " + label +
                            " reading prints them, and here ranges are read as guaranteed bounds, which a " + noun +
                            " does not give.",
                        n.column, {}};
            error.kind = ErrorKind::mixed_readings;
            error.mode = labelled.mode;
            fail(std::move(error));
        }
        const Value<V> low = ev.eval(t, n.lhs, locals);
        const Value<V> central = ev.eval(t, n.middle, locals);
        const Value<V> high = ev.eval(t, n.rhs, locals);
        typename V::Context& c = ev.context();
        if constexpr (DistributionType<V>) {
            return Value<V>{V::between3(c, low.number, central.number, high.number, n.column), low.dimension, nullptr};
        } else {
            const Node& l = t.nodes[n.lhs];
            const Node& h = t.nodes[n.rhs];
            ErrorFreeRounding rounding;
            const int figures = printed_figures(t, n);
            const double wide_low = l.kind == NodeKind::number ? rounding.sub_down(l.number_low, printed_half_step(l, figures))
                                                               : low.number.low();
            const double wide_high = h.kind == NodeKind::number ? rounding.add_up(h.number_high, printed_half_step(h, figures))
                                                                : high.number.high();
            return Value<V>{V::between3(c, V::point(wide_low), central.number,
                                        V::point(wide_high), n.column),
                            low.dimension, nullptr};
        }
    }
};

}  // namespace ballpark
