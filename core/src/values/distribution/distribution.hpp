// The value type of the distribution mode (`--mode=dist`): a probability distribution over the uncertain inputs
// of an evaluation. `a to b` is a lognormal whose 5th and 95th percentiles are a and b when both are above zero,
// otherwise a normal with those percentiles (the reading of Squiggle and Guesstimate). central() is the median,
// low() the 5th and high() the 95th percentile.
//
// Every `a to b` (and every call of a named distribution) is a new input with an index in the
// Context, independent of the others unless a correlation names it (correlation.hpp): then its normal score is a
// combination of its own standard normal and those of the correlated inputs made before it. A value that is used
// twice is the same input both times, so `x - x` is exactly 0 and `x / x` exactly 1.
//
// A value takes one of four forms, the first three exact:
//   gaussian      c + sum g_i Z_i              Z_i independent standard normals; a point has no terms.
//                                              Exact for normals and their sums, differences and scalings.
//   log-gaussian  t + s * exp(c + sum g_i Z_i) exact for products, quotients and powers of lognormals, their
//                                              scalings and shifts (a monotone function of one Gaussian sum).
//   sum of two    c + A + B                    A and B gaussian or log-gaussian (no constant of their own) on
//                                              disjoint inputs, so independent: sums and differences of two
//                                              lognormals, or of a normal and a lognormal, scaled and shifted.
//                                              Percentiles by quadrature (two_input_sum.hpp), computed only when
//                                              asked for.
//   samples       N values on the shared Sobol points (sobol_points.hpp), element k of every value belonging to
//                 the same point k, so dependencies between values are kept. Used for everything else: sums of
//                 three lognormals, uniform and pert inputs, abs, min, max, products of normals. A sum of two
//                 that meets such an operation gives its samples as A's plus B's (the inputs' own columns), so
//                 it stays tied to its inputs. A sum of independent closed-form parts (three lognormals, a
//                 uniform plus a normal) keeps those parts too, for exact moments and far percentiles.
// Coefficients are combined by input index and zero terms dropped, so cancellation is exact. Each form is a type
// that answers the statistics' questions (gaussian_form.hpp, log_gaussian_form.hpp, sum_of_two_form.hpp,
// sampled_form.hpp), asked in one place (statistics.cpp).
#pragma once

#include <boost/container/small_vector.hpp>
#include <atomic>
#include <boost/container/vector.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "values/distribution/correlation.hpp"
#include "values/distribution/sobol_points.hpp"
#include "values/law.hpp"

namespace ballpark {

namespace two_input_sum {
struct Part;
}
namespace independent_sum {
struct Sum;
}
namespace extremes {
struct Extreme;
}

class Distribution {
public:
    struct Term {
        std::uint32_t input;
        double weight;
    };
    using Terms = boost::container::small_vector<Term, 4>;
    // One uncertain input: its index is its Sobol column. Kept so that a tornado can move one input at a time.
    struct Input {
        enum class Kind { normal, lognormal, law, logit_normal };
        Kind kind = Kind::normal;
        // normal, lognormal and logit_normal: the 5th and 95th percentiles (`a to b`'s ends); law (a uniform, a
        // pert, a metalog, any law.hpp describes): its support's ends and its median.
        double a = 0, b = 0, c = 0;
    };
    // The inputs registered so far. Lives as long as the values that refer to its inputs (one per Session).
    struct Context {
        std::vector<Input> inputs;
        // For a tornado (which input matters): when set, each new input is a single number instead, its median,
        // except input `moved`, which is its `p`-quantile. Evaluating the same text in a fresh Context pinned at
        // p = 0.05 and at p = 0.95 gives that input's swing with every other input at its central value.
        struct Pin {
            std::uint32_t moved;
            double p;
        };
        std::optional<Pin> pin;
        std::uint32_t add(Input input);

