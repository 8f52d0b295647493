// What is exact is decided: a comparison whose sides are equal in exact decimal arithmetic is decided as equal in
// both readings (P in guaranteed bounds and in the 90% reading, QTYPROB), bounds that only touch a threshold decide
// `<=` and `>=`, and 100% is a fraction. The truth is exact rational arithmetic on the decimals as typed
// (exact_rational.hpp), never the code's floating point: random sums and products of short decimals, compared with
// the threshold equal to their exact value and with the nearest decimals either side of it.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "exact_rational.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

using testing_exact::Integer;
using testing_exact::Rational;

EvaluationOptions dist() {
    EvaluationOptions o;
    o.mode = distribution_mode();
    return o;
}

// A decimal m · 10^e, written out plainly ("0.035", "1200").
struct Decimal {
    Integer m;
    int e = 0;
    Rational exact() const { return testing_exact::decimal(m.str(), e); }
    std::string text() const {
        const bool negative = m < 0;
        std::string digits = (negative ? Integer(-m) : m).str();
        if (e >= 0) {
            digits += std::string(static_cast<std::size_t>(e), '0');
        } else {
            const auto places = static_cast<std::size_t>(-e);
            if (digits.size() <= places) digits = std::string(places - digits.size() + 1, '0') + digits;
            digits.insert(digits.size() - places, ".");
        }
        return (negative ? "-" : "") + digits;
    }
};

Integer power_of_ten(int k) { return boost::multiprecision::pow(Integer(10), static_cast<unsigned>(k)); }

Decimal add(const Decimal& a, const Decimal& b) {
    const int e = std::min(a.e, b.e);
    return {a.m * power_of_ten(a.e - e) + b.m * power_of_ten(b.e - e), e};
}
Decimal multiply(const Decimal& a, const Decimal& b) { return {a.m * b.m, a.e + b.e}; }

// The probability the text gives, or -1 when it is refused as not decided by the bounds.
double probability(const std::string& text, const EvaluationOptions& options) {
    const Result<Quantity> q = evaluate(text, {}, options);
    if (!q) {
        EXPECT_EQ(q.error().kind, ErrorKind::needs_distribution) << text << ": " << q.error().sentence();
        return -1;
    }
    EXPECT_FALSE(q->is_range()) << text;
    return q->central;
}

double qty_prob(const std::string& value, double threshold) {
    const Result<sheet::SheetValue> r = sheet::qty_prob_cells(value, threshold, {}, {});
    EXPECT_TRUE(r) << value << ": " << (r ? "" : r.error().sentence());
    return r ? std::get<double>(*r) : -1;
}

TEST(ExactTies, TheIssuesCasesAreDecided) {
    // Sides equal in exact decimals, in both readings.
    for (const EvaluationOptions& o : {EvaluationOptions{}, dist()}) {
        EXPECT_EQ(probability("P(0.1 + 0.2 <= 0.3)", o), 1);
        EXPECT_EQ(probability("P(0.1 + 0.2 >= 0.3)", o), 1);
        EXPECT_EQ(probability("P(0.1 + 0.2 < 0.3)", o), 0);
        EXPECT_EQ(probability("P(0.3 > 0.1 + 0.2)", o), 0);
        EXPECT_EQ(probability("P(1.1 * 1.1 <= 1.21)", o), 1);
        EXPECT_EQ(probability("P(0.1 + 0.2 <= 0.25 + 0.05 <= 0.3)", o), 1);
    }
    // Bounds that only touch the threshold decide <= and >=; strictly they do not.
    EXPECT_EQ(probability("P(10% to 30% <= 30%)", {}), 1);
    EXPECT_EQ(probability("P(1 to 3 <= 3)", {}), 1);
    EXPECT_EQ(probability("P(10% to 30% >= 10%)", {}), 1);
    EXPECT_EQ(probability("P(0.1 to 0.3 <= 0.1 + 0.2)", {}), 1);
    EXPECT_EQ(probability("P(10% to 30% < 30%)", {}), -1);
    EXPECT_EQ(probability("P(10% to 30% > 10%)", {}), -1);
    EXPECT_EQ(probability("P(10% to 30% > 30%)", {}), 0);
    // A threshold a digit of the 15th place away is another number.
    EXPECT_EQ(probability("P(10% to 30% <= 0.299999999999999)", {}), -1);
    EXPECT_EQ(probability("P(0.1 + 0.2 <= 0.299999999999999)", dist()), 0);
    // QTYPROB compares with Calc's number 0.3 as Calc's own =0.1+0.2<=0.3 does.
    EXPECT_EQ(qty_prob("0.1+0.2", 0.3), 1);
    EXPECT_EQ(qty_prob("0.1+0.2", 0.299999999999999), 0);
}

