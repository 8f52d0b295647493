// One chain, every reading: a result is its recipe, not its reading. A chain of results made in one
// reading and read in another is evaluated again from its inputs in the reading asked, so it gives, digit for
// digit, what the same chain made in that reading gives; and the 90% tornado of a result moves each input from its
// 5th to its 95th percentile with the others at their medians, checked against closed forms worked out here.
#include <gtest/gtest.h>

#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "ballpark/session.hpp"
#include "ballpark/tornado.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark {
namespace {

Mode dist() { return distribution_mode(); }

RecipeRef recipe(std::string_view expression, std::vector<Binding> bindings, Mode mode, std::string_view unit = {}) {
    auto made = expression_recipe(expression, bindings, unit, mode);
    EXPECT_TRUE(made) << made.error().sentence();
    return RecipeStore::instance().remember(*made);
}

Quantity result(const Result<Quantity>& q) {
    EXPECT_TRUE(q) << q.error().sentence();
    return q ? *q : Quantity{};
}

void expect_same_digits(const Quantity& a, const Quantity& b, const std::string& what) {
    EXPECT_EQ(a.low, b.low) << what;
    EXPECT_EQ(a.central, b.central) << what;
    EXPECT_EQ(a.high, b.high) << what;
    EXPECT_EQ(a.dimension, b.dimension) << what;
}

// Two runs that share the utilization u and the price: hours from tokens t, cost from the hours, days from the
// hours; the same chain made once in each reading.
struct Chain {
    std::vector<RecipeRef> hours, costs, days;
};

Chain chain(Mode mode) {
    struct Run {
        double params, tokens_low, tokens_high, peak;
    };
    const Run runs[] = {{70e9, 1.8e12, 2.2e12, 312e12}, {8e9, 13.5e12, 16.5e12, 989e12}};
    Chain out;
    for (const Run& r : runs) {
        out.hours.push_back(recipe("6 FLOP * p * t / (peak * u) as hour",
                                   {Binding{"p", r.params}, Binding{"t", r.tokens_low, r.tokens_high},
                                    Binding{"peak", r.peak, std::nullopt, "FLOP/s"}, Binding{"u", 0.35, 0.55}},
                                   mode));
        const Binding h{"h", out.hours.back().get()};
        out.costs.push_back(recipe("h * price * 1 USD/hour", {h, Binding{"price", 2.0, 3.0}}, mode, "USD"));
        out.days.push_back(recipe("h / gpus", {h, Binding{"gpus", 2048.0}}, mode, "day"));
    }
    return out;
}

std::vector<Binding> terms(const std::vector<RecipeRef>& recipes) {
    std::vector<Binding> out;
    for (const RecipeRef& r : recipes) out.push_back(Binding{"term", r.get()});
    return out;
}

// One chain read in both readings equals the two-chain plan to every digit.
TEST(OneChain, ReadInBothReadingsEqualsTheTwoChainPlanToEveryDigit) {
    using Step = std::vector<RecipeRef> Chain::*;
    const Step steps[] = {&Chain::hours, &Chain::costs, &Chain::days};
    const Chain bounds = chain(Mode::bounds);
    const Chain ninety = chain(dist());
    for (std::size_t k = 0; k < bounds.costs.size(); ++k) {
        for (const auto step : steps) {
            const Recipe& b = *(bounds.*step)[k];
            const Recipe& d = *(ninety.*step)[k];
            expect_same_digits(result(evaluate(b, dist())), result(evaluate(d)), "the 90% reading of a bounds result");
            expect_same_digits(result(evaluate(d, Mode::bounds)), result(evaluate(b)), "the bounds of a 90% result");
        }
    }
    for (const auto step : steps) {
        expect_same_digits(result(sum(terms(bounds.*step), EvaluationOptions{dist()})),
                           result(sum(terms(ninety.*step), EvaluationOptions{dist()})), "a 90% total");
        expect_same_digits(result(sum(terms(ninety.*step), EvaluationOptions{Mode::bounds})),
                           result(sum(terms(bounds.*step), EvaluationOptions{Mode::bounds})), "a bounds total");
    }
    // The percentiles beyond the three printed ones come from the same evaluation too.
    const Quantity a = result(evaluate(*bounds.costs[0], dist()));
    const Quantity b = result(evaluate(*ninety.costs[0]));
    ASSERT_TRUE(a.spread && b.spread);
    EXPECT_EQ(a.spread->mean(), b.spread->mean());
    EXPECT_EQ(a.spread->quantile(0.01), b.spread->quantile(0.01));
}

// A name used in two results is one unknown in whatever reading the results are read: 3a - 2b with a = 2u and
// b = 3u (both made as bounds) is exactly 0 in the 90% reading, where two independent u would spread it.
TEST(OneChain, InputsSharedAcrossResultsStayOneUnknownInTheOtherReading) {
    const RecipeRef a = recipe("u * 2", {Binding{"u", 0.3, 0.5}}, Mode::bounds);
    const RecipeRef b = recipe("u * 3", {Binding{"u", 0.3, 0.5}}, Mode::bounds);
    const std::vector<Binding> both{Binding{"a", a.get()}, Binding{"b", b.get()}};
    const Quantity zero = result(evaluate("3 * a - 2 * b", both, EvaluationOptions{dist()}));
    EXPECT_NEAR(zero.low, 0, 1e-12);
    EXPECT_NEAR(zero.high, 0, 1e-12);
    // And a itself in the 90% reading: 2u, u lognormal with 5th and 95th percentiles 0.3 and 0.5.
    const Quantity twice = result(evaluate(*a, dist()));
    EXPECT_NEAR(twice.central, 2 * std::sqrt(0.3 * 0.5), 1e-12);
    EXPECT_NEAR(twice.low, 0.6, 1e-12);
    EXPECT_NEAR(twice.high, 1.0, 1e-12);
}

// What a reading cannot read is refused with the evaluation's own sentence, never read as something else: a 90%
// interval typed as printed, or a normal(...), in a result read for guaranteed bounds.
TEST(OneChain, ARecipeTheReadingCannotReadIsRefusedWithASentence) {
    const RecipeRef printed = recipe("x * 2", {Binding{"x", std::string_view("25 [90%: 10, 40] min")}}, dist());
    const auto bounds = evaluate(*printed, Mode::bounds);
    ASSERT_FALSE(bounds) << bounds->central;
    EXPECT_EQ(bounds.error().kind, ErrorKind::mixed_readings);
    EXPECT_NE(bounds.error().message.find("90%:"), std::string::npos) << bounds.error().message;
    const RecipeRef normal = recipe("normal(10, 2) * 1 min", {}, dist());
    const auto refused = evaluate(*normal, Mode::bounds);
    ASSERT_FALSE(refused) << refused->central;
    EXPECT_FALSE(refused.error().message.empty());
    // Read in its own reading it is what it was.
    EXPECT_NEAR(result(evaluate(*printed)).central, 2 * 25 * 60, 1e-9);
}

}  // namespace

