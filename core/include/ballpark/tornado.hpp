// Which input matters: for a result with several uncertain inputs, the result when only one input moves across
// its range and the others stay at their central values, for each input, largest effect first. In the
// distribution reading an input's central value is its median and its range runs from its 5th to its 95th
// percentile. @RISK and Crystal
// Ball users read this chart first; here it carries units.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

struct TornadoBar {
    std::string input;  // the name the range was given, or its text ("35% to 55%")
    std::string given;  // what a named input was given ("30% to 50%", "0.35, 0.55"); empty for a range's text
    double input_low = 0;   // the input's ends and central value, in SI base units of the input
    double input_high = 0;
    Quantity at_low;    // the result with only this input at its low end (a single number)
    Quantity at_high;   // … and at its high end
    // The least and greatest result while only this input moves through its range: the two ends when its effect
    // is monotone, otherwise a point inside (x * (4 - x) for x = 1 to 3 is 3 at both ends and 4 between).
    Quantity lowest;
    Quantity highest;
    double swing = 0;   // highest - lowest in SI base units: the bar's length
};

struct Tornado {
    // The result with every input at its central value: its midpoint, or in the distribution reading its median.
    Quantity central;
    std::vector<TornadoBar> bars;   // largest swing first; inputs the result does not depend on are left out
};

// The tornado of one expression; bindings become inputs named by their names.
Result<Tornado> tornado(std::string_view expression, std::span<const Binding> bindings = {}) noexcept;

// "input: low-end result to high-end result" lines under the central result, for a terminal or a notebook.
std::string format_tornado(const Tornado& tornado, const FormatOptions& options = {});

}  // namespace ballpark
