#include "language/decimal_literal.hpp"

#include <boost/multiprecision/cpp_int.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace ballpark {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
// Exponents are clamped here: beyond it every nonzero decimal is far outside double precision anyway, and the
// clamp keeps the arithmetic on exponents from overflowing.
constexpr long long exponent_clamp = 1'000'000'000LL;

// Powers of ten that a double holds exactly: 10^22 = 2^22 · 5^22 and 5^22 < 2^53.
constexpr double exact_powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                          1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

long long clamp_exponent(long long e) { return std::max(-exponent_clamp, std::min(exponent_clamp, e)); }

// The sign of integer · 10^exponent − d, for integer < 2^53 and |exponent| <= 22. The integer and 10^|e| are then
// exact doubles. An FMA rounds a·b − c once, and rounding never changes the sign of a nonzero number nor makes it
// zero here (the terms are far above the subnormal range), so the sign of the FMA is the exact sign.
int compare_small(std::uint64_t integer, long long exponent, double d) {
    const double big_d = static_cast<double>(integer);
    if (exponent >= 0) {
        const double r = std::fma(big_d, exact_powers_of_ten[exponent], -d);  // D·10^e − d
        return (r > 0) - (r < 0);
    }
    const double r = std::fma(d, exact_powers_of_ten[-exponent], -big_d);  // d·10^k − D, the opposite sign
    return (r < 0) - (r > 0);
}

// The sign of (digits · 10^exponent) − d, computed exactly.
int compare_exact(const std::string& digits, long long exponent, double d) {
    if (digits.size() <= 15 && exponent >= -22 && exponent <= 22) {
        std::uint64_t integer = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), integer);
        return compare_small(integer, exponent, d);
    }
    // Slow path, for long literals and large exponents: compare D · 10^e with M · 2^q as exact integers.
    using boost::multiprecision::cpp_int;
    int q = 0;
    const double fraction = std::frexp(d, &q);
    const auto mantissa = static_cast<std::int64_t>(std::ldexp(fraction, 53));  // exact: 53 bits
    q -= 53;
    cpp_int left(digits);
    cpp_int right = mantissa;
    if (exponent >= 0) left *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(exponent));
    else right *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(-exponent));
    if (q >= 0) right <<= q;
    else left <<= -q;
    return left.compare(right) > 0 ? 1 : (left.compare(right) < 0 ? -1 : 0);
}

// 5 · 10^(exponent − 1), rounded up, or the smallest subnormal when it is below double precision.
double half_unit(long long exponent) {
    const std::string text = "5e" + std::to_string(exponent - 1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range) return exponent > 0 ? inf : std::numeric_limits<double>::denorm_min();
    // One ulp up always: a half step a hair too wide keeps the widening a guarantee; exactness is not needed here.
    return std::nextafter(value, inf);
}

}  // namespace

DecimalDigits decimal_digits(std::string_view literal) {
    DecimalDigits out;
    bool after_point = false;
    std::size_t i = 0;
    for (; i < literal.size() && literal[i] != 'e' && literal[i] != 'E'; ++i) {
        if (literal[i] == '.') after_point = true;
        else {
            out.digits += literal[i];
            if (after_point) --out.exponent;
        }
    }
    if (i < literal.size()) {
        std::string_view part = literal.substr(i + 1);
        const bool negative = !part.empty() && part[0] == '-';
        if (!part.empty() && (part[0] == '-' || part[0] == '+')) part.remove_prefix(1);
        long long written = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), written);
        if (ec == std::errc::result_out_of_range) written = exponent_clamp;
        written = clamp_exponent(written);
        out.exponent += negative ? -written : written;
    }
    return out;
}

std::string shift_decimal(std::string_view literal, int places) {
    DecimalDigits d = decimal_digits(literal);
    d.exponent += places;
    const std::size_t first = d.digits.find_first_not_of('0');
    if (first == std::string::npos) return "0";
    d.digits.erase(0, first);
    const std::size_t last = d.digits.find_last_not_of('0');
    d.exponent += static_cast<long long>(d.digits.size() - 1 - last);
    d.digits.erase(last + 1);
    const long long before_point = static_cast<long long>(d.digits.size()) + d.exponent;
    if (d.exponent > 20 || before_point < -20) return d.digits + "e" + std::to_string(d.exponent);
    if (d.exponent >= 0) return d.digits + std::string(static_cast<std::size_t>(d.exponent), '0');
    if (before_point > 0) {
        const auto split = static_cast<std::size_t>(before_point);
        return d.digits.substr(0, split) + "." + d.digits.substr(split);
    }
    return "0." + std::string(static_cast<std::size_t>(-before_point), '0') + d.digits;
}

