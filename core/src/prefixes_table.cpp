// SI prefixes: BIPM, The International System of Units (SI Brochure, 9th edition 2019, Table 7),
// with ronna, ronto, quetta and quecto added by the 27th CGPM (2022), Resolution 3.
// Binary prefixes: IEC 80000-13:2008, clause 4.
#include "unit_tables.hpp"

namespace ballpark::tables {
namespace {

constexpr PrefixRow rows[] = {
    {"quetta", "Q", 1e30, false},
    {"ronna", "R", 1e27, false},
    {"yotta", "Y", 1e24, false},
    {"zetta", "Z", 1e21, false},
    {"exa", "E", 1e18, false},
    {"peta", "P", 1e15, false},
    {"tera", "T", 1e12, false},
    {"giga", "G", 1e9, false},
    {"mega", "M", 1e6, false},
    {"kilo", "k", 1e3, false},
    {"hecto", "h", 1e2, false},
    {"deca", "da", 1e1, false},
    {"deci", "d", 1e-1, false},
    {"centi", "c", 1e-2, false},
    {"milli", "m", 1e-3, false},
    {"micro", "µ", 1e-6, false},  // U+00B5 MICRO SIGN
    {"micro", "μ", 1e-6, false},  // U+03BC GREEK SMALL LETTER MU, which the SI Brochure prints
    {"micro", "u", 1e-6, false},  // the ASCII stand-in people type ("us", "uW")
    {"nano", "n", 1e-9, false},
    {"pico", "p", 1e-12, false},
    {"femto", "f", 1e-15, false},
    {"atto", "a", 1e-18, false},
    {"zepto", "z", 1e-21, false},
    {"yocto", "y", 1e-24, false},
    {"ronto", "r", 1e-27, false},
    {"quecto", "q", 1e-30, false},
    {"kibi", "Ki", 1024.0, true},
    {"mebi", "Mi", 1048576.0, true},
    {"gibi", "Gi", 1073741824.0, true},
    {"tebi", "Ti", 1099511627776.0, true},
    {"pebi", "Pi", 1125899906842624.0, true},
    {"exbi", "Ei", 1152921504606846976.0, true},
    {"zebi", "Zi", 1180591620717411303424.0, true},
    {"yobi", "Yi", 1208925819614629174706176.0, true},
};

}  // namespace

std::span<const PrefixRow> prefix_rows() { return rows; }

}  // namespace ballpark::tables
