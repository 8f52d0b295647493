// Unit tests of the public API (core/include/ballpark/api.hpp, core/src/api/): evaluate with bindings,
// convert, unit_quantity, express_in, value_in and parse_part; and that no input, however odd, makes any of
// them throw or crash: each returns an Error with a sentence instead.
#include <gtest/gtest.h>

#include <cmath>

#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "unit/reference_models.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

using enum BaseDimension;

const Dimension time_dim = Dimension::of(BaseDimension::time);
const Dimension compute_dim = Dimension::of(compute);

using testing::contains;

// --- evaluate and its bindings. ---

TEST(Api, EvaluatesAnExpression) {
    const auto q = evaluate("2 hour + 30 min");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 9000.0);
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_EQ(q->unit, nullptr);
}

TEST(Api, EvaluatesWithNumberBindings) {
    // 6 FLOP × 70e9 × 2e12 = 8.4e23 FLOP.
    const Binding bindings[] = {{"params", 70e9}, {"tokens", 2e12}};
    const auto q = evaluate("6 FLOP * params * tokens", bindings);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, compute_dim);
    EXPECT_DOUBLE_EQ(q->central, 8.4e23);
}

TEST(Api, EvaluatesWithTextBindingsThatCarryUnitsAndRanges) {
    // 8.4e23 FLOP / (312e12 FLOP/s × [0.35, 0.55]) in million hours: central 1.6619, bounds 1.3598 and 2.1368.
    const Binding bindings[] = {{"compute", std::string_view("8.4e23 FLOP")},
                                {"peak", std::string_view("312 TFLOP/s")},
                                {"utilization", std::string_view("35% to 55%")}};
    const auto q = evaluate("compute / (peak * utilization) as million hour", bindings);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_NEAR(q->low / 3.6e9, 1.35975, 1e-5);
    EXPECT_NEAR(q->central / 3.6e9, 1.66192, 1e-5);
    EXPECT_NEAR(q->high / 3.6e9, 2.13675, 1e-5);
    EXPECT_EQ(format(*q), "1.7 [1.4, 2.1] million hour {time}");
}

TEST(Api, NamesTheBindingWhoseTextCannotBeRead) {
    const Binding bindings[] = {{"peak", std::string_view("312 TFLOPz/s")}};
    const auto q = evaluate("1 FLOP / peak", bindings);
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error().message, "The value of \"peak\" (\"312 TFLOPz/s\") could not be read: Unknown unit"))
        << q.error().message;
    EXPECT_EQ(q.error().column, 0);
}

TEST(Api, RefusesAnAssignmentOutsideASession) {
    const auto q = evaluate("x = 3");
    ASSERT_FALSE(q);
    EXPECT_TRUE(contains(q.error().message, "defines a name")) << q.error().message;
}

TEST(Api, GivesTheSameAnswerForARepeatedTextFromItsCache) {
    const auto first = evaluate("312 TFLOP/s * 3 day");
    const auto second = evaluate("312 TFLOP/s * 3 day");
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->central, second->central);
    EXPECT_DOUBLE_EQ(first->central, 312e12 * 3 * 86400);
    // An error is not cached as a success, and comes back the same each time.
    EXPECT_FALSE(evaluate("3 hourz"));
    EXPECT_FALSE(evaluate("3 hourz"));
}

// --- convert, unit_quantity, express_in, value_in. ---

TEST(Api, ConvertsBetweenUnitStrings) {
    EXPECT_DOUBLE_EQ(*convert(1, "PFLOP/s*day", "FLOP"), 8.64e19);  // 1e15 × 86,400
    EXPECT_DOUBLE_EQ(*convert(90, "min", "hour"), 1.5);
    EXPECT_DOUBLE_EQ(*convert(2, "kWh", "MJ"), 7.2);
}

