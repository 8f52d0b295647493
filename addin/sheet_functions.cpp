// Each sheet function turns its arguments into core inputs and lets the core do the arithmetic: the
// fixed-formula functions (GPUHOURS, TRAININGFLOP, IMPLIEDUTIL) are functions of the core's prelude, called with
// their arguments bound as values, so their units, ranges and error messages are the core's and no formula
// text is composed here.
#include "sheet_functions.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <exception>
#include <string>
#include <vector>

#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "ballpark/text.hpp"
#include "ballpark/text_cache.hpp"

namespace ballpark::sheet {
namespace {

// How one argument of a fixed-formula function is read.
struct Slot {
    std::string_view variable;  // its name in the formula and in messages
    std::string_view unit;      // the unit a bare number is taken in; empty for counts and fractions
    std::string_view wanted;    // what it should be, for messages
    bool accepts_accelerator = false;
    bool is_fraction = false;   // a utilization: above 0 and at most 1
};

constexpr Slot params_slot{"params", "", "a count such as 70 billion or 70e9"};
constexpr Slot tokens_slot{"tokens", "", "a count such as 2 trillion or 2e12"};
constexpr Slot peak_slot{"peak", "FLOP/s",
                         "a compute rate such as 312 TFLOP/s, or an accelerator name such as A100", true};
constexpr Slot util_lo_slot{"util_lo", "", "a fraction such as 0.35 or 35%", false, true};
constexpr Slot util_hi_slot{"util_hi", "", "a fraction such as 0.55 or 55%", false, true};
constexpr Slot gpu_hours_slot{"gpu_hours", "hour", "a time such as 1.7 million hour (a bare number is in hours)"};
constexpr Slot flop_slot{"flop_per_param_token", "FLOP", "a number of FLOP such as 6"};

Error error(std::string message, std::string hint = {}) { return Error{std::move(message), 0, std::move(hint)}; }

// Inside capture_errors, a failed step ends the call with its error: the functions below read as a list of
// steps instead of a ladder of early returns.
template <class T>
T need(Result<T> result) {
    if (!result) throw ErrorException(std::move(result.error()));
    if constexpr (!std::is_void_v<T>) return std::move(*result);
}

bool is_empty(const Arg& arg) {
    if (std::holds_alternative<std::monostate>(arg)) return true;
    const auto* text = std::get_if<std::string>(&arg);
    return text && text->find_first_not_of(" \t") == std::string::npos;
}

// An optional text argument such as a unit or a part; empty means `fallback`.
Result<std::string_view> optional_text(const Arg& arg, std::string_view name, std::string_view fallback,
                                       std::string_view example) {
    if (is_empty(arg)) return fallback;
    // Calc passes a reference to an empty cell as the number 0, and 0 is no unit, part or precision, so it
    // means "left empty" here.
    if (const auto* number = std::get_if<double>(&arg); number && *number == 0) return fallback;
    if (const auto* text = std::get_if<std::string>(&arg)) return std::string_view(*text);
    return std::unexpected(error(std::string(name) + " should be a text such as " + in_quotes(example) + ", but it is the number " +
                                 plain_text(std::get<double>(arg)) + "."));
}

Result<Part> optional_part(const Arg& arg) {
    // std::expected's and_then arrives with GCC 13; Debian 12 has 12.
    auto text = optional_text(arg, "part", "central", "low");
    return text ? parse_part(*text) : std::unexpected(text.error());
}

// accelerator_peak() for a text seen before: a column that names the same chip in every row, or gives its peak
// as "312 TFLOP/s" (which is looked up as a name first and fails with a did-you-mean), repeats the same lookup.
// The table is constant, so answers, errors included, are kept per thread; a full cache starts over.
Result<Quantity> cached_accelerator_peak(std::string_view text) {
    thread_local TextCache<Result<Quantity>> cache(1024, std::size_t{1} << 20);
    return cache.get(text, [&] { return accelerator_peak(text); });
}

// A core error about one argument, told with the argument's name so the user knows which cell to fix.
Error about(const Slot& slot, std::string_view text, Error inner) {
    inner.message = std::string(slot.variable) + " " + in_quotes(text) + ": " + inner.message;
    return inner;
}

// Hints for the mistakes people make when a count is wanted.
std::string count_hint(const Quantity& found) {
    if (found.dimension == Dimension::of(BaseDimension::information)) {
        return "B is the byte, so \"70B\" is 70 byte; write a count as 70 billion or 70e9.";
    }
    return "Write a count as a plain number: 70 billion, 2 trillion or 70e9.";
}

// The arguments of one planning function, read and checked, as bindings of its prelude parameters.
class Inputs {
public:
    explicit Inputs(std::string_view function) : function_(function) {}

