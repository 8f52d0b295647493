#include "ballpark/dimension.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
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
        fail(ErrorKind::limit, "A unit was raised to the power " + std::to_string(exponent) + ", but exponents of units must stay within ±" +
             std::to_string(max_exponent) + ".");
    }
    return static_cast<std::int8_t>(exponent);
}

// A computed exponent may be this many ulps off the whole number it stands for.
constexpr int whole_power_rounding_ulps = 16;

}  // namespace

// Every evaluated product and quotient passes here. The exponents are added (or subtracted) eight at a time as
// 64-bit words, lane by lane with the top bit of each byte handled apart so no carry crosses into the next byte
// (the usual SIMD-within-a-register trick; GCC does not vectorise this loop at -O2). Exponents within ±60 give
// sums within ±120, which each byte holds, so the lanes never wrap; the range is checked afterwards, and the
// sentence is built only when it fails.
namespace {

constexpr std::uint64_t top_bits = 0x8080808080808080ULL;

template <class Lanes>
std::array<std::int8_t, 16> lanewise(const std::array<std::int8_t, 16>& a, const std::array<std::int8_t, 16>& b, Lanes lanes) {
    std::uint64_t x[2], y[2], r[2];
    std::memcpy(x, a.data(), sizeof x);
    std::memcpy(y, b.data(), sizeof y);
    r[0] = lanes(x[0], y[0]);
    r[1] = lanes(x[1], y[1]);
    std::array<std::int8_t, 16> out;
    std::memcpy(out.data(), r, sizeof r);
    return out;
}

// Whether every exponent lies within ±max_exponent, eight lanes at a time: each byte is biased by +60 (added lane
// by lane as above), which maps the allowed range to 0…120; a lane is out of range when its biased byte has the
// top bit set (128…255) or reaches 121…127, which adding 7 to its low seven bits carries into the top bit.
bool within_range(const std::array<std::int8_t, 16>& e) {
    constexpr std::uint64_t bias = 0x0101010101010101ULL * max_exponent;
    constexpr std::uint64_t headroom = 0x0101010101010101ULL * (127 - 2 * max_exponent);
    std::uint64_t x[2];
    std::memcpy(x, e.data(), sizeof x);
    std::uint64_t outside = 0;
    for (std::uint64_t lanes : x) {
        const std::uint64_t biased = ((lanes & ~top_bits) + (bias & ~top_bits)) ^ ((lanes ^ bias) & top_bits);
        outside |= (biased | ((biased & ~top_bits) + headroom)) & top_bits;
    }
    return outside == 0;
}

}  // namespace

Dimension Dimension::operator*(const Dimension& other) const {
    Dimension result;
    result.exponents_ = lanewise(exponents_, other.exponents_, [](std::uint64_t x, std::uint64_t y) {
        return ((x & ~top_bits) + (y & ~top_bits)) ^ ((x ^ y) & top_bits);
    });
    if (!within_range(result.exponents_)) {
        for (std::size_t i = 0; i < base_dimension_count; ++i) checked(exponents_[i] + other.exponents_[i]);
        result.keep_counts_in_range();
    }
    return result;
}

Dimension Dimension::operator/(const Dimension& other) const {
    Dimension result;
    result.exponents_ = lanewise(exponents_, other.exponents_, [](std::uint64_t x, std::uint64_t y) {
        return ((x | top_bits) - (y & ~top_bits)) ^ ((x ^ ~y) & top_bits);
    });
    if (!within_range(result.exponents_)) {
        for (std::size_t i = 0; i < base_dimension_count; ++i) checked(exponents_[i] - other.exponents_[i]);
        result.keep_counts_in_range();
    }
    return result;
}

// A count is no unit a person raises on purpose (rad^100 is a plain number), so it saturates instead of failing:
// what a conversion reads of it is whether it is zero, which saturating keeps.
void Dimension::keep_counts_in_range() {
    for (Counted what : {Counted::cycles, Counted::angle}) {
        std::int8_t& count = exponents_[counted_slot(what)];
        count = static_cast<std::int8_t>(std::clamp<int>(count, -max_exponent, max_exponent));
    }
}

Dimension Dimension::power(double exponent) const {
    if (identical(Dimension{})) return *this;
    Dimension result;
    // A count raised to a fraction (sqrt(1 rad)) is rounded away from zero, past a computed exponent's rounding:
    // a root of a value that counts cycles still counts them, and a plain number has no fractional unit to refuse.
    for (Counted what : {Counted::cycles, Counted::angle}) {
        const double raised = exponents_[counted_slot(what)] * exponent;
        const double away = raised > 0 ? std::ceil(raised - 1e-9) : std::floor(raised + 1e-9);
        result.exponents_[counted_slot(what)] =
            static_cast<std::int8_t>(std::isnan(raised) ? 0 : std::clamp(away, -double(max_exponent), double(max_exponent)));
    }
    if (is_dimensionless()) return result;
    for (std::size_t i = 0; i < base_dimension_count; ++i) {
        const double raised = exponents_[i] * exponent;
        const double whole = std::round(raised);
        // Whole to within the rounding of a computed exponent (3 × (1/3) may be one ulp off 1), relative to the
        // exponent's size: an absolute tolerance let m^1e-10 pass as m^0 and the unit vanish.
        const double tolerance = whole_power_rounding_ulps * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(raised));
        if (!std::isfinite(raised) || std::abs(raised - whole) > tolerance) {
            fail(ErrorKind::dimension, "The power " + shortest_number(exponent) + " of " + dimension_name(*this) +
                 " would leave a fractional unit; only whole powers of units are supported.");
        }
        if (std::abs(whole) > max_exponent) {
            fail(ErrorKind::limit, "Raising " + dimension_name(*this) + " to the power " + shortest_number(exponent) + " would give a unit exponent of " +
                 shortest_number(whole) + ", but exponents of units must stay within ±" + std::to_string(max_exponent) + ".");
        }
        result.exponents_[i] = static_cast<std::int8_t>(whole);
    }
    return result;
}

}  // namespace ballpark
