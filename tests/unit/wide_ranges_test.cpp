// Ranges whose ends are many decades apart, printed and read back. In the 90% reading `a to b` of
// positive numbers is the lognormal with 5th and 95th percentiles a and b, so its median is sqrt(a b): those closed
// forms are the truth. A printed number stands for everything within half a unit of its last printed digit, which
// is read here from the printed text itself (its decimals and its power of ten), not from the formatter's rules.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"

namespace ballpark {
namespace {

// One number of a printed range: its value and half a unit of its last printed digit.
struct Printed {
    double value = 0;
    double half_unit = 0;
};

// The three numbers of a "c [l, h]" printed with ASCII exponents, with an optional power of ten after each number
// or after the bracket (shared by all three): "3.2 × 10^25 [1.0 × 10^20, 1.0 × 10^31]", "-5.0 [-10, 0] × 10^29",
// "95000 [3.0, 3.0 × 10^9]".
std::vector<Printed> printed_numbers(const std::string& printed_text) {
    static const std::regex shared_power(R"(\] (?:\*|×) 10\^(-?[0-9]+))");
    static const std::regex number(R"((-?[0-9]+(?:\.([0-9]+))?)(?: (?:\*|×) 10\^(-?[0-9]+))?)");
    // A power of ten after the bracket scales the three numbers that have none of their own.
    std::string text = printed_text;
    int shared = 0;
    std::smatch after;
    if (std::regex_search(text, after, shared_power)) {
        shared = std::stoi(after[1]);
        text = after.prefix().str() + "]";
    }
    std::vector<Printed> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const int decimals = m[2].matched ? static_cast<int>(m[2].length()) : 0;
        const int power = m[3].matched ? std::stoi(m[3]) : shared;
        // A whole number such as 95000 printed with two significant figures ends in its second digit.
        int last_digit = -decimals;
        if (!m[2].matched) {
            std::string digits = m[1].str();
            if (!digits.empty() && digits[0] == '-') digits.erase(0, 1);
            if (digits != "0" && digits.size() > 2) last_digit = static_cast<int>(digits.size()) - 2;
        }
        out.push_back({std::stod(m[1]) * std::pow(10.0, power), 0.5 * std::pow(10.0, last_digit + power)});
    }
    return out;
}

std::string printed(const std::string& text, Mode mode) {
    const auto q = evaluate(text, {}, EvaluationOptions{mode});
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return {};
    }
    FormatOptions options;
    options.ascii = true;
    return format(*q, options);
}

double percentile_in_90_reading(const std::string& text, double p) {
    const auto q = evaluate("percentile(" + text + ", " + std::to_string(p) + ")", {},
                            EvaluationOptions{Mode::distribution});
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return std::nan("");
    }
    return q->central;
}

struct Sweep {
    double low, high;  // the positive range a to b
    std::string text;
};

// Spreads of 1 to 30 decades (and the half decades between) from lows of several sizes.
std::vector<Sweep> sweep() {
    std::vector<Sweep> out;
    for (const double low : {1.0, 3.7e-5, 2.2e12, 1.3e-18, 6.1e40}) {
        for (int tenths = 10; tenths <= 300; tenths += 5) {
            const double high = low * std::pow(10.0, tenths / 10.0);
            char text[96];
            std::snprintf(text, sizeof text, "%.17g to %.17g", low, high);
            out.push_back({low, high, text});
        }
    }
    return out;
}

// A sweep's range, or its mirror image -(a to b) when `sign` is -1, with its low end, middle and high end as truth
// (the middle given for the positive range: the lognormal's median or the bounds' midpoint).
struct SignedRange {
    std::string text;
    double truth[3];
};

SignedRange signed_range(const Sweep& k, double sign, double middle) {
    if (sign > 0) return {k.text, {k.low, middle, k.high}};
    return {"-(" + k.text + ")", {-k.high, -middle, -k.low}};
}

