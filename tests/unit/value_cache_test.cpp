// The per-thread cache of values of texts evaluated without bindings (core/src/api/read_inputs.hpp, evaluate_closed_text),
// added for recalculation speed: a cached answer must be the answer evaluation gives, bound for bound.
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "ballpark/api.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "values/quantity_conversion.hpp"

namespace ballpark {
namespace {

// What evaluate() gives without the value cache: the tree's evaluation, done afresh.
Quantity fresh(std::string_view text) {
    const auto tree = cached_statement(text);
    Evaluator<Interval> evaluator(nullptr, {});
    return to_quantity(evaluator.run(*tree));
}

void expect_identical(const Quantity& a, const Quantity& b) {
    EXPECT_EQ(a.low, b.low);
    EXPECT_EQ(a.central, b.central);
    EXPECT_EQ(a.high, b.high);
    EXPECT_EQ(a.dimension, b.dimension);
    EXPECT_EQ(a.unit == nullptr, b.unit == nullptr);
    if (a.unit && b.unit) {
        EXPECT_EQ(a.unit->label, b.unit->label);
    }
}

TEST(ValueCache, GivesBitForBitWhatEvaluationGivesOnEveryRepeat) {
    const char* texts[] = {"6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour",
                           "35% to 55%", "312 TFLOP/s", "2 trillion", "1/3", "0.1 + 0.2", "(1 to 2)^-3"};
    for (const char* text : texts) {
        for (int repeat = 0; repeat < 3; ++repeat) {
            auto q = evaluate(text);
            ASSERT_TRUE(q) << text;
            expect_identical(*q, fresh(text));
        }
    }
}

TEST(ValueCache, BindingTextsGiveTheSameResultAsTheirValuesWritten) {
    const Binding bindings[] = {{"peak", std::string_view("312 TFLOP/s")}, {"util", std::string_view("35% to 55%")}};
    for (int repeat = 0; repeat < 3; ++repeat) {
        auto q = evaluate("6 FLOP * 70 billion * 2 trillion / (peak * util) as hour", bindings);
        ASSERT_TRUE(q);
        expect_identical(*q, fresh("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as hour"));
    }
}

TEST(ValueCache, KeepsNoErrors) {
    for (int repeat = 0; repeat < 3; ++repeat) {
        auto q = evaluate("3 hourz");
        ASSERT_FALSE(q);
        EXPECT_NE(q.error().message.find("hourz"), std::string::npos);
    }
}

TEST(ValueCache, StaysRightWhenItStartsOver) {
    auto first = evaluate("7 kWh");
    ASSERT_TRUE(first);
    for (int k = 0; k < 5000; ++k) ASSERT_TRUE(evaluate(std::to_string(k) + " m"));  // more than it keeps
    auto again = evaluate("7 kWh");
    ASSERT_TRUE(again);
    expect_identical(*again, *first);
    auto some = evaluate("4321 m");
    ASSERT_TRUE(some);
    EXPECT_EQ(some->central, 4321);
}

TEST(ValueCache, EachThreadGetsTheSameAnswer) {
    auto here = evaluate("100 kWh / 2 hour");
    ASSERT_TRUE(here);
    Quantity there;
    std::thread([&] { there = *evaluate("100 kWh / 2 hour"); }).join();
    expect_identical(there, *here);
}

}  // namespace
}  // namespace ballpark
