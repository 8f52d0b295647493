// The planning functions GPUHOURS, TRAININGFLOP and IMPLIEDUTIL, and ACCELPEAK. Each turns each argument into one
// core input (a number, a quantity text, the cells of a range, an accelerator's peak as a quantity) and lets the
// core do the rest: it reads every input once, in the mode the part asks for, checks it on that reading (the
// Expectation of its Binding), and computes with it. The fixed-formula functions are functions of the core's
// prelude, so their units, ranges and error messages are the core's and no formula text is composed here.
#include <string_view>

#include "arguments.hpp"
#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "parts.hpp"
#include "planning_inputs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

Result<double> typed::gpu_hours(std::string_view function, const Arg& params, const Arg& tokens, const Arg& peak,
                                const Arg& util_lo, const Arg& util_hi, const Arg& unit, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        in.add(slots().peak, peak);
        // util_hi may be left out for a single utilization.
        in.add_range("utilization", slots().util_lo, util_lo, slots().util_hi, util_hi);
        const std::string_view unit_text = need(optional_text(unit, "unit", "hour", "day"));
        const Quantity q = need(evaluate_function("gpu_hours", in.bindings(), options_for(part)));
        return finite(value_in(q, unit_text, part));
    });
}

Result<double> typed::training_flop(std::string_view function, const Arg& params, const Arg& tokens,
                                    const Arg& flop_per_param_token, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        // 6 FLOP per parameter per token unless given (the prelude's training_flop says why). A named default, so
        // that the conditional is an lvalue, not a copy of the argument that Inputs::add would refuse.
        const Arg six{6.0};
        in.add(slots().flop, is_empty(flop_per_param_token) ? six : flop_per_param_token);
        const Quantity q = need(evaluate_function("training_flop", in.bindings(), options_for(part)));
        return finite(value_in(q, "FLOP", part));
    });
}

Result<double> typed::implied_util(std::string_view function, const Arg& gpu_hours, const Arg& params,
                                   const Arg& tokens, const Arg& peak) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(slots().gpu_hours, gpu_hours);
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        in.add(slots().peak, peak);
        const Quantity q = need(evaluate_function("implied_util", in.bindings()));
        // A utilization above 100% is refused by the core's implied_util (eval/prelude.cpp), in QTY and the CLI too.
        const double utilization = need(finite(value_in(q, "", Part::central)));
        return utilization;
    });
}

Result<double> typed::accel_peak(std::string_view, std::string_view name, const Arg& precision) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Quantity q = need(accelerator_peak(name, need(optional_text(precision, "precision", "bf16", "fp16"))));
        return finite(value_in(q, "FLOP/s", Part::central));
    });
}

}  // namespace ballpark::sheet
