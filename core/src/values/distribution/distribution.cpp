// The distribution value type's forms and arithmetic: the gaussian, log-gaussian, sum-of-two and samples forms
// (distribution.hpp), their samples on the shared points, and each operation in the exactest form that holds its
// result. Its inputs are made in inputs.cpp, its percentiles and moments read in statistics.cpp.
#include "values/distribution/distribution.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "numeric/normal.hpp"
#include "numeric/within_rounding.hpp"
#include "values/distribution/distribution_helpers.hpp"
#include "values/distribution/order_statistics.hpp"
#include "values/distribution/sample_loops.hpp"
#include "values/distribution/thread_caches.hpp"
#include "values/distribution/extremes.hpp"
#include "values/distribution/gaussian_form.hpp"
#include "values/distribution/independent_sum.hpp"
#include "values/distribution/sobol_points.hpp"
#include "values/distribution/two_input_sum.hpp"
#include "values/distribution/vector_exp.hpp"

namespace ballpark {

using namespace distribution_detail;

namespace {

// Supports of sampled results by interval arithmetic on the operands' supports: wider than the true support
// when an input occurs twice, never narrower, which is what domain checks need.
struct Range {
    double low, high;
};
Range range_of(const Distribution& d) { return {d.support_low(), d.support_high()}; }
double times_bound(double x, double y) { return x == 0 || y == 0 ? 0 : x * y; }  // 0 * inf is 0 here, not NaN
Range times(Range a, Range b) {
    const double p[] = {times_bound(a.low, b.low), times_bound(a.low, b.high), times_bound(a.high, b.low),
                        times_bound(a.high, b.high)};
    Range r{*std::min_element(std::begin(p), std::end(p)), *std::max_element(std::begin(p), std::end(p))};
    // Two supports above zero ((0, 1) as [denorm_min, 1) for a fraction) have a product above zero, which the
    // product of their smallest doubles, rounded to 0, would lose: a divisor u * v of two fractions is never zero.
    if (a.low > 0 && b.low > 0 && r.low == 0) r.low = smallest_positive;
    return r;
}
Range power_range(Range r, double e) {
    const double x = std::pow(r.low, e), y = std::pow(r.high, e);
    if (r.low < 0 && r.high > 0 && e > 0 && std::fmod(e, 2) == 0) return {0, std::max(x, y)};
    // Elsewhere x^e is monotone on the range (fractional exponents only reach here for ranges >= 0, negative
    // exponents only for ranges of one sign).
    return {std::min(x, y), std::max(x, y)};
}

}  // namespace

std::uint32_t Distribution::Context::add(Input input) {
    inputs.push_back(input);
    return static_cast<std::uint32_t>(inputs.size() - 1);
}

Distribution::Parts& Distribution::parts() const { return static_cast<Parts&>(*percentiles_); }

// A gaussian or log-gaussian part without constant or offset as the quadrature sees it: sigma Z, or k e^(sigma Z)
// with k = s e^c.
two_input_sum::Part Distribution::part(const Distribution& d) {
    const bool lognormal = d.form_ == Form::log_gaussian;
    return {lognormal, lognormal ? d.scale_ * std::exp(d.constant_) : 1, sigma_of(d.terms_)};
}

std::optional<independent_sum::Sum> Distribution::structure(const Distribution& d) {
    using independent_sum::Part;
    independent_sum::Sum out;
    const auto inputs_of = [&out](const Terms& terms) {
        for (const Term& t : terms) out.inputs.push_back(t.input);
    };
    switch (d.form_) {
        case Form::gaussian:
            out.constant = d.constant_;
            if (!d.terms_.empty()) out.parts.push_back({Part::Kind::normal, 1, sigma_of(d.terms_)});
            inputs_of(d.terms_);
            break;
        case Form::log_gaussian: {
            const double k = d.scale_ * std::exp(d.constant_), sigma = sigma_of(d.terms_);
            if (!(std::isfinite(k) && k != 0 && std::isfinite(sigma) && sigma > 0)) return std::nullopt;
            out.constant = d.offset_;
            out.parts.push_back({Part::Kind::lognormal, k, sigma});
            inputs_of(d.terms_);
            break;
        }
        case Form::sum_of_two: {
            auto first = structure(d.parts().first), second = structure(d.parts().second);
            if (!first || !second) return std::nullopt;
            auto total = independent_sum::independent_total(*first, *second);
            if (total) total->constant += d.constant_;
            return total;
        }
        case Form::samples:
            if (const independent_sum::Sum* s = d.sum()) return *s;
            return std::nullopt;
    }
    return out;
}

const independent_sum::Sum* Distribution::sum() const {
    return form_ == Form::samples ? percentiles_->sum.get() : nullptr;
}

Distribution Distribution::with_sum(std::optional<independent_sum::Sum> sum) && {
    if (form_ == Form::samples && sum && std::isfinite(sum->constant))
        percentiles_->sum = std::make_shared<const independent_sum::Sum>(*std::move(sum));
    return std::move(*this);
}

const extremes::Extreme* Distribution::extreme() const {
    return form_ == Form::samples ? percentiles_->extreme.get() : nullptr;
}

std::optional<extremes::Extreme> Distribution::extreme_of(bool largest, const Distribution& a, const Distribution& b) {
    const auto operands = [largest](const Distribution& d) -> std::optional<extremes::Extreme> {
        if (const extremes::Extreme* e = d.extreme(); e && e->largest == largest) return *e;
        if (auto s = structure(d)) return extremes::of(largest, *s);
        return std::nullopt;
    };
    const auto x = operands(a);
    if (!x) return std::nullopt;
    const auto y = operands(b);
    if (!y) return std::nullopt;
    return extremes::combined(*x, *y);
}

Distribution Distribution::with_extreme(std::optional<extremes::Extreme> extreme) && {
    if (form_ == Form::samples && extreme)
        percentiles_->extreme = std::make_shared<const extremes::Extreme>(*std::move(extreme));
    return std::move(*this);
}

// ---- construction and normal forms ----

Distribution Distribution::point(double x) { return gaussian(x, {}); }

Distribution Distribution::literal(double nearest, double, double) { return point(nearest); }

Distribution Distribution::gaussian(double constant, Terms terms) {
    Distribution d;
    d.form_ = Form::gaussian;
    d.constant_ = constant;
    d.terms_ = std::move(terms);
    return d;
}

Distribution Distribution::log_gaussian(double offset, double scale, double constant, Terms terms) {
    if (scale == 0) return point(offset);
    if (terms.empty()) return point(offset + scale * std::exp(constant));
    Distribution d;
    d.form_ = Form::log_gaussian;
    d.offset_ = offset;
    d.scale_ = scale;
    d.constant_ = constant;
    d.terms_ = std::move(terms);
    return d;
}

Distribution Distribution::sampled(Distribution::SampleVector values, double low, double high) {
    // One pass: min, max, and a sum of v * 0 that is NaN exactly when some v is infinite or NaN.
    const double* x = values.data();
    double min = x[0], max = x[0], nan_if_not_finite = 0;
    // In independent lanes of two, written as GCC and Clang vectors: in one chain each addition of the NaN test
    // waits for the one before. Not arrays of four lanes, which the compiler keeps in memory.
    using Pair = double __attribute__((vector_size(16)));
    const auto load = [x](std::size_t k) {
        Pair v;
        std::memcpy(&v, x + k, sizeof v);
        return v;
    };
    Pair min_a = load(0), min_b = load(2), max_a = min_a, max_b = min_b, nan_a{}, nan_b{};
    for (std::size_t k = 0; k < sample_count; k += 4) {
        const Pair a = load(k), b = load(k + 2);
        // Kept on the left, as minpd and maxpd keep their destination: no copies. (Which of two equal values
        // stays only matters for 0 and -0.)
        min_a = min_a < a ? min_a : a;
        min_b = min_b < b ? min_b : b;
        max_a = max_a > a ? max_a : a;
        max_b = max_b > b ? max_b : b;
        nan_a += a * 0.0;
        nan_b += b * 0.0;
    }
    for (const Pair& m : {min_a, min_b}) min = std::min({min, m[0], m[1]});
    for (const Pair& m : {max_a, max_b}) max = std::max({max, m[0], m[1]});
    nan_if_not_finite = (nan_a[0] + nan_a[1]) + (nan_b[0] + nan_b[1]);
    // The lanes find the same extremes as one pass in order, except which of 0 and -0 comes first and where a NaN
    // is: those few values take the pass in order, so every support is what it was.
    if (!(nan_if_not_finite == 0) || min == 0 || max == 0) {
        min = x[0], max = x[0], nan_if_not_finite = 0;
        for (std::size_t k = 0; k < sample_count; ++k) {
            min = x[k] < min ? x[k] : min;
            max = x[k] > max ? x[k] : max;
            nan_if_not_finite += x[k] * 0.0;
        }
    }
    return sampled(std::move(values), low, high, min, max, nan_if_not_finite == 0);
}

Distribution Distribution::sampled(Distribution::SampleVector values, double low, double high, double min, double max,
                                   bool finite) {
    if (finite && min == max) return point(min);
    Distribution d;
    d.form_ = Form::samples;
    // Rounding in the samples may step an ulp past a bound computed from the supports: keep every sample inside.
    d.support_low_ = std::isnan(low) ? -inf : std::min(low, min);
    d.support_high_ = std::isnan(high) ? inf : std::max(high, max);
    d.finite_ = finite;
    d.samples_ = std::make_shared<const SampleVector>(std::move(values));
    d.percentiles_ = std::make_shared<Percentiles>();
    d.percentiles_->smallest = min;
    d.percentiles_->largest = max;
    return d;
}

Distribution::Samples Distribution::samples() const {
    if (form_ == Form::samples) return samples_;
    if (form_ == Form::sum_of_two) {
        Parts& parts = this->parts();
        parts.samples_once([&] {
            SampleVector values(sample_count, boost::container::default_init);
            const double c = constant_;
            const auto a = parts.first.samples(), b = parts.second.samples();
            if (c == 0) {
                map(values.data(), a->data(), b->data(), [](double x, double y) { return x + y; });
            } else {
                map(values.data(), a->data(), b->data(), [c](double x, double y) { return c + (x + y); });
            }
            parts.samples = std::make_shared<const SampleVector>(std::move(values));
        });
        return parts.samples;
    }
    return SamplesMemo::of_this_thread().get(form_ == Form::log_gaussian, offset_, scale_, constant_, terms_,
                                             [this] { return closed_form_samples(); });
}

Distribution::Samples Distribution::closed_form_samples() const {
    SampleVector values(sample_count, boost::container::default_init);
    double* x = values.data();
    const double max_z = largest_sample_z();
    if (form_ == Form::log_gaussian && terms_.size() == 1) {
        const double factor = scale_ * std::exp(constant_);
        if (std::abs(terms_[0].weight) * max_z <= 708 && std::isnormal(factor)) {
            // One input: offset + scale e^c e^(w Z) takes only N values, one per cell of the input's column, and
            // the sorted normal quantiles are symmetric, so exps of the lower half and their reciprocals give all
            // of them: half the exps, which are most of the cost of a sum of two lognormals.
            // Not zero-filled first: every entry is written, and a fill would cost as much as the look-ups.
            const auto table = std::make_unique_for_overwrite<double[]>(sample_count);
            half_exp_table(table.get(), sobol_points::normal_quantiles().data(), terms_[0].weight);
            look_up(x, sobol_points::uniform_column(terms_[0].input)->data(), table.get(), factor, offset_);
            return std::make_shared<const SampleVector>(std::move(values));
        }
    }
    if (terms_.size() == 1) {
        affine(x, sobol_points::normal_column(terms_[0].input)->data(), constant_, terms_[0].weight);
    } else {
        std::fill(values.begin(), values.end(), constant_);
        for (const Term& t : terms_) add_scaled(x, sobol_points::normal_column(t.input)->data(), t.weight);
    }
    if (form_ == Form::log_gaussian) {
        double reach = 0;
        for (const Term& t : terms_) reach += std::abs(t.weight) * max_z;
        if (constant_ - reach >= -708 && constant_ + reach <= 709) {
            shifted_scaled_exp(x, scale_, offset_);
        } else {
            exp_in_place(x, sample_count, scale_, offset_);
        }
    }
    return std::make_shared<const SampleVector>(std::move(values));
}

template <class F>
Distribution Distribution::elementwise(const Distribution& a, const Distribution& b, double low, double high, F f) {
    SampleVector values(sample_count, boost::container::default_init);
    if (a.is_point()) {
        const double x = a.constant_;
        map(values.data(), b.samples()->data(), [&](double y) { return f(x, y); });
    } else if (b.is_point()) {
        const double y = b.constant_;
        map(values.data(), a.samples()->data(), [&](double x) { return f(x, y); });
    } else {
        map(values.data(), a.samples()->data(), b.samples()->data(), f);
    }
    return sampled(std::move(values), low, high);
}

template <class F>
Distribution Distribution::elementwise(const Distribution& a, double low, double high, F f) {
    SampleVector values(sample_count, boost::container::default_init);
    map(values.data(), a.samples()->data(), f);
    return sampled(std::move(values), low, high);
}

Distribution Distribution::scaled(const Distribution& a, double factor) {
    if (factor == 0) return point(0);
    const auto by = [factor](double w) { return w * factor; };
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ * factor, map_weights(a.terms_, by));
        case Form::log_gaussian: return log_gaussian(a.offset_ * factor, a.scale_ * factor, a.constant_, a.terms_);
        case Form::sum_of_two:
            return sum_of_two(a.constant_ * factor, scaled(a.parts().first, factor), scaled(a.parts().second, factor));
        case Form::samples: break;
    }
    const Range r = times(range_of(a), {factor, factor});
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) sum = a.sum()->scaled(factor);
    if (factor > 0) return order_kept(a, r.low, r.high, 0, factor, true).with_sum(std::move(sum));
    return elementwise(a, r.low, r.high, by).with_sum(std::move(sum));
}

