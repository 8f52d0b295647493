#include "values/distribution/correlation.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/text.hpp"

namespace ballpark {
namespace {

bool same_pair(const Correlations::Pair& p, std::string_view a, std::string_view b) {
    return (p.a == a && p.b == b) || (p.a == b && p.b == a);
}

// The names in the pairs, in the order they first appear.
std::vector<std::string> names_of(const std::vector<Correlations::Pair>& pairs) {
    std::vector<std::string> names;
    for (const auto& p : pairs) {
        for (const std::string* n : {&p.a, &p.b})
            if (std::find(names.begin(), names.end(), *n) == names.end()) names.push_back(*n);
    }
    return names;
}

std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

}  // namespace

double normal_score_correlation_of_rank(double rank) { return 2 * std::sin(std::numbers::pi * rank / 6); }

std::optional<std::vector<double>> cholesky(std::span<const double> m, std::size_t n) {
    std::vector<double> l(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j <= i; ++j) {
            double s = m[i * n + j];
            for (std::size_t k = 0; k < j; ++k) s -= l[i * n + k] * l[j * n + k];
            if (i == j) {
                if (!(s > 1e-10)) return std::nullopt;
                l[i * n + i] = std::sqrt(s);
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    return l;
}

namespace {

std::string number(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
}

void check_rank(std::string_view a, std::string_view b, double rank, int column) {
    if (a == b) {
        fail(ErrorKind::argument, "A correlation is between two different inputs, but both names are " + in_quotes(a) + ".",
             column);
    }
    if (!(rank > -1 && rank < 1)) {
        fail(ErrorKind::domain, "A rank correlation must lie strictly between -1 and 1, but the one of " + std::string(a) + " and " +
                 std::string(b) + " is " + number(rank) + ".",
             column,
             std::abs(rank) == 1 ? "A correlation of 1 makes one input a function of the other: define " + std::string(b) +
                                       " from " + std::string(a) + " instead."
                                 : std::string{});
    }
}

void set(std::vector<Correlations::Pair>& pairs, std::string_view a, std::string_view b, double rank) {
    const auto same = std::find_if(pairs.begin(), pairs.end(), [&](const auto& p) { return same_pair(p, a, b); });
    if (same != pairs.end()) {
        same->rank = rank;
    } else {
        pairs.push_back({std::string(a), std::string(b), rank});
    }
}

}  // namespace

void Correlations::state(std::string_view a, std::string_view b, double rank, int column) {
    check_rank(a, b, rank, column);
    std::vector<Pair> next = pairs_;
    set(next, a, b, rank);
    keep(std::move(next),
         "with correlation(" + std::string(a) + ", " + std::string(b) + ") = " + number(rank) +
             " added, the matrix of their correlations (0 for a pair not stated) is not positive definite",
         "Weaken one of them, or state the correlations of three or more inputs together as a matrix, in place of "
         "the pairs one by one and with the pairs between the others included: "
         "correlation(a, b, c) = [1, 0.8, 0.8; 0.8, 1, 0.6; 0.8, 0.6, 1].",
         column);
}

void Correlations::state(std::span<const std::string_view> names, std::span<const double> rank, int column) {
    const std::size_t n = names.size();
    std::vector<Pair> next = pairs_;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            check_rank(names[i], names[j], rank[i * n + j], column);
            set(next, names[i], names[j], rank[i * n + j]);
        }
    }
    keep(std::move(next), "the matrix given is not positive definite",
         "Weaken the strongest correlations, or make the correlation between two inputs that both move with a third "
         "stronger.",
         column);
}

void Correlations::keep(std::vector<Pair> next, const std::string& stated, const char* hint, int column) {
    const std::vector<std::string> names = names_of(next);
    const std::size_t n = names.size();
    // The rank correlations themselves (0 for a pair not stated), and the normal copula's image of them.
    const auto matrix = [&](double scale, bool image) {
        std::vector<double> m(n * n, 0.0);
        for (std::size_t i = 0; i < n; ++i) m[i * n + i] = 1;
        for (const Pair& p : next) {
            const auto i = static_cast<std::size_t>(std::find(names.begin(), names.end(), p.a) - names.begin());
            const auto j = static_cast<std::size_t>(std::find(names.begin(), names.end(), p.b) - names.begin());
            m[i * n + j] = m[j * n + i] = image ? normal_score_correlation_of_rank(scale * p.rank) : scale * p.rank;
        }
        return m;
    };
    if (!cholesky(matrix(1, false), n)) {
        fail(ErrorKind::argument, "The correlations stated between " + listed(names) + " cannot all hold at once: " + stated +
                 " (an input cannot move strongly with two others that do not move together).",
             column, hint);
    }
    if (!cholesky(matrix(1, true), n)) {
        // Rank correlations that some joint distribution has, but not the Gaussian copula: its normal scores would
        // need the correlations 2 sin(pi r / 6), a little stronger than r, and those are not positive definite.
        // Refused rather than repaired, as above; the hint gives the largest factor (in hundredths) that all of
        // them can be multiplied by to fit, since moving every one toward 0 always fits in the end.
        double factor = 0.99;
        while (factor > 0.005 && !cholesky(matrix(factor, true), n)) factor -= 0.01;
        const Pair& first = next.front();
        fail(ErrorKind::argument, "The rank correlations stated between " + listed(names) + " can hold together (their matrix is "
                 "positive definite), but not in the normal (Gaussian) copula the 90% reading joins inputs with: its "
                 "correlations 2 sin(\u03c0 r / 6) of these ranks are not positive definite.",
             column,
             "Move them toward 0: each multiplied by " + format_number(factor, 2, false) + " fits (" +
                 number(std::trunc(factor * first.rank * 1000) / 1000) + " instead of " + number(first.rank) +
                 " for correlation(" + first.a + ", " + first.b + ")).");
    }
    pairs_ = std::move(next);
}

bool Correlations::involves(std::string_view name) const {
    return std::any_of(pairs_.begin(), pairs_.end(), [&](const Pair& p) { return p.a == name || p.b == name; });
}

double Correlations::normal_score_correlation(std::string_view a, std::string_view b) const {
    if (a == b) return 1;
    for (const Pair& p : pairs_)
        if (same_pair(p, a, b)) return normal_score_correlation_of_rank(p.rank);
    return 0;
}

}  // namespace ballpark
