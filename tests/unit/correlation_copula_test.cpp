// A set of rank correlations is refused for what it is: a rank matrix that is not positive definite (no joint
// distribution has those ranks) says so, and a rank matrix that is valid but whose normal-score image
// 2 sin(pi r / 6) is not (the Gaussian copula cannot hold it) says that instead, with a factor toward 0 that fits.
// The reference is an eigenvalue computation written here (cyclic Jacobi rotations), independent of the Cholesky
// factorisation the code decides with.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::run;

// The smallest eigenvalue of the symmetric n x n matrix m (row-major), by cyclic Jacobi rotations.
double smallest_eigenvalue(std::vector<double> m, std::size_t n) {
    for (int sweep = 0; sweep < 100; ++sweep) {
        double off = 0;
        for (std::size_t p = 0; p < n; ++p)
            for (std::size_t q = p + 1; q < n; ++q) off += m[p * n + q] * m[p * n + q];
        if (off < 1e-30) break;
        for (std::size_t p = 0; p < n; ++p) {
            for (std::size_t q = p + 1; q < n; ++q) {
                if (m[p * n + q] == 0) continue;
                const double theta = (m[q * n + q] - m[p * n + p]) / (2 * m[p * n + q]);
                const double t = (theta >= 0 ? 1 : -1) / (std::abs(theta) + std::sqrt(theta * theta + 1));
                const double c = 1 / std::sqrt(t * t + 1), s = t * c;
                for (std::size_t k = 0; k < n; ++k) {  // columns p and q
                    const double kp = m[k * n + p], kq = m[k * n + q];
                    m[k * n + p] = c * kp - s * kq;
                    m[k * n + q] = s * kp + c * kq;
                }
                for (std::size_t k = 0; k < n; ++k) {  // rows p and q
                    const double pk = m[p * n + k], qk = m[q * n + k];
                    m[p * n + k] = c * pk - s * qk;
                    m[q * n + k] = s * pk + c * qk;
                }
            }
        }
    }
    double smallest = m[0];
    for (std::size_t i = 1; i < n; ++i) smallest = std::min(smallest, m[i * n + i]);
    return smallest;
}

std::vector<double> image(std::vector<double> m) {
    for (double& x : m) x = x == 1 ? 1 : 2 * std::sin(std::numbers::pi * x / 6);
    return m;
}

std::string statement(const std::vector<double>& m, std::size_t n) {
    static const char* const names[] = {"a", "b", "c", "d"};
    std::string s = "correlation(";
    for (std::size_t i = 0; i < n; ++i) s += std::string(i ? ", " : "") + names[i];
    s += ") = [";
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            char digits[32];
            std::snprintf(digits, sizeof digits, "%.17g", m[i * n + j]);
            s += std::string(j ? ", " : "") + digits;
        }
        s += i + 1 < n ? "; " : "]";
    }
    return s;
}

TEST(CorrelationCopula, AValidRankMatrixTheNormalCopulaCannotHoldIsSaidToBeThat) {
    const std::vector<double> r{1, -0.49, -0.49, -0.49, 1, -0.49, -0.49, -0.49, 1};
    // Independently: the rank matrix's eigenvalues are 1 - 0.98 = 0.02 and 1.49 twice; its image's smallest is
    // 1 + 2 (2 sin(-0.49 pi / 6)) < 0.
    EXPECT_NEAR(smallest_eigenvalue(r, 3), 0.02, 1e-12);
    EXPECT_LT(smallest_eigenvalue(image(r), 3), 0);
    Session session(EvaluationOptions{Mode::distribution});
    const Error e = error_of(session, "correlation(a, b, c) = [1, -0.49, -0.49; -0.49, 1, -0.49; -0.49, -0.49, 1]");
    EXPECT_NE(e.message.find("can hold together (their matrix is positive definite), but not in the normal (Gaussian) copula"),
              std::string::npos) << e.message;
    EXPECT_EQ(e.message.find("cannot all hold at once"), std::string::npos) << e.message;
    EXPECT_EQ(e.hint, "Move them toward 0: each multiplied by 0.98 fits (-0.48 instead of -0.49 for correlation(a, b)).");
    // The factor the hint gives fits, and one a hundredth larger does not (eigenvalues of the image).
    const auto scaled = [&](double f) {
        std::vector<double> m = r;
        for (double& x : m) x = x == 1 ? 1 : f * x;
        return m;
    };
    EXPECT_GT(smallest_eigenvalue(image(scaled(0.98)), 3), 0);
    EXPECT_LT(smallest_eigenvalue(image(scaled(0.99)), 3), 0);
    run(session, statement(scaled(0.98), 3));
    // The sheet's pair gives the same sentence.
    const Binding bindings[] = {{"a", std::string_view("1 to 2")}, {"b", std::string_view("1 to 2")}, {"c", std::string_view("1 to 2")},
                                {"correlation", std::string_view("a, b: -0.49; a, c: -0.49; b, c: -0.49")}};
    for (const Mode mode : {Mode::bounds, Mode::distribution}) {
        const auto q = evaluate("a + b + c", bindings, EvaluationOptions{mode});
        ASSERT_FALSE(q);
        EXPECT_NE(q.error().message.find("normal (Gaussian) copula"), std::string::npos) << q.error().message;
    }
}

TEST(CorrelationCopula, EachRefusalAgreesWithTheEigenvalues) {
    std::mt19937_64 random(20261207);
    std::uniform_real_distribution<double> entry(-0.95, 0.95);
    int accepted = 0, rank_refused = 0, copula_refused = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const std::size_t n = 3 + static_cast<std::size_t>(trial % 2);
        std::vector<double> m(n * n, 1.0);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) m[i * n + j] = m[j * n + i] = std::round(entry(random) * 100) / 100;
        const double rank = smallest_eigenvalue(m, n), copula = smallest_eigenvalue(image(m), n);
        // Away from the edge, where a pivot threshold and an eigenvalue could disagree by rounding.
        if (std::abs(rank) < 1e-6 || std::abs(copula) < 1e-6) continue;
        Session session(EvaluationOptions{Mode::distribution});
        const auto r = session.run(statement(m, n));
        if (rank > 0 && copula > 0) {
            EXPECT_TRUE(r) << statement(m, n) << ": " << r.error().message;
            ++accepted;
        } else if (rank < 0) {
            ASSERT_FALSE(r) << statement(m, n);
            EXPECT_NE(r.error().message.find("cannot all hold at once"), std::string::npos) << r.error().message;
            ++rank_refused;
        } else {
            ASSERT_FALSE(r) << statement(m, n);
            EXPECT_NE(r.error().message.find("normal (Gaussian) copula"), std::string::npos) << r.error().message;
            ++copula_refused;
        }
    }
    // Each kind is met.
    EXPECT_GT(accepted, 100);
    EXPECT_GT(rank_refused, 100);
    EXPECT_GT(copula_refused, 0);
}

}  // namespace
}  // namespace ballpark
