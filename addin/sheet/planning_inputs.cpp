#include "planning_inputs.hpp"

#include <cctype>
#include <cstddef>
#include <utility>

#include "arguments.hpp"
#include "ballpark/accelerators.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "ballpark/text_cache.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet::detail {
namespace {

// accelerator_peak() for a text seen before: a column that names the same chip in every row, or gives its peak
// as "312 TFLOP/s" (which is looked up as a name first and fails with a did-you-mean), repeats the same lookup.
// The table is constant, so answers, errors included, are kept per thread; a full cache starts over.
Result<Quantity> cached_accelerator_peak(std::string_view text) {
    static PerThread<TextCache<Result<Quantity>>> caches;
    return caches.get(1024, std::size_t{1} << 20).get(text, [&] { return accelerator_peak(text); });
}

// A core error about one argument, told with the argument's name so the user knows which cell to fix.
Error about(const Expectation& e, std::string_view text, Error inner) {
    found_in(inner, ErrorPlace{ErrorPlace::What::labelled_value, std::string(e.name), std::string(text)});
    inner.input = std::string(e.name);
    return inner;
}

}  // namespace

Slot slot(std::string_view parameter, std::string_view unit, std::string_view wanted, std::string_view shown_name,
          bool accepts_accelerator) {
    // The core's rule on the parameter (its dimension, above zero or a fraction), worded for a cell: a bare number
    // is taken in `unit`, and an empty cell is the number 0.
    Expectation e = *planning_parameter_rule(parameter);
    if (!shown_name.empty()) e.name = shown_name;
    e.wanted = wanted;
    e.zero_hint = "An empty cell counts as 0.";
    return Slot{e, unit, accepts_accelerator};
}

const Slots& slots() {
    static const Slots made;
    return made;
}

void Inputs::add_range(std::string_view parameter, const Slot& low_slot, const Arg& low, const Slot& high_slot,
                       const Arg& high) {
    if (std::holds_alternative<Cells>(low)) {
        if (!is_empty(high)) {
            throw ErrorException(error(ErrorKind::argument, std::string(low_slot.expected.name) + " is a range of cells, so " +
                                       std::string(high_slot.expected.name) + " must be empty, but it is " + kind_of(high) + ".",
                                       "A range of 2 or 3 cells already gives both ends."));
        }
        add_as(parameter, low_slot, low);
        return;
    }
    Binding b{parameter, read(low_slot, low), std::nullopt, low_slot.unit};
    b.expected = &low_slot.expected;
    if (!is_empty(high)) {
        b.high = read(high_slot, high);
        b.high_expected = &high_slot.expected;
    }
    bindings_.push_back(b);
}

void Inputs::add_as(std::string_view parameter, const Slot& slot, const Arg& arg) {
    const auto* range = std::get_if<Cells>(&arg);
    if (!range) {
        Binding b{parameter, read(slot, arg), std::nullopt, slot.unit};
        b.expected = &slot.expected;
        bindings_.push_back(b);
        return;
    }
    auto checked = range_cells(*range, std::string(function_) + "'s " + std::string(slot.expected.name));
    if (!checked) throw ErrorException(naming_call(function_, std::move(checked.error())));
    const RangeCells ends = *checked;
    // Each cell is one end, which the core refuses when it is itself a range ("1 to 2") and names by its cell.
    Binding b{parameter, read(slot, *ends.low), read(slot, *ends.high), slot.unit};
    if (ends.central) b.central = read(slot, *ends.central);
    b.expected = &slot.expected;
    b.ends_are_cells = true;
    bindings_.push_back(b);
}

Input Inputs::read(const Slot& slot, const Cell& cell) {
    if (const auto* text = std::get_if<std::string>(&cell)) return read_text(slot, *text);
    return cell_input(held_, cell);
}

Input Inputs::read(const Slot& slot, const Arg& arg) {
    if (const auto* range = std::get_if<Cells>(&arg)) {
        throw ErrorException(error(ErrorKind::argument, std::string(slot.expected.name) + " should be one value, but it is " + range_size(*range) + "."));
    }
    if (is_empty(arg)) {
        throw ErrorException(call_error(function_, " needs " + std::string(slot.expected.name) + ", " +
                                   std::string(slot.expected.wanted) + "."));
    }
    if (const auto* number = std::get_if<double>(&arg)) return *number;
    return read_text(slot, std::get<std::string>(arg));
}

Input Inputs::read_text(const Slot& slot, const std::string& text) {
    const Input input = text_input(held_, text);
    if (!slot.accepts_accelerator || std::holds_alternative<const Recipe*>(input)) return input;
    auto chip = cached_accelerator_peak(text);
    if (chip) return &peaks_.emplace_front(std::move(*chip));
    // A text that starts with a letter and is no quantity was meant as a name, so the table's did-you-mean is
    // the useful error; "312 TFLOPS/s" and the like fall through to the core's message. (The test reading is
    // cached per thread and made only for such texts.)
    const auto first = text.find_first_not_of(" \t");
    const bool looks_like_name = std::isalpha(static_cast<unsigned char>(text[first]));
    if (looks_like_name && !evaluate(text)) throw ErrorException(about(slot.expected, text, chip.error()));
    return std::string_view(text);
}

}  // namespace ballpark::sheet::detail