TEST(ExactTies, RandomDecimalSumsAndProductsAgreeWithExactArithmetic) {
    std::mt19937_64 random(20261207);
    std::uniform_int_distribution<int> digits(1, 999), exponent(-4, 2), terms(2, 4), coin(0, 1);
    int ties = 0, inexact = 0;
    for (int trial = 0; trial < 400; ++trial) {
        // a op b op c …, evaluated left to right with * before +, built the same way exactly.
        std::string text;
        Decimal sum{0, 0}, product{0, 0};
        Rational exact_sum = 0, exact_product = 0;
        double float_sum = 0, float_product = 0;  // the same in plain floating point, to count inexact ties
        bool in_product = false;
        const int n = terms(random);
        for (int k = 0; k < n; ++k) {
            const Decimal x{digits(random), exponent(random)};
            if (k > 0) {
                const bool times = coin(random) == 1;
                text += times ? " * " : " + ";
                if (!times) {
                    sum = add(sum, product);
                    exact_sum += exact_product;
                    float_sum += float_product;
                    in_product = false;
                }
            }
            text += x.text();
            const Rational typed = testing_exact::decimal(std::to_string(static_cast<int>(x.m)), x.e);
            product = in_product ? multiply(product, x) : x;
            exact_product = in_product ? Rational(exact_product * typed) : typed;
            float_product = in_product ? float_product * std::stod(x.text()) : std::stod(x.text());
            in_product = true;
        }
        const Decimal value = add(sum, product);
        const Rational exact = exact_sum + exact_product;
        // The decimal written for the thresholds is the exact value.
        ASSERT_EQ(exact, value.exact()) << text;
        inexact += float_sum + float_product != std::stod(value.text());
        // The exact value, and the nearest decimals of one more digit either side of it.
        const Decimal step{1, value.e - 1};
        for (const Decimal& t : {value, add(value, step), add(value, Decimal{-1, value.e - 1})}) {
            const Rational threshold = t.exact();
            const bool tie = threshold == exact;
            ties += tie;
            const std::string at_most = "P(" + text + " <= " + t.text() + ")";
            const std::string below = "P(" + text + " < " + t.text() + ")";
            const std::string at_least = "P(" + text + " >= " + t.text() + ")";
            for (const EvaluationOptions& o : {EvaluationOptions{}, dist()}) {
                EXPECT_EQ(probability(at_most, o), exact <= threshold ? 1 : 0) << at_most;
                EXPECT_EQ(probability(below, o), exact < threshold ? 1 : 0) << below;
                EXPECT_EQ(probability(at_least, o), exact >= threshold ? 1 : 0) << at_least;
            }
            EXPECT_EQ(qty_prob(text, std::stod(t.text())), exact <= threshold ? 1 : 0) << text << " vs " << t.text();
        }
        // A range whose high end is the exact value touches it: decided for <=, not for <.
        const Decimal low{value.m - 1, value.e};
        const std::string range = low.text() + " to (" + text + ")";
        EXPECT_EQ(probability("P(" + range + " <= " + value.text() + ")", {}), 1) << range;
        EXPECT_EQ(probability("P(" + range + " >= " + low.text() + ")", {}), 1) << range;
        EXPECT_EQ(probability("P(" + range + " < " + value.text() + ")", {}), -1) << range;
    }
    EXPECT_EQ(ties, 400);
    // Ties that plain floating point gets wrong, which the test is about.
    EXPECT_GT(inexact, 40) << inexact;
}

}  // namespace
}  // namespace ballpark
