// Cycles (rpm, Hz) and angles (rad, deg, turn) kept apart however a value arrives (units/cycles_and_angles.hpp):
// a variable, a function's argument, a binding, a result read back, or arithmetic, in every reading of a range.
//
// rpm counts cycles, as numbat ("60 rpm -> Hz" is 1 Hz), mathjs and Qalculate read it. Allowed conversions are
// checked against GNU Units 2.22 (Debian 12 package `units`), whose rpm is rev/min with rev = 2π, so its cycles
// are written `rpm / rev`; each check quotes the command and what it printed.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::run;

// $ units -t -d 15 '(60 rpm / rev) * turn' 'radian/s'
// 6.28318530717959
constexpr double sixty_rpm_in_rad_per_s = 6.28318530717959;

bool refuses_cycles_as_angle(const Error& e) {
    return e.message.find("turns cycles (rpm, Hz) into an angle") != std::string::npos &&
           e.hint.find("Multiply by turn") != std::string::npos;
}

bool refuses_angle_as_cycles(const Error& e) {
    return e.message.find("turns an angle (rad, deg, turn) into cycles") != std::string::npos &&
           e.hint.find("Divide by turn") != std::string::npos;
}

class EveryMode : public ::testing::TestWithParam<Mode> {};

INSTANTIATE_TEST_SUITE_P(Modes, EveryMode, ::testing::Values(Mode::bounds, Mode::interval, Mode::distribution),
                         [](const auto& info) { return std::string(mode_name(info.param)); });

TEST_P(EveryMode, AVariableKeepsCountingCycles) {
    Session s(EvaluationOptions{GetParam()});
    run(s, "x = 60 rpm");
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "x as rad/s"))) << error_of(s, "x as rad/s").sentence();
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "x to deg/s")));
    // Through arithmetic: a product, a quotient, a sum with a plain rate, a power and its root.
    for (const char* line : {"x * 2 as rad/s", "x / 2 as rad/s", "2 * x as rad/s", "1/s + x as rad/s", "x - 1/s as rad/s",
                             "sqrt(x * x) as rad/s", "(x^2)^0.5 as rad/s", "x * 1 min as turn", "-x as rad/s",
                             "max(x, 1/s) as rad/s", "sum(1/s, x) as rad/s", "central(x) as rad/s"}) {
        EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, line))) << line;
    }
    // $ units -t -d 15 '60 rpm / rev' Hz
    // 1
    EXPECT_NEAR(run(s, "x as Hz").value->central, 1, 1e-12);
    EXPECT_NEAR(run(s, "x * turn as rad/s").value->central, sixty_rpm_in_rad_per_s, 1e-12);
    // $ units -t -d 15 '(60 rpm/rev) * turn * 2' 'radian/s'
    // 12.5663706143592
    EXPECT_NEAR(run(s, "x * 2 * turn as rad/s").value->central, 12.5663706143592, 1e-12);
    // $ units -t -d 15 '(60 rpm/rev) * 1 min'
    // 60
    EXPECT_NEAR(run(s, "x * 1 min").value->central, 60, 1e-9);
}

TEST_P(EveryMode, AFunctionArgumentKeepsCountingCycles) {
    Session s(EvaluationOptions{GetParam()});
    run(s, "x = 60 rpm");
    run(s, "twice(w) = 2 * w");
    run(s, "angular(f) = f * turn");
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "twice(x) as rad/s")));
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "twice(60 rpm) as rad/s")));
    // The conversion inside a body is refused there, placed at the call.
    run(s, "shown(w) = w as rad/s");
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "shown(x)")));
    EXPECT_NEAR(run(s, "angular(x) as rad/s").value->central, sixty_rpm_in_rad_per_s, 1e-12);
    EXPECT_NEAR(run(s, "twice(x) as Hz").value->central, 2, 1e-12);
}