// One rule with `as`: rpm and Hz count cycles (60 rpm is 1 Hz, as numbat, mathjs and Qalculate read it), and a
// conversion between cycles and an angle is refused with the same sentence `as` gives.
TEST(Api, ConvertsRpmAsCyclesAndRefusesCyclesAsAnglesLikeAs) {
    EXPECT_DOUBLE_EQ(*convert(60, "rpm", "Hz"), 1);
    EXPECT_DOUBLE_EQ(*convert(1, "rad/s", "deg/s"), 180 / std::numbers::pi);  // GNU units: 57.29578
    for (const auto& [from, to] : {std::pair{"rpm", "rad/s"}, std::pair{"Hz", "deg/s"}, std::pair{"turn/s", "Hz"},
                                   std::pair{"rad/s", "rpm"}}) {
        const auto r = convert(60, from, to);
        ASSERT_FALSE(r) << from << " to " << to << " gave " << *r;
        const auto as = evaluate(std::string("60 ") + from + " as " + to);
        ASSERT_FALSE(as) << from << " as " << to;
        const std::string said = r.error().message, rule = as.error().message;
        // The same sentence after the part that names the conversion.
        EXPECT_EQ(said.substr(said.find(" turns ")), rule.substr(rule.find(" turns "))) << said;
        EXPECT_EQ(r.error().hint, as.error().hint);
    }
}

// What a target counts (cycles or an angle) is kept in its dimension in the unit cache: a target that another call
// put there first, or one spelled with "°", is refused just the same.
TEST(Api, RefusesCyclesAsAnglesForATargetAnotherCallCachedFirst) {
    const auto q = evaluate("2 rad/s");
    ASSERT_TRUE(q);
    ASSERT_TRUE(express_in(*q, "rad/min"));
    ASSERT_TRUE(unit_quantity("°/s"));
    for (const char* to : {"rad/min", "°/s"}) {
        const auto r = convert(60, "rpm", to);
        ASSERT_FALSE(r) << "rpm to " << to << " gave " << *r;
        EXPECT_NE(r.error().message.find("turns cycles (rpm, Hz) into an angle (rad, deg, turn)"), std::string::npos) << r.error().message;
    }
    EXPECT_NEAR(*convert(3, "rad/min", "°/s"), 3.0 / 60 * 180 / std::numbers::pi, 1e-12);  // 1 rad = 180/π °
}

TEST(Api, RefusesToConvertBetweenDimensions) {
    const auto r = convert(1, "FLOP", "hour");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "Cannot convert \"FLOP\" (compute (FLOP)) to \"hour\" (time (s)).");
    EXPECT_EQ(r.error().hint, "Divide by a value of compute rate (FLOP/s) to get time.");
}

TEST(Api, RefusesToConvertFromAnUnknownUnit) {
    const auto r = convert(1, "hourz", "s");
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error().message, "Unknown unit \"hourz\"")) << r.error().message;
    EXPECT_TRUE(contains(r.error().hint, "\"hour\"")) << r.error().hint;
}

TEST(Api, RefusesAConversionBeyondDoublePrecision) {
    EXPECT_FALSE(convert(1e300, "QW", "qW"));  // 1e300 × 1e30 / 1e-30
}

TEST(Api, GivesTheSizeOfAUnitInBaseUnits) {
    const auto kwh = unit_quantity("kWh");
    ASSERT_TRUE(kwh) << kwh.error().sentence();
    EXPECT_EQ(kwh->central, 3.6e6);
    EXPECT_EQ(kwh->low, 3.6e6);
    EXPECT_EQ(kwh->high, 3.6e6);
    EXPECT_EQ(dimension_name(kwh->dimension), "energy");
    ASSERT_NE(kwh->unit, nullptr);
    EXPECT_EQ(kwh->unit->label, "kWh");
    EXPECT_FALSE(unit_quantity("KB"));
}

TEST(Api, ExpressesAQuantityInAUnit) {
    const auto q = evaluate("5400 s");
    ASSERT_TRUE(q);
    const auto hours = express_in(*q, "hour");
    ASSERT_TRUE(hours) << hours.error().sentence();
    EXPECT_EQ(format(*hours), "1.50 hour {time}");
    const auto wrong = express_in(*q, "FLOP");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().message, "Cannot express time (s) in \"FLOP\", which is compute (FLOP).");
    EXPECT_EQ(wrong.error().hint, "Multiply by a value of compute rate (FLOP/s) to get compute.");
}

