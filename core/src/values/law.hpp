// A named input distribution as one description, its law, which every value type reads through one method,
// V::law (value_type.hpp): the support, the quantile function, the central value a bounds reading shows, an
// optional closed form, and the refusal of the bounds readings where the support has no end.
//
// A law is made from its call's arguments by its own file (law_uniform.hpp, law_pert.hpp, law_normal.hpp,
// law_lognormal.hpp, metalog.hpp, law_triangular.hpp, law_loguniform.hpp),
// which also says how the call is read (LawSignature): the names of its parameters, for the sentences that name
// an argument, and which arguments are the support's ends, for the bounds readings. The built-in functions' table
// (eval/builtins.hpp) checks the arguments the same way for every law (one dimension, single numbers) and hands
// them to the law's file, which checks what makes a distribution and gives the law. Each reading then reads it:
//   bounds (interval.hpp, affine_bounds.hpp)   [outer_low, outer_high] with central value `central`, or the
//                                               refusal where the support has no end;
//   90% (distribution.hpp)                      the quantile function on the input's quasi-random points;
//   tornado (sensitivity.hpp)                   the support's ends, or the 5th and 95th percentiles where it has
//                                               none and in the percentiles' reading.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "values/domain_checks.hpp"

namespace ballpark {

struct Law {
    static constexpr double inf = std::numeric_limits<double>::infinity();

    // The name as called ("triangular"), for the refusal's sentence.
    std::string name;
    // The call as a tornado's bar label, its numbers in the SI base unit the value types hold:
    // "triangular(1, 2, 4)".
    std::string call;
    // Every value the input can take lies in [low, high]; infinite where the law has no end on that side.
    double low = -inf, high = inf;
    // What the arguments that give low and high enclose (a decimal such as 0.1 lies between two doubles): the
    // bounds readings give these, so that their bounds stay guaranteed. The built-in sets them from the arguments;
    // equal to low and high where those are exact.
    double outer_low = -inf, outer_high = inf;
    // Whether values reach low and high themselves, or only approach them (a metalog's bounds, x - low = e^t > 0):
    // then a bound at zero leaves zero out of the 90% reading's support, so that the input may divide.
    bool ends_reached = true;
    // The central value the bounds readings show (a planner's most likely value, a metalog's p50, a uniform's
    // midpoint), and the median, which the percentiles' readings show.
    double central = 0, median = 0;
    // The p-quantile, 0 < p < 1: never outside [low, high].
    std::function<double(double)> quantile;
    // Where the quantile function is costly (pert's inverse incomplete beta), the quantiles at every cell centre
    // (j + 0.5) / N of the shared points at once (sobol_points.hpp), which the 90% reading's samples look up;
    // empty otherwise.
    std::function<std::vector<double>()> quantiles_at_cells;
    // A closed form the 90% reading keeps instead of samples alone: a uniform's, kept beside its samples for
    // exact moments and far percentiles (distribution/independent_sum.hpp); a normal's and a lognormal's, which
    // the 90% reading holds exactly (median + spread Z, median e^(spread Z)), so that their sums, products and
    // powers stay exact. None where the law has no such form.
    enum class ClosedForm : unsigned char { none, uniform, normal, lognormal };
    ClosedForm closed_form = ClosedForm::none;
    // The closed form's spread: a normal's standard deviation, a lognormal's standard deviation of the logarithm.
    double spread = 0;
    // The bounds readings' refusal when the support has no end (a sentence of kind needs_distribution); where it
    // is empty, the general sentence of refuse_bounds().
    std::function<void(int column)> refusal;

    bool bounded() const { return std::isfinite(low) && std::isfinite(high); }
    bool is_point() const { return low == high; }

    // The bounds readings' refusal: the law's own sentence, or that the support reaches without end.
    [[noreturn]] void refuse_bounds(int column) const {
        if (refusal) refusal(column);
        fail_needs_distribution(in_quotes(name) + " has no bounds: it can take values without end, so it cannot give "
                                    "guaranteed bounds" + Place(column).in_parentheses() + ".",
                                name, column, no_bounds_hint);
    }
};

// How a named distribution's call is read: its name, its parameters in order (the sentences that name an argument
// say "its mode (its second argument)"), which arguments are the support's low and high ends (none: past the last
// argument), the words of the hints, and which arguments are plain numbers rather than of the call's dimension.
// A law's file gives one of these and a function
// `Law law(std::span<const double> arguments, int column, const std::string& at)` that checks the numbers (the
// sentence says where with `at`, " at column 7") and makes the law.
struct LawSignature {
    std::string_view name;
    std::array<std::string_view, 5> parameters{};
    std::size_t low_argument = 5, high_argument = 5;
    // A call whose arguments share a dimension, for the hint of a call whose arguments do not.
    std::string_view example;
    // The hint of a call given an uncertain argument.
    std::string_view single_numbers_hint;
    // The arguments from this one on are plain numbers (a lognormal's sigma); those before it share the first's
    // dimension (none: past the last argument).
    std::size_t plain_from = 5;
};

// A law's call as its tornado label: the name and its arguments with up to 6 significant digits, so that two calls
// that differ are told apart.
inline std::string law_call(std::string_view name, std::initializer_list<double> arguments) {
    std::string out = std::string(name) + "(";
    const char* separator = "";
    for (const double x : arguments) {
        // std::to_chars in the shortest general form of 6 digits, as printf's %g: the same text in every locale.
        std::array<char, 32> digits{};
        const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), x, std::chars_format::general, 6).ptr;
        out += separator;
        out.append(digits.data(), end);
        separator = ", ";
    }
    return out + ")";
}

}  // namespace ballpark
