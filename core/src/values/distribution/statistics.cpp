// The distribution value type's statistics: every question (a percentile, the CDF, the mean, the standard
// deviation, the support, finiteness) is asked of the value's form, here and only here, in one chain: the
// gaussian and log-gaussian forms answer in closed form (gaussian_form.hpp, log_gaussian_form.hpp), a sum of two
// by quadrature (sum_of_two_form.hpp), and the samples form by its exact structure where it has one, otherwise by
// the shared points (sampled_form.hpp). The forms that compute their 5th, 50th and 95th percentiles keep them
// (Percentiles), computed together the first time one is asked for.
#include <cmath>
#include <concepts>
#include <span>
#include <type_traits>

#include "ballpark/error.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"
#include "values/distribution/gaussian_form.hpp"
#include "values/distribution/log_gaussian_form.hpp"
#include "values/distribution/sampled_form.hpp"
#include "values/distribution/sum_of_two_form.hpp"

namespace ballpark {

using namespace distribution_detail;

namespace {

// A form that computes its printed percentiles, instead of having them in closed form, and so keeps them.
template <class Form>
concept KeepsPercentiles = requires { &Form::printed_percentiles; };
static_assert(KeepsPercentiles<SumOfTwoForm> && KeepsPercentiles<SampledForm> && !KeepsPercentiles<GaussianForm> &&
              !KeepsPercentiles<LogGaussianForm>);

}  // namespace

template <class Question>
decltype(auto) Distribution::ask(Question&& question) const {
    switch (form_) {
        case Form::gaussian: return question(GaussianForm{constant_, terms_});
        case Form::log_gaussian: return question(LogGaussianForm{offset_, scale_, constant_, terms_});
        case Form::sum_of_two: return question(SumOfTwoForm{constant_, parts()});
        case Form::samples: break;
    }
    return question(SampledForm{*this});
}

double Distribution::quantile(double p) const {
    if (!(p > 0 && p < 1)) {
        fail(ErrorKind::domain, "A quantile needs a probability strictly between 0 and 1 (a percentile strictly between 0 and 100), but " +
             number(p) + " was asked for.");
    }
    ask([p](const auto& form) {
        if constexpr (requires { form.check_quantile(p); }) form.check_quantile(p);
    });
    return quantile_unchecked(p);
}

double Distribution::quantile_unchecked(double p) const {
    return ask([this, p](const auto& form) -> double {
        if constexpr (KeepsPercentiles<std::remove_cvref_t<decltype(form)>>) {
            if (p == 0.05) return percentiles().p5;
            if (p == 0.5) return percentiles().p50;
            if (p == 0.95) return percentiles().p95;
        }
        return form.quantile(p);
    });
}

const Distribution::Percentiles& Distribution::percentiles() const {
    percentiles_->once([this] {
        ask([this](const auto& form) {
            if constexpr (KeepsPercentiles<std::remove_cvref_t<decltype(form)>>) form.printed_percentiles(*percentiles_);
        });
    });
    return *percentiles_;
}

void Distribution::sampled_quantiles(std::span<const double> p, std::span<double> out) const {
    ask([&](const auto& form) {
        if constexpr (requires { form.quantiles(p, out); }) {
            form.quantiles(p, out);
        } else {
            for (std::size_t i = 0; i < p.size(); ++i) out[i] = quantile_unchecked(p[i]);
        }
    });
}

double Distribution::probability_at_most(double t) const {
    return ask([t](const auto& form) -> double { return form.probability_at_most(t); });
}

void Distribution::probabilities_at_most(std::span<const double> t, std::span<double> out) const {
    if (t.empty()) return;
    ask([&](const auto& form) {
        if constexpr (requires { form.probabilities_at_most(t, out); }) {
            form.probabilities_at_most(t, out);
        } else {
            for (std::size_t i = 0; i < t.size(); ++i) out[i] = form.probability_at_most(t[i]);
        }
    });
}

double Distribution::mean() const {
    return ask([](const auto& form) -> double { return form.mean(); });
}

double Distribution::sd() const {
    return ask([](const auto& form) -> double { return form.sd(); });
}

double Distribution::support_low() const {
    return ask([](const auto& form) -> double { return form.support_low(); });
}

double Distribution::support_high() const {
    return ask([](const auto& form) -> double { return form.support_high(); });
}

bool Distribution::is_finite() const {
    return ask([](const auto& form) -> bool { return form.is_finite(); });
}

}  // namespace ballpark
