// The add-in's per-cell work without LibreOffice: each sheet function of bench/calc_recalc.py called with the
// arguments Calc hands it after UNO conversion. The difference between these and the µs per cell in Calc is
// what Calc and the UNO bridge cost (see docs/performance.md).
#include <benchmark/benchmark.h>

#include <array>
#include <string>

#include "../addin/sheet_functions.hpp"
#include "ballpark/linked.hpp"

namespace {

using ballpark::sheet::Arg;

const Arg none{};

void SheetTrainingFlopNumbers(benchmark::State& state) {
    const Arg params{70e9}, tokens{2e12};
    for (auto _ : state) {
        auto r = ballpark::sheet::training_flop(params, tokens, none);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetTrainingFlopNumbers);

void SheetUnitConvertMetreFoot(benchmark::State& state) {
    const Arg value{1e9}, from{std::string("m")};
    for (auto _ : state) {
        auto r = ballpark::sheet::unit_convert(value, from, "ft");
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetUnitConvertMetreFoot);

void SheetGpuHoursNumbers(benchmark::State& state) {
    const Arg params{70e9}, tokens{2e12}, peak{312e12}, lo{0.35}, hi{0.55};
    for (auto _ : state) {
        auto r = ballpark::sheet::gpu_hours(params, tokens, peak, lo, hi, none, none);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetGpuHoursNumbers);

void SheetGpuHoursTexts(benchmark::State& state) {
    const Arg params{std::string("70 billion")}, tokens{std::string("2 trillion")}, peak{std::string("A100")},
        lo{std::string("35%")}, hi{std::string("55%")};
    for (auto _ : state) {
        auto r = ballpark::sheet::gpu_hours(params, tokens, peak, lo, hi, none, none);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetGpuHoursTexts);

constexpr const char* one_liner = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour";

void SheetQtyValueOneLiner(benchmark::State& state) {
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value(one_liner, none, none, {});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueOneLiner);

void SheetQtyOneLiner(benchmark::State& state) {
    for (auto _ : state) {
        auto r = ballpark::sheet::qty(one_liner, none, {});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyOneLiner);

const std::array<Arg, 8> pairs{Arg{std::string("params")}, Arg{70e9},
                               Arg{std::string("tokens")}, Arg{std::string("2 trillion")},
                               Arg{std::string("peak")},   Arg{std::string("312 TFLOP/s")},
                               Arg{std::string("util")},   Arg{std::string("35% to 55%")}};
constexpr const char* with_names = "6 FLOP * params * tokens / (peak * util) as million hour";

void SheetQtyValueBindings(benchmark::State& state) {
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value(with_names, none, none, pairs);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueBindings);

}  // namespace

namespace {

// A cell that reads another Ballpark cell (the result's text carries its recipe's key) beside one that reads the
// same result typed as text: what following a result costs over reading its digits.
const Arg result_cell = *ballpark::sheet::qty(with_names, none, pairs);
const Arg typed_cell = std::string(ballpark::split_key(std::get<std::string>(result_cell)).shown);

void SheetReadResultCell(benchmark::State& state) {
    const std::array<Arg, 2> read{Arg{std::string("h")}, result_cell};
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value("h * 2", none, Arg{std::string("high")}, read);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetReadResultCell);

void SheetReadTypedCell(benchmark::State& state) {
    const std::array<Arg, 2> read{Arg{std::string("h")}, typed_cell};
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value("h * 2", none, Arg{std::string("high")}, read);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetReadTypedCell);

}  // namespace
