// Consistency checks whose expected values come from a reference outside Ballpark, never from its own output.
//
// The reference is GNU Units 2.22 (Debian 12 package `units`), run with -t (terse: the number only), or, where
// GNU Units has no such unit (FLOP, the 2022 prefixes), the standard that defines it:
//   SI Brochure   BIPM, The International System of Units, 9th edition (2019)
//   CGPM 2022     27th General Conference on Weights and Measures, Resolution 3 (ronna, ronto, quetta, quecto)
//   IEC 80000-13  IEC 80000-13:2008, Quantities and units, Part 13: Information science and technology
//   NIST SP 811   NIST Special Publication 811 (2008), Appendix B
// Every check quotes the exact command and what it printed. GNU Units prints 8 significant digits by default;
// where that rounds, the check gives -d 12 to get the exact figure.
//
// GNU Units has no FLOP. A FLOP is a count of operations, so its checks use GNU Units with the count as a pure
// number: "1 PFLOP/s·day" becomes 'peta/s * day', whose dimensionless answer is the number of FLOP.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"

namespace ballpark {
namespace {

// `value` in from_unit, expressed in to_unit, by the public API; NaN and a failed test on error.
double in(double value, std::string_view from_unit, std::string_view to_unit) {
    const auto r = convert(value, from_unit, to_unit);
    if (!r) {
        ADD_FAILURE() << from_unit << " -> " << to_unit << ": " << r.error().sentence();
        return std::nan("");
    }
    return *r;
}

// The central value of an expression in the given unit.
double evaluated(std::string_view expression, std::string_view unit) {
    const auto q = evaluate(expression);
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return std::nan("");
    }
    const auto v = value_in(*q, unit, Part::central);
    if (!v) {
        ADD_FAILURE() << expression << " in " << unit << ": " << v.error().sentence();
        return std::nan("");
    }
    return *v;
}

// --- The basic checks: derived units by their definitions. ---

TEST(ReferenceValues, OneWattIsOneJoulePerSecond) {
    // $ units -t '1 W' 'J/s'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "W", "J/s"), 1.0);
    // SI Brochure, Table 4: watt = J/s. The dimensions must agree too, or convert would refuse.
    EXPECT_EQ(unit_quantity("W")->dimension, unit_quantity("J/s")->dimension);
}

TEST(ReferenceValues, OnePetaflopPerSecondDayIs864Times10To19Flop) {
    // $ units -t 'peta/s * day'
    // 8.64e+19
    EXPECT_DOUBLE_EQ(in(1, "PFLOP/s*day", "FLOP"), 8.64e19);
    EXPECT_DOUBLE_EQ(in(1, "PFLOP/s·day", "FLOP"), 8.64e19);
    EXPECT_DOUBLE_EQ(evaluated("1 PFLOP/s * 1 day", "FLOP"), 8.64e19);
}

TEST(ReferenceValues, OneGibibyteIs1073741824Bytes) {
    // $ units -t -d 12 '1 GiB' 'byte'
    // 1073741824
    // (IEC 80000-13: gibi = 2^30.)
    EXPECT_EQ(in(1, "GiB", "B"), 1073741824.0);
    EXPECT_EQ(in(1, "GiB", "byte"), 1.073741824e9);
}

TEST(ReferenceValues, OneYearIsAJulianYearOf365AndAQuarterDays) {
    // Ballpark's year is the Julian year (units_table.cpp). GNU Units calls it julianyear; its own "year" is the
    // tropical year of 365.2422 days, a different definition.
    // $ units -t '1 julianyear' 'day'
    // 365.25
    EXPECT_EQ(in(1, "year", "day"), 365.25);
    // $ units -t '1 julianyear' 's'
    // 31557600
    EXPECT_EQ(in(1, "year", "s"), 31557600.0);
    // $ units -t '1 julianyear/12' 'day'
    // 30.4375
    EXPECT_DOUBLE_EQ(in(1, "month", "day"), 30.4375);
}

TEST(ReferenceValues, OneKilowattHourIs36Megajoules) {
    // $ units -t '1 kWh' 'J'
    // 3600000
    EXPECT_EQ(in(1, "kWh", "J"), 3.6e6);
    // $ units -t '1 kW*hour' 'J'
    // 3600000
    EXPECT_EQ(in(1, "kW*hour", "J"), 3.6e6);
    // $ units -t '1 MWh' 'GJ'
    // 3.6
    EXPECT_DOUBLE_EQ(in(1, "MWh", "GJ"), 3.6);
    // $ units -t '1 Wh' 'J'
    // 3600
    EXPECT_EQ(in(1, "Wh", "J"), 3600.0);
}

TEST(ReferenceValues, OneFootIsPoint3048Metre) {
    // $ units -t '1 foot' 'm'
    // 0.3048
    EXPECT_DOUBLE_EQ(in(1, "foot", "m"), 0.3048);
    EXPECT_DOUBLE_EQ(in(1, "ft", "m"), 0.3048);
    // $ units -t '1 inch' 'mm'
    // 25.4
    EXPECT_DOUBLE_EQ(in(1, "inch", "mm"), 25.4);
    // $ units -t '1 yard' 'ft'
    // 3
    EXPECT_DOUBLE_EQ(in(1, "yard", "ft"), 3.0);
}

TEST(ReferenceValues, OneMileIs1609Point344Metres) {
    // $ units -t '1 mile' 'm'
    // 1609.344
    EXPECT_DOUBLE_EQ(in(1, "mile", "m"), 1609.344);
    // $ units -t '1 mile' 'ft'
    // 5280
    EXPECT_DOUBLE_EQ(in(1, "mi", "ft"), 5280.0);
    // $ units -t '1 mile' 'km'
    // 1.609344
    EXPECT_DOUBLE_EQ(in(1, "miles", "km"), 1.609344);
}

TEST(ReferenceValues, OnePoundIsPoint45359237Kilogram) {
    // $ units -t '1 pound' 'kg'
    // 0.45359237
    EXPECT_DOUBLE_EQ(in(1, "pound", "kg"), 0.45359237);
    // $ units -t '1 lb' 'g'
    // 453.59237
    EXPECT_DOUBLE_EQ(in(1, "lb", "g"), 453.59237);
}

TEST(ReferenceValues, OneMebibyteIs1048576Bytes) {
    // $ units -t '1 MiB' 'byte'
    // 1048576
    EXPECT_EQ(in(1, "MiB", "B"), 1048576.0);
    // $ units -t '1 mebibyte' 'kibibyte'
    // 1024
    EXPECT_DOUBLE_EQ(in(1, "mebibyte", "kibibyte"), 1024.0);
    // $ units -t '1 TiB' 'GiB'
    // 1024
    EXPECT_DOUBLE_EQ(in(1, "TiB", "GiB"), 1024.0);
    // $ units -t '1 KiB' 'bit'
    // 8192
    EXPECT_EQ(in(1, "KiB", "bit"), 8192.0);
    // $ units -t '1 kB' 'bit'
    // 8000
    EXPECT_EQ(in(1, "kB", "bit"), 8000.0);
}

TEST(ReferenceValues, OneWeekIsSevenDays) {
    // $ units -t '1 week' 'day'
    // 7
    EXPECT_EQ(in(1, "week", "day"), 7.0);
    // $ units -t '1 week' 's'
    // 604800
    EXPECT_EQ(in(1, "week", "s"), 604800.0);
    // $ units -t '1 day' 'hour'
    // 24
    EXPECT_EQ(in(1, "day", "hour"), 24.0);
}

// --- More conversions against GNU Units. ---

TEST(ReferenceValues, DecimalDataPrefixesArePowersOfTen) {
    // $ units -t '1 TB' 'byte'
    // 1e+12
    EXPECT_EQ(in(1, "TB", "B"), 1e12);
    // $ units -t '1 PB' 'TB'
    // 1000
    EXPECT_DOUBLE_EQ(in(1, "PB", "TB"), 1000.0);
    // $ units -t '1 MB/s' 'bit/s'
    // 8000000
    EXPECT_EQ(in(1, "MB/s", "bit/s"), 8e6);
}

TEST(ReferenceValues, OneLitreIsOneThousandthOfACubicMetre) {
    // $ units -t '1 litre' 'm^3'
    // 0.001
    EXPECT_DOUBLE_EQ(in(1, "litre", "m^3"), 0.001);
}

// Rpm counts revolutions as cycles, as numbat ("60 rpm -> Hz" is 1 Hz), mathjs and Qalculate read it;
// GNU Units' 'rpm / rev' 'Hz' gives 0.0166666666666667, the same. It printed 6.28 Hz before.
TEST(ReferenceValues, SixtyRpmIsOneHertz) {
    EXPECT_DOUBLE_EQ(in(60, "rpm", "Hz"), 1);  // UNITCONVERT(60;"rpm";"Hz") goes through convert()
    EXPECT_DOUBLE_EQ(evaluated("60 rpm as Hz", "Hz"), 1);
    EXPECT_DOUBLE_EQ(evaluated("3000 rpm", "Hz"), 50);
    // An angular speed: GNU Units' '60 rpm' 'rad/s' -> 6.28318530717959, written with the turn.
    EXPECT_NEAR(evaluated("60 rpm * turn as rad/s", "rad/s"), 6.28318530717959, 1e-14);
}

TEST(ReferenceValues, CyclesAndAnglesPerTimeDoNotConvertSilently) {
    // The radian is 1 and a cycle is 1, so these would print 1 rad/s and 6.28 Hz; they are refused with a sentence.
    for (const char* text : {"60 rpm as rad/s", "1 Hz as deg/s", "1 turn/s as Hz", "1 rev/min as rpm"}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text;
        EXPECT_NE(q.error().sentence().find("turn"), std::string::npos) << q.error().sentence();
    }
    // Where the angle cancels, the conversion stands: a turn per second divided by the turn is 1 Hz.
    EXPECT_DOUBLE_EQ(evaluated("1 turn/s / turn as Hz", "Hz"), 1);
    EXPECT_NEAR(evaluated("10 deg/s as rad/s", "rad/s"), 10 * 3.14159265358979 / 180, 1e-14);
}

// Ton means three masses: numbat reads ton as 1000 kg, GNU Units as 907.18474 kg
// and British usage as 1016.0469088 kg (units -t -d 15 'longton' 'kg'). A bare ton is refused, naming all three.
TEST(ReferenceValues, ABareTonIsRefusedNamingTheThreeTons) {
    for (const char* text : {"1 ton as kg", "2 tons", "1 kg as ton"}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text;
        const std::string sentence = q.error().sentence();
        for (const char* name : {"\"tonne\"", "\"short_ton\"", "\"long_ton\"", "1000 kg", "907 kg", "1016 kg"})
            EXPECT_NE(sentence.find(name), std::string::npos) << name << " in " << sentence;
    }
    EXPECT_EQ(in(1, "tonne", "kg"), 1000.0);
    EXPECT_DOUBLE_EQ(in(1, "short_ton", "kg"), 907.18474);
    EXPECT_DOUBLE_EQ(in(1, "long_ton", "kg"), 1016.0469088);
    // The short ton-force keeps its size: units -t -d 15 'tonf' 'N' -> 8896.443230521.
    EXPECT_NEAR(in(1, "tonf", "N"), 8896.443230521, 1e-8);
}

// pi is a constant. GNU Units: units -t -d 15 'pi' '1' -> 3.14159265358979; 'pi radian'
// 'deg' -> 180 (GNU Units' rad is the dose unit, 0.01 Gy).
TEST(ReferenceValues, PiIsAConstant) {
    EXPECT_NEAR(evaluated("2 * pi", ""), 2 * 3.14159265358979, 1e-14);
    EXPECT_NEAR(evaluated("2 π", ""), 2 * 3.14159265358979, 1e-14);
    EXPECT_NEAR(evaluated("pi as deg", "deg"), 180, 1e-12);
    const auto q = evaluate("pi");
    ASSERT_TRUE(q);
    EXPECT_LE(q->low, 3.14159265358979323846);  // the enclosure holds π
    EXPECT_GE(q->high, 3.14159265358979323846);
    // "Pi" is still the pebi prefix, case counts for symbols.
    EXPECT_EQ(in(1, "PiB", "B"), 1125899906842624.0);
}

TEST(ReferenceValues, OneTonneIsOneThousandKilograms) {
    // $ units -t '1 tonne' 'kg'
    // 1000
    EXPECT_EQ(in(1, "tonne", "kg"), 1000.0);
}

TEST(ReferenceValues, DerivedSiUnitsAgree) {
    // $ units -t '1 N*m' 'J'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "N*m", "J"), 1.0);
    // $ units -t '1 Pa' 'kg/(m*s^2)'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "Pa", "kg/(m*s^2)"), 1.0);
    // $ units -t '1 V*A' 'W'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "V*A", "W"), 1.0);
}

TEST(ReferenceValues, OneHundredKilowattHoursOverTwoHoursIsFiftyKilowatts) {
    // $ units -t '100 kWh / 2 hour' 'kW'
    // 50
    EXPECT_DOUBLE_EQ(evaluated("100 kWh / 2 hour", "kW"), 50.0);
}

TEST(ReferenceValues, TwoHoursAndThirtyMinutesIs150Minutes) {
    // $ units -t '2 hour + 30 min' 'min'
    // 150
    EXPECT_DOUBLE_EQ(evaluated("2 hour + 30 min", "min"), 150.0);
}

TEST(ReferenceValues, TheLlama2EstimateMatchesGnuUnitsAtItsCentralAndBounds) {
    // $ units -t '6*70e9*2e12 / (312e12*0.45) / 3.6e9'
    // 1.6619183
    // $ units -t '6*70e9*2e12 / (312e12*0.55) / 3.6e9'
    // 1.3597514
    // $ units -t '6*70e9*2e12 / (312e12*0.35) / 3.6e9'
    // 2.1367521
    const auto q = evaluate("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_NEAR(*value_in(*q, "million hour", Part::central), 1.6619183, 1e-7);
    EXPECT_NEAR(*value_in(*q, "million hour", Part::low), 1.3597514, 1e-7);
    EXPECT_NEAR(*value_in(*q, "million hour", Part::high), 2.1367521, 1e-7);
    EXPECT_LT(q->low, q->central);
    EXPECT_LT(q->central, q->high);
}

TEST(ReferenceValues, TheLlama3EstimateMatchesGnuUnitsAtItsCentralAndBounds) {
    // $ units -t '6*405e9*15.6e12/(989e12*0.45)/3.6e9'
    // 23.660263
    // $ units -t '6*405e9*15.6e12/(989e12*0.55)/3.6e9'
    // 19.358397
    // $ units -t '6*405e9*15.6e12/(989e12*0.35)/3.6e9'
    // 30.420338
    const auto q = evaluate("6 FLOP * 405 billion * 15.6 trillion / (989 TFLOP/s * (35% to 55%))");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_NEAR(*value_in(*q, "million hour", Part::central), 23.660263, 1e-6);
    EXPECT_NEAR(*value_in(*q, "million hour", Part::low), 19.358397, 1e-6);
    EXPECT_NEAR(*value_in(*q, "million hour", Part::high), 30.420338, 1e-6);
}

// --- Prefixes GNU Units 2.22 does not know: the standard itself. ---

TEST(ReferenceValues, TheNewestSiPrefixesFollowTheCgpm2022) {
    // $ units -t '1 quettameter' 'm'
    // Unknown unit 'quettameter'
    // so: CGPM 2022 Resolution 3: quetta (Q) = 10^30, ronna (R) = 10^27, ronto (r) = 10^-27, quecto (q) = 10^-30.
    EXPECT_DOUBLE_EQ(in(1, "Qm", "m"), 1e30);
    EXPECT_DOUBLE_EQ(in(1, "Rm", "m"), 1e27);
    EXPECT_DOUBLE_EQ(in(1, "rm", "m"), 1e-27);
    EXPECT_DOUBLE_EQ(in(1, "qm", "m"), 1e-30);
    EXPECT_DOUBLE_EQ(in(1, "quettametre", "m"), 1e30);
}

// --- Unicode and ASCII spellings give the same value, checked against the ASCII one in GNU Units. ---

TEST(ReferenceValues, MicrosecondIsTheSameWithMicroSignGreekMuOrU) {
    // $ units -t '1 us' 's'
    // 1e-06
    // $ units -t '1 µs' 's'
    // 1e-06
    EXPECT_DOUBLE_EQ(in(1, "us", "s"), 1e-6);
    EXPECT_DOUBLE_EQ(in(1, "µs", "s"), 1e-6);  // U+00B5 MICRO SIGN
    EXPECT_DOUBLE_EQ(in(1, "μs", "s"), 1e-6);  // U+03BC GREEK SMALL LETTER MU
}

TEST(ReferenceValues, OhmIsTheSameAsOmegaAndAsVoltPerAmpere) {
    // $ units -t '1 ohm' 'V/A'
    // 1
    // $ units -t '1 Ω' 'ohm'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "ohm", "V/A"), 1.0);
    EXPECT_DOUBLE_EQ(in(1, "Ω", "ohm"), 1.0);
    // $ units -t '1 kΩ' 'ohm'
    // 1000
    EXPECT_DOUBLE_EQ(in(1, "kΩ", "ohm"), 1000.0);
}

TEST(ReferenceValues, SquareMetreIsTheSameWithSuperscriptOrCaret) {
    // $ units -t '1 m^2' 'cm^2'
    // 10000
    // (GNU Units reads no superscripts: '1 m²' gives "Unknown unit 'm²'", so m² is checked against m^2.)
    EXPECT_DOUBLE_EQ(in(1, "m^2", "cm^2"), 1e4);
    EXPECT_DOUBLE_EQ(in(1, "m²", "cm^2"), 1e4);
    EXPECT_DOUBLE_EQ(in(1, "m²", "cm²"), 1e4);
    // $ units -t -d 12 '1 m^2' 'ft^2'
    // 10.7639104167
    EXPECT_NEAR(in(1, "m²", "ft²"), 10.7639104167, 1e-10);
}

TEST(ReferenceValues, MultiplicationIsTheSameWithMiddleDotTimesSignOrStar) {
    // $ units -t '1 kW*hour' 'J'
    // 3600000
    EXPECT_EQ(in(1, "kW*hour", "J"), 3.6e6);
    EXPECT_EQ(in(1, "kW·hour", "J"), 3.6e6);  // U+00B7 MIDDLE DOT
    EXPECT_EQ(in(1, "kW×hour", "J"), 3.6e6);  // U+00D7 MULTIPLICATION SIGN
    EXPECT_EQ(in(1, "kW⋅hour", "J"), 3.6e6);  // U+22C5 DOT OPERATOR
    EXPECT_DOUBLE_EQ(evaluated("2 kW × 3 hour", "J"), 2.16e7);
    EXPECT_DOUBLE_EQ(evaluated("2 kW * 3 hour", "J"), 2.16e7);
}

TEST(ReferenceValues, MinusIsTheSameWithTheMinusSignOrAHyphen) {
    // $ units -t '5 - 7'
    // -2
    EXPECT_EQ(evaluated("5 − 7", ""), -2.0);  // U+2212 MINUS SIGN
    EXPECT_EQ(evaluated("5 - 7", ""), -2.0);
    // $ units -t '1 s^-1' 'Hz'
    // 1
    EXPECT_DOUBLE_EQ(in(1, "s⁻¹", "Hz"), 1.0);
    EXPECT_DOUBLE_EQ(in(1, "s^−1", "Hz"), 1.0);
}

}  // namespace
}  // namespace ballpark
