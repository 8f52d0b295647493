// The per-thread programs of texts evaluated with bindings (core/src/api/compiled_texts.hpp, eval/compiled.hpp),
// added for recalculation speed: a text evaluated again with new values under the same names runs a program kept
// under the text and the names. Each answer must be the one the values call for, whichever program ran before.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/column.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "values/interval.hpp"
#include "values/quantity_conversion.hpp"

namespace ballpark {
namespace {

Quantity value_of(std::string_view text, std::span<const Binding> bindings, Mode mode = Mode{}) {
    EvaluationOptions options;
    options.mode = mode;
    auto q = evaluate(text, bindings, options);
    EXPECT_TRUE(q) << text << ": " << (q ? "" : q.error().message);
    return q ? *q : Quantity{};
}

TEST(CompiledTexts, TheSameTextWithNewValuesGivesEachItsOwnResult) {
    // x·2 + 1 for x = 1 … 50, and back down: every call after the first runs the kept program.
    for (int round = 0; round < 2; ++round) {
        for (int k = 1; k <= 50; ++k) {
            const double x = round == 0 ? k : 51 - k;
            const Binding b[] = {{"x", x}};
            const Quantity q = value_of("x * 2 + 1", b);
            EXPECT_EQ(q.low, 2 * x + 1);
            EXPECT_EQ(q.central, 2 * x + 1);
            EXPECT_EQ(q.high, 2 * x + 1);
            EXPECT_TRUE(q.dimension.is_dimensionless());
        }
    }
}

TEST(CompiledTexts, UnitsAndConversionsOfTheTextApplyToEachNewValue) {
    // 3600 s in an hour, 1000 m in a km: exact in binary, so the bounds are the closed form itself.
    for (double seconds : {3600.0, 7200.0, 1800.0}) {
        const Binding b[] = {{"t", seconds}};
        const Quantity q = value_of("t s * 2 km / (1 hour) as m", b);
        EXPECT_EQ(q.central, seconds / 3600 * 2000);
        EXPECT_EQ(q.low, q.central);
        EXPECT_EQ(q.high, q.central);
        ASSERT_TRUE(q.unit);
        EXPECT_EQ(q.unit->label, "m");
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::length));
    }
}

TEST(CompiledTexts, NamesInAnotherOrderOrAnotherSetGetTheirOwnProgram) {
    const Binding ab[] = {{"a", 1.0}, {"b", 10.0}};
    const Binding ba[] = {{"b", 1.0}, {"a", 10.0}};
    for (int repeat = 0; repeat < 3; ++repeat) {
        EXPECT_EQ(value_of("a - b", ab).central, -9);
        EXPECT_EQ(value_of("a - b", ba).central, 9);
    }
    // "m" bound is a number; unbound, the text's m is the metre.
    const Binding x[] = {{"x", 3.0}};
    const Binding xm[] = {{"x", 3.0}, {"m", 4.0}};
    for (int repeat = 0; repeat < 3; ++repeat) {
        const Quantity metres = value_of("x * m", x);
        EXPECT_EQ(metres.central, 3);
        EXPECT_EQ(metres.dimension, Dimension::of(BaseDimension::length));
        const Quantity product = value_of("x * m", xm);
        EXPECT_EQ(product.central, 12);
        EXPECT_TRUE(product.dimension.is_dimensionless());
    }
}

TEST(CompiledTexts, AValueOfAnotherDimensionThanTheLastRunsGetsItsOwnDimension) {
    // x · 2 + y: 3 m · 2 + 1 m is 7 m; 3 s · 2 + 1 s is 7 s; then metres again; 3 m and 1 s cannot be added.
    for (int repeat = 0; repeat < 2; ++repeat) {
        const Binding metres[] = {{"x", std::string_view("3 m")}, {"y", std::string_view("1 m")}};
        const Binding seconds[] = {{"x", std::string_view("3 s")}, {"y", std::string_view("1 s")}};
        const Binding mixed[] = {{"x", std::string_view("3 m")}, {"y", std::string_view("1 s")}};
        Quantity q = value_of("x * 2 + y", metres);
        EXPECT_EQ(q.central, 7);
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::length));
        q = value_of("x * 2 + y", seconds);
        EXPECT_EQ(q.central, 7);
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::time));
        auto e = evaluate("x * 2 + y", mixed);
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::dimension);
        EXPECT_EQ(e.error().column, 7);
        q = value_of("x * 2 + y", metres);
        EXPECT_EQ(q.dimension, Dimension::of(BaseDimension::length));
    }
}

