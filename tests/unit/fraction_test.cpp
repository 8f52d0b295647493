// A declared fraction in the 90% reading (core/src/values/distribution/fraction.cpp): a range declared a fraction
// ("u: fraction = 35% to 55%", the add-in's "u: fraction" pair, GPUHOURS's utilization) is the logit-normal whose
// 5th and 95th percentiles are its ends, so it has no mass above 1 or below 0; an undeclared range stays the
// lognormal. The truths are written here: the logit-normal's quantiles and CDF from their closed forms with a normal
// quantile found by bisection on std::erfc, and Monte Carlo runs of 10^6 draws from a fixed-seed std::mt19937_64.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/session.hpp"
#include "sheet_functions.hpp"
#include "unit/session_lines.hpp"
#include "unit/sheet_cells.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/reference_models.hpp"
#include "unit/tolerance.hpp"

namespace ballpark {
namespace {

const EvaluationOptions dist{Mode::distribution};
using testing::z95;

double Phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }
// The inverse of Phi by bisection: independent of the code's erfc_inv.
double Phi_inverse(double p) {
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (Phi(mid) < p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}
double logit(double x) { return std::log(x / (1 - x)); }
double logistic(double y) { return 1 / (1 + std::exp(-y)); }

// The logit-normal through p5 = a and p95 = b: logit(u) normal with mean m and sd s.
struct LogitNormal {
    double m, s;
    LogitNormal(double a, double b) : m((logit(a) + logit(b)) / 2), s((logit(b) - logit(a)) / (2 * z95)) {}
    double quantile(double p) const { return logistic(m + s * Phi_inverse(p)); }
    double cdf(double t) const { return Phi((logit(t) - m) / s); }
    double draw(std::mt19937_64& engine) const { return logistic(m + s * std::normal_distribution<double>(0, 1)(engine)); }
};

// The p-quantile of draws, sorted here.
double quantile_of(std::vector<double> draws, double p) {
    std::sort(draws.begin(), draws.end());
    return draws[static_cast<std::size_t>(p * static_cast<double>(draws.size()))];
}

const Expectation& fraction() { return **declared_expectation("u", "fraction"); }

Quantity of_u(const std::string& expression, const std::string& u, const EvaluationOptions& options = dist) {
    Binding b{"u", Input{std::string_view(u)}};
    b.expected = &fraction();
    const auto q = evaluate(expression, std::span<const Binding>(&b, 1), options);
    if (!q) {
        ADD_FAILURE() << expression << " with u = " << u << ": " << q.error().sentence();
        return {};
    }
    return *q;
}

TEST(DeclaredFraction, ItsFifthAndNinetyFifthPercentilesAreTheEndsAndItsQuantilesTheLogitNormals) {
    for (const auto& [a, b] : {std::pair{0.35, 0.55}, {0.35, 0.95}, {0.01, 0.2}, {0.9, 0.999}}) {
        const LogitNormal law(a, b);
        for (const std::string& text : {std::to_string(100 * a) + "% to " + std::to_string(100 * b) + "%",
                                        std::to_string(a) + " to " + std::to_string(b)}) {
            const Quantity q = of_u("u", text);
            EXPECT_THAT(q.low, testing::RelativelyNear(a, 1e-12)) << text;
            EXPECT_THAT(q.high, testing::RelativelyNear(b, 1e-12)) << text;
            EXPECT_NEAR(q.central, law.quantile(0.5), 1e-12) << text;
            for (const double p : {0.2, 1.0, 10.0, 25.0, 75.0, 90.0, 99.0, 99.8}) {
                const double x = of_u("percentile(u, " + std::to_string(p) + ")", text).central;
                // The quantile function interpolated between the points' cell centres: within 1e-3 of the spread
                // in the far tails, 1e-4 from the 1st to the 99th percentile.
                const double far = p < 1 || p > 99 ? 1e-3 : 1e-4;
                EXPECT_NEAR(x, law.quantile(p / 100), far * (b - a)) << text << " p" << p;
                EXPECT_LT(x, 1) << text;
                EXPECT_GT(x, 0) << text;
            }
            for (const double t : {a, (a + b) / 2, b, a / 2 + b / 2 * 0.3}) {
                const double P = of_u("P(u <= " + std::to_string(t) + ")", text).central;
                EXPECT_NEAR(P, law.cdf(t), 2e-4) << text << " t = " << t;
            }
            EXPECT_EQ(of_u("P(u > 1)", text).central, 0) << text;
            EXPECT_EQ(of_u("P(u < 0)", text).central, 0) << text;
        }
    }
}

TEST(DeclaredFraction, ADerivedQuantityAgreesWithItsClosedFormAndAMonteCarlo) {
    // 1000 / u = 1000 (1 + e^-Y), Y normal: its p-quantile is 1000 (1 + e^-(m + s z_(1-p))).
    const LogitNormal law(0.35, 0.55);
    std::mt19937_64 engine(44);
    std::vector<double> draws(1000000);
    for (double& d : draws) d = 1000 / law.draw(engine);
    for (const double p : {0.05, 0.5, 0.95, 0.10, 0.90}) {
        const double closed = 1000 * (1 + std::exp(-(law.m + law.s * Phi_inverse(1 - p))));
        const double mc = quantile_of(draws, p);
        const double x = of_u("percentile(1000 / u, " + std::to_string(100 * p) + ")", "35% to 55%").central;
        EXPECT_THAT(x, testing::RelativelyNear(closed, 1e-6)) << p;
        EXPECT_THAT(x, testing::RelativelyNear(mc, 2e-3)) << p;
    }
    // The undeclared range is the lognormal through the same ends: its median the geometric mean of the ends.
    Binding plain{"u", Input{std::string_view("35% to 55%")}};
    const auto q = evaluate("u", std::span<const Binding>(&plain, 1), dist);
    ASSERT_TRUE(q);
    EXPECT_NEAR(q->central, std::sqrt(0.35 * 0.55), 1e-12);
    EXPECT_NEAR(of_u("u", "35% to 55%").central, logistic((logit(0.35) + logit(0.55)) / 2), 1e-12);
}

TEST(DeclaredFraction, TheLanguagesDeclarationAndItsSpellingsGiveTheSameLaw) {
    const LogitNormal law(0.35, 0.55);
    for (const std::string line : {"u: fraction = 35% to 55%", "u: fraction = (35 to 55)%", "u: percent = 0.35 to 0.55",
                                   "u: fraction = 0.7 * (50% to 78.571428571428571%)"}) {
        Session session(dist);
        const LineResult r = testing::run(session, line);
        ASSERT_TRUE(r.value) << line;
        EXPECT_NEAR(r.value->low, 0.35, 1e-12) << line;
        EXPECT_NEAR(r.value->high, 0.55, 1e-12) << line;
        EXPECT_NEAR(r.value->central, law.quantile(0.5), 1e-12) << line;
        EXPECT_NEAR(testing::run(session, "percentile(u, 99)").value->central, law.quantile(0.99), 1e-5) << line;
    }
    // Without the declaration: the lognormal, as before.
    Session plain(dist);
    EXPECT_NEAR(testing::run(plain, "u = 35% to 55%").value->central, std::sqrt(0.35 * 0.55), 1e-12);
    // Another expression is read as written and checked: a sum is no range, and its 95th percentile is below 1.
    Session sum(dist);
    const LineResult s = testing::run(sum, "u: fraction = 10% + (20% to 30%)");
    EXPECT_NEAR(s.value->central, 0.1 + std::sqrt(0.2 * 0.3), 1e-12);
    // A printed range read back: its three numbers are the 5th, 50th and 95th percentiles, on the logit scale.
    Session printed(dist);
    const LineResult p = testing::run(printed, "u: fraction = 0.40 [0.35, 0.55]");
    EXPECT_NEAR(p.value->low, 0.35, 1e-12);
    EXPECT_NEAR(p.value->central, 0.40, 1e-12);
    EXPECT_NEAR(p.value->high, 0.55, 1e-12);
    EXPECT_LT(testing::run(printed, "percentile(u, 99.9)").value->central, 1);
    // The bounds reading does not change: the range is every value from 35% to 55%.
    Session bounds(EvaluationOptions{Mode::bounds});
    const LineResult b = testing::run(bounds, "u: fraction = 35% to 55%");
    EXPECT_NEAR(b.value->low, 0.35, 1e-15);
    EXPECT_NEAR(b.value->high, 0.55, 1e-15);
    EXPECT_NEAR(b.value->central, 0.45, 1e-15);
}

TEST(DeclaredFraction, AnEndAtZeroOrAHundredPercentIsRefusedWithASentenceThatSaysWhatToWrite) {
    Session session(dist);
    const Error at_one = testing::error_of(session, "u: fraction = 35% to 100%");
    EXPECT_EQ(at_one.kind, ErrorKind::domain);
    EXPECT_TRUE(testing::contains(at_one.message, "35% to 100% ends at 100%")) << at_one.message;
    EXPECT_TRUE(testing::contains(at_one.hint, "35% to 99%")) << at_one.hint;
    EXPECT_TRUE(testing::contains(at_one.hint, "metalog(p10, p50, p90, 0, 1)")) << at_one.hint;
    Binding b{"u", Input{std::string_view("0% to 55%")}};
    b.expected = &fraction();
    const auto at_zero = evaluate("u", std::span<const Binding>(&b, 1), dist);
    ASSERT_FALSE(at_zero);
    EXPECT_TRUE(testing::contains(at_zero.error().message, "ends at 0%")) << at_zero.error().message;
    // Above 1 is the declaration's own refusal: 35 to 55 was meant as percentages.
    const Error above = testing::error_of(session, "u: fraction = 35 to 55");
    EXPECT_TRUE(testing::contains(above.message, "should be a fraction")) << above.message;
}

TEST(DeclaredFraction, CorrelatedFractionsTakeTheirCopulaCorrelation) {
    // logit(u) + logit(v) is normal with variance su^2 + sv^2 + 2 rho su sv, rho = 2 sin(pi r / 6).
    const LogitNormal u(0.35, 0.55), v(0.20, 0.70);
    const double r = 0.6, rho = 2 * std::sin(std::numbers::pi * r / 6);
    const double mean = u.m + v.m, sd = std::sqrt(u.s * u.s + v.s * v.s + 2 * rho * u.s * v.s);
    Session session(dist);
    testing::run(session, "u: fraction = 35% to 55%");
    testing::run(session, "v: fraction = 20% to 70%");
    testing::run(session, "correlation(u, v) = 0.6");
    const Quantity q = *testing::run(session, "ln(u / (1 - u)) + ln(v / (1 - v))").value;
    const double width = 2 * z95 * sd;
    EXPECT_NEAR(q.central, mean, 0.01 * width);
    EXPECT_NEAR(q.low, mean - z95 * sd, 0.01 * width);
    EXPECT_NEAR(q.high, mean + z95 * sd, 0.01 * width);
    // Each keeps its own law.
    EXPECT_NEAR(testing::run(session, "u").value->low, 0.35, 1e-12);
    EXPECT_NEAR(testing::run(session, "v").value->high, 0.70, 1e-12);
    // And a derived quantity against a Monte Carlo of the same copula.
    std::mt19937_64 engine(6);
    std::normal_distribution<double> normal(0, 1);
    std::vector<double> draws(1000000);
    for (double& d : draws) {
        const double z1 = normal(engine), z2 = rho * z1 + std::sqrt(1 - rho * rho) * normal(engine);
        d = 1000 / (logistic(u.m + u.s * z1) * logistic(v.m + v.s * z2));
    }
    const Quantity h = *testing::run(session, "1000 / (u * v)").value;
    const double mc_width = quantile_of(draws, 0.95) - quantile_of(draws, 0.05);
    EXPECT_NEAR(h.low, quantile_of(draws, 0.05), 0.01 * mc_width);
    EXPECT_NEAR(h.central, quantile_of(draws, 0.5), 0.01 * mc_width);
    EXPECT_NEAR(h.high, quantile_of(draws, 0.95), 0.01 * mc_width);
}

}  // namespace

namespace sheet {
namespace {

using Args = std::vector<Arg>;
const Arg none{};

using ballpark::testing::value;

TEST(SheetDeclaredFraction, QtyvalueOfADeclaredFractionStaysBelowOne) {
    // A lognormal through 35% and 95% would have its 99th percentile at 1.17; the declared fraction stays below 1.
    const LogitNormal law(0.35, 0.95);
    const Args pairs{std::string("u: fraction"), std::string("35% to 95%")};
    const double p99 = value(qty_value(std::string("u"), none, std::string("p99"), pairs));
    EXPECT_NEAR(p99, law.quantile(0.99), 1e-4 * 0.6);
    EXPECT_LT(p99, 1);
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("p5"), pairs)), 0.35, 1e-12);
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("p95"), pairs)), 0.95, 1e-12);
    // Two cells for the ends are the same law.
    const Args cells{std::string("u: fraction"), Arg{testing::row({0.35, 0.95})}};
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("median"), cells)), law.quantile(0.5), 1e-12);
}