Distribution Distribution::shifted(const Distribution& a, double amount) {
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ + amount, a.terms_);
        case Form::log_gaussian: return log_gaussian(a.offset_ + amount, a.scale_, a.constant_, a.terms_);
        case Form::sum_of_two: return sum_of_two(a.constant_ + amount, a.parts().first, a.parts().second);
        case Form::samples: break;
    }
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) {
        sum = *a.sum();
        sum->constant += amount;
    }
    return order_kept(a, a.support_low_ + amount, a.support_high_ + amount, amount, 1, false).with_sum(std::move(sum));
}

Distribution Distribution::order_kept(const Distribution& a, double low, double high, double shift, double factor,
                                      bool by_factor) {
    // The same arithmetic as elementwise() with x + shift or x * factor.
    SampleVector values(sample_count, boost::container::default_init);
    if (by_factor) {
        map(values.data(), a.samples_->data(), [factor](double x) { return x * factor; });
    } else {
        map(values.data(), a.samples_->data(), [shift](double x) { return x + shift; });
    }
    // A sum of results plus a number (a plan's total and a fixed cost) or times one (a share) would otherwise cost
    // a pass for the extremes and a selection for the percentiles, most of such a total's work. Where a's are
    // known, or kept (SumMemo), these are a few operations. The extremes come from the pass where a mapped one is
    // zero (which zero comes first decides the sign there) or not finite.
    const Percentiles& from = *a.percentiles_;
    const double smallest = by_factor ? from.smallest * factor : from.smallest + shift;
    const double largest = by_factor ? from.largest * factor : from.largest + shift;
    if (!a.finite_ || !std::isfinite(smallest) || !std::isfinite(largest) || smallest == 0 || largest == 0) {
        return sampled(std::move(values), low, high);
    }
    Distribution d = sampled(std::move(values), low, high, smallest, largest, true);
    if (d.form_ == Form::samples) {
        Percentiles& p = *d.percentiles_;
        p.source = std::make_shared<const Distribution>(a);
        p.shift = shift;
        p.factor = factor;
        p.by_factor = by_factor;
    }
    return d;
}