TEST(CompiledTexts, ARangeBoundToANameIsARangeInEveryRun) {
    // x from 1 to 3 (central 2, halfway): x·2 is 2 to 6; then a number again, then another range.
    for (int repeat = 0; repeat < 2; ++repeat) {
        Binding range{"x", 1.0, 3.0};
        Quantity q = value_of("x * 2", std::span(&range, 1));
        EXPECT_EQ(q.low, 2);
        EXPECT_EQ(q.central, 4);
        EXPECT_EQ(q.high, 6);
        const Binding point{"x", 5.0};
        q = value_of("x * 2", std::span(&point, 1));
        EXPECT_EQ(q.low, 10);
        EXPECT_EQ(q.high, 10);
        const Binding text{"x", std::string_view("10 to 20")};
        q = value_of("x * 2", std::span(&text, 1));
        EXPECT_EQ(q.low, 20);
        EXPECT_EQ(q.high, 40);
    }
}

TEST(CompiledTexts, ANameUsedTwiceKeepsTheBoundsModesDependencyAwareAnswer) {
    // x - x is exactly 0 for any x in the bounds mode (one unknown used twice), where plain intervals would give
    // -2 to 2 for x from 1 to 3; the default mode must keep it after earlier runs with points.
    for (int repeat = 0; repeat < 3; ++repeat) {
        const Binding point{"x", 2.0};
        EXPECT_EQ(value_of("x - x", std::span(&point, 1)).high, 0);
        const Binding range{"x", 1.0, 3.0};
        const Quantity q = value_of("x - x", std::span(&range, 1));
        EXPECT_EQ(q.low, 0);
        EXPECT_EQ(q.high, 0);
    }
}

TEST(CompiledTexts, ErrorsAfterGoodRunsCarryTheirKindColumnAndInput) {
    const Binding good[] = {{"x", 1.0}, {"y", 2.0}};
    const Binding metres[] = {{"x", 1.0}, {"y", std::string_view("3 m")}};
    const Binding zero[] = {{"x", 1.0}, {"y", 0.0}};
    const Binding nan[] = {{"x", std::numeric_limits<double>::quiet_NaN()}, {"y", 2.0}};
    for (int repeat = 0; repeat < 3; ++repeat) {
        EXPECT_EQ(value_of("x + y", good).central, 3);
        // 1 + 3 m: the "+" at column 3 adds a number and a length.
        auto e = evaluate("x + y", metres);
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::dimension);
        EXPECT_EQ(e.error().column, 3);
        EXPECT_NE(e.error().message.find("length"), std::string::npos) << e.error().message;
        // x / 0 at column 3.
        EXPECT_EQ(value_of("x / y", good).central, 0.5);
        e = evaluate("x / y", zero);
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::domain);
        EXPECT_EQ(e.error().column, 3);
        // A value that is no number is refused by its name.
        e = evaluate("x + y", nan);
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::domain);
        EXPECT_NE(e.error().message.find("\"x\""), std::string::npos) << e.error().message;
        // A name given twice is refused, however often.
        const Binding twice[] = {{"x", 1.0}, {"x", 2.0}};
        e = evaluate("x + 1", twice);
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::name_taken);
    }
}

TEST(CompiledTexts, TemperaturesBoundToNamesAreReadOnTheirScale) {
    // 20 degC + 5 K is 25 degC, 298.15 K; 20 degC in a product is refused.
    for (int repeat = 0; repeat < 3; ++repeat) {
        const Binding t{"t", std::string_view("20 degC")};
        const Quantity q = value_of("t + 5 K", std::span(&t, 1));
        EXPECT_NEAR(q.central, 298.15, 1e-9);
        const Binding plain{"t", 20.0};
        EXPECT_EQ(value_of("t + 5", std::span(&plain, 1)).central, 25);
        auto e = evaluate("t * 2", std::span(&t, 1));
        ASSERT_FALSE(e);
        EXPECT_EQ(e.error().kind, ErrorKind::temperature);
    }
}

