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
//   F H S G are not units: farad, henry, siemens, tesla and gauss go by name only, since "70 F" means Fahrenheit,
//          H and S are slips for h and s, and G reads as giga.
//   ppt    is parts per trillion, as NIST SP 811, GNU Units and numbat read it, next to ppb and ppq; the chemists'
//          parts per thousand is permille (‰).
//   pt     is not a unit: a pint to GNU Units, a typographic point to numbat. Write pint or imperialpint.
//   hundredweight, cwt  are not units: 100 lb in the US and to GNU Units, 112 lb in the UK and to numbat. Write
//          short_hundredweight or long_hundredweight. Likewise "ton" (short_ton, long_ton, tonne).
//   gallon, quart, pint, fluidounce, hogshead (gal, qt, floz) are the US measures, as numbat and GNU Units (unless
//          UNITS_ENGLISH=GB) read them; the UK ones are imperial_gallon (UK_gallon), imperial_quart, imperial_pint,
//          imperial_fluidounce.
//   alpha  is not a unit (the fine-structure constant is finestructure): notebooks name their own variables alpha,
//          and one that forgot to bind it must fail. Likewise Gal (the gal of geodesy is galileo), so a
//          capitalised gallon is not read as an acceleration.
#include "data/unit_tables.hpp"

namespace ballpark::tables {
namespace {

using enum PrefixPolicy;
using enum BaseDimension;

constexpr std::string_view si_brochure = "BIPM SI Brochure, 9th ed. (2019)";
constexpr std::string_view nist_811 = "NIST SP 811 (2008), Appendix B";
constexpr std::string_view iec_80000_13 = "IEC 80000-13:2008";
constexpr std::string_view codata_2018 = "CODATA 2018 recommended values (NIST, 2019)";
constexpr std::string_view si_defining = "SI defining constant, exact since 2019 (SI Brochure, Table 1)";
constexpr std::string_view iau_2012 = "IAU 2012 Resolution B2 (astronomical unit)";
constexpr std::string_view us_volume = "NIST Handbook 44 (2024), Appendix C: US liquid measure, 1 gal = 231 in³";
constexpr std::string_view uk_volume = "UK Weights and Measures Act 1985, Schedule 1: 1 gallon = 4.54609 L";
constexpr std::string_view nist_hb44 = "NIST Handbook 44 (2024), Appendix C";
constexpr std::string_view iau_2015 = "IAU 2015 Resolution B3 (nominal solar and planetary values)";

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
    {"hertz", "", "Hz", std::nullopt, "1/s", si, si_brochure, 0, Counted::cycles},
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
    // ---- The wider table. Each row's source is given; tests/unit/reference_table_test.cpp checks
    // every one against GNU Units. Spellings follow GNU Units, numbat and Qalculate where they do not clash. ----

    // Length.
    // Not "mil": "5 mil" is said for five million as often as for five thousandths of an inch.
    {"thou", "", "", std::nullopt, "inch / 1000", none, nist_811},
    {"fathom", "fathoms", "", std::nullopt, "6 ft", none, nist_811},
    {"rod", "rods", "", std::nullopt, "16.5 ft", none, nist_811},
    {"chain", "chains", "", std::nullopt, "66 ft", none, nist_811},
    {"furlong", "furlongs", "", std::nullopt, "660 ft", none, nist_811},
    {"nauticalmile", "nauticalmiles", "nmi", std::nullopt, "1852 m", none, "SI Brochure Table 8 footnote; NIST SP 811"},
    {"angstrom", "angstroms", "Å", std::nullopt, "1e-10 m", none, nist_811},
    {"micron", "microns", "", std::nullopt, "1e-6 m", none, "the micrometre, NIST SP 811"},

    // Area. (m², ft² and km² need no rows of their own.)
    {"are", "ares", "", std::nullopt, "100 m^2", none, nist_811},
    {"hectare", "hectares", "ha", std::nullopt, "1e4 m^2", none, "SI Brochure Table 8"},
    {"acre", "acres", "", std::nullopt, "43560 ft^2", none, "NIST SP 811 (international acre, 43 560 ft²)"},

