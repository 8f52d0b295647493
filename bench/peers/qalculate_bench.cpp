// The core against libqalculate (called as a library) on the conversions of bench/peers/expressions.tsv, each
// tool with its own spelling. Before timing, every expression is evaluated by both and checked against the
// expected value; a wrong answer stops the program. scripts/bench_peers.py runs this with mathjs and writes the
// table into docs/performance.md.
//
//   Ours/Cached/<name>    syntax tree from the per-thread cache, then evaluation and conversion to the `as` unit
//   Ours/Uncached/<name>  parse from scratch, evaluation and conversion: a text never seen before
//   Qalculate/<name>      Calculator::calculate(text): parse, evaluate and convert to the `to` unit
//
// The memory figures (VmRSS before and after loading the tables) are printed as benchmark context:
// ballpark_rss_kib for UnitRegistry::instance(), qalculate_rss_kib for new Calculator + loadGlobalDefinitions.
#include <benchmark/benchmark.h>

#include <libqalculate/qalculate.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"

#ifndef BALLPARK_PEER_EXPRESSIONS
#define BALLPARK_PEER_EXPRESSIONS "expressions.tsv"
#endif

namespace {

struct Case {
    std::string name, ours, qalculate, mathjs;
    double expected = 0;
};

std::vector<Case> read_cases(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::cerr << "cannot read " << path << "\n";
        std::exit(2);
    }
    std::vector<Case> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::stringstream fields(line);
        Case c;
        std::string expected;
        std::getline(fields, c.name, '\t');
        std::getline(fields, c.ours, '\t');
        std::getline(fields, c.qalculate, '\t');
        std::getline(fields, c.mathjs, '\t');
        std::getline(fields, expected, '\t');
        c.expected = std::stod(expected);
        out.push_back(c);
    }
    return out;
}

long rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            long kib = 0;
            status >> kib;
            return kib;
        }
        status.ignore(1 << 12, '\n');
    }
    return -1;
}

// The number a tree gives in its `as` unit, as QTYVALUE would return it.
double in_display_unit(const ballpark::Value<ballpark::Interval>& v) {
    const double central = v.number.central();
    return v.unit ? central / v.unit->factor : central;
}

double ours_cached(const std::string& text) {
    const auto tree = ballpark::cached_statement(text);
    ballpark::Evaluator<ballpark::Interval> evaluator(nullptr, {});
    return in_display_unit(evaluator.run(*tree));
}

double ours_uncached(const std::string& text) {
    const auto tree = ballpark::parse_statement(text, ballpark::UnitRegistry::instance());
    ballpark::Evaluator<ballpark::Interval> evaluator(nullptr, {});
    return in_display_unit(evaluator.run(*tree));
}

EvaluationOptions qalculate_options() {
    EvaluationOptions eo = default_evaluation_options;
    // Floating-point arithmetic like the other two (its default, exact where it can, took about as long here).
    eo.approximation = APPROXIMATION_APPROXIMATE;
    return eo;
}

// The numeric factor of a result such as 25 m/s (a product of a number and units).
double number_of(const MathStructure& m) {
    if (m.isNumber()) return m.number().floatValue();
    double value = 1;
    bool found = false;
    if (m.isMultiplication()) {
        for (size_t i = 0; i < m.size(); ++i) {
            if (m[i].isNumber()) {
                value *= m[i].number().floatValue();
                found = true;
            }
        }
    }
    return found ? value : std::nan("");
}

double qalculate(const std::string& text, const EvaluationOptions& eo) {
    return number_of(CALCULATOR->calculate(text, eo));
}

bool close(double got, double want) { return std::abs(got - want) <= 1e-9 * std::abs(want); }

}  // namespace

int main(int argc, char** argv) {
    // First of all, before anything touches the unit tables.
    const long before_ours = rss_kib();
    (void)ballpark::UnitRegistry::instance();
    const long ballpark_rss = rss_kib() - before_ours;

    const long before_qalculate = rss_kib();
    new Calculator();
    CALCULATOR->loadGlobalDefinitions();
    const long qalculate_rss = rss_kib() - before_qalculate;

    const char* from_env = std::getenv("BALLPARK_PEER_EXPRESSIONS");
    const auto cases = read_cases(from_env ? from_env : BALLPARK_PEER_EXPRESSIONS);
    const EvaluationOptions eo = qalculate_options();

    bool wrong = false;
    for (const Case& c : cases) {
        const double a = ours_cached(c.ours), b = ours_uncached(c.ours), q = qalculate(c.qalculate, eo);
        const std::string shown = CALCULATOR->print(CALCULATOR->calculate(c.qalculate, eo));
        if (!close(a, c.expected) || !close(b, c.expected) || !close(q, c.expected)) {
            std::cerr << "WRONG " << c.name << ": ours " << a << " / " << b << ", qalculate " << q << " (" << shown
                      << "), expected " << c.expected << "\n";
            wrong = true;
        }
    }
    if (wrong) return 1;

    for (const Case& c : cases) {
        benchmark::RegisterBenchmark(("Ours/Cached/" + c.name).c_str(), [text = c.ours](benchmark::State& state) {
            for (auto _ : state) benchmark::DoNotOptimize(ours_cached(text));
        });
        benchmark::RegisterBenchmark(("Ours/Uncached/" + c.name).c_str(), [text = c.ours](benchmark::State& state) {
            for (auto _ : state) benchmark::DoNotOptimize(ours_uncached(text));
        });
        benchmark::RegisterBenchmark(("Qalculate/" + c.name).c_str(), [text = c.qalculate, &eo](benchmark::State& state) {
            for (auto _ : state) benchmark::DoNotOptimize(qalculate(text, eo));
        });
    }
    benchmark::AddCustomContext("ballpark_rss_kib", std::to_string(ballpark_rss));
    benchmark::AddCustomContext("qalculate_rss_kib", std::to_string(qalculate_rss));
    benchmark::AddCustomContext("qalculate_version", QALCULATE_MAJOR_VERSION == 0 ? "?" :
                                std::to_string(QALCULATE_MAJOR_VERSION) + "." + std::to_string(QALCULATE_MINOR_VERSION) +
                                "." + std::to_string(QALCULATE_MICRO_VERSION));
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    std::fprintf(stderr, "resident memory: ballpark tables %ld KiB, libqalculate definitions %ld KiB\n", ballpark_rss,
                 qalculate_rss);
    return 0;
}
