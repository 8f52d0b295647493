// The compute functions beyond 6·N·D, FLOPPERTOKEN and MFU. As the planning functions do, each binds its
// arguments to the parameters of a function of the core's prelude (flop_per_token, mfu, hfu) and lets the core
// read, check and compute; the formulas and their sources are the prelude's (core/src/eval/prelude.cpp).
#include <string_view>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "parts.hpp"
#include "planning_inputs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;
namespace {

// How each argument is read: a bare number is a count, FLOP, or tokens a second.
struct ComputeSlots {
    Slot layers = slot("layers", "", "a count such as 80");
    Slot heads = slot("heads", "", "a count such as 64");
    Slot head_size = slot("head_size", "", "a count such as 128");
    Slot seq_len = slot("seq_len", "", "a count of tokens such as 4096");
    Slot throughput = slot("throughput", "Hz", "tokens a second on one accelerator, such as 380 or 380/s");
    Slot model_flop = slot("model_flop_per_token", "FLOP", "a number of FLOP such as 6 FLOP * 70 billion");
    Slot recomputed = slot("recomputed_flop_per_token", "FLOP", "a number of FLOP such as 2 FLOP * 70 billion");
};

const ComputeSlots& compute_slots() {
    static const ComputeSlots made;
    return made;
}

}  // namespace

Result<double> typed::flop_per_token(std::string_view function, const Arg& params, const Arg& layers,
                                     const Arg& heads, const Arg& head_size, const Arg& seq_len, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(slots().params, params);
        in.add(compute_slots().layers, layers);
        in.add(compute_slots().heads, heads);
        in.add(compute_slots().head_size, head_size);
        in.add(compute_slots().seq_len, seq_len);
        const Quantity q = need(evaluate_function("flop_per_token", in.bindings(), options_for(part)));
        return finite(value_in(q, "FLOP", part));
    });
}

Result<double> typed::mfu(std::string_view function, const Arg& throughput, const Arg& model_flop_per_token,
                          const Arg& peak, const Arg& recomputed, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(compute_slots().throughput, throughput);
        in.add(compute_slots().model_flop, model_flop_per_token);
        // Recomputed FLOP make the hardware FLOP utilization; without them it is the model's.
        const bool hardware = !is_empty(recomputed);
        if (hardware) in.add(compute_slots().recomputed, recomputed);
        in.add(slots().peak, peak);
        // A utilization above 100% is refused by the core's mfu and hfu (eval/prelude.cpp), in QTY and the CLI too.
        const Quantity q = need(evaluate_function(hardware ? "hfu" : "mfu", in.bindings(), options_for(part)));
        return finite(value_in(q, "", part));
    });
}

}  // namespace ballpark::sheet