// ---- arithmetic ----

Distribution Distribution::add(Context&, const Distribution& a, const Distribution& b) {
    if (a.is_point()) return shifted(b, a.constant_);
    if (b.is_point()) return shifted(a, b.constant_);
    if (a.form_ == Form::gaussian && b.form_ == Form::gaussian)
        return gaussian(a.constant_ + b.constant_, merge(a.terms_, b.terms_, 1));
    // s_a e^X + s_b e^X: the same lognormal twice (x + x, x - x) stays exact.
    if (a.form_ == Form::log_gaussian && b.form_ == Form::log_gaussian && a.constant_ == b.constant_ &&
        same_terms(a.terms_, b.terms_))
        return log_gaussian(a.offset_ + b.offset_, a.scale_ + b.scale_, a.constant_, a.terms_);
    if (auto exact = exact_sum(a, b)) return *std::move(exact);
    // b's first, in the order elementwise() has always asked for them (GCC evaluates a call's arguments right to
    // left): past the column limit the error names the same input.
    Samples samples_b = b.samples();
    Samples samples_a = a.samples();
    SumMemo& memo = SumMemo::of_this_thread();
    if (const Distribution* kept = memo.find(samples_a, samples_b)) return *kept;
    std::optional<independent_sum::Sum> sum;
    if (auto sa = structure(a)) {
        if (auto sb = structure(b)) sum = independent_sum::independent_total(*sa, *sb);
    }
    Distribution total = elementwise(a, b, a.support_low() + b.support_low(), a.support_high() + b.support_high(),
                                     [](double x, double y) { return x + y; })
                             .with_sum(std::move(sum));
    memo.keep(std::move(samples_a), std::move(samples_b), total);
    return total;
}

