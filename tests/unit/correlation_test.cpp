// Correlated inputs: `correlation(a, b) = r` in a session, and the Gaussian copula behind it
// (core/src/values/distribution/correlation.hpp, Distribution::normal_score).
//
// The references are independent of the code under test: the achieved rank correlation is measured on the values'
// own points through Var(u + v) of two uniforms (whose values are their ranks); percentiles of correlated sums and
// products come from a Monte Carlo written here (fixed-seed std::mt19937_64, 10^7 draws, normal scores mixed by
// the 2 x 2 Cholesky factor by hand, rank to Pearson by Pearson's 2 sin(pi r / 6)); bounds against the same text
// without the correlation and against every draw.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "ballpark/session.hpp"
#include "session_lines.hpp"
#include "values/distribution/correlation.hpp"
#include "values/distribution/distribution.hpp"
#include "values/law_normal.hpp"
#include "values/law_uniform.hpp"
#include "unit/reference_models.hpp"
#include "unit/tolerance.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::run;

using testing::z95;

// Runs the lines in a fresh session of `mode` and returns the last line's value.
Quantity last_value(Mode mode, const std::vector<std::string>& lines) {
    Session session(EvaluationOptions{mode});
    LineResult r;
    for (const std::string& line : lines) r = run(session, line);
    return r.value.value_or(Quantity{});
}

// A Distribution made while `name` is being defined, as a session's scope makes it.
template <class Make>
Distribution defined(Distribution::Context& c, const std::string& name, Make make) {
    c.defining = name;
    c.made_while_defining = 0;
    Distribution d = make();
    c.defining.clear();
    return d;
}

// The rank correlation of two uniform(0, 1) inputs on the points: their values are their ranks' cell centres,
// so Spearman's rho is their Pearson correlation, (Var(u + v) - Var(u) - Var(v)) / (2 sd(u) sd(v)).
double spearman_of_uniforms(Distribution::Context& c, const Distribution& u, const Distribution& v) {
    const double su = u.sd(), sv = v.sd();
    const double s = Distribution::add(c, u, v).sd();
    return (s * s - su * su - sv * sv) / (2 * su * sv);
}

Distribution unit_uniform(Distribution::Context& c) {
    return Distribution::law(c, uniform_law(0, 1), 0);
}

TEST(Correlation, AchievedRankCorrelationOnThePointsIsTheOneAskedFor) {
    for (const double r : {-0.9, -0.6, -0.3, 0.3, 0.6, 0.9}) {
        Distribution::Context c;
        c.correlations.state("u", "v", r, 1);
        const Distribution u = defined(c, "u", [&] { return unit_uniform(c); });
        const Distribution v = defined(c, "v", [&] { return unit_uniform(c); });
        EXPECT_NEAR(spearman_of_uniforms(c, u, v), r, 0.02) << r;
        // Each stays exactly uniform: its points are the cell centres (j + 0.5) / N.
        EXPECT_NEAR(v.quantile(0.05), 0.05, 1e-12);
        EXPECT_NEAR(v.quantile(0.5), 0.5, 1e-12);
    }
}

TEST(Correlation, AchievedRankCorrelationsOfAThreeByThreeMatrix) {
    const char* names[] = {"a", "b", "c"};
    const double r[3][3] = {{1, 0.5, -0.3}, {0.5, 1, 0.2}, {-0.3, 0.2, 1}};
    Distribution::Context c;
    c.correlations.state("a", "b", r[0][1], 1);
    c.correlations.state("a", "c", r[0][2], 1);
    c.correlations.state("b", "c", r[1][2], 1);
    std::vector<Distribution> x;
    // Made in an order other than the statements', and with an uncorrelated input between.
    x.push_back(defined(c, "c", [&] { return unit_uniform(c); }));
    unit_uniform(c);
    x.push_back(defined(c, "a", [&] { return unit_uniform(c); }));
    x.push_back(defined(c, "b", [&] { return unit_uniform(c); }));
    const int at[3] = {2, 0, 1};  // x[k] is names[at[k]]
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 3; ++j) {
            EXPECT_NEAR(spearman_of_uniforms(c, x[i], x[j]), r[at[i]][at[j]], 0.02) << names[at[i]] << names[at[j]];
        }
    }
}

