#include "parts.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "arguments.hpp"

namespace ballpark::sheet::detail {

Result<Pick> optional_pick(const Arg& arg) {
    // std::expected's and_then arrives with GCC 13; Debian 12 has 12.
    auto text = optional_text(arg, "part", "", "p95");
    if (!text) return std::unexpected(text.error());
    if (text->empty()) return Pick{};  // central, without parsing its name each call
    auto pick = parse_pick(*text);
    if (!pick) {
        pick.error().message = "part: " + pick.error().message;
        pick.error().input = "part";
    }
    return pick;
}

EvaluationOptions options_for(const Pick& pick) {
    EvaluationOptions options;
    if (pick.needs_distribution()) options.mode = distribution_mode();
    return options;
}

Result<std::vector<Pick>> parts_of(const Arg& part) {
    const std::string_view text = need(optional_text(part, "part", "central", "p5 median p95"));
    std::vector<Pick> picks;
    for (std::size_t start = text.find_first_not_of(" \t,"); start != std::string_view::npos;) {
        const std::size_t end = std::min(text.find_first_of(" \t,", start), text.size());
        auto pick = parse_pick(text.substr(start, end - start));
        if (!pick) {
            pick.error().message = "part: " + pick.error().message;
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