TEST(Api, GivesTheLowCentralAndHighValueInAUnit) {
    const auto q = evaluate("2 to 4 hour");
    ASSERT_TRUE(q);
    EXPECT_DOUBLE_EQ(*value_in(*q, "min", Part::low), 120.0);
    EXPECT_DOUBLE_EQ(*value_in(*q, "min", Part::central), 180.0);
    EXPECT_DOUBLE_EQ(*value_in(*q, "min", Part::high), 240.0);
    EXPECT_DOUBLE_EQ(*value_in(*q, "", Part::high), 14400.0);  // an empty unit means SI base units
    EXPECT_FALSE(value_in(*q, "m", Part::low));
    EXPECT_FALSE(value_in(*q, "hourz", Part::low));
}

TEST(Api, ReadsWhichPartOfARangeIsWanted) {
    EXPECT_EQ(*parse_part(""), Part::central);
    EXPECT_EQ(*parse_part("Central"), Part::central);
    EXPECT_EQ(*parse_part("LOW"), Part::low);
    EXPECT_EQ(*parse_part("high"), Part::high);
    const auto bad = parse_part("middle");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message, "Expected \"central\", \"low\" or \"high\", but found \"middle\".");
}

TEST(Api, ConvertsCorrectlyWhenTheUnitCacheStartsOverBetweenItsTwoUnits) {
    // The per-thread unit cache starts over after 4096 distinct texts. Converting from a cached unit ("hour") to
    // ever new ones ("k s") makes it start over, twice, while "hour" is being used; 3 hour = 10,800 s.
    // (A dangling unit here shows as a wrong value, or as a use-after-free under BALLPARK_SANITIZE.)
    for (int k = 1; k <= 9000; ++k) {
        const auto r = convert(3, "hour", std::to_string(k) + " s");
        ASSERT_TRUE(r) << k << ": " << r.error().sentence();
        ASSERT_DOUBLE_EQ(*r, 10800.0 / k) << k;
    }
}

// --- Odd input: never an exception or a crash, always an Error with a sentence. ---