TEST(Correlation, TheMatrixFormInASessionGivesEachPairItsRankCorrelation) {
    Session session(EvaluationOptions{Mode::distribution});
    run(session, "correlation(a, b, c) = [1, 0.6, -0.3; 0.6, 1, 0.2; -0.3, 0.2, 1]");
    for (const char* name : {"a", "b", "c"}) run(session, std::string(name) + " = uniform(0, 1)");
    // For uniform(0, 1) inputs Spearman's rho is 12 Cov: sd(a + b)^2 = 1/6 + rho / 6.
    const auto rank = [&](const char* pair) {
        const double s = run(session, std::string("sd(") + pair + ")").value->central;
        return 6 * s * s - 1;
    };
    EXPECT_NEAR(rank("a + b"), 0.6, 0.02);
    EXPECT_NEAR(rank("a + c"), -0.3, 0.02);
    EXPECT_NEAR(rank("b + c"), 0.2, 0.02);
}

TEST(Correlation, NormalsAndLognormalsStayInTheirExactForms) {
    Distribution::Context c;
    c.correlations.state("u", "p", -0.5, 1);
    const double rho = 2 * std::sin(std::numbers::pi * -0.5 / 6);
    const Distribution u = defined(c, "u", [&] { return Distribution::law(c, normal_law(0, 1), 0); });
    const Distribution p = defined(c, "p", [&] { return Distribution::law(c, normal_law(0, 1), 0); });
    const Distribution sum = Distribution::add(c, u, p);
    ASSERT_TRUE(sum.is_gaussian());
    // Var(u + p) = 2 + 2 rho for unit normals with correlation rho.
    EXPECT_NEAR(sum.sd(), std::sqrt(2 + 2 * rho), 1e-12);
    const Distribution a = defined(c, "a", [&] { return Distribution::between(c, Distribution::point(2), Distribution::point(6), 0); });
    c.correlations.state("a", "b", 0.6, 1);
    const Distribution a2 = defined(c, "a", [&] { return Distribution::between(c, Distribution::point(2), Distribution::point(6), 0); });
    const Distribution b = defined(c, "b", [&] { return Distribution::between(c, Distribution::point(10), Distribution::point(30), 0); });
    const Distribution product = Distribution::multiply(c, a2, b);
    ASSERT_TRUE(product.is_log_gaussian());
    // ln(ab) is normal with variance s_a^2 + s_b^2 + 2 rho s_a s_b.
    const double sa = std::log(3.0) / (2 * z95), sb = std::log(3.0) / (2 * z95), rho_ab = 2 * std::sin(std::numbers::pi * 0.6 / 6);
    const double s = std::sqrt(sa * sa + sb * sb + 2 * rho_ab * sa * sb);
    EXPECT_NEAR(product.high(), std::sqrt(12.0) * std::sqrt(300.0) * std::exp(z95 * s), 1e-9 * product.high());
    // A sum of two correlated lognormals is not read as a sum of two independent parts.
    EXPECT_FALSE(Distribution::add(c, a2, b).is_sum_of_two());
    EXPECT_TRUE(Distribution::add(c, a, b).is_sum_of_two());  // the first `a` was made before the correlation
}

// The p-quantiles of draws (interpolated as the code's samples are: at rank p N - 1/2).
std::vector<double> percentiles(std::vector<double>& x, std::initializer_list<double> ps) {
    std::vector<double> out;
    for (const double p : ps) {
        const auto k = static_cast<std::ptrdiff_t>(p * static_cast<double>(x.size()));
        std::nth_element(x.begin(), x.begin() + k, x.end());
        out.push_back(x[static_cast<std::size_t>(k)]);
    }
    return out;
}

// Pairs of standard normals whose correlation is that of rank correlation r under a Gaussian copula.
template <class Use>
void correlated_draws(double r, std::size_t n, Use use) {
    const double rho = 2 * std::sin(std::numbers::pi * r / 6);
    std::mt19937_64 engine(36);
    std::normal_distribution<double> z;
    for (std::size_t k = 0; k < n; ++k) {
        const double z1 = z(engine), z2 = z(engine);
        use(z1, rho * z1 + std::sqrt(1 - rho * rho) * z2);
    }
}

