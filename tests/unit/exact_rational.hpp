// Exact rational numbers for checking enclosures in tests: the value a decimal literal or a unit definition
// stands for, and the exact value of a double, compared without any rounding.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <string>

namespace ballpark::testing_exact {

using Rational = boost::multiprecision::cpp_rational;
using Integer = boost::multiprecision::cpp_int;

// integer · 10^exponent, exactly.
inline Rational decimal(const std::string& integer, int exponent) {
    const Integer power = boost::multiprecision::pow(Integer(10), static_cast<unsigned>(std::abs(exponent)));
    Rational r{Integer(integer)};
    return exponent >= 0 ? Rational(r * power) : Rational(r / power);
}

// The exact value of a finite double: its 53-bit mantissa times a power of two.
inline Rational exact(double d) {
    if (d == 0) return Rational(0);
    int e = 0;
    const double fraction = std::frexp(d, &e);
    const auto mantissa = static_cast<std::int64_t>(std::ldexp(fraction, 53));
    e -= 53;
    const Integer power = Integer(1) << std::abs(e);
    Rational r{Integer(mantissa)};
    return e >= 0 ? Rational(r * power) : Rational(r / power);
}

// Whether low and high are the same double or neighbours: the tightest enclosure of a value.
inline bool adjacent_or_equal(double low, double high) {
    return low == high || std::nextafter(low, INFINITY) == high;
}

}  // namespace ballpark::testing_exact

namespace ballpark {
// The name the interval and rounding tests use for the same helpers.
namespace testing_support = testing_exact;
}  // namespace ballpark
