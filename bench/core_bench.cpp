// Google Benchmark for the core's per-cell costs. Run: build/bench/ballpark_bench --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true (see docs/performance.md).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/column.hpp"
#include "ballpark/format.hpp"
#include "values/affine_bounds.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"

namespace {

constexpr const char* llama2 = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour";

// What a recalculation pays for a formula text it has seen before: a cache lookup, then evaluation.
void EvaluateLlama2OneLinerCached(benchmark::State& state) {
    for (auto _ : state) {
        auto result = ballpark::evaluate(llama2);
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(EvaluateLlama2OneLinerCached);

// Evaluation proper: the syntax tree from the per-thread cache, evaluated again. evaluate() itself keeps the value
// of a text without bindings too, so the benchmark above is a lookup; this one is what a text with bindings pays.
void EvaluateLlama2OneLinerFromCachedTree(benchmark::State& state) {
    for (auto _ : state) {
        ballpark::Evaluator<ballpark::Interval> evaluator(nullptr, {});
        auto value = evaluator.run(*ballpark::cached_statement(llama2));
        benchmark::DoNotOptimize(value);
    }
}
BENCHMARK(EvaluateLlama2OneLinerFromCachedTree);

// The same with the dependency-aware forms of the bounds mode, which the product uses when an input is used twice.
void EvaluateLlama2OneLinerFromCachedTreeAffine(benchmark::State& state) {
    for (auto _ : state) {
        ballpark::Evaluator<ballpark::AffineBounds> evaluator(nullptr, {});
        auto value = evaluator.run(*ballpark::cached_statement(llama2));
        benchmark::DoNotOptimize(value);
    }
}
BENCHMARK(EvaluateLlama2OneLinerFromCachedTreeAffine);

// Parsing alone, as the first time a text is seen (the cache then keeps the tree).
void ParseLlama2OneLiner(benchmark::State& state) {
    const auto& units = ballpark::UnitRegistry::instance();
    for (auto _ : state) {
        auto tree = ballpark::parse_statement(llama2, units);
        benchmark::DoNotOptimize(tree);
    }
}
BENCHMARK(ParseLlama2OneLiner);

// Parsing from scratch and evaluating: the cost of a text never seen before.
void ParseAndEvaluateLlama2OneLinerUncached(benchmark::State& state) {
    const auto& units = ballpark::UnitRegistry::instance();
    for (auto _ : state) {
        auto tree = ballpark::parse_statement(llama2, units);
        ballpark::Evaluator<ballpark::Interval> evaluator(nullptr, {});
        auto value = evaluator.run(*tree);
        benchmark::DoNotOptimize(value);
    }
}
BENCHMARK(ParseAndEvaluateLlama2OneLinerUncached);

void EvaluateWithBindings(benchmark::State& state) {
    const ballpark::Binding numbers[] = {{"params", 70e9}, {"tokens", 2e12}, {"peak", 312e12}, {"util_lo", 0.35}, {"util_hi", 0.55}};
    for (auto _ : state) {
        auto result = ballpark::evaluate("6 FLOP * params * tokens / (peak FLOP/s * (util_lo to util_hi)) as million hour", numbers);
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(EvaluateWithBindings);

// The core's share of the column form (bench/calc_recalc.py's column_bounds; SheetColumnBounds adds the sheet
// layer): 10,000 rows of params, the tokens and the utilization shared. Divide by 10,000 for a row.
void EvaluateColumn(benchmark::State& state) {
    ballpark::ColumnInput params{"params", {}};
    for (std::size_t k = 0; k < 10'000; ++k) {
        ballpark::Binding row{"params", 1e9 * static_cast<double>(k + 1)};
        row.row = k + 1;
        params.rows.push_back(row);
    }
    const ballpark::Binding shared[] = {{"tokens", std::string_view("2 trillion")}, {"util", std::string_view("35% to 55%")}};
    for (auto _ : state) {
        auto result = ballpark::evaluate_column("6 FLOP * params * tokens / (312 TFLOP/s * util) as hour", shared,
                                                std::span(&params, 1), "", ballpark::Mode{}, false);
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(EvaluateColumn)->Unit(benchmark::kMicrosecond);

void ConvertCachedUnitStrings(benchmark::State& state) {
    double x = 1.0;
    for (auto _ : state) {
        auto result = ballpark::convert(x, "TFLOP/s", "PFLOP/s");
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(ConvertCachedUnitStrings);

void ConvertCompoundUnitStrings(benchmark::State& state) {
    for (auto _ : state) {
        auto result = ballpark::convert(3.0, "PFLOP/s*day", "FLOP");
        benchmark::DoNotOptimize(result);
    }
}
BENCHMARK(ConvertCompoundUnitStrings);

void FormatRange(benchmark::State& state) {
    const auto q = *ballpark::evaluate(llama2);
    for (auto _ : state) {
        auto text = ballpark::format(q);
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(FormatRange);

void FormatScientificPoint(benchmark::State& state) {
    const auto q = *ballpark::evaluate("6 FLOP * 70 billion * 2 trillion");
    for (auto _ : state) {
        auto text = ballpark::format(q);
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(FormatScientificPoint);

}  // namespace

BENCHMARK_MAIN();