std::optional<Distribution> Distribution::exact_sum(const Distribution& a, const Distribution& b) {
    // Every operand as a constant plus parts without constants: at most four parts.
    double c = 0;
    boost::container::small_vector<Distribution, 4> parts;
    for (const Distribution* x : {&a, &b}) {
        switch (x->form_) {
            case Form::gaussian:
                c += x->constant_;
                if (!x->terms_.empty()) parts.push_back(gaussian(0, x->terms_));
                break;
            case Form::log_gaussian:
                c += x->offset_;
                parts.push_back(log_gaussian(0, x->scale_, x->constant_, x->terms_));
                break;
            case Form::sum_of_two:
                c += x->constant_;
                parts.push_back(x->parts().first);
                parts.push_back(x->parts().second);
                break;
            case Form::samples: return std::nullopt;
        }
    }
    // Combine the parts that add exactly (gaussians always; log-gaussians of the same exponent): this is what
    // makes (x + y) - x give y back exactly and (x + y) - (x + y) zero.
    for (std::size_t i = 0; i < parts.size(); ++i) {
        for (std::size_t j = i + 1; j < parts.size();) {
            const Distribution& p = parts[i];
            const Distribution& q = parts[j];
            if (p.form_ == Form::gaussian && q.form_ == Form::gaussian) {
                parts[i] = gaussian(0, merge(p.terms_, q.terms_, 1));
            } else if (p.form_ == Form::log_gaussian && q.form_ == Form::log_gaussian && p.constant_ == q.constant_ &&
                       same_terms(p.terms_, q.terms_)) {
                parts[i] = log_gaussian(0, p.scale_ + q.scale_, p.constant_, p.terms_);
            } else {
                ++j;
                continue;
            }
            parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
            j = i + 1;
        }
        if (parts[i].is_point()) {
            c += parts[i].constant_;
            parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i));
            --i;
        }
    }
    if (parts.empty()) return point(c);
    if (parts.size() == 1) return shifted(parts[0], c);
    if (parts.size() > 2) return std::nullopt;
    // Two parts: independent only when no input is in both.
    for (const Term& s : parts[0].terms_) {
        for (const Term& t : parts[1].terms_) {
            if (s.input == t.input) return std::nullopt;
        }
    }
    // The quadrature needs finite parameters: e^c of a log-gaussian may overflow (then sampling takes it).
    for (const Distribution& p : parts) {
        const two_input_sum::Part q = part(p);
        if (!(std::isfinite(q.k) && q.k != 0 && std::isfinite(q.sigma) && q.sigma > 0)) return std::nullopt;
    }
    if (!std::isfinite(c)) return std::nullopt;
    return sum_of_two(c, std::move(parts[0]), std::move(parts[1]));
}

