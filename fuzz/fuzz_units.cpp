// libFuzzer target over unit strings: convert(), unit_quantity(), express_in() and value_in(), the functions
// behind UNITCONVERT and the unit arguments of the sheet functions. The input is split at newlines into
// "from unit", "to unit" and an optional number (one line means converting a unit to itself).
// Besides crashes, hangs and sanitizer reports, an input fails when the API breaks a promise: a unit whose size
// is not a finite non-zero number, a conversion that is not finite, a unit that does not come out as 1 of
// itself, a round trip from → to → from that does not give back the number, express_in() and convert()
// disagreeing about whether two units share a dimension, or an empty error sentence.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"

namespace {

[[noreturn]] void broken(const char* promise, std::string_view input, double a = 0, double b = 0) {
    std::fprintf(stderr, "fuzz_units: %s\n  input: \"%.*s\"\n  values: %.17g %.17g\n", promise,
                 static_cast<int>(input.size()), input.data(), a, b);
    std::abort();
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

template <class T>
void check_error(const ballpark::Result<T>& result, std::string_view input) {
    if (!result && result.error().message.empty()) broken("an error without a sentence", input);
}

void check_unit(std::string_view unit, std::string_view input) {
    const auto q = ballpark::unit_quantity(unit);
    check_error(q, input);
    if (!q) return;
    if (!std::isfinite(q->central) || q->central == 0) broken("a unit size that is zero or not finite", input, q->central);
    if (q->low != q->central || q->high != q->central) broken("a unit whose size is a range", input, q->low, q->high);
    // One unit is exactly 1 of itself, whichever part is asked for.
    for (ballpark::Part part : {ballpark::Part::low, ballpark::Part::central, ballpark::Part::high}) {
        const auto one = ballpark::value_in(*q, unit, part);
        if (!one) broken("value_in() refused the unit its quantity came from", input);
        if (!close(*one, 1.0)) broken("a unit is not 1 of itself", input, *one);
    }
    const auto self = ballpark::convert(1.0, unit, unit);
    if (!self || !close(*self, 1.0)) broken("converting a unit to itself changed the number", input, self ? *self : 0);
    const std::string text = ballpark::format(*q);
    if (text.empty() || text == "(could not format this value)") broken("format() gave up on a unit", input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::string_view from = input, to = input, number_text;
    if (const std::size_t nl = input.find('\n'); nl != std::string_view::npos) {
        from = input.substr(0, nl);
        to = input.substr(nl + 1);
        if (const std::size_t nl2 = to.find('\n'); nl2 != std::string_view::npos) {
            number_text = to.substr(nl2 + 1);
            to = to.substr(0, nl2);
        }
    }
    double number = 3.5;
    if (!number_text.empty()) {
        const auto [end, ec] = std::from_chars(number_text.data(), number_text.data() + number_text.size(), number);
        if (ec != std::errc{} || end != number_text.data() + number_text.size()) number = 3.5;
    }

    check_unit(from, input);
    if (to != from) check_unit(to, input);

    const auto there = ballpark::convert(number, from, to);
    check_error(there, input);
    if (there) {
        if (!std::isfinite(*there)) broken("convert() gave a number that is not finite", input, *there);
        const auto back = ballpark::convert(*there, to, from);
        // The way back may leave double precision when the number was tiny or huge; when it succeeds it must agree.
        // On a scale with an offset (degF to K) the way there adds the offset and the way back takes it off again,
        // so the round trip is exact only to the offset's last digit, not the number's: 3e-18 degF comes back
        // within 1e-13 of itself, as in any arithmetic in doubles. The other unit's zero, read in this unit,
        // is that offset (-459.67 for degF and K); it is 0 between units of one origin.
        const auto offset = ballpark::convert(0.0, to, from);
        const double scale = std::max({std::abs(number), back ? std::abs(*back) : 0.0, offset ? std::abs(*offset) : 0.0});
        if (back && std::isfinite(number) && std::abs(number) > 1e-290 && std::abs(number) < 1e290 &&
            std::abs(*back - number) > 1e-12 * scale && std::abs(*there) > 1e-290) {
            broken("a round trip changed the number", input, number, *back);
        }
    }

    const auto from_q = ballpark::unit_quantity(from);
    if (from_q) {
        const auto expressed = ballpark::express_in(*from_q, to);
        check_error(expressed, input);
        const auto one = ballpark::convert(1.0, from, to);
        // Both ask "do these units share a dimension?"; a finite ratio of unit sizes must then exist.
        if (expressed.has_value() != one.has_value()) {
            const bool overflow = !one && one.error().message.find("beyond double precision") != std::string::npos;
            if (!overflow) broken("express_in() and convert() disagree about the dimensions", input);
        }
        if (expressed) {
            const std::string text = ballpark::format(*expressed);
            if (text.empty() || text == "(could not format this value)") broken("format() gave up on express_in()", input);
            const auto in_to = ballpark::value_in(*expressed, to, ballpark::Part::central);
            if (!in_to) {
                // Refusing is right only when the number would leave double precision.
                if (one) broken("value_in() refused the unit express_in() accepted", input);
            } else if (!std::isfinite(*in_to)) {
                broken("value_in() gave a number that is not finite", input, *in_to);
            }
            if (in_to && one && !close(*in_to, *one)) broken("value_in() and convert() disagree", input, *in_to, *one);
        }
        const auto base = ballpark::value_in(*from_q, "", ballpark::Part::high);
        if (!base || *base != from_q->high) broken("value_in() with no unit is not the SI value", input);
    }
    const auto part = ballpark::parse_part(to);
    check_error(part, input);
    return 0;
}
