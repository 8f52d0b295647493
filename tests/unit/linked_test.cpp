// Results that keep how they were computed (ballpark/linked.hpp): a plan built one result per step gives what one
// formula over every input gives, checked against exact bounds and a Monte Carlo computed here.
#include "ballpark/linked.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "testing.hpp"

namespace ballpark {
namespace {

Mode dist() { return distribution_mode(); }

RecipeRef recipe(std::string_view expression, std::vector<Binding> bindings, Mode mode = Mode::bounds,
                 std::string_view unit = {}) {
    auto made = expression_recipe(expression, bindings, unit, mode);
    EXPECT_TRUE(made) << made.error().sentence();
    return RecipeStore::instance().remember(*made);
}

Quantity value_of(std::string_view expression, std::vector<Binding> bindings, Mode mode = Mode::bounds) {
    EvaluationOptions options;
    options.mode = mode;
    auto q = evaluate(expression, bindings, options);
    EXPECT_TRUE(q) << q.error().sentence();
    return q ? *q : Quantity{};
}

using namespace testing::quarter;

// A quarter's plan of three training runs (reference_models.hpp) built one result per step: each run's hours, then
// its cost from them.
const PlanRun runs[] = {{70e9, 1.8e12, 2.2e12, 312e12}, {8e9, 10e12, 15e12, 989e12}, {405e9, 12e12, 16e12, 989e12}};

struct Plan {
    std::vector<RecipeRef> hours, costs;
};

Plan plan(Mode mode) {
    Plan out;
    for (const PlanRun& r : runs) {
        out.hours.push_back(recipe("6 FLOP * p * t / (peak * u) as hour",
                                   {Binding{"p", r.params}, Binding{"t", r.tokens_low, r.tokens_high},
                                    Binding{"peak", r.peak, std::nullopt, "FLOP/s"}, Binding{"u", u_low, u_high}},
                                   mode));
        out.costs.push_back(recipe("h * price * 1 USD/hour",
                                   {Binding{"h", out.hours.back().get()}, Binding{"price", price_low, price_high}}, mode,
                                   "USD"));
    }
    return out;
}

// The cost is increasing in each t and in the price and decreasing in u, so its exact bounds are at the corners.
double exact_total(bool low) { return corner_total(runs, low); }

std::vector<Binding> terms_of(const std::vector<RecipeRef>& recipes) {
    std::vector<Binding> terms;
    for (std::size_t k = 0; k < recipes.size(); ++k) {
        static const char* names[] = {"a", "b", "c", "d"};
        terms.push_back(Binding{names[k], recipes[k].get()});
    }
    return terms;
}

void expect_tight_bounds(const Quantity& q) {
    const double low = exact_total(true), high = exact_total(false);
    // Guaranteed: never inside the exact bounds; tight: within 0.5% of them.
    EXPECT_LE(q.low, low);
    EXPECT_GE(q.high, high);
    EXPECT_GT(q.low, low * (1 - 0.005));
    EXPECT_LT(q.high, high * (1 + 0.005));
}

TEST(Linked, ATotalOfResultsHasTheExactBoundsOfTheInputsTheyShare) {
    const Plan p = plan(Mode::bounds);
    expect_tight_bounds(value_of("a + b + c", terms_of(p.costs)));
    auto summed = sum(terms_of(p.costs));
    ASSERT_TRUE(summed) << summed.error().sentence();
    expect_tight_bounds(*summed);
}

TEST(Linked, ResultsReadAsPrintedTextsWouldBeTooWide) {
    // The same total from the costs' printed texts: every text a new input, widened by half its last digit. This is
    // what a sheet did before results kept their recipes, and why they keep them.
    const Plan p = plan(Mode::bounds);
    std::vector<std::string> texts;
    for (const RecipeRef& c : p.costs) texts.push_back(format(*evaluate(*c)));
    std::vector<Binding> terms;
    for (const std::string& t : texts) terms.push_back(Binding{"cell", std::string_view(t)});
    const auto q = sum(terms);
    ASSERT_TRUE(q);
    // Measured: 0.8% below the exact low end and 4.9% above the exact high end.
    EXPECT_LT(q->low, exact_total(true) * 0.995);
    EXPECT_GT(q->high, exact_total(false) * 1.03);
}

TEST(Linked, AChainOfStepsKeepsTheExactBounds) {
    // cost × 1.1 × 1.05 ÷ 3 × 12, one step per result: exactly the cost's bounds scaled by 4.62.
    const Plan p = plan(Mode::bounds);
    RecipeRef step = p.costs[0];
    for (const char* expression : {"x * 1.1", "x * 1.05", "x / 3", "x * 12"}) step = recipe(expression, {Binding{"x", step.get()}});
    const Quantity cost = *evaluate(*p.costs[0]);
    const Quantity last = *evaluate(*step);
    const double scale = 1.1 * 1.05 / 3 * 12;
    EXPECT_NEAR(last.low / (cost.low * scale), 1, 1e-12);
    EXPECT_NEAR(last.high / (cost.high * scale), 1, 1e-12);
}

TEST(Linked, AResultUsedTwiceIsOneInputAndSoIsAnInputTwoResultsShare) {
    const RecipeRef twice = recipe("u * 2", {Binding{"u", 0.3, 0.5}});
    const RecipeRef thrice = recipe("u * 3", {Binding{"u", 0.3, 0.5}});
    for (Mode mode : {Mode::bounds, dist()}) {
        const RecipeRef a = mode == Mode::bounds ? twice : recipe("u * 2", {Binding{"u", 0.3, 0.5}}, mode);
        const RecipeRef b = mode == Mode::bounds ? thrice : recipe("u * 3", {Binding{"u", 0.3, 0.5}}, mode);
        const Quantity zero = value_of("3 * a - 2 * b", {Binding{"a", a.get()}, Binding{"b", b.get()}}, mode);
        EXPECT_NEAR(zero.low, 0, 1e-12) << mode_name(mode);
        EXPECT_NEAR(zero.high, 0, 1e-12) << mode_name(mode);
        const Quantity same = value_of("a - a", {Binding{"a", a.get()}}, mode);
        EXPECT_NEAR(same.high - same.low, 0, 1e-12) << mode_name(mode);
    }
}

TEST(Linked, InputsOfOtherNamesOrContentsStayIndependent) {
    // x and y hold the same range under two names: two unknowns, so x - y spans [-1, 1].
    const RecipeRef x = recipe("x", {Binding{"x", 1.0, 2.0}});
    const RecipeRef y = recipe("y", {Binding{"y", 1.0, 2.0}});
    const Quantity d = value_of("a - b", {Binding{"a", x.get()}, Binding{"b", y.get()}});
    EXPECT_NEAR(d.low, -1, 1e-9);
    EXPECT_NEAR(d.high, 1, 1e-9);
    // A range written in an expression is a new input each time the expression is written, as in one formula.
    const RecipeRef r1 = recipe("(1 to 2) * 1", {});
    const RecipeRef r2 = recipe("(1 to 2) * 1 + 0", {});
    const Quantity e = value_of("a - b", {Binding{"a", r1.get()}, Binding{"b", r2.get()}});
    EXPECT_NEAR(e.low, -1, 1e-9);
    // 1 Hz and 1 rad/s are one dimension with the same number, but count cycles and angle: two contents.
    const auto hz = unit_quantity("Hz");
    const auto rad_per_s = unit_quantity("rad/s");
    ASSERT_TRUE(hz && rad_per_s);
    EXPECT_NE(recipe_key(*recipe("f", {Binding{"f", &*hz}})), recipe_key(*recipe("f", {Binding{"f", &*rad_per_s}})));
}

// The 90% reading's total against a Monte Carlo of the same model with the shared inputs drawn once per trial: each
// `a to b` a lognormal with those 5th and 95th percentiles.
TEST(Linked, ADistributionTotalAgreesWithAMonteCarloOverTheSharedInputs) {
    const Plan p = plan(dist());
    const auto total = sum(terms_of(p.costs), EvaluationOptions{dist()});
    ASSERT_TRUE(total) << total.error().sentence();
    constexpr int trials = 1'000'000;
    const std::vector<double> totals = monte_carlo_totals(runs, 20261201, trials);
    EXPECT_NEAR(total->low / totals[trials / 20], 1, 0.01);
    EXPECT_NEAR(total->central / totals[trials / 2], 1, 0.01);
    EXPECT_NEAR(total->high / totals[trials - trials / 20], 1, 0.01);
}

TEST(Linked, TheSameDigitsWhateverOrderTheResultsWereMadeIn) {
    RecipeStore::instance().clear();
    const Plan first = plan(dist());
    const Quantity a = *sum(terms_of(first.costs), EvaluationOptions{dist()});
    RecipeStore::instance().clear();
    // The runs in reverse order, each cost made right after its hours.
    std::vector<RecipeRef> costs(3);
    for (int k = 2; k >= 0; --k) {
        const PlanRun& r = runs[k];
        const RecipeRef h = recipe("6 FLOP * p * t / (peak * u) as hour",
                                   {Binding{"p", r.params}, Binding{"t", r.tokens_low, r.tokens_high},
                                    Binding{"peak", r.peak, std::nullopt, "FLOP/s"}, Binding{"u", u_low, u_high}},
                                   dist());
        costs[k] = recipe("h * price * 1 USD/hour", {Binding{"h", h.get()}, Binding{"price", price_low, price_high}}, dist(), "USD");
    }
    const Quantity b = *sum(terms_of(costs), EvaluationOptions{dist()});
    EXPECT_EQ(a.low, b.low);
    EXPECT_EQ(a.central, b.central);
    EXPECT_EQ(a.high, b.high);
}

TEST(Linked, ACorrelationKeptByOneResultAppliesToEveryUseOfItsInputsInEitherOrder) {
    // Two runs over one u (25% to 60%) and one price (2 to 4), lognormals; the first states their rank correlation
    // 0.5. The total is 3000 * price / u, whose 95th percentile is closed form (reference_models.hpp).
    const double truth = testing::price_over_u::p95(3000, 0.5);
    const RecipeRef stated = recipe("1000 * price / u", {Binding{"u", 0.25, 0.6}, Binding{"price", 2.0, 4.0},
                                                          Binding{"correlation", std::string_view("u, price: 0.5")}},
                                    dist());
    const RecipeRef plain = recipe("2000 * price / u", {Binding{"u", 0.25, 0.6}, Binding{"price", 2.0, 4.0}}, dist());
    for (const auto& [a, b] : {std::pair{stated, plain}, std::pair{plain, stated}}) {
        const std::vector<Binding> terms{Binding{"a", a.get()}, Binding{"b", b.get()}};
        const auto total = sum(terms, EvaluationOptions{dist()});
        ASSERT_TRUE(total) << total.error().sentence();
        EXPECT_THAT(total->high, testing::RelativelyNear(truth, 1e-9));
        EXPECT_THAT(value_of("a + b", terms, dist()).high, testing::RelativelyNear(truth, 1e-9));
    }
    // A second result that states the pair otherwise is refused, in either order, naming both statements.
    const RecipeRef other = recipe("2000 * price / u", {Binding{"u", 0.25, 0.6}, Binding{"price", 2.0, 4.0},
                                                         Binding{"correlation", std::string_view("u, price: -0.5")}},
                                   dist());
    for (const auto& [a, b] : {std::pair{stated, other}, std::pair{other, stated}}) {
        const std::vector<Binding> terms{Binding{"a", a.get()}, Binding{"b", b.get()}};
        for (const Mode mode : {dist(), Mode::bounds}) {
            const auto total = sum(terms, EvaluationOptions{mode});
            ASSERT_FALSE(total);
            EXPECT_NE(total.error().message.find("\"u, price: 0.5\""), std::string::npos) << total.error().message;
            EXPECT_NE(total.error().message.find("\"u, price: -0.5\""), std::string::npos) << total.error().message;
        }
    }
}

TEST(Linked, AResultIsReadAtFullPrecision) {
    // A third printed is "0.333"; read as the result it is exactly a third, so three of it are 1.
    const RecipeRef third = recipe("1 / 3", {});
    const Quantity one = value_of("x * 3", {Binding{"x", third.get()}});
    EXPECT_NEAR(one.central, 1, 1e-15);
    EXPECT_NEAR(one.high - one.low, 0, 1e-15);
}

// A result is its recipe, evaluated again in the reading asked, whatever mode it was made in. Where no reading is
// asked (mode_of_links), results of two modes are refused.
TEST(Linked, AResultIsReadInTheReadingAskedAndItsOwnWhereNoneIs) {
    const RecipeRef d = recipe("x", {Binding{"x", 1.0, 2.0}}, dist());
    const Binding b{"h", d.get()};
    const Quantity twice = value_of("h * 2", {b});
    EXPECT_EQ(twice.low, 2);
    EXPECT_EQ(twice.central, 3);
    EXPECT_EQ(twice.high, 4);
    const RecipeRef bounds = recipe("x", {Binding{"x", 1.0, 2.0}});
    const std::vector<Binding> mixed{Binding{"a", d.get()}, Binding{"b", bounds.get()}};
    const auto m = mode_of_links(mixed, Mode::bounds);
    ASSERT_FALSE(m);
    EXPECT_EQ(m.error().kind, ErrorKind::mixed_readings);
    EXPECT_EQ(*mode_of_links(std::span(&b, 1), Mode::bounds), dist());
}

TEST(Linked, AChainDeeperThanTheLimitIsRefusedWithASentence) {
    RecipeRef step = recipe("1 to 2", {});
    for (int k = 1; k < max_recipe_depth; ++k) step = recipe("x + 1", {Binding{"x", step.get()}});
    const Quantity deep = *evaluate(*step);
    EXPECT_NEAR(deep.low, max_recipe_depth, 1e-9);
    const Binding b{"x", step.get()};
    const auto refused = expression_recipe("x + 1", std::span(&b, 1), {}, Mode::bounds);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().sentence().find("at most " + std::to_string(max_recipe_depth)), std::string::npos);
}

TEST(RecipeStore, KeepsOneRecipePerContentAndForgetsTheLeastRecentPastItsLimit) {
    RecipeStore store;
    // A content no other test makes: make_recipe returns a recipe the process's own store holds by its content, and
    // this store would not keep a recipe that store holds, so the test must not depend on which tests ran before.
    const Binding u{"store_test_u", 0.3, 0.5};
    const RecipeRef a = store.remember(*expression_recipe("store_test_u * 2", std::span(&u, 1), {}, Mode::bounds));
    const RecipeRef again = store.remember(*expression_recipe("store_test_u * 2", std::span(&u, 1), {}, Mode::bounds));
    EXPECT_EQ(a.get(), again.get());
    const RecipeRef other = store.remember(*expression_recipe("store_test_u * 2", std::span(&u, 1), {}, dist()));
    EXPECT_NE(recipe_key(*a), recipe_key(*other));
    EXPECT_EQ(store.size(), 2u);
    EXPECT_EQ(store.recall(recipe_key(*a)).get(), a.get());  // now the most recent
    store.set_byte_limit(store.bytes() - 1);                  // room for one
    EXPECT_EQ(store.size(), 1u);
    EXPECT_EQ(store.recall(recipe_key(*a)).get(), a.get());
    EXPECT_EQ(store.recall(recipe_key(*other)), nullptr);
    // A forgotten recipe still evaluates for whoever holds it.
    EXPECT_TRUE(evaluate(*other));
}

TEST(KeyedText, TheKeyFollowsTheTextInvisiblyAndReadsBack) {
    for (std::uint64_t key : {std::uint64_t{0}, std::uint64_t{1}, ~std::uint64_t{0}, std::uint64_t{0x0123456789abcdef}}) {
        const std::string text = with_key("1.7 [1.4, 2.1] million hour", key);
        const KeyedText read = split_key(text);
        EXPECT_EQ(read.shown, "1.7 [1.4, 2.1] million hour");
        ASSERT_TRUE(read.key);
        EXPECT_EQ(*read.key, key);
    }
    EXPECT_FALSE(split_key("1.7 [1.4, 2.1] million hour").key);
    EXPECT_FALSE(split_key("").key);
    // A key whose last character is not a variation selector is no key, and the text is unchanged.
    std::string broken = with_key("x", 5);
    broken.back() = '\x90';
    EXPECT_FALSE(split_key(broken).key);
    EXPECT_EQ(split_key(broken).shown, broken);
}

// What Calc's text functions make of a result (B10 ="2 * "&A10, SUBSTITUTE, LEFT, a key moved after another text)
// shows something else than the result, so it carries no key: it reads as it shows.
TEST(KeyedText, AKeyCountsOnlyForTheExactTextItWasMadeFor) {
    const std::string result = "1.7 [1.4, 2.1] million hour";
    const std::string keyed = with_key(result, 0x0123456789abcdef);
    const std::string key_part = keyed.substr(result.size());
    const auto read_as_shown = [](const std::string& text, std::string_view shown) {
        const KeyedText read = split_key(text);
        EXPECT_FALSE(read.key) << text;
        EXPECT_TRUE(read.marked) << text;
        EXPECT_EQ(read.shown, shown);
    };
    read_as_shown("2 * " + keyed, "2 * " + result);
    read_as_shown("1.7 [1.4, 2.1] thousand hour" + key_part, "1.7 [1.4, 2.1] thousand hour");
    read_as_shown("1.7 [1.4, 2.1] million hours" + key_part, "1.7 [1.4, 2.1] million hours");
    read_as_shown("2 hour" + key_part, "2 hour");
    read_as_shown(" " + keyed, " " + result);
    // The same text again is the result, whichever formula copied it (=A10&"", =TRIM(A10)).
    EXPECT_EQ(split_key(std::string(keyed)).key, std::uint64_t{0x0123456789abcdef});
    // Every one-character change of a text keeps no key: a check that let one pass would make it read as the result.
    std::mt19937_64 random(20261204);
    const std::string letters = "0123456789 .,[]×⁶abcdefghijklmnopqrstuvwxyz";
    for (int trial = 0; trial < 20000; ++trial) {
        std::string changed = result;
        const std::size_t at = random() % changed.size();
        const char by = letters[random() % letters.size()];
        if (changed[at] == by) continue;
        changed[at] = by;
        EXPECT_FALSE(split_key(changed + key_part).key) << changed;
    }
}

TEST(KeyedText, AKeyOfAnEarlierVersionHasNoCheckAndReadsAsTheTextShows) {
    // U+2060 and sixteen variation selectors, as results were marked before the check.
    std::string old = "2 hour\u2060";
    for (int digit = 0; digit < 16; ++digit) old += std::string("\xEF\xB8") + static_cast<char>(0x80 + digit);
    const KeyedText read = split_key(old);
    EXPECT_FALSE(read.key);
    EXPECT_TRUE(read.marked);
    EXPECT_EQ(read.shown, "2 hour");
}

}  // namespace
}  // namespace ballpark
