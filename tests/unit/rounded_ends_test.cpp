// Ends of a range that differ only by rounding: a cell =0.1+0.2 (0.30000000000000004, one unit in the last place
// above 0.3) beside a cell 0.3 is one number written two ways, not a range that goes down, in every reading and in
// the sheet layer. The reference is exact: 0.1 + 0.2 and 0.3 as doubles, which every result must enclose (bounds)
// or agree with to a few units in the last place (percentiles, tornado).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

const double sum = 0.1 + 0.2;  // 0.30000000000000004
constexpr double three_tenths = 0.3;

class RoundedEndsInEveryMode : public ::testing::TestWithParam<Mode> {};

INSTANTIATE_TEST_SUITE_P(Modes, RoundedEndsInEveryMode, ::testing::Values(Mode::bounds, Mode::interval, Mode::distribution),
                         [](const auto& info) { return std::string(mode_name(info.param)); });

TEST_P(RoundedEndsInEveryMode, TwoEndsThatDifferByRoundingAreARangeInEitherOrder) {
    ASSERT_GT(sum, three_tenths);
    const EvaluationOptions options{GetParam()};
    for (const auto& [low, high] : {std::pair{sum, three_tenths}, std::pair{three_tenths, sum}}) {
        const Binding x[] = {{"x", low, high}};
        const auto q = evaluate("x", x, options);
        ASSERT_TRUE(q) << low << " to " << high << ": " << q.error().sentence();
        EXPECT_NEAR(q->central, 0.3, 1e-15);
        if (GetParam() != Mode::distribution) {
            EXPECT_LE(q->low, three_tenths);
            EXPECT_GE(q->high, sum);
        }
    }
    // With a central cell between them: low, central and high in three cells.
    const Binding three[] = {{"x", sum, three_tenths, {}, 0.3}};
    const auto q = evaluate("x", three, options);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_NEAR(q->central, 0.3, 1e-15);
}

TEST_P(RoundedEndsInEveryMode, ARangeThatReallyGoesDownIsStillRefused) {
    const EvaluationOptions options{GetParam()};
    const Binding x[] = {{"x", 0.31, 0.3}};
    const auto q = evaluate("x", x, options);
    ASSERT_FALSE(q);
    EXPECT_NE(q.error().message.find("goes down"), std::string::npos) << q.error().message;
    const Binding three[] = {{"x", 0.3, 0.5, {}, 0.29}};
    EXPECT_FALSE(evaluate("x", three, options));
}

TEST(RoundedEnds, TheSheetReadsTwoCellsThatDifferByRoundingAsOneValue) {
    using sheet::Arg;
    using sheet::Cells;
    const std::vector<Arg> pairs{std::string("x"), Cells{1, 2, {sum, three_tenths}}};
    for (const char* part : {"low", "central", "high", "p5", "p95"}) {
        const auto r = sheet::qty_value(std::string("x"), Arg{}, std::string(part), pairs);
        ASSERT_TRUE(r) << part << ": " << r.error().sentence();
        EXPECT_NEAR(*r, 0.3, 1e-15) << part;
    }
    const std::vector<Arg> three{std::string("x"), Cells{1, 3, {sum, three_tenths, 0.5}}};
    const auto r = sheet::qty_value(std::string("x"), Arg{}, std::string("central"), three);
    ASSERT_TRUE(r) << r.error().sentence();
    EXPECT_NEAR(*r, 0.3, 1e-15);
    // The tornado's reading too: the input cannot move the result.
    const auto swing = sheet::qty_swing(std::string("x * 2"), 1.0, Arg{}, Arg{}, pairs);
    ASSERT_TRUE(swing) << swing.error().sentence();
    EXPECT_NEAR(*swing, 0, 1e-15);
}

}  // namespace
}  // namespace ballpark