    // Volume: US liquid measure by default, as GNU Units and numbat do; the imperial gallon by its own name.
    {"gallon", "gallons", "gal usgallon", std::nullopt, "231 inch^3", none, us_volume},
    {"quart", "quarts", "qt", std::nullopt, "gal / 4", none, us_volume},
    {"pint", "pints", "", std::nullopt, "qt / 2", none, us_volume},
    {"cup", "cups", "", std::nullopt, "pint / 2", none, us_volume},
    {"fluidounce", "fluidounces", "floz", std::nullopt, "cup / 8", none, us_volume},
    {"tablespoon", "tablespoons", "tbsp", std::nullopt, "floz / 2", none, us_volume},
    {"teaspoon", "teaspoons", "tsp", std::nullopt, "tbsp / 3", none, us_volume},
    {"barrel", "barrels", "bbl", std::nullopt, "42 gal", none, "petroleum barrel, NIST SP 811"},
    // The US wine hogshead, as numbat and GNU Units by default (ushogshead) read "hogshead"; GNU Units with
    // UNITS_ENGLISH=GB reads the British one, 52.5 imperial gallons (238.67 L, 0.08% more).
    {"hogshead", "hogsheads", "ushogshead", std::nullopt, "63 gal", none,
     "US hogshead, 63 US gallons (2 liquid barrels of 31.5 gal): figure as in GNU units' definitions.units "
     "(ushogshead) and numbat; no primary source confirmed"},
    {"imperialgallon", "imperialgallons", "brgallon impgal imperial_gallon imperial_gallons UK_gallon UK_gallons UK_gal",
     std::nullopt, "4.54609 L", none, uk_volume},
    {"imperialpint", "imperialpints", "brpint imperial_pint imperial_pints UK_pint UK_pints UK_pt", std::nullopt, "imperialgallon / 8", none, uk_volume},
    {"", "", "cc", std::nullopt, "1e-6 m^3", none, "cubic centimetre"},

    // Mass (avoirdupois, from the pound of NIST SP 811).
    {"ounce", "ounces", "oz", std::nullopt, "lb / 16", none, nist_811},
    {"grain", "grains", "", std::nullopt, "lb / 7000", none, nist_811},
    {"stone", "stones", "", std::nullopt, "14 lb", none, nist_811},
    // A bare "ton" is refused (UnitRegistry::refusal_reason): 907 kg in the US, 1016 kg in the UK, 1000 kg elsewhere.
    {"shortton", "shorttons", "uston short_ton short_tons", std::nullopt, "2000 lb", none, "short ton, NIST SP 811"},
    {"longton", "longtons", "brton long_ton long_tons", std::nullopt, "2240 lb", none, "long ton, NIST SP 811"},
    {"metricton", "metrictons", "", std::nullopt, "1000 kg", none, "the tonne, SI Brochure Table 8"},
    {"carat", "carats", "ct", std::nullopt, "0.2 g", none, "metric carat, NIST SP 811"},
    {"troyounce", "troyounces", "ozt", std::nullopt, "31.1034768 g", none, nist_811},
    {"dalton", "daltons", "Da amu", std::nullopt, "1.66053906660e-27 kg", si, codata_2018},

    // Time: calendar units. year above is the Julian year; decade, century and millennium count Julian years
    // (GNU Units counts them in tropical years, 365.2422 days).
    {"fortnight", "fortnights", "", std::nullopt, "14 day", none, "14 days"},
    {"julianyear", "julianyears", "julian_year julian_years", std::nullopt, "365.25 day", none, "IAU Style Manual (1989)"},
    {"gregorianyear", "gregorianyears", "gregorian_year gregorian_years", std::nullopt, "365.2425 day", none,
     "Gregorian calendar mean year, 146097 d / 400"},
    {"decade", "decades", "", std::nullopt, "10 year", none, "10 Julian years"},
    {"century", "centuries", "", std::nullopt, "100 year", none, "100 Julian years"},
    {"millennium", "millennia", "", std::nullopt, "1000 year", none, "1000 Julian years"},

    // Speed and acceleration, with the two constants of motion.
    {"", "", "mph", std::nullopt, "mile / hour", none, "mile per hour"},
    {"", "", "kph kmh", std::nullopt, "km / hour", none, "kilometre per hour"},
    {"knot", "knots", "kn", std::nullopt, "nmi / hour", none, "SI Brochure Table 8 footnote: 1852 m per hour"},
    {"speedoflight", "", "c speed_of_light lightspeed", std::nullopt, "299792458 m/s", none, si_defining},
    {"gravity", "", "g0 standard_gravity", std::nullopt, "9.80665 m/s^2", none, "standard gravity, 3rd CGPM (1901); NIST SP 811"},

    // Force and pressure.
    {"dyne", "dynes", "dyn", std::nullopt, "1e-5 N", none, nist_811},
    {"poundforce", "", "lbf", std::nullopt, "lb gravity", none, nist_811},
    {"kilogramforce", "", "kgf", std::nullopt, "kg gravity", none, nist_811},
    {"bar", "bars", "bar", std::nullopt, "1e5 Pa", si, "SI Brochure Table 8 footnote; NIST SP 811"},
    {"atmosphere", "atmospheres", "atm", std::nullopt, "101325 Pa", none, "standard atmosphere, 10th CGPM (1954)"},
    {"torr", "", "Torr", std::nullopt, "atm / 760", none, nist_811},
    {"", "", "mmHg", std::nullopt, "133.322387415 Pa", none, "NIST SP 811 (conventional mm of mercury, 13.5951 g/cm³ × g0)"},
    // PSI as gauges and tyre pressures are labelled; other capitalisations stay errors, as for every symbol.
    {"", "", "psi PSI", std::nullopt, "lbf / inch^2", none, nist_811},