namespace {

// 5 · 10^(exponent − 1) without text: exact for exponents 0 to 22 (5 · 10^k = 5^(k+1) · 2^k, and 5^22 < 2^53),
// else one correctly rounded division and one ulp up.
double quick_half_unit(long long exponent) {
    if (exponent >= 1 && exponent <= 22) return 5 * exact_powers_of_ten[exponent - 1];
    if (exponent == 0) return 0.5;
    if (exponent < 0 && exponent >= -21) return std::nextafter(5 / exact_powers_of_ten[1 - exponent], inf);
    return half_unit(exponent);
}

// The common case without allocating: at most 18 digits and a small exponent. Sets `out` and returns true, or
// returns false to leave the literal to the general path.
bool enclose_short_decimal(std::string_view literal, long long extra_exponent, DecimalEnclosure& out) {
    std::uint64_t integer = 0;
    int digit_count = 0;
    long long exponent = 0;
    bool after_point = false;
    std::size_t i = 0;
    for (; i < literal.size() && literal[i] != 'e' && literal[i] != 'E'; ++i) {
        if (literal[i] == '.') {
            after_point = true;
            continue;
        }
        if (++digit_count > 18) return false;
        integer = integer * 10 + static_cast<std::uint64_t>(literal[i] - '0');
        if (after_point) --exponent;
    }
    if (i < literal.size()) {
        std::string_view part = literal.substr(i + 1);
        if (!part.empty() && part[0] == '+') part.remove_prefix(1);
        int written = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), written);
        if (ec != std::errc{} || written < -1000 || written > 1000) return false;
        exponent += written;
    }
    if (extra_exponent < -1000 || extra_exponent > 1000) return false;
    exponent += extra_exponent;
    out = DecimalEnclosure{};
    if (integer == 0) return true;  // zero: exact, and no widening (see half_step)
    out.half_step = quick_half_unit(exponent);
    if (exponent == 0 && integer < (1ULL << 53)) {  // a whole number, as most literals are: exact
        out.nearest = out.low = out.high = static_cast<double>(integer);
        return true;
    }
    while (integer % 10 == 0) {
        integer /= 10;
        ++exponent;
    }
    if (integer >= 1'000'000'000'000'000ULL || exponent < -22 || exponent > 22) return false;
    // Both operands are exact doubles, so one multiplication or division rounds the exact decimal correctly.
    const double big_d = static_cast<double>(integer);
    out.nearest = exponent >= 0 ? big_d * exact_powers_of_ten[exponent] : big_d / exact_powers_of_ten[-exponent];
    const int side = compare_small(integer, exponent, out.nearest);
    out.low = side < 0 ? std::nextafter(out.nearest, -inf) : out.nearest;
    out.high = side > 0 ? std::nextafter(out.nearest, inf) : out.nearest;
    return true;
}

}  // namespace

DecimalEnclosure enclose_decimal(std::string_view literal, long long extra_exponent) {
    if (DecimalEnclosure fast; enclose_short_decimal(literal, extra_exponent, fast)) return fast;
    // Split into the integer of all typed digits and the power of ten of the last one: "8.40e23" is 840 · 10^21.
    DecimalDigits parts = decimal_digits(literal);
    std::string& digits = parts.digits;
    long long exponent = clamp_exponent(parts.exponent + clamp_exponent(extra_exponent));

    DecimalEnclosure out;
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return out;  // zero: exact, and no widening (see half_step)
    digits.erase(0, first);
    out.half_step = half_unit(exponent);

    // Trailing zeros move into the exponent, so the fast path sees "15e2" for "1500".
    const std::size_t last = digits.find_last_not_of('0');
    exponent += static_cast<long long>(digits.size() - 1 - last);
    digits.erase(last + 1);

    // The decimal order of magnitude of the leading digit decides range before any conversion is tried.
    const long long order = exponent + static_cast<long long>(digits.size()) - 1;
    if (order > 309 || order < -325) {
        out.in_range = false;
        out.too_large = order > 0;
        return out;
    }
    const std::string text = digits + "e" + std::to_string(exponent);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out.nearest);
    if (ec == std::errc::result_out_of_range || !std::isfinite(out.nearest)) {
        out.in_range = false;
        out.too_large = order > 0;
        return out;
    }
    const int side = compare_exact(digits, exponent, out.nearest);
    out.low = side < 0 ? std::nextafter(out.nearest, -inf) : out.nearest;
    out.high = side > 0 ? std::nextafter(out.nearest, inf) : out.nearest;
    return out;
}

}  // namespace ballpark
