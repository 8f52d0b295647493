// UTF-8 to UTF-16 and back, for the texts that cross between Calc (OUString, UTF-16) and the core (UTF-8).
//
// Why by hand: a result's text is converted at every recalculation of its cell, and once more each time a formula
// reads it, and it ends with the 25 three-byte characters of its key (ballpark::key_units). LibreOffice's own
// converter (rtl_convertTextToUnicode) serves every encoding and takes about twice as long for such a text as for
// ASCII; Boost.Locale's utf_to_utf, one code point and one push_back at a time, is no faster. Here each direction
// measures the other side's length first and then writes into a buffer of that size, which halves the cost of a
// result's text and leaves ASCII's as it is (bench/calc_recalc.py times it inside Calc; docs/performance.md).
//
// Only well-formed text is converted (Unicode's Table 3-7 for UTF-8; no lone surrogate in UTF-16): for anything
// else the functions say so, and the caller uses LibreOffice's converter, which replaces what cannot be converted.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace ballpark::utf16 {

namespace detail {

// The code point at text[i] and the bytes it takes, or 0 bytes when the sequence is not well-formed.
struct Decoded {
    char32_t code = 0;
    std::size_t bytes = 0;
};

inline Decoded decode(std::string_view text, std::size_t i) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data()) + i;
    const std::size_t left = text.size() - i;
    const unsigned lead = p[0];
    if (lead < 0x80) return {lead, 1};
    // The second byte's range depends on the lead (Table 3-7): E0 would be overlong below A0, ED a surrogate above
    // 9F, F0 overlong below 90, F4 beyond U+10FFFF above 8F; the further bytes are 80 to BF.
    const auto tail = [](unsigned byte) { return byte >= 0x80 && byte <= 0xBF; };
    if (lead >= 0xC2 && lead <= 0xDF) {
        if (left < 2 || !tail(p[1])) return {};
        return {static_cast<char32_t>((lead & 0x1F) << 6 | (p[1] & 0x3F)), 2};
    }
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (left < 3 || !tail(p[2])) return {};
        const unsigned low = lead == 0xE0 ? 0xA0 : 0x80;
        const unsigned high = lead == 0xED ? 0x9F : 0xBF;
        if (p[1] < low || p[1] > high) return {};
        return {static_cast<char32_t>((lead & 0x0F) << 12 | (p[1] & 0x3F) << 6 | (p[2] & 0x3F)), 3};
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        if (left < 4 || !tail(p[2]) || !tail(p[3])) return {};
        const unsigned low = lead == 0xF0 ? 0x90 : 0x80;
        const unsigned high = lead == 0xF4 ? 0x8F : 0xBF;
        if (p[1] < low || p[1] > high) return {};
        return {static_cast<char32_t>((lead & 0x07) << 18 | (p[1] & 0x3F) << 12 | (p[2] & 0x3F) << 6 | (p[3] & 0x3F)), 4};
    }
    return {};  // a continuation byte first, C0, C1 or F5 to FF
}

// The three-byte sequence at p (of `left` bytes) when its lead is one whose second byte may be any continuation
// byte (E1 to EC, EE, EF: no overlong form, no surrogate), as every character of a result's key is; 0 otherwise,
// and decode() decides. Checked inline, since a result's text has 25 of them.
inline char32_t plain_three_bytes(const unsigned char* p, std::size_t left) {
    const unsigned lead = p[0];
    if (lead < 0xE1 || lead > 0xEF || lead == 0xED || left < 3) return 0;
    if ((p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return 0;
    return static_cast<char32_t>((lead & 0x0F) << 12 | (p[1] & 0x3F) << 6 | (p[2] & 0x3F));
}

inline bool is_surrogate(char32_t unit) { return unit >= 0xD800 && unit <= 0xDFFF; }
inline bool is_high_surrogate(char32_t unit) { return unit >= 0xD800 && unit <= 0xDBFF; }
inline bool is_low_surrogate(char32_t unit) { return unit >= 0xDC00 && unit <= 0xDFFF; }

}  // namespace detail

// The UTF-16 units of well-formed UTF-8 text, or nothing when it is not well-formed.
inline std::optional<std::size_t> units_of(std::string_view utf8) {
    std::size_t units = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        if (static_cast<unsigned char>(utf8[i]) < 0x80) {
            ++i;
            ++units;
            continue;
        }
        if (detail::plain_three_bytes(reinterpret_cast<const unsigned char*>(utf8.data()) + i, utf8.size() - i)) {
            i += 3;
            ++units;
            continue;
        }
        const detail::Decoded d = detail::decode(utf8, i);
        if (d.bytes == 0) return std::nullopt;
        i += d.bytes;
        units += d.code >= 0x10000 ? 2 : 1;
    }
    return units;
}

