// A session keeps variables and user functions between lines, as a notebook or the CLI needs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/quantity.hpp"
#include "ballpark/tornado.hpp"

namespace ballpark {

struct SyntaxTree;  // the core's parsed statement (core/src/language)

struct LineResult {
    // correlation: `correlation(a, b) = r`, the rank correlation of two named inputs in the 90% reading; `value`
    // is r.
    enum class Kind { empty, expression, assignment, function_definition, mode, tornado, histogram, correlation };
    Kind kind = Kind::empty;
    std::string name;                 // the variable or function defined, if any
    std::optional<Quantity> value;    // the value of an expression or assignment
    std::optional<Tornado> tornado;   // the result of a `tornado EXPRESSION` line
    std::optional<Histogram> histogram;  // the result of a `histogram EXPRESSION` line
};

class Session {
public:
    explicit Session(const EvaluationOptions& options = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Runs one line: an expression, `name = expr`, `f(a, b) = expr`, `correlation(a, b) = r`, or a blank or
    // comment line. A correlation may come before or after its names' definitions, but before any other
    // definition uses them: the definitions since the first of its names are run again with it.
    // `mode dist` (or bounds, interval) switches how ranges are read from that line on; the names defined so far
    // are defined again in the new reading.
    Result<LineResult> run(std::string_view line) noexcept;

    Mode mode() const noexcept;

    // Which input matters to `expression`, with the names defined so far; the line `tornado EXPRESSION` runs this.
    // An input assigned to a name (`utilization = 35% to 55%`) is labelled by the name.
    Result<Tornado> tornado(std::string_view expression) noexcept;

    // The density of `expression` in the 90% reading, whatever the session's mode, as `histogram_bin_count` bins
    // (histogram.hpp), with the guaranteed bounds of the same expression where that reading gives finite ones; the
    // names defined so far are defined again in each reading. The line `histogram EXPRESSION` runs this.
    Result<Histogram> histogram(std::string_view expression) noexcept;
    static constexpr std::size_t histogram_bin_count = 20;

private:
    // `tree` evaluated in `mode`, every name defined so far defined again in it.
    Quantity evaluate_in(Mode mode, const SyntaxTree& tree) const;
    // `tree` in the first reading of guaranteed bounds, without the definitions that reading refuses unless `tree`
    // reads one (then that refusal is thrown).
    Quantity bounds_of(const SyntaxTree& tree) const;

    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace ballpark
