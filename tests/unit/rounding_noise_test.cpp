// Numbers that differ only by floating-point rounding: a range whose ends are one number written two ways, and
// percentiles of the 90% reading that are zero but for rounding or quadrature noise.
//
// References: 0.1 + 0.2 is 0.30000000000000004 in binary64 (one unit in the last place above 0.3); `0% to 10%`
// is the normal with 5th percentile exactly 0; X - Y for independent X and Y alike is symmetric about 0, so its
// median is exactly 0 and its 5th percentile minus its 95th.
#include <gtest/gtest.h>

#include <string>

#include "ballpark/format.hpp"
#include "ballpark/session.hpp"

namespace ballpark {
namespace {

std::string shown(Session& session, const std::string& line) {
    const auto r = session.run(line);
    if (!r) return "error: " + r.error().sentence();
    return r->value ? format(*r->value) : std::string{};
}

TEST(RoundingNoise, ARangeWhoseEndsDifferOnlyByRoundingIsThatNumber) {
    ASSERT_GT(0.1 + 0.2, 0.3);
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        Session session(EvaluationOptions{mode});
        EXPECT_EQ(shown(session, "0.1+0.2 to 0.3"), "0.300");
        // A range that really goes down is still refused.
        EXPECT_NE(shown(session, "0.31 to 0.3").find("goes down"), std::string::npos);
    }
    Session session;
    const auto t = session.tornado("(0.1+0.2 to 0.3) * (1 to 2)");
    ASSERT_TRUE(t) << t.error().sentence();
    EXPECT_EQ(t->bars.size(), 1u);  // only 1 to 2 is an input
}

TEST(RoundingNoise, PercentilesWithinRoundingOfZeroPrintAsZero) {
    Session session(EvaluationOptions{Mode::distribution});
    EXPECT_EQ(shown(session, "0% to 10%"), "0.050 [0, 0.10]");
    const std::string difference = shown(session, "(1 to 100) - (1 to 100)");
    EXPECT_EQ(difference.substr(0, 3), "0 [") << difference;
    // A bound of the bounds reading keeps its sign, however small.
    Session bounds;
    EXPECT_NE(shown(bounds, "-1e-300 to 1").find("-1.0"), std::string::npos);
}

TEST(RoundingNoise, ASquareRootOfARangeFromZeroSaysTheRangeIsANormal) {
    Session session(EvaluationOptions{Mode::distribution});
    const auto r = session.run("sqrt(0 to 4)");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().hint.find("is a normal"), std::string::npos) << r.error().sentence();
    EXPECT_NE(r.error().hint.find("uniform(0, 4)"), std::string::npos) << r.error().sentence();
    EXPECT_EQ(shown(session, "sqrt(uniform(0, 4))").substr(0, 4), "1.4 ");  // sqrt of the uniform's median 2
}

}  // namespace
}  // namespace ballpark
