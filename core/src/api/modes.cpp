// The modes as words: parse_mode, mode_name and the mode that reads ranges as distributions (ballpark/api.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/text.hpp"
#include "eval/mode_dispatch.hpp"

namespace ballpark {

Result<Mode> parse_mode(std::string_view text) noexcept {
    const auto is_word_of = [&](std::string_view words) {
        while (!words.empty()) {
            const std::size_t space = words.find(' ');
            if (words.substr(0, space) == text) return true;
            words = space == std::string_view::npos ? std::string_view{} : words.substr(space + 1);
        }
        return false;
    };
    for (const ModeInfo& row : mode_table) {
        if (row.name == text || (!text.empty() && is_word_of(row.aliases))) return row.mode;
    }
    // The names in alphabetical order, the readings in the table's.
    std::vector<std::string_view> sorted;
    std::string readings;
    for (const ModeInfo& row : mode_table) {
        sorted.push_back(row.name);
        readings += (readings.empty() ? "" : "; ") + std::string(row.name) + " reads ranges as " + std::string(row.reading);
    }
    std::ranges::sort(sorted);
    std::string names;
    for (std::size_t k = 0; k < sorted.size(); ++k) {
        names += (k == 0 ? "" : k + 1 == sorted.size() ? " or " : ", ") + in_quotes(sorted[k]);
    }
    return std::unexpected(Error{"Expected a mode of " + names + ", but found " + in_quotes(text) + ".", 0, readings + ".", ErrorKind::argument});
}

std::string_view mode_name(Mode mode) noexcept { return mode_info(mode).name; }

Mode distribution_mode() noexcept { return mode_info(Mode{}).percentiles_in; }

}  // namespace ballpark