        // Rank correlations between named inputs (correlation.hpp), and the name whose definition is being
        // evaluated when it is one of theirs (empty otherwise): the input that definition makes takes a normal
        // score correlated with those of the names made before it. Set by whoever evaluates definitions (a
        // Session's scope), which also checks that the definition made exactly one input (made_while_defining).
        Correlations correlations;
        std::string defining;
        int made_while_defining = 0;
        // make() run as the definition of the correlated `name`; its value, and whether it made an input.
        template <class Make>
        auto define_correlated(std::string_view name, Make&& make) {
            struct Defining {
                Context& c;
                ~Defining() { c.defining.clear(); }
            } scope{*this};
            defining = std::string(name);
            made_while_defining = 0;
            auto value = make();
            return std::pair{std::move(value), made_while_defining > 0};
        }
        // Each correlated name made so far and its normal score: a combination of the inputs' own standard
        // normals with unit variance, whose covariances with the others' are the correlations asked for.
        struct Scored {
            std::string name;
            Terms score;
        };
        std::vector<Scored> scored;
    };

    Distribution() = default;

    static Distribution point(double x);
    // A literal a double cannot hold exactly is not an uncertain input: its nearest double stands for it.
    static Distribution literal(double nearest, double low, double high);
    static Distribution between(Context&, const Distribution& a, const Distribution& b, int column);
    // A printed "central [low, high]" read back: the same as `low to high`. The central value is only checked to
    // lie between the two: a printed median is rounded, and recomputing it (the geometric mean of the ends for a
    // lognormal) keeps the input exactly lognormal, so products with it stay exact.
    static Distribution between3(Context&, const Distribution& low, const Distribution& central, const Distribution& high,
                                 int column);

    static Distribution add(Context&, const Distribution& a, const Distribution& b);
    static Distribution subtract(Context&, const Distribution& a, const Distribution& b);
    static Distribution multiply(Context&, const Distribution& a, const Distribution& b);
    static Distribution negate(Context&, const Distribution& a);
    static Distribution divide(Context&, const Distribution& a, const Distribution& b, int column);
    static Distribution power(Context&, const Distribution& base, double exponent, int column);
    static Distribution absolute(Context&, const Distribution& a);
    static Distribution minimum(Context&, const Distribution& a, const Distribution& b);
    static Distribution maximum(Context&, const Distribution& a, const Distribution& b);
    static Distribution exp(Context&, const Distribution& a, int column);
    static Distribution log(Context&, const Distribution& a, int column);

    // A named distribution, as its law (law.hpp): a normal or lognormal in its exact form on the input's normal
    // score; any other law as its quantile function on the input's points, keeping a uniform's closed form for
    // exact moments and far percentiles of sums.
    static Distribution law(Context&, const Law& law, int column);
    // A declared fraction's range (fraction.cpp): the logit-normal whose 5th and 95th percentiles are the ends,
    // logit(u) = ln(u / (1 - u)) normal, so it stays strictly between 0 and 1; both ends must lie strictly between
    // 0 and 1. between3's reading of `c [l, h]` likewise on the logit scale: l, c and h are its 5th, 50th and
    // 95th percentiles.
    static Distribution fraction_between(Context&, const Distribution& a, const Distribution& b, int column);
    static Distribution fraction_between3(Context&, const Distribution& low, const Distribution& central,
                                          const Distribution& high, int column);

    double central() const { return quantile_unchecked(0.5); }
    double low() const { return quantile_unchecked(0.05); }
    double high() const { return quantile_unchecked(0.95); }
    // The p-quantile, 0 < p < 1; throws an ErrorException (a sentence) otherwise, and for a sampled value without
    // a closed-form structure below the 0.1st or above the 99.9th percentile (8 samples beyond), where the samples
    // cannot say where the quantile is, and for one with that structure whose far tail cannot be integrated.
    double quantile(double p) const;
    // P(X <= t), the CDF at t (statistics.cpp): exact for the gaussian and log-gaussian forms,
    // by the same quadrature as the percentiles for a sum of two, and for the samples form the interpolated
    // empirical CDF of the shared points that inverts the sampled percentiles, with the exact CDF of a sum of
    // independent parts beyond the 5th and 95th percentiles, where the percentiles use it too.
    double probability_at_most(double t) const;
    double mean() const;
    double sd() const;
    double support_low() const;
    double support_high() const;
    bool is_point() const { return form_ == Form::gaussian && terms_.empty(); }
    bool is_finite() const;
    // probability_at_most at each of the ascending points `t`, into `out`, for a picture's bins: for the samples
    // form one pass over the shared points for all of them instead of one a point (bins.cpp), and their
    // interpolated CDF alone, also beyond the 5th and 95th percentiles where probability_at_most integrates a sum's
    // exact one (the inverse of sampled_quantiles; within a sample's weight, 1/8192, of it).
    void probabilities_at_most(std::span<const double> t, std::span<double> out) const;
    // The p-quantile at each of the ascending probabilities `p`, into `out`, for a picture's ends: the closed form's
    // where the value has one, otherwise those of its shared points alone (the quantiles that the sampled CDF
    // inverts), for every p and in one pass over them. The samples form never refuses here: a picture's edge needs
    // no percent's accuracy.
    void sampled_quantiles(std::span<const double> p, std::span<double> out) const;

