// Peak dense matrix throughput of named accelerators, as data with a source on every row.
#pragma once

#include <span>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

struct Accelerator {
    std::string_view name;     // how results and messages name it: "NVIDIA H100 SXM5"
    std::string_view aliases;  // other spellings people type, separated by '|': "H100|H100 SXM|H100-80GB"
    double bf16_tflops;        // dense bf16 TFLOP/s for one chip; 0 when the chip has no bf16 units
    double fp16_tflops;        // dense fp16 TFLOP/s where the table lists it separately; 0 otherwise
    std::string_view note;     // what a reader should know about the figure, may be empty
    std::string_view source;   // where the figure was published
};

// Every row, in the order a person would scan them (vendor, then generation).
std::span<const Accelerator> accelerator_table() noexcept;

// The peak of one chip as a compute rate (FLOP/s). Names match loosely: case, spaces, hyphens and a
// leading vendor word do not matter ("a100", "H100 SXM", "nvidia h100", "TPU v5p", "MI300X").
// precision is "bf16" (the default, also when empty) or "fp16". An unknown name gives an Error whose
// hint names the closest known accelerator; a chip without bf16 units (V100) says so and points to fp16.
Result<Quantity> accelerator_peak(std::string_view name, std::string_view precision = {}) noexcept;

}  // namespace ballpark