// Writes well-formed UTF-8 text (units_of gave a number) as UTF-16 into out, which has room for that number.
// Unit: char16_t, or LibreOffice's sal_Unicode, which is an unsigned short outside LibreOffice's own code.
template <class Unit>
void widen(std::string_view utf8, Unit* out) {
    for (std::size_t i = 0; i < utf8.size();) {
        if (static_cast<unsigned char>(utf8[i]) < 0x80) {
            *out++ = static_cast<Unit>(utf8[i++]);
            continue;
        }
        if (const char32_t code = detail::plain_three_bytes(reinterpret_cast<const unsigned char*>(utf8.data()) + i,
                                                            utf8.size() - i)) {
            *out++ = static_cast<Unit>(code);
            i += 3;
            continue;
        }
        const detail::Decoded d = detail::decode(utf8, i);
        i += d.bytes;
        if (d.code >= 0x10000) {
            *out++ = static_cast<Unit>(0xD800 + ((d.code - 0x10000) >> 10));
            *out++ = static_cast<Unit>(0xDC00 + ((d.code - 0x10000) & 0x3FF));
        } else {
            *out++ = static_cast<Unit>(d.code);
        }
    }
}

// A text planned for the one-pass conversion: the UTF-16 units it takes if it is well-formed, and where the
// variation selectors (U+FE00…U+FE0F, EF B8 80…8F) at its end begin. A result's key is 24 of them after an
// invisible separator (linked.hpp): they are counted and written three bytes at a time, and the bytes before them
// one by one. Checking happens while writing (widen_planned).
struct Plan {
    std::size_t units = 0;
    std::size_t head = 0;       // the bytes before the selectors at the end
    std::size_t selectors = 0;  // the selectors at the end, one unit each
};

inline Plan plan(std::string_view utf8) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(utf8.data());
    Plan p;
    std::size_t at = utf8.size();
    while (at >= 3 && bytes[at - 3] == 0xEF && bytes[at - 2] == 0xB8 && (bytes[at - 1] & 0xF0) == 0x80) at -= 3;
    p.head = at;
    p.selectors = (utf8.size() - at) / 3;
    // One unit per byte that is no continuation byte, two for a four-byte sequence.
    std::size_t units = p.selectors;
    for (std::size_t i = 0; i < at; ++i) {
        units += static_cast<std::size_t>((bytes[i] & 0xC0) != 0x80) + static_cast<std::size_t>(bytes[i] >= 0xF0);
    }
    p.units = units;
    return p;
}

// Writes UTF-8 text as UTF-16 into out, which has room for plan(utf8).units units, in one pass; false (and out
// holds anything) when the text is not well-formed, whose units the plan does not give.
template <class Unit>
bool widen_planned(std::string_view utf8, const Plan& plan, Unit* out) {
    Unit* const end = out + (plan.units - plan.selectors);
    const auto* bytes = reinterpret_cast<const unsigned char*>(utf8.data());
    for (std::size_t i = 0; i < plan.head;) {
        if (bytes[i] < 0x80) {
            if (out == end) return false;
            *out++ = static_cast<Unit>(bytes[i++]);
            continue;
        }
        // Two bytes (C2 to DF, then a continuation byte: "×", "²") and the three-byte sequences of plain_three_bytes
        // inline; the rest decoded.
        if (bytes[i] >= 0xC2 && bytes[i] <= 0xDF && i + 1 < plan.head && (bytes[i + 1] & 0xC0) == 0x80) {
            if (out == end) return false;
            *out++ = static_cast<Unit>((bytes[i] & 0x1F) << 6 | (bytes[i + 1] & 0x3F));
            i += 2;
            continue;
        }
        char32_t code = detail::plain_three_bytes(bytes + i, plan.head - i);
        std::size_t length = 3;
        if (!code) {
            // Decoded within the head: a sequence cut short by the selectors is not well-formed.
            const detail::Decoded d = detail::decode(utf8.substr(0, plan.head), i);
            if (d.bytes == 0) return false;
            code = d.code;
            length = d.bytes;
        }
        i += length;
        if (code >= 0x10000) {
            if (end - out < 2) return false;
            *out++ = static_cast<Unit>(0xD800 + ((code - 0x10000) >> 10));
            *out++ = static_cast<Unit>(0xDC00 + ((code - 0x10000) & 0x3FF));
        } else {
            if (out == end) return false;
            *out++ = static_cast<Unit>(code);
        }
    }
    if (out != end) return false;
    // The selectors, which plan() checked: as many units as it counted.
    const unsigned char* selector = bytes + plan.head + 2;
    for (std::size_t k = 0; k < plan.selectors; ++k, selector += 3) {
        out[k] = static_cast<Unit>(0xFE00 + (*selector & 0x0F));
    }
    return true;
}

