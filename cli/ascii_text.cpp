#include "ascii_text.hpp"

#include <array>
#include <utility>

namespace ballpark::cli {

std::string in_ascii(std::string_view text) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> spellings{{
        {"×", "*"}, {"Ω", "ohm"}, {"µ", "u"}, {"μ", "u"}, {"°", "deg"}, {"²", "^2"},
        {"³", "^3"}, {"·", "*"}, {"π", "pi"}, {"∞", "inf"}, {"−", "-"}, {"⁻", "-"},
        {"℃", "degC"}, {"℉", "degF"},
    }};
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            out += text[i++];
            continue;
        }
        bool known = false;
        for (const auto& [from, to] : spellings) {
            if (text.substr(i, from.size()) == from) {
                out += to;
                i += from.size();
                known = true;
                break;
            }
        }
        if (known) continue;
        // One UTF-8 character: its lead byte, then the continuation bytes 10xxxxxx.
        out += '?';
        ++i;
        while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
    }
    return out;
}

}  // namespace ballpark::cli
