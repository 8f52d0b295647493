// Hostile and runaway input gives a sentence, never a crash, a hang or a number that means nothing
// (core/src/language/limits.hpp has the bounds, docs/robustness.md lists them).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "testing.hpp"

namespace {

using ballpark::Binding;

std::string repeat(std::string_view text, std::size_t times) {
    std::string out;
    out.reserve(text.size() * times);
    for (std::size_t k = 0; k < times; ++k) out += text;
    return out;
}

using ballpark::testing::sentence_of;

// The error of the last line run in one session.
std::string session_error(std::initializer_list<std::string_view> lines) {
    ballpark::Session session;
    ballpark::Result<ballpark::LineResult> last;
    for (std::string_view line : lines) last = session.run(line);
    if (last) {
        ADD_FAILURE() << "expected the last line to fail";
        return {};
    }
    return last.error().sentence();
}

TEST(Limits, AnExpressionOfMoreThan100000BytesIsRefusedWithItsLength) {
    const std::string text = "1" + std::string(100'000, ' ');
    EXPECT_EQ(sentence_of(text), "The text is 100001 bytes long; Ballpark reads at most 100000 bytes in one expression.");
}

TEST(Limits, AnExpressionOfExactly100000BytesIsRead) {
    const auto result = ballpark::evaluate("1" + std::string(99'999, ' '));
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->central, 1);
}

TEST(Limits, OneHundredThousandNestedParenthesesGiveAnErrorNotAStackOverflow) {
    const std::string text = repeat("(", 100'000) + "1" + repeat(")", 100'000);
    EXPECT_NE(sentence_of(text).find("Ballpark reads at most 100000 bytes"), std::string::npos);
}

TEST(Limits, NestingDeeperThan500LevelsWithinTheLengthLimitSaysWhere) {
    const std::string text = repeat("(", 9'000) + "1" + repeat(")", 9'000);  // under the token limit
    EXPECT_EQ(sentence_of(text),
              "The expression nests deeper than 500 levels at column 501; split it into named steps.");
}

TEST(Limits, FiveHundredNestedParenthesesAreRead) {
    const auto result = ballpark::evaluate(repeat("(", 499) + "2" + repeat(")", 499));
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->central, 2);
}

TEST(Limits, LongChainsOfSignsPowersAndSumsAreCutOffAsTooDeep) {
    EXPECT_NE(sentence_of(repeat("-", 19'000) + "1").find("nests deeper than 500 levels"), std::string::npos);
    EXPECT_NE(sentence_of(repeat("2^", 9'000) + "2").find("nests deeper than 500 levels"), std::string::npos);
    EXPECT_NE(sentence_of("1" + repeat("+1", 9'000)).find("more than 500 operations deep"), std::string::npos);
}

TEST(Limits, DeepNestingInANotebookLineIsAnErrorToo) {
    EXPECT_NE(session_error({"x = " + repeat("(", 9'000) + "1" + repeat(")", 9'000)}).find("nests deeper"),
              std::string::npos);
}

TEST(Limits, MoreThan20000TokensAreRefused) {
    const std::string text = repeat("1,", 10'001);
    EXPECT_EQ(sentence_of(text), "The expression has more than 20000 tokens, more than Ballpark reads.");
}

TEST(Limits, AProductBeyondDoublePrecisionIsAnErrorNotInfinity) {
    EXPECT_EQ(sentence_of("1e308 * 10"),
              "The result at column 7 is beyond double precision (larger than about 1.8 × 10^308, or not a number).");
    EXPECT_NE(sentence_of("exp(1000)").find("beyond double precision"), std::string::npos);
    EXPECT_NE(sentence_of("10 ^ 400").find("beyond double precision"), std::string::npos);
}

TEST(Limits, ANumberTooLargeForDoublePrecisionIsAnError) {
    EXPECT_EQ(sentence_of("1e309"),
              "The number \"1e309\" at column 1 is beyond the range of double precision (about 1.8 × 10^308).");
    EXPECT_NE(sentence_of("2 * " + std::string(400, '9')).find("beyond the range of double precision"), std::string::npos);
}

TEST(Limits, ANumberTooSmallForDoublePrecisionIsAnErrorNotASilentZero) {
    EXPECT_EQ(sentence_of("1 / 1e-400"),
              "The number \"1e-400\" at column 5 is too small for double precision (below about 4.9 × 10^-324); write "
              "0 if zero is meant.");
    EXPECT_NE(sentence_of("0." + std::string(400, '0') + "1").find("too small for double precision"), std::string::npos);
}

TEST(Limits, ZeroWrittenWithAHugeExponentIsStillZero) {
    const auto result = ballpark::evaluate("0e-999999");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->central, 0);
}

TEST(Limits, ASubnormalNumberIsReadAsAValue) {
    const auto result = ballpark::evaluate("1e-320");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_GT(result->central, 0);
    EXPECT_LT(result->central, std::numeric_limits<double>::min());
}

TEST(Limits, AResultThatUnderflowsIsAValueWhoseRangeStillHoldsTheTrueResult) {
    // 1e-400 is not zero: the bounds say so (low 0, high the smallest subnormal) while the central value is 0.
    const auto result = ballpark::evaluate("1e-200 * 1e-200");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->central, 0);
    EXPECT_GE(result->low, 0);
    EXPECT_GT(result->high, 0);
}

TEST(Limits, RangesOfSubnormalNumbersAreFormatted) {
    // Found by fuzz_expression: 10^-324 is 0 in double precision, and dividing by it formatted as "inf".
    const auto tiny = ballpark::evaluate("2 ^ -1074");
    ASSERT_TRUE(tiny) << tiny.error().sentence();
    EXPECT_EQ(ballpark::format(*tiny), "4.9 [0, 9.9] × 10⁻³²⁴");
    const auto range = ballpark::evaluate("1e-320 to 3e-320");
    ASSERT_TRUE(range) << range.error().sentence();
    EXPECT_EQ(ballpark::format(*range), "2.0 [1.0, 3.0] × 10⁻³²⁰");
}

TEST(Limits, ARangeTooWideForOnePowerOfTenIsFormattedNumberByNumber) {
    // Found by fuzz_expression: the central value is 0.5^1024, about 5.6 × 10^-309, and the high end 1.
    const auto wide = ballpark::evaluate("(0 to 1) ^ 1024");
    ASSERT_TRUE(wide) << wide.error().sentence();
    EXPECT_EQ(ballpark::format(*wide), "5.6 × 10⁻³⁰⁹ [0, 1.0]");
}

TEST(Limits, AValueBeyondDoublePrecisionInItsDisplayUnitIsAnErrorNotInfinity) {
    EXPECT_EQ(sentence_of("1e300 m as 1e-300 m"),
              "The value is beyond double precision when written in \"1e-300 m\" (column 9).");
    const auto q = ballpark::unit_quantity("1e300 m");
    ASSERT_TRUE(q);
    const auto expressed = ballpark::express_in(*q, "1e-300 m");
    ASSERT_FALSE(expressed);
    EXPECT_EQ(expressed.error().sentence(), "The value is beyond double precision when written in \"1e-300 m\".");
}

TEST(Limits, AUnitWithASubnormalSizeIsRefused) {
    // Found by fuzz_units: "-321e-320 m" converted to itself lost digits (3.5 came back as 3.4999992).
    const auto result = ballpark::convert(3.5, "-321e-320 m", "-321e-320 m");
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("has no usable size"), std::string::npos) << result.error().message;
}

TEST(Limits, AConversionWhoseIntermediateWouldUnderflowGivesTheRightNumber) {
    const auto result = ballpark::convert(1e-200, "1e-200 m", "1e-300 m");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_DOUBLE_EQ(*result, 1e-100);
}

TEST(Limits, ANegativePowerWhosePositiveCounterpartOverflowsKeepsTheTrueValueInItsRange) {
    // Found by fuzz_expression: 10^309 overflows, and 1 / [10^308, ∞] had given 10⁻³⁰⁹ the range [0, 4.9 × 10^-324].
    for (const char* text : {"10⁻³⁰⁹", "10 ^ -309", "10 ^ -320"}) {
        const auto q = ballpark::evaluate(text);
        ASSERT_TRUE(q) << q.error().sentence();
        EXPECT_LE(q->low, q->central) << text;
        EXPECT_LE(q->central, q->high) << text;
        EXPECT_GT(q->low, 0) << text;
    }
    const auto q = ballpark::evaluate("10 ^ -309");
    EXPECT_LE(q->low, 1e-309);
    EXPECT_GE(q->high, 1e-309);
}

TEST(Limits, ABindingThatIsNotANumberIsRefused) {
    const Binding bindings[] = {{"x", std::numeric_limits<double>::quiet_NaN()}};
    const auto result = ballpark::evaluate("x * 2", bindings);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().sentence(), "The value of \"x\" must be a finite number, but it is not a number (NaN).");
}

TEST(Limits, AnInfiniteBindingIsRefused) {
    const Binding plus[] = {{"x", std::numeric_limits<double>::infinity()}};
    const Binding minus[] = {{"y", -std::numeric_limits<double>::infinity()}};
    const auto a = ballpark::evaluate("x", plus);
    const auto b = ballpark::evaluate("y", minus);
    ASSERT_FALSE(a);
    ASSERT_FALSE(b);
    EXPECT_EQ(a.error().sentence(), "The value of \"x\" must be a finite number, but it is infinity.");
    EXPECT_EQ(b.error().sentence(), "The value of \"y\" must be a finite number, but it is minus infinity.");
}

TEST(Limits, AnInfiniteBindingIsRefusedEvenWhenTheExpressionDoesNotUseIt) {
    const Binding bindings[] = {{"unused", std::numeric_limits<double>::infinity()}};
    EXPECT_FALSE(ballpark::evaluate("1", bindings));
}

TEST(Limits, NaNAndInfinityWrittenAsTextAreUnknownNames) {
    EXPECT_NE(sentence_of("nan").find("Unknown variable \"nan\""), std::string::npos);
    EXPECT_NE(sentence_of("inf * 2").find("Unknown variable \"inf\""), std::string::npos);
}

TEST(Limits, ConvertingNaNOrInfinityIsRefused) {
    const auto nan = ballpark::convert(std::numeric_limits<double>::quiet_NaN(), "m", "ft");
    const auto inf = ballpark::convert(std::numeric_limits<double>::infinity(), "m", "ft");
    ASSERT_FALSE(nan);
    ASSERT_FALSE(inf);
    EXPECT_EQ(nan.error().sentence(), "The value to convert must be a finite number, but it is not a number (NaN).");
    EXPECT_EQ(inf.error().sentence(), "The value to convert must be a finite number, but it is infinity.");
}

TEST(Limits, AConversionOrValueBeyondDoublePrecisionIsAnErrorNotInfinity) {
    const auto converted = ballpark::convert(1e300, "1e300 m", "1e-300 m");
    ASSERT_FALSE(converted);
    EXPECT_EQ(converted.error().sentence(), "The converted value is beyond double precision.");
    const auto q = ballpark::unit_quantity("1e300 m");
    ASSERT_TRUE(q);
    const auto value = ballpark::value_in(*q, "1e-300 m", ballpark::Part::central);
    ASSERT_FALSE(value);
    EXPECT_EQ(value.error().sentence(), "The value in \"1e-300 m\" is beyond double precision.");
}

TEST(Limits, InvalidUtf8IsRefusedWithItsColumn) {
    EXPECT_EQ(sentence_of("1 \xff"), "The text is not valid UTF-8 at column 3.");
    EXPECT_EQ(sentence_of("2 m\xc3"), "The text is not valid UTF-8 at column 4.");  // a name cut in the middle
    EXPECT_EQ(sentence_of("\xc0\x80"), "The text is not valid UTF-8 at column 1.");          // overlong NUL
    EXPECT_EQ(sentence_of("1 + \xed\xa0\x80"), "The text is not valid UTF-8 at column 5.");  // a surrogate
    EXPECT_EQ(sentence_of("\xf4\x90\x80\x80"), "The text is not valid UTF-8 at column 1.");  // above U+10FFFF
}

TEST(Limits, InvalidUtf8InAUnitStringIsRefused) {
    const auto result = ballpark::convert(1, "m\xff", "ft");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().sentence(), "The text is not valid UTF-8 at column 2.");
}

TEST(Limits, ControlCharactersAreRefusedWithTheirCode) {
    EXPECT_EQ(sentence_of("1 \x07 2"), "Found the control character 7 at column 3; expressions are plain text.");
    EXPECT_EQ(sentence_of("1\x7f"), "Found the control character 127 at column 2; expressions are plain text.");
}

TEST(Limits, ANulInsideTheTextIsRefusedAndNothingAfterItIsIgnored) {
    EXPECT_EQ(sentence_of(std::string_view("1\0 + 2", 6)),
              "Found the control character 0 at column 2; expressions are plain text.");
    const auto unit = ballpark::convert(1, std::string_view("m\0ft", 4), "m");
    ASSERT_FALSE(unit);
    EXPECT_EQ(unit.error().sentence(), "Found the control character 0 at column 2; expressions are plain text.");
}

TEST(Limits, TabsAndLineBreaksAreSpaces) {
    const auto result = ballpark::evaluate("1\t+\r\n2");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->central, 3);
}

TEST(Limits, ANameLongerThan200CharactersIsRefused) {
    EXPECT_EQ(sentence_of("2 * " + std::string(201, 'x')),
              "A name at column 5 is 201 characters long; names may have at most 200.");
    // Characters, not bytes: 201 two-byte letters.
    EXPECT_EQ(sentence_of(repeat("é", 201)), "A name at column 1 is 201 characters long; names may have at most 200.");
}

TEST(Limits, ANameOf200CharactersIsReadAsAName) {
    EXPECT_NE(sentence_of(std::string(200, 'x')).find("Unknown variable"), std::string::npos);
}

TEST(Limits, AVeryLongUnitStringIsRefusedAsANameOrAsText) {
    const auto name = ballpark::convert(1, std::string(201, 'm'), "m");
    ASSERT_FALSE(name);
    EXPECT_NE(name.error().message.find("names may have at most 200"), std::string::npos);
    const auto text = ballpark::convert(1, repeat("m*", 60'000), "m");
    ASSERT_FALSE(text);
    EXPECT_NE(text.error().message.find("Ballpark reads at most 100000 bytes"), std::string::npos);
}

TEST(Limits, AFunctionThatCallsItselfIsStoppedWithASentence) {
    EXPECT_EQ(session_error({"f(x) = f(x)", "f(1)"}),
              "\"f\" calls itself more than 64 levels deep; a function may not depend on itself.");
}

TEST(Limits, FunctionsThatCallEachOtherInACircleAreStopped) {
    EXPECT_NE(session_error({"f(x) = g(x) + 1", "g(x) = f(x) * 2", "f(1)"}).find("levels deep"), std::string::npos);
}

TEST(Limits, FunctionsThatDoubleTheWorkOnEveryLineAreStoppedQuickly) {
    // f59 would take 2^59 steps: the step limit stops it instead of hanging the notebook or the sheet.
    ballpark::Session session;
    ASSERT_TRUE(session.run("f0(x) = x"));
    for (int k = 1; k < 60; ++k) {
        const std::string line = "f" + std::to_string(k) + "(x) = f" + std::to_string(k - 1) + "(x) + f" +
                                 std::to_string(k - 1) + "(x)";
        ASSERT_TRUE(session.run(line));
    }
    const auto start = std::chrono::steady_clock::now();
    const auto result = session.run("f59(1)");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_FALSE(result);
    EXPECT_NE(result.error().message.find("takes more than 1000000 steps"), std::string::npos)
        << result.error().message;
    EXPECT_LT(seconds, 60.0);  // about 0.2 s in a release build; ThreadSanitizer on a busy machine takes 10 s or more
}

TEST(Limits, AFunctionCalledManyTimesWithinTheStepLimitWorks) {
    ballpark::Session session;
    ASSERT_TRUE(session.run("f0(x) = x"));
    for (int k = 1; k <= 10; ++k) {
        ASSERT_TRUE(session.run("f" + std::to_string(k) + "(x) = f" + std::to_string(k - 1) + "(x) + f" +
                                std::to_string(k - 1) + "(x)"));
    }
    const auto result = session.run("f10(1)");
    ASSERT_TRUE(result) << result.error().sentence();
    EXPECT_EQ(result->value->central, 1024);
}

}  // namespace
