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

// A name bound to "60 rpm" hides the unit's spelling from the expression; the value itself still counts cycles, in
// either reading. $ units -t -d 15 '(60 rpm / rev) * turn' 'radian/s' gives 6.28318530717959.
TEST(SheetUnitConvert, ANameBoundToCyclesIsNotShownAsAnAngle) {
    using Args = std::vector<Arg>;
    const Args pairs{std::string("x"), std::string("60 rpm")};
    for (const char* part : {"central", "p95"}) {
        for (const char* expression : {"x", "x * 2", "x / 2"}) {
            const auto r = qty_value(std::string(expression), std::string("rad/s"), std::string(part), pairs);
            ASSERT_FALSE(r.has_value()) << expression << " " << part << " gave " << *r;
            EXPECT_NE(r.error().hint.find("Multiply by turn"), std::string::npos) << r.error().sentence();
        }
        EXPECT_NEAR(*qty_value(std::string("x * turn"), std::string("rad/s"), std::string(part), pairs), 6.28318530717959, 1e-12);
        EXPECT_NEAR(*qty_value(std::string("x"), std::string("Hz"), std::string(part), pairs), 1, 1e-12);
    }
    // A number in a unit that counts cycles, and a text that names an angle per time shown in Hz.
    const Args number{std::string("x"), 60.0};
    EXPECT_FALSE(qty_value(std::string("x rpm"), std::string("rad/s"), Arg{}, number).has_value());
    const Args angle{std::string("w"), std::string("2 pi rad/s")};
    EXPECT_FALSE(qty_value(std::string("w"), std::string("Hz"), Arg{}, angle).has_value());
    EXPECT_NEAR(*qty_value(std::string("w / turn"), std::string("Hz"), Arg{}, angle), 1, 1e-12);
}

}  // namespace
}  // namespace ballpark::sheet