TEST(SheetDeclaredFraction, GpuhoursReadsItsUtilizationAsADeclaredFraction) {
    // The hours fall as u rises: their 5th and 95th percentiles are the hours at 55% and 35%, their median the
    // hours at the logit-normal's median.
    const LogitNormal law(0.35, 0.55);
    for (const auto& [lo, hi] : {std::pair<Arg, Arg>{std::string("35%"), std::string("55%")},
                                 std::pair<Arg, Arg>{std::string("35% to 55%"), none}}) {
        const auto at = [&](const char* part) {
            return value(gpu_hours(70e9, 2e12, 312e12, lo, hi, std::string("hour"), std::string(part)));
        };
        // Sampled, as K / u: within 1e-7 of the closed form.
        EXPECT_THAT(at("p5"), testing::RelativelyNear(testing::hours_at(0.55), 1e-7));
        EXPECT_THAT(at("p95"), testing::RelativelyNear(testing::hours_at(0.35), 1e-7));
        EXPECT_NEAR(at("median"), testing::hours_at(law.quantile(0.5)), testing::hours_at(0.45) * 1e-7);
        // The bounds reading is unchanged: the hours at the ends, central at the midpoint.
        EXPECT_THAT(at("central"), testing::RelativelyNear(testing::hours_at(0.45), 1e-9));
        EXPECT_THAT(at("high"), testing::RelativelyNear(testing::hours_at(0.35), 1e-9));
    }
}

}  // namespace
}  // namespace sheet
}  // namespace ballpark
