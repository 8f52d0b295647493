// Rank correlations between named inputs of the 90% reading: `correlation(u, price) = -0.5`.
//
// The 90% reading joins correlated inputs by a Gaussian copula: an input's normal score, the standard normal Z_i
// behind its Sobol column, becomes a combination of the normal scores of the inputs made before it (Inputs::score
// in distribution.hpp), with the correlations asked for. Chosen over Iman–Conover because every value there is
// already a function of independent normals: a normal or lognormal input stays in its exact form (its terms are
// spread over several Z's), products of correlated lognormals stay exactly log-gaussian, and only the inputs
// sampled anyway (uniform, pert, metalog) take their uniform from the combined score. Iman–Conover would reorder
// samples and turn every correlated input into samples.
//
// A Gaussian copula with Pearson correlation rho between the normal scores has Spearman rank correlation
// (6 / pi) asin(rho / 2), so a stated rank correlation r asks for rho = 2 sin(pi r / 6) (Pearson 1907); the
// two differ by at most 0.018.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ballpark {

class Correlations {
public:
    struct Pair {
        std::string a, b;
        double rank = 0;
    };

    // Records the rank correlation `rank` of the inputs named a and b, replacing an earlier one of the same two.
    // Throws an ErrorException (a sentence, at `column`) and changes nothing when a and b are the same name, rank
    // is not strictly between -1 and 1, or the correlations stated so far, this one with them, cannot hold at once
    // (their matrix of normal-score correlations is not positive definite). Refused rather than repaired: a
    // repaired matrix would give correlations nobody asked for, and the sentence says which names to revisit.
    void state(std::string_view a, std::string_view b, double rank, int column);

    // The same for every pair of `names` at once, `rank` their n x n matrix row by row (symmetric with ones on
    // the diagonal, which the caller has checked): a matrix states correlations that hold only together, such as
    // two strong ones that need a third.
    void state(std::span<const std::string_view> names, std::span<const double> rank, int column);

    bool involves(std::string_view name) const;
    // The correlation asked for between the normal scores of a and b: 2 sin(pi r / 6) of their stated rank
    // correlation r, 0 for none, 1 for a name with itself.
    double normal_score_correlation(std::string_view a, std::string_view b) const;
    const std::vector<Pair>& pairs() const { return pairs_; }
    bool empty() const { return pairs_.empty(); }

private:
    // Keeps `next` if it is consistent; `stated` says what was stated last, for the sentence.
    void keep(std::vector<Pair> next, const std::string& stated, const char* hint, int column);
    std::vector<Pair> pairs_;
};

// The normal-score correlation of a stated rank correlation, 2 sin(pi r / 6).
double normal_score_correlation_of_rank(double rank);

// The lower Cholesky factor of the symmetric positive definite n x n matrix m (row-major), or nullopt when it is
// not positive definite (a pivot at or below 1e-10, which is also how a correlation of 1 shows).
std::optional<std::vector<double>> cholesky(std::span<const double> m, std::size_t n);

}  // namespace ballpark