    // Which exact form holds the value; for tests and benchmarks that promise a computation stays exact.
    bool is_gaussian() const { return form_ == Form::gaussian; }
    bool is_log_gaussian() const { return form_ == Form::log_gaussian; }
    bool is_sampled() const { return form_ == Form::samples; }
    bool is_sum_of_two() const { return form_ == Form::sum_of_two; }

    // boost::container::vector because it can be made without zero-filling (default_init): every loop that makes
    // samples writes all of them, and a fill would cost as much as some of those loops.
    using SampleVector = boost::container::vector<double>;
    using Samples = std::shared_ptr<const SampleVector>;

private:
    enum class Form : unsigned char { gaussian, log_gaussian, sum_of_two, samples };

    // Runs a computation once however many threads ask: std::call_once's work without its cost. glibc's
    // pthread_once, under call_once, makes a futex system call every time it completes, and a value's
    // percentiles are computed once per value, so that system call would be a noticeable share of a value's time.
    // An uncontended mutex makes no system call.
    class Once {
    public:
        template <class F>
        void operator()(F f) {
            if (done_.load(std::memory_order_acquire)) return;
            const std::lock_guard<std::mutex> lock(mutex_);
            if (done_.load(std::memory_order_relaxed)) return;
            f();
            done_.store(true, std::memory_order_release);
        }

    private:
        std::atomic<bool> done_{false};
        std::mutex mutex_;
    };

    // The two forms that compute what they answer read the value's own members.
    friend struct SumOfTwoForm;
    friend struct SampledForm;
    // question(form) for the form this value takes, as that form's type: the one place that asks which form a
    // value takes when it is read (statistics.cpp).
    template <class Question>
    decltype(auto) ask(Question&& question) const;

    double quantile_unchecked(double p) const;
    // The value on the shared points (samples_ itself in the samples form).
    Samples samples() const;
    // The gaussian and log-gaussian forms' samples, computed (samples() keeps the last ones made on each thread).
    Samples closed_form_samples() const;
    static Distribution gaussian(double constant, Terms terms);
    static Distribution log_gaussian(double offset, double scale, double constant, Terms terms);
    // Takes ownership of computed samples; a constant vector becomes a point. [low, high] is a support computed
    // from the operands' supports (interval arithmetic): every value the result can take, not only those sampled.
    static Distribution sampled(SampleVector values, double low, double high);
    // The same, with the smallest and largest sample and whether all are finite already known.
    static Distribution sampled(SampleVector values, double low, double high, double smallest, double largest,
                                bool finite);
    // a's samples (the samples form) plus `shift`, or times `factor` > 0 when by_factor: maps that keep the order
    // of the samples, so the result's extremes and order statistics are a's mapped (Percentiles::source).
    static Distribution order_kept(const Distribution& a, double low, double high, double shift, double factor,
                                   bool by_factor);
    static Distribution scaled(const Distribution& a, double factor);
    // The normal score of the new input `input`: its own standard normal, or, while a correlated name is being
    // defined (Context::defining), the combination that gives it the correlations asked for with the names made
    // before it.
    static Terms normal_score(Context&, std::uint32_t input, int column);
    // Its uniform on the points: the input's own Sobol column, or for a combined score the ranks of the score's
    // samples as cell centres (j + 0.5) / N, so that the column is again a permutation of the cell centres and a
    // sampled input keeps its exact percentiles.
    static sobol_points::Column uniform_of(const Terms& score);
    // The new input `input` as made, or its pinned single number (Context::pin).
    static Distribution pinned(const Context& context, std::uint32_t input, Distribution made);
    static Distribution shifted(const Distribution& a, double amount);
    // 1 / (1 + e^-y) of a gaussian or log-gaussian y of one input (a logit-normal when y is gaussian), sampled on
    // y's points, with its 5th, 50th and 95th percentiles y's mapped exactly (fraction.cpp).
    static Distribution logistic_of(const Distribution& y);
    // a / d for a single number d, by division (so (3x) / 3 is x again); nullopt for the samples form.
    static std::optional<Distribution> divided(const Distribution& a, double d);
    // a + b in an exact form when there is one: the terms of both combined, and the result a point, one exact
    // part, or two independent exact parts (sum of two). nullopt otherwise.
    static std::optional<Distribution> exact_sum(const Distribution& a, const Distribution& b);
    static Distribution sum_of_two(double constant, Distribution first, Distribution second);
    static two_input_sum::Part part(const Distribution& d);
    // The value as a constant plus independent parts with closed forms (independent_sum.hpp), when it is one.
    static std::optional<independent_sum::Sum> structure(const Distribution& d);
    // The samples form's structure, or null.
    const independent_sum::Sum* sum() const;
    // The samples form: records that its value is `sum` exactly.
    Distribution with_sum(std::optional<independent_sum::Sum> sum) &&;
    // The samples form's max or min of independent operands with closed-form CDFs, or null; and the one of a and
    // b (largest: max) when there is one.
    const extremes::Extreme* extreme() const;
    static std::optional<extremes::Extreme> extreme_of(bool largest, const Distribution& a, const Distribution& b);
    Distribution with_extreme(std::optional<extremes::Extreme> extreme) &&;
    template <class F>
    static Distribution elementwise(const Distribution& a, const Distribution& b, double low, double high, F f);
    template <class F>
    static Distribution elementwise(const Distribution& a, double low, double high, F f);

