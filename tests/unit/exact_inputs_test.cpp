// 100% is a fraction, and `to` after a range with a unit converts it: inputs that are exactly right are read as
// typed, in both readings, in the language (a declaration), in QTYVALUE's declared names and in GPUHOURS. The
// values are checked against closed forms computed here.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::run;

EvaluationOptions in_mode(Mode mode) {
    EvaluationOptions o;
    o.mode = mode;
    return o;
}

const std::vector<Mode> both_readings = {EvaluationOptions{}.mode, distribution_mode()};

TEST(ExactInputs, OneHundredPercentIsAFraction) {
    for (const Mode mode : both_readings) {
        Session session(in_mode(mode));
        EXPECT_EQ(run(session, "u: fraction = 100%").value->central, 1);
        EXPECT_EQ(run(session, "u: fraction = 1").value->central, 1);
        if (mode == distribution_mode()) {
            // The 90% reading's law for a declared fraction (a logit-normal through its ends) cannot put a
            // percentile at 1: refused with that reason, not as a value above 1.
            const Error e = error_of(session, "u: fraction = 35% to 100%");
            EXPECT_EQ(e.kind, ErrorKind::domain);
            EXPECT_NE(e.message.find("cannot be a percentile"), std::string::npos) << e.message;
            EXPECT_EQ(e.message.find("at most 1"), std::string::npos) << e.message;
        } else {
            const LineResult range = run(session, "u: fraction = 35% to 100%");
            ASSERT_TRUE(range.value);
            EXPECT_NEAR(range.value->low, 0.35, 1e-12);
            EXPECT_NEAR(range.value->high, 1, 1e-12);
        }
        // Just above 1 is not: a digit in the seventh place is typed on purpose.
        for (const char* above : {"u: fraction = 101%", "u: fraction = 100.00001%", "u: fraction = 0.35 to 1.0000001"}) {
            const Error e = error_of(session, above);
            EXPECT_EQ(e.kind, ErrorKind::domain) << above;
            EXPECT_NE(e.message.find("at most 1"), std::string::npos) << e.message;
        }
    }
    // A declared name of QTYVALUE, in both readings.
    const std::vector<sheet::Arg> pairs = {std::string("u: fraction"), std::string("35% to 100%")};
    const auto high = sheet::qty_value(std::string("u"), {}, std::string("high"), pairs);
    ASSERT_TRUE(high) << high.error().sentence();
    EXPECT_NEAR(*high, 1, 1e-12);
    const auto p95 = sheet::qty_value(std::string("u"), {}, std::string("p95"), pairs);
    ASSERT_FALSE(p95);
    EXPECT_NE(p95.error().message.find("cannot be a percentile"), std::string::npos) << p95.error().message;
}

TEST(ExactInputs, GpuHoursTakesAUtilizationOfOneHundredPercent) {
    // At 100% the fewest hours: 6 FLOP · 70e9 · 2e12 / 312e12 FLOP/s, in hours.
    const double fewest = 6 * 70e9 * 2e12 / 312e12 / 3600;
    for (const sheet::Arg& full : {sheet::Arg{std::string("100%")}, sheet::Arg{1.0}, sheet::Arg{std::string("1")}}) {
        const auto low = sheet::gpu_hours(70e9, 2e12, std::string("A100"), std::string("35%"), full, {}, std::string("low"));
        ASSERT_TRUE(low) << low.error().sentence();
        EXPECT_NEAR(*low / fewest, 1, 1e-12);
        const auto one = sheet::gpu_hours(70e9, 2e12, std::string("A100"), full, {}, {}, {});
        ASSERT_TRUE(one) << one.error().sentence();
        EXPECT_NEAR(*one / fewest, 1, 1e-12);
    }
    const auto above = sheet::gpu_hours(70e9, 2e12, std::string("A100"), std::string("35%"), std::string("101%"), {}, {});
    ASSERT_FALSE(above);
    EXPECT_NE(above.error().message.find("at most 1"), std::string::npos) << above.error().message;
}

TEST(ExactInputs, ToAfterARangeWithAUnitConverts) {
    for (const Mode mode : both_readings) {
        const auto to = evaluate("1 to 2 hour to min", {}, in_mode(mode));
        const auto as = evaluate("1 to 2 hour as min", {}, in_mode(mode));
        ASSERT_TRUE(to) << to.error().sentence();
        ASSERT_TRUE(as) << as.error().sentence();
        EXPECT_EQ(format(*to), format(*as));
        ASSERT_TRUE(to->unit);
        EXPECT_EQ(to->unit->label, "min");
        // 60 and 120 minutes, in seconds; the bounds reading's ends are the range's.
        if (mode == both_readings[0]) {
            EXPECT_NEAR(to->low, 3600, 1e-9);
            EXPECT_NEAR(to->high, 7200, 1e-9);
            EXPECT_EQ(format(*to), "90 [60, 120] min {time}");
        }
    }
    // A range per unit converts too; `1 to 2 hour` alone stays a range, and "3 ft to m" a conversion.
    EXPECT_EQ(format(*evaluate("$1.80 to $2.60 per GPU-hour to USD/hour")), format(*evaluate("$1.80 to $2.60 per GPU-hour as USD/hour")));
    EXPECT_EQ(format(*evaluate("1 to 2 hour")), "1.5 [1.0, 2.0] hour");
    EXPECT_NEAR(evaluate("3 ft to m")->central, 0.9144, 1e-12);
    // A third end is refused with a sentence that says what `to` does after a range.
    const auto three = evaluate("1 to 2 to 3");
    ASSERT_FALSE(three);
    EXPECT_EQ(three.error().kind, ErrorKind::syntax);
    EXPECT_EQ(three.error().column, 8);
    EXPECT_NE(three.error().hint.find("converts into a unit"), std::string::npos) << three.error().hint;
    const auto dangling = evaluate("1 to 2 hour to");
    ASSERT_FALSE(dangling);
    EXPECT_EQ(dangling.error().kind, ErrorKind::syntax);
}

}  // namespace
}  // namespace ballpark
