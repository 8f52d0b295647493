// The functions of model shapes, memory to train and serving: MODELSHAPE, a figure of the model table; TRAINMEMORY,
// the model states one data-parallel rank holds by ZeRO stage; KVCACHE, the key/value cache of one sequence of a
// named model. Each turns its arguments into core inputs and calls a function of the core's prelude, so units,
// ranges, checks and their sentences are the core's, as for GPUHOURS.
#include <array>
#include <cmath>
#include <string>
#include <string_view>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/models.hpp"
#include "parts.hpp"
#include "planning_inputs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

namespace {

// How these functions' arguments are read: a bare number of bytes is in bytes.
struct ShapeSlots {
    Slot params = slot("params", "", "a count such as 70 billion or 70e9 (every parameter: memory holds them all)");
    Slot ranks = slot("ranks", "", "a number of data-parallel ranks such as 64");
    Slot weight_bytes = slot("weight_bytes", "B", "bytes a parameter such as 2 (bf16)");
    Slot grad_bytes = slot("grad_bytes", "B", "bytes a parameter such as 2 (bf16)");
    Slot optimizer_bytes = slot("optimizer_bytes", "B", "bytes a parameter such as 12 (Adam's fp32 copy, momentum and variance)");
    Slot layers = slot("layers", "", "a count such as 32");
    Slot kv_heads = slot("kv_heads", "", "a count such as 8");
    Slot head_size = slot("head_size", "", "a width such as 128");
    Slot bytes_per_value = slot("bytes_per_value", "B", "bytes a value such as 2 (bf16)");
    Slot context = slot("context", "", "a number of tokens such as 8192");
};

const ShapeSlots& shape_slots() {
    static const ShapeSlots made;
    return made;
}

// The prelude's model-state function of each ZeRO stage: 0 (none), 1 (optimizer states sharded), 2 (and
// gradients), 3 (and weights).
constexpr std::array<std::string_view, 4> stage_functions{"model_states", "zero1_states", "zero2_states", "zero3_states"};

std::size_t zero_stage(std::string_view function, const Arg& stage) {
    const double* number = std::get_if<double>(&stage);
    double value = number ? *number : -1;
    if (const auto* text = std::get_if<std::string>(&stage)) {
        const std::string_view t = *text;
        if (t.size() == 1 && t[0] >= '0' && t[0] <= '3') value = t[0] - '0';
    }
    if (is_empty(stage)) value = 0;
    if (!(value >= 0 && value <= 3 && value == std::floor(value))) {
        throw ErrorException(call_error(function, "'s stage should be a ZeRO stage, 0, 1, 2 or 3, but it is " + kind_of(stage) + ".",
                                        "0 keeps every state on each rank; 1 shards the optimizer states over the ranks, 2 "
                                        "the gradients too, 3 the weights too."));
    }
    return static_cast<std::size_t>(value);
}

}  // namespace

Result<double> typed::model_shape(std::string_view, std::string_view model, std::string_view figure) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Quantity q = need(model_figure(model, figure));
        return q.central;
    });
}

Result<double> typed::train_memory(std::string_view function, const Arg& params, const Arg& stage, const Arg& ranks,
                                   const Arg& weight_bytes, const Arg& grad_bytes, const Arg& optimizer_bytes,
                                   const Arg& unit, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        const std::size_t zero = zero_stage(function, stage);
        // Mixed-precision Adam unless told otherwise: bf16 weights and gradients, and an fp32 copy of the weights,
        // momentum and variance (Rajbhandari et al. 2020, ZeRO, section 3.1). Named, so that each is an lvalue.
        const Arg two{2.0}, twelve{12.0};
        Inputs in(function);
        const ShapeSlots& s = shape_slots();
        in.add(s.params, params);
        in.add(s.weight_bytes, is_empty(weight_bytes) ? two : weight_bytes);
        in.add(s.grad_bytes, is_empty(grad_bytes) ? two : grad_bytes);
        in.add(s.optimizer_bytes, is_empty(optimizer_bytes) ? twelve : optimizer_bytes);
        // Without ZeRO the ranks divide nothing: left empty, or refused rather than silently unused.
        if (zero > 0) {
            in.add(s.ranks, ranks);
        } else if (!is_empty(ranks)) {
            throw ErrorException(call_error(function, " was given ranks but no ZeRO stage, and without one every rank holds "
                                                      "all of the model states, so the ranks would be ignored.",
                                            "Give the stage (1, 2 or 3) that shards the states over the ranks, or leave "
                                            "ranks empty."));
        }
        const std::string_view unit_text = need(optional_text(unit, "unit", "GB", "GiB"));
        const Quantity q = need(evaluate_function(stage_functions[zero], in.bindings(), options_for(part)));
        return finite(value_in(q, unit_text, part));
    });
}

Result<double> typed::kv_cache(std::string_view function, std::string_view model, const Arg& tokens,
                               const Arg& bytes_per_value, const Arg& unit, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        const ModelShape& row = *need(find_model(model));
        // The table's figures, as the cells a user would type them in.
        const Arg layers{row.layers}, kv_heads{row.kv_heads}, head_size{row.head_size}, two{2.0};
        Inputs in(function);
        const ShapeSlots& s = shape_slots();
        in.add(s.layers, layers);
        in.add(s.kv_heads, kv_heads);
        in.add(s.head_size, head_size);
        in.add(s.bytes_per_value, is_empty(bytes_per_value) ? two : bytes_per_value);
        in.add(s.context, tokens);
        const std::string_view unit_text = need(optional_text(unit, "unit", "GiB", "MiB"));
        const Quantity q = need(evaluate_function("kv_cache_sequence", in.bindings(), options_for(part)));
        return finite(value_in(q, unit_text, part));
    });
}

}  // namespace ballpark::sheet
