// Unit tests of the lexer (core/src/lexer.cpp): token kinds, values, columns in code points, and its errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "ballpark/error.hpp"
#include "language/lexer.hpp"

namespace ballpark {
namespace {

std::vector<TokenKind> kinds(std::string_view text) {
    std::vector<TokenKind> out;
    for (const Token& t : tokenize(text)) out.push_back(t.kind);
    return out;
}

// The error a text raises, or a failed test when it raises none.
Error lex_error(std::string_view text) {
    try {
        tokenize(text);
    } catch (const ErrorException& e) {
        return e.error();
    }
    ADD_FAILURE() << "tokenize(\"" << text << "\") raised no error";
    return {};
}

using enum TokenKind;

TEST(Lexer, SplitsARateIntoNumberUnitSlashUnit) {
    const auto tokens = tokenize("312 TFLOP/s");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].kind, number);
    EXPECT_EQ(tokens[0].number, 312.0);
    EXPECT_EQ(tokens[1].kind, identifier);
    EXPECT_EQ(tokens[1].text, "TFLOP");
    EXPECT_EQ(tokens[2].kind, slash);
    EXPECT_EQ(tokens[3].kind, identifier);
    EXPECT_EQ(tokens[3].text, "s");
    EXPECT_EQ(tokens[4].kind, end);
}

TEST(Lexer, ReadsDecimalAndExponentNumbers) {
    EXPECT_EQ(tokenize("1.5")[0].number, 1.5);
    EXPECT_EQ(tokenize(".25")[0].number, 0.25);
    EXPECT_EQ(tokenize("1e23")[0].number, 1e23);
    EXPECT_EQ(tokenize("2.5E-3")[0].number, 2.5e-3);
    EXPECT_EQ(tokenize("7e+2")[0].number, 700.0);
    EXPECT_EQ(kinds("1e23"), (std::vector{number, end}));
}

// Whole numbers of up to 15 digits are read as integers, longer ones and decimals by std::from_chars; either way
// the token holds the correctly rounded double, checked against the C library's strtod.
TEST(Lexer, ReadsWholeNumbersOfEveryLengthAsTheCorrectlyRoundedDouble) {
    for (const char* literal : {"0", "7", "312", "999999999999999", "1000000000000000", "9007199254740993",
                                "18446744073709551617", "123456789012345678901234567890", "0012", "1.5", "2e3"}) {
        const std::vector<Token> tokens = tokenize(literal);
        ASSERT_EQ(tokens.size(), 2u) << literal;
        EXPECT_EQ(tokens[0].kind, TokenKind::number) << literal;
        EXPECT_EQ(tokens[0].number, std::strtod(literal, nullptr)) << literal;
        EXPECT_EQ(tokens[0].text, literal);
    }
}

TEST(Lexer, ReadsAnExponentOnlyWhenDigitsFollowSoTwoExabyteStaysAUnit) {
    const auto tokens = tokenize("2EB");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[0].number, 2.0);
    EXPECT_EQ(tokens[1].text, "EB");
    const auto three_e = tokenize("3e");
    ASSERT_EQ(three_e.size(), 3u);
    EXPECT_EQ(three_e[0].number, 3.0);
    EXPECT_EQ(three_e[1].text, "e");
}

TEST(Lexer, SplitsANumberFromTheLettersRightAfterIt) {
    const auto tokens = tokenize("70B");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[0].number, 70.0);
    EXPECT_EQ(tokens[1].kind, identifier);
    EXPECT_EQ(tokens[1].text, "B");
}

TEST(Lexer, ReadsSuperscriptPowersAsOneToken) {
    const auto squared = tokenize("m²");
    ASSERT_EQ(squared.size(), 3u);
    EXPECT_EQ(squared[1].kind, superscript);
    EXPECT_EQ(squared[1].number, 2.0);

    const auto inverse = tokenize("s⁻¹");
    ASSERT_EQ(inverse.size(), 3u);
    EXPECT_EQ(inverse[1].kind, superscript);
    EXPECT_EQ(inverse[1].number, -1.0);

    const auto twenty_three = tokenize("10²³");
    ASSERT_EQ(twenty_three.size(), 3u);
    EXPECT_EQ(twenty_three[1].number, 23.0);
}

