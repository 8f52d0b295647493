// A double as the exact rational it stands for (Boost.Multiprecision), so tests can compare bounds with exact
// results instead of with more floating point.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>

namespace ballpark::testing_support {

using Rational = boost::multiprecision::cpp_rational;

inline Rational exact(double x) {
    // Every finite double is m · 2^e with integer m; build that exactly.
    int e = 0;
    const double m = std::frexp(x, &e);                               // x = m · 2^e, 0.5 ≤ |m| < 1
    const auto mantissa = static_cast<long long>(std::ldexp(m, 53));  // exact: 53 bits
    Rational r(mantissa);
    const int shift = e - 53;
    if (shift >= 0) r *= boost::multiprecision::pow(boost::multiprecision::cpp_int(2), shift);
    else r /= boost::multiprecision::pow(boost::multiprecision::cpp_int(2), -shift);
    return r;
}

}  // namespace ballpark::testing_support
