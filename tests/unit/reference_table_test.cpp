// The wider unit table against GNU Units: every row added for it, and the spellings people bring from
// other unit tools, converted by Ballpark's public API and compared with what GNU Units 2.22 (Debian 12 package
// `units`) printed for the command quoted beside each figure. The figures were copied from that output, never from
// Ballpark's.
//
// Where Ballpark's definition differs in name from GNU Units', the GNU side says what is meant: Ballpark's
// decade, century and millennium count Julian years (GNU Units' count tropical years), so they are checked
// against 10, 100 and 1000 julianyear; the gallon, pint and cup are the US ones (usgallon, uspint, uscup), and so
// is the hogshead (ushogshead: GNU Units' hogshead, like its hundredweight, is the British one when
// UNITS_ENGLISH=GB). ppq, which GNU Units lacks, is checked as a thousandth of its ppt.
// The parsec is the IAU 2015 one, 648000/π au; GNU Units' "parsec" is au/tan(1″), 8e-12 smaller in relative
// terms, so the parsec is checked against GNU Units computing 648000 au / pi.
// Degrees, arcminutes, parsec and hbar are defined through π, which has no exact decimal; 17 significant
// digits are kept, so a check allows a relative difference of 1e-12 by default, far below what any estimate
// notices and far above double rounding.
// A few rows take a published figure that GNU Units states with other digits: IAU 2015 nominal values (solar
// radius, GM of the Sun and the Earth, solar constant), CODATA 2018 constants given to 7-11 digits (Planck units,
// the permittivity), the IUGG mean Earth radius and the Astronomical Almanac's sidereal year and month. Each of
// those checks names the difference allowed and why, beside it. Where that allowance is wide enough to hide a
// wrong last digit of the figure Ballpark uses (the Earth radius, the sidereal year and month), a second check
// holds the published figure itself. The span is checked as 9 inch because GNU Units' span uses the pre-1959
// British inch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "data/unit_tables.hpp"

