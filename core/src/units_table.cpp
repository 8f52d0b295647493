// Every unit Ballpark knows, as data. A row is either a base unit or defined from rows above it, so each
// factor is typed once (W = J/s, Wh = W·h). Exact definitions are cited; the rest follow from them.
//
// Ambiguities and how this table settles them (tests/unit/unit_registry_test.cpp checks each):
//   B      is byte (IEC 80000-13), never "billion": "70B" is 70 byte. Write "70 billion" or 70e9 for a count.
//   b      is not a unit: "Gb" could mean gigabit or gigabyte. Write bit (Gbit) or B (GB).
//   KB     is not a unit: kB is 1000 byte, KiB is 1024 byte.
//   T      is not a unit (tesla is left out) so "2T" is an error that suggests "2 trillion".
//   min    is minute, not milli-inch; an exact symbol always wins over prefix + symbol.
//   as     is the conversion keyword, so attosecond must be spelled out.
//   FLOP, FLOPs and flop are operation counts; FLOPS (capital S) is FLOP per second, as in "312 TFLOPS";
//          "flops" is unknown, since papers use it for both.
//   year   is the Julian year of 365.25 days (IAU); month is a twelfth of it.
//   u      stands for micro in symbols ("us" is a microsecond), as µ and μ do.
#include "unit_tables.hpp"

namespace ballpark::tables {
namespace {

using enum PrefixPolicy;
using enum BaseDimension;

constexpr std::string_view si_brochure = "BIPM SI Brochure, 9th ed. (2019)";
constexpr std::string_view nist_811 = "NIST SP 811 (2008), Appendix B";
constexpr std::string_view iec_80000_13 = "IEC 80000-13:2008";

constexpr UnitRow rows[] = {
    // SI base units.
    {"metre", "metres", "m", length, "", si, si_brochure},
    {"meter", "meters", "", std::nullopt, "1 m", si, "US spelling of metre"},
    {"kilogram", "kilograms", "kg", mass, "", none, si_brochure},
    {"gram", "grams", "g", std::nullopt, "1e-3 kg", si, si_brochure},
    {"second", "seconds", "s sec secs", time, "", si, si_brochure},
    {"ampere", "amperes", "A", current, "", si, si_brochure},
    {"kelvin", "", "K", temperature, "", si, si_brochure},
    {"mole", "moles", "mol", amount, "", si, si_brochure},
    {"candela", "candelas", "cd", luminous_intensity, "", si, si_brochure},

    // Ballpark's own base units: information, computation and money.
    {"bit", "bits", "bit", information, "", si_and_binary, iec_80000_13},
    {"byte", "bytes", "B", std::nullopt, "8 bit", si_and_binary, iec_80000_13},
    {"FLOP", "", "FLOP FLOPs flop", compute, "", si, "one floating-point operation"},
    {"dollar", "dollars", "USD $", money, "", none, "US dollar; no exchange rates are applied"},
    {"cent", "cents", "", std::nullopt, "0.01 USD", none, "1/100 US dollar"},

    // SI derived units with special names (SI Brochure Table 4).
    {"hertz", "", "Hz", std::nullopt, "1/s", si, si_brochure},
    {"newton", "newtons", "N", std::nullopt, "kg m / s^2", si, si_brochure},
    {"pascal", "pascals", "Pa", std::nullopt, "N / m^2", si, si_brochure},
    {"joule", "joules", "J", std::nullopt, "N m", si, si_brochure},
    {"watt", "watts", "W", std::nullopt, "J / s", si, si_brochure},
    {"coulomb", "coulombs", "C", std::nullopt, "A s", si, si_brochure},
    {"volt", "volts", "V", std::nullopt, "W / A", si, si_brochure},
    {"ohm", "ohms", "Ω", std::nullopt, "V / A", si, si_brochure},
    {"litre", "litres", "L l", std::nullopt, "1e-3 m^3", si, "SI Brochure Table 8 (1 L = 1 dm³)"},
    {"liter", "liters", "", std::nullopt, "1 L", si, "US spelling of litre"},
    {"tonne", "tonnes", "t", std::nullopt, "1000 kg", none, "SI Brochure Table 8"},

    // Time beyond the second (SI Brochure Table 8; Julian year per IAU).
    {"minute", "minutes", "min mins", std::nullopt, "60 s", none, "SI Brochure Table 8"},
    {"hour", "hours", "h hr hrs", std::nullopt, "60 min", none, "SI Brochure Table 8"},
    {"day", "days", "d", std::nullopt, "24 h", none, "SI Brochure Table 8"},
    {"week", "weeks", "wk", std::nullopt, "7 day", none, "7 days"},
    {"year", "years", "yr yrs", std::nullopt, "365.25 day", none, "Julian year, IAU Style Manual (1989)"},
    {"month", "months", "mo", std::nullopt, "year / 12", none, "a twelfth of the Julian year"},

    // Energy and power in the units power bills and data-centre figures use.
    {"watthour", "watthours", "Wh", std::nullopt, "W h", si, "1 W for one hour"},

    // Non-SI length and mass, for conversions people ask for.
    {"foot", "feet", "ft", std::nullopt, "0.3048 m", none, nist_811},
    {"inch", "inches", "", std::nullopt, "ft / 12", none, nist_811},
    {"yard", "yards", "yd", std::nullopt, "3 ft", none, nist_811},
    {"mile", "miles", "mi", std::nullopt, "5280 ft", none, nist_811},
    {"pound", "pounds", "lb lbs", std::nullopt, "0.45359237 kg", none, nist_811},

    // Rates with names of their own.
    // Symbol only: as a long name it would match "flops" too, which ML papers use for a count.
    {"", "", "FLOPS", std::nullopt, "FLOP / s", si, "FLOP per second, as datasheets write it"},

    // Dimensionless: percent and the scale words used in numbers ("70 billion") and units ("million hour").
    {"percent", "", "% pct", std::nullopt, "1/100", none, "1/100"},
    {"hundred", "hundreds", "", std::nullopt, "100", none, "10^2"},
    {"thousand", "thousands", "", std::nullopt, "1000", none, "10^3"},
    {"million", "millions", "", std::nullopt, "1e6", none, "10^6 (short scale)"},
    {"billion", "billions", "", std::nullopt, "1e9", none, "10^9 (short scale)"},
    {"trillion", "trillions", "", std::nullopt, "1e12", none, "10^12 (short scale)"},
    {"quadrillion", "quadrillions", "", std::nullopt, "1e15", none, "10^15 (short scale)"},
    // A count word, so "1.7 million GPU hours" is a time and "$2 / GPU hour" a cost rate. Counts such as tokens
    // and params are deliberately not units: a formula that forgot to bind "tokens" must fail, not read 1.
    {"GPU", "GPUs", "", std::nullopt, "1", none, "a count of accelerators"},
};

}  // namespace

std::span<const UnitRow> unit_rows() { return rows; }

}  // namespace ballpark::tables
