// Unit tests of sessions (core/src/session.cpp): variables and user functions kept between lines, as the
// notebook runs them, including the seed example's calculations and a function that uses a global.
#include <gtest/gtest.h>

#include <string>

#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"

namespace ballpark {
namespace {

using testing::run;

const Dimension time_dim = Dimension::of(BaseDimension::time);

// Runs a line and formats its value, or returns "error: …".
std::string shown(Session& session, std::string_view line) {
    const auto r = session.run(line);
    if (!r) return "error: " + r.error().sentence();
    if (!r->value) return "(no value)";
    return format(*r->value);
}

// Every error this suite expects must come with a sentence.
Error error_of(Session& session, std::string_view line) {
    Error e = testing::error_of(session, line);
    EXPECT_FALSE(e.message.empty());
    return e;
}

TEST(Session, KeepsAVariableForLaterLines) {
    Session session;
    const LineResult assigned = run(session, "x = 2 hour");
    EXPECT_EQ(assigned.kind, LineResult::Kind::assignment);
    EXPECT_EQ(assigned.name, "x");
    ASSERT_TRUE(assigned.value);
    EXPECT_EQ(assigned.value->central, 7200.0);
    const LineResult used = run(session, "x * 3");
    EXPECT_EQ(used.kind, LineResult::Kind::expression);
    ASSERT_TRUE(used.value);
    EXPECT_EQ(used.value->central, 21600.0);
    EXPECT_EQ(used.value->dimension, time_dim);
}

TEST(Session, ReplacesAVariableThatIsAssignedAgain) {
    Session session;
    run(session, "x = 1");
    run(session, "x = 5");
    EXPECT_EQ(run(session, "x").value->central, 5.0);
}

TEST(Session, KeepsVariablesApartBetweenSessions) {
    Session a, b;
    run(a, "only_in_a = 1");
    const Error e = error_of(b, "only_in_a");
    EXPECT_NE(e.message.find("Unknown variable \"only_in_a\""), std::string::npos) << e.message;
}

TEST(Session, LetsAVariableShadowAUnit) {
    Session session;
    run(session, "h = 5");
    EXPECT_EQ(run(session, "h * 2").value->central, 10.0);
}

TEST(Session, TreatsBlankAndCommentLinesAsEmpty) {
    Session session;
    EXPECT_EQ(run(session, "").kind, LineResult::Kind::empty);
    EXPECT_EQ(run(session, "   \t").kind, LineResult::Kind::empty);
    const LineResult comment = run(session, "# a note");
    EXPECT_EQ(comment.kind, LineResult::Kind::empty);
    EXPECT_FALSE(comment.value);
}

TEST(Session, DefinesAndCallsAFunction) {
    Session session;
    const LineResult defined = run(session, "area(w, h) = w * h");
    EXPECT_EQ(defined.kind, LineResult::Kind::function_definition);
    EXPECT_EQ(defined.name, "area");
    EXPECT_FALSE(defined.value);
    EXPECT_EQ(shown(session, "area(3 m, 4 m)"), "12.0 m²");
}

TEST(Session, LetsAParameterShadowAGlobalOfTheSameName) {
    Session session;
    run(session, "x = 100");
    run(session, "twice(x) = 2 * x");
    EXPECT_EQ(run(session, "twice(3)").value->central, 6.0);
}

TEST(Session, LetsAFunctionCallAnotherFunction) {
    Session session;
    run(session, "sq(x) = x * x");
    run(session, "quad(x) = sq(sq(x))");
    EXPECT_EQ(run(session, "quad(3)").value->central, 81.0);
}

TEST(Session, ReproducesTheSeedExampleLineByLine) {
    Session session;
    run(session, "forward = 2 FLOP");
    run(session, "backward = 2 * forward");
    EXPECT_EQ(shown(session, "per_param_token = forward + backward"), "6.00 FLOP");
    run(session, "params = 70 billion");
    run(session, "tokens = 2 trillion");
    EXPECT_EQ(shown(session, "compute = per_param_token * params * tokens"), "8.40 × 10²³ FLOP");
    run(session, "a100 = 312 TFLOP/s");
    run(session, "utilization = 35% to 55%");
    run(session, "gpu_time = compute / (a100 * utilization)");
    EXPECT_EQ(shown(session, "gpu_time as million hour"), "1.7 [1.4, 2.1] million hour {time}");
}

TEST(Session, LetsAFunctionUseAGlobalAsTheSeedsGpuHoursUsesUtilization) {
    // Llama 3.1: 6 × 405e9 × 15.6e12 = 3.7908e25 FLOP over 989e12 FLOP/s × [0.35, 0.55]:
    // low 3.7908e25 / 5.4395e14 s = 19.36, central / 4.4505e14 = 23.66, high / 3.4615e14 = 30.42 million hours.
    Session session;
    run(session, "utilization = 35% to 55%");
    run(session, "gpu_hours(params, tokens, peak) = 6 FLOP * params * tokens / (peak * utilization) as million hour");
    run(session, "h100 = 989 TFLOP/s");
    const LineResult r = run(session, "llama3 = gpu_hours(405 billion, 15.6 trillion, h100)");
    ASSERT_TRUE(r.value);
    EXPECT_NEAR(r.value->low / 3.6e9, 19.358, 1e-3);
    EXPECT_NEAR(r.value->central / 3.6e9, 23.660, 1e-3);
    EXPECT_NEAR(r.value->high / 3.6e9, 30.420, 1e-3);
    EXPECT_EQ(format(*r.value), "24 [19, 30] million hour {time}");
}

TEST(Session, ReadsAGlobalWhenTheFunctionIsCalledNotWhenItIsDefined) {
    Session session;
    run(session, "scaled(x) = x * factor");
    run(session, "factor = 2");
    EXPECT_EQ(run(session, "scaled(5)").value->central, 10.0);
    run(session, "factor = 3");
    EXPECT_EQ(run(session, "scaled(5)").value->central, 15.0);
}

TEST(Session, ReportsARecursiveFunctionAsAnErrorInsteadOfCrashing) {
    Session session;
    run(session, "f(x) = f(x)");
    const Error e = error_of(session, "f(1)");
    EXPECT_NE(e.message.find("\"f\" calls itself more than 64 levels deep"), std::string::npos) << e.message;
}

TEST(Session, ReportsMutualRecursionAsAnError) {
    Session session;
    run(session, "ping(x) = pong(x) + 1");
    run(session, "pong(x) = ping(x) * 2");
    const Error e = error_of(session, "ping(1)");
    EXPECT_NE(e.message.find("levels deep"), std::string::npos) << e.message;
}

TEST(Session, ReportsTheWrongArgumentCountOfAUserFunction) {
    Session session;
    run(session, "area(w, h) = w * h");
    const Error e = error_of(session, "area(3 m)");
    EXPECT_EQ(e.message, "\"area\" takes 2 arguments (w, h), but 1 was given at column 1.");
    EXPECT_EQ(e.column, 1);
}

TEST(Session, ReportsAnUnknownVariableInsideAFunctionWhenItIsCalled) {
    Session session;
    run(session, "g(x) = x * missing");  // defining is fine: globals are read at call time
    const Error e = error_of(session, "g(2)");
    EXPECT_NE(e.message.find("Unknown variable \"missing\""), std::string::npos) << e.message;
}

TEST(Session, KeepsTheOldValueWhenAnAssignmentFails) {
    Session session;
    run(session, "x = 4");
    error_of(session, "x = 1 FLOP + 1 s");
    EXPECT_EQ(run(session, "x").value->central, 4.0);
}

TEST(Session, ReportsASyntaxErrorWithItsColumn) {
    Session session;
    const Error e = error_of(session, "y = (2 +");
    EXPECT_EQ(e.column, 9);
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

TEST(SessionErrors, AnErrorInsideAFunctionBodyPointsAtTheCallAndNamesTheArguments) {
    // The column is the call's on its line, not one inside the body ("1 m + x").
    Session session;
    run(session, "f(x) = 1 m + x");
    run(session, "y = 2");
    const Error e = error_of(session, "y + f(2 s)");
    EXPECT_EQ(e.column, 5);  // the "f" of the call
    EXPECT_NE(e.message.find("in the body of \"f\""), std::string::npos) << e.message;
    EXPECT_EQ(e.message.find("column"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("x = 2.00 s"), std::string::npos) << e.hint;
}

TEST(SessionModes, AModeLineSwitchesTheReadingAndKeepsTheNamesDefinedBefore) {
    Session session;
    run(session, "x = 1 to 3");
    run(session, "double(v) = 2 * v");
    const LineResult switched = run(session, "mode interval");
    EXPECT_EQ(switched.kind, LineResult::Kind::mode);
    EXPECT_EQ(session.mode(), Mode::interval);
    // Plain intervals: x - x is every difference of two values in [1, 3].
    const LineResult r = run(session, "double(x) - x");
    ASSERT_TRUE(r.value);
    EXPECT_DOUBLE_EQ(r.value->low, 2 * 1.0 - 3.0);
    EXPECT_DOUBLE_EQ(r.value->high, 2 * 3.0 - 1.0);
}

TEST(SessionModes, AnUnknownModeIsAnErrorThatListsTheModes) {
    Session session;
    const Error e = error_of(session, "mode fuzzy");
    EXPECT_NE(e.message.find("\"bounds\", \"dist\" or \"interval\""), std::string::npos) << e.message;
    EXPECT_NE(e.message.find("\"fuzzy\""), std::string::npos) << e.message;
}

}  // namespace
}  // namespace ballpark