Distribution Distribution::sum_of_two(double constant, Distribution first, Distribution second) {
    Distribution d;
    d.form_ = Form::sum_of_two;
    d.constant_ = constant;
    auto parts = std::make_shared<Parts>();
    parts->first = std::move(first);
    parts->second = std::move(second);
    d.percentiles_ = std::move(parts);
    return d;
}

Distribution Distribution::negate(Context&, const Distribution& a) {
    switch (a.form_) {
        case Form::gaussian: return gaussian(-a.constant_, map_weights(a.terms_, [](double w) { return -w; }));
        case Form::log_gaussian: return log_gaussian(-a.offset_, -a.scale_, a.constant_, a.terms_);
        case Form::sum_of_two: return scaled(a, -1);
        case Form::samples: break;
    }
    std::optional<independent_sum::Sum> sum;
    if (a.sum()) sum = a.sum()->scaled(-1);
    return elementwise(a, -a.support_high_, -a.support_low_, [](double x) { return -x; }).with_sum(std::move(sum));
}

Distribution Distribution::subtract(Context& context, const Distribution& a, const Distribution& b) {
    return add(context, a, negate(context, b));
}

Distribution Distribution::multiply(Context&, const Distribution& a, const Distribution& b) {
    if (a.is_point()) return scaled(b, a.constant_);
    if (b.is_point()) return scaled(a, b.constant_);
    if (a.form_ == Form::log_gaussian && b.form_ == Form::log_gaussian && a.offset_ == 0 && b.offset_ == 0)
        return log_gaussian(0, a.scale_ * b.scale_, a.constant_ + b.constant_, merge(a.terms_, b.terms_, 1));
    // x * x is a square: its support starts at 0, which interval arithmetic on two unrelated factors cannot see
    // (sqrt(x * x) of a normal x would fail as possibly negative).
    const bool square = a.form_ == b.form_ && a.constant_ == b.constant_ && a.offset_ == b.offset_ &&
                        a.scale_ == b.scale_ && same_terms(a.terms_, b.terms_) && a.samples_ == b.samples_ &&
                        a.percentiles_ == b.percentiles_;
    const Range r = square ? power_range(range_of(a), 2) : times(range_of(a), range_of(b));
    return elementwise(a, b, r.low, r.high, [](double x, double y) { return x * y; });
}