TEST_P(EveryMode, ARangeOfCyclesKeepsCountingThem) {
    Session s(EvaluationOptions{GetParam()});
    run(s, "x = 50 to 70 rpm");
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "x as rad/s")));
    EXPECT_TRUE(refuses_cycles_as_angle(error_of(s, "(x + x) / 2 as rad/s")));
    const auto hz = run(s, "x as Hz").value;
    ASSERT_TRUE(hz);
    // $ units -t -d 15 '50 rpm / rev' Hz    ->  0.833333333333333
    // $ units -t -d 15 '70 rpm / rev' Hz    ->  1.16666666666667
    EXPECT_NEAR(hz->low, 0.833333333333333, 1e-9);
    EXPECT_NEAR(hz->high, 1.16666666666667, 1e-9);
}

TEST_P(EveryMode, AnAngleIsNotShownAsCycles) {
    Session s(EvaluationOptions{GetParam()});
    run(s, "w = 2 pi rad/s");
    EXPECT_TRUE(refuses_angle_as_cycles(error_of(s, "w as Hz")));
    EXPECT_TRUE(refuses_angle_as_cycles(error_of(s, "w * 3 as rpm")));
    EXPECT_TRUE(refuses_angle_as_cycles(error_of(s, "2 pi rad/s as Hz")));
    // $ units -t -d 15 '2 pi radian/s / turn' 'Hz'
    // 1
    EXPECT_NEAR(run(s, "w / turn as Hz").value->central, 1, 1e-12);
    // An angular speed made from cycles with the turn is an angle per time, not a number of cycles.
    EXPECT_TRUE(refuses_angle_as_cycles(error_of(s, "60 rpm * turn as Hz")));
    EXPECT_NEAR(run(s, "60 rpm * turn / turn as Hz").value->central, 1, 1e-12);
}

TEST_P(EveryMode, CyclesAreNotAddedToAnAngle) {
    Session s(EvaluationOptions{GetParam()});
    run(s, "x = 60 rpm");
    for (const char* line : {"x + 1 rad/s", "1 rad/s - x", "x to 10 rad/s", "max(x, 1 rad/s)", "sum(x, 1 rad/s)"}) {
        const Error e = error_of(s, line);
        EXPECT_NE(e.message.find("cycles (rpm, Hz) and an angle (rad, deg, turn)"), std::string::npos) << line << ": " << e.message;
    }
    // Once both are angles or both cycles, they add: 2π rad/s + 1 rad/s.
    EXPECT_NEAR(run(s, "x * turn + 1 rad/s as rad/s").value->central, sixty_rpm_in_rad_per_s + 1, 1e-12);
    EXPECT_NEAR(run(s, "x + 1 rad/s / turn as Hz").value->central, 1 + 1 / (2 * std::acos(-1.0)), 1e-12);
}

TEST_P(EveryMode, ABindingKeepsCountingCycles) {
    const EvaluationOptions options{GetParam()};
    const Binding text[] = {{"x", std::string_view("60 rpm")}};
    const auto shown = evaluate_in("x", text, "rad/s", options);
    ASSERT_FALSE(shown);
    EXPECT_TRUE(refuses_cycles_as_angle(shown.error())) << shown.error().sentence();
    EXPECT_FALSE(evaluate("x as rad/s", text, options));
    EXPECT_FALSE(evaluate("x / 2 as rad/s", text, options));
    EXPECT_NEAR(evaluate_in("x * turn", text, "rad/s", options)->central, sixty_rpm_in_rad_per_s, 1e-12);
    // A number bound in a unit counts what the unit counts.
    const Binding number[] = {{"x", 60.0, std::nullopt, "rpm"}};
    EXPECT_FALSE(evaluate_in("x", number, "rad/s", options));
    EXPECT_NEAR(evaluate_in("x", number, "Hz", options)->central, 1, 1e-12);
    // A result handed back in as a quantity.
    const auto q = evaluate("60 rpm", {}, options);
    ASSERT_TRUE(q);
    const Binding result[] = {{"x", &*q}};
    EXPECT_FALSE(evaluate_in("x * 2", result, "rad/s", options));
    EXPECT_FALSE(value_in(*q, "rad/s", Part::central));
    EXPECT_FALSE(express_in(*q, "deg/s"));
    EXPECT_NEAR(*value_in(*q, "Hz", Part::central), 1, 1e-12);
}

