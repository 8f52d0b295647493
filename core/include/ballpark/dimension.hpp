// A physical dimension as a vector of integer exponents over the base dimensions.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
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

// What a unit counts that the SI leaves out of its dimension: cycles (Hz, rpm) and angle (rad, deg, turn). The SI
// makes both plain numbers (the hertz is 1/s, the radian 1), so they take no part in a dimension's equality or
// name, and 1 rad + 1 is 2. But a cycle counted as 1 is a turn, 2π rad, so a value that counts cycles shown in an
// angle per time (60 rpm as rad/s) is off by 2π; their powers travel with the dimension so that a conversion can
// refuse that however the value arrived (a variable, a function's argument, a binding, a result of arithmetic).
enum class Counted : std::uint8_t { cycles, angle };
static_assert(static_cast<int>(Counted::angle) == static_cast<int>(Counted::cycles) + 1, "the two counts are adjacent bytes");

class Dimension {
public:
    constexpr Dimension() = default;
    static constexpr Dimension of(BaseDimension base) {
        Dimension d;
        d.exponents_[static_cast<std::size_t>(base)] = 1;
        return d;
    }
    // A plain number that counts `what` once: the dimension of the radian (angle), or of one cycle (cycles).
    static constexpr Dimension counting(Counted what) {
        Dimension d;
        d.exponents_[counted_slot(what)] = 1;
        return d;
    }

    // These throw ErrorException when an exponent leaves the range a person could mean (|e| > 60).
    Dimension operator*(const Dimension& other) const;
    Dimension operator/(const Dimension& other) const;
    // Raises to a rational power given as a double; throws when an exponent would not be whole.
    Dimension power(double exponent) const;

    int exponent(BaseDimension base) const { return exponents_[static_cast<std::size_t>(base)]; }
    // The power to which the units counted `what`: 1 for rpm and Hz (cycles), 1 for rad/s (angle), 2 for deg².
    int counted(Counted what) const { return exponents_[counted_slot(what)]; }
    // The two counts as one 16-bit word, tested at once: every conversion asks this of its target.
    bool counts_cycles_or_angles() const {
        std::uint16_t both;
        std::memcpy(&both, &exponents_[counted_slot(Counted::cycles)], sizeof both);
        return both != 0;
    }
    bool is_dimensionless() const { return *this == Dimension{}; }
    // Equal base exponents; what the units counted does not matter (1 rad/s + 1 Hz has one dimension).
    // Compared as two words, which GCC keeps inline (an array's == calls memcmp).
    friend bool operator==(const Dimension& a, const Dimension& b) {
        const auto x = a.words(), y = b.words();
        return x[0] == y[0] && ((x[1] ^ y[1]) & measured_in_second_word) == 0;
    }
    // Equal base exponents and counts: the check a sum makes first, which the usual sum of like values passes at
    // the cost of the plain comparison.
    bool identical(const Dimension& other) const {
        const auto x = words(), y = other.words();
        return x[0] == y[0] && x[1] == y[1];
    }

private:
    // The base exponents, then the two counts in what were spare bytes, so a product or quotient adds or subtracts
    // all of them as two 64-bit words, eight at a time (dimension.cpp), and carries the counts at no cost.
    static constexpr std::size_t storage = 16;
    static_assert(base_dimension_count + 2 <= storage);
    static constexpr std::size_t counted_slot(Counted what) { return base_dimension_count + static_cast<std::size_t>(what); }
    // The bytes of the second word that hold base exponents, as a mask in that word whatever the byte order.
    static constexpr std::uint64_t measured_in_second_word = [] {
        std::array<std::uint8_t, 8> mask{};
        for (std::size_t i = 8; i < base_dimension_count; ++i) mask[i - 8] = 0xFF;
        return std::bit_cast<std::uint64_t>(mask);
    }();
    static_assert(base_dimension_count > 8);
    std::array<std::uint64_t, 2> words() const { return std::bit_cast<std::array<std::uint64_t, 2>>(exponents_); }
    // Clamps the counts to the range base exponents keep (dimension.cpp).
    void keep_counts_in_range();
    std::array<std::int8_t, storage> exponents_{};
};

// "time", "compute rate", … for named dimensions; otherwise the base units, e.g. "FLOP/byte".
std::string dimension_name(const Dimension& dimension);

}  // namespace ballpark
