// The parts of a result a sheet or notebook asks for by name: "low", "central", "high", "median", "mean", "p5" …
// (ballpark/api.hpp).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "ballpark/api.hpp"
#include "ballpark/text.hpp"

namespace ballpark {

Result<Pick> parse_pick(std::string_view text) noexcept {
    // Compared without case in place, and the error's sentence made only for an error: QTYVALUE reads its part on
    // every call.
    const auto is = [&](std::string_view word) {
        return text.size() == word.size() && std::ranges::equal(text, word, [](char a, char b) {
                   return std::tolower(static_cast<unsigned char>(a)) == b;
               });
    };
    if (text.empty() || is("central")) return Pick{};
    if (is("low")) return Pick{Pick::Kind::low, 0};
    if (is("high")) return Pick{Pick::Kind::high, 0};
    if (is("median")) return Pick{Pick::Kind::percentile, 50};
    if (is("mean")) return Pick{Pick::Kind::mean, 0};
    std::string_view hint;
    if (text.size() > 1 && (text[0] == 'p' || text[0] == 'P')) {
        double percent = 0;
        const char* first = text.data() + 1;
        const char* last = text.data() + text.size();
        const auto [end, ec] = std::from_chars(first, last, percent);
        if (ec == std::errc{} && end == last) {
            if (percent > 0 && percent < 100) return Pick{Pick::Kind::percentile, percent};
            hint = "A percentile lies strictly between p0 and p100: p0 and p100 would be the ends of an unbounded "
                   "distribution.";
        }
    }
    const ModeInfo& percentiles = mode_info(mode_info(Mode{}).percentiles_in);
    return std::unexpected(Error{"Expected \"central\", \"low\", \"high\", \"median\", \"mean\" or a percentile such as " +
                                     in_quotes(percentile_part(low_percentile(percentiles))) + " or " +
                                     in_quotes(percentile_part(high_percentile(percentiles))) + ", but found " +
                                     in_quotes(text) + ".",
                                 0, std::string(hint), ErrorKind::argument});
}

Result<Part> parse_part(std::string_view text) noexcept {
    std::string lower;
    for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.empty() || lower == "central") return Part::central;
    if (lower == "low") return Part::low;
    if (lower == "high") return Part::high;
    return std::unexpected(Error{"Expected \"central\", \"low\" or \"high\", but found \"" + std::string(text) + "\".", 0, {},
                                 ErrorKind::argument});
}

}  // namespace ballpark