    // Energy and power.
    {"erg", "ergs", "", std::nullopt, "1e-7 J", none, nist_811},
    {"calorie", "calories", "cal", std::nullopt, "4.184 J", si, "thermochemical calorie, NIST SP 811"},
    {"kilocalorie", "kilocalories", "Cal", std::nullopt, "1000 cal", none, "the food Calorie, NIST SP 811"},
    {"electronvolt", "electronvolts", "eV", std::nullopt, "1.602176634e-19 J", si, si_defining},
    {"", "", "BTU Btu btu", std::nullopt, "1055.05585262 J", none, "International Table BTU, NIST SP 811"},
    {"quad", "quads", "", std::nullopt, "1e15 BTU", none, "10^15 BTU, US EIA"},
    {"", "", "toe", std::nullopt, "41.868e9 J", si, "tonne of oil equivalent, 10^7 kcal(IT), IEA/OECD"},
    {"", "", "Ah", std::nullopt, "A h", si, "ampere-hour"},
    {"horsepower", "", "hp", std::nullopt, "550 ft lbf / s", none, "mechanical horsepower, NIST SP 811"},
    {"metrichorsepower", "", "PS", std::nullopt, "75 kgf m / s", none, nist_811},

    // Angles: the radian is a plain number (SI Brochure 2.3.3), so angles multiply away as they do in GNU Units.
    // Degree and its parts are π/180 etc. to double precision: π has no exact decimal.
    {"radian", "radians", "rad", std::nullopt, "1", si, si_brochure, 0, Counted::angle},
    {"steradian", "steradians", "sr", std::nullopt, "1", none, si_brochure},
    // π as a plain number, so that "2 * pi" is 6.28. A symbol, so case counts: "Pi" stays the
    // pebi prefix. 21 digits, more than a double holds, so its enclosure holds π itself.
    {"", "", "pi π", std::nullopt, "3.14159265358979323846", none, "π, the ratio of a circle's circumference to its diameter"},
    {"degree", "degrees", "deg °", std::nullopt, "0.017453292519943295", none, "π/180, SI Brochure Table 8", 0, Counted::angle},
    {"arcminute", "arcminutes", "arcmin", std::nullopt, "deg / 60", none, "SI Brochure Table 8"},
    {"arcsecond", "arcseconds", "arcsec", std::nullopt, "arcmin / 60", none, "SI Brochure Table 8"},
    {"turn", "turns", "rev revolution revolutions", std::nullopt, "360 deg", none, "one full circle"},
    // Revolutions counted as cycles, as Hz counts them: 60 rpm is 1 Hz, as numbat, mathjs and Qalculate read it
    // (GNU Units' rpm is rev/min with rev = 2π, so its 60 rpm is 6.28 Hz). An angular speed is rpm times turn; a
    // conversion between cycles and an angle is refused (units/cycles_and_angles.hpp).
    // RPM as datasheets of fans, drives and engines print it.
    {"", "", "rpm RPM", std::nullopt, "1 / min", none, "revolutions per minute, as cycles: numbat, mathjs, Qalculate", 0,
     Counted::cycles},

    // Astronomy.
    {"astronomicalunit", "astronomicalunits", "au AU", std::nullopt, "149597870700 m", none, iau_2012},
    {"lightyear", "lightyears", "ly light-year light-years", std::nullopt, "c julianyear", none,
     "IAU: the distance light travels in a Julian year"},
    // 648000/π au (IAU 2015 Resolution B2), written to 17 digits: π has no exact decimal.
    {"parsec", "parsecs", "pc", std::nullopt, "206264.80624709636 au", si, "IAU 2015 Resolution B2"},

    // Ratios.
    {"", "", "ppm", std::nullopt, "1e-6", none, "parts per million"},
    {"", "", "ppb", std::nullopt, "1e-9", none, "parts per billion"},
    // The ladder ppm, ppb, ppt, ppq in steps of a thousand, with the short-scale billion the table already has; the
    // chemists' parts per thousand is permille (docs/language.md, "Ambiguities").
    {"", "", "ppt", std::nullopt, "1e-12", none,
     "parts per trillion: NIST SP 811 (2008) 7.10.3 (\"2 ng/kg, but not 2 ppt\"); GNU Units and numbat read it so"},
    {"", "", "ppq", std::nullopt, "1e-15", none, "parts per quadrillion, as numbat's partsperquadrillion"},
    {"permille", "", "‰", std::nullopt, "1e-3", none, "parts per thousand"},
    {"basispoint", "basispoints", "", std::nullopt, "1e-4", none, "a hundredth of a percent"},
    {"dozen", "dozens", "", std::nullopt, "12", none, "12"},

    // Data rates, with SI prefixes (Mbps, GBps): network figures are decimal.
    {"", "", "bps", std::nullopt, "bit / s", si, "bit per second, ITU-T"},
    {"", "", "Bps", std::nullopt, "B / s", si, "byte per second"},

