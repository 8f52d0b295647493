// TRAINENERGY and EMISSIONS as Calc calls them, against the LLaMA paper's carbon table and closed forms written out
// here.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

// LLaMA 65B (Touvron et al. 2023, arXiv:2302.13971, Table 15): 1,022,362 GPU-hours of A100-80GB at 400 W, PUE 1.1,
// 0.385 kg CO2eq per kWh: 449 MWh and 173 tCO2eq as printed.
TEST(SheetEnergy, LlamaSixtyFiveB) {
    const Arg none;
    const auto mwh = train_energy(1022362.0, std::string("A100"), 1.1, none, none);
    ASSERT_TRUE(mwh) << mwh.error().sentence();
    EXPECT_NEAR(*mwh, 1022362 * 400 * 1.1 / 1e6, 1e-9);
    EXPECT_NEAR(*mwh, 449.5, 0.5);
    const auto tonnes = emissions(*mwh, 0.385, none, none);
    ASSERT_TRUE(tonnes) << tonnes.error().sentence();
    EXPECT_NEAR(*tonnes, 173, 0.5);
    // Texts in other units, and a unit asked for.
    EXPECT_NEAR(*train_energy(std::string("1.022362 million hour"), std::string("0.4 kW"), 1.1, std::string("kWh"), none),
                1022362 * 400 * 1.1 / 1e3, 1e-6);
    EXPECT_NEAR(*emissions(std::string("449.84 MWh"), std::string("385 g/kWh"), std::string("kg"), none), 449.84 * 385, 1e-6);
}

TEST(SheetEnergy, RangesInEveryReading) {
    Cells pue;
    pue.rows = 1;
    pue.columns = 2;
    pue.cells = {1.1, 1.3};
    const Arg none;
    EXPECT_NEAR(*train_energy(1000.0, 400.0, pue, none, std::string("low")), 1000 * 400 * 1.1 / 1e6, 1e-12);
    EXPECT_NEAR(*train_energy(1000.0, 400.0, pue, none, std::string("high")), 1000 * 400 * 1.3 / 1e6, 1e-12);
    // The 90% reading: the median of the lognormal through 1.1 and 1.3 is their geometric mean.
    EXPECT_NEAR(*train_energy(1000.0, 400.0, pue, none, std::string("median")), 1000 * 400 * std::sqrt(1.1 * 1.3) / 1e6, 1e-6);
    EXPECT_NEAR(*emissions(450.0, std::string("0.3 kg/kWh to 0.5 kg/kWh"), none, std::string("p5")), 450 * 0.3, 1e-6);
}

TEST(SheetEnergy, BadInputsAreSentences) {
    const Arg none;
    const auto low_pue = train_energy(1000.0, 400.0, 0.1, none, none);
    ASSERT_FALSE(low_pue);
    EXPECT_NE(low_pue.error().message.find("at least 1"), std::string::npos) << low_pue.error().sentence();
    const auto chip = train_energy(1000.0, std::string("A1000"), 1.1, none, none);
    ASSERT_FALSE(chip);
    EXPECT_NE(chip.error().sentence().find("A100"), std::string::npos) << chip.error().sentence();
    const auto flop = train_energy(1000.0, std::string("400 FLOP"), 1.1, none, none);
    ASSERT_FALSE(flop);
    EXPECT_EQ(flop.error().kind, ErrorKind::dimension);
    const auto grid = emissions(450.0, std::string("0.385 kg"), none, none);
    ASSERT_FALSE(grid);
    EXPECT_NE(grid.error().message.find("grid_intensity"), std::string::npos) << grid.error().sentence();
}

}  // namespace
}  // namespace ballpark::sheet