    // Reads `arg` for `slot` and binds it to the slot's parameter.
    void add(const Slot& slot, const Arg& arg) { bindings_.push_back(Binding{slot.variable, read(slot, arg), std::nullopt, slot.unit}); }

    // Binds `parameter` to the range from `low` to `high` (GPUHOURS' util_lo and util_hi), or to `low` alone
    // when `high` is empty.
    void add_range(std::string_view parameter, const Slot& low_slot, const Arg& low, const Slot& high_slot, const Arg& high) {
        Binding b{parameter, read(low_slot, low), std::nullopt, low_slot.unit};
        if (!is_empty(high)) b.high = read(high_slot, high);
        bindings_.push_back(b);
    }

    std::span<const Binding> bindings() const { return bindings_; }

private:
    Input read(const Slot& slot, const Arg& arg) {
        if (is_empty(arg)) {
            throw ErrorException(error(std::string(function_) + " needs " + std::string(slot.variable) + ", " +
                                       std::string(slot.wanted) + "."));
        }
        if (const auto* number = std::get_if<double>(&arg)) {
            const auto shown = [&] { return plain_text(*number); };
            need(slot.is_fraction ? check_fraction(slot, *number, *number, shown) : check_positive(slot, *number, shown));
            return *number;
        }
        return read_text(slot, std::get<std::string>(arg));
    }

    // How a text was read for a slot: bound as the number it names (an accelerator's peak) or as the text.
    struct Reading {
        bool by_number = false;
        double number = 0;
    };

    // Reading a text for a slot depends on nothing but the two, and a filled column passes the same texts in every
    // row, so what a successful reading found is kept per thread (errors are not kept; a full cache starts over).
    Input read_text(const Slot& slot, const std::string& text) {
        thread_local TextCache<Reading> cache(1024, std::size_t{1} << 20);
        thread_local std::string key;
        const Slot* const address = &slot;  // the slots are constants, so the address names one
        key.assign(reinterpret_cast<const char*>(&address), sizeof address);
        key += text;
        if (const Reading* found = cache.find(key)) {
            if (found->by_number) return found->number;
            return std::string_view(text);
        }
        const Reading r = read_new_text(slot, text);
        cache.insert(key, r);
        if (r.by_number) return r.number;
        return std::string_view(text);
    }

    Reading read_new_text(const Slot& slot, const std::string& text) {
        if (slot.accepts_accelerator) {
            auto chip = cached_accelerator_peak(text);
            if (chip) return Reading{true, need(value_in(*chip, slot.unit, Part::central))};
            // A text that starts with a letter was meant as a name, so the table's did-you-mean is the useful
            // error; "312 TFLOPS/s" and the like fall through to the quantity reader's message.
            auto first = text.find_first_not_of(" \t");
            bool looks_like_name = std::isalpha(static_cast<unsigned char>(text[first]));
            if (looks_like_name && !evaluate(text)) throw ErrorException(about(slot, text, chip.error()));
        }
        auto found = evaluate(text);
        if (!found) throw ErrorException(about(slot, text, found.error()));
        Dimension wanted;
        if (!slot.unit.empty()) wanted = need(unit_quantity(slot.unit)).dimension;
        const bool plain = found->dimension.is_dimensionless();
        if (found->dimension != wanted && !plain) {
            throw ErrorException(error(std::string(slot.variable) + " should be " + std::string(slot.wanted) + ", but " +
                                           in_quotes(text) + " is of dimension " + dimension_name(found->dimension) + ".",
                                       slot.unit.empty() && !slot.is_fraction ? count_hint(*found) : std::string{}));
        }
        const auto shown = [&] { return in_quotes(text); };
        need(slot.is_fraction ? check_fraction(slot, found->low, found->high, shown)
                              : check_positive(slot, found->low, shown));
        return Reading{};
    }

