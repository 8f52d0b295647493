// The value type behind a tornado: which input matters. A value holds the result with every input at its central
// value, and for each input it depends on, the result with only that input at its low end and at its high end
// (the others central) — what @RISK and Crystal Ball draw as a tornado. Every operation is applied scenario by
// scenario, so a name used twice is one input here too and the numbers are those of the expression itself, not
// of a linearisation.
//
// Each input also moves through points inside its range (`scan_points`, evenly spaced), because an effect need
// not be monotone: with x = 1 to 3, x * (4 - x) is 3 at both ends and 4 in the middle, and only the ends would
// say that x does not matter.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ballpark/mode.hpp"
#include "values/value_type.hpp"
#include "values/law.hpp"

namespace ballpark {

class Sensitivity {
public:
    struct Input {
        double low = 0;
        double central = 0;
        double high = 0;
        std::string label;  // the text of the range, or the name it was assigned to
        std::string call;   // for a named distribution: the call, "uniform(1, 3)", if unlabelled
        // The value as it was given to the name in `label` ("1.8 to 2.2", "30% to 50%"), where one name can label
        // several inputs (results read through to their inputs: each run's "t"); tells such bars apart.
        std::string given;
    };

    struct Context {
        std::vector<Input> inputs;
        // The mode whose reading the tornado shows; its tornado column (ballpark/mode.hpp) says where the inputs
        // go. Ends::percentiles: an input's central value is its median and its ends its 5th and 95th
        // percentiles (for `a to b` the ends themselves, for uniform and pert inside their bounds), as the result
        // printed in that reading; Ends::bounds: the central value is the midpoint and the ends the bounds.
        Mode mode = Mode{};
        bool percentiles() const { return mode_info(mode).tornado == Ends::percentiles; }
    };

    // Points strictly inside an input's range, at low + k (high - low) / (scan_points + 1), k = 1..scan_points:
    // 7 puts one at the middle, where a symmetric effect turns, and finds a turn elsewhere to within an eighth.
    static constexpr std::size_t scan_points = 7;

    // The result with input `input` at its low end, at its high end, and at the points between.
    struct Swing {
        std::uint32_t input = 0;
        double at_low = 0;
        double at_high = 0;
        std::array<double, scan_points> inside{};
        double lowest() const;
        double highest() const;
    };

    // Zero, to assign into, as the other value types have.
    Sensitivity() : central_(0) {}
    static Sensitivity point(double x) { return Sensitivity(x); }
    static Sensitivity literal(double nearest, double, double) { return Sensitivity(nearest); }
    static Sensitivity between(Context&, const Sensitivity& a, const Sensitivity& b, int column);
    // A declared fraction's range (Distribution::fraction_between): where the percentiles are read, its median is
    // the logit-normal's, logistic of the midpoint of the ends' logits; elsewhere `a to b`.
    static Sensitivity fraction_between(Context&, const Sensitivity& a, const Sensitivity& b, int column);
    static Sensitivity fraction_between3(Context& context, const Sensitivity& low, const Sensitivity& central,
                                         const Sensitivity& high, int column) {
        return between3(context, low, central, high, column);
    }
    static Sensitivity between3(Context&, const Sensitivity& low, const Sensitivity& central, const Sensitivity& high,
                                int column);
    static Sensitivity add(Context&, const Sensitivity& a, const Sensitivity& b);
    static Sensitivity subtract(Context&, const Sensitivity& a, const Sensitivity& b);
    static Sensitivity multiply(Context&, const Sensitivity& a, const Sensitivity& b);
    static Sensitivity negate(Context&, const Sensitivity& a);
    static Sensitivity divide(Context&, const Sensitivity& a, const Sensitivity& b, int column);
    static Sensitivity power(Context&, const Sensitivity& a, double exponent, int column);
    static Sensitivity absolute(Context&, const Sensitivity& a);
    static Sensitivity minimum(Context&, const Sensitivity& a, const Sensitivity& b);
    static Sensitivity maximum(Context&, const Sensitivity& a, const Sensitivity& b);
    static Sensitivity exp(Context&, const Sensitivity& a, int column);
    static Sensitivity log(Context&, const Sensitivity& a, int column);
    // A named distribution, as its law (law.hpp), moves across its 90% interval, centred on its median, in the
    // percentiles' reading, and across its support, centred on the law's central value, in the bounds' reading
    // when the support has both ends (the 90% interval otherwise: normal, lognormal). Its bar is labelled with
    // the call.
    static Sensitivity law(Context&, const Law& law, int column);

    // Names the input this value was made as (the evaluator calls it right after "a to b").
    static void label_input(Context& context, const Sensitivity& input, std::string label);

    double central() const { return central_; }
    // The smallest and largest of the scenarios: what one input at a time can reach, not a bound.
    double low() const;
    double high() const;
    double support_low() const { return low(); }
    double support_high() const { return high(); }
    bool is_point() const { return swings_.empty(); }
    bool is_finite() const;

    const std::vector<Swing>& swings() const { return swings_; }

private:
    explicit Sensitivity(double central) : central_(central) {}
    static Sensitivity new_input(Context& context, double low, double central, double high);
    template <class F>
    static Sensitivity combine(const Sensitivity& a, const Sensitivity& b, F f);
    template <class F>
    static Sensitivity map(const Sensitivity& a, F f);
    // Fails with `sentence` when any scenario of `a` breaks `ok`.
    template <class Ok>
    static void require(const Sensitivity& a, Ok ok, const char* sentence, int column);

    double central_ = 0;
    std::vector<Swing> swings_;  // sorted by input
};

}  // namespace ballpark