TEST(Lexer, CountsColumnsInCharactersNotBytes) {
    // "µ" and "²" are two bytes each in UTF-8 but one column each.
    const auto tokens = tokenize("µs² + x");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].text, "µs");
    EXPECT_EQ(tokens[0].column, 1);
    EXPECT_EQ(tokens[1].column, 3);  // ²
    EXPECT_EQ(tokens[2].kind, plus);
    EXPECT_EQ(tokens[2].column, 5);
    EXPECT_EQ(tokens[3].column, 7);
    EXPECT_EQ(tokens[4].column, 8);  // the end, one past the last character
}

TEST(Lexer, ReadsUnicodeOperatorsAsTheirAsciiCounterparts) {
    EXPECT_EQ(kinds("a · b"), (std::vector{identifier, star, identifier, end}));
    EXPECT_EQ(kinds("a × b"), (std::vector{identifier, star, identifier, end}));
    EXPECT_EQ(kinds("a ⋅ b"), (std::vector{identifier, star, identifier, end}));
    EXPECT_EQ(kinds("a − b"), (std::vector{identifier, minus, identifier, end}));
    EXPECT_EQ(kinds("a ÷ b"), (std::vector{identifier, slash, identifier, end}));
}

TEST(Lexer, EndsANameAtAMiddleDotWithoutSpaces) {
    EXPECT_EQ(kinds("N·m"), (std::vector{identifier, star, identifier, end}));
    EXPECT_EQ(kinds("kg·m²"), (std::vector{identifier, star, identifier, superscript, end}));
}

TEST(Lexer, ReadsEveryAsciiOperator) {
    EXPECT_EQ(kinds("+-*/^(),="), (std::vector{plus, minus, star, slash, caret, left_paren, right_paren, comma, equals, end}));
}

TEST(Lexer, TreatsSemicolonAsAnArgumentSeparatorLikeCalc) {
    EXPECT_EQ(kinds("max(1; 2)"), (std::vector{identifier, left_paren, number, comma, number, right_paren, end}));
}

TEST(Lexer, ReadsToAndAsAsKeywordsOnlyAsWholeWords) {
    EXPECT_EQ(kinds("3 to 5 as tons"), (std::vector{number, keyword_to, number, keyword_as, identifier, end}));
    EXPECT_EQ(kinds("tomato"), (std::vector{identifier, end}));
    EXPECT_EQ(kinds("ask"), (std::vector{identifier, end}));
}

TEST(Lexer, ReadsPercentAndDollarAsOneCharacterNames) {
    const auto tokens = tokenize("$2.50 + 35%");
    ASSERT_EQ(tokens.size(), 6u);
    EXPECT_EQ(tokens[0].kind, identifier);
    EXPECT_EQ(tokens[0].text, "$");
    EXPECT_EQ(tokens[1].number, 2.5);
    EXPECT_EQ(tokens[4].kind, identifier);
    EXPECT_EQ(tokens[4].text, "%");
}

TEST(Lexer, StopsAtAHashComment) {
    EXPECT_EQ(kinds("2 hour # the rest is ignored: (((  \xff"), (std::vector{number, identifier, end}));
    EXPECT_EQ(kinds("# only a comment"), (std::vector{end}));
}

TEST(Lexer, SkipsSpacesTabsAndNoBreakSpaces) {
    EXPECT_EQ(kinds(" \t2\u00A0hour\r\n"), (std::vector{number, identifier, end}));
}

TEST(Lexer, ReadsNamesWithDigitsAndUnderscores) {
    const auto tokens = tokenize("per_param_token2 h100");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[0].text, "per_param_token2");
    EXPECT_EQ(tokens[1].text, "h100");
}

// "35–55%" with an en dash is refused with the words to write for a range and for a minus, not read as a unit "–55".
TEST(Lexer, RefusesAnEnOrEmDashWithTheWordsForARangeAndAMinus) {
    for (const auto& [text, column] : {std::pair{"35\u201355%", 3}, std::pair{"2\u20143 hour", 2}, std::pair{"GPU\u2013hour", 4}}) {
        const Error e = lex_error(text);
        EXPECT_EQ(e.column, column) << text;
        EXPECT_NE(e.message.find("is not an operator here"), std::string::npos) << e.message;
        EXPECT_NE(e.hint.find("\"to\" for a range"), std::string::npos) << e.hint;
    }
}

TEST(Lexer, RejectsInvalidUtf8WithItsColumn) {
    const Error e = lex_error("1 + \xff");
    EXPECT_EQ(e.column, 5);
    EXPECT_NE(e.message.find("not valid UTF-8"), std::string::npos) << e.message;
}