Distribution Distribution::divide(Context&, const Distribution& a, const Distribution& b, int column) {
    if (b.support_low() <= 0 && b.support_high() >= 0) {
        if (b.is_point()) fail(ErrorKind::domain, "Division by zero.", column);
        // A normal divisor whose mean is at least 7.03 standard deviations from zero reaches zero with a chance
        // below 1e-12, which no percentile a result shows can see (a utilization of normal(0.45, 0.05) is 9
        // standard deviations away). It is divided point by point; the quotient may take any value.
        constexpr double z_of_one_in_a_trillion = 7.034;
        if (b.form_ == Form::gaussian && std::abs(b.constant_) >= z_of_one_in_a_trillion * sigma_of(b.terms_)) {
            constexpr double inf = std::numeric_limits<double>::infinity();
            return elementwise(a, b, -inf, inf, [](double x, double y) { return x / y; });
        }
        fail(ErrorKind::domain, "Division by a distribution that can be zero (its values reach from " + number(b.support_low()) + " to " +
                 number(b.support_high()) + "); the result would be unbounded.",
             column);
    }
    if (b.is_point()) {
        // Division, not multiplication by 1/b: (3x) / 3 gives back x exactly.
        const double d = b.constant_;
        const auto by = [d](double w) { return w / d; };
        switch (a.form_) {
            case Form::gaussian: return gaussian(a.constant_ / d, map_weights(a.terms_, by));
            case Form::log_gaussian: return log_gaussian(a.offset_ / d, a.scale_ / d, a.constant_, a.terms_);
            case Form::sum_of_two: return *divided(a, d);
            case Form::samples: {
                std::optional<independent_sum::Sum> sum;
                if (a.sum()) sum = a.sum()->scaled(1 / d);
                const Range r = times(range_of(a), {1 / d, 1 / d});
                return elementwise(a, r.low, r.high, by).with_sum(std::move(sum));
            }
        }
    }
    if (b.form_ == Form::log_gaussian && b.offset_ == 0) {
        if (a.is_point()) return log_gaussian(0, a.constant_ / b.scale_, -b.constant_, merge({}, b.terms_, -1));
        if (a.form_ == Form::log_gaussian && a.offset_ == 0)
            return log_gaussian(0, a.scale_ / b.scale_, a.constant_ - b.constant_, merge(a.terms_, b.terms_, -1));
    }
    const Range r = times(range_of(a), {1 / b.support_high(), 1 / b.support_low()});
    return elementwise(a, b, r.low, r.high, [](double x, double y) { return x / y; });
}

