// utf16_text.hpp against glibc's iconv: every Unicode scalar value, converted by iconv from UTF-32 into UTF-8 and
// into UTF-16, must convert from one to the other here and back; and the sequences Unicode calls ill-formed
// (overlong forms, surrogates, beyond U+10FFFF, cut short) must be refused, so that the caller hands them to
// LibreOffice's converter.
#include <gtest/gtest.h>

#include <cerrno>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "iconv_reference.hpp"
#include "utf16_text.hpp"

namespace {

using ballpark::utf16::bytes_of;
using ballpark::utf16::narrow;
using ballpark::utf16::units_of;
using ballpark::utf16::widen;
using ballpark::utf16::widen_planned;

using ballpark::testing::as_units;
using ballpark::testing::by_iconv;
using ballpark::testing::iconv_utf16;

std::u16string widened(const std::string& utf8) {
    const auto units = units_of(utf8);
    if (!units) return u"(refused)";
    std::u16string out(*units, u'\0');
    widen(utf8, out.data());
    return out;
}

// The one-pass conversion (widen_planned into the room its plan counts), or "(refused)".
std::u16string widened_in_one_pass(const std::string& utf8) {
    const ballpark::utf16::Plan plan = ballpark::utf16::plan(utf8);
    std::u16string out(plan.units, u'\0');
    if (!widen_planned(utf8, plan, out.data())) return u"(refused)";
    return out;
}

// The conversion into room of one unit a byte (widen_into_room), or "(refused)".
std::u16string widened_into_room(const std::string& utf8) {
    std::u16string out(utf8.size(), u'\0');
    const auto units = ballpark::utf16::widen_into_room(utf8, out.data());
    if (!units) return u"(refused)";
    out.resize(*units);
    return out;
}

std::string narrowed(const std::u16string& text) {
    const std::span<const char16_t> units(text);
    const auto bytes = bytes_of(units);
    if (!bytes) return "(refused)";
    std::string out(*bytes, '\0');
    narrow(units, out.data());
    return out;
}

// The scalar values from start to start + 0xFFF (surrogates skipped), as UTF-32LE bytes.
std::string scalar_block(char32_t start) {
    std::string utf32;
    for (char32_t c = start; c < start + 0x1000 && c <= 0x10FFFF; ++c) {
        if (c >= 0xD800 && c <= 0xDFFF) continue;
        for (int shift = 0; shift < 32; shift += 8) utf32 += static_cast<char>(c >> shift & 0xFF);
    }
    return utf32;
}

// `convert` of every scalar value, in blocks of 4096 converted by iconv from UTF-32 into UTF-8 and into UTF-16.
template <class Convert>
void expect_every_scalar_value_as_iconv(Convert convert) {
    for (char32_t start = 0; start <= 0x10FFFF; start += 0x1000) {
        const std::string utf32 = scalar_block(start);
        if (utf32.empty()) continue;
        const std::string utf8 = by_iconv(utf32, "UTF-32LE", "UTF-8");
        ASSERT_EQ(convert(utf8), as_units(by_iconv(utf32, "UTF-32LE", "UTF-16LE")))
            << "block from U+" << std::hex << static_cast<unsigned>(start);
    }
}

// Ill-formed UTF-8 that both the one-pass conversion and the conversion into room must refuse, as iconv does.
const std::vector<std::string> refused_by_both = {
    "\x80", "\xC0\xAF", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",
    "\xFF", "\xE2\x82", "abc\xC3", "\xC3\x28", "\xEF\xB8", "\xE1\x80\x80\x80\xBF"};

template <class Convert>
void expect_refused_as_by_iconv(Convert convert, const std::vector<std::string>& texts) {
    for (const std::string& text : texts) {
        EXPECT_EQ(convert(text), u"(refused)") << "bytes of length " << text.size();
        EXPECT_THROW(by_iconv(text, "UTF-8", "UTF-16LE"), std::runtime_error) << "iconv takes it: not a refusal test";
    }
}

// 200,000 random byte strings, and with `selectors` every other one followed by variation selectors: `convert`
// gives iconv's units, or "(refused)" where iconv refuses.
template <class Convert>
void expect_random_bytes_as_iconv(Convert convert, unsigned seed, bool selectors) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> length(0, 6);
    const std::string alphabet = "a\x7F\x80\x8F\x90\x9F\xA0\xB8\xBF\xC0\xC2\xDF\xE0\xE1\xED\xEF\xF0\xF4\xF5";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    std::uniform_int_distribution<int> selector(0x80, 0x8F);
    int converted = 0;
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        for (int k = length(rng); k > 0; --k) text += alphabet[pick(rng)];
        for (int k = selectors && i % 2 ? length(rng) : 0; k > 0; --k) text += "\xEF\xB8" + std::string(1, static_cast<char>(selector(rng)));
        std::u16string reference = u"(refused)";
        try {
            reference = iconv_utf16(text);
            ++converted;
        } catch (const std::runtime_error&) {
        }
        ASSERT_EQ(convert(text), reference) << "random text " << i;
    }
    EXPECT_GT(converted, 1000);
}

// All scalar values, in blocks of 4096 so that each iconv call converts a long text.
TEST(Utf16Text, EveryScalarValueConvertsBothWaysAsIconvConvertsIt) {
    for (char32_t start = 0; start <= 0x10FFFF; start += 0x1000) {
        const std::string utf32 = scalar_block(start);
        if (utf32.empty()) continue;
        const std::string utf8 = by_iconv(utf32, "UTF-32LE", "UTF-8");
        const std::u16string utf16 = as_units(by_iconv(utf32, "UTF-32LE", "UTF-16LE"));
        ASSERT_EQ(widened(utf8), utf16) << "block from U+" << std::hex << static_cast<unsigned>(start);
        ASSERT_EQ(narrowed(utf16), utf8) << "block from U+" << std::hex << static_cast<unsigned>(start);
    }
}