    // Named constants (SI defining constants are exact; others CODATA 2018).
    {"avogadro", "", "N_A avogadro_constant", std::nullopt, "6.02214076e23 / mol", none, si_defining},
    {"boltzmann", "", "k_B boltzmann_constant", std::nullopt, "1.380649e-23 J/K", none, si_defining},
    {"planck", "", "planck_constant", std::nullopt, "6.62607015e-34 J s", none, si_defining},
    // h/(2π) to 17 digits: π has no exact decimal.
    {"hbar", "", "ℏ h_bar", std::nullopt, "1.0545718176461565e-34 J s", none, "h / 2π, from the exact h"},
    {"elementarycharge", "", "elementary_charge", std::nullopt, "1.602176634e-19 C", none, si_defining},
    {"electronmass", "", "electron_mass", std::nullopt, "9.1093837015e-31 kg", none, codata_2018},
    {"protonmass", "", "proton_mass", std::nullopt, "1.67262192369e-27 kg", none, codata_2018},
    {"gravitationalconstant", "", "gravitational_constant", std::nullopt, "6.67430e-11 m^3 / (kg s^2)", none, codata_2018},
    // A second batch: units of farming, fuel, light and radiation that estimates reach for.
    {"hand", "hands", "", std::nullopt, "4 inch", none, nist_811},
    {"league", "leagues", "", std::nullopt, "3 mi", none, "3 statute miles, as GNU Units"},
    {"barn", "barns", "", std::nullopt, "1e-28 m^2", si, nist_811},
    {"gill", "gills", "", std::nullopt, "pint / 4", none, us_volume},
    {"bushel", "bushels", "bu", std::nullopt, "2150.42 inch^3", none, "US bushel, NIST Handbook 44 (2024), Appendix C"},
    {"peck", "pecks", "pk", std::nullopt, "bushel / 4", none, "NIST Handbook 44 (2024), Appendix C"},
    {"cord", "cords", "", std::nullopt, "128 ft^3", none, "NIST Handbook 44 (2024), Appendix C: 4 ft × 4 ft × 8 ft"},
    {"acrefoot", "acrefeet", "", std::nullopt, "acre ft", none, "an acre one foot deep"},
    {"slug", "slugs", "", std::nullopt, "lbf s^2 / ft", none, nist_811},
    {"pennyweight", "pennyweights", "dwt", std::nullopt, "troyounce / 20", none, nist_811},
    {"commonyear", "commonyears", "", std::nullopt, "365 day", none, "a year of 365 days"},
    {"leapyear", "leapyears", "", std::nullopt, "366 day", none, "a year of 366 days"},
    {"tropicalyear", "tropicalyears", "tropical_year tropical_years", std::nullopt, "365.242198781 day", none, "mean tropical year, as GNU Units' year"},
    {"siderealday", "siderealdays", "", std::nullopt, "86164.09054 s", none, "sidereal day, Astronomical Almanac"},
    {"lunarmonth", "lunarmonths", "synodicmonth", std::nullopt, "2551442.8 s", none, "mean synodic month, 29 d 12 h 44 min 2.8 s"},
    {"therm", "therms", "thm", std::nullopt, "105480400 J", none, "US therm, NIST SP 811"},
    {"", "", "MMBTU MMBtu", std::nullopt, "1e6 BTU", none, "a million BTU, as gas prices are quoted (US EIA)"},
    {"", "", "inHg", std::nullopt, "25.4 mmHg", none, nist_811},
    {"", "", "ksi", std::nullopt, "1000 psi", none, "kilopound per square inch"},
    {"technicalatmosphere", "technicalatmospheres", "", std::nullopt, "kgf / cm^2", none, nist_811},
    {"gray", "grays", "Gy", std::nullopt, "J / kg", si, si_brochure},
    {"sievert", "sieverts", "Sv", std::nullopt, "J / kg", si, si_brochure},
    {"becquerel", "becquerels", "Bq", std::nullopt, "1 / s", si, si_brochure},
    {"curie", "curies", "Ci", std::nullopt, "3.7e10 Bq", si, nist_811},
    {"lumen", "lumens", "lm", std::nullopt, "cd sr", si, si_brochure},
    {"lux", "", "lx", std::nullopt, "lm / m^2", si, si_brochure},
    {"katal", "katals", "kat", std::nullopt, "mol / s", si, si_brochure},
    {"weber", "webers", "Wb", std::nullopt, "V s", si, si_brochure},
    {"poise", "", "", std::nullopt, "0.1 Pa s", si, "CGS unit of viscosity, NIST SP 811"},
    {"stokes", "", "", std::nullopt, "1e-4 m^2 / s", si, "CGS unit of kinematic viscosity, NIST SP 811"},
    {"", "", "mpg", std::nullopt, "mi / gal", none, "miles per US gallon"},
    {"nibble", "nibbles", "nybble", std::nullopt, "4 bit", none, "half a byte"},
    {"lakh", "lakhs", "", std::nullopt, "1e5", none, "Indian numbering, 10^5"},
    {"crore", "crores", "", std::nullopt, "1e7", none, "Indian numbering, 10^7"},

    // ---- A third batch: the table reaches 250 distinct units. Checked in reference_table_test.cpp. ----

