#include "ballpark/dimension.hpp"

#include <cmath>
#include <string>

#include "ballpark/error.hpp"

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

}  // namespace

Dimension Dimension::operator*(const Dimension& other) const {
    Dimension result;
    for (std::size_t i = 0; i < base_dimension_count; ++i)
        result.exponents_[i] = checked(exponents_[i] + other.exponents_[i]);
    return result;
}

Dimension Dimension::operator/(const Dimension& other) const {
    Dimension result;
    for (std::size_t i = 0; i < base_dimension_count; ++i)
        result.exponents_[i] = checked(exponents_[i] - other.exponents_[i]);
    return result;
}

Dimension Dimension::power(double exponent) const {
    if (is_dimensionless()) return *this;
    Dimension result;
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        const double raised = exponents_[i] * exponent;
        const double whole = std::round(raised);
        if (!std::isfinite(raised) || std::abs(raised - whole) > 1e-9) {
            fail("The power " + std::to_string(exponent) + " of " + dimension_name(*this) +
                 " would leave a fractional unit; only whole powers of units are supported.");
        }
        if (std::abs(whole) > max_exponent) checked(static_cast<int>(std::copysign(max_exponent + 1, whole)));
        result.exponents_[i] = checked(static_cast<int>(whole));
    }
    return result;
}

}  // namespace ballpark