TEST(Utf16Text, AResultWithItsKeyConvertsAsIconvConvertsIt) {
    std::string result = "1.7 [90%: 1.4, 2.1] × 10⁶ hour";
    for (int k = 0; k < 17; ++k) result += "\xEF\xB8" + std::string(1, static_cast<char>(0x80 + k % 16));
    EXPECT_EQ(widened(result), as_units(by_iconv(result, "UTF-8", "UTF-16LE")));
    EXPECT_EQ(narrowed(widened(result)), result);
}

TEST(Utf16Text, IllFormedUtf8IsRefused) {
    const std::vector<std::string> ill_formed = {
        "\x80",              // a continuation byte first
        "\xC0\xAF",          // overlong '/'
        "\xC1\xBF",          // overlong
        "\xE0\x9F\xBF",      // overlong three-byte form
        "\xED\xA0\x80",      // U+D800, a surrogate
        "\xED\xBF\xBF",      // U+DFFF
        "\xF0\x8F\xBF\xBF",  // overlong four-byte form
        "\xF4\x90\x80\x80",  // U+110000
        "\xF5\x80\x80\x80",  // no such lead byte
        "\xFF",
        "\xE2\x82",          // cut short
        "abc\xC3",           // cut short at the end
        "\xC3\x28",          // a lead byte without its continuation
    };
    for (const std::string& text : ill_formed) {
        EXPECT_FALSE(units_of(text).has_value()) << "bytes of length " << text.size() << " starting "
                                                  << static_cast<int>(static_cast<unsigned char>(text[0]));
        EXPECT_THROW(by_iconv(text, "UTF-8", "UTF-16LE"), std::runtime_error) << "iconv takes it: not a refusal test";
    }
}

TEST(Utf16Text, LoneSurrogatesAreRefusedAndPairsAreNot) {
    EXPECT_EQ(narrowed(std::u16string{u'a', u'\xD800'}), "(refused)");
    EXPECT_EQ(narrowed(std::u16string{u'\xDC00', u'b'}), "(refused)");
    EXPECT_EQ(narrowed(std::u16string{u'\xD800', u'\xD800'}), "(refused)");
    EXPECT_EQ(narrowed(std::u16string{u'\xD83D', u'\xDE00'}), "\xF0\x9F\x98\x80");  // U+1F600
}

// Random byte strings: converted exactly when iconv converts them, and then to the same units.
TEST(Utf16Text, RandomBytesAreConvertedWhenAndAsIconvConvertsThem) {
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> length(0, 6);
    // Mostly bytes that make multi-byte sequences, where the cases are.
    const std::string alphabet = "a\x7F\x80\x8F\x90\x9F\xA0\xBF\xC0\xC2\xDF\xE0\xE1\xED\xEF\xF0\xF4\xF5";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    int converted = 0;
    for (int i = 0; i < 200000; ++i) {
        std::string text;
        for (int k = length(rng); k > 0; --k) text += alphabet[pick(rng)];
        std::u16string reference;
        bool iconv_takes = true;
        try {
            reference = as_units(by_iconv(text, "UTF-8", "UTF-16LE"));
        } catch (const std::runtime_error&) {
            iconv_takes = false;
        }
        ASSERT_EQ(units_of(text).has_value(), iconv_takes) << "random text " << i;
        if (iconv_takes) {
            ASSERT_EQ(widened(text), reference) << "random text " << i;
            ++converted;
        }
    }
    EXPECT_GT(converted, 1000);  // the comparison of units happened, not only refusals
}

// The one-pass conversion that uno_args' from_utf8 uses, against iconv: every scalar value, a result with its
// key, the ill-formed sequences and random bytes, as for the two-pass conversion above.
TEST(Utf16Text, TheOnePassConversionConvertsAndRefusesAsIconvDoes) {
    expect_every_scalar_value_as_iconv(widened_in_one_pass);
    std::string result = "1.00 × 10⁹";
    result += "\xE2\x81\xA3";
    for (int k = 0; k < 24; ++k) result += "\xEF\xB8" + std::string(1, static_cast<char>(0x80 + k % 16));
    EXPECT_EQ(widened_in_one_pass(result), iconv_utf16(result));
    // Besides those of the conversion into room, sequences cut short by the selectors that the plan takes apart.
    std::vector<std::string> refused = refused_by_both;
    refused.insert(refused.end(), {"\xE2\x82\xEF\xB8\x80", "\xF0\x9F\xEF\xB8\x80\xEF\xB8\x8F"});
    expect_refused_as_by_iconv(widened_in_one_pass, refused);
    // Random bytes, and half of them followed by variation selectors, which the plan takes apart from the bytes
    // before them (a sequence cut short just before them must still be refused).
    expect_random_bytes_as_iconv(widened_in_one_pass, 33, true);
}

// The conversion into room, which uno_args' from_utf8 uses for a result's text before its key: every scalar value,
// the ill-formed sequences and random bytes, against iconv.
TEST(Utf16Text, TheConversionIntoRoomConvertsAndRefusesAsIconvDoes) {
    expect_every_scalar_value_as_iconv(widened_into_room);
    for (const std::string text : {"1.00 × 10⁹", "4.2 [90%: 3.1, 5.7] m²", "−5 °C", "\xF0\x9F\x98\x80 at the end"}) {
        EXPECT_EQ(widened_into_room(text), iconv_utf16(text)) << text;
    }
    expect_refused_as_by_iconv(widened_into_room, refused_by_both);
    expect_random_bytes_as_iconv(widened_into_room, 35, false);
}

}  // namespace
