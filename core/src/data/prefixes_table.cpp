// SI prefixes: BIPM, The International System of Units (SI Brochure, 9th edition 2019, Table 7),
// with ronna, ronto, quetta and quecto added by the 27th CGPM (2022), Resolution 3.
// Binary prefixes: IEC 80000-13:2008, clause 4.
#include "data/unit_tables.hpp"

namespace ballpark::tables {
namespace {

constexpr PrefixRow rows[] = {
    {"quetta", "Q", 30, false},
    {"ronna", "R", 27, false},
    {"yotta", "Y", 24, false},
    {"zetta", "Z", 21, false},
    {"exa", "E", 18, false},
    {"peta", "P", 15, false},
    {"tera", "T", 12, false},
    {"giga", "G", 9, false},
    {"mega", "M", 6, false},
    {"kilo", "k", 3, false},
    {"hecto", "h", 2, false},
    {"deca", "da", 1, false},
    {"deci", "d", -1, false},
    {"centi", "c", -2, false},
    {"milli", "m", -3, false},
    {"micro", "µ", -6, false},  // U+00B5 MICRO SIGN
    {"micro", "μ", -6, false},  // U+03BC GREEK SMALL LETTER MU, which the SI Brochure prints
    {"micro", "u", -6, false},  // the ASCII stand-in people type ("us", "uW")
    {"nano", "n", -9, false},
    {"pico", "p", -12, false},
    {"femto", "f", -15, false},
    {"atto", "a", -18, false},
    {"zepto", "z", -21, false},
    {"yocto", "y", -24, false},
    {"ronto", "r", -27, false},
    {"quecto", "q", -30, false},
    {"kibi", "Ki", 10, true},
    {"mebi", "Mi", 20, true},
    {"gibi", "Gi", 30, true},
    {"tebi", "Ti", 40, true},
    {"pebi", "Pi", 50, true},
    {"exbi", "Ei", 60, true},
    {"zebi", "Zi", 70, true},
    {"yobi", "Yi", 80, true},
};

}  // namespace

std::span<const PrefixRow> prefix_rows() { return rows; }

}  // namespace ballpark::tables
