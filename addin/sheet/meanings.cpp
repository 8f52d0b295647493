#include "meanings.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "arguments.hpp"
#include "ballpark/format.hpp"
#include "ballpark/text.hpp"
#include "parts.hpp"

namespace ballpark::sheet::detail {

Result<Pick> read_part(const Arg& arg) { return optional_pick(arg); }

Result<std::vector<Pick>> read_parts(const Arg& arg) {
    if (is_empty(arg)) return std::vector<Pick>{};
    return parts_of(arg);
}

Result<std::optional<Mode>> read_reading(const Arg& arg, std::string_view name) { return optional_reading(arg, name); }

Result<std::size_t> read_whole(const Arg& arg, std::string_view function, std::string_view name, std::size_t fallback,
                               std::size_t most) {
    if (is_empty(arg)) return fallback;
    const auto* number = std::get_if<double>(&arg);
    if (!number || !(*number >= 1 && *number <= static_cast<double>(most) && *number == std::floor(*number))) {
        Error e = call_error(function, " needs " + std::string(name) + " to be a whole number from 1 to " + std::to_string(most) +
                                           ", but it is " + kind_of(arg) + ".",
                             "Leave it empty for " + std::to_string(fallback) + ".");
        e.input = std::string(name);
        return std::unexpected(std::move(e));
    }
    return static_cast<std::size_t>(*number);
}

Result<int> read_figures(const Arg& arg, std::string_view function, std::string_view name) {
    if (const auto* number = std::get_if<double>(&arg)) {
        if (!(*number >= 1 && *number <= max_significant_digits && *number == std::floor(*number))) {
            return std::unexpected(call_error(function, " needs " + std::string(name) + " to be a whole number from 1 to " +
                                                            std::to_string(max_significant_digits) + ", but it is " +
                                                            plain_text(*number) + "."));
        }
        return static_cast<int>(*number);
    }
    if (!is_empty(arg)) {
        return std::unexpected(call_error(function, " needs " + std::string(name) + " to be a number from 1 to " +
                                                        std::to_string(max_significant_digits) + ", but it is " + kind_of(arg) + "."));
    }
    return 0;
}

Result<std::size_t> read_rank(const Arg& arg, std::string_view name) {
    if (is_empty(arg)) return 1;
    const auto* number = std::get_if<double>(&arg);
    if (!number || *number < 1 || *number != std::floor(*number) || *number > 1e6) {
        return std::unexpected(error(ErrorKind::argument, std::string(name) + " should be a whole number from 1 (the input that matters most), "
                                     "but it is " + kind_of(arg) + "."));
    }
    return static_cast<std::size_t>(*number);
}

}  // namespace ballpark::sheet::detail