TEST(CyclesAndAngles, ATotalOfCyclesAndAnAngleIsRefused) {
    const Binding terms[] = {{"a", std::string_view("60 rpm")}, {"b", std::string_view("1 rad/s")}};
    const auto total = sum(terms);
    ASSERT_FALSE(total);
    EXPECT_NE(total.error().message.find("cycles (rpm, Hz) and an angle"), std::string::npos) << total.error().message;
    // A total of cycles with a plain rate still counts cycles.
    const Binding plain[] = {{"a", std::string_view("1/s")}, {"b", std::string_view("60 rpm")}};
    const auto cycles = sum(plain);
    ASSERT_TRUE(cycles);
    EXPECT_FALSE(express_in(*cycles, "rad/s"));
    EXPECT_NEAR(*value_in(*cycles, "Hz", Part::central), 2, 1e-12);
}

TEST(CyclesAndAngles, ConvertsUnitsByWhatTheyCount) {
    EXPECT_NEAR(*convert(60, "rpm", "Hz"), 1, 1e-12);
    EXPECT_NEAR(*convert(60, "rpm*turn", "rad/s"), sixty_rpm_in_rad_per_s, 1e-12);
    // $ units -t -d 15 '1 turn/s' 'radian/s'
    // 6.28318530717959
    EXPECT_NEAR(*convert(1, "turn/s", "rad/s"), 6.28318530717959, 1e-12);
    EXPECT_TRUE(refuses_cycles_as_angle(convert(60, "rpm", "rad/s").error()));
    EXPECT_TRUE(refuses_cycles_as_angle(convert(1, "kHz", "°/s").error()));
    EXPECT_TRUE(refuses_angle_as_cycles(convert(1, "rpm*turn", "Hz").error()));
    EXPECT_TRUE(refuses_angle_as_cycles(convert(1, "turn/s", "rpm").error()));
}

TEST(CyclesAndAngles, AnAnglePerTimeIsShownInRadiansNotHertz) {
    // Without `as` a rate is shown in Hz, which would read 1 turn/s as 6.28 Hz.
    EXPECT_EQ(format(*evaluate("1 turn/s")), "6.28 rad/s");
    EXPECT_EQ(format(*evaluate("1 rad/s")), "1.00 rad/s");
    EXPECT_EQ(format(*evaluate("60 rpm * turn")), "6.28 rad/s");
    EXPECT_EQ(format(*evaluate("60 rpm")), "1.00 Hz");
    EXPECT_EQ(format(*evaluate("2 / s")), "2.00 Hz");
    // What is printed reads back as the same angle per time.
    const auto back = evaluate("6.28 rad/s / turn as Hz");
    ASSERT_TRUE(back);
    EXPECT_NEAR(back->central, 6.28 / (2 * std::acos(-1.0)), 1e-12);
}

TEST(CyclesAndAngles, PlainNumbersAndAnglesStillMix) {
    // The radian is 1: angles add to plain numbers and convert among themselves and to plain numbers.
    EXPECT_NEAR(evaluate("1 rad + 1")->central, 2, 1e-12);
    EXPECT_NEAR(evaluate("pi as deg")->central, std::acos(-1.0), 1e-12);
    EXPECT_NEAR(evaluate("10 deg/s as rad/s")->central, 10 * std::acos(-1.0) / 180, 1e-12);
    EXPECT_NEAR(evaluate("60 rpm as 1/min")->central, 1, 1e-12);
    EXPECT_NEAR(evaluate("sqrt(4 rad)")->central, 2, 1e-12);
    EXPECT_NEAR(evaluate("exp(0 rad)")->central, 1, 1e-12);
}

}  // namespace
}  // namespace ballpark