    // Length.
    {"link", "links", "", std::nullopt, "chain / 100", none, nist_811},
    // 9 international inches. GNU Units' span uses the pre-1959 British inch (2 parts in a million shorter).
    {"span", "spans", "", std::nullopt, "9 inch", none, "9 inches, NIST Handbook 44 (2024), Appendix C"},
    // Deprecated by NIST at the end of 2022, but land records and state plane coordinates still use it.
    {"surveyfoot", "surveyfeet", "ussurveyfoot ftUS", std::nullopt, "1200 m / 3937", none,
     "US survey foot, 1200/3937 m, NIST SP 811"},
    {"surveymile", "surveymiles", "ussurveymile", std::nullopt, "5280 surveyfoot", none, "US survey mile, NIST SP 811"},
    {"lightsecond", "lightseconds", "light-second light-seconds", std::nullopt, "c s", none, si_defining},
    {"lightminute", "lightminutes", "light-minute light-minutes", std::nullopt, "c min", none, si_defining},
    {"lighthour", "lighthours", "light-hour light-hours", std::nullopt, "c hour", none, si_defining},
    {"lightday", "lightdays", "light-day light-days", std::nullopt, "c day", none, si_defining},
    // R1 = (2a + b)/3 of GRS 80, the reference ellipsoid the IUGG adopted in 1979, as its parameter list gives it.
    {"earthradius", "", "R_earth", std::nullopt, "6371008.7714 m", none,
     "mean Earth radius R1 of GRS 80 (IUGG 1979; Moritz, J. Geodesy 74 (2000) 128): 6 371 008.7714 m"},
    {"solarradius", "", "R_sun", std::nullopt, "6.957e8 m", none, iau_2015},
    {"jupiterradius", "", "R_jup", std::nullopt, "7.1492e7 m", none,
     "IAU 2015 Resolution B3 (nominal equatorial radius of Jupiter)"},
    {"lunardistance", "", "", std::nullopt, "384400 km", none, "mean Earth-Moon distance, NASA Moon Fact Sheet"},
    {"fermi", "fermis", "", std::nullopt, "1e-15 m", none, "the femtometre, NIST SP 811"},
    {"bohrradius", "", "a_0 bohr_radius", std::nullopt, "5.29177210903e-11 m", none, codata_2018},

    // Area and volume with names of their own (real estate, lumber, gas and water bills).
    {"squarefoot", "squarefeet", "sqft", std::nullopt, "ft^2", none, nist_hb44},
    {"squareinch", "squareinches", "sqin", std::nullopt, "inch^2", none, nist_hb44},
    {"squareyard", "squareyards", "sqyd", std::nullopt, "yd^2", none, nist_hb44},
    {"squaremile", "squaremiles", "sqmi", std::nullopt, "mi^2", none, nist_hb44},
    // Not credited to NIST Handbook 44: its Appendix C text could not be found to check these two against. NIST
    // Handbook 133, Appendix E, lists 1 section = 1 square mile and 1 township = 36 square miles, but was seen only as
    // another package quotes it, so the figures are credited to GNU Units, which defines them the same way.
    {"section", "sections", "", std::nullopt, "squaremile", none,
     "US Public Land Survey section, 1 mi² (international mile): figure as in GNU units' definitions.units; "
     "no primary source confirmed"},
    {"township", "townships", "", std::nullopt, "36 section", none,
     "US Public Land Survey township, 36 sections: figure as in GNU units' definitions.units; no primary source "
     "confirmed"},
    {"cubicfoot", "cubicfeet", "cuft", std::nullopt, "ft^3", none, nist_hb44},
    {"cubicinch", "cubicinches", "cuin", std::nullopt, "inch^3", none, nist_hb44},
    {"cubicyard", "cubicyards", "cuyd", std::nullopt, "yd^3", none, nist_hb44},
    {"stere", "steres", "", std::nullopt, "1 m^3", none, nist_811},
    {"boardfoot", "boardfeet", "", std::nullopt, "ft^2 inch", none,
     "the US lumber measure, 1 ft × 1 ft × 1 in = 144 in³"},
    {"", "", "ccf", std::nullopt, "100 ft^3", none,
     "100 cubic feet, as US gas and water bills are metered (US EIA FAQ 45: Ccf is the volume of 100 cubic feet)"},
    {"drypint", "drypints", "", std::nullopt, "bushel / 64", none, "US dry pint, NIST Handbook 44 (2024), Appendix C"},
    {"dryquart", "dryquarts", "", std::nullopt, "bushel / 32", none,
     "US dry quart, NIST Handbook 44 (2024), Appendix C"},
    {"imperialquart", "imperialquarts", "brquart imperial_quart imperial_quarts UK_quart UK_quarts UK_qt", std::nullopt, "imperialgallon / 4", none, uk_volume},
    {"imperialgill", "imperialgills", "brgill", std::nullopt, "imperialpint / 4", none, uk_volume},
    {"imperialfluidounce", "imperialfluidounces", "brfloz imperial_fluidounce imperial_fluidounces UK_floz",
     std::nullopt, "imperialpint / 20", none, uk_volume},
    {"imperialbushel", "imperialbushels", "brbushel", std::nullopt, "8 imperialgallon", none, uk_volume},