namespace ballpark {
namespace {

struct Reference {
    std::string_view from;     // a unit as Ballpark reads it
    std::string_view to;
    std::string_view command;  // the GNU Units command that printed `value`
    double value;              // 1 `from` in `to`, as GNU Units printed it
    // The relative difference allowed: 1e-12 by default; a measured constant's CODATA relative uncertainty where
    // GNU Units derives it another way (electronmass from its mass in daltons, not CODATA's figure in kg).
    double tolerance = 1e-12;
};

constexpr Reference references[] = {
    {"thou", "m", "units -t -d 15 'thou' 'm'", 2.54e-05},
    {"fathom", "m", "units -t -d 15 'fathom' 'm'", 1.8288},
    {"fathoms", "ft", "units -t -d 15 'fathom' 'ft'", 6},
    {"rod", "m", "units -t -d 15 'rod' 'm'", 5.0292},
    {"chain", "m", "units -t -d 15 'chain' 'm'", 20.1168},
    {"furlong", "m", "units -t -d 15 'furlong' 'm'", 201.168},
    {"nauticalmile", "m", "units -t -d 15 'nauticalmile' 'm'", 1852},
    {"nmi", "km", "units -t -d 15 'nmi' 'km'", 1.852},
    {"angstrom", "m", "units -t -d 15 'angstrom' 'm'", 1e-10},
    {"Å", "nm", "units -t -d 15 'angstrom' 'nm'", 0.1},
    {"micron", "m", "units -t -d 15 'micron' 'm'", 1e-06},
    {"are", "m^2", "units -t -d 15 'are' 'm^2'", 100},
    {"hectare", "m^2", "units -t -d 15 'hectare' 'm^2'", 10000},
    {"ha", "km^2", "units -t -d 15 'hectare' 'km^2'", 0.01},
    {"acre", "m^2", "units -t -d 15 'acre' 'm^2'", 4046.8564224},
    {"acres", "ha", "units -t -d 15 'acre' 'hectare'", 0.40468564224},
    {"gallon", "L", "units -t -d 15 'usgallon' 'liter'", 3.785411784},
    {"gal", "m^3", "units -t -d 15 'usgallon' 'm^3'", 0.003785411784},
    {"quart", "L", "units -t -d 15 'quart' 'liter'", 0.946352946},
    {"qt", "L", "units -t -d 15 'quart' 'liter'", 0.946352946},
    {"pint", "L", "units -t -d 15 'uspint' 'liter'", 0.473176473},
    {"cup", "mL", "units -t -d 15 'uscup' 'ml'", 236.5882365},
    {"floz", "mL", "units -t -d 15 'usfloz' 'ml'", 29.5735295625},
    {"tbsp", "mL", "units -t -d 15 'ustablespoon' 'ml'", 14.78676478125},
    {"tsp", "mL", "units -t -d 15 'usteaspoon' 'ml'", 4.92892159375},
    {"barrel", "L", "units -t -d 15 'petroleumbarrel' 'liter'", 158.987294928},
    {"bbl", "gal", "units -t -d 15 'petroleumbarrel' 'usgallon'", 42},
    {"imperialgallon", "L", "units -t -d 15 'brgallon' 'liter'", 4.54609},
    {"imperialpint", "L", "units -t -d 15 'brpint' 'liter'", 0.56826125},
    {"cc", "m^3", "units -t -d 15 'cc' 'm^3'", 1e-06},
    {"ounce", "g", "units -t -d 15 'ounce' 'gram'", 28.349523125},
    {"oz", "kg", "units -t -d 15 'ounce' 'kg'", 0.028349523125},
    {"grain", "mg", "units -t -d 15 'grain' 'mg'", 64.79891},
    {"stone", "kg", "units -t -d 15 'stone' 'kg'", 6.35029318},
    {"short_ton", "kg", "units -t -d 15 'shortton' 'kg'", 907.18474},
    {"uston", "kg", "units -t -d 15 'shortton' 'kg'", 907.18474},
    {"long_ton", "kg", "units -t -d 15 'longton' 'kg'", 1016.0469088},
    {"shortton", "kg", "units -t -d 15 'shortton' 'kg'", 907.18474},
    {"longton", "kg", "units -t -d 15 'longton' 'kg'", 1016.0469088},
    {"metricton", "kg", "units -t -d 15 'metricton' 'kg'", 1000},
    {"carat", "g", "units -t -d 15 'metriccarat' 'gram'", 0.2},
    {"troyounce", "g", "units -t -d 15 'troyounce' 'gram'", 31.1034768},
    {"dalton", "kg", "units -t -d 15 'dalton' 'kg'", 1.6605390666e-27},
    {"Da", "kg", "units -t -d 15 'u' 'kg'", 1.6605390666e-27},
    {"fortnight", "day", "units -t -d 15 'fortnight' 'day'", 14},
    {"julianyear", "s", "units -t -d 15 'julianyear' 's'", 31557600},
    {"gregorianyear", "s", "units -t -d 15 'gregorianyear' 's'", 31556952},
    {"gregorianyear", "day", "units -t -d 15 'gregorianyear' 'day'", 365.2425},
    {"decade", "day", "units -t -d 15 '10 julianyear' 'day'", 3652.5},
    {"century", "s", "units -t -d 15 '100 julianyear' 's'", 3155760000},
    {"millennium", "year", "units -t -d 15 '1000 julianyear' 'julianyear'", 1000},
    {"mph", "m/s", "units -t -d 15 'mph' 'm/s'", 0.44704},
    {"mph", "km/h", "units -t -d 15 'mph' 'km/hr'", 1.609344},
    {"kph", "m/s", "units -t -d 15 'kph' 'm/s'", 0.277777777777778},
    {"kmh", "mph", "units -t -d 15 'kph' 'mph'", 0.621371192237334},
    {"knot", "m/s", "units -t -d 15 'knot' 'm/s'", 0.514444444444444},
    {"kn", "km/h", "units -t -d 15 'knot' 'km/hr'", 1.852},
    {"c", "m/s", "units -t -d 15 'c' 'm/s'", 299792458},
    {"speedoflight", "km/s", "units -t -d 15 'c' 'km/s'", 299792.458},
    {"gravity", "m/s^2", "units -t -d 15 'gravity' 'm/s^2'", 9.80665},
    {"g0", "ft/s^2", "units -t -d 15 'gravity' 'ft/s^2'", 32.1740485564304},
    {"dyne", "N", "units -t -d 15 'dyne' 'N'", 1e-05},
    {"lbf", "N", "units -t -d 15 'lbf' 'N'", 4.4482216152605},
    {"kgf", "N", "units -t -d 15 'kgf' 'N'", 9.80665},
    {"bar", "Pa", "units -t -d 15 'bar' 'Pa'", 100000},
    {"mbar", "Pa", "units -t -d 15 'millibar' 'Pa'", 100},
    {"atm", "Pa", "units -t -d 15 'atm' 'Pa'", 101325},
    {"atm", "bar", "units -t -d 15 'atm' 'bar'", 1.01325},
    {"torr", "Pa", "units -t -d 15 'torr' 'Pa'", 133.322368421053},
    {"mmHg", "Pa", "units -t -d 15 'mmHg' 'Pa'", 133.322387415},
    {"psi", "Pa", "units -t -d 15 'psi' 'Pa'", 6894.75729316836},
    {"psi", "kPa", "units -t -d 15 'psi' 'kPa'", 6.89475729316836},
    {"erg", "J", "units -t -d 15 'erg' 'J'", 1e-07},
    {"cal", "J", "units -t -d 15 'calorie' 'J'", 4.184},
    {"kcal", "J", "units -t -d 15 'kcal' 'J'", 4184},
    {"Cal", "kJ", "units -t -d 15 'Calorie' 'kJ'", 4.184},
    {"eV", "J", "units -t -d 15 'eV' 'J'", 1.602176634e-19},
    {"MeV", "J", "units -t -d 15 'MeV' 'J'", 1.602176634e-13},
    {"BTU", "J", "units -t -d 15 'btu' 'J'", 1055.05585262},
    {"BTU", "kWh", "units -t -d 15 'btu' 'kWh'", 0.000293071070172222},
    {"quad", "J", "units -t -d 15 'quad' 'J'", 1.05505585262e+18},
    {"toe", "J", "units -t -d 15 'tonoil' 'J'", 41868000000},
    {"Mtoe", "TWh", "units -t -d 15 'megatonoil' 'TWh'", 11.63},
    {"Ah", "C", "units -t -d 15 'A hr' 'C'", 3600},
    {"mAh", "C", "units -t -d 15 'mA hr' 'C'", 3.6},
    {"hp", "W", "units -t -d 15 'hp' 'W'", 745.69987158227},
    {"horsepower", "kW", "units -t -d 15 'hp' 'kW'", 0.74569987158227},
    {"PS", "W", "units -t -d 15 'metrichorsepower' 'W'", 735.49875},
    {"rad", "deg", "units -t -d 15 'radian' 'degree'", 57.2957795130823},
    {"deg", "rad", "units -t -d 15 'degree' 'radian'", 0.0174532925199433},
    {"°", "rad", "units -t -d 15 'degree' 'radian'", 0.0174532925199433},
    {"arcmin", "rad", "units -t -d 15 'arcmin' 'radian'", 0.000290888208665722},
    {"arcsec", "rad", "units -t -d 15 'arcsec' 'radian'", 4.84813681109536e-06},
    {"turn", "rad", "units -t -d 15 'circle' 'radian'", 6.28318530717959},
    // rpm counts revolutions as cycles, as numbat, mathjs and Qalculate do: GNU Units' rpm is 2π/60 Hz,
    // so the GNU side is asked for revolutions per minute divided by the revolution.
    {"rpm", "Hz", "units -t -d 15 'rpm / rev' 'Hz'", 0.0166666666666667},
    {"au", "m", "units -t -d 15 'au' 'm'", 149597870700},
    {"AU", "km", "units -t -d 15 'au' 'km'", 149597870.7},
    {"lightyear", "m", "units -t -d 15 'lightyear' 'm'", 9.4607304725808e+15},
    {"ly", "au", "units -t -d 15 'lightyear' 'au'", 63241.0770842663},
    {"light-year", "km", "units -t -d 15 'lightyear' 'km'", 9460730472580.8},
    {"parsec", "m", "units -t -d 15 '648000 au / pi' 'm'", 3.08567758149137e+16},
    {"pc", "ly", "units -t -d 15 '648000 au / pi' 'lightyear'", 3.26156377716743},
    {"kpc", "m", "units -t -d 15 'kilo 648000 au / pi' 'm'", 3.08567758149137e+19},
    {"ppm", "1", "units -t -d 15 'ppm' '1'", 1e-06},
    {"ppb", "1", "units -t -d 15 'ppb' '1'", 1e-09},
    {"permille", "1", "units -t -d 15 '0.001' '1'", 0.001},
    {"basispoint", "1", "units -t -d 15 '0.0001' '1'", 0.0001},
    {"dozen", "1", "units -t -d 15 '12' '1'", 12},
    {"pi", "1", "units -t -d 15 'pi' '1'", 3.14159265358979},
    {"π", "deg", "units -t -d 15 'pi radian' 'deg'", 180},
    {"bps", "bit/s", "units -t -d 15 'bps' 'bit/s'", 1},
    {"Mbps", "bit/s", "units -t -d 15 'megabit/s' 'bit/s'", 1000000},
    {"Gbps", "MB/s", "units -t -d 15 'gigabit/s' 'megabyte/s'", 125},
    {"Bps", "bit/s", "units -t -d 15 'byte/s' 'bit/s'", 8},
    {"GBps", "Gbps", "units -t -d 15 'gigabyte/s' 'gigabit/s'", 8},
    {"avogadro", "1/mol", "units -t -d 15 'avogadro' '1/mol'", 6.02214076e+23},
    {"N_A", "1/mol", "units -t -d 15 'N_A' '1/mol'", 6.02214076e+23},
    {"boltzmann", "J/K", "units -t -d 15 'boltzmann' 'J/K'", 1.380649e-23},
    {"k_B", "eV/K", "units -t -d 15 'boltzmann' 'eV/K'", 8.61733326214518e-05},
    {"planck", "J s", "units -t -d 15 'h' 'J s'", 6.62607015e-34},
    {"hbar", "J s", "units -t -d 15 'hbar' 'J s'", 1.05457181764616e-34},
    {"ℏ", "eV s", "units -t -d 15 'hbar' 'eV s'", 6.58211956950907e-16},
    {"elementarycharge", "C", "units -t -d 15 'e' 'C'", 1.602176634e-19},
    {"electronmass", "kg", "units -t -d 15 'electronmass' 'kg'", 9.10938370154308e-31, 3.0e-10},
    {"protonmass", "kg", "units -t -d 15 'protonmass' 'kg'", 1.67262192369098e-27},
    {"gravitationalconstant", "m^3/(kg s^2)", "units -t -d 15 'G' 'm^3/(kg s^2)'", 6.6743e-11},
    {"hand", "m", "units -t -d 15 'hand' 'm'", 0.1016},
    {"league", "km", "units -t -d 15 'league' 'km'", 4.828032},
    {"barn", "m^2", "units -t -d 15 'barn' 'm^2'", 1e-28},
    {"gill", "mL", "units -t -d 15 'gill' 'ml'", 118.29411825},
    {"bushel", "L", "units -t -d 15 'bushel' 'liter'", 35.23907016688},
    {"peck", "L", "units -t -d 15 'peck' 'liter'", 8.80976754172},
    {"cord", "m^3", "units -t -d 15 'cord' 'm^3'", 3.624556363776},
    {"acrefoot", "m^3", "units -t -d 15 'acrefoot' 'm^3'", 1233.48183754752},
    {"slug", "kg", "units -t -d 15 'slug' 'kg'", 14.5939029372064},
    {"pennyweight", "g", "units -t -d 15 'pennyweight' 'gram'", 1.55517384},
    {"commonyear", "s", "units -t -d 15 'commonyear' 's'", 31536000},
    {"leapyear", "day", "units -t -d 15 'leapyear' 'day'", 366},
    {"tropicalyear", "s", "units -t -d 15 'tropicalyear' 's'", 31556925.9746784},
    {"siderealday", "s", "units -t -d 15 'siderealday' 's'", 86164.09054},
    {"lunarmonth", "day", "units -t -d 15 'lunarmonth' 'day'", 29.530587962963},
    {"therm", "MJ", "units -t -d 15 'therm' 'MJ'", 105.4804},
    {"MMBTU", "GJ", "units -t -d 15 '1e6 btu' 'GJ'", 1.05505585262},
    {"inHg", "Pa", "units -t -d 15 'inHg' 'Pa'", 3386.388640341},
    {"ksi", "MPa", "units -t -d 15 '1000 psi' 'MPa'", 6.89475729316836},
    {"technicalatmosphere", "Pa", "units -t -d 15 'technicalatmosphere' 'Pa'", 98066.5},
    {"Gy", "J/kg", "units -t -d 15 'gray' 'J/kg'", 1},
    {"mSv", "J/kg", "units -t -d 15 'millisievert' 'J/kg'", 0.001},
    {"kBq", "Hz", "units -t -d 15 'kilobecquerel' 'Hz'", 1000},
    {"Ci", "Bq", "units -t -d 15 'curie' 'Bq'", 37000000000},
    {"lm", "cd sr", "units -t -d 15 'lumen' 'cd sr'", 1},
    {"lx", "lm/m^2", "units -t -d 15 'lux' 'lumen/m^2'", 1},
    {"kat", "mol/s", "units -t -d 15 'katal' 'mol/s'", 1},
    {"Wb", "V s", "units -t -d 15 'weber' 'V s'", 1},
    {"centipoise", "Pa s", "units -t -d 15 'centipoise' 'Pa s'", 0.001},
    {"centistokes", "m^2/s", "units -t -d 15 'centistokes' 'm^2/s'", 1e-06},
    {"mpg", "km/L", "units -t -d 15 'mpg' 'km/liter'", 0.425143707430272},
    {"nibble", "bit", "units -t -d 15 'nibble' 'bit'", 4},
    {"lakh", "1", "units -t -d 15 'lakh' '1'", 100000},
    {"crore", "1", "units -t -d 15 'crore' '1'", 10000000},
    // The third batch: the table reaches 250 distinct units.
    {"link", "m", "units -t -d 15 'link' 'm'", 0.201168},
    {"links", "ft", "units -t -d 15 'link' 'ft'", 0.66},
    {"span", "m", "units -t -d 15 '9 inch' 'm'", 0.2286},
    {"surveyfoot", "m", "units -t -d 15 'surveyfoot' 'm'", 0.304800609601219},
    {"ftUS", "ft", "units -t -d 15 'surveyfoot' 'ft'", 1.000002000004},
    {"surveymile", "m", "units -t -d 15 'surveymile' 'm'", 1609.34721869444},
    {"lightsecond", "km", "units -t -d 15 'lightsecond' 'km'", 299792.458},
    {"light-second", "m", "units -t -d 15 'lightsecond' 'm'", 299792458},
    {"lightminute", "au", "units -t -d 15 'lightminute' 'au'", 0.120239328246},
    {"lighthour", "m", "units -t -d 15 'c hour' 'm'", 1079252848800},
    {"lightday", "au", "units -t -d 15 'c day' 'au'", 173.14463267424},
    // GNU Units' 6371.01 km is the GRS 80 mean radius R1, 6371.0087714 km, rounded to 10 m: 1.9e-7 apart.
    {"earthradius", "km", "units -t -d 15 'earthradius' 'km'", 6371.01, 3e-7},
    // The check above would pass a wrong last digit; this one holds R1 as GRS 80 publishes it.
    {"R_earth", "km", "units -t -d 15 '6371008.7714 m' 'km'", 6371.0087714},
    // GNU Units keeps the older 6.96e8 m; the IAU 2015 nominal radius is 6.957e8 m.
    {"solarradius", "m", "units -t -d 15 'sunradius' 'm'", 696000000, 5e-4},
    // As above.
    {"R_sun", "km", "units -t -d 15 'sunradius' 'km'", 696000, 5e-4},
    {"jupiterradius", "km", "units -t -d 15 'jupiterradius' 'km'", 71492},
    {"lunardistance", "km", "units -t -d 15 'moondist' 'km'", 384400},
    {"fermi", "m", "units -t -d 15 'fermi' 'm'", 1e-15},
    // CODATA relative uncertainty 1.5e-10.
    {"bohrradius", "m", "units -t -d 15 'bohrradius' 'm'", 5.29177210903471e-11, 1.5e-10},
    {"squarefoot", "m^2", "units -t -d 15 'ft^2' 'm^2'", 0.09290304},
    {"sqft", "sqin", "units -t -d 15 'ft^2' 'inch^2'", 144},
    {"squareinch", "cm^2", "units -t -d 15 'inch^2' 'cm^2'", 6.4516},
    {"sqyd", "m^2", "units -t -d 15 'yd^2' 'm^2'", 0.83612736},
    {"squaremile", "km^2", "units -t -d 15 'mile^2' 'km^2'", 2.589988110336},
    {"sqmi", "acre", "units -t -d 15 'mile^2' 'acre'", 640},
    {"section", "m^2", "units -t -d 15 'section' 'm^2'", 2589988.110336},
    {"township", "km^2", "units -t -d 15 'township' 'km^2'", 93.239571972096},
    {"cubicfoot", "L", "units -t -d 15 'ft^3' 'liter'", 28.316846592},
    {"cuft", "m^3", "units -t -d 15 'ft^3' 'm^3'", 0.028316846592},
    {"cubicinch", "mL", "units -t -d 15 'inch^3' 'ml'", 16.387064},
    {"cuyd", "m^3", "units -t -d 15 'yd^3' 'm^3'", 0.764554857984},
    {"stere", "m^3", "units -t -d 15 'stere' 'm^3'", 1},
    {"boardfoot", "m^3", "units -t -d 15 'boardfoot' 'm^3'", 0.002359737216},
    {"ccf", "m^3", "units -t -d 15 'ccf' 'm^3'", 2.8316846592},
    {"drypint", "L", "units -t -d 15 'drypint' 'liter'", 0.5506104713575},
    {"dryquart", "L", "units -t -d 15 'dryquart' 'liter'", 1.101220942715},
    {"imperialquart", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"brgill", "mL", "units -t -d 15 'brgill' 'ml'", 142.0653125},
    {"imperialfluidounce", "mL", "units -t -d 15 'brfloz' 'ml'", 28.4130625},
    {"imperialbushel", "L", "units -t -d 15 'brbushel' 'liter'", 36.36872},
    {"cfm", "m^3/s", "units -t -d 15 'cfm' 'm^3/s'", 0.0004719474432},
    {"cfm", "L/s", "units -t -d 15 'cfm' 'liter/s'", 0.4719474432},
    {"gpm", "L/min", "units -t -d 15 'gpm' 'liter/min'", 3.785411784},
    {"sverdrup", "m^3/s", "units -t -d 15 'sverdrup' 'm^3/s'", 1000000},
    {"dram", "g", "units -t -d 15 'dram' 'gram'", 1.7718451953125},
    // A bare hundredweight and cwt are refused (100 lb in the US, 112 lb in the UK), so the short one by its names.
    {"shorthundredweight", "kg", "units -t -d 15 'shorthundredweight' 'kg'", 45.359237},
    {"short_hundredweight", "lb", "units -t -d 15 'ushundredweight' 'lb'", 100},
    {"ushundredweight", "kg", "units -t -d 15 'ushundredweight' 'kg'", 45.359237},
    {"longhundredweight", "kg", "units -t -d 15 'longhundredweight' 'kg'", 50.80234544},
    {"troypound", "kg", "units -t -d 15 'troypound' 'kg'", 0.3732417216},
    // GNU Units' GM of the Sun has more digits than the IAU nominal 1.3271244e20.
    {"solarmass", "kg", "units -t -d 15 'solarmass' 'kg'", 1.98840987131653e+30, 1e-9},
    // GM figures rounded as in the IAU resolution.
    {"M_sun", "earthmass", "units -t -d 15 'solarmass' 'earthmass'", 332946.048773067, 1e-6},
    // GNU Units' GM of the Earth has more digits than the IAU nominal 3.986004e14.
    {"earthmass", "kg", "units -t -d 15 'earthmass' 'kg'", 5.97216839978724e+24, 1e-6},
    // GNU Units derives it from the mass in daltons.
    {"neutronmass", "kg", "units -t -d 15 'neutronmass' 'kg'", 1.67492749804378e-27, 1e-9},
    {"shake", "ns", "units -t -d 15 'shake' 'ns'", 10},
    // GNU Units gives 365.256360417 d, the Astronomical Almanac's figure for 2000.0 365.256363 d: 7e-9 apart.
    {"siderealyear", "day", "units -t -d 15 'siderealyear' 'day'", 365.256360417, 1e-8},
    // The check above would pass a wrong last digit; this one holds the Almanac's figure itself.
    {"siderealyears", "day", "units -t -d 15 '365.256363 day' 'day'", 365.256363},
    // GNU Units gives 27.321661 d, a millionth of a day below the Astronomical Almanac's 27.321662 d: 3.7e-8 apart.
    {"siderealmonth", "day", "units -t -d 15 'siderealmonth' 'day'", 27.321661, 4e-8},
    // As for the year.
    {"siderealmonths", "day", "units -t -d 15 '27.321662 day' 'day'", 27.321662},
    {"itcalorie", "J", "units -t -d 15 'calorie_IT' 'J'", 4.1868},
    {"kcal_IT", "kJ", "units -t -d 15 'kilocalorie_IT' 'kJ'", 4.1868},
    {"tonTNT", "J", "units -t -d 15 'ton tnt' 'J'", 4184000000},
    {"kilotonTNT", "TJ", "units -t -d 15 'kiloton tnt' 'TJ'", 4.184},
    {"MtTNT", "PJ", "units -t -d 15 'megaton tnt' 'PJ'", 4.184},
    {"footpound", "J", "units -t -d 15 'ft lbf' 'J'", 1.3558179483314},
    {"foot-pound", "J", "units -t -d 15 'ft lbf' 'J'", 1.3558179483314},
    {"ft-lb", "J", "units -t -d 15 'ft lbf' 'J'", 1.3558179483314},
    {"pound-foot", "J", "units -t -d 15 'ft lbf' 'J'", 1.3558179483314},
    {"inchpound", "J", "units -t -d 15 'in lbf' 'J'", 0.112984829027617},
    {"inch-pound", "J", "units -t -d 15 'in lbf' 'J'", 0.112984829027617},
    {"ftlbf", "J", "units -t -d 15 'ft lbf' 'J'", 1.3558179483314},
    {"hartree", "eV", "units -t -d 15 'hartree' 'eV'", 27.211386245988},
    {"rydberg", "eV", "units -t -d 15 'rydberg' 'eV'", 13.605693122994},
    {"boe", "GJ", "units -t -d 15 'barreloil' 'GJ'", 6.119323945196},
    {"tce", "GJ", "units -t -d 15 'toncoal' 'GJ'", 29.3076},
    {"tce", "toe", "units -t -d 15 'toncoal' 'toe'", 0.7},
    {"dekatherm", "MJ", "units -t -d 15 'dekatherm' 'MJ'", 1054.804},
    {"Dth", "MMBTU", "units -t -d 15 'dekatherm' '1e6 btu'", 0.999761289774968},
    {"electrichorsepower", "W", "units -t -d 15 'electrichorsepower' 'W'", 746},
    {"tonrefrigeration", "W", "units -t -d 15 'tonrefrigeration' 'W'", 3516.85284206667},
    {"tonrefrigeration", "BTU/hour", "units -t -d 15 'tonrefrigeration' 'btu/hour'", 12000},
    {"boilerhorsepower", "kW", "units -t -d 15 'boilerhorsepower' 'kW'", 9.8095},
    {"langley", "J/m^2", "units -t -d 15 'langley' 'J/m^2'", 41840},
    {"solarluminosity", "W", "units -t -d 15 'solarluminosity' 'W'", 3.828e+26},
    // GNU Units computes it from the luminosity and the mean distance; the IAU nominal is 1361.
    {"solarconstant", "W/m^2", "units -t -d 15 'solarconstant' 'W/m^2'", 1361.16369462235, 2e-4},
    {"voltampere", "W", "units -t -d 15 'VA' 'W'", 1},
    {"kVA", "W", "units -t -d 15 'kilo VA' 'W'", 1000},
    {"kip", "N", "units -t -d 15 'kip' 'N'", 4448.2216152605},
    {"poundal", "N", "units -t -d 15 'poundal' 'N'", 0.138254954376},
    {"gramforce", "N", "units -t -d 15 'gram force' 'N'", 0.00980665},
    {"ozf", "N", "units -t -d 15 'ounce force' 'N'", 0.278013850953781},
    {"tonforce", "N", "units -t -d 15 'tonf' 'N'", 8896.443230521},
    {"tonf", "kN", "units -t -d 15 'tonf' 'kN'", 8.896443230521},
    {"barye", "Pa", "units -t -d 15 'barye' 'Pa'", 0.1},
    {"psf", "Pa", "units -t -d 15 'lbf/ft^2' 'Pa'", 47.8802589803358},
    {"mmH2O", "Pa", "units -t -d 15 'mmH2O' 'Pa'", 9.80665},
    {"cmH2O", "Pa", "units -t -d 15 'cm water' 'Pa'", 98.0665},
    {"inH2O", "Pa", "units -t -d 15 'inH2O' 'Pa'", 249.08891},
    {"gradian", "deg", "units -t -d 15 'gon' 'degree'", 0.9},
    {"gon", "rad", "units -t -d 15 'gon' 'radian'", 0.015707963267949},
    {"rightangle", "deg", "units -t -d 15 'rightangle' 'degree'", 90},
    {"steradian", "1", "units -t -d 15 'sr' '1'", 1},
    {"sr", "squaredegree", "units -t -d 15 'steradian' 'squaredegree'", 3282.80635001174},
    {"squaredegree", "sr", "units -t -d 15 'squaredegree' 'sr'", 0.000304617419786709},
    {"farad", "C/V", "units -t -d 15 'farad' 'C/V'", 1},
    {"microfarad", "farad", "units -t -d 15 'microfarad' 'farad'", 1e-06},
    {"henry", "Wb/A", "units -t -d 15 'henry' 'Wb/A'", 1},
    {"siemens", "A/V", "units -t -d 15 'siemens' 'A/V'", 1},
    {"tesla", "Wb/m^2", "units -t -d 15 'tesla' 'Wb/m^2'", 1},
    {"mho", "siemens", "units -t -d 15 'mho' 'siemens'", 1},
    {"gauss", "tesla", "units -t -d 15 'gauss' 'tesla'", 0.0001},
    {"maxwell", "Wb", "units -t -d 15 'maxwell' 'Wb'", 1e-08},
    // GNU Units divides by the measured mu0, not 4π×10^-7.
    {"oersted", "A/m", "units -t -d 15 'oersted' 'A/m'", 79.5774715023846, 1e-9},
    {"faraday", "C", "units -t -d 15 'faraday' 'C'", 96485.33212331},
    {"rem", "Sv", "units -t -d 15 'rem' 'Sv'", 0.01},
    {"mrem", "Sv", "units -t -d 15 'millirem' 'Sv'", 1e-05},
    {"roentgen", "C/kg", "units -t -d 15 'roentgen' 'C/kg'", 0.000258},
    {"nit", "cd/m^2", "units -t -d 15 'nit' 'cd/m^2'", 1},
    {"footcandle", "lx", "units -t -d 15 'footcandle' 'lux'", 10.7639104167097},
    {"footlambert", "cd/m^2", "units -t -d 15 'footlambert' 'cd/m^2'", 3.42625909963539},
    {"lambert", "cd/m^2", "units -t -d 15 'lambert' 'cd/m^2'", 3183.09886183791},
    {"phot", "lx", "units -t -d 15 'phot' 'lux'", 10000},
    {"stilb", "cd/m^2", "units -t -d 15 'stilb' 'cd/m^2'", 10000},
    {"galileo", "m/s^2", "units -t -d 15 'galileo' 'm/s^2'", 0.01},
    {"jansky", "W/(m^2 Hz)", "units -t -d 15 'jansky' 'W/m^2 Hz'", 1e-26},
    {"mJy", "W/(m^2 Hz)", "units -t -d 15 'millijansky' 'W/m^2 Hz'", 1e-29},
    {"dioptre", "1/m", "units -t -d 15 'dioptre' '1/m'", 1},
    {"rankine", "K", "units -t -d 15 'degR' 'K'", 0.555555555555556},
    {"degR", "K", "units -t -d 15 'degR' 'K'", 0.555555555555556},
    // Scales with an offset: 1 degree on the scale is the point tempC(1), tempF(1).
    {"celsius", "K", "units -t -d 15 'tempC(1)' 'K'", 274.15},
    {"°C", "K", "units -t -d 15 'tempC(1)' 'K'", 274.15},
    {"fahrenheit", "K", "units -t -d 15 'tempF(1)' 'K'", 255.927777777778},
    {"°F", "K", "units -t -d 15 'tempF(1)' 'K'", 255.927777777778},
    {"octet", "bit", "units -t -d 15 'octet' 'bit'", 8},
    {"tex", "kg/m", "units -t -d 15 'tex' 'kg/m'", 1e-06},
    {"dtex", "g/km", "units -t -d 15 'decitex' 'g/km'", 0.1},
    {"denier", "kg/m", "units -t -d 15 'denier' 'kg/m'", 1.11111111111111e-07},
    // CODATA gives it to 10 digits.
    {"stefanboltzmann", "W/(m^2 K^4)", "units -t -d 15 'stefanboltzmann' 'W/m^2 K^4'", 5.67037441918443e-08, 1e-10},
    {"gasconstant", "J/(mol K)", "units -t -d 15 'R' 'J/mol K'", 8.31446261815324},
    // CODATA relative uncertainty 1.5e-10.
    {"vacuumpermittivity", "farad/m", "units -t -d 15 'epsilon0' 'farad/m'", 8.85418781277335e-12, 1.5e-10},
    // As above.
    {"epsilon0", "A^2 s^4/(kg m^3)", "units -t -d 15 'epsilon0' 'A^2 s^4/kg m^3'", 8.85418781277335e-12, 1.5e-10},
    // CODATA relative uncertainty 1.5e-10.
    {"vacuumpermeability", "N/A^2", "units -t -d 15 'mu0' 'N/A^2'", 1.25663706212384e-06, 1.5e-10},
    {"finestructure", "1", "units -t -d 15 'alpha' '1'", 0.0072973525693},
    // CODATA gives Planck units to 7 digits.
    {"plancklength", "m", "units -t -d 15 'plancklength' 'm'", 1.61625502442371e-35, 1e-6},
    // As above.
    {"planckmass", "kg", "units -t -d 15 'planckmass' 'kg'", 2.1764343427179e-08, 1e-6},
    // As above.
    {"plancktime", "s", "units -t -d 15 'plancktime' 's'", 5.3912464483136e-44, 1e-6},
    {"pair", "1", "units -t -d 15 'pair' '1'", 2},
    {"score", "1", "units -t -d 15 'score' '1'", 20},
    {"gross", "1", "units -t -d 15 'gross' '1'", 144},
    {"ream", "1", "units -t -d 15 'ream' '1'", 500},
    {"quintillion", "1", "units -t -d 15 'quintillion' '1'", 1e+18},
    {"sextillion", "1", "units -t -d 15 'sextillion' '1'", 1e+21},
    {"septillion", "1", "units -t -d 15 'septillion' '1'", 1e+24},
    {"milliard", "1", "units -t -d 15 'milliard' '1'", 1000000000},
    {"googol", "1", "units -t -d 15 'googol' '1'", 1e+100},
    // The third set: spellings from numbat and datasheets for units the table had, and new rows.
    {"PSI", "Pa", "units -t -d 15 'psi' 'Pa'", 6894.75729316836},
    {"PSI", "kPa", "units -t -d 15 'psi' 'kPa'", 6.89475729316836},
    // Cycles, as rpm above.
    {"RPM", "Hz", "units -t -d 15 'rpm / rev' 'Hz'", 0.0166666666666667},
    {"knots", "km/h", "units -t -d 15 'knot' 'km/hr'", 1.852},
    {"imperial_gallon", "L", "units -t -d 15 'brgallon' 'liter'", 4.54609},
    {"imperial_gallons", "gal", "units -t -d 15 'brgallon' 'usgallon'", 1.20094992550486},
    {"UK_gallon", "L", "units -t -d 15 'brgallon' 'liter'", 4.54609},
    {"UK_gallons", "L", "units -t -d 15 'brgallon' 'liter'", 4.54609},
    {"UK_gal", "gal", "units -t -d 15 'brgallon' 'usgallon'", 1.20094992550486},
    {"imperial_quart", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"imperial_quarts", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"UK_quart", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"UK_quarts", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"UK_qt", "L", "units -t -d 15 'brquart' 'liter'", 1.1365225},
    {"imperial_pint", "L", "units -t -d 15 'brpint' 'liter'", 0.56826125},
    {"imperial_pints", "L", "units -t -d 15 'brpint' 'liter'", 0.56826125},
    {"UK_pint", "pint", "units -t -d 15 'brpint' 'uspint'", 1.20094992550486},
    {"UK_pints", "L", "units -t -d 15 'brpint' 'liter'", 0.56826125},
    {"UK_pt", "L", "units -t -d 15 'brpint' 'liter'", 0.56826125},
    {"imperial_fluidounce", "mL", "units -t -d 15 'brfloz' 'ml'", 28.4130625},
    {"imperial_fluidounces", "mL", "units -t -d 15 'brfloz' 'ml'", 28.4130625},
    {"UK_floz", "mL", "units -t -d 15 'brfloz' 'ml'", 28.4130625},
    {"gauss", "kg/(A s^2)", "units -t -d 15 'gauss' 'kg/A s^2'", 0.0001},
    {"gregorian_year", "day", "units -t -d 15 'gregorianyear' 'day'", 365.2425},
    {"gregorian_years", "s", "units -t -d 15 'gregorianyear' 's'", 31556952},
    {"julian_year", "s", "units -t -d 15 'julianyear' 's'", 31557600},
    {"julian_years", "day", "units -t -d 15 'julianyear' 'day'", 365.25},
    {"tropical_year", "day", "units -t -d 15 'tropicalyear' 'day'", 365.242198781},
    {"tropical_years", "s", "units -t -d 15 'tropicalyear' 's'", 31556925.9746784},
    {"long_hundredweight", "kg", "units -t -d 15 'longhundredweight' 'kg'", 50.80234544},
    {"long_hundredweights", "lb", "units -t -d 15 'brhundredweight' 'lb'", 112},
    // GNU Units' own "hogshead" is the British one when UNITS_ENGLISH=GB; the US one is ushogshead.
    {"hogshead", "L", "units -t -d 15 'ushogshead' 'liter'", 238.480942392},
    {"hogsheads", "gal", "units -t -d 15 'ushogshead' 'usgallon'", 63},
    {"ushogshead", "L", "units -t -d 15 'ushogshead' 'liter'", 238.480942392},
    {"ppt", "1", "units -t -d 15 'ppt' '1'", 1e-12},
    {"ppb", "ppt", "units -t -d 15 'ppb' 'ppt'", 1000},
    // GNU Units has no ppq: a thousandth of its ppt, as numbat's partsperquadrillion (1e-15).
    {"ppq", "1", "units -t -d 15 'ppt / 1000' '1'", 1e-15},
};

TEST(ReferenceTable, EveryNewUnitConvertsAsGnuUnitsDoes) {
    for (const Reference& r : references) {
        const auto got = convert(1, r.from, r.to);
        ASSERT_TRUE(got) << r.from << " -> " << r.to << ": " << got.error().sentence();
        EXPECT_NEAR(*got, r.value, r.tolerance * std::abs(r.value)) << "1 " << r.from << " in " << r.to << "; " << r.command;
    }
}

TEST(ReferenceTable, TheListHoldsAtLeast250Checks) {
    // Guards against the list above shrinking by accident: every unit the table adds is checked.
    EXPECT_GE(std::size(references), 250u);
}

// Whether `from` is one of the row's spellings, bare or after a prefix ("mSv" for sievert, "centipoise").
bool spells(std::string_view from, const tables::UnitRow& row) {
    std::vector<std::string_view> spellings{row.name, row.plural};
    for (std::string_view rest = row.symbols; !rest.empty();) {
        const std::size_t space = rest.find(' ');
        spellings.push_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    for (std::string_view spelling : spellings) {
        if (spelling.empty() || !from.ends_with(spelling)) continue;
        const std::string_view head = from.substr(0, from.size() - spelling.size());
        if (head.empty()) return true;
        for (const tables::PrefixRow& prefix : tables::prefix_rows())
            if (head == prefix.symbol || head == prefix.name) return true;
    }
    return false;
}

TEST(ReferenceTable, EveryRowOfTheWiderTableHasACheckAgainstGnuUnits) {
    // The wider table starts at "thou" (units_table.cpp); every row from there on must appear in the list above
    // under one of its spellings, so a row added without a reference check fails here.
    const auto rows = tables::unit_rows();
    const auto first =
        std::find_if(rows.begin(), rows.end(), [](const tables::UnitRow& r) { return r.name == "thou"; });
    ASSERT_NE(first, rows.end());
    std::size_t checked = 0;
    for (auto row = first; row != rows.end(); ++row) {
        const bool found = std::any_of(std::begin(references), std::end(references),
                                       [&](const Reference& r) { return spells(r.from, *row); });
        EXPECT_TRUE(found) << "no GNU Units check for the row \"" << row->name << "\" \"" << row->symbols << "\"";
        checked += found;
    }
    EXPECT_GE(checked, 200u);
}

}  // namespace
}  // namespace ballpark