namespace sheet {
namespace {

using Args = std::vector<Arg>;
const Arg none{};

using ballpark::testing::row;
using ballpark::testing::column;

std::string text_of(const Result<std::string>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : std::string{};
}

std::string shown(const std::string& text) { return std::string(split_key(text).shown); }

double value_of(const Result<double>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : NAN;
}

const std::string hours_expr = "6 FLOP * p * t / (312 TFLOP/s * u) as hour";
Args hours_pairs(double tokens_low, double tokens_high) {
    return {std::string("p"), 70e9, std::string("t"), row({tokens_low, tokens_high}), std::string("u"), row({0.35, 0.55})};
}

// One run's hours and cost, made with QTY (every) or QTYDIST (every).
struct Cells2 {
    std::string hours, cost;
};
Cells2 run(bool ninety, double tokens_low, double tokens_high) {
    const auto make = ninety ? qty_dist : qty;
    Cells2 c;
    c.hours = text_of(make(hours_expr, none, hours_pairs(tokens_low, tokens_high)));
    c.cost = text_of(make(std::string("h * price * 1 USD/hour"), std::string("USD"),
                          Args{std::string("h"), c.hours, std::string("price"), row({2.0, 3.0})}));
    return c;
}

const char* const parts[] = {"p5", "median", "p95", "mean", "p1", "p99", "low", "central", "high"};

void expect_same_numbers(const std::string& a, const std::string& b, const std::string& unit) {
    for (const char* part : parts) {
        const auto x = qty_value(a, unit, std::string(part), {});
        const auto y = qty_value(b, unit, std::string(part), {});
        ASSERT_TRUE(x && y) << part << ": " << (x ? y.error().sentence() : x.error().sentence());
        EXPECT_EQ(*x, *y) << part;
    }
}

TEST(OneChainInCalc, QtydistOfAQtyResultIsTheNinetyPercentReadingOfItsRecipe) {
    const Cells2 one = run(false, 1.8e12, 2.2e12);
    const Cells2 two = run(true, 1.8e12, 2.2e12);
    // QTYDIST(cost cell) of the QTY chain shows what the QTYDIST chain's cost cell shows, and reads the same.
    const std::string read = text_of(qty_dist(one.cost, std::string("USD"), {}));
    EXPECT_EQ(shown(read), shown(two.cost));
    expect_same_numbers(read, two.cost, "USD");
    // With no unit, in the unit the cell asked for (the cost cells asked for USD).
    EXPECT_EQ(shown(text_of(qty_dist(one.cost, none, {}))), shown(two.cost));
    EXPECT_EQ(shown(text_of(qty(two.cost, none, {}))), shown(one.cost));
    // QTYVALUE of the QTY cell with a percentile part: no QTYDIST needed.
    for (const char* part : {"p5", "median", "p95", "mean"}) {
        EXPECT_EQ(value_of(qty_value(one.cost, std::string("USD"), std::string(part), {})),
                  value_of(qty_value(two.cost, std::string("USD"), std::string(part), {})))
            << part;
    }
    // A result with no range (a FLOP count) reads in the 90% reading as the number it is.
    const std::string flop = text_of(qty(std::string("6 FLOP * 70 billion * 2 trillion"), none, {}));
    EXPECT_EQ(shown(text_of(qty_dist(flop, none, {}))), shown(text_of(qty(flop, none, {}))));
    EXPECT_DOUBLE_EQ(value_of(qty_value(flop, std::string("FLOP"), std::string("p95"), {})), 8.4e23);
    // The other way: a QTYDIST result read for low and high gives the guaranteed bounds of its recipe, and QTY of it
    // the QTY chain's text.
    EXPECT_EQ(shown(text_of(qty(two.cost, std::string("USD"), {}))), shown(one.cost));
    const double low = 6 * 70e9 * 1.8e12 / (312e12 * 0.55) / 3600 * 2;
    const double high = 6 * 70e9 * 2.2e12 / (312e12 * 0.35) / 3600 * 3;
    EXPECT_NEAR(value_of(qty_value(two.cost, std::string("USD"), std::string("low"), {})) / low, 1, 1e-12);
    EXPECT_NEAR(value_of(qty_value(two.cost, std::string("USD"), std::string("high"), {})) / high, 1, 1e-12);
}

TEST(OneChainInCalc, QtysumTotalsOneChainInEitherReading) {
    const Cells2 a = run(false, 1.8e12, 2.2e12), b = run(false, 13.5e12, 16.5e12);
    const Cells2 c = run(true, 1.8e12, 2.2e12), d = run(true, 13.5e12, 16.5e12);
    const Cells qty_costs = column({a.cost, b.cost}), dist_costs = column({c.cost, d.cost});
    // The reading asked; the two-chain total (QTYDIST cells, their own reading) is the independent figure.
    const std::string ninety = text_of(qty_sum(qty_costs, std::string("USD"), std::string("90%")));
    const std::string two_chain = text_of(qty_sum(dist_costs, std::string("USD")));
    EXPECT_EQ(shown(ninety), shown(two_chain));
    EXPECT_NE(shown(ninety).find("[90%: "), std::string::npos) << shown(ninety);
    expect_same_numbers(ninety, two_chain, "USD");
    const std::string bounds = text_of(qty_sum(dist_costs, std::string("USD"), std::string("bounds")));
    expect_same_numbers(bounds, text_of(qty_sum(qty_costs, std::string("USD"))), "USD");
    // Every word of a row's reading names it, case aside: its label, name, aliases and sheet function.
    for (const char* word : {"dist", "DISTRIBUTION", "QTYDIST"}) {
        EXPECT_EQ(shown(text_of(qty_sum(qty_costs, std::string("USD"), std::string(word)))), shown(ninety)) << word;
    }
    EXPECT_EQ(shown(text_of(qty_sum(dist_costs, std::string("USD"), std::string("QTY")))), shown(bounds));
    // Without the argument, cells of two readings are refused, with the argument to give.
    const auto mixed = qty_sum(column({a.cost, d.cost}), std::string("USD"));
    ASSERT_FALSE(mixed) << shown(*mixed);
    EXPECT_EQ(mixed.error().kind, ErrorKind::mixed_readings);
    EXPECT_NE(calc_sentence(mixed.error()).find("\"90%\""), std::string::npos) << calc_sentence(mixed.error());
    EXPECT_TRUE(qty_sum(column({a.cost, d.cost}), std::string("USD"), std::string("90%")));
    // A reading that is none is a sentence that lists the words; one no sheet computes in is none.
    for (const char* word : {"75%", "interval"}) {
        const auto wrong = qty_sum(qty_costs, std::string("USD"), std::string(word));
        ASSERT_FALSE(wrong) << word;
        EXPECT_EQ(wrong.error().kind, ErrorKind::argument);
        EXPECT_NE(calc_sentence(wrong.error()).find("\"bounds\""), std::string::npos) << calc_sentence(wrong.error());
        EXPECT_NE(calc_sentence(wrong.error()).find("\"90%\""), std::string::npos) << calc_sentence(wrong.error());
    }
    // Through the table, as Calc calls it: two arguments (a sheet saved before the reading existed) and three.
    const SheetFunction* sum_row = nullptr;
    for (const SheetFunction& f : sheet_function_table()) {
        if (f.name == "QTYSUM") sum_row = &f;
    }
    ASSERT_NE(sum_row, nullptr);
    ASSERT_EQ(sum_row->fixed(), 3u);
    const Arg old_call[] = {dist_costs, std::string("USD"), none};
    const auto old_total = sum_row->run(std::span<const Arg>(old_call));
    ASSERT_TRUE(old_total) << old_total.error().sentence();
    EXPECT_EQ(shown(std::get<std::string>(*old_total)), shown(two_chain));
}

TEST(OneChainInCalc, AResultReadInAReadingItsRecipeCannotGiveIsASentence) {
    // A QTYDIST cell computed from a 90% interval typed as printed has no guaranteed bounds to give.
    const std::string d = text_of(qty_dist(std::string("x * 2"), none, Args{std::string("x"), std::string("25 [90%: 10, 40] min")}));
    const auto low = qty_value(d, std::string("min"), std::string("low"), {});
    ASSERT_FALSE(low);
    EXPECT_EQ(low.error().kind, ErrorKind::mixed_readings);
    EXPECT_FALSE(calc_sentence(low.error()).empty());
    EXPECT_NEAR(value_of(qty_value(d, std::string("min"), std::string("median"), {})), 50, 1e-9);
}

// The 90% tornado: each input from its 5th to its 95th percentile with the others at their medians. For a product
// of independent lognormal inputs x y with x = 1 to 4 and y = 10 to 90 as 90% intervals, the medians are 2 and 30,
// so x's bar runs from 1 * 30 to 4 * 30 (swing 90) and y's from 2 * 10 to 2 * 90 (swing 160).
TEST(NinetyPercentTornado, AQtyResultReadInTheNinetyPercentReadingHasClosedFormBars) {
    const Args inputs{std::string("x"), row({1.0, 4.0}), std::string("y"), row({10.0, 90.0})};
    const std::string bounds = text_of(qty(std::string("x * y"), none, inputs));
    const std::string ninety = text_of(qty_dist(bounds, none, {}));
    const Args d{std::string("d"), ninety};
    EXPECT_EQ(text_of(qty_top(std::string("d"), 1.0, d)), "y");
    EXPECT_EQ(text_of(qty_top(std::string("d"), 2.0, d)), "x");
    EXPECT_NEAR(value_of(qty_swing(std::string("d"), std::string("y"), none, none, d)), 160, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("d"), std::string("y"), std::string("low"), none, d)), 20, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("d"), std::string("x"), std::string("high"), none, d)), 120, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("d"), std::string("x"), none, none, d)), 90, 1e-9);
    // The same result in bounds: each input between its ends with the other at its midpoint (x 2.5, y 50).
    const Args b{std::string("b"), bounds};
    EXPECT_NEAR(value_of(qty_swing(std::string("b"), std::string("y"), none, none, b)), 80 * 2.5, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("b"), std::string("x"), none, none, b)), 3 * 50, 1e-9);
}