double phi(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

void expect_percentiles(const Quantity& q, std::vector<double>& draws, const std::string& what) {
    const auto mc = percentiles(draws, {0.05, 0.5, 0.95});
    const double width = mc[2] - mc[0];
    EXPECT_NEAR(q.low, mc[0], 0.01 * width) << what;
    EXPECT_NEAR(q.central, mc[1], 0.01 * width) << what;
    EXPECT_NEAR(q.high, mc[2], 0.01 * width) << what;
}

TEST(Correlation, PercentilesOfACorrelatedSumAndProductMatchAMonteCarlo) {
    constexpr std::size_t n = 10'000'000;
    const double r = -0.5;
    // u = 2 to 6 and p = 10 to 30: lognormals with those 5th and 95th percentiles.
    const double su = std::log(3.0) / (2 * z95), mu = std::sqrt(12.0), sp = su, mp = std::sqrt(300.0);
    std::vector<double> sums, products;
    sums.reserve(n), products.reserve(n);
    correlated_draws(r, n, [&](double w1, double w2) {
        const double u = mu * std::exp(su * w1), p = mp * std::exp(sp * w2);
        sums.push_back(u + p);
        products.push_back(u * p);
    });
    const std::vector<std::string> lines = {"u = 2 to 6", "p = 10 to 30", "correlation(u, p) = -0.5"};
    auto with = [&](const std::string& last) {
        auto all = lines;
        all.push_back(last);
        return last_value(Mode::distribution, all);
    };
    expect_percentiles(with("u + p"), sums, "u + p");
    expect_percentiles(with("u * p"), products, "u * p");
    // The correlation changes the answer: the independent sum's 95th percentile is further out.
    EXPECT_GT(last_value(Mode::distribution, {"u = 2 to 6", "p = 10 to 30", "u + p"}).high, with("u + p").high + 0.5);
}

TEST(Correlation, PercentilesOfASampledInputCorrelatedWithALognormalMatchAMonteCarlo) {
    constexpr std::size_t n = 10'000'000;
    const double r = -0.6;
    const double sp = std::log(2.0) / (2 * z95), mp = std::sqrt(8.0);
    std::vector<double> costs, sums, largest;
    costs.reserve(n), sums.reserve(n), largest.reserve(n);
    correlated_draws(r, n, [&](double w1, double w2) {
        const double util = 0.3 + 0.3 * phi(w1), price = mp * std::exp(sp * w2);
        costs.push_back(1000 * price / util);
        sums.push_back(10 * util + price);
        largest.push_back(std::max(6 * util, price));
    });
    const std::vector<std::string> lines = {"correlation(util, price) = -0.6", "util = uniform(0.3, 0.6)", "price = 2 to 4"};
    auto with = [&](const std::string& last) {
        auto all = lines;
        all.push_back(last);
        return last_value(Mode::distribution, all);
    };
    expect_percentiles(with("1000 * price / util"), costs, "1000 * price / util");
    // A sum and a max of a uniform and a lognormal have closed forms when independent (independent_sum.hpp,
    // extremes.hpp); correlated, they must not be used.
    expect_percentiles(with("10 * util + price"), sums, "10 * util + price");
    expect_percentiles(with("max(6 * util, price)"), largest, "max(6 * util, price)");
    // The independent closed form's sd, the root of the summed variances, would be 10% too large here.
    double mean = 0, square = 0;
    for (const double x : sums) mean += x, square += x * x;
    mean /= static_cast<double>(n);
    const double sd = std::sqrt(square / static_cast<double>(n) - mean * mean);
    EXPECT_THAT(with("sd(10 * util + price)").central, testing::RelativelyNear(sd, 0.01));
    EXPECT_THAT(with("mean(10 * util + price)").central, testing::RelativelyNear(mean, 0.002));
}

TEST(Correlation, GuaranteedBoundsAreUnchangedAndEncloseEveryDraw) {
    const std::vector<std::string> independent = {"util = uniform(0.3, 0.6)", "price = pert(2, 3, 5)", "1000 * price / util"};
    std::vector<std::string> correlated = independent;
    correlated.insert(correlated.begin(), "correlation(util, price) = -0.9");
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const Quantity a = last_value(mode, independent), b = last_value(mode, correlated);
        EXPECT_EQ(a.low, b.low);
        EXPECT_EQ(a.high, b.high);
    }
    const Quantity bounds = last_value(Mode::bounds, correlated);
    // Any dependence: the draws of both extreme correlations (pert replaced by a uniform on its bounds, which the
    // bounds treat alike), and the correlated points' own far percentiles.
    for (const double r : {-0.9, 0.9}) {
        double lowest = INFINITY, highest = -INFINITY;
        correlated_draws(r, 1'000'000, [&](double w1, double w2) {
            const double cost = 1000 * (2 + 3 * phi(w2)) / (0.3 + 0.3 * phi(w1));
            lowest = std::min(lowest, cost), highest = std::max(highest, cost);
        });
        EXPECT_LE(bounds.low, lowest);
        EXPECT_GE(bounds.high, highest);
    }
    Session session(EvaluationOptions{Mode::distribution});
    for (std::size_t k = 0; k + 1 < correlated.size(); ++k) run(session, correlated[k]);
    EXPECT_LE(bounds.low, run(session, "percentile(1000 * price / util, 0.1)").value->central);
    EXPECT_GE(bounds.high, run(session, "percentile(1000 * price / util, 99.9)").value->central);
}