std::vector<std::string> odd_inputs() {
    std::string long_name(100'000, 'x');
    std::string long_sum;
    while (long_sum.size() < 100'000) long_sum += "1+";
    long_sum.resize(100'000);
    std::string long_number(100'000, '9');
    std::string too_long(200'000, '1');
    std::string nested = std::string(10'000, '(') + "1" + std::string(10'000, ')');
    std::string unclosed(10'000, '(');
    std::string powers = "2";
    for (int i = 0; i < 5'000; ++i) powers += "^2";
    std::string negations(10'000, '-');
    negations += "1";
    return {"",
            "   ",
            "(((",
            ")",
            "1e999",
            "\xff",
            "1 + \xff\xfe",
            "\xe2\x82",  // a truncated three-byte sequence
            std::string("1\0+2", 4),
            std::string("\0", 1),
            long_name,
            long_sum,
            long_number,
            too_long,
            nested,
            unclosed,
            powers,
            negations,
            "=",
            "f(",
            "1 to",
            "as",
            "⁻",
            "10^10^10",
            "1e300 * 1e300",
            "0/0"};
}

std::string printable(const std::string& text) {
    std::string out = text.substr(0, 40);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) c = '?';
    return "\"" + out + (text.size() > 40 ? "…\" (" + std::to_string(text.size()) + " bytes)" : "\"");
}

TEST(ApiOnOddInput, EvaluateReturnsAnErrorWithASentence) {
    for (const std::string& text : odd_inputs()) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << printable(text) << " gave a value";
        EXPECT_FALSE(q.error().message.empty()) << printable(text);
        EXPECT_FALSE(contains(q.error().message, "Internal error")) << printable(text) << ": " << q.error().message;
    }
}

TEST(ApiOnOddInput, ConvertAndUnitQuantityReturnAnErrorWithASentence) {
    for (const std::string& text : odd_inputs()) {
        const auto from = convert(1, text, "s");
        ASSERT_FALSE(from) << printable(text);
        EXPECT_FALSE(from.error().message.empty()) << printable(text);
        const auto to = convert(1, "s", text);
        ASSERT_FALSE(to) << printable(text);
        EXPECT_FALSE(to.error().message.empty()) << printable(text);
        const auto unit = unit_quantity(text);
        ASSERT_FALSE(unit) << printable(text);
        EXPECT_FALSE(unit.error().message.empty()) << printable(text);
    }
}

TEST(ApiOnOddInput, ExpressInAndValueInReturnAnErrorWithASentence) {
    const auto q = evaluate("3 hour");
    ASSERT_TRUE(q);
    for (const std::string& text : odd_inputs()) {
        const auto e = express_in(*q, text);
        ASSERT_FALSE(e) << printable(text);
        EXPECT_FALSE(e.error().message.empty()) << printable(text);
        if (text.empty()) continue;  // value_in reads an empty unit as SI base units
        const auto v = value_in(*q, text, Part::central);
        ASSERT_FALSE(v) << printable(text);
        EXPECT_FALSE(v.error().message.empty()) << printable(text);
    }
}

TEST(ApiOnOddInput, BindingsWithOddTextReturnAnErrorWithASentence) {
    for (const std::string& text : odd_inputs()) {
        const Binding b[] = {{"x", std::string_view(text)}};
        const auto q = evaluate("x", b);
        ASSERT_FALSE(q) << printable(text);
        EXPECT_FALSE(q.error().message.empty()) << printable(text);
    }
}

TEST(ApiOnOddInput, ASessionReturnsAnErrorWithASentenceAndStaysUsable) {
    Session session;
    for (const std::string& text : odd_inputs()) {
        const bool blank = text.find_first_not_of(' ') == std::string::npos;
        const auto r = session.run(text);
        if (blank) {
            ASSERT_TRUE(r) << printable(text);  // a blank line is not an error in a notebook
            EXPECT_EQ(r->kind, LineResult::Kind::empty);
            continue;
        }
        ASSERT_FALSE(r) << printable(text);
        EXPECT_FALSE(r.error().message.empty()) << printable(text);
    }
    const auto after = session.run("x = 2 hour");
    ASSERT_TRUE(after) << after.error().sentence();
    EXPECT_EQ(after->value->central, 7200.0);
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

TEST(ApiModes, TwoBindingsWithTheSameTextAreTwoIndependentInputs) {
    // A value cache keyed by text must not make "35% to 55%" bound twice one variable.
    const Binding same[] = {{"a", std::string_view("35% to 55%")}, {"b", std::string_view("35% to 55%")}};
    for (Mode mode : {Mode::bounds, Mode::interval}) {
        const auto q = evaluate("a - b", same, EvaluationOptions{mode});
        ASSERT_TRUE(q) << q.error().sentence();
        EXPECT_LE(q->low, -0.2 + 1e-12);  // 0.35 - 0.55
        EXPECT_GE(q->high, 0.2 - 1e-12);
    }
    const auto d = evaluate("a - b", same, EvaluationOptions{Mode::distribution});
    ASSERT_TRUE(d) << d.error().sentence();
    EXPECT_LT(d->low, -0.01);
    EXPECT_GT(d->high, 0.01);
}

TEST(ApiModes, ANameBoundOnceAndUsedTwiceIsOneInputInTheBoundsMode) {
    const Binding x[] = {{"x", std::string_view("1 to 3")}};
    const auto q = evaluate("x / x", x);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_NEAR(q->low, 1.0, 1e-12);
    EXPECT_NEAR(q->high, 1.0, 1e-12);
    // The plain interval mode keeps the first versions' reading: x / x is [1/3, 3].
    const auto plain = evaluate("x / x", x, EvaluationOptions{Mode::interval});
    ASSERT_TRUE(plain);
    EXPECT_NEAR(plain->low, 1.0 / 3, 1e-12);
    EXPECT_NEAR(plain->high, 3.0, 1e-12);
}

TEST(ApiModes, ABindingGivenAsLowAndHighIsARangeAndAPlainNumberTakesTheUnitGiven) {
    Binding u{"u", 0.35};
    u.high = Input{0.55};
    Binding peak{"peak", 312e12};
    peak.unit = "FLOP/s";
    const Binding both[] = {u, peak};
    const auto q = evaluate("8.4e23 FLOP / (peak * u) as hour", both);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_NEAR(q->low, 8.4e23 / (312e12 * 0.55), 1);
    EXPECT_NEAR(q->high, 8.4e23 / (312e12 * 0.35), 1);
    EXPECT_EQ(q->dimension, Dimension::of(BaseDimension::time));
}

TEST(ApiModes, ResultsSayWhetherTheyAreBoundsOrPercentiles) {
    EXPECT_EQ(evaluate("1 to 3")->ends, Ends::bounds);
    const auto d = evaluate("1 to 3", {}, EvaluationOptions{Mode::distribution});
    ASSERT_TRUE(d);
    EXPECT_EQ(d->ends, Ends::percentiles);
    ASSERT_TRUE(d->spread);
    // A lognormal with 5th and 95th percentiles 1 and 3: median sqrt(3), any percentile from the normal quantile.
    EXPECT_NEAR(d->central, std::sqrt(3.0), 1e-9);
    const double sigma = std::log(3.0) / (2 * testing::z95);
    EXPECT_NEAR(d->spread->quantile(0.75), std::sqrt(3.0) * std::exp(0.6744897501960817 * sigma), 1e-9);
}

TEST(ApiModes, AnUnknownModeNameIsAnErrorThatListsTheModes) {
    EXPECT_TRUE(parse_mode("dist"));
    EXPECT_TRUE(parse_mode("bounds"));
    const auto bad = parse_mode("fuzzy");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("\"fuzzy\""), std::string::npos);
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

TEST(ApiPicks, ReadsPercentilesMedianAndMeanAndRefusesTheRest) {
    EXPECT_EQ(parse_pick("p5")->kind, Pick::Kind::percentile);
    EXPECT_EQ(parse_pick("P95")->percent, 95.0);
    EXPECT_EQ(parse_pick("p37.5")->percent, 37.5);
    EXPECT_EQ(parse_pick("median")->percent, 50.0);
    EXPECT_EQ(parse_pick("mean")->kind, Pick::Kind::mean);
    EXPECT_EQ(parse_pick("")->kind, Pick::Kind::central);
    for (const char* bad : {"p0", "p100", "p", "p101", "p-5", "pct", "average"}) {
        const auto r = parse_pick(bad);
        ASSERT_FALSE(r) << bad;
        EXPECT_NE(r.error().message.find("a percentile such as \"p5\""), std::string::npos) << r.error().message;
    }
}

TEST(ApiPicks, APercentileOfADistributionResultIsTheLognormalsQuantile) {
    // 1 to 3 in the distribution mode: lognormal, median sqrt(3), sigma ln(3) / (2 · 1.6449).
    const auto q = evaluate("1 to 3", {}, EvaluationOptions{Mode::distribution});
    ASSERT_TRUE(q);
    const double sigma = std::log(3.0) / (2 * testing::z95);
    const double p90 = std::sqrt(3.0) * std::exp(1.2815515655446004 * sigma);
    EXPECT_NEAR(*value_in(*q, "", *parse_pick("p90")), p90, 1e-9);
    EXPECT_NEAR(*value_in(*q, "", *parse_pick("mean")), std::sqrt(3.0) * std::exp(sigma * sigma / 2), 1e-9);
    // Of bounds, a percentile is an error that says what to do.
    const auto bounds = evaluate("1 to 3");
    const auto r = value_in(*bounds, "", *parse_pick("p90"));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().sentence().find("distribution mode"), std::string::npos);
}

TEST(ApiPicks, ABindingWithLowCentralAndHighKeepsItsCentralValue) {
    Binding x{"x", 1.0};
    x.high = Input{10.0};
    x.central = Input{2.0};
    const Binding one[] = {x};
    const auto q = evaluate("x * 3", one);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->central, 6.0);
    EXPECT_DOUBLE_EQ(q->low, 3.0);
    EXPECT_DOUBLE_EQ(q->high, 30.0);
}

// percentile(x, 95%) is the 95th percentile, not the 0.95th: p is in percent, so a "%" written in the argument counts
// as the percentage itself. Reference: `1 to 10` in the distribution reading is the lognormal with 5th and 95th
// percentiles 1 and 10, so its 95th is 10, its 5th 1, and its 0.1th exp(mu + sigma z) with mu = ln(10)/2,
// sigma = ln(10) / (2 z95) and z = -3.090232306167813 (the normal quantile at 0.001): 0.36363.
TEST(Percentile, APercentSignInTheArgumentIsThePercentage) {
    const EvaluationOptions dist{Mode::distribution};
    const auto at = [&](std::string_view text) {
        const auto q = evaluate(text, {}, dist);
        if (!q) {
            ADD_FAILURE() << text << ": " << q.error().sentence();
            return std::nan("");
        }
        return q->central;
    };
    EXPECT_NEAR(at("percentile(1 to 10, 95%)"), 10, 1e-9);
    EXPECT_NEAR(at("percentile(1 to 10, 5%)"), 1, 1e-9);
    EXPECT_EQ(at("percentile(1 to 10, 95%)"), at("percentile(1 to 10, 95)"));
    EXPECT_EQ(at("percentile(1 to 10, 100% - 5%)"), at("percentile(1 to 10, 95)"));
    const double mu = std::log(10.0) / 2, sigma = std::log(10.0) / (2 * testing::z95);
    EXPECT_NEAR(at("percentile(1 to 10, 0.1%)"), std::exp(mu + sigma * -3.090232306167813), 1e-9);
    // The range's own "%" is still a hundredth: the 95th percentile of 35% to 55% is 0.55.
    EXPECT_NEAR(at("percentile(35% to 55%, 95%)"), 0.55, 1e-9);
}

// A variable holds 0.95 whether it was written 95% or 0.95: below 1 from a variable is refused with the two ways
// to say which was meant; 100 * p is the 95th percentile (10 for `1 to 10`, as above), and a variable of 1 or more
// is read as before.
TEST(Percentile, AFractionHeldByAVariableIsRefusedWithBothReadings) {
    Session session(EvaluationOptions{Mode::distribution});
    ASSERT_TRUE(session.run("x = 1 to 10"));
    ASSERT_TRUE(session.run("p = 95%"));
    const auto r = session.run("percentile(x, p)");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("holds 0.95,"), std::string::npos) << r.error().sentence();
    EXPECT_NE(r.error().hint.find("percentile(x, 100 * p)"), std::string::npos) << r.error().hint;
    const auto scaled = session.run("percentile(x, 100 * p)");
    ASSERT_TRUE(scaled) << scaled.error().sentence();
    EXPECT_NEAR(scaled->value->central, 10, 1e-9);
    ASSERT_TRUE(session.run("q = 95"));
    const auto whole = session.run("percentile(x, q)");
    ASSERT_TRUE(whole) << whole.error().sentence();
    EXPECT_NEAR(whole->value->central, 10, 1e-9);
    EXPECT_TRUE(session.run("percentile(x, 0.95)"));  // written in the call: the 0.95th percentile
}

TEST(Percentile, ANotebookCannotRedefineIt) {
    Session session;
    const auto r = session.run("percentile(x, p) = x");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().sentence().find("built-in function"), std::string::npos) << r.error().sentence();
}

}  // namespace
}  // namespace ballpark