    Form form_ = Form::gaussian;
    double offset_ = 0;    // t, log-gaussian form
    double scale_ = 1;     // s, log-gaussian form
    double constant_ = 0;  // c, gaussian, log-gaussian and sum-of-two forms
    Terms terms_;          // sorted by input, no zero weights
    Samples samples_;      // samples form
    // Samples and sum-of-two forms: the 5th, 50th and 95th percentiles, computed together the first time one of
    // them is asked for and kept. A printed result reads all three (to_quantity calls low(), central() and
    // high()), and computing them one by one would cost three copies of the samples and three selections over all
    // of them. Behind a shared pointer so that copies of the value share the work, and computed once (Once)
    // because a value can be read from several threads at once.
    //
    // A sampled value that is a sum of independent parts with closed forms also keeps that structure here (null
    // otherwise): its mean, sd and far percentiles come from it (independent_sum.hpp says why). Here rather than
    // in a member of its own so that no value grows by a pointer.
    struct Percentiles {
        Once once;
        double p5 = 0, p50 = 0, p95 = 0;
        std::shared_ptr<const independent_sum::Sum> sum;
        // Likewise a max or min of independent operands that have that structure (extremes.hpp), for far
        // percentiles.
        std::shared_ptr<const extremes::Extreme> extreme;
        double smallest = 0, largest = 0;  // samples form: the extreme samples, which the selection buckets between
        // Samples form: the order statistics the three percentiles interpolate between, at the ranks of
        // percentile_ranks(), once computed.
        double order[6] = {};
        // A value made by order_kept, until its percentiles are computed: its order statistics are those of
        // `source` mapped by x + shift, or x * factor. Rounding never reverses the order of two numbers, so
        // these are the values a selection among its own samples would find, digit for digit.
        std::shared_ptr<const Distribution> source;
        double shift = 0, factor = 1;
        bool by_factor = false;
    };
    std::shared_ptr<Percentiles> percentiles_;  // samples and sum-of-two forms
    const Percentiles& percentiles() const;
    // Sum-of-two form: the two parts, and their sum on the shared points made the first time an operation without
    // an exact form needs it (once: shared by copies and threads). They live with the percentiles, percentiles_
    // pointing to a Parts: one pointer fewer in every value (each copy of a value costs its pointers).
    struct Parts;
    Parts& parts() const;
    double support_low_ = 0, support_high_ = 0;  // samples form
    bool finite_ = true;                          // samples form: every sample finite
};

}  // namespace ballpark