// A correlation matrix is consistent exactly when its leading minors have positive determinants (Sylvester);
// for three inputs whose normal-score correlations are x = y = 2 sin(0.5 pi / 6) with a third, the third z must
// make 1 + 2 x y z - x^2 - y^2 - z^2 > 0.
TEST(Correlation, AnInconsistentSetIsRefused) {
    const double x = 2 * std::sin(std::numbers::pi * 0.5 / 6);
    const auto determinant = [x](double z) { return 1 + 2 * x * x * z - 2 * x * x - z * z; };
    int refused = 0;
    for (const double rank : {-0.9, -0.5, -0.4, 0.0, 0.5, 0.9, 0.95}) {
        const double z = 2 * std::sin(std::numbers::pi * rank / 6);
        Correlations c;
        c.state("a", "b", 0.5, 1);
        c.state("b", "c", 0.5, 1);
        if (determinant(z) > 0) {
            EXPECT_NO_THROW(c.state("a", "c", rank, 1)) << rank;
        } else {
            ++refused;
            EXPECT_THROW(c.state("a", "c", rank, 1), ErrorException) << rank;
            EXPECT_EQ(c.pairs().size(), 2u);  // unchanged
        }
    }
    EXPECT_EQ(refused, 2);
    Session session(EvaluationOptions{Mode::distribution});
    run(session, "correlation(a, b) = 0.9");
    run(session, "correlation(b, c) = 0.3");
    const Error e = error_of(session, "correlation(a, c) = -0.9");
    EXPECT_NE(e.message.find("cannot all hold at once"), std::string::npos) << e.message;
    EXPECT_EQ(e.kind, ErrorKind::argument);
    // Pair by pair, two strong ones cannot come before the third that they need; a matrix states them together.
    Session matrix(EvaluationOptions{Mode::distribution});
    run(matrix, "correlation(a, b) = 0.9");
    EXPECT_NE(error_of(matrix, "correlation(a, c) = 0.9").hint.find("as a matrix"), std::string::npos);
    // In place of the pair: stated again in a matrix, a pair is refused (each pair is stated once).
    Session together(EvaluationOptions{Mode::distribution});
    run(together, "correlation(a, b, c) = [1, 0.9, 0.9; 0.9, 1, 0.7; 0.9, 0.7, 1]");
    const Error m = error_of(together, "correlation(x, y, z) = [1, 0.9, 0.9; 0.9, 1, -0.9; 0.9, -0.9, 1]");
    EXPECT_NE(m.message.find("cannot all hold at once"), std::string::npos) << m.message;
}