TEST(CompiledTexts, ARangeTextWithAVariableEndStaysARange) {
    // "1 hour to h" with a variable h is the range from 1 hour to h, not 1 hour shown in h.
    for (double hours : {2.0, 3.0}) {
        const Binding h{"h", std::string_view(hours == 2 ? "2 hour" : "3 hour")};
        const Quantity q = value_of("1 hour to h", std::span(&h, 1));
        EXPECT_EQ(q.low, 3600);
        EXPECT_EQ(q.high, hours * 3600);
    }
}

TEST(CompiledTexts, AColumnRunsEachRowWithItsOwnValueAndNamesABadRow) {
    // x m · 2 in cm for x = 1 … 5: 200, 400, … 1000 cm, exact in binary; each row's own x, the shared k.
    const Binding shared[] = {{"k", 2.0}};
    ColumnInput x{"x", {}};
    for (int k = 1; k <= 5; ++k) {
        Binding row{"x", static_cast<double>(k)};
        row.row = static_cast<std::size_t>(k);
        x.rows.push_back(row);
    }
    for (int repeat = 0; repeat < 2; ++repeat) {
        auto r = evaluate_column("x m * k", shared, std::span(&x, 1), "cm", Mode{}, false);
        ASSERT_TRUE(r) << r.error().message;
        ASSERT_EQ(r->values.size(), 5u);
        for (std::size_t k = 0; k < 5; ++k) {
            EXPECT_EQ(r->values[k].central, 2.0 * static_cast<double>(k + 1));  // in SI base units: metres
            EXPECT_EQ(r->values[k].low, r->values[k].central);
            ASSERT_TRUE(r->values[k].unit);
            EXPECT_EQ(r->values[k].unit->label, "cm");
        }
    }
    ColumnInput bad = x;
    bad.rows[3].value = std::numeric_limits<double>::infinity();
    auto r = evaluate_column("x m * k", shared, std::span(&bad, 1), "cm", Mode{}, false);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().row, 4);
    EXPECT_EQ(r.error().kind, ErrorKind::domain);
    EXPECT_NE(r.error().message.find("Row 4 of the columns"), std::string::npos) << r.error().message;
}

// The compiled run against the tree's evaluation, bit for bit, over texts whose every operation it compiles.
TEST(CompiledTexts, GivesBitForBitWhatTheTreesEvaluationGives) {
    const char* texts[] = {"6 FLOP * params * tokens / (peak FLOP/s * (lo to hi)) as million hour",
                           "-(params / tokens)^2 + peak * 1.1 - lo", "(lo to hi) * 0.1 / 3 as percent",
                           "params ^ (1/3) * tokens"};
    const double sets[][5] = {{70e9, 2e12, 312e12, 0.35, 0.55}, {7e9, 1e12, 989e12, 0.3, 0.5}, {0.1, 0.2, 0.3, 0.4, 0.7}};
    for (const char* text : texts) {
        const auto tree = cached_statement(text);
        for (const auto& set : sets) {
            const Binding b[] = {{"params", set[0]}, {"tokens", set[1]}, {"peak", set[2]}, {"lo", set[3]}, {"hi", set[4]}};
            const NamedValue<Interval> values[] = {{"params", {Interval::point(set[0]), {}, nullptr}},
                                                   {"tokens", {Interval::point(set[1]), {}, nullptr}},
                                                   {"peak", {Interval::point(set[2]), {}, nullptr}},
                                                   {"lo", {Interval::point(set[3]), {}, nullptr}},
                                                   {"hi", {Interval::point(set[4]), {}, nullptr}}};
            Evaluator<Interval> evaluator(nullptr, values);
            const Quantity fresh = to_quantity(evaluator.run(*tree));
            for (int repeat = 0; repeat < 2; ++repeat) {
                const Quantity q = value_of(text, b);
                EXPECT_EQ(q.low, fresh.low) << text;
                EXPECT_EQ(q.central, fresh.central) << text;
                EXPECT_EQ(q.high, fresh.high) << text;
                EXPECT_EQ(q.dimension, fresh.dimension) << text;
                EXPECT_EQ(q.unit == nullptr, fresh.unit == nullptr) << text;
            }
        }
    }
}