    // Flow.
    {"", "", "cfm", std::nullopt, "ft^3 / min", none, "cubic foot per minute, as fans and air handlers are rated"},
    {"", "", "gpm", std::nullopt, "gal / min", none, "US gallon per minute, as pumps are rated"},
    {"sverdrup", "sverdrups", "", std::nullopt, "1e6 m^3 / s", none, "10^6 m³/s, the oceanographers' unit of flow"},

    // Mass.
    {"dram", "drams", "", std::nullopt, "ounce / 16", none, "avoirdupois dram, NIST SP 811"},
    // A bare "hundredweight" or "cwt" is refused (UnitRegistry::refusal_reason), as "ton" is: 100 lb in the US and to
    // GNU Units' cwt, 112 lb in the UK and to numbat's cwt.
    {"shorthundredweight", "shorthundredweights", "short_hundredweight short_hundredweights ushundredweight",
     std::nullopt, "100 lb", none, "short hundredweight, NIST SP 811"},
    {"longhundredweight", "longhundredweights", "brhundredweight long_hundredweight long_hundredweights", std::nullopt,
     "112 lb", none, "long hundredweight, NIST SP 811"},
    {"troypound", "troypounds", "", std::nullopt, "12 troyounce", none, nist_811},
    // GM is known to ten digits, G to five: the mass is GM / G, as the IAU recommends.
    {"solarmass", "solarmasses", "M_sun", std::nullopt, "1.3271244e20 m^3 / s^2 / gravitationalconstant", none,
     "IAU 2015 Resolution B3 nominal GM of the Sun, over G (CODATA 2018)"},
    {"earthmass", "earthmasses", "M_earth", std::nullopt, "3.986004e14 m^3 / s^2 / gravitationalconstant", none,
     "IAU 2015 Resolution B3 nominal GM of the Earth, over G (CODATA 2018)"},
    {"neutronmass", "", "neutron_mass", std::nullopt, "1.67492749804e-27 kg", none, codata_2018},

    // Time.
    {"shake", "shakes", "", std::nullopt, "1e-8 s", none, nist_811},
    // The Astronomical Almanac gives both to a millionth of a day. GNU Units has 365.256360417 d and 27.321661 d;
    // the month is a millionth of a day (4e-8) below the Almanac's 27.321662 d = 27 d 7 h 43 min 11.6 s.
    {"siderealyear", "siderealyears", "", std::nullopt, "365.256363 day", none,
     "mean sidereal year at 2000.0, The Astronomical Almanac for the Year 2000, p. C1"},
    {"siderealmonth", "siderealmonths", "", std::nullopt, "27.321662 day", none,
     "mean sidereal month at 2000.0, The Astronomical Almanac for the Year 2000, p. D2"},

    // Energy and power.
    {"itcalorie", "itcalories", "cal_IT calorie_IT", std::nullopt, "4.1868 J", si,
     "International Table calorie, NIST SP 811"},
    // The TNT convention is 10^9 thermochemical calories per (metric) ton; prefixes give kilotonTNT, MtTNT.
    {"tonTNT", "", "tTNT ton_TNT", std::nullopt, "1e9 cal", si,
     "ton of TNT equivalent, 10^9 cal (thermochemical), NIST SP 811"},
    // The hyphenated spellings are rows of their own: in any other hyphenated product "pound" is refused, since it
    // could be the mass or the force (the parser's refuse_hyphenated_pound). A pound-foot of torque has the size.
    {"footpound", "footpounds", "ftlbf ft_lbf foot-pound foot-pounds ft-lb ft-lbs pound-foot pound-feet lb-ft", std::nullopt, "ft lbf",
     none, nist_811},
    {"inchpound", "inchpounds", "inlbf in_lbf inch-pound inch-pounds in-lb in-lbs pound-inch lb-in", std::nullopt, "inch lbf",
     none, nist_811},
    {"hartree", "hartrees", "E_h", std::nullopt, "4.3597447222071e-18 J", none, codata_2018},
    {"rydberg", "rydbergs", "Ry", std::nullopt, "hartree / 2", none, "half a hartree, CODATA 2018"},
    // Conventions rather than measurements. No EIA or IEA text stating these two figures could be found to check, so
    // they are credited to GNU Units (barreloil, toncoal); second-hand sources put 5.8e6 Btu to the US IRS and
    // 1 tce = 0.7 toe to the IEA.
    {"", "", "boe BOE", std::nullopt, "5.8e6 BTU", none,
     "barrel of oil equivalent, 5.8 million BTU(IT): figure as in GNU units' definitions.units; no primary source "
     "confirmed"},
    {"", "", "tce", std::nullopt, "7e9 cal_IT", none,
     "tonne of coal equivalent, 7 Gcal (IT): figure as in GNU units' definitions.units; no primary source confirmed"},
    {"dekatherm", "dekatherms", "Dth decatherm", std::nullopt, "10 therm", none,
     "10 US therms (the therm (U.S.) of NIST SP 811, 1.054 804e8 J); no EIA text naming the dekatherm confirmed"},
    {"electrichorsepower", "", "", std::nullopt, "746 W", none, "electric horsepower, NIST SP 811"},
    {"tonrefrigeration", "", "ton_refrigeration", std::nullopt, "12000 BTU / hour", none,
     "ton of refrigeration, 12 000 Btu(IT)/h, NIST SP 811"},
    {"boilerhorsepower", "", "", std::nullopt, "9809.5 W", none, "boiler horsepower, NIST SP 811"},
    {"langley", "langleys", "", std::nullopt, "cal / cm^2", none,
     "thermochemical calorie per cm², as insolation is given (NIST SP 811)"},
    {"solarluminosity", "", "L_sun", std::nullopt, "3.828e26 W", none, iau_2015},
    {"solarconstant", "", "", std::nullopt, "1361 W / m^2", none,
     "IAU 2015 Resolution B3 (nominal total solar irradiance)"},
    {"voltampere", "voltamperes", "VA", std::nullopt, "V A", si, "apparent power, IEC 60050-131"},