TEST(Correlation, StatementsRefusedWithASentence) {
    Session session(EvaluationOptions{Mode::distribution});
    EXPECT_NE(error_of(session, "correlation(u, u) = 0.5").message.find("appears twice"), std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v) = 1").message.find("strictly between -1 and 1"), std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v) = 0.1 to 0.2").message.find("single plain number"), std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v, w) = 0.5").message.find("names two inputs"), std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v, w) = [1, 0.5, 0; 0.5, 1, 0]").message.find("9 numbers, but 6"), std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v) = [1, 0.5; 0.4, 1]").message.find("symmetric"), std::string::npos);
    // Rows ended with ";" keep their length; the nine numbers of a 3 x 3 matrix in rows of 4, 2 and 3 are refused
    // at the ";" of the row that is too long, not read across the rows.
    const Error rows = error_of(session, "correlation(u, v, w) = [1, 0.5, 0.2, 0.5; 1, 0.1; 0.2, 0.1, 1]");
    EXPECT_NE(rows.message.find("each row of its matrix has 3 numbers, but row 1 has 4"), std::string::npos) << rows.message;
    EXPECT_EQ(rows.column, 41);
    EXPECT_NE(error_of(session, "correlation(u, v, w) = [1, 0.5, 0.2; 0.5, 1, 0.1; 0.2, 0.1]").message.find("its last row has 2"),
              std::string::npos);
    EXPECT_NE(error_of(session, "correlation(u, v) = [1, 0.5; 0.5, 0.9]").message.find("diagonal"), std::string::npos);
    run(session, "u = 2 to 6");
    run(session, "cost = 3 * u");
    const Error late = error_of(session, "correlation(u, v) = 0.5");
    EXPECT_NE(late.message.find("must come before u is used"), std::string::npos) << late.message;
    EXPECT_EQ(late.kind, ErrorKind::argument);
    EXPECT_NE(late.message.find("\"cost\""), std::string::npos) << late.message;
    run(session, "correlation(x, y) = 0.5");
    EXPECT_NE(error_of(session, "x = 3").message.find("makes none"), std::string::npos);
    EXPECT_NE(error_of(session, "x = (1 to 2) + (1 to 2)").message.find("makes a second one"), std::string::npos);
    EXPECT_NE(error_of(session, "x = u + (1 to 2)").message.find("uses the uncertain \"u\""), std::string::npos);
}

// A correlated name that is no uncertain input is refused in every reading, in either order, not only in the one
// that uses the correlation: the same notebook must not be accepted until someone reads it in the 90% reading.
TEST(Correlation, ACorrelatedNameThatIsNoInputIsRefusedInEveryReading) {
    for (const Mode mode : {Mode::bounds, Mode::interval, Mode::distribution}) {
        Session before(EvaluationOptions{mode});
        run(before, "correlation(u, price) = 0.5");
        const Error point = error_of(before, "u = 5");
        EXPECT_EQ(point.kind, ErrorKind::argument) << mode_name(mode);
        EXPECT_NE(point.message.find("\"u\" has a correlation, so it must be an uncertain input"), std::string::npos) << point.message;
        run(before, "v = 1 to 2");
        EXPECT_NE(error_of(before, "u = 2 * v").message.find("uses the uncertain \"v\""), std::string::npos) << mode_name(mode);
        Session after(EvaluationOptions{mode});
        run(after, "u = 5");
        run(after, "price = 2 to 3");
        EXPECT_NE(error_of(after, "correlation(u, price) = 0.5").message.find("makes none"), std::string::npos) << mode_name(mode);
        // A range is an input in every reading.
        Session fine(EvaluationOptions{mode});
        run(fine, "correlation(u, price) = 0.5");
        run(fine, "u = 35% to 55%");
        run(fine, "price = 2 to 3");
        EXPECT_TRUE(before.run("u = 35% to 55%")) << mode_name(mode);
    }
}