TEST(Lexer, RejectsAnOverlongUtf8Encoding) {
    // 0xC0 0xAF is an overlong encoding of "/", which a decoder must refuse.
    const Error e = lex_error("1 \xC0\xAF 2");
    EXPECT_EQ(e.column, 3);
}

TEST(Lexer, RejectsATruncatedUtf8SequenceInsideAName) {
    const Error e = lex_error("ab\xC2");
    EXPECT_EQ(e.column, 3);
    EXPECT_NE(e.message.find("UTF-8"), std::string::npos) << e.message;
}

TEST(Lexer, RejectsControlCharactersIncludingNul) {
    const Error e = lex_error(std::string_view("1 \0 2", 5));
    EXPECT_EQ(e.column, 3);
    EXPECT_NE(e.message.find("control character"), std::string::npos) << e.message;
}

TEST(Lexer, RejectsAnUnexpectedCharacterWithItsColumn) {
    const Error e = lex_error("2 @ 3");
    EXPECT_EQ(e.column, 3);
    EXPECT_NE(e.message.find("\"@\""), std::string::npos) << e.message;
}

TEST(Lexer, RejectsANumberBeyondDoublePrecision) {
    const Error e = lex_error("x + 1e999");
    EXPECT_EQ(e.column, 5);
    EXPECT_NE(e.message.find("1e999"), std::string::npos) << e.message;
}

TEST(Lexer, RejectsASuperscriptMinusWithoutDigits) {
    const Error e = lex_error("m⁻");
    EXPECT_EQ(e.column, 2);
}

TEST(Lexer, RejectsAVeryLongName) {
    const Error e = lex_error(std::string(300, 'x'));
    EXPECT_EQ(e.column, 1);
    EXPECT_NE(e.message.find("300"), std::string::npos) << e.message;
}

TEST(Lexer, RejectsTextLongerThanItsLimit) {
    const Error e = lex_error(std::string(100'001, ' '));
    EXPECT_NE(e.message.find("100001"), std::string::npos) << e.message;
}

TEST(Lexer, RecordsWhetherSpaceComesBeforeEachToken) {
    // "30%-50%": neither side of the minus has a space; "30% - 50%": both do.
    const auto tight = tokenize("30%-50%");
    ASSERT_EQ(tight.size(), 6u);
    EXPECT_TRUE(tight[0].space_before);  // the start of the text counts as space
    EXPECT_FALSE(tight[2].space_before);
    EXPECT_FALSE(tight[3].space_before);
    const auto spaced = tokenize("30% - 50%");
    EXPECT_TRUE(spaced[2].space_before);
    EXPECT_TRUE(spaced[3].space_before);
    EXPECT_TRUE(tokenize("1\t-2")[1].space_before);
    EXPECT_TRUE(tokenize("1\u00A0-2")[1].space_before);
}

TEST(Lexer, ReadsTheBracketsOfAPrintedRange) {
    EXPECT_EQ(kinds("1.7 [1.4, 2.1]"),
              (std::vector<TokenKind>{number, left_bracket, number, comma, number, right_bracket, end}));
}

TEST(Lexer, ReadsADimensionInBracesAsOneToken) {
    const auto tokens = tokenize("1 {compute rate}");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[1].kind, dimension_label);
    EXPECT_EQ(tokens[1].text, "compute rate");
    EXPECT_EQ(tokens[1].column, 3);
    EXPECT_EQ(tokens[2].column, 17);  // 14 characters from "{" to "}" inclusive
    EXPECT_EQ(tokenize("{ time }")[0].text, "time");
}

TEST(Lexer, RejectsABraceThatIsNotClosed) {
    const Error e = lex_error("1 hour {time");
    EXPECT_EQ(e.column, 8);
    EXPECT_NE(e.message.find("Expected \"}\""), std::string::npos) << e.message;
}

TEST(Lexer, DescribesTokenKindsInWords) {
    EXPECT_STREQ(describe(TokenKind::end), "the end of the text");
    EXPECT_STREQ(describe(TokenKind::number), "a number");
    EXPECT_STREQ(describe(TokenKind::right_paren), "\")\"");
    EXPECT_STREQ(describe(TokenKind::left_bracket), "\"[\"");
    EXPECT_STREQ(describe(TokenKind::dimension_label), "a dimension in braces");
}

}  // namespace
}  // namespace ballpark
