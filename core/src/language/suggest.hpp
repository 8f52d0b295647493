// "Did you mean …?" hints: the known names closest to a misspelt one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ballpark {

// Up to three candidates within a small edit distance of `name`, closest first.
std::vector<std::string> closest_matches(std::string_view name, const std::vector<std::string_view>& candidates);

// The candidates that differ from `name` only in case, or else closest_matches: for a name the user gives again
// (a correlated name, which must be spelt as it was bound or defined), where a capital is a likely slip.
std::vector<std::string> near_names(std::string_view name, const std::vector<std::string_view>& candidates);

// "Did you mean "hour" or "hours"?", or empty when there are no candidates.
std::string did_you_mean(const std::vector<std::string>& candidates);

}  // namespace ballpark
