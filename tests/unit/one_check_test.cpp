// One check per rule: a rule about a value lives in the core, so IMPLIEDUTIL, QTY and the language refuse the same
// value with the same sentence; and the `histogram` statement passes on a refusal of its guaranteed bounds instead
// of drawing without them, except where that reading has no bounds to give.
#include <gtest/gtest.h>

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
