// Figures of named accelerators (dense peak throughput by precision, power, memory and its bandwidth), as data
// with a public source on every row.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

// Every figure is for one chip and dense (not sparse): datasheets also print sparse throughput, twice the dense
// figure, which a training run cannot use. A figure of 0 means the source gives none; the table never derives
// one (an fp16 figure is not assumed from bf16, a dense figure is not halved from a sparse one unless the source
// states the sparse figure as twice the dense).
struct Accelerator {
    std::string_view name;       // how results and messages name it: "NVIDIA H100 SXM5"
    std::string_view aliases;    // other spellings people type, separated by '|': "H100|H100 SXM|H100-80GB"
    double fp8_tflops;           // dense fp8 TFLOP/s
    double bf16_tflops;          // dense bf16 TFLOP/s; 0 when the chip has no bf16 units (V100)
    double fp16_tflops;          // dense fp16 TFLOP/s
    double tf32_tflops;          // dense tf32 TFLOP/s (NVIDIA tensor cores, AMD matrix cores)
    double fp32_tflops;          // fp32 TFLOP/s: the highest figure the datasheet gives (matrix units where any)
    double power_watts;          // thermal design power (TDP), or the maximum board power the vendor states
    double memory;               // memory capacity, in memory_unit
    std::string_view memory_unit;  // "GB" (10^9 byte) or "GiB" (2^30 byte), as the source prints it
    double bandwidth_gb_per_s;   // memory bandwidth in GB/s
    std::string_view note;       // what a reader should know about the figures, may be empty
    std::string_view source;     // where the figures were published
};

// Every row, in the order a person would scan them (vendor, then generation).
std::span<const Accelerator> accelerator_table() noexcept;

// The row a name matches, or an Error whose sentence lists the known names and whose hint names the closest.
// Names match loosely: case, spaces, hyphens, underscores and a leading vendor word do not matter ("a100",
// "H100 SXM", "nvidia h100", "TPU_v5p", "MI300X").
Result<const Accelerator*> find_accelerator(std::string_view name) noexcept;

// The peak of one chip as a compute rate (FLOP/s). precision is "bf16" (the default, also when empty), "fp8",
// "fp16", "tf32" or "fp32". A figure the row lacks is an Error that lists the figures it has.
Result<Quantity> accelerator_peak(std::string_view name, std::string_view precision = {}) noexcept;

// Thermal design power (W), memory capacity (B) and memory bandwidth (B/s) of one chip; an Error when the row
// lacks the figure, listing the figures it has.
Result<Quantity> accelerator_power(std::string_view name) noexcept;
Result<Quantity> accelerator_memory(std::string_view name) noexcept;
Result<Quantity> accelerator_bandwidth(std::string_view name) noexcept;

// "bf16 312 TFLOP/s, fp16 312 TFLOP/s, …, power 400 W, memory 80 GB and bandwidth 2039 GB/s": the figures a row
// has, as error sentences list them.
std::string accelerator_figures_text(const Accelerator& row);

}  // namespace ballpark
