// Benchmarks of the readings of a range side by side, and of the distribution mode on the programs that
// scripts/bench_dist_peers.py also gives Squiggle (bench/peers/dist_programs.tsv). Registered at start-up from
// the file, so a program added there is measured without a code change.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "values/affine_bounds.hpp"
#include "ballpark/api.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/session.hpp"
#include "eval/caches.hpp"
#include "values/distribution/distribution.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "values/quantity_conversion.hpp"

namespace {

constexpr const char* four_input =
    "6 FLOP * (60 to 80) billion * (1.5 to 2.5) trillion / (312 TFLOP/s * (35% to 55%)) as million hour";

// The four-input estimate (FLOP, tokens, utilization, accelerators) evaluated from its cached syntax tree by each value type, with the three numbers
// a result shows read out (for a distribution, its percentiles). evaluate() would return a kept result for a text
// without bindings, so the evaluator is called directly. In the product the bounds mode evaluates this one with
// plain intervals (each input is used once, single_use.hpp); AffineBounds shows what its forms cost.
template <class V>
void FourInputEstimate(benchmark::State& state) {
    for (auto _ : state) {
        typename V::Context context;
        ballpark::Evaluator<V> evaluator(context, nullptr, {});
        auto q = ballpark::to_quantity(evaluator.run(*ballpark::cached_statement(four_input)));
        benchmark::DoNotOptimize(q);
    }
}
BENCHMARK(FourInputEstimate<ballpark::Interval>)->Name("FourInputEstimate/interval");
BENCHMARK(FourInputEstimate<ballpark::AffineBounds>)->Name("FourInputEstimate/affine_bounds");
BENCHMARK(FourInputEstimate<ballpark::Distribution>)->Name("FourInputEstimate/dist");

// The terminal's `histogram` of the four-input estimate, as a line of a session: the expression in the 90% reading
// and in the bounds reading, its 20 bins (21 values of its CDF and two percentiles) and the picture's text. It
// should take under 5 ms.
void HistogramOfTheFourInputEstimate(benchmark::State& state) {
    ballpark::Session session;
    const std::string line = std::string("histogram ") + four_input;
    for (auto _ : state) {
        auto r = session.run(line);
        if (!r || !r->histogram) {
            state.SkipWithError("the histogram line failed");
            break;
        }
        auto text = ballpark::format_histogram(*r->histogram);
        benchmark::DoNotOptimize(text);
    }
}
BENCHMARK(HistogramOfTheFourInputEstimate)->Unit(benchmark::kMicrosecond);

// A quarter plan's total in the 90% reading, in a new session each time, with its three sampled and exact inputs
// independent and with them correlated (the correlated one should cost at most 1.5 times as much).
// The utilization, a metalog, is made last, so that its uniform comes from a combination of the others' normal
// scores (ranked), the most a correlation adds to an input.
void QuarterTotal(benchmark::State& state, bool correlated) {
    std::vector<std::string> lines = {"price = 2 to 4 USD/hour", "gpus = 50 to 80",
                                      "util = metalog(25%, 40%, 60%, 0, 1)", "hours = 2000 hour",
                                      "hours * gpus * price / util"};
    if (correlated) lines.insert(lines.begin(), "correlation(util, price, gpus) = [1, -0.5, 0.3; -0.5, 1, 0; 0.3, 0, 1]");
    for (auto _ : state) {
        ballpark::Session session({ballpark::Mode::distribution});
        for (const std::string& s : lines) {
            auto r = session.run(s);
            if (!r) {
                state.SkipWithError(r.error().message.c_str());
                break;
            }
            benchmark::DoNotOptimize(r);
        }
    }
}
BENCHMARK_CAPTURE(QuarterTotal, independent, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(QuarterTotal, correlated, true)->Unit(benchmark::kMicrosecond);

struct Program {
    std::string name;
    std::vector<std::string> statements;  // the last is the result
};

std::vector<Program> read_programs() {
    std::vector<Program> out;
    std::ifstream file(BALLPARK_DIST_PROGRAMS);
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        Program p;
        std::string text;
        std::getline(fields, p.name, '\t');
        std::getline(fields, text, '\t');
        for (std::size_t start = 0;;) {
            const std::size_t end = text.find("; ", start);
            p.statements.push_back(text.substr(start, end - start));
            if (end == std::string::npos) break;
            start = end + 2;
        }
        out.push_back(std::move(p));
    }
    return out;
}

// What Squiggle's run() pays: parse, evaluate and the three percentiles, in a new session each time.
void DistUncached(benchmark::State& state, const Program& program) {
    for (auto _ : state) {
        ballpark::Session session({ballpark::Mode::distribution});
        for (const std::string& s : program.statements) {
            auto r = session.run(s);
            if (!r) {
                state.SkipWithError(r.error().message.c_str());
                break;
            }
            benchmark::DoNotOptimize(r);
        }
    }
}

// A one-statement program from the per-thread tree cache, with its percentiles read: a recalculation's cost.
void DistFromCachedTree(benchmark::State& state, const Program& program) {
    for (auto _ : state) {
        ballpark::Distribution::Context context;
        ballpark::Evaluator<ballpark::Distribution> evaluator(context, nullptr, {});
        auto q = ballpark::to_quantity(evaluator.run(*ballpark::cached_statement(program.statements.back())));
        benchmark::DoNotOptimize(q);
    }
}

const bool registered = [] {
    static const std::vector<Program> programs = read_programs();
    for (const Program& p : programs) {
        benchmark::RegisterBenchmark(("DistUncached/" + p.name).c_str(), DistUncached, p);
        if (p.statements.size() == 1) benchmark::RegisterBenchmark(("DistFromCachedTree/" + p.name).c_str(), DistFromCachedTree, p);
    }
    return true;
}();

}  // namespace
