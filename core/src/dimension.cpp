#include "ballpark/dimension.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"

namespace ballpark {
namespace {

// No estimate needs a base dimension raised beyond this; larger exponents mean a runaway power like m^1000.
constexpr int max_exponent = 60;

std::int8_t checked(int exponent) {
    if (exponent > max_exponent || exponent < -max_exponent) {
        fail("A unit was raised to the power " + std::to_string(exponent) + ", but exponents of units must stay within ±" +
             std::to_string(max_exponent) + ".");
    }
    return static_cast<std::int8_t>(exponent);
}

// A computed exponent may be this many ulps off the whole number it stands for.
constexpr int whole_power_rounding_ulps = 16;

}  // namespace

// Every evaluated product and quotient passes here, so the sums are formed first in a loop the compiler
// vectorises, and the range is checked afterwards, with the sentence built only when it fails. Exponents within
// ±60 summed stay within ±120, which an int8 holds.
Dimension Dimension::operator*(const Dimension& other) const {
    Dimension result;
    bool in_range = true;
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        const int sum = exponents_[i] + other.exponents_[i];
        in_range &= sum <= max_exponent && sum >= -max_exponent;
        result.exponents_[i] = static_cast<std::int8_t>(sum);
    }
    if (!in_range)
        for (std::size_t i = 0; i < base_dimension_count; ++i) checked(exponents_[i] + other.exponents_[i]);
    return result;
}

Dimension Dimension::operator/(const Dimension& other) const {
    Dimension result;
    bool in_range = true;
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        const int difference = exponents_[i] - other.exponents_[i];
        in_range &= difference <= max_exponent && difference >= -max_exponent;
        result.exponents_[i] = static_cast<std::int8_t>(difference);
    }
    if (!in_range)
        for (std::size_t i = 0; i < base_dimension_count; ++i) checked(exponents_[i] - other.exponents_[i]);
    return result;
}

Dimension Dimension::power(double exponent) const {
    if (is_dimensionless()) return *this;
    Dimension result;
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        const double raised = exponents_[i] * exponent;
        const double whole = std::round(raised);
        // Whole to within the rounding of a computed exponent (3 × (1/3) may be one ulp off 1), relative to the
        // exponent's size: an absolute tolerance let m^1e-10 pass as m^0 and the unit vanish.
        const double tolerance = whole_power_rounding_ulps * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(raised));
        if (!std::isfinite(raised) || std::abs(raised - whole) > tolerance) {
            fail("The power " + shortest_number(exponent) + " of " + dimension_name(*this) +
                 " would leave a fractional unit; only whole powers of units are supported.");
        }
        if (std::abs(whole) > max_exponent) {
            fail("Raising " + dimension_name(*this) + " to the power " + shortest_number(exponent) + " would give a unit exponent of " +
                 shortest_number(whole) + ", but exponents of units must stay within ±" + std::to_string(max_exponent) + ".");
        }
        result.exponents_[i] = static_cast<std::int8_t>(whole);
    }
    return result;
}

}  // namespace ballpark
