#include "parts.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>

#include "arguments.hpp"
#include "ballpark/text.hpp"

namespace ballpark::sheet::detail {

Result<Pick> optional_pick(const Arg& arg) {
    // std::expected's and_then arrives with GCC 13; Debian 12 has 12.
    // The example its sentence gives, made once: QTYVALUE reads its part on every call.
    static const std::string example = percentile_part(high_percentile(mode_info(distribution_mode())));
    auto text = optional_text(arg, "part", "", example);
    if (!text) return std::unexpected(text.error());
    if (text->empty()) return Pick{};  // central, without parsing its name each call
    auto pick = parse_pick(*text);
    if (!pick) {
        found_in(pick.error(), ErrorPlace{ErrorPlace::What::argument, "part"});
        pick.error().input = "part";
    }
    return pick;
}

EvaluationOptions options_for(const Pick& pick) {
    EvaluationOptions options;
    if (pick.needs_distribution()) options.mode = mode_info(options.mode).percentiles_in;
    return options;
}

namespace {

// The words that name a row's reading, from its columns (no mode is named here): its label first where it has one
// ("90%"), its name, its sheet function and its aliases.
std::vector<std::string_view> reading_names(const ModeInfo& row) {
    std::vector<std::string_view> names{row.name, row.sheet_function};
    if (!row.label.empty()) names.insert(names.begin(), row.label);
    for (std::string_view aliases = row.aliases; !aliases.empty();) {
        const std::size_t space = aliases.find(' ');
        names.push_back(aliases.substr(0, space));
        aliases = space == std::string_view::npos ? std::string_view{} : aliases.substr(space + 1);
    }
    return names;
}

}  // namespace

Result<std::optional<Mode>> optional_reading(const Arg& arg, std::string_view name) {
    auto text = optional_text(arg, name, "", mode_info(distribution_mode()).label);
    if (!text) return std::unexpected(text.error());
    if (text->empty()) return std::optional<Mode>{};
    const auto same = [](std::string_view a, std::string_view b) {
        return a.size() == b.size() && std::ranges::equal(a, b, [](char x, char y) {
                   return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
               });
    };
    for (const ModeInfo& row : mode_table) {
        if (row.sheet_function.empty()) continue;
        for (std::string_view n : reading_names(row)) {
            if (same(n, *text)) return std::optional<Mode>{row.mode};
        }
    }
    return std::unexpected(error(ErrorKind::argument, std::string(name) + " should name a reading, but it is " + in_quotes(*text) + ".",
                                 "Write " + reading_words() + "."));
}

std::string reading_words() {
    std::string words;
    for (const ModeInfo& row : mode_table) {
        if (row.sheet_function.empty()) continue;
        words += (words.empty() ? "" : ", or ") + in_quotes(reading_names(row).front()) + " for " + std::string(row.reading);
    }
    return words;
}

Result<std::vector<Pick>> parts_of(const Arg& part) {
    static const std::string example = [] {
        const ModeInfo& percentiles = mode_info(distribution_mode());
        return percentile_part(low_percentile(percentiles)) + " median " + percentile_part(high_percentile(percentiles));
    }();
    const std::string_view text = need(optional_text(part, "part", "central", example));
    std::vector<Pick> picks;
    for (std::size_t start = text.find_first_not_of(" \t,"); start != std::string_view::npos;) {
        const std::size_t end = std::min(text.find_first_of(" \t,", start), text.size());
        auto pick = parse_pick(text.substr(start, end - start));
        if (!pick) {
            found_in(pick.error(), ErrorPlace{ErrorPlace::What::argument, "part"});
            pick.error().input = "part";
            return std::unexpected(std::move(pick.error()));
        }
        picks.push_back(*pick);
        start = text.find_first_not_of(" \t,", end);
    }
    if (picks.empty()) picks.push_back(Pick{});
    return picks;
}

}  // namespace ballpark::sheet::detail
