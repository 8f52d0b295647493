// Unit tests of the unit registry (core/src/unit_registry.cpp and the tables it reads). Every ambiguity listed
// at the top of core/src/units_table.cpp has a test here, named after it. Factors are in SI base units
// (and bit, FLOP, USD for Ballpark's own base dimensions), worked out by hand from the definitions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "exact_rational.hpp"
#include "golden/read_file.hpp"
#include "units/unit_registry.hpp"
#include "data/unit_tables.hpp"
#include <set>

namespace ballpark {
namespace {

const UnitRegistry& registry() { return UnitRegistry::instance(); }

Dimension dim(BaseDimension b) { return Dimension::of(b); }
const Dimension length = dim(BaseDimension::length);
const Dimension mass = dim(BaseDimension::mass);
const Dimension time_dim = dim(BaseDimension::time);
const Dimension information = dim(BaseDimension::information);
const Dimension compute = dim(BaseDimension::compute);
const Dimension money = dim(BaseDimension::money);
const Dimension energy = mass * length * length / time_dim / time_dim;
const Dimension power_dim = energy / time_dim;

// The unit's factor, or NaN with a failed test when the registry does not know it.
double factor(std::string_view name) {
    const auto u = registry().find(name);
    if (!u) {
        ADD_FAILURE() << "\"" << name << "\" is not a known unit";
        return std::nan("");
    }
    return u->factor;
}

Dimension dimension_of(std::string_view name) {
    const auto u = registry().find(name);
    if (!u) {
        ADD_FAILURE() << "\"" << name << "\" is not a known unit";
        return {};
    }
    return u->dimension;
}

Error evaluation_error(std::string_view text) {
    const auto q = evaluate(text);
    if (q) {
        ADD_FAILURE() << "\"" << text << "\" evaluated without error";
        return {};
    }
    return q.error();
}

// --- The ambiguities documented in units_table.cpp, one test each. ---

TEST(UnitRegistry, ReadsSeventyBAsSeventyBytesNotSeventyBillion) {
    const auto q = evaluate("70B");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, information);
    EXPECT_EQ(q->central, 70.0 * 8);  // 70 byte = 560 bit
    EXPECT_EQ(factor("B"), 8.0);
}

TEST(UnitRegistry, DoesNotKnowLowercaseBBecauseItCouldBeBitOrByte) {
    EXPECT_FALSE(registry().find("b"));
    EXPECT_FALSE(registry().find("Gb"));
    const Error e = evaluation_error("3 b");
    EXPECT_NE(e.hint.find("\"bit\""), std::string::npos) << e.hint;
    EXPECT_NE(e.hint.find("\"B\""), std::string::npos) << e.hint;
    EXPECT_DOUBLE_EQ(factor("Gbit"), 1e9);
}

TEST(UnitRegistry, DoesNotKnowCapitalKBAndSuggestsKilobyteAndKibibyte) {
    EXPECT_FALSE(registry().find("KB"));
    const Error e = evaluation_error("4 KB");
    EXPECT_NE(e.message.find("Unknown unit \"KB\" at column 3"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("\"kB\""), std::string::npos) << e.hint;
    EXPECT_NE(e.hint.find("\"KiB\""), std::string::npos) << e.hint;
    EXPECT_EQ(factor("kB"), 8e3);
    EXPECT_EQ(factor("KiB"), 8.0 * 1024);
}

// "3 in" is an unknown unit with a hint: in stays unknown (it is the conversion word of other tools)
// and the error names the inch.
TEST(UnitRegistry, DoesNotKnowInAndSuggestsInch) {
    EXPECT_FALSE(registry().find("in"));
    const Error e = evaluation_error("3 in");
    EXPECT_NE(e.message.find("Unknown unit \"in\" at column 3"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("\"inch\""), std::string::npos) << e.hint;
    EXPECT_NE(e.hint.find("\"as\" to convert"), std::string::npos) << e.hint;
}

TEST(UnitRegistry, DoesNotKnowTAndSuggestsTrillionForTwoT) {
    EXPECT_FALSE(registry().find("T"));
    const Error e = evaluation_error("2T");
    EXPECT_NE(e.message.find("Unknown unit \"T\""), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("\"trillion\""), std::string::npos) << e.hint;
}

TEST(UnitRegistry, KnowsFaradHenrySiemensTeslaAndGaussByNameOnlySoSingleLettersStayErrors) {
    // "70 F" means Fahrenheit, "H" is a slip for "h", "S" for "s", and "G" reads as giga: none is a unit alone.
    for (const char* letter : {"F", "H", "S", "T", "G"}) EXPECT_FALSE(registry().find(letter)) << letter;
    EXPECT_EQ(factor("farad"), 1.0);
    EXPECT_EQ(factor("henries"), 1.0);
    EXPECT_EQ(factor("siemens"), 1.0);
    EXPECT_EQ(factor("tesla"), 1.0);
    EXPECT_DOUBLE_EQ(factor("microfarad"), 1e-6);
    EXPECT_DOUBLE_EQ(factor("milligauss"), 1e-7);
}

TEST(UnitRegistry, ReadsPptAsPerTrillionAsNistGnuUnitsAndNumbatDoAndPerThousandIsPermille) {
    // NIST SP 811 (2008) 7.10.3 writes "a sensitivity of 2 ng/kg, but not 2 ppt": ppt is 1e-12. units -t 'ppt' '1'
    // prints 1e-12; numbat's partspertrillion (ppt) and partsperquadrillion (ppq) are 1e-12 and 1e-15.
    EXPECT_DOUBLE_EQ(factor("ppt"), 1e-12);
    EXPECT_DOUBLE_EQ(factor("ppq"), 1e-15);
    EXPECT_DOUBLE_EQ(factor("permille"), 1e-3);
    EXPECT_DOUBLE_EQ(factor("‰"), 1e-3);
}

TEST(UnitRegistry, RefusesPtHundredweightAndCwtNamingBothReadings) {
    // pt: GNU Units' pint (units -t 'pt' 'liter' prints 0.473176473), numbat's typographic point (inch / 72).
    EXPECT_FALSE(registry().find("pt"));
    const Error pt = evaluation_error("2 pt");
    EXPECT_NE(pt.hint.find("typographic point"), std::string::npos) << pt.hint;
    EXPECT_NE(pt.hint.find("\"pint\""), std::string::npos) << pt.hint;
    EXPECT_NE(pt.hint.find("\"imperial_pint\""), std::string::npos) << pt.hint;
    // cwt: GNU Units' 100 lb (units -t 'cwt' 'lb' prints 100), numbat's long hundredweight, 112 lb.
    for (const char* text : {"1 cwt", "2 hundredweight", "3 hundredweights as kg"}) {
        const Error e = evaluation_error(text);
        for (const char* part : {"100 lb", "112 lb", "\"short_hundredweight\"", "\"long_hundredweight\""})
            EXPECT_NE(e.hint.find(part), std::string::npos) << part << " in " << e.hint;
    }
    // "imperial gallon" is a product of two names; the first is refused with the spellings that work.
    const Error imperial = evaluation_error("1 imperial gallon");
    EXPECT_NE(imperial.hint.find("\"imperial_gallon\""), std::string::npos) << imperial.hint;
}

TEST(UnitRegistry, KnowsPsiAndRpmInCapitalsAsWrittenOnGaugesAndDatasheetsButNoOtherCapitalisation) {
    // Symbols keep their case: PSI and RPM are rows' symbols, Psi and Rpm are not.
    EXPECT_EQ(factor("PSI"), factor("psi"));
    EXPECT_EQ(factor("RPM"), factor("rpm"));
    // RPM counts cycles as rpm does: shown as an angle per time it is refused with the factor to write.
    EXPECT_FALSE(convert(60, "RPM", "rad/s"));
    EXPECT_FALSE(evaluate("60 RPM as rad/s"));
    EXPECT_TRUE(evaluate("60 RPM * turn as rad/s"));
    for (const char* other : {"Psi", "Rpm", "rPM"}) EXPECT_FALSE(registry().find(other)) << other;
}

TEST(UnitRegistry, DoesNotKnowAlphaOrCapitalGalSoAForgottenVariableOrASlipOnGalFails) {
    // The fine-structure constant is finestructure; alpha is a name notebooks give their own variables.
    EXPECT_FALSE(registry().find("alpha"));
    EXPECT_DOUBLE_EQ(factor("finestructure"), 7.2973525693e-3);
    // The gal of geodesy is galileo; "Gal" would turn a capitalised gallon into an acceleration.
    EXPECT_FALSE(registry().find("Gal"));
    EXPECT_DOUBLE_EQ(factor("galileo"), 0.01);
}

TEST(UnitRegistry, SuggestsMillionForCapitalM) {
    const Error e = evaluation_error("5M");
    EXPECT_NE(e.hint.find("\"million\""), std::string::npos) << e.hint;
}

TEST(UnitRegistry, ReadsMinAsMinuteNotMilliInch) {
    EXPECT_EQ(factor("min"), 60.0);
    EXPECT_EQ(dimension_of("min"), time_dim);
    EXPECT_EQ(factor("mins"), 60.0);
}

TEST(UnitRegistry, ReadsPaAsPascalAndPBAsPetabyte) {
    EXPECT_EQ(factor("Pa"), 1.0);
    EXPECT_EQ(dimension_of("Pa"), mass / length / time_dim / time_dim);
    EXPECT_EQ(factor("PB"), 8e15);
    EXPECT_EQ(dimension_of("PB"), information);
}

TEST(UnitRegistry, LetsExactSymbolsWinOverPrefixPlusSymbol) {
    // "cd" is candela, not centi-day; "Pa" is pascal, not peta-year ("a" is no unit anyway); "min" above.
    EXPECT_EQ(dimension_of("cd"), dim(BaseDimension::luminous_intensity));
    EXPECT_EQ(factor("mm"), 1e-3);  // and a prefix still applies when no symbol matches whole
}

TEST(UnitRegistry, ReservesAsForConversionSoAttosecondIsSpelledOut) {
    EXPECT_DOUBLE_EQ(factor("attosecond"), 1e-18);
    const auto q = evaluate("3 as");
    EXPECT_FALSE(q);  // "as" is the keyword, and nothing follows it
}

TEST(UnitRegistry, ReadsFlopAndFlopsWithLowercaseSAsAnOperationCount) {
    EXPECT_EQ(factor("FLOP"), 1.0);
    EXPECT_EQ(dimension_of("FLOP"), compute);
    EXPECT_EQ(dimension_of("FLOPs"), compute);
    EXPECT_EQ(dimension_of("flop"), compute);
}

TEST(UnitRegistry, DoesNotKnowLowercaseFlopsBecausePapersUseItForCountsAndRates) {
    EXPECT_FALSE(registry().find("flops"));
    EXPECT_FALSE(registry().find("Flops"));
    EXPECT_FALSE(registry().find("Tflops"));
    EXPECT_FALSE(evaluate("312 Tflops"));
}

TEST(UnitRegistry, ReadsCapitalFlopsAsFlopPerSecond) {
    EXPECT_EQ(dimension_of("FLOPS"), compute / time_dim);
    EXPECT_EQ(factor("FLOPS"), 1.0);
    EXPECT_EQ(factor("TFLOPS"), 1e12);
    // "312 TFLOPS" and "312 TFLOP/s" are the same rate.
    const auto a = evaluate("312 TFLOPS");
    const auto b = evaluate("312 TFLOP/s");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->central, b->central);
    EXPECT_EQ(a->dimension, b->dimension);
}

TEST(UnitRegistry, MakesAYearTheJulianYearOf365AndAQuarterDays) {
    EXPECT_EQ(factor("year"), 365.25 * 86400);  // 31,557,600 s
    EXPECT_EQ(factor("yr"), 365.25 * 86400);
    EXPECT_DOUBLE_EQ(factor("month"), 365.25 * 86400 / 12);
}

TEST(UnitRegistry, ReadsUAsMicroInSymbols) {
    EXPECT_DOUBLE_EQ(factor("us"), 1e-6);
    EXPECT_DOUBLE_EQ(factor("µs"), 1e-6);  // U+00B5 MICRO SIGN
    EXPECT_DOUBLE_EQ(factor("μs"), 1e-6);  // U+03BC GREEK SMALL LETTER MU
    EXPECT_DOUBLE_EQ(factor("uW"), 1e-6);
    EXPECT_EQ(dimension_of("uW"), power_dim);
}

// --- Prefixes. ---

struct Prefix {
    const char* symbol;
    const char* name;
    double factor;
};

// SI Brochure, 9th ed., Table 7, with ronna, ronto, quetta, quecto from the 27th CGPM (2022), Resolution 3.
constexpr Prefix si_prefixes[] = {
    {"Q", "quetta", 1e30}, {"R", "ronna", 1e27}, {"Y", "yotta", 1e24}, {"Z", "zetta", 1e21}, {"E", "exa", 1e18},
    {"P", "peta", 1e15},   {"T", "tera", 1e12},  {"G", "giga", 1e9},   {"M", "mega", 1e6},   {"k", "kilo", 1e3},
    {"h", "hecto", 1e2},   {"da", "deca", 1e1},  {"d", "deci", 1e-1},  {"c", "centi", 1e-2}, {"m", "milli", 1e-3},
    {"µ", "micro", 1e-6},  {"n", "nano", 1e-9},  {"p", "pico", 1e-12}, {"f", "femto", 1e-15}, {"a", "atto", 1e-18},
    {"z", "zepto", 1e-21}, {"y", "yocto", 1e-24}, {"r", "ronto", 1e-27}, {"q", "quecto", 1e-30},
};

TEST(UnitRegistry, AppliesEverySiPrefixFromQuectoToQuettaToASymbol) {
    for (const Prefix& p : si_prefixes) {
        const std::string unit = std::string(p.symbol) + "W";
        EXPECT_DOUBLE_EQ(factor(unit), p.factor) << unit;
        EXPECT_EQ(dimension_of(unit), power_dim) << unit;
    }
}

TEST(UnitRegistry, AppliesEverySiPrefixFromQuectoToQuettaToAName) {
    for (const Prefix& p : si_prefixes) {
        const std::string unit = std::string(p.name) + "watt";
        EXPECT_DOUBLE_EQ(factor(unit), p.factor) << unit;
        const std::string plural = std::string(p.name) + "joules";
        EXPECT_DOUBLE_EQ(factor(plural), p.factor) << plural;
    }
}

TEST(UnitRegistry, AppliesSiPrefixesToFlopAndToBytes) {
    EXPECT_EQ(factor("PFLOP"), 1e15);
    EXPECT_EQ(factor("EFLOP"), 1e18);
    EXPECT_EQ(factor("teraFLOP"), 1e12);
    EXPECT_EQ(factor("MB"), 8e6);
    EXPECT_EQ(factor("GB"), 8e9);
    EXPECT_EQ(factor("kilobyte"), 8e3);
}

TEST(UnitRegistry, AppliesBinaryPrefixesToBitsAndBytes) {
    // IEC 80000-13: Ki = 2^10, Mi = 2^20, …, Yi = 2^80.
    const char* symbols[] = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"};
    for (int k = 0; k < 8; ++k) {
        const double power = std::ldexp(1.0, 10 * (k + 1));
        EXPECT_EQ(factor(std::string(symbols[k]) + "B"), 8 * power) << symbols[k];
        EXPECT_EQ(factor(std::string(symbols[k]) + "bit"), power) << symbols[k];
    }
    EXPECT_EQ(factor("kibibyte"), 8.0 * 1024);
    EXPECT_EQ(factor("gibibytes"), 8.0 * 1073741824);
    EXPECT_EQ(factor("mebibit"), 1048576.0);
}

TEST(UnitRegistry, RefusesBinaryPrefixesOnAnythingButBitsAndBytes) {
    EXPECT_FALSE(registry().find("KiW"));
    EXPECT_FALSE(registry().find("Gis"));
    EXPECT_FALSE(registry().find("MiFLOP"));
    EXPECT_FALSE(registry().find("kibiwatt"));
    EXPECT_FALSE(evaluate("3 KiW"));
}

TEST(UnitRegistry, RefusesPrefixesOnUnitsThatTakeNone) {
    EXPECT_FALSE(registry().find("kkg"));   // kilogram is already prefixed; write Mg
    EXPECT_FALSE(registry().find("khour"));
    EXPECT_FALSE(registry().find("kmin"));
    EXPECT_FALSE(registry().find("kUSD"));
    EXPECT_DOUBLE_EQ(factor("Mg"), 1000.0);  // megagram = 1000 kg, via gram
    EXPECT_DOUBLE_EQ(factor("mg"), 1e-6);
}

TEST(UnitRegistry, AcceptsDekaOnlyAsDaAndStillReadsDAsDay) {
    EXPECT_EQ(factor("d"), 86400.0);
    EXPECT_EQ(factor("dam"), 10.0);
    EXPECT_DOUBLE_EQ(factor("dm"), 0.1);
}

// --- Scale words, percent, money and names. ---

TEST(UnitRegistry, ReadsScaleWordsAsNumbers) {
    const auto q = evaluate("70 billion");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_TRUE(q->dimension.is_dimensionless());
    EXPECT_EQ(q->central, 7e10);
    EXPECT_EQ(factor("hundred"), 1e2);
    EXPECT_EQ(factor("thousand"), 1e3);
    EXPECT_EQ(factor("million"), 1e6);
    EXPECT_EQ(factor("billion"), 1e9);
    EXPECT_EQ(factor("trillion"), 1e12);
    EXPECT_EQ(factor("quadrillion"), 1e15);
    EXPECT_EQ(factor("millions"), 1e6);
}

TEST(UnitRegistry, ReadsScaleWordsInsideUnits) {
    const auto q = evaluate("1.7 million hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_DOUBLE_EQ(q->central, 1.7e6 * 3600);
    const auto as = evaluate("6.12e9 s as million hour");
    ASSERT_TRUE(as) << as.error().sentence();
    EXPECT_DOUBLE_EQ(as->central / as->unit->factor, 1.7);
}

TEST(UnitRegistry, ReadsPercentAsOneHundredth) {
    EXPECT_EQ(factor("%"), 0.01);
    EXPECT_EQ(factor("percent"), 0.01);
    EXPECT_EQ(factor("pct"), 0.01);
    EXPECT_TRUE(dimension_of("%").is_dimensionless());
}

TEST(UnitRegistry, ReadsDollarsAndCentsAsMoney) {
    EXPECT_EQ(factor("$"), 1.0);
    EXPECT_EQ(factor("USD"), 1.0);
    EXPECT_EQ(factor("dollars"), 1.0);
    EXPECT_EQ(factor("cent"), 0.01);
    EXPECT_EQ(dimension_of("cents"), money);
}

TEST(UnitRegistry, DefinesDerivedUnitsFromOthers) {
    EXPECT_EQ(factor("W"), 1.0);
    EXPECT_EQ(dimension_of("W"), dimension_of("J") / time_dim);
    EXPECT_EQ(factor("Wh"), 3600.0);
    EXPECT_EQ(factor("kWh"), 3.6e6);
    EXPECT_EQ(dimension_of("kWh"), energy);
    EXPECT_EQ(factor("N"), 1.0);
    EXPECT_EQ(dimension_of("N"), mass * length / time_dim / time_dim);
    EXPECT_EQ(dimension_of("Hz"), Dimension{} / time_dim);
    EXPECT_EQ(dimension_of("V"), power_dim / dim(BaseDimension::current));
    EXPECT_EQ(dimension_of("Ω"), dimension_of("V") / dim(BaseDimension::current));
    EXPECT_DOUBLE_EQ(factor("L"), 1e-3);
    EXPECT_DOUBLE_EQ(factor("mL"), 1e-6);
    EXPECT_EQ(factor("t"), 1000.0);
}

TEST(UnitRegistry, ReadsTimeUnitsAndTheirAliases) {
    EXPECT_EQ(factor("s"), 1.0);
    EXPECT_EQ(factor("sec"), 1.0);
    EXPECT_EQ(factor("h"), 3600.0);
    EXPECT_EQ(factor("hr"), 3600.0);
    EXPECT_EQ(factor("hours"), 3600.0);
    EXPECT_EQ(factor("day"), 86400.0);
    EXPECT_EQ(factor("week"), 604800.0);
    EXPECT_EQ(factor("wk"), 604800.0);
    EXPECT_DOUBLE_EQ(factor("ms"), 1e-3);
    EXPECT_DOUBLE_EQ(factor("ns"), 1e-9);
}

TEST(UnitRegistry, MatchesLongNamesIgnoringCaseButSymbolsExactly) {
    EXPECT_EQ(factor("Hour"), 3600.0);
    EXPECT_EQ(factor("HOURS"), 3600.0);
    EXPECT_EQ(factor("Kilowatt"), 1000.0);
    EXPECT_EQ(factor("MW"), 1e6);   // mega
    EXPECT_EQ(factor("mW"), 1e-3);  // milli
    EXPECT_FALSE(registry().find("S"));  // not second (and siemens is not in the table)
}

TEST(UnitRegistry, DoesNotKnowAMadeUpName) {
    EXPECT_FALSE(registry().find("hourz"));
    EXPECT_FALSE(registry().find(""));
    EXPECT_FALSE(registry().find("kilo"));  // a prefix alone is no unit
}

TEST(UnitRegistry, SuggestsTheClosestNamesForATypo) {
    const auto s = registry().suggestions("hourz");
    ASSERT_FALSE(s.empty());
    EXPECT_EQ(s[0], "hour");
    EXPECT_LE(s.size(), 3u);
}

// --- Prefixed spellings that read two ways: errors with hints, as "flops" and "KB" are. ---

TEST(UnitRegistry, RefusesPrefixedFlopsWithASmallSBecauseDatasheetsMeanARateAndPapersACount) {
    EXPECT_FALSE(registry().find("TFLOPs"));
    EXPECT_FALSE(registry().find("PFLOPs"));
    EXPECT_EQ(dimension_of("FLOPs"), compute);  // unprefixed, it stays the plural of FLOP
    EXPECT_EQ(factor("TFLOPS"), 1e12);
    const Error e = evaluation_error("312 TFLOPs");
    EXPECT_NE(e.message.find("Unknown unit \"TFLOPs\" at column 5"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("count"), std::string::npos) << e.hint;
    EXPECT_NE(e.hint.find("\"TFLOP\" or \"TFLOPS\""), std::string::npos) << e.hint;
}

TEST(UnitRegistry, RefusesDBBecauseItIsADecibelNotADecibyte) {
    EXPECT_FALSE(registry().find("dB"));
    EXPECT_EQ(factor("kB"), 8000.0);
    const Error e = evaluation_error("3 dB");
    EXPECT_NE(e.message.find("Unknown unit \"dB\" at column 3"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("decibel"), std::string::npos) << e.hint;
}

TEST(UnitRegistry, RefusesKilosBecauseItMeansKilogramsNotKiloseconds) {
    EXPECT_FALSE(registry().find("kilos"));
    EXPECT_FALSE(registry().find("megas"));
    EXPECT_EQ(factor("ks"), 1000.0);
    EXPECT_EQ(factor("kilosecond"), 1000.0);
    EXPECT_EQ(factor("kiloseconds"), 1000.0);
    const Error e = evaluation_error("70 kilos");
    EXPECT_NE(e.message.find("Unknown unit \"kilos\" at column 4"), std::string::npos) << e.message;
    EXPECT_NE(e.hint.find("\"kg\""), std::string::npos) << e.hint;
}

// --- Exact unit sizes: the size a unit stands for lies inside [factor_low, factor_high]. ---

struct ExactSize {
    const char* unit;
    const char* integer;  // the exact size is integer · 10^exponent, from the definition's source
    int exponent;
};

// NIST SP 811 Appendix B for the non-SI units; SI Brochure Tables 7 and 8 for the prefixes, litre and time.
constexpr ExactSize exact_sizes[] = {
    {"ft", "3048", -4},     {"inch", "254", -4},   {"yd", "9144", -4},    {"mi", "1609344", -3},
    {"lb", "45359237", -8}, {"nm", "1", -9},       {"cents", "1", -2},    {"g", "1", -3},
    {"mg", "1", -6},        {"us", "1", -6},       {"%", "1", -2},        {"L", "1", -3},
    {"mL", "1", -6},        {"pm", "1", -12},      {"fs", "1", -15},      {"qm", "1", -30},
    {"Qm", "1", 30},        {"kWh", "36", 5},      {"year", "31557600", 0}, {"month", "2629800", 0},
    {"GB", "8", 9},         {"PFLOP", "1", 15},    {"EFLOP", "1", 18},    {"ZFLOP", "1", 21},
    {"YFLOP", "1", 24},     {"hour", "3600", 0},   {"mm", "1", -3},       {"cm", "1", -2},
};

int ulps_apart(double low, double high) {
    int n = 0;
    for (double x = low; x < high && n < 100; x = std::nextafter(x, INFINITY)) ++n;
    return n;
}

TEST(UnitRegistry, EnclosesTheExactSizeOfEachUnitWithinAFewUlps) {
    using testing_exact::decimal;
    using testing_exact::exact;
    for (const ExactSize& u : exact_sizes) {
        const auto value = registry().find(u.unit);
        ASSERT_TRUE(value) << u.unit;
        const auto size = decimal(u.integer, u.exponent);
        EXPECT_LE(exact(value->factor_low), size) << u.unit;
        EXPECT_GE(exact(value->factor_high), size) << u.unit;
        EXPECT_TRUE(value->factor_low <= value->factor && value->factor <= value->factor_high) << u.unit;
        // Each rounding step outward adds at most one ulp; no unit here is more than four steps from its literals.
        EXPECT_LE(ulps_apart(value->factor_low, value->factor_high), 4) << u.unit;
    }
}

TEST(UnitRegistry, EnclosesAUnitDefinedByOneDecimalBetweenAdjacentDoubles) {
    using testing_exact::adjacent_or_equal;
    for (const char* unit : {"ft", "lb", "nm", "cents", "g", "us", "%", "L", "pm"}) {
        const auto value = registry().find(unit);
        ASSERT_TRUE(value) << unit;
        EXPECT_TRUE(adjacent_or_equal(value->factor_low, value->factor_high)) << unit;
        EXPECT_LT(value->factor_low, value->factor_high) << unit << " is no double, so two ends are needed";
    }
}

TEST(UnitRegistry, KeepsSizesThatAreDoublesAsOnePoint) {
    for (const char* unit : {"hour", "day", "year", "GiB", "KiB", "kB", "TFLOP", "kWh", "W", "YiB"}) {
        const auto value = registry().find(unit);
        ASSERT_TRUE(value) << unit;
        EXPECT_EQ(value->factor_low, value->factor) << unit;
        EXPECT_EQ(value->factor_high, value->factor) << unit;
    }
}

TEST(UnitRegistry, NamesTheDimensionsPeoplePlanWith) {
    EXPECT_EQ(registry().dimension_name(time_dim), "time");
    EXPECT_EQ(registry().dimension_name(compute), "compute");
    EXPECT_EQ(registry().dimension_name(compute / time_dim), "compute rate");
    EXPECT_EQ(registry().dimension_name(information), "data");
    EXPECT_EQ(registry().dimension_name(energy), "energy");
    EXPECT_EQ(registry().dimension_name(power_dim), "power");
    EXPECT_EQ(registry().dimension_name(money), "money");
    EXPECT_FALSE(registry().dimension_name(compute * length));
}

TEST(UnitRegistry, ShowsDataInBytesAndComputeRateInFlopPerSecond) {
    const DisplayUnit* data = registry().preferred_unit(information);
    ASSERT_NE(data, nullptr);
    EXPECT_EQ(data->label, "B");
    EXPECT_EQ(data->factor, 8.0);
    const DisplayUnit* rate = registry().preferred_unit(compute / time_dim);
    ASSERT_NE(rate, nullptr);
    EXPECT_EQ(rate->label, "FLOP/s");
    EXPECT_EQ(registry().preferred_unit(compute * length), nullptr);
}

TEST(UnitRegistry, KnowsAtLeast600SpellingsAndEveryOneIsFound) {
    // Distinct spellings a person can type without a prefix (names, plurals and symbols), each of which the
    // registry must find. The count of units themselves is the next test's.
    std::set<std::string> spellings;
    for (const tables::UnitRow& row : tables::unit_rows()) {
        if (!row.name.empty()) spellings.insert(std::string(row.name));
        if (!row.plural.empty()) spellings.insert(std::string(row.plural));
        std::string_view symbols = row.symbols;
        while (!symbols.empty()) {
            const std::size_t space = symbols.find(' ');
            if (space != 0) spellings.insert(std::string(symbols.substr(0, space)));
            if (space == std::string_view::npos) break;
            symbols.remove_prefix(space + 1);
        }
    }
    EXPECT_GE(spellings.size(), 600u);
    for (const std::string& spelling : spellings) EXPECT_TRUE(registry().find(spelling)) << spelling;
}

TEST(UnitRegistry, HoldsAtLeast250DistinctUnitsCountedBySizeAndDimension) {
    // The table holds at least 250 units. A unit is counted once per distinct size and dimension, so rows that
    // only respell another (meter, liter, metricton, julianyear, mho) add nothing, and neither do units that
    // share a size (gray and sievert, hertz and becquerel, radian and steradian). Sizes within 1e-9 of each other
    // count as one, so a size reached by two routes is not counted twice for a rounding difference.
    struct Size {
        double factor;
        Dimension dimension;
    };
    std::vector<Size> distinct;
    std::size_t rows = 0;
    for (const tables::UnitRow& row : tables::unit_rows()) {
        ++rows;
        const std::string_view symbols = row.symbols;
        const std::string spelling(row.name.empty() ? symbols.substr(0, symbols.find(' ')) : row.name);
        const auto unit = registry().find(spelling);
        ASSERT_TRUE(unit) << spelling;
        const bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const Size& s) {
            return s.dimension == unit->dimension && std::abs(s.factor - unit->factor) <= 1e-9 * std::abs(s.factor);
        });
        if (!seen) distinct.push_back({unit->factor, unit->dimension});
    }
    EXPECT_GE(rows, 250u);
    EXPECT_GE(distinct.size(), 250u) << "of " << rows << " rows";
    // The language doc states both counts; they are the table's, so a row added without it fails here.
    const std::string doc = read_file(std::filesystem::path(BALLPARK_SOURCE_DIR) / "docs" / "language.md");
    const std::string stated = "The table holds " + std::to_string(rows) + " rows, " + std::to_string(distinct.size()) +
                               " distinct units";
    EXPECT_NE(doc.find(stated), std::string::npos) << "docs/language.md should say \"" << stated << "\"";
}

TEST(UnitRegistry, EveryRowCitesASource) {
    for (const tables::UnitRow& row : tables::unit_rows())
        EXPECT_FALSE(row.source.empty()) << row.name << " " << row.symbols;
}

TEST(UnitRegistry, EnclosesTheExactSizesOfTheWiderTable) {
    using testing_exact::decimal;
    using testing_exact::exact;
    // Exact sizes in SI base units from the definitions: 1 acre = 43560 × 0.3048² m² = 4046.8564224 m²;
    // 1 gal = 231 × 0.0254³ m³ = 0.003785411784 m³; 1 lbf = 0.45359237 kg × 9.80665 m/s².
    const struct {
        const char* unit;
        const char* integer;
        int exponent;
    } sizes[] = {{"acre", "40468564224", -7}, {"gal", "3785411784", -12}, {"atm", "101325", 0},
                 {"BTU", "105505585262", -8}, {"mph", "44704", -5},       {"ly", "9460730472580800", 0},
                 {"lbf", "44482216152605", -13}};
    for (const auto& u : sizes) {
        const auto value = registry().find(u.unit);
        ASSERT_TRUE(value) << u.unit;
        const auto size = decimal(u.integer, u.exponent);
        EXPECT_LE(exact(value->factor_low), size) << u.unit;
        EXPECT_GE(exact(value->factor_high), size) << u.unit;
    }
}

TEST(UnitRegistry, ALayerFindsItsOwnUnitsAndFallsBackToTheBuiltInOnes) {
    const auto layer = UnitRegistry::layer_over(registry());
    EXPECT_EQ(layer->declare("token", 6), "token");
    const auto token = layer->find("token");
    ASSERT_TRUE(token);
    EXPECT_EQ(token->dimension, dim(BaseDimension::user1));
    EXPECT_TRUE(layer->find("tokens"));
    EXPECT_EQ(layer->find("hour")->factor, 3600);
    EXPECT_FALSE(registry().find("token")) << "the built-in registry must never see a layer's units";
    EXPECT_EQ(layer->base_units_text(token->dimension / time_dim, false), "token/s");
}

TEST(UnitRegistry, ABuiltInUnitWinsOverAPrefixedDeclaredOne) {
    // "min" is a minute even when a layer declares "in" with prefixes (milli-in would also spell min).
    const auto layer = UnitRegistry::layer_over(registry());
    layer->declare("in [prefixes] = 1 inch", 6);
    EXPECT_EQ(layer->find("min")->factor, 60);
    EXPECT_TRUE(layer->find("kin"));
}

TEST(UnitRegistry, NamesADeclaredBaseUnitOnlyWhileItsSessionIsActive) {
    const auto layer = UnitRegistry::layer_over(registry());
    layer->declare("token", 6);
    const Dimension token = dim(BaseDimension::user1);
    EXPECT_EQ(registry().base_units_text(token, false), "unit1");
    {
        const ActiveUnits active(layer.get());
        EXPECT_EQ(registry().base_units_text(token, false), "token");
    }
    EXPECT_EQ(registry().base_units_text(token, false), "unit1");
}

}  // namespace
}  // namespace ballpark
