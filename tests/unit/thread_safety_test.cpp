// The core may be called from several threads at once, as LibreOffice does with threaded recalculation: the unit
// registry is built once (a function-local static) and read-only afterwards, the caches are per thread, and the
// shared sample columns of the distribution mode are built under a lock. This test runs 8 threads of mixed work,
// all starting together so they also race to build the registry, and checks every result against the same work
// done on one thread afterwards. scripts/sanitize.sh runs it under ThreadSanitizer.
#include <gtest/gtest.h>

#include <barrier>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/session.hpp"
#include "unit/tolerance.hpp"

namespace {

constexpr int thread_count = 8;
constexpr int rounds = 40;

// One thread's work: every result as text, so two runs compare with ==. Numbers are written with all 17 digits.
std::vector<std::string> work(int thread, int round) {
    std::vector<std::string> out;
    const auto number = [](double x) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.17g", x);
        return std::string(buffer);
    };
    const auto quantity = [&](const ballpark::Result<ballpark::Quantity>& q) {
        if (!q) return "error: " + q.error().sentence();
        return number(q->low) + " " + number(q->central) + " " + number(q->high) + " " + ballpark::format(*q);
    };

    // evaluate with bindings: a number and a quantity text, on the seed one-liner (same text in every thread).
    const ballpark::Binding bindings[] = {
        {"params", 70e9 + thread}, {"tokens", std::string_view("2 trillion")}, {"peak", std::string_view("312 TFLOP/s")}};
    out.push_back(quantity(ballpark::evaluate(
        "6 FLOP * params * tokens / (peak * (35% to 55%)) as million hour", bindings)));
    // Ranges whose bounds depend on outward rounding, so a rounding mode leaking between threads would show.
    out.push_back(quantity(ballpark::evaluate("(1 to 3) / 3 + 0.1 * " + std::to_string(round))));
    out.push_back(quantity(ballpark::evaluate("sqrt(2 to 3) * exp(0.1 to 0.2) / ln(7 to 11)")));
    // The distribution mode reads sample columns shared by every thread (built on first use under a lock); the
    // column numbers grow with the round, so threads race to build new ones. A binding keeps the result from the
    // per-thread result cache, so every round samples.
    const ballpark::Binding spread[] = {{"k", static_cast<double>(round + 1)}};
    std::string sum = "k * (1 to 3) + (2 to 10)";
    for (int extra = 0; extra < round; ++extra) sum += " + (1 to 2)";
    out.push_back(quantity(ballpark::evaluate(sum, spread, ballpark::EvaluationOptions{ballpark::Mode::distribution})));
    // The dependency-aware bounds: a name used twice.
    const ballpark::Binding x[] = {{"x", std::string_view("1 to 3")}};
    out.push_back(quantity(ballpark::evaluate("x * (4 - x) + x", x)));

    // convert and value_in through the per-thread unit cache, with texts shared by all threads and texts of this
    // thread only; more distinct texts than the cache keeps, so it starts over while in use.
    const auto c = ballpark::convert(1 + round, "kWh", "J");
    out.push_back(c ? number(*c) : "error: " + c.error().sentence());
    for (int k = 0; k < 120; ++k) {
        const std::string unit = std::to_string(thread * 1000 + round * 120 + k) + " m";
        const auto v = ballpark::convert(3, unit, "ft");
        out.push_back(v ? number(*v) : "error: " + v.error().sentence());
    }
    const auto gib = ballpark::unit_quantity("GiB");
    if (gib) {
        const auto mib = ballpark::value_in(*gib, "MiB", ballpark::Part::high);
        out.push_back(mib ? number(*mib) : "error");
        const auto expressed = ballpark::express_in(*gib, "kB");
        out.push_back(expressed ? ballpark::format(*expressed) : "error");
    }

    // Unit errors and dimension errors, which build their sentences and suggestions from the shared registry.
    const auto unknown = ballpark::convert(1, "hourz", "s");
    out.push_back(unknown ? "no error" : unknown.error().sentence());
    out.push_back(quantity(ballpark::evaluate("8.4e23 FLOP + 2 hour")));
    out.push_back(quantity(ballpark::evaluate("3 to 5 bogus")));

    // A session per thread: variables, a user function, recursion stopped by the limit.
    ballpark::Session session;
    for (std::string_view line : {"a100 = 312 TFLOP/s", "utilization = 35% to 55%",
                                  "gpu_hours(p, t) = 6 FLOP * p * t / (a100 * utilization) as million hour",
                                  "gpu_hours(70 billion, 2 trillion)", "f(x) = f(x)", "f(1)"}) {
        const auto r = session.run(line);
        if (!r) out.push_back("error: " + r.error().sentence());
        else if (r->value) out.push_back(quantity(*r->value));
        else out.push_back("defined " + r->name);
    }

    return out;
}

TEST(ThreadSafety, EightThreadsOfMixedEvaluationsGiveTheResultsOneThreadGives) {
    std::vector<std::vector<std::vector<std::string>>> results(thread_count);
    std::barrier start(thread_count);
    {
        std::vector<std::jthread> threads;
        for (int t = 0; t < thread_count; ++t) {
            threads.emplace_back([&, t] {
                start.arrive_and_wait();  // all at once, so first uses of the registry race as well
                for (int round = 0; round < rounds; ++round) results[t].push_back(work(t, round));
            });
        }
    }
    for (int t = 0; t < thread_count; ++t) {
        ASSERT_EQ(results[t].size(), static_cast<std::size_t>(rounds));
        for (int round = 0; round < rounds; ++round) {
            EXPECT_EQ(results[t][round], work(t, round)) << "thread " << t << ", round " << round;
        }
    }
}

