// The add-in's per-cell work without LibreOffice: each sheet function of bench/calc_recalc.py called with the
// arguments Calc hands it after UNO conversion. The difference between these and the µs per cell in Calc is
// what Calc and the UNO bridge cost (see docs/performance.md).
#include <benchmark/benchmark.h>

#include <array>
#include <string>

#include "../addin/sheet/sheet_functions.hpp"
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

// QTY, QTYVALUE and QTYDIST of a number, as `=QTY(A1)` filled down a column of distinct numbers: the calls with
// the least work of their own, so what the function itself costs beside what Calc pays to call it.
void SheetQtyNumber(benchmark::State& state) {
    double x = 1e9;
    for (auto _ : state) {
        x = x < 1e14 ? x + 1e9 : 1e9;
        auto r = ballpark::sheet::qty(Arg{x}, none, {});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyNumber);

void SheetQtyValueNumber(benchmark::State& state) {
    double x = 1e9;
    for (auto _ : state) {
        x = x < 1e14 ? x + 1e9 : 1e9;
        auto r = ballpark::sheet::qty_value(Arg{x}, none, none, {});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueNumber);

void SheetQtyDistNumber(benchmark::State& state) {
    double x = 1e9;
    for (auto _ : state) {
        x = x < 1e14 ? x + 1e9 : 1e9;
        auto r = ballpark::sheet::qty_dist(Arg{x}, none, {});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyDistNumber);

// The same three recalculated: a column of 4,000 numbers evaluated again, as Calc's recalculation of an unchanged
// sheet calls them, so that each call finds the recipe its cell made the first time (the figures of
// bench/calc_instructions.py are of this case), through the functions the add-in's methods call. The column is
// computed once before the timed loop, outside number_again, so that callgrind counts the loop alone
// (--toggle-collect='*number_again*').
template <class Call>
[[gnu::noinline]] void first_calculation(Call call) {
    for (double x = 1e9; x <= 4e12; x += 1e9) benchmark::DoNotOptimize(call(Arg{x}));
}

template <class Call>
[[gnu::noinline]] void number_again(benchmark::State& state, Call call) {
    double x = 1e9;
    for (auto _ : state) {
        x = x < 4e12 ? x + 1e9 : 1e9;
        auto r = call(Arg{x});
        benchmark::DoNotOptimize(r);
    }
}

void SheetQtyNumberAgain(benchmark::State& state) {
    const auto call = [](const Arg& x) { return ballpark::sheet::qty_cells(x, none, {}); };
    first_calculation(call);
    number_again(state, call);
}
BENCHMARK(SheetQtyNumberAgain);

void SheetQtyValueNumberAgain(benchmark::State& state) {
    const auto call = [](const Arg& x) { return ballpark::sheet::qty_value_cells(x, none, none, {}); };
    first_calculation(call);
    number_again(state, call);
}
BENCHMARK(SheetQtyValueNumberAgain);

void SheetQtyDistNumberAgain(benchmark::State& state) {
    const auto call = [](const Arg& x) { return ballpark::sheet::qty_dist_cells(x, none, {}); };
    first_calculation(call);
    number_again(state, call);
}
BENCHMARK(SheetQtyDistNumberAgain);

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

// One pair bound to a number, as `QTYVALUE("x*2";;;"x";A1)` filled down a column: a new number each call, as
// each row has its own.
void SheetQtyValueOnePair(benchmark::State& state) {
    std::array<Arg, 2> pair{Arg{std::string("x")}, Arg{0.0}};
    const Arg expression{std::string("x*2")};
    double x = 0;
    for (auto _ : state) {
        pair[1] = Arg{x += 1};
        auto r = ballpark::sheet::qty_value(expression, none, none, pair);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueOnePair);

// Four pairs bound to numbers, as `QTYVALUE("a*b*c*d";;;"a";A1;"b";2;"c";3;"d";4)` filled down a column,
// through the function the add-in's method calls.
void SheetQtyValueFourPairs(benchmark::State& state) {
    std::array<Arg, 8> four{Arg{std::string("a")}, Arg{0.0}, Arg{std::string("b")}, Arg{2.0},
                            Arg{std::string("c")}, Arg{3.0}, Arg{std::string("d")}, Arg{4.0}};
    const Arg expression{std::string("a*b*c*d")};
    double x = 0;
    for (auto _ : state) {
        four[1] = Arg{x += 1};
        auto r = ballpark::sheet::qty_value_cells(expression, none, none, four);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueFourPairs);

// QTYVALUE's 95th percentile and the pictures of the same result (QTYSPARK and QTYBINS should take at most twice the
// percentile's time): the evaluation in the 90% reading, then 13 or 21 values of its CDF and the text.
void SheetQtyValueP95Bindings(benchmark::State& state) {
    const Arg p95{std::string("p95")};
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value(with_names, none, p95, pairs);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyValueP95Bindings);

void SheetQtySparkBindings(benchmark::State& state) {
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_spark_cells(with_names, none, none, pairs);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtySparkBindings);

void SheetQtyBinsBindings(benchmark::State& state) {
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_bins(with_names, none, none, pairs);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyBinsBindings);

// The same for a value the 90% reading samples (a sum of three ranges times a fourth): its CDF places each of the
// 8,192 shared points among the edges, and its percentiles and the picture's ends select among them.
const std::array<Arg, 8> sampled_pairs = {Arg{std::string("a")}, Arg{std::string("1 to 3")},
                                          Arg{std::string("b")}, Arg{std::string("2 to 5")},
                                          Arg{std::string("c")}, Arg{std::string("10 to 20")},
                                          Arg{std::string("u")}, Arg{std::string("35% to 55%")}};
constexpr const char* sampled = "(a + b + c) * u * 1 hour";

void SheetQtyValueP95Sampled(benchmark::State& state) {
    const Arg p95{std::string("p95")};
    for (auto _ : state) benchmark::DoNotOptimize(ballpark::sheet::qty_value(sampled, none, p95, sampled_pairs));
}
BENCHMARK(SheetQtyValueP95Sampled)->Unit(benchmark::kMicrosecond);

void SheetQtySparkSampled(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(ballpark::sheet::qty_spark_cells(sampled, none, none, sampled_pairs));
}
BENCHMARK(SheetQtySparkSampled)->Unit(benchmark::kMicrosecond);

void SheetQtyBinsSampled(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(ballpark::sheet::qty_bins(sampled, none, none, sampled_pairs));
}
BENCHMARK(SheetQtyBinsSampled)->Unit(benchmark::kMicrosecond);

// A sum of three ranges alone: sampled, with the structure that integrates its percentiles beyond the 5th and
// 95th (thousands of CDF evaluations a far percentile), which a picture does without.
constexpr const char* sum_of_three = "a + b + c";

void SheetQtyValueP95SumOfThree(benchmark::State& state) {
    const Arg p95{std::string("p95")};
    for (auto _ : state) benchmark::DoNotOptimize(ballpark::sheet::qty_value(sum_of_three, none, p95, sampled_pairs));
}
BENCHMARK(SheetQtyValueP95SumOfThree)->Unit(benchmark::kMicrosecond);

void SheetQtySparkSumOfThree(benchmark::State& state) {
    for (auto _ : state)
        benchmark::DoNotOptimize(ballpark::sheet::qty_spark_cells(sum_of_three, none, none, sampled_pairs));
}
BENCHMARK(SheetQtySparkSumOfThree)->Unit(benchmark::kMicrosecond);

void SheetQtyBinsSumOfThree(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(ballpark::sheet::qty_bins(sum_of_three, none, none, sampled_pairs));
}
BENCHMARK(SheetQtyBinsSumOfThree)->Unit(benchmark::kMicrosecond);

// The same as a QTY result: the number's work, and the recipe, its key and the text. A new params each time, as
// each row of the Calc benchmark has its own: every call makes and stores a new recipe.
void SheetQtyBindings(benchmark::State& state) {
    std::array<Arg, 8> varied = pairs;
    double params = 70e9;
    for (auto _ : state) {
        varied[1] = Arg{params += 1e9};
        auto r = ballpark::sheet::qty(with_names, none, varied);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(SheetQtyBindings);

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

namespace {

// The three-run plan of bench/calc_recalc.py (plan_total, plan_total_dist), one cell per step: per-run hours and
// cost sharing a utilization and a price, and the total read from the three cost cells, whose recipes reach eleven
// inputs. What one recalculation of the total costs the add-in, in each reading.
using ballpark::sheet::Cells;

Cells pair_of(double low, double high) { return Cells{1, 2, {low, high}}; }

struct Plan {
    std::array<Arg, 3> costs;
};

Plan plan(bool distribution) {
    const double runs[3][4] = {{70e9, 1.8e12, 2.2e12, 312e12}, {8e9, 10e12, 15e12, 989e12}, {405e9, 12e12, 16e12, 989e12}};
    Plan out;
    for (int k = 0; k < 3; ++k) {
        const std::array<Arg, 8> hour_pairs{Arg{std::string("p")}, Arg{runs[k][0]}, Arg{std::string("t")},
                                            Arg{pair_of(runs[k][1], runs[k][2])}, Arg{std::string("peak")},
                                            Arg{std::to_string(runs[k][3]) + " FLOP/s"}, Arg{std::string("u")},
                                            Arg{pair_of(0.30, 0.50)}};
        const Arg hours_text{std::string("6 FLOP * p * t / (peak * u) as hour")};
        const auto hours = distribution ? ballpark::sheet::qty_dist(hours_text, none, hour_pairs)
                                        : ballpark::sheet::qty(hours_text, none, hour_pairs);
        const std::array<Arg, 4> cost_pairs{Arg{std::string("h")}, Arg{*hours}, Arg{std::string("price")},
                                            Arg{pair_of(2.0, 3.0)}};
        const Arg cost_text{std::string("h * price * 1 USD/hour")}, usd{std::string("USD")};
        out.costs[k] = distribution ? *ballpark::sheet::qty_dist(cost_text, usd, cost_pairs)
                                    : *ballpark::sheet::qty(cost_text, usd, cost_pairs);
    }
    return out;
}

void plan_total(benchmark::State& state, bool distribution, const char* part) {
    const Plan p = plan(distribution);
    const Arg expression{std::string("a + b + c + x * 1e-9 USD")}, usd{std::string("USD")}, which{std::string(part)};
    double x = 0;
    for (auto _ : state) {
        // A new x each time, as each row of the Calc benchmark has its own: no two calls are the same.
        const std::array<Arg, 8> pairs{Arg{std::string("a")}, p.costs[0], Arg{std::string("b")}, p.costs[1],
                                       Arg{std::string("c")}, p.costs[2], Arg{std::string("x")}, Arg{x += 1e9}};
        auto r = ballpark::sheet::qty_value(expression, usd, which, pairs);
        benchmark::DoNotOptimize(r);
    }
}

void SheetPlanTotal(benchmark::State& state) { plan_total(state, false, "high"); }
BENCHMARK(SheetPlanTotal);

void SheetPlanTotalDist(benchmark::State& state) { plan_total(state, true, "p95"); }
BENCHMARK(SheetPlanTotalDist);

// The column form of bench/calc_recalc.py (column_bounds, column_dist): one QTYVALUE call over a column of 10,000
// rows of params, with the tokens and the utilization shared, as Calc hands it over after UNO conversion. Divide
// by 10,000 for the add-in's share of a row.
constexpr std::size_t column_rows = 10'000;

void sheet_column(benchmark::State& state, const char* part) {
    ballpark::sheet::Cells params{column_rows, 1, {}};
    for (std::size_t k = 0; k < column_rows; ++k) params.cells.emplace_back(1e9 * static_cast<double>(k + 1));
    const std::array<Arg, 6> pairs{Arg{std::string("params")}, Arg{params},
                                   Arg{std::string("tokens")}, Arg{std::string("2 trillion")},
                                   Arg{std::string("util")},   Arg{std::string("35% to 55%")}};
    const Arg expression{std::string("6 FLOP * params * tokens / (312 TFLOP/s * util) as hour")};
    const Arg which{std::string(part)};
    for (auto _ : state) {
        auto r = ballpark::sheet::qty_value_cells(expression, none, which, pairs);
        benchmark::DoNotOptimize(r);
    }
}

void SheetColumnBounds(benchmark::State& state) { sheet_column(state, "high"); }
BENCHMARK(SheetColumnBounds)->Unit(benchmark::kMicrosecond);

void SheetColumnDist(benchmark::State& state) { sheet_column(state, "p95"); }
BENCHMARK(SheetColumnDist)->Unit(benchmark::kMicrosecond);

}  // namespace