    // Counts, peaks, hours and FLOP per parameter-token are all above zero; zero or less would give an answer of
    // zero, a negative number or infinity instead of an error. An empty cell reaches here as the number 0.
    // `shown` gives the value as the message quotes it; it is called only when the check fails.
    template <class Shown>
    static Result<void> check_positive(const Slot& slot, double low, const Shown& shown_text) {
        if (low > 0) return {};
        const std::string shown = shown_text();
        return std::unexpected(error(std::string(slot.variable) + " should be " + std::string(slot.wanted) +
                                         ", above zero, but it is " + shown + ".",
                                     shown == "0" ? "An empty cell counts as 0." : std::string{}));
    }

    // A utilization of 35 is almost always 35% typed without the sign; catch it before it gives 1/100 of the hours.
    template <class Shown>
    static Result<void> check_fraction(const Slot& slot, double low, double high, const Shown& shown) {
        if (low > 0 && high <= 1) return {};
        return std::unexpected(error(std::string(slot.variable) + " should be " + std::string(slot.wanted) +
                                         ", above 0 and at most 1, but it is " + shown() + ".",
                                     high > 1 ? "Write 35% or 0.35 for thirty-five percent." : std::string{}));
    }

    std::string_view function_;
    std::vector<Binding> bindings_;
};

// Name; value pairs from Calc's variable argument list, as bindings into the texts of `pairs`.
Result<std::vector<Binding>> pair_bindings(std::span<const Arg> pairs) {
    std::vector<Binding> out;
    if (pairs.size() % 2 != 0) {
        const auto* name = std::get_if<std::string>(&pairs.back());
        return std::unexpected(error("The name; value pairs are uneven: " +
                                     (name ? "the name " + in_quotes(*name) + " has no value after it." : "the last one has no name.")));
    }
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const auto* name = std::get_if<std::string>(&pairs[i]);
        if (!name || name->empty()) {
            return std::unexpected(error("Pair " + std::to_string(i / 2 + 1) + " should start with a variable name as text, such as "
                                         "\"params\", but it starts with " +
                                         (name ? std::string("an empty text") : is_empty(pairs[i]) ? "nothing" : "a number") + "."));
        }
        const Arg& value = pairs[i + 1];
        if (is_empty(value)) return std::unexpected(error("The variable " + in_quotes(*name) + " has no value: its cell is empty."));
        if (const auto* number = std::get_if<double>(&value)) {
            out.push_back(Binding{*name, *number});
        } else {
            out.push_back(Binding{*name, std::string_view(std::get<std::string>(value))});
        }
    }
    return out;
}

Result<Quantity> evaluate_with_pairs(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) {
    const auto bindings = need(pair_bindings(pairs));
    Quantity q = need(evaluate(expression, bindings));
    const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
    if (unit_text.empty()) return q;
    return express_in(q, unit_text);
}

// Calc shows an infinite result as #NUM! with no reason, so an overflow becomes an error with a sentence.
Result<double> finite(Result<double> value) {
    if (value && !std::isfinite(*value)) {
        return std::unexpected(error("The result is too large for a spreadsheet number.",
                                     "Express it in a larger unit, or check the inputs for a missing scale word."));
    }
    return value;
}

}  // namespace

Result<double> gpu_hours(const Arg& params, const Arg& tokens, const Arg& peak, const Arg& util_lo,
                         const Arg& util_hi, const Arg& unit, const Arg& part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in("GPUHOURS");
        in.add(params_slot, params);
        in.add(tokens_slot, tokens);
        in.add(peak_slot, peak);
        // util_hi may be left out for a single utilization.
        in.add_range("utilization", util_lo_slot, util_lo, util_hi_slot, util_hi);
        const std::string_view unit_text = need(optional_text(unit, "unit", "hour", "day"));
        const Part which = need(optional_part(part));
        const Quantity q = need(evaluate_function("gpu_hours", in.bindings()));
        return finite(value_in(q, unit_text, which));
    });
}