// A column computes once what reads only the names its rows share ("peak FLOP/s * (lo to hi)"): each row's result
// must still be the tree's evaluation of that row, bit for bit, and an error the same error. (Each name used once:
// the bounds reading of a name used twice is the dependency-aware one, not the plain intervals'.)
TEST(CompiledTexts, AColumnsSharedPartsComputedOnceGiveEachRowTheTreesResult) {
    const char* texts[] = {"6 FLOP * params * tokens / (peak FLOP/s * (lo to hi)) as million hour",
                           "(tokens * 2 + peak) * params - lo ^ 2", "params ^ (lo * 3) * hi",
                           "-(peak / tokens) + params * (lo to hi) / 7", "params * tokens"};
    const double shared_values[] = {2e12, 312e12, 0.35, 0.55};
    const char* shared_names[] = {"tokens", "peak", "lo", "hi"};
    const Binding shared[] = {{"tokens", shared_values[0]}, {"peak", shared_values[1]}, {"lo", shared_values[2]},
                              {"hi", shared_values[3]}};
    ColumnInput params{"params", {}};
    for (int k = 1; k <= 7; ++k) {
        Binding row{"params", 0.7e9 * k * k + 0.1 * k};
        row.row = static_cast<std::size_t>(k);
        params.rows.push_back(row);
    }
    for (const char* text : texts) {
        const auto tree = cached_statement(text);
        for (int repeat = 0; repeat < 2; ++repeat) {
            auto r = evaluate_column(text, shared, std::span(&params, 1), "", Mode{}, false);
            ASSERT_TRUE(r) << text << ": " << r.error().message;
            ASSERT_EQ(r->values.size(), params.rows.size()) << text;
            for (std::size_t k = 0; k < params.rows.size(); ++k) {
                NamedValue<Interval> values[5];
                for (std::size_t j = 0; j < 4; ++j) values[j] = {shared_names[j], {Interval::point(shared_values[j]), {}, nullptr}};
                values[4] = {"params", {Interval::point(std::get<double>(params.rows[k].value)), {}, nullptr}};
                Evaluator<Interval> evaluator(nullptr, values);
                const Quantity fresh = to_quantity(evaluator.run(*tree));
                const Quantity& q = r->values[k];
                EXPECT_EQ(q.low, fresh.low) << text << " row " << k + 1;
                EXPECT_EQ(q.central, fresh.central) << text << " row " << k + 1;
                EXPECT_EQ(q.high, fresh.high) << text << " row " << k + 1;
                EXPECT_EQ(q.dimension, fresh.dimension) << text;
                EXPECT_EQ(q.unit == nullptr, fresh.unit == nullptr) << text;
                if (q.unit && fresh.unit) {
                    EXPECT_EQ(q.unit->label, fresh.unit->label) << text;
                }
            }
        }
    }
    // A shared part that is zero under a division, and one that divides by it: the first row's error, as one
    // evaluation of that row gives it.
    const Binding ends[] = {{"lo", 1.0}, {"hi", 3.0}, {"tokens", 5.0}};
    for (const char* text : {"params / (hi - lo - 2)", "params * (tokens / (hi - lo - 2))"}) {
        const Binding first[] = {ends[0], ends[1], ends[2], params.rows[0]};
        const auto alone = evaluate(text, first);
        ASSERT_FALSE(alone) << text;
        auto r = evaluate_column(text, ends, std::span(&params, 1), "", Mode{}, false);
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind, alone.error().kind) << text << ": " << r.error().message;
        EXPECT_EQ(r.error().row, 1) << text;
        EXPECT_NE(r.error().message.find(alone.error().message), std::string::npos) << r.error().message;
    }
}

}  // namespace
}  // namespace ballpark
