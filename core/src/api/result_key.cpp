// The invisible key after a result text, in UTF-8 and UTF-16, and reading it back (linked.hpp).
#include <algorithm>
#include <array>
#include <optional>

#include "api/recipe.hpp"

namespace ballpark {
namespace {

// The key's characters: an invisible separator (U+2063) to say a key follows, then one variation selector
// (U+FE00 + d) per hexadecimal digit d, most significant first: the sixteen of the key, then the eight of its check.
// All are default-ignorable: they print as nothing, add no width, and stay in a text that is copied, saved or
// exported. The separator is not the word joiner (U+2060) of earlier versions because Calc's window shades a word
// joiner grey, as it shades a non-breaking space (seen in 7.4 and 25.2 under Xvfb; tests/integration/window_test.py).
// UTF-8: E2 81 A3, then EF B8 80+d.
constexpr std::string_view key_start = "\xE2\x81\xA3";
// Earlier versions' keys began with a word joiner and had no check: such a text reads as it shows.
constexpr std::string_view old_key_start = "\xE2\x81\xA0";
constexpr std::size_t key_digits = 16;
constexpr std::size_t check_digits = 8;
constexpr std::size_t selector_bytes = 3;
constexpr std::size_t key_bytes = key_start.size() + selector_bytes * (key_digits + check_digits);
// The same characters in UTF-16: the separator, and the selector of digit d at first_selector + d.
constexpr char16_t key_start_unit = 0x2063;
constexpr char16_t first_selector = 0xFE00;
static_assert(key_units == 1 + key_digits + check_digits);

// The check of a key and the text it follows: 32 bits of FNV-1a over the key's bytes and the text. Written out rather
// than std::hash, whose value the standard leaves to each library: a text saved by one build (the Windows DLL, say)
// must check the same in another.
std::uint32_t key_check(std::uint64_t key, std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325u;
    const auto mix = [&h](unsigned char byte) {
        h ^= byte;
        h *= 0x100000001b3u;
    };
    for (int k = 0; k < 8; ++k) mix(static_cast<unsigned char>(key >> (8 * k)));
    for (char c : text) mix(static_cast<unsigned char>(c));
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

// Whether text[at, at + 3) is a variation selector U+FE00…U+FE0F, and if so its digit.
std::optional<unsigned> selector_digit(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    if (byte(at) != 0xEF || byte(at + 1) != 0xB8 || byte(at + 2) < 0x80 || byte(at + 2) > 0x8F) return std::nullopt;
    return byte(at + 2) - 0x80u;
}


}  // namespace

std::string with_key(std::string text, std::uint64_t key) {
    // Written into a buffer and appended once, not byte by byte: every QTY result carries a key.
    std::array<char, key_bytes> bytes;
    std::ranges::copy(key_start, bytes.begin());
    const std::uint32_t check = key_check(key, text);
    char* at = bytes.data() + key_start.size();
    const auto put = [&at](unsigned digit) {
        at[0] = '\xEF';
        at[1] = '\xB8';
        at[2] = static_cast<char>(0x80 + digit);
        at += selector_bytes;
    };
    for (int shift = static_cast<int>(4 * key_digits) - 4; shift >= 0; shift -= 4) {
        put(static_cast<unsigned>(key >> shift) & 0xF);
    }
    for (int shift = static_cast<int>(4 * check_digits) - 4; shift >= 0; shift -= 4) {
        put(static_cast<unsigned>(check >> shift) & 0xF);
    }
    text.append(bytes.data(), bytes.size());
    return text;
}

std::array<char16_t, key_units> key_in_utf16(std::string_view text, std::uint64_t key) noexcept {
    // Two digits a byte, most significant first, as with_key writes them: every QTY of one cell in Calc asks this.
    static constexpr auto selector_pairs = [] {
        std::array<std::array<char16_t, 2>, 256> pairs{};
        for (unsigned byte = 0; byte < 256; ++byte) {
            pairs[byte] = {static_cast<char16_t>(first_selector + (byte >> 4)),
                           static_cast<char16_t>(first_selector + (byte & 0xF))};
        }
        return pairs;
    }();
    std::array<char16_t, key_units> units;
    units[0] = key_start_unit;
    char16_t* at = units.data() + 1;
    const auto put_bytes = [&at](std::uint64_t number, int bytes) {
        for (int shift = 8 * bytes - 8; shift >= 0; shift -= 8, at += 2) {
            std::ranges::copy(selector_pairs[(number >> shift) & 0xFF], at);
        }
    };
    put_bytes(key, key_digits / 2);
    put_bytes(key_check(key, text), check_digits / 2);
    return units;
}

KeyedText split_key(std::string_view text) noexcept {
    // The variation selectors at the end, then the separator before them.
    std::size_t start = text.size();
    while (start >= selector_bytes && selector_digit(text, start - selector_bytes)) start -= selector_bytes;
    const std::size_t selectors = (text.size() - start) / selector_bytes;
    if (selectors == 0 || start < key_start.size()) return {text, std::nullopt, false};
    const std::string_view marker = text.substr(start - key_start.size(), key_start.size());
    if (marker != key_start && marker != old_key_start) return {text, std::nullopt, false};
    const std::string_view shown = text.substr(0, start - key_start.size());
    if (marker != key_start || selectors != key_digits + check_digits) return {shown, std::nullopt, true};
    std::uint64_t key = 0;
    std::uint32_t check = 0;
    for (std::size_t k = 0; k < key_digits + check_digits; ++k) {
        const unsigned digit = *selector_digit(text, start + selector_bytes * k);
        if (k < key_digits) key = key << 4 | digit;
        else check = check << 4 | digit;
    }
    if (check != key_check(key, shown)) return {shown, std::nullopt, true};
    return {shown, key, true};
}

}  // namespace ballpark