Result<double> unit_convert(const Arg& value, const Arg& from_unit, std::string_view to_unit) noexcept {
    return capture_errors([&]() -> Result<double> {
        if (to_unit.find_first_not_of(" \t") == std::string_view::npos) {
            return std::unexpected(error("UNITCONVERT needs to_unit, the unit to convert into, such as \"PFLOP/s*day\"."));
        }
        const std::string_view from = need(optional_text(from_unit, "from_unit", "", "TFLOP/s"));
        if (is_empty(value)) return std::unexpected(error("UNITCONVERT needs a value, such as 312 or \"312 TFLOP/s\"."));
        if (const auto* number = std::get_if<double>(&value)) {
            if (from.empty()) {
                return std::unexpected(error("UNITCONVERT needs from_unit when the value is a number.",
                                             "Give the unit, as in UNITCONVERT(312; \"TFLOP/s\"; \"PFLOP/s\"), or write the value "
                                             "with its unit, as in UNITCONVERT(\"312 TFLOP/s\"; ; \"PFLOP/s\")."));
            }
            return finite(convert(*number, from, to_unit));
        }
        const std::string& text = std::get<std::string>(value);
        const Quantity q = need(evaluate(text));
        if (from.empty()) return finite(value_in(q, to_unit, Part::central));
        // A number written as text ("312") with its unit in from_unit, as when a cell holds text digits.
        if (!q.dimension.is_dimensionless()) {
            return std::unexpected(error("The value " + in_quotes(text) + " already has a unit, so from_unit must be empty."));
        }
        return finite(convert(need(value_in(q, "", Part::central)), from, to_unit));
    });
}

Result<std::string> qty(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const Quantity q = need(evaluate_with_pairs(expression, unit, pairs));
        // A cell has QTYDIM for the dimension, so the "{time}" label would only crowd it.
        FormatOptions options;
        options.dimension_label = false;
        return format(q, options);
    });
}

Result<double> qty_value(std::string_view expression, const Arg& unit, const Arg& part,
                         std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Part which = need(optional_part(part));
        const Quantity q = need(evaluate_with_pairs(expression, unit, pairs));
        // The number is in the unit the result is shown in (`as million hour` or the unit argument), so the
        // cell agrees with QTY; without one it is in SI base units.
        const std::string shown = q.unit ? q.unit->label : std::string{};
        return finite(value_in(q, shown, which));
    });
}

Result<std::string> qty_dim(std::string_view expression) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        return dimension_name(need(evaluate(expression)).dimension);
    });
}

Result<double> training_flop(const Arg& params, const Arg& tokens, const Arg& flop_per_param_token) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in("TRAININGFLOP");
        in.add(params_slot, params);
        in.add(tokens_slot, tokens);
        // 6 FLOP per parameter per token unless given (the prelude's training_flop says why).
        in.add(flop_slot, is_empty(flop_per_param_token) ? Arg{6.0} : flop_per_param_token);
        return finite(value_in(need(evaluate_function("training_flop", in.bindings())), "FLOP", Part::central));
    });
}

Result<double> implied_util(const Arg& gpu_hours, const Arg& params, const Arg& tokens, const Arg& peak) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in("IMPLIEDUTIL");
        in.add(gpu_hours_slot, gpu_hours);
        in.add(params_slot, params);
        in.add(tokens_slot, tokens);
        in.add(peak_slot, peak);
        const double utilization = need(finite(value_in(need(evaluate_function("implied_util", in.bindings())), "",
                                                        Part::central)));
        // No run computes faster than its hardware's peak, so above 100% the inputs disagree with each other.
        if (utilization > 1) {
            return std::unexpected(error("These figures imply a utilization of " + format_number(utilization * 100, 3) +
                                             "%, above 100%: no run is faster than its hardware's peak.",
                                         "Check that gpu_hours is in hours (not millions of hours) and that peak is for one chip."));
        }
        return utilization;
    });
}

Result<double> accel_peak(std::string_view name, const Arg& precision) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Quantity q = need(accelerator_peak(name, need(optional_text(precision, "precision", "bf16", "fp16"))));
        return finite(value_in(q, "FLOP/s", Part::central));
    });
}

}  // namespace ballpark::sheet