TEST(Correlation, StatedAfterTheDefinitionsItIsTheSameAsBefore) {
    const Quantity before = last_value(Mode::distribution, {"correlation(u, p) = 0.7", "u = uniform(1, 2)", "p = 3 to 9", "u + p"});
    const Quantity after = last_value(Mode::distribution, {"u = uniform(1, 2)", "p = 3 to 9", "correlation(u, p) = 0.7", "u + p"});
    const Quantity none = last_value(Mode::distribution, {"u = uniform(1, 2)", "p = 3 to 9", "u + p"});
    EXPECT_EQ(before.low, after.low);
    EXPECT_EQ(before.central, after.central);
    EXPECT_EQ(before.high, after.high);
    EXPECT_GT(before.high - before.low, none.high - none.low);  // moving together widens a sum
    // A change of mode and back keeps it.
    Session session(EvaluationOptions{Mode::distribution});
    for (const char* line : {"u = uniform(1, 2)", "p = 3 to 9", "correlation(u, p) = 0.7", "mode bounds", "mode dist"}) run(session, line);
    EXPECT_EQ(run(session, "u + p").value->high, before.high);
    // A pair is stated once: stated again, with another number, it is refused (correlation_names_test.cpp).
    EXPECT_NE(error_of(session, "correlation(u, p) = 0.5").message.find("above states it already"), std::string::npos);
    const LineResult stated = run(session, "correlation(u, q) = 0.5");
    EXPECT_EQ(stated.kind, LineResult::Kind::correlation);
    EXPECT_EQ(stated.value->central, 0.5);
}

}  // namespace
}  // namespace ballpark

namespace ballpark {
namespace {

// The bindings' way (a sheet's pairs): a binding named "correlation" with a text of pairs. ln(1000 price / u) is
// normal with variance sp^2 + su^2 - 2 rho sp su for lognormals u = 25% to 60% and price = 2 to 4.
TEST(CorrelationBinding, CorrelatesTheBindingsItNames) {
    const double sp = std::log(2.0) / (2 * z95), su = std::log(0.6 / 0.25) / (2 * z95);
    const double median = 1000 * std::sqrt(8.0) / std::sqrt(0.25 * 0.6);
    for (const double r : {-0.5, 0.5}) {
        const std::string text = "u, price: " + std::to_string(r);
        const Binding bindings[] = {{"u", std::string_view("25% to 60%")}, {"price", std::string_view("2 to 4")},
                                    {"correlation", std::string_view(text)}};
        const auto q = evaluate("1000 * price / u", bindings, EvaluationOptions{Mode::distribution});
        ASSERT_TRUE(q) << q.error().message;
        const double rho = 2 * std::sin(std::numbers::pi * r / 6);
        EXPECT_NEAR(q->high, median * std::exp(z95 * std::sqrt(sp * sp + su * su - 2 * rho * sp * su)), 1e-9 * q->high);
        EXPECT_THAT(q->central, testing::RelativelyNear(median, 1e-9));
        // Guaranteed bounds: the same as without it.
        const auto bounds = evaluate("1000 * price / u", bindings, EvaluationOptions{Mode::bounds});
        const auto plain = evaluate("1000 * price / u", std::span(bindings, 2), EvaluationOptions{Mode::bounds});
        ASSERT_TRUE(bounds && plain);
        EXPECT_EQ(bounds->low, plain->low);
        EXPECT_EQ(bounds->high, plain->high);
    }
}

TEST(CorrelationBinding, RefusesWithASentence) {
    const auto error = [](std::string_view u, std::string_view text) {
        const Binding bindings[] = {{"u", u}, {"price", std::string_view("2 to 4")}, {"x", std::string_view("1 to 3")}, {"correlation", text}};
        const auto q = evaluate("price / u", bindings, EvaluationOptions{Mode::distribution});
        return q ? std::string() : q.error().message;
    };
    EXPECT_NE(error("1 to 2", "u price -0.5").find("is not two names and a number"), std::string::npos);
    EXPECT_NE(error("1 to 2", "u, price: half").find("no plain number"), std::string::npos);
    EXPECT_NE(error("1 to 2", "u, price: 1").find("strictly between -1 and 1"), std::string::npos);
    EXPECT_NE(error("3", "u, price: 0.5").find("makes none"), std::string::npos);
    EXPECT_NE(error("1 to 2", "u, price: 0.9; u, x: 0.9").find("cannot all hold at once"), std::string::npos);
    EXPECT_EQ(error("1 to 2", "u, price: 0.9\nprice, x: 0.2"), "");
}

}  // namespace
}  // namespace ballpark
