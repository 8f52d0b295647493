#include "language/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace ballpark {
namespace {

// Levenshtein distance over bytes; names are short, so the quadratic table is cheap on the error path.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::vector<std::string> closest_matches(std::string_view name, const std::vector<std::string_view>& candidates) {
    if (name.size() > 64) return {};  // nobody misspells a name that long; skip the quadratic work
    // One- and two-letter names are a keystroke away from dozens of symbols; suggesting any of them is noise.
    if (name.size() < 3) return {};
    const std::size_t allowed = std::min<std::size_t>(3, name.size() / 2);
    std::vector<std::pair<std::size_t, std::string_view>> scored;
    for (std::string_view candidate : candidates) {
        if (candidate.size() > name.size() + allowed || candidate.size() + allowed < name.size()) continue;
        const std::size_t d = edit_distance(name, candidate);
        if (d <= allowed) scored.emplace_back(d, candidate);
    }
    std::sort(scored.begin(), scored.end());
    std::vector<std::string> out;
    for (const auto& [d, s] : scored) {
        if (std::find(out.begin(), out.end(), s) == out.end()) out.emplace_back(s);
        if (out.size() == 3) break;
    }
    return out;
}

std::vector<std::string> near_names(std::string_view name, const std::vector<std::string_view>& candidates) {
    std::vector<std::string> out;
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    for (std::string_view candidate : candidates) {
        const bool same = candidate != name && candidate.size() == name.size() &&
                          std::equal(candidate.begin(), candidate.end(), name.begin(), [&](char x, char y) { return lower(x) == lower(y); });
        if (same && std::find(out.begin(), out.end(), candidate) == out.end()) out.emplace_back(candidate);
    }
    if (!out.empty()) return out;
    return closest_matches(name, candidates);
}

std::string did_you_mean(const std::vector<std::string>& candidates) {
    if (candidates.empty()) return {};
    std::string hint = "Did you mean ";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (i > 0) hint += i + 1 == candidates.size() ? " or " : ", ";
        hint += "\"" + candidates[i] + "\"";
    }
    return hint + "?";
}

}  // namespace ballpark