// Writes UTF-8 text as UTF-16 into out, which has room for one unit a byte (a text never takes more units than
// bytes), in one pass: the units written, or nothing (and out holds anything) when the text is not well-formed. For
// a short text, written where there is room and copied once its length is known, rather than counted first: a
// result's before its key, which every QTY of one cell hands Calc.
template <class Unit>
std::optional<std::size_t> widen_into_room(std::string_view utf8, Unit* out) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(utf8.data());
    const std::size_t size = utf8.size();
    Unit* const start = out;
    for (std::size_t i = 0; i < size;) {
        if (bytes[i] < 0x80) {
            *out++ = static_cast<Unit>(bytes[i++]);
            continue;
        }
        // Two bytes (C2 to DF, then a continuation byte: "×", "²") and the three-byte sequences of plain_three_bytes
        // inline; the rest decoded.
        if (bytes[i] >= 0xC2 && bytes[i] <= 0xDF && i + 1 < size && (bytes[i + 1] & 0xC0) == 0x80) {
            *out++ = static_cast<Unit>((bytes[i] & 0x1F) << 6 | (bytes[i + 1] & 0x3F));
            i += 2;
            continue;
        }
        char32_t code = detail::plain_three_bytes(bytes + i, size - i);
        std::size_t length = 3;
        if (!code) {
            const detail::Decoded d = detail::decode(utf8, i);
            if (d.bytes == 0) return std::nullopt;
            code = d.code;
            length = d.bytes;
        }
        i += length;
        if (code >= 0x10000) {
            *out++ = static_cast<Unit>(0xD800 + ((code - 0x10000) >> 10));
            *out++ = static_cast<Unit>(0xDC00 + ((code - 0x10000) & 0x3FF));
        } else {
            *out++ = static_cast<Unit>(code);
        }
    }
    return static_cast<std::size_t>(out - start);
}

// The UTF-8 bytes of UTF-16 text, or nothing when it holds a surrogate that is not half of a pair.
template <class Unit>
std::optional<std::size_t> bytes_of(std::span<const Unit> text) {
    static_assert(sizeof(Unit) == 2);
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t unit = text[i];
        if (unit < 0x80) bytes += 1;
        else if (unit < 0x800) bytes += 2;
        else if (!detail::is_surrogate(unit)) bytes += 3;
        else if (detail::is_high_surrogate(unit) && i + 1 < text.size() && detail::is_low_surrogate(text[i + 1])) {
            bytes += 4;
            ++i;
        } else {
            return std::nullopt;
        }
    }
    return bytes;
}

// Writes UTF-16 text without lone surrogates (bytes_of gave a number) as UTF-8 into out, which has room for it.
template <class Unit>
void narrow(std::span<const Unit> text, char* out) {
    const auto put = [&](unsigned value) { *out++ = static_cast<char>(value); };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t unit = text[i];
        if (unit < 0x80) {
            put(unit);
        } else if (unit < 0x800) {
            put(0xC0 | unit >> 6);
            put(0x80 | (unit & 0x3F));
        } else if (!detail::is_surrogate(unit)) {
            put(0xE0 | unit >> 12);
            put(0x80 | (unit >> 6 & 0x3F));
            put(0x80 | (unit & 0x3F));
        } else {
            const char32_t code = 0x10000 + ((unit - 0xD800) << 10) + (static_cast<char32_t>(text[++i]) - 0xDC00);
            put(0xF0 | code >> 18);
            put(0x80 | (code >> 12 & 0x3F));
            put(0x80 | (code >> 6 & 0x3F));
            put(0x80 | (code & 0x3F));
        }
    }
}

}  // namespace ballpark::utf16
