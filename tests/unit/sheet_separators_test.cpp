// Numbers written with thousands separators in a text ("1.500", "1,500", "8,000,000,000"), which locales read
// differently: the sheet functions refuse them the same way in every locale, and read a number that no locale
// groups as every locale reads it. The truth is the C++ library's own locale-aware reading (std::num_get with a
// German and an English numpunct, grouping by three), not Ballpark's scanner.
#include <gtest/gtest.h>

#include <cctype>
#include <locale>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

using Args = std::vector<Arg>;
using S = std::string;

// A locale's punctuation: its decimal separator and its thousands separator between groups of three digits.
class Punctuation : public std::numpunct<char> {
public:
    Punctuation(char decimal, char thousands) : decimal_(decimal), thousands_(thousands) {}

private:
    char do_decimal_point() const override { return decimal_; }
    char do_thousands_sep() const override { return thousands_; }
    std::string do_grouping() const override { return "\3"; }
    char decimal_;
    char thousands_;
};

// The whole text read as one number by a locale with that punctuation; nothing when the locale does not read it
// (a wrong grouping, a stray separator).
std::optional<double> read_in(const S& text, char decimal, char thousands) {
    std::istringstream in(text);
    in.imbue(std::locale(std::locale::classic(), new Punctuation(decimal, thousands)));
    double x = 0;
    in >> x;
    if (in.fail() || in.peek() != std::char_traits<char>::eof()) return std::nullopt;
    return x;
}

std::optional<double> german(const S& text) { return read_in(text, ',', '.'); }
std::optional<double> english(const S& text) { return read_in(text, '.', ','); }

S sentence(const Result<double>& r) { return r ? S("no error") : r.error().sentence(); }

const std::vector<S> texts = {"1.500",   "12.345",  "1.500.000", "1,500",  "8,000,000,000", "1.500,5", "1,500.5",
                              "1.500e3", "70.000",  "100.000",   "1.5",    "1.50",          "1.2345",  "1.5000",
                              "1234.567", "12.5",   "999",       "0.5",    "2e3"};

// A leading 0 is no thousands group in any locale's writing (0.125 is never how a sheet writes 125), though a
// German reader that is lenient about the first group reads it so; refusing it would refuse every fraction with
// three decimals.
bool leading_zero(const S& text) { return text.size() > 1 && text[0] == '0' && !std::isdigit(static_cast<unsigned char>(text[1])); }

TEST(Separators, ANumberIsReadAsEveryLocaleThatReadsItReadsItOrRefused) {
    for (const S& text : texts) {
        const auto r = qty_value(text, Arg{}, Arg{}, {});
        const auto de = german(text), en = english(text);
        if (de && en && *de != *en) {
            EXPECT_FALSE(r) << text << " is " << *de << " in German and " << *en << " in English";
        }
        if (!r) continue;
        if (en) {
            EXPECT_EQ(*r, *en) << text;
        }
        if (de && !leading_zero(text)) {
            EXPECT_EQ(*r, *de) << text;
        }
        EXPECT_TRUE(de || en) << text << " is read as " << *r << " but no locale reads it";
    }
}

TEST(Separators, ThreeDigitsAfterASeparatorAreRefusedWithWhatToWrite) {
    // The text, and what its sentence must offer to write instead.
    const std::vector<std::pair<S, std::vector<S>>> refused = {
        {"1.500 hour", {"write 1500 or 1.5 thousand for the thousands, or 1.5 for the decimal"}},
        {"12.345", {"12345 for the thousands", "12.3450 for the decimal"}},
        {"1.500.000", {"thousands points", "Write 1500000 or 1.5 million."}},
        {"1,500 hour", {"write 1500 or 1.5 thousand for the thousands, or 1.5 for the decimal"}},
        {"8,000,000,000", {"thousands commas", "Write 8000000000 or 8 billion."}},
        {"1.500,5 hour", {"Write 1500.5."}},
        {"normal(1.500, 0.2)", {"1500 or 1.5 thousand"}},
    };
    for (const auto& [text, wanted] : refused) {
        const auto r = qty_value(text, Arg{}, Arg{}, {});
        ASSERT_FALSE(r) << text;
        for (const S& part : wanted) EXPECT_NE(sentence(r).find(part), S::npos) << sentence(r);
        // Not the decimal-comma hint, which would tell the writer of 1,500 (fifteen hundred) to write 1.5.
        EXPECT_EQ(sentence(r).find("not 1,5"), S::npos) << sentence(r);
    }
    // A plain decimal comma keeps its own hint.
    EXPECT_NE(sentence(qty_value(S("1,5 hour"), Arg{}, Arg{}, {})).find("write 1.5, not 1,5"), S::npos);
}

