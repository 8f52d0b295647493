// How the planning functions (GPUHOURS, TRAININGFLOP, IMPLIEDUTIL) read their arguments: each argument a slot (the
// unit a bare number is taken in, whether it may name an accelerator, what the core checks on its value), bound to
// a parameter of the function in the core's prelude.
#pragma once

#include <forward_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "sheet_functions.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet::detail {

// How one argument of a fixed-formula function is read: the unit a bare number is taken in, whether it may name
// an accelerator, and what the core checks on the value it reads (dimension, above zero, a fraction).
struct Slot {
    Expectation expected;
    std::string_view unit;  // empty for counts and fractions
    bool accepts_accelerator = false;
};

// The slot of the core's planning parameter `parameter` (planning_parameter_rule: what the value must be), read in
// the cell's way: a bare number in `unit`, described as `wanted`, named `shown_name` where that is not the
// parameter's name (GPUHOURS' two utilization arguments).
Slot slot(std::string_view parameter, std::string_view unit, std::string_view wanted, std::string_view shown_name = {},
          bool accepts_accelerator = false);

// The slots are made on first use: their dimensions come from the unit table.
struct Slots {
    Slot params = slot("params", "", "a count such as 70 billion or 70e9");
    Slot tokens = slot("tokens", "", "a count such as 2 trillion or 2e12");
    Slot peak = slot("peak", "FLOP/s", "a compute rate such as 312 TFLOP/s, or an accelerator name such as A100", {}, true);
    Slot util_lo = slot("utilization", "", "a fraction such as 0.35 or 35%", "util_lo");
    Slot util_hi = slot("utilization", "", "a fraction such as 0.55 or 55%", "util_hi");
    Slot gpu_hours = slot("gpu_hours", "hour", "a time such as 1.7 million hour (a bare number is in hours)");
    Slot flop = slot("flop_per_param_token", "FLOP", "a number of FLOP such as 6");
};

const Slots& slots();

// The arguments of one planning function as bindings of its prelude parameters. Each argument becomes one core
// input here (a number, a text, the cells of a range, an accelerator's peak as a quantity); the core reads it in
// the call's mode and checks it against its slot's Expectation on that same reading.
class Inputs {
public:
    explicit Inputs(std::string_view function) : function_(function) { bindings_.reserve(4); }

    // Binds `arg` to the slot's parameter; a range of 2 or 3 cells is bound as its ends. The bindings keep views
    // into `arg` (its text, its cells) until the call ends, so a temporary is refused at compile time: it would be
    // gone before the core reads it.
    void add(const Slot& slot, const Arg& arg) { add_as(slot.expected.name, slot, arg); }
    void add(const Slot& slot, const Arg&& arg) = delete;

    // Binds `parameter` to the range from `low` to `high` (GPUHOURS' util_lo and util_hi), or to `low` alone
    // when `high` is empty; `low` may itself be a range of cells, and then `high` must be empty. Keeps views into
    // both, as add does.
    void add_range(std::string_view parameter, const Slot& low_slot, const Arg& low, const Slot& high_slot, const Arg& high);
    void add_range(std::string_view, const Slot&, const Arg&&, const Slot&, const Arg&) = delete;
    void add_range(std::string_view, const Slot&, const Arg&, const Slot&, const Arg&&) = delete;

    std::span<const Binding> bindings() const { return bindings_; }

private:
    void add_as(std::string_view parameter, const Slot& slot, const Arg& arg);
    Input read(const Slot& slot, const Cell& cell);
    Input read(const Slot& slot, const Arg& arg);
    // A text is bound as itself, except an accelerator's name where one is welcome: that is bound as its peak.
    Input read_text(const Slot& slot, const std::string& text);

    std::string_view function_;
    // The results of other cells that the arguments are, kept until the call returns.
    HeldRecipes held_;
    std::vector<Binding> bindings_;
    // The accelerators' peaks the bindings point to; a list, so that each stays where it is.
    std::forward_list<Quantity> peaks_;
};

}  // namespace ballpark::sheet::detail
