// A session keeps variables and user functions between lines, as a notebook or the CLI needs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/quantity.hpp"

namespace ballpark {

struct LineResult {
    enum class Kind { empty, expression, assignment, function_definition };
    Kind kind = Kind::empty;
    std::string name;                 // the variable or function defined, if any
    std::optional<Quantity> value;    // the value of an expression or assignment
};

class Session {
public:
    Session();
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Runs one line: an expression, `name = expr`, `f(a, b) = expr`, or a blank or comment line.
    Result<LineResult> run(std::string_view line) noexcept;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace ballpark
