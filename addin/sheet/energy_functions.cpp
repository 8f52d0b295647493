// The energy and emissions of a run, TRAINENERGY and EMISSIONS. Each binds its arguments to the parameters of a
// function of the core's prelude (training_energy, emissions) and lets the core read, check and compute; the
// formulas and their sources are the prelude's (core/src/eval/prelude.cpp).
#include <cctype>
#include <string>
#include <string_view>

#include "arguments.hpp"
#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "parts.hpp"
#include "planning_inputs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;
namespace {

// How each argument is read: a bare number is hours, watts, a PUE, MWh, or kg of CO2-equivalent per kWh.
struct EnergySlots {
    Slot gpu_hours = slot("gpu_hours", "hour", "a time such as 1.02 million hour (a bare number is in hours)");
    Slot power = slot("accelerator_power", "W", "a power such as 400 W (a bare number is in watts), or an accelerator name such as A100");
    Slot pue = slot("pue", "", "a power usage effectiveness such as 1.1");
    Slot energy = slot("energy", "MWh", "an energy such as 450 MWh (a bare number is in MWh)");
    Slot grid_intensity = slot("grid_intensity", "kg/kWh", "a mass per energy such as 0.385 kg/kWh (a bare number is in kg/kWh)");
};

const EnergySlots& energy_slots() {
    static const EnergySlots made;
    return made;
}

// The power argument as Calc gave it, or, where it is a text that names an accelerator, that accelerator's thermal
// design power in watts from the table. A text that starts with a letter and is no quantity was meant as a name,
// so the table's sentence with its suggestions is the error.
Arg power_of(const Arg& arg) {
    const auto* text = std::get_if<std::string>(&arg);
    if (!text) return arg;
    const auto first = text->find_first_not_of(" \t");
    if (first == std::string::npos || !std::isalpha(static_cast<unsigned char>((*text)[first]))) return arg;
    if (evaluate(*text)) return arg;
    return Arg{need(value_in(need(accelerator_power(*text)), "W", Part::central))};
}

}  // namespace

Result<double> typed::train_energy(std::string_view function, const Arg& gpu_hours, const Arg& power, const Arg& pue,
                                   const Arg& unit, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Arg watts = power_of(power);
        Inputs in(function);
        in.add(energy_slots().gpu_hours, gpu_hours);
        in.add(energy_slots().power, watts);
        in.add(energy_slots().pue, pue);
        const std::string_view unit_text = need(optional_text(unit, "unit", "MWh", "kWh"));
        const Quantity q = need(evaluate_function("training_energy", in.bindings(), options_for(part)));
        return finite(value_in(q, unit_text, part));
    });
}

Result<double> typed::emissions(std::string_view function, const Arg& energy, const Arg& grid_intensity,
                                const Arg& unit, Pick part) noexcept {
    return capture_errors([&]() -> Result<double> {
        Inputs in(function);
        in.add(energy_slots().energy, energy);
        in.add(energy_slots().grid_intensity, grid_intensity);
        const std::string_view unit_text = need(optional_text(unit, "unit", "t", "kg"));
        const Quantity q = need(evaluate_function("emissions", in.bindings(), options_for(part)));
        return finite(value_in(q, unit_text, part));
    });
}

}  // namespace ballpark::sheet
