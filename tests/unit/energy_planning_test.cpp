// The energy and emissions of a training run in the language (training_energy, emissions), checked against the
// LLaMA paper's carbon table and Llama 2's model card, and against closed forms of each reading of a range.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "reference_models.hpp"

namespace ballpark {
namespace {

using testing::z95;

constexpr double joules_per_mwh = 3.6e9;
constexpr double kg_per_tonne = 1e3;

Quantity value_of(const std::string& text, Mode mode = Mode{}) {
    const auto q = evaluate(text, {}, EvaluationOptions{mode});
    EXPECT_TRUE(q) << text << ": " << q.error().sentence();
    return q ? *q : Quantity{};
}

Error error_of(const std::string& text) {
    const auto q = evaluate(text);
    EXPECT_FALSE(q) << text;
    return q ? Error{} : q.error();
}

// Touvron et al. 2023 (LLaMA, arXiv:2302.13971), Table 15: GPU-hours on A100-80GB at 400 W, with PUE 1.1 and
// 0.385 kg CO2eq per kWh (section 6), and the MWh and tCO2eq it prints, whole numbers.
struct CarbonRow {
    const char* model;
    double gpu_hours, mwh, tonnes;
};
constexpr CarbonRow llama_table[] = {
    {"LLaMA-7B", 82432, 36, 14},
    {"LLaMA-13B", 135168, 59, 23},
    {"LLaMA-33B", 530432, 233, 90},
    {"LLaMA-65B", 1022362, 449, 173},
};

TEST(EnergyPlanning, LlamasCarbonTable) {
    for (const CarbonRow& row : llama_table) {
        const std::string hours = std::to_string(row.gpu_hours) + " hour";
        const Quantity energy = value_of("training_energy(" + hours + ", 400 W, 1.1)");
        // The table's MWh are whole, cut rather than rounded (449.8 is printed 449).
        EXPECT_NEAR(energy.central / joules_per_mwh, row.mwh + 0.5, 0.5) << row.model;
        const Quantity co2 = value_of("emissions(training_energy(" + hours + ", power(A100), 1.1), 0.385 kg/kWh)");
        EXPECT_NEAR(co2.central / kg_per_tonne, row.tonnes, 0.5) << row.model;
    }
}

TEST(EnergyPlanning, LlamaTwosModelCard) {
    // The Llama 2 model card (github meta-llama/llama MODEL_CARD.md): GPU-hours, 400 W, and tCO2eq cut to two
    // decimals (62.4476 is printed 62.44); its figures are what LLaMA's PUE 1.1 and 0.385 kg CO2eq per kWh give.
    const CarbonRow card[] = {{"7B", 184320, 0, 31.22}, {"13B", 368640, 0, 62.44}, {"70B", 1720320, 0, 291.42}};
    for (const CarbonRow& row : card) {
        const Quantity co2 = value_of("emissions(training_energy(" + std::to_string(row.gpu_hours) +
                                      " hour, 400 W, 1.1), 0.385 kg/kWh)");
        EXPECT_NEAR(co2.central / kg_per_tonne, row.tonnes + 0.005, 0.005) << row.model;
    }
}

TEST(EnergyPlanning, RangesFlowThroughInEveryReading) {
    const double hours = 1022362, watts = 400;
    const double kwh = hours * watts / 1e3;
    const std::string energy = "training_energy(1022362 hour, 400 W, 1.1 to 1.3)";
    const Quantity bounds = value_of(energy);
    EXPECT_NEAR(bounds.low, kwh * 1.1 * 3.6e6, 1e-6 * bounds.low);
    EXPECT_NEAR(bounds.high, kwh * 1.3 * 3.6e6, 1e-6 * bounds.high);
    // In the 90% reading each range is the lognormal through its ends: a product of two is the lognormal whose
    // log-spread is the root of the sum of their squares.
    const std::string co2 = "emissions(" + energy + ", 0.3 kg/kWh to 0.5 kg/kWh)";
    const Quantity dist = value_of(co2, distribution_mode());
    const double s_pue = std::log(1.3 / 1.1) / (2 * z95), s_grid = std::log(0.5 / 0.3) / (2 * z95);
    const double median = kwh * std::sqrt(1.1 * 1.3) * std::sqrt(0.3 * 0.5);
    const double spread = std::sqrt(s_pue * s_pue + s_grid * s_grid);
    EXPECT_NEAR(dist.central, median, 1e-3 * median);
    EXPECT_NEAR(dist.low, median * std::exp(-z95 * spread), 2e-3 * dist.low);
    EXPECT_NEAR(dist.high, median * std::exp(z95 * spread), 2e-3 * dist.high);
    const Quantity both = value_of(co2);
    EXPECT_NEAR(both.low, kwh * 1.1 * 0.3, 1e-6 * both.low);
    EXPECT_NEAR(both.high, kwh * 1.3 * 0.5, 1e-6 * both.high);
}

TEST(EnergyPlanning, BadInputsAreRefusedWithASentence) {
    EXPECT_EQ(error_of("training_energy(1000 hour, 400 W, 0.1)").message,
              "pue (the third argument of \"training_energy\") should be a power usage effectiveness such as 1.1, "
              "at least 1, but it is 0.1.");
    EXPECT_EQ(error_of("training_energy(1000 hour, 400, 1.1)").message,
              "accelerator_power (the second argument of \"training_energy\") should be a power such as 400 W or "
              "power(A100), but 400 is a plain number.");
    EXPECT_EQ(error_of("emissions(450 MWh, 0.385)").message,
              "grid_intensity (the second argument of \"emissions\") should be a mass per energy such as 0.385 "
              "kg/kWh, but 0.385 is a plain number.");
    EXPECT_EQ(error_of("training_energy(1000, 400 W, 1.1)").kind, ErrorKind::dimension);
    const Error chip = error_of("training_energy(1000 hour, power(A1000), 1.1)");
    EXPECT_NE(chip.sentence().find("A100"), std::string::npos) << chip.sentence();
    // The bounds readings refuse a PUE range that reaches below 1; the 90% reading one wholly below it.
    EXPECT_EQ(error_of("training_energy(1000 hour, 400 W, 0.9 to 1.2)").kind, ErrorKind::domain);
    EXPECT_FALSE(evaluate("training_energy(1000 hour, 400 W, 0.5 to 0.9)", {}, EvaluationOptions{distribution_mode()}));
    EXPECT_TRUE(evaluate("training_energy(1000 hour, 400 W, 1.05 to 1.2)", {}, EvaluationOptions{distribution_mode()}));
}

}  // namespace
}  // namespace ballpark
