// glibc's iconv as the reference for the UTF-8/UTF-16 conversions the C++ component does by hand
// (addin/utf16_text.hpp, its key in UTF-16): whole texts converted from one encoding to another, and UTF-16LE bytes
// as units. Used by utf16_text_test.cpp and keyed_result_test.cpp, which are not built for Windows.
#pragma once

#include <iconv.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace ballpark::testing {

// iconv's conversion of whole bytes from one encoding to another; throws if iconv refuses any of them.
inline std::string by_iconv(const std::string& input, const char* from, const char* to) {
    iconv_t cd = iconv_open(to, from);
    if (cd == reinterpret_cast<iconv_t>(-1)) throw std::runtime_error("iconv_open failed");
    std::string out(input.size() * 4 + 16, '\0');
    char* in_ptr = const_cast<char*>(input.data());
    std::size_t in_left = input.size();
    char* out_ptr = out.data();
    std::size_t out_left = out.size();
    const std::size_t done = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
    iconv_close(cd);
    if (done == static_cast<std::size_t>(-1)) throw std::runtime_error("iconv refused the input");
    out.resize(out.size() - out_left);
    return out;
}

// UTF-16LE bytes as units.
inline std::u16string as_units(const std::string& utf16le) {
    std::u16string units(utf16le.size() / 2, u'\0');
    for (std::size_t i = 0; i < units.size(); ++i) {
        units[i] = static_cast<char16_t>(static_cast<unsigned char>(utf16le[2 * i]) |
                                         static_cast<unsigned char>(utf16le[2 * i + 1]) << 8);
    }
    return units;
}

// iconv's UTF-16 of UTF-8 text, as units; throws if iconv refuses it.
inline std::u16string iconv_utf16(const std::string& utf8) { return as_units(by_iconv(utf8, "UTF-8", "UTF-16LE")); }

}  // namespace ballpark::testing