    // Force and pressure.
    {"kip", "kips", "", std::nullopt, "1000 lbf", none, nist_811},
    {"poundal", "poundals", "pdl", std::nullopt, "lb ft / s^2", none, nist_811},
    {"gramforce", "", "gf", std::nullopt, "g gravity", none, nist_811},
    {"ounceforce", "", "ozf", std::nullopt, "oz gravity", none, nist_811},
    {"tonforce", "", "tonf", std::nullopt, "shortton gravity", none, "short ton-force, NIST SP 811"},
    {"barye", "baryes", "", std::nullopt, "0.1 Pa", none,
     "the CGS unit of pressure, 1 dyn/cm² (NIST SP 811 lists the dyne per square centimetre, 0.1 Pa, "
     "not the name barye)"},
    {"", "", "psf", std::nullopt, "lbf / ft^2", none, nist_811},
    // Water columns, as fan static pressure and ventilator settings are given: 1 mm × 1000 kg/m³ × g0.
    {"", "", "mmH2O", std::nullopt, "9.80665 Pa", none,
     "millimeter of water, conventional, NIST SP 811 B.9: 9.806 65 Pa"},
    {"", "", "cmH2O", std::nullopt, "10 mmH2O", none,
     "centimeter of water, conventional, NIST SP 811 B.9: 98.0665 Pa"},
    {"", "", "inH2O", std::nullopt, "25.4 mmH2O", none,
     "inch of water, conventional, NIST SP 811 B.9: 249.0889 Pa (to the 7 digits given)"},

    // Angles.
    // The gon, dioptre and tex are not credited to Council Directive 80/181/EEC: its annex could not be found to
    // check them against, so each row names a source that was checked.
    {"gradian", "gradians", "gon grad", std::nullopt, "turn / 400", none,
     "ISO 80000-3:2006, item 3-5.e (1 gon = π/200 rad); UCUM (gon = 0.9 deg)"},
    {"rightangle", "rightangles", "", std::nullopt, "90 deg", none, "a quarter turn"},
    {"squaredegree", "squaredegrees", "sqdeg", std::nullopt, "deg^2", none,
     "(π/180)² sr, from the degree of SI Brochure Table 8"},

    // Electromagnetism. By name only: F, H, S and G are left out as symbols, since "70 F" means Fahrenheit,
    // "H" is a slip for "h", and "G" reads as giga; tesla is name-only as T is (see the top of this file).
    {"farad", "farads", "", std::nullopt, "C / V", si, si_brochure},
    {"henry", "henries", "", std::nullopt, "Wb / A", si, si_brochure},
    {"siemens", "", "", std::nullopt, "A / V", si, si_brochure},
    {"tesla", "teslas", "", std::nullopt, "Wb / m^2", si, si_brochure},
    {"mho", "mhos", "", std::nullopt, "siemens", none, "the siemens under its old name, NIST SP 811"},
    {"gauss", "", "", std::nullopt, "1e-4 tesla", si, nist_811},
    {"maxwell", "maxwells", "Mx", std::nullopt, "1e-8 Wb", none, nist_811},
    // 1000/(4π) A/m to 17 digits: π has no exact decimal.
    {"oersted", "oersteds", "Oe", std::nullopt, "79.577471545947668 A / m", none, "1000/(4π) A/m, NIST SP 811"},
    {"faraday", "faradays", "", std::nullopt, "avogadro elementarycharge mol", none,
     "the charge of a mole of electrons, N_A e (exact since 2019); NIST SP 811"},