std::optional<Distribution> Distribution::divided(const Distribution& a, double d) {
    // Division, not multiplication by 1/d: (3x) / 3 gives back x exactly.
    const auto by = [d](double w) { return w / d; };
    switch (a.form_) {
        case Form::gaussian: return gaussian(a.constant_ / d, map_weights(a.terms_, by));
        case Form::log_gaussian: return log_gaussian(a.offset_ / d, a.scale_ / d, a.constant_, a.terms_);
        case Form::sum_of_two:
            return sum_of_two(a.constant_ / d, *divided(a.parts().first, d), *divided(a.parts().second, d));
        case Form::samples: break;
    }
    return std::nullopt;
}

Distribution Distribution::power(Context&, const Distribution& base, double exponent, int column) {
    const bool whole = exponent == std::round(exponent);
    if (!whole && base.support_low() < 0) {
        fail(ErrorKind::domain, "A fractional power needs a value that cannot be negative, but the base can go down to " +
                 number(base.support_low()) + ".",
             column);
    }
    if (exponent < 0 && base.support_low() <= 0 && base.support_high() >= 0)
        fail(ErrorKind::domain, "A negative power of a value that can be zero is unbounded.", column);
    if (base.is_point()) return point(std::pow(base.constant_, exponent));
    if (exponent == 1) return base;
    if (exponent == 0) return point(1);
    if (base.form_ == Form::log_gaussian && base.offset_ == 0) {
        // (s e^X)^e = s^e e^(eX); a negative s only reaches here with a whole exponent, where pow keeps the sign.
        return log_gaussian(0, std::pow(base.scale_, exponent), base.constant_ * exponent,
                            map_weights(base.terms_, [exponent](double w) { return w * exponent; }));
    }
    const Range r = power_range(range_of(base), exponent);
    return elementwise(base, r.low, r.high, [exponent](double x) { return std::pow(x, exponent); });
}

Distribution Distribution::absolute(Context& context, const Distribution& a) {
    if (a.support_low() >= 0) return a;
    if (a.support_high() <= 0) return negate(context, a);
    return elementwise(a, 0, std::max(-a.support_low(), a.support_high()), [](double x) { return std::abs(x); });
}

Distribution Distribution::minimum(Context&, const Distribution& a, const Distribution& b) {
    if (a.support_high() <= b.support_low()) return a;
    if (b.support_high() <= a.support_low()) return b;
    return elementwise(a, b, std::min(a.support_low(), b.support_low()), std::min(a.support_high(), b.support_high()),
                       [](double x, double y) { return std::min(x, y); })
        .with_extreme(extreme_of(false, a, b));
}

Distribution Distribution::maximum(Context&, const Distribution& a, const Distribution& b) {
    if (a.support_low() >= b.support_high()) return a;
    if (b.support_low() >= a.support_high()) return b;
    return elementwise(a, b, std::max(a.support_low(), b.support_low()), std::max(a.support_high(), b.support_high()),
                       [](double x, double y) { return std::max(x, y); })
        .with_extreme(extreme_of(true, a, b));
}

Distribution Distribution::exp(Context&, const Distribution& a, int) {
    if (a.is_point()) return point(std::exp(a.constant_));
    if (a.form_ == Form::gaussian) return log_gaussian(0, 1, a.constant_, a.terms_);
    const auto keep = a.samples();
    SampleVector values(*keep);
    exp_in_place(values.data(), sample_count);
    return sampled(std::move(values), std::exp(a.support_low()), std::exp(a.support_high()));
}

Distribution Distribution::log(Context&, const Distribution& a, int column) {
    if (a.support_low() <= 0) {
        fail(ErrorKind::domain, "The logarithm needs a value above zero, but this one can go down to " + number(a.support_low()) + ".",
             column);
    }
    if (a.is_point()) return point(std::log(a.constant_));
    // Above zero with no offset means a positive scale: ln(s e^X) = ln s + X, a normal.
    if (a.form_ == Form::log_gaussian && a.offset_ == 0) return gaussian(std::log(a.scale_) + a.constant_, a.terms_);
    return elementwise(a, std::log(a.support_low()), std::log(a.support_high()), [](double x) { return std::log(x); });
}

}  // namespace ballpark