// The numbers of a printed "c [l, h]" in the order low, central, high, each nonzero and its truth to within half a
// unit of its last printed digit; empty when the text does not hold three numbers.
std::vector<Printed> expect_printed_ends(const std::string& shown, const double (&truth)[3]) {
    const std::vector<Printed> numbers = printed_numbers(shown);
    EXPECT_EQ(numbers.size(), 3u);
    if (numbers.size() != 3) return {};
    const std::vector<Printed> in_order{numbers[1], numbers[0], numbers[2]};
    for (int i = 0; i < 3; ++i) {
        // No end of a range that cannot be zero prints as 0, and each is its truth to its last digit.
        EXPECT_NE(in_order[i].value, 0) << "number " << i;
        EXPECT_NEAR(in_order[i].value, truth[i], in_order[i].half_unit * (1 + 1e-9)) << "number " << i;
    }
    return in_order;
}

TEST(WideRanges, APrintedWideRangeOfThe90PercentReadingReadsBackToItsPercentilesWithinItsRounding) {
    for (const Sweep& k : sweep()) {
        for (const double sign : {1.0, -1.0}) {
            // The lognormal and its mirror image -(a to b), whose 5th percentile is -b.
            const auto [text, truth] = signed_range(k, sign, std::sqrt(k.low) * std::sqrt(k.high));
            const std::string shown = printed(text, Mode::distribution);
            SCOPED_TRACE(text + " printed as " + shown);
            const std::vector<Printed> in_order = expect_printed_ends(shown, truth);
            if (in_order.empty()) continue;
            // Read back, the printed text is a distribution with those percentiles, to within half a unit of each
            // one's last printed digit (and a billionth of it for the arithmetic of the fit).
            const double p[3] = {5, 50, 95};
            for (int i = 0; i < 3; ++i) {
                EXPECT_NEAR(percentile_in_90_reading(shown, p[i]), truth[i], in_order[i].half_unit * (1 + 1e-9))
                    << "percentile " << p[i];
            }
        }
    }
}

TEST(WideRanges, APrintedWideRangeOfBoundsNeverShowsANonzeroEndAsZero) {
    for (const Sweep& k : sweep()) {
        for (const double sign : {1.0, -1.0}) {
            const auto [text, truth] = signed_range(k, sign, k.low / 2 + k.high / 2);
            const std::string shown = printed(text, Mode::bounds);
            SCOPED_TRACE(text + " printed as " + shown);
            if (expect_printed_ends(shown, truth).empty()) continue;
            // Read back in the reading of bounds, each printed bound widens by half a unit of its last digit, so
            // the true ends lie inside. Not where a bound is a whole number of two figures from 100 up ("410"),
            // which the reader widens by 0.5 though it stands for 405 to 415: the known gap that
            // ReadableUnits.EveryPrintedRangeReadsBackAsAnEnclosure leaves out too, and no matter of wide ranges.
            if (std::regex_search(shown, std::regex(R"([\[ ]-?[1-9][0-9]+0[\],])"))) continue;
            const auto q = evaluate(shown, {}, EvaluationOptions{Mode::bounds});
            ASSERT_TRUE(q) << q.error().sentence();
            EXPECT_LE(q->low, truth[0]);
            EXPECT_GE(q->high, truth[2]);
        }
    }
}

TEST(WideRanges, TheIssuesExamplePrintsItsFifthPercentileInItsOwnPowerOfTen) {
    // 1e20 to 1e31 FLOP: the median is sqrt(1e20 * 1e31) = 3.16e25, and the 5th percentile 1e20 printed as 0.
    EXPECT_EQ(printed("1e20 to 1e31 FLOP", Mode::distribution), "3.2 × 10^25 [1.0 × 10^20, 1.0 × 10^31] FLOP");
}

TEST(WideRanges, ANumberWithinRoundingOfZeroStillPrintsAsZeroInThe90PercentReading) {
    // 0% to 10% is a normal whose 5th percentile is 0 exactly; computed as 0.05 - 1.645 sd it is a few 1e-17 off,
    // and the difference of two identical independent ranges has median 0 by symmetry.
    EXPECT_EQ(printed("0% to 10%", Mode::distribution), "0.050 [0, 0.10]");
    const std::vector<Printed> numbers = printed_numbers(printed("(1 to 100) - (1 to 100)", Mode::distribution));
    ASSERT_EQ(numbers.size(), 3u);
    EXPECT_EQ(numbers[0].value, 0);
}

}  // namespace
}  // namespace ballpark