    // Radiation, light and other SI-adjacent units.
    {"rem", "rems", "rem", std::nullopt, "0.01 Sv", si, nist_811},
    {"roentgen", "roentgens", "", std::nullopt, "2.58e-4 C / kg", none, nist_811},
    {"nit", "nits", "", std::nullopt, "cd / m^2", none,
     "candela per square metre (SI Brochure), the name display makers use"},
    {"footcandle", "footcandles", "", std::nullopt, "lm / ft^2", none, nist_811},
    // 1/π cd/ft² and 10^4/π cd/m², to 17 digits: π has no exact decimal.
    {"footlambert", "footlamberts", "", std::nullopt, "3.4262590996353905 cd / m^2", none, "(1/π) cd/ft², NIST SP 811"},
    {"lambert", "lamberts", "", std::nullopt, "3183.0988618379067 cd / m^2", none, "(10^4/π) cd/m², NIST SP 811"},
    {"phot", "phots", "", std::nullopt, "1e4 lx", none, nist_811},
    {"stilb", "stilbs", "", std::nullopt, "1e4 cd / m^2", none, nist_811},
    // Not "Gal": a capital slip on "gal" would read as an acceleration.
    {"galileo", "galileos", "", std::nullopt, "0.01 m / s^2", none, "the gal of geodesy, NIST SP 811"},
    {"jansky", "janskys", "Jy", std::nullopt, "1e-26 W / (m^2 Hz)", si, "IAU Style Manual (1989)"},
    {"dioptre", "dioptres", "diopter diopters", std::nullopt, "1 / m", none,
     "UCUM: diopter [diop] = 1 /m (Council Directive 80/181/EEC not confirmed)"},
    // Rankine is an absolute scale (0 °R is 0 K) in Fahrenheit-sized degrees, so like K it is both a temperature
    // and a size of a difference: the Fahrenheit degree of a difference is written degR.
    {"rankine", "", "degR °R", std::nullopt, "K / 1.8", none, "NIST SP 811: 1 K = 1.8 °R"},
    // Scales with an offset: a number before them is a temperature, a point on the scale (docs/language.md,
    // "Temperatures"). The offset is what the scale reads at 0 K, negated.
    {"celsius", "", "degC °C ℃", std::nullopt, "K", none, "SI Brochure 2.3.1: t/°C = T/K - 273.15", 273.15},
    {"fahrenheit", "", "degF °F ℉", std::nullopt, "K / 1.8", none,
     "NIST SP 811 B.9: t/°F = 1.8 t/°C + 32, so T/K = (t/°F + 459.67) / 1.8", 459.67},
    {"octet", "octets", "", std::nullopt, "8 bit", none, iec_80000_13},
    // Linear density of fibre and yarn; decitex (dtex) is the usual size.
    {"tex", "", "tex", std::nullopt, "g / km", si,
     "NIST SP 811 B.9: tex = 1.0e-6 kg/m (Council Directive 80/181/EEC not confirmed)"},
    {"denier", "deniers", "", std::nullopt, "tex / 9", none, "1 g per 9 km, NIST SP 811"},

    // Named constants.
    {"stefanboltzmann", "", "sigma_SB stefan_boltzmann", std::nullopt, "5.670374419e-8 W / (m^2 K^4)", none,
     codata_2018},
    {"gasconstant", "", "gas_constant molar_gas_constant", std::nullopt, "avogadro boltzmann", none,
     "N_A k, exact since 2019 (SI Brochure)"},
    {"vacuumpermittivity", "", "epsilon0 epsilon_0 eps0", std::nullopt, "8.8541878128e-12 farad / m", none,
     codata_2018},
    {"vacuumpermeability", "", "mu0 mu_0", std::nullopt, "1.25663706212e-6 N / A^2", none, codata_2018},
    // Not "alpha": a notebook that forgot to bind its own alpha must fail, not read 0.0073.
    {"finestructure", "", "fine_structure_constant", std::nullopt, "7.2973525693e-3", none, codata_2018},
    {"plancklength", "", "planck_length", std::nullopt, "1.616255e-35 m", none, codata_2018},
    {"planckmass", "", "planck_mass", std::nullopt, "2.176434e-8 kg", none, codata_2018},
    {"plancktime", "", "planck_time", std::nullopt, "5.391247e-44 s", none, codata_2018},

    // Counts and scale words.
    {"pair", "pairs", "", std::nullopt, "2", none, "2"},
    {"score", "scores", "", std::nullopt, "20", none, "20"},
    {"gross", "", "", std::nullopt, "144", none, "12 dozen"},
    {"ream", "reams", "", std::nullopt, "500", none, "500 sheets, the modern ream"},
    {"quintillion", "quintillions", "", std::nullopt, "1e18", none, "10^18 (short scale)"},
    {"sextillion", "sextillions", "", std::nullopt, "1e21", none, "10^21 (short scale)"},
    {"septillion", "septillions", "", std::nullopt, "1e24", none, "10^24 (short scale)"},
    {"milliard", "milliards", "", std::nullopt, "1e9", none,
     "10^9, the long scale's word for the short scale's billion"},
    {"googol", "googols", "", std::nullopt, "1e100", none, "10^100"},
};

}  // namespace

std::span<const UnitRow> unit_rows() { return rows; }

}  // namespace ballpark::tables