// The same bars as the command line's tornado in the 90% reading (a Session in `mode dist`, the `tornado` line).
TEST(NinetyPercentTornado, AgreesWithTheCommandLinesTornadoInTheNinetyPercentReading) {
    Session session;
    ASSERT_TRUE(session.run("mode dist"));
    ASSERT_TRUE(session.run("x = 1 to 4"));
    ASSERT_TRUE(session.run("y = 10 to 90"));
    const auto cli = session.tornado("x * y");
    ASSERT_TRUE(cli) << cli.error().sentence();
    const std::string bounds = text_of(qty(std::string("x * y"), none, Args{std::string("x"), row({1.0, 4.0}), std::string("y"), row({10.0, 90.0})}));
    const Args d{std::string("d"), text_of(qty_dist(bounds, none, {}))};
    ASSERT_EQ(cli->bars.size(), 2u);
    for (std::size_t k = 0; k < cli->bars.size(); ++k) {
        EXPECT_EQ(text_of(qty_top(std::string("d"), double(k + 1), d)), cli->bars[k].input);
        EXPECT_NEAR(value_of(qty_swing(std::string("d"), double(k + 1), std::string("low"), none, d)), cli->bars[k].at_low.central, 1e-9);
        EXPECT_NEAR(value_of(qty_swing(std::string("d"), double(k + 1), std::string("high"), none, d)), cli->bars[k].at_high.central, 1e-9);
    }
    // A QTYDIST and a QTY result in one tornado: refused, with the way to read both at 90%.
    const auto mixed = qty_top(std::string("d + b"), 1.0, Args{std::string("d"), std::get<std::string>(d[1]), std::string("b"), bounds});
    ASSERT_FALSE(mixed);
    EXPECT_EQ(mixed.error().kind, ErrorKind::mixed_readings);
    EXPECT_NE(calc_sentence(mixed.error()).find("QTYDIST(cell)"), std::string::npos) << calc_sentence(mixed.error());
}