TEST(ThreadSafety, ResultsAreRightNotOnlyTheSameInEveryThread) {
    // A few of the values above, checked against hand-computed numbers, so agreement is not agreement in error.
    const auto first = work(0, 0);
    EXPECT_NE(first[0].find("1.7 [1.4, 2.1] million hour {time}"), std::string::npos) << first[0];
    EXPECT_EQ(first[5], "3600000");
    // (1 to 3) + (2 to 10) as lognormals: median 6.336 by numerical integration (bench/peers/dist_programs.tsv).
    double low = 0, central = 0, high = 0;
    ASSERT_EQ(std::sscanf(first[3].c_str(), "%lf %lf %lf", &low, &central, &high), 3) << first[3];
    EXPECT_THAT(central, ballpark::testing::RelativelyNear(6.336248, 0.01));
    // x (4 - x) + x = 5x - x² for x in [1, 3] spans [4, 6.25]; plain intervals would give [2, 12].
    ASSERT_EQ(std::sscanf(first[4].c_str(), "%lf %lf %lf", &low, &central, &high), 3) << first[4];
    EXPECT_LE(low, 4.0);
    EXPECT_GE(high, 6.25);
    EXPECT_LT(high, 8.0);
    bool saw_unknown_unit = false, saw_recursion = false, saw_llama = false;
    for (const std::string& line : first) {
        saw_unknown_unit |= line.find("Unknown unit \"hourz\"") != std::string::npos;
        saw_recursion |= line.find("calls itself more than 64 levels deep") != std::string::npos;
        saw_llama |= line.find("1.7 [1.4, 2.1] million hour") != std::string::npos;
    }
    EXPECT_TRUE(saw_unknown_unit);
    EXPECT_TRUE(saw_recursion);
    EXPECT_TRUE(saw_llama);
}

// Results that keep their recipes (ballpark/linked.hpp) share one store: threads make recipes of the same content
// (which the store keeps once) and of their own, read them into totals in both readings, and shrink the store's
// limit as they go, so recipes are forgotten while other threads read them.
std::vector<std::string> linked_work(int thread, int round) {
    using namespace ballpark;
    std::vector<std::string> out;
    for (Mode mode : {Mode::bounds, distribution_mode()}) {
        std::vector<RecipeRef> costs;
        for (int run = 0; run < 3; ++run) {
            // Runs 0 and 1 are the same in every thread; run 2 is the thread's own.
            const double params = run < 2 ? 70e9 * (run + 1) : 1e9 * (thread + 1);
            const Binding hours_in[] = {{"p", params}, {"u", 0.3, 0.5}};
            auto hours = expression_recipe("6 FLOP * p * 2 trillion / (312 TFLOP/s * u) as hour", hours_in, {}, mode);
            if (!hours) return {"error: " + hours.error().sentence()};
            const RecipeRef h = RecipeStore::instance().remember(*hours);
            const Binding cost_in[] = {{"h", h.get()}, {"price", 2.0, 3.0}};
            auto cost = expression_recipe("h * price * 1 USD/hour", cost_in, "USD", mode);
            if (!cost) return {"error: " + cost.error().sentence()};
            costs.push_back(RecipeStore::instance().remember(*cost));
        }
        if (round % 8 == 7) RecipeStore::instance().set_byte_limit(std::size_t{4} << 10);  // forget most
        if (round % 8 == 0) RecipeStore::instance().set_byte_limit(std::size_t{512} << 20);
        const Binding terms[] = {{"a", costs[0].get()}, {"b", costs[1].get()}, {"c", costs[2].get()}};
        EvaluationOptions options;
        options.mode = mode;
        const auto total = sum(terms, options);
        char digits[64];
        if (total) std::snprintf(digits, sizeof digits, "%.17g %.17g ", total->low, total->high);
        out.push_back(total ? digits + format(*total) : "error: " + total.error().sentence());
    }
    return out;
}

TEST(ThreadSafety, EightThreadsSharingResultsGiveTheTotalsOneThreadGives) {
    std::vector<std::vector<std::vector<std::string>>> results(thread_count);
    std::barrier start(thread_count);
    {
        std::vector<std::jthread> threads;
        for (int t = 0; t < thread_count; ++t) {
            threads.emplace_back([&, t] {
                start.arrive_and_wait();
                for (int round = 0; round < rounds; ++round) results[t].push_back(linked_work(t, round));
            });
        }
    }
    for (int t = 0; t < thread_count; ++t) {
        for (int round = 0; round < rounds; ++round) {
            EXPECT_EQ(results[t][round], linked_work(t, round)) << "thread " << t << ", round " << round;
        }
    }
    // The bounds total of thread 0: the corners of u and the price, 6 p T / (peak u) / 3600 s * price per run.
    double low = 0, high = 0;
    ASSERT_EQ(std::sscanf(results[0][0][0].c_str(), "%lf %lf", &low, &high), 2) << results[0][0][0];
    const auto run_cost = [](double params, double u, double price) { return 6 * params * 2e12 / (312e12 * u) / 3600 * price; };
    const double exact_low = run_cost(70e9, 0.5, 2) + run_cost(140e9, 0.5, 2) + run_cost(1e9, 0.5, 2);
    const double exact_high = run_cost(70e9, 0.3, 3) + run_cost(140e9, 0.3, 3) + run_cost(1e9, 0.3, 3);
    EXPECT_LE(low, exact_low);
    EXPECT_GT(low, exact_low * 0.995);
    EXPECT_GE(high, exact_high);
    EXPECT_LT(high, exact_high * 1.005);
}

}  // namespace
