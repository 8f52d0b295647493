// UNITCONVERT and QTYVALUE as Calc calls them, for what the sheet layer adds: temperatures on scales with an offset
// (expected values from GNU Units 2.22, whose command and output each check quotes) and a quantity text converted
// into a unit that counts angles where it counts cycles.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ballpark/error.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

TEST(SheetUnitConvert, ConvertsTemperaturesOnTheirScales) {
    // $ units -t 'tempC(20)' tempF
    // 68
    EXPECT_NEAR(*unit_convert(20.0, std::string("degC"), "degF"), 68, 1e-12);
    EXPECT_NEAR(*unit_convert(std::string("20 °C"), Arg{}, "°F"), 68, 1e-12);
    // $ units -t 'tempK(300)' tempC
    // 26.85
    EXPECT_NEAR(*unit_convert(300.0, std::string("K"), "degC"), 26.85, 1e-12);
    // $ units -t 'tempC(25)' tempF
    // 77
    EXPECT_NEAR(*unit_convert(std::string("20 degC + 5 K"), Arg{}, "degF"), 77, 1e-12);
    EXPECT_NEAR(*qty_value(std::string("20 degC"), std::string("degF"), Arg{}, {}), 68, 1e-12);
    // A text that is a number with its unit in from_unit is on that scale.
    EXPECT_NEAR(*unit_convert(std::string("20"), std::string("degC"), "degF"), 68, 1e-12);
}

TEST(SheetUnitConvert, RefusesWhatATemperatureScaleCannotShow) {
    const auto sum = unit_convert(std::string("20 degC + 10 degC"), Arg{}, "degF");
    ASSERT_FALSE(sum.has_value());
    EXPECT_EQ(sum.error().kind, ErrorKind::temperature);
    const auto difference = unit_convert(std::string("25 degC - 20 degC"), Arg{}, "degC");
    ASSERT_FALSE(difference.has_value());
    EXPECT_EQ(difference.error().kind, ErrorKind::temperature);
    const auto compound = unit_convert(1.0, std::string("W/degC"), "W/K");
    ASSERT_FALSE(compound.has_value());
    EXPECT_EQ(compound.error().kind, ErrorKind::temperature);
}

TEST(SheetUnitConvert, AQuantityTextInCyclesIsNotShownAsAnAngleAndTheOtherWayRound) {
    // "60 rpm as rad/s" is refused in an expression (60 rpm is 1 Hz, a cycle is not an angle); the text in
    // UNITCONVERT with from_unit empty follows the same rule rather than giving 1.
    const auto angle = unit_convert(std::string("60 rpm"), Arg{}, "rad/s");
    ASSERT_FALSE(angle.has_value());
    EXPECT_NE(angle.error().hint.find("turn"), std::string::npos) << angle.error().sentence();
    EXPECT_FALSE(unit_convert(std::string("1 turn/s"), Arg{}, "Hz").has_value());
    EXPECT_FALSE(qty_value(std::string("60 rpm"), std::string("rad/s"), Arg{}, {}).has_value());
    // What the hint says to write works: 60 rpm * turn is 2π rad/s (1 Hz alone is 1 cycle per second).
    EXPECT_NEAR(*unit_convert(std::string("60 rpm * turn"), Arg{}, "rad/s"), 6.283185307179586, 1e-12);
    EXPECT_NEAR(*unit_convert(std::string("60 rpm"), Arg{}, "Hz"), 1, 1e-12);
}

}  // namespace
}  // namespace ballpark::sheet