// The 90% total of one chain of QTY cells (QTYSUM with "90%"), whose tornado reads through the total to the inputs
// every run shares: total = price * (h1(t1) + h2(t2)) / u with h_k = 6 p_k t_k / peak / 3600 s, so with the others at
// their medians (the geometric means of the ends, each input lognormal) the bars are closed forms.
TEST(NinetyPercentTornado, TheNinetyPercentTotalOfOneChainRanksItsSharedInputs) {
    const Cells2 a = run(false, 1.8e12, 2.2e12), b = run(false, 13.5e12, 16.5e12);
    const std::string total = text_of(qty_sum(column({a.cost, b.cost}), std::string("USD"), std::string("90%")));
    const Args t{std::string("c"), total};
    const auto median = [](double lo, double hi) { return std::sqrt(lo * hi); };
    const auto h = [](double tokens, double u) { return 6 * 70e9 * tokens / (312e12 * u) / 3600; };
    const double u = median(0.35, 0.55), price = median(2, 3);
    const double t1 = median(1.8e12, 2.2e12), t2 = median(13.5e12, 16.5e12);
    const double swing_u = price * (h(t1, 0.35) + h(t2, 0.35) - h(t1, 0.55) - h(t2, 0.55));
    const double swing_price = (3 - 2) * (h(t1, u) + h(t2, u));
    const double swing_t2 = price * (h(16.5e12, u) - h(13.5e12, u));
    const double swing_t1 = price * (h(2.2e12, u) - h(1.8e12, u));
    ASSERT_GT(swing_u, swing_price);
    ASSERT_GT(swing_price, swing_t2);
    ASSERT_GT(swing_t2, swing_t1);
    EXPECT_EQ(text_of(qty_top(std::string("c"), 1.0, t)), "u");
    EXPECT_EQ(text_of(qty_top(std::string("c"), 2.0, t)), "price");
    EXPECT_NEAR(value_of(qty_swing(std::string("c"), 1.0, none, std::string("USD"), t)) / swing_u, 1, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("c"), 2.0, none, std::string("USD"), t)) / swing_price, 1, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("c"), 3.0, none, std::string("USD"), t)) / swing_t2, 1, 1e-9);
    EXPECT_NEAR(value_of(qty_swing(std::string("c"), 4.0, none, std::string("USD"), t)) / swing_t1, 1, 1e-9);
    // The same from the two-chain plan's total (QTYDIST cells), as before.
    const Cells2 c = run(true, 1.8e12, 2.2e12), d = run(true, 13.5e12, 16.5e12);
    const Args two{std::string("c"), text_of(qty_sum(column({c.cost, d.cost}), std::string("USD")))};
    EXPECT_NEAR(value_of(qty_swing(std::string("c"), 1.0, none, std::string("USD"), two)) / swing_u, 1, 1e-9);
}

}  // namespace
}  // namespace sheet
}  // namespace ballpark
