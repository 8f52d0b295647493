#include "command_line.hpp"

#include <algorithm>
#include <optional>

#include "digits.hpp"

namespace ballpark::cli {

namespace {

// "bounds, interval or dist": the modes' names, for a sentence.
std::string mode_names() {
    std::string names;
    for (std::size_t k = 0; k < mode_count; ++k) {
        names += (k == 0 ? "" : k + 1 == mode_count ? " or " : ", ") + std::string(mode_table[k].name);
    }
    return names;
}

}  // namespace

std::string usage() {
    std::string text =
        "usage: ballpark -e EXPRESSION [-e EXPRESSION ...] [--mode=MODE] [--ascii] [--digits=N]\n"
        "       ballpark NOTEBOOK.md [--all] [--mode=MODE] [--ascii] [--digits=N]\n"
        "       ballpark [--mode=MODE] [--ascii] [--digits=N]   (a session: interactive on a terminal, else one statement\n"
        "                per line)\n"
        "\n"
        "  -e EXPR      evaluate EXPR and print the result; several -e share variables\n"
        "  --all        in a notebook, show the result of every line, not only each block's last\n"
        "  --mode=MODE  how `a to b` is read (a notebook line `mode MODE` changes it from there on):\n";
    for (const ModeInfo& row : mode_table) {
        std::string name(row.name);
        name.resize(std::max<std::size_t>(name.size() + 1, 10), ' ');
        text += "                 " + name + std::string(row.reading);
        if (row.mode == Mode{}) text += " (the default)";
        if (!row.aliases.empty()) text += "; also " + std::string(row.aliases);
        text += "\n";
    }
    text +=
        "  --ascii      write ASCII alone: 8.40 * 10^23 instead of 8.40 × 10²³, ohm instead of Ω\n"
        "  --digits=N   show results with N significant figures (1 to 17; a line `digits N` changes it from there on);\n"
        "               the default is 3 for a single value and 2 for each number of a range\n"
        "  --version    print the version\n"
        "\n"
        "Exit status: 0 when every line was read, 1 when a line was an error, 2 when the arguments, the notebook's\n"
        "path or writing the output failed.\n";
    return text;
}

std::expected<Invocation, std::string> parse_command_line(const std::vector<std::string>& arguments) {
    Invocation invocation;
    std::optional<std::string> mode_given;
    bool notebook_given = false;
    bool options_ended = false;  // after "--", every argument is a path, even one that starts with "-"
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string& arg = arguments[i];
        const auto value_after = [&](const std::string& option, const char* what) -> std::expected<std::string, std::string> {
            if (i + 1 >= arguments.size()) return std::unexpected(option + " needs " + what + " after it.");
            return arguments[++i];
        };
        if (options_ended || arg.empty() || arg[0] != '-' || arg == "-") {
            if (arg == "-") return std::unexpected("Reading a notebook from standard input is not supported; give its path.");
            if (notebook_given) {
                return std::unexpected("Give one notebook at a time; found \"" + invocation.notebook + "\" and \"" + arg + "\".");
            }
            invocation.notebook = arg;
            notebook_given = true;
        } else if (arg == "--") {
            options_ended = true;
        } else if (arg == "-e" || arg == "--expression") {
            auto expression = value_after(arg, "an expression");
            if (!expression) return std::unexpected(expression.error());
            invocation.expressions.push_back(*expression);
        } else if (arg.starts_with("--expression=")) {
            invocation.expressions.push_back(arg.substr(13));
        } else if (arg == "--all") {
            invocation.options.all_lines = true;
        } else if (arg == "--mode" || arg.starts_with("--mode=")) {
            std::string name;
            if (arg == "--mode") {
                auto value = value_after(arg, mode_names().c_str());
                if (!value) return std::unexpected(value.error());
                name = *value;
            } else {
                name = arg.substr(7);
            }
            const auto mode = parse_mode(name);
            if (!mode) return std::unexpected(mode.error().sentence());
            if (mode_given && *mode_given != mode_name(*mode)) {
                return std::unexpected("Give one mode; found --mode=" + *mode_given + " and --mode=" + name + ".");
            }
            mode_given = std::string(mode_name(*mode));
            invocation.options.evaluation.mode = *mode;
        } else if (arg == "--ascii") {
            invocation.options.format.ascii = true;
        } else if (arg == "--digits" || arg.starts_with("--digits=")) {
            std::string count;
            if (arg == "--digits") {
                auto value = value_after(arg, "a number of significant figures");
                if (!value) return std::unexpected(value.error());
                count = *value;
            } else {
                count = arg.substr(9);
            }
            const auto digits = parse_digits(count);
            if (!digits) return std::unexpected(digits.error());
            set_digits(invocation.options.format, *digits);
        } else if (arg == "-h" || arg == "--help") {
            invocation.help = true;
        } else if (arg == "--version") {
            invocation.version = true;
        } else {
            return std::unexpected("Unknown option \"" + arg + "\".");
        }
    }
    if (!invocation.expressions.empty() && notebook_given) {
        return std::unexpected("Give either expressions with -e or a notebook, not both; found -e and \"" +
                               invocation.notebook + "\".");
    }
    if (invocation.options.all_lines && !notebook_given) {
        return std::unexpected("--all applies to a notebook; -e and a session already answer every line.");
    }
    if (!invocation.expressions.empty()) invocation.source = Invocation::Source::expressions;
    else if (notebook_given) invocation.source = Invocation::Source::notebook;
    return invocation;
}

}  // namespace ballpark::cli
