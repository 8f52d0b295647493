// One check per rule: a rule about a value lives in the core, so IMPLIEDUTIL, QTY and the language refuse the same
// value with the same sentence; and the `histogram` statement passes on a refusal of its guaranteed bounds instead
// of drawing without them, except where that reading has no bounds to give.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

// 6 FLOP · params · tokens / (hours · peak), in closed form.
double utilization(double hours, double params, double tokens, double peak) { return 6 * params * tokens / (hours * 3600 * peak); }

TEST(OneCheck, ImpliedUtilizationAboveOneHundredPercentIsRefusedEverywhere) {
    const double a100 = 312e12;
    // One hour for Llama 2 70B: 7.48e7 %.
    const auto sheet_error = sheet::implied_util(1.0, 70e9, 2e12, std::string("A100"));
    ASSERT_FALSE(sheet_error);
    const std::string text = "implied_util(1 hour, 70 billion, 2 trillion, 312 TFLOP/s)";
    const auto core_error = evaluate(text);
    ASSERT_FALSE(core_error);
    const auto qty_error = sheet::qty(text, {}, {});
    ASSERT_FALSE(qty_error);
    Session session;
    const Error line_error = testing::error_of(session, text);
    for (const Error& e : {sheet_error.error(), core_error.error(), qty_error.error(), line_error}) {
        EXPECT_EQ(e.kind, ErrorKind::domain);
        EXPECT_EQ(e.message, "These figures imply a utilization of 7.48 × 10⁷%, above 100%: no run is faster than its hardware's peak.");
        EXPECT_NE(e.hint.find("not millions of hours"), std::string::npos) << e.hint;
    }
    EXPECT_NEAR(utilization(1, 70e9, 2e12, a100), 7.48e5, 1e3);
    // In the 90% reading too, and inside a function of the user's.
    EXPECT_FALSE(evaluate(text, {}, EvaluationOptions{distribution_mode()}));
    ASSERT_TRUE(session.run("f(h) = implied_util(h, 70 billion, 2 trillion, 312 TFLOP/s)"));
    EXPECT_EQ(testing::error_of(session, "f(1 hour)").kind, ErrorKind::domain);
    // Llama 2's reported hours give 43.5%, and the hours of exactly 100% give 100%.
    const auto llama = evaluate("implied_util(1720320 hour, 70 billion, 2 trillion, 312 TFLOP/s)");
    ASSERT_TRUE(llama) << llama.error().sentence();
    EXPECT_NEAR(llama->central, utilization(1720320, 70e9, 2e12, a100), 1e-12);
    const double full_hours = 6 * 70e9 * 2e12 / a100 / 3600;
    const auto full = sheet::implied_util(full_hours, 70e9, 2e12, std::string("A100"));
    ASSERT_TRUE(full) << full.error().sentence();
    EXPECT_NEAR(*full, 1, 1e-12);
    // A session's own function of the same name is the user's, and not checked.
    ASSERT_TRUE(session.run("implied_util(a, b, c, d) = 2"));
    EXPECT_EQ(testing::run(session, "implied_util(1, 1, 1, 1)").value->central, 2);
}

// A planning function's argument that breaks its parameter's rule is refused in the language, through QTY and in a
// session, with one sentence that names the argument; the sheet function refuses it too, in its own words for a cell.
TEST(OneCheck, PlanningArgumentsKeepTheirRulesEverywhere) {
    struct Case {
        const char* text;
        ErrorKind kind;
        const char* message;
    };
    const Case cases[] = {
        {"gpu_hours(70 billion, 2 trillion, 312 TFLOP/s, 35)", ErrorKind::domain,
         "utilization (the fourth argument of \"gpu_hours\") should be a fraction such as 0.35 or 35%, above 0 and at most 1, but it is 35."},
        {"gpu_hours(70 billion, 2 trillion, 312, 35%)", ErrorKind::dimension,
         "peak (the third argument of \"gpu_hours\") should be a compute rate such as 312 TFLOP/s or peak(A100), but 312 is a plain number."},
        {"gpu_hours(-70 billion, 2 trillion, 312 TFLOP/s, 35%)", ErrorKind::domain,
         "params (the first argument of \"gpu_hours\") should be a count such as 70 billion or 70e9, above zero, but it is -70 billion."},
        {"gpu_hours(70B, 2 trillion, 312 TFLOP/s, 35%)", ErrorKind::dimension,
         "params (the first argument of \"gpu_hours\") should be a count such as 70 billion or 70e9, but 70B is of dimension data."},
        {"training_flop(70 billion, 2 trillion, 0 FLOP)", ErrorKind::domain,
         "flop_per_param_token (the third argument of \"training_flop\") should be a number of FLOP such as 6 FLOP, above zero, but it is 0 FLOP."},
        {"implied_util(1.7 million hour, 70 billion, 2 trillion, 0 TFLOP/s)", ErrorKind::domain,
         "peak (the fourth argument of \"implied_util\") should be a compute rate such as 312 TFLOP/s or peak(A100), above zero, but it is 0 TFLOP/s."},
        {"implied_util(1.7 million, 70 billion, 2 trillion, 312 TFLOP/s)", ErrorKind::dimension,
         "gpu_hours (the first argument of \"implied_util\") should be a time such as 1.7 million hour, but 1.7 million is a plain number."},
    };
    for (const Case& c : cases) {
        for (const Mode mode : {Mode{}, distribution_mode()}) {
            const auto core_error = evaluate(c.text, {}, EvaluationOptions{mode});
            ASSERT_FALSE(core_error) << c.text;
            EXPECT_EQ(core_error.error().kind, c.kind) << c.text;
            EXPECT_EQ(core_error.error().message, c.message) << c.text;
        }
        const auto qty_error = sheet::qty(c.text, {}, {});
        ASSERT_FALSE(qty_error) << c.text;
        EXPECT_EQ(qty_error.error().message, c.message);
        Session session;
        EXPECT_EQ(testing::error_of(session, c.text).message, c.message);
    }
    // The 70B slip is told what B is; 35 is told to be 35%.
    EXPECT_NE(evaluate(cases[3].text).error().hint.find("B is the byte"), std::string::npos);
    EXPECT_NE(evaluate(cases[0].text).error().hint.find("Write 35% or 0.35"), std::string::npos);
    // GPUHOURS refuses the same utilization, naming its own argument.
    const auto sheet_error = sheet::gpu_hours(70e9, 2e12, std::string("A100"), 35.0, sheet::Arg{}, sheet::Arg{}, sheet::Arg{});
    ASSERT_FALSE(sheet_error);
    EXPECT_EQ(sheet_error.error().kind, ErrorKind::domain);
    EXPECT_NE(sheet_error.error().message.find("util_lo should be a fraction such as 0.35 or 35%"), std::string::npos)
        << sheet_error.error().message;
    // Within the rules: 100%, a range up to 100%, and a session's own gpu_hours, which is the user's.
    const double hours_at_full = 6 * 70e9 * 2e12 / 312e12 / 3600;
    const auto full = evaluate("gpu_hours(70 billion, 2 trillion, 312 TFLOP/s, 35% to 100%) as hour");
    ASSERT_TRUE(full) << full.error().sentence();
    EXPECT_NEAR(full->low / 3600, hours_at_full, 1e-9 * hours_at_full);
    EXPECT_NEAR(full->high / 3600, hours_at_full / 0.35, 1e-9 * hours_at_full);
    Session own;
    ASSERT_TRUE(own.run("gpu_hours(a, b, c, d) = a + b + c + d"));
    EXPECT_EQ(testing::run(own, "gpu_hours(1, 2, 3, 35)").value->central, 41);
}