TEST(Separators, EveryArgumentThatReadsATextRefusesThem) {
    const auto in_column = qty_value_cells(S("x * 2"), Arg{}, Arg{},
                                           Args{S("x"), Cells{3, 1, {1.0, S("8,000,000,000"), 3.0}}});
    ASSERT_FALSE(in_column);
    EXPECT_NE(in_column.error().sentence().find("8 billion"), S::npos) << in_column.error().sentence();
    const auto bound = qty_value(S("x"), Arg{}, Arg{}, Args{S("x"), S("1.500")});
    EXPECT_NE(sentence(bound).find("1.5 thousand"), S::npos) << sentence(bound);
    const auto params = gpu_hours(S("70.000 billion"), 2e12, S("A100"), 0.35, 0.55, Arg{}, Arg{});
    EXPECT_NE(sentence(params).find("70000 or 70 thousand"), S::npos) << sentence(params);
    const auto peak = gpu_hours(70e9, 2e12, Cells{1, 2, {S("312.000 TFLOP/s"), S("400 TFLOP/s")}}, 0.35, 0.55, Arg{}, Arg{});
    EXPECT_NE(sentence(peak).find("312000"), S::npos) << sentence(peak);
    const auto converted = unit_convert(S("1.500 hour"), Arg{}, "min");
    EXPECT_NE(sentence(converted).find("1.5 for the decimal"), S::npos) << sentence(converted);
    // Names and units with digits are no numbers: H100 and an accelerator's figures pass.
    EXPECT_TRUE(gpu_hours(70e9, 2e12, S("H100"), 0.35, 0.55, Arg{}, Arg{}));
}

TEST(Separators, AResultPrintedWithThreeDecimalsReadsAsItselfButTypedIsRefused) {
    // Four figures of 1.734 hour print three decimals after a 1: a thousands group to a German reader.
    const auto shown = qty_text(S("1734 hour / 1000"), S("hour"), 4.0);
    ASSERT_TRUE(shown) << shown.error().sentence();
    EXPECT_EQ(split_key(*shown).shown, "1.734 hour");
    const auto read = qty_value(*shown, S("hour"), Arg{}, {});
    ASSERT_TRUE(read) << read.error().sentence();
    EXPECT_DOUBLE_EQ(*read, 1.734);
    const auto typed = qty_value(S(split_key(*shown).shown), S("hour"), Arg{}, {});
    EXPECT_NE(sentence(typed).find("1.7340 for the decimal"), S::npos) << sentence(typed);
}

TEST(Separators, ATextThatOnlyEndsWithAResultsKeyIsCheckedAsTyped) {
    // ="1.500 * "&A1 shows more than the result, so it reads as it shows, and its 1.500 is as ambiguous as typed.
    const auto result = qty(S("2 hour"), Arg{}, {});
    ASSERT_TRUE(result) << result.error().sentence();
    const auto joined = qty_value("1.500 * " + *result, S("hour"), Arg{}, {});
    EXPECT_NE(sentence(joined).find("1.5 for the decimal"), S::npos) << sentence(joined);
    // The same text with a plain decimal reads as it shows: 1.5 times the printed 2.00 hour.
    const auto plain = qty_value("1.5 * " + *result, S("hour"), Arg{}, {});
    ASSERT_TRUE(plain) << plain.error().sentence();
    EXPECT_DOUBLE_EQ(*plain, 3);
}

}  // namespace
}  // namespace ballpark::sheet
