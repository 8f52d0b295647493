// A physical dimension as a vector of integer exponents over the base dimensions.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace ballpark {

// The SI seven, then information, computation (operation counts, so FLOP / (FLOP/s) is time) and money, then
// slots for base units a session declares (`unit token`): their names live in the session, not here. Four are
// room for the counts a plan tracks (tokens, requests, users, …); a fifth declaration is an error that says so.
enum class BaseDimension : std::uint8_t {
    length,
    mass,
    time,
    current,
    temperature,
    amount,
    luminous_intensity,
    information,
    compute,
    money,
    user1,
    user2,
    user3,
    user4,
};
inline constexpr std::size_t base_dimension_count = 14;
inline constexpr std::size_t user_dimension_count = 4;
inline constexpr BaseDimension first_user_dimension = BaseDimension::user1;

class Dimension {
public:
    constexpr Dimension() = default;
    static constexpr Dimension of(BaseDimension base) {
        Dimension d;
        d.exponents_[static_cast<std::size_t>(base)] = 1;
        return d;
    }

    // These throw ErrorException when an exponent leaves the range a person could mean (|e| > 60).
    Dimension operator*(const Dimension& other) const;
    Dimension operator/(const Dimension& other) const;
    // Raises to a rational power given as a double; throws when an exponent would not be whole.
    Dimension power(double exponent) const;

    int exponent(BaseDimension base) const { return exponents_[static_cast<std::size_t>(base)]; }
    bool is_dimensionless() const { return *this == Dimension{}; }
    friend bool operator==(const Dimension&, const Dimension&) = default;

private:
    // Two spare bytes past the base dimensions, always 0, so a product or quotient adds or subtracts the exponents
    // as two 64-bit words, eight at a time (dimension.cpp).
    static constexpr std::size_t storage = 16;
    static_assert(base_dimension_count <= storage);
    std::array<std::int8_t, storage> exponents_{};
};

// "time", "compute rate", … for named dimensions; otherwise the base units, e.g. "FLOP/byte".
std::string dimension_name(const Dimension& dimension);

}  // namespace ballpark