// In the 90% reading the utilization a planning function is given is a declared fraction, as GPUHOURS reads it: a
// logit-normal through its ends. Hours fall as utilization rises, so each percentile of the hours is the formula at
// the opposite percentile of the utilization (closed form).
TEST(OneCheck, PlanningUtilizationIsAFractionInTheNinetyPercentReading) {
    const auto logistic = [](double x) { return 1 / (1 + std::exp(-x)); };
    const auto logit = [](double p) { return std::log(p / (1 - p)); };
    const double median_u = logistic((logit(0.35) + logit(0.55)) / 2);
    const auto hours = [](double u) { return 6 * 70e9 * 2e12 / (312e12 * u) / 3600; };
    const auto dist = evaluate("gpu_hours(70 billion, 2 trillion, 312 TFLOP/s, 35% to 55%) as hour", {},
                               EvaluationOptions{distribution_mode()});
    ASSERT_TRUE(dist) << dist.error().sentence();
    EXPECT_NEAR(dist->central / 3600, hours(median_u), 1e-6 * hours(median_u));
    EXPECT_NEAR(dist->low / 3600, hours(0.55), 1e-6 * hours(0.55));
    EXPECT_NEAR(dist->high / 3600, hours(0.35), 1e-6 * hours(0.35));
    // The same as GPUHOURS' median.
    const auto sheet_median = sheet::gpu_hours(70e9, 2e12, std::string("A100"), 0.35, 0.55, std::string("hour"), std::string("median"));
    ASSERT_TRUE(sheet_median) << sheet_median.error().sentence();
    EXPECT_NEAR(*sheet_median, hours(median_u), 1e-6 * hours(median_u));
}

TEST(OneCheck, HistogramPassesOnARefusalOfItsBounds) {
    // The 90% reading of pert(0.3, 0.5, 1.01) stays below 1, its guaranteed bounds do not: the declaration refuses
    // them, and the histogram says so rather than drawing without bounds.
    Session session(EvaluationOptions{distribution_mode()});
    ASSERT_TRUE(session.run("u: fraction = pert(0.3, 0.5, 1.01)"));
    const auto h = session.histogram("u");
    ASSERT_FALSE(h);
    EXPECT_EQ(h.error().kind, ErrorKind::domain);
    EXPECT_NE(h.error().message.find("should be a fraction"), std::string::npos) << h.error().message;
    // Through a step and a function of the user's too; an expression that does not read u is drawn with its bounds.
    ASSERT_TRUE(session.run("w = 2 * u"));
    ASSERT_TRUE(session.run("g(x) = x * u"));
    for (const char* reads_u : {"w", "g(3)"}) {
        const auto refused = session.histogram(reads_u);
        ASSERT_FALSE(refused) << reads_u;
        EXPECT_EQ(refused.error().message, h.error().message);
    }
    const auto other = session.histogram("(1 to 3) * 2");
    ASSERT_TRUE(other) << other.error().sentence();
    ASSERT_TRUE(other->bounds);
    EXPECT_NEAR(other->bounds->high, 6, 1e-9);
    // Where the bounds reading has none to give, the picture is drawn without them.
    for (const char* unbounded : {"normal(10, 2)", "1.7 [90%: 1.4, 2.1]", "percentile(1 to 2, 50) * (1 to 2)"}) {
        const auto drawn = session.histogram(unbounded);
        ASSERT_TRUE(drawn) << unbounded << ": " << drawn.error().sentence();
        EXPECT_FALSE(drawn->bounds) << unbounded;
    }
}

}  // namespace
}  // namespace ballpark
