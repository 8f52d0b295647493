#include "values/sensitivity.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "numeric/within_rounding.hpp"

namespace ballpark {
namespace {

void check_order(double low, double high, int column) {
    if (low > high && !within_rounding(low, high)) {
        fail(ErrorKind::range_order, "A range must go from low to high, but " + format_number(low, 3, true) + " to " + format_number(high, 3, true) +
                 " goes down.",
             column, "Swap the two ends.");
    }
}

}  // namespace

double Sensitivity::Swing::lowest() const { return std::min({at_low, at_high, *std::ranges::min_element(inside)}); }
double Sensitivity::Swing::highest() const { return std::max({at_low, at_high, *std::ranges::max_element(inside)}); }

Sensitivity Sensitivity::new_input(Context& context, double low, double central, double high) {
    Sensitivity v(central);
    const auto index = static_cast<std::uint32_t>(context.inputs.size());
    context.inputs.push_back(Input{low, central, high, {}, {}, {}});
    if (low != high) {
        Swing s{index, low, high, {}};
        for (std::size_t k = 0; k < scan_points; ++k)
            s.inside[k] = low + (high - low) * static_cast<double>(k + 1) / static_cast<double>(scan_points + 1);
        v.swings_.push_back(s);
    }
    return v;
}

Sensitivity Sensitivity::between(Context& context, const Sensitivity& a, const Sensitivity& b, int column) {
    check_order(a.central_, b.central_, column);
    // Ends that differ only by rounding (0.1+0.2 to 0.3) are one number, not an input.
    double low = a.central_, high = b.central_;
    if (within_rounding(low, high)) low = high = low / 2 + high / 2;
    // The percentiles' `a to b` above zero is a lognormal: its median is the geometric mean of the ends.
    const double central = context.percentiles() && low > 0 ? std::sqrt(low) * std::sqrt(high) : low / 2 + high / 2;
    return new_input(context, low, central, high);
}

Sensitivity Sensitivity::fraction_between(Context& context, const Sensitivity& a, const Sensitivity& b, int column) {
    const double low = a.central_, high = b.central_;
    // Ends at or beyond 0 and 1 have no logit-normal: the 90% reading refuses them, and here they are `a to b`.
    if (!context.percentiles() || !(low > 0 && high < 1 && low < high)) return between(context, a, b, column);
    check_order(low, high, column);
    const double logit_low = std::log(low) - std::log1p(-low), logit_high = std::log(high) - std::log1p(-high);
    return new_input(context, low, 1 / (1 + std::exp(-(logit_low / 2 + logit_high / 2))), high);
}

Sensitivity Sensitivity::between3(Context& context, const Sensitivity& low, const Sensitivity& central,
                                  const Sensitivity& high, int column) {
    check_order(low.central_, high.central_, column);
    if (central.central_ < low.central_ || central.central_ > high.central_) {
        fail(ErrorKind::range_order, "The central value " + format_number(central.central_, 3, true) + " lies outside its range " +
                 format_number(low.central_, 3, true) + " to " + format_number(high.central_, 3, true) + ".",
             column);
    }
    return new_input(context, low.central_, central.central_, high.central_);
}

void Sensitivity::label_input(Context& context, const Sensitivity& input, std::string label) {
    if (input.swings_.size() != 1) return;
    Input& in = context.inputs[input.swings_.front().input];
    if (in.label.empty()) in.label = std::move(label);
}

template <class F>
Sensitivity Sensitivity::combine(const Sensitivity& a, const Sensitivity& b, F f) {
    Sensitivity r(f(a.central_, b.central_));
    r.swings_.reserve(a.swings_.size() + b.swings_.size());
    auto i = a.swings_.begin();
    auto j = b.swings_.begin();
    // A merge of two lists sorted by input: where only one side depends on an input, the other is central.
    while (i != a.swings_.end() || j != b.swings_.end()) {
        if (j == b.swings_.end() || (i != a.swings_.end() && i->input < j->input)) {
            Swing s{i->input, f(i->at_low, b.central_), f(i->at_high, b.central_), {}};
            for (std::size_t k = 0; k < scan_points; ++k) s.inside[k] = f(i->inside[k], b.central_);
            r.swings_.push_back(s);
            ++i;
        } else if (i == a.swings_.end() || j->input < i->input) {
            Swing s{j->input, f(a.central_, j->at_low), f(a.central_, j->at_high), {}};
            for (std::size_t k = 0; k < scan_points; ++k) s.inside[k] = f(a.central_, j->inside[k]);
            r.swings_.push_back(s);
            ++j;
        } else {
            Swing s{i->input, f(i->at_low, j->at_low), f(i->at_high, j->at_high), {}};
            for (std::size_t k = 0; k < scan_points; ++k) s.inside[k] = f(i->inside[k], j->inside[k]);
            r.swings_.push_back(s);
            ++i;
            ++j;
        }
    }
    return r;
}

template <class F>
Sensitivity Sensitivity::map(const Sensitivity& a, F f) {
    Sensitivity r(f(a.central_));
    r.swings_.reserve(a.swings_.size());
    for (const Swing& s : a.swings_) {
        Swing out{s.input, f(s.at_low), f(s.at_high), {}};
        for (std::size_t k = 0; k < scan_points; ++k) out.inside[k] = f(s.inside[k]);
        r.swings_.push_back(out);
    }
    return r;
}

template <class Ok>
void Sensitivity::require(const Sensitivity& a, Ok ok, const char* sentence, int column) {
    bool good = ok(a.central_);
    for (const Swing& s : a.swings_) good = good && ok(s.at_low) && ok(s.at_high) && std::ranges::all_of(s.inside, ok);
    if (!good) fail(ErrorKind::domain, sentence, column);
}

Sensitivity Sensitivity::add(Context&, const Sensitivity& a, const Sensitivity& b) {
    return combine(a, b, [](double x, double y) { return x + y; });
}
Sensitivity Sensitivity::subtract(Context&, const Sensitivity& a, const Sensitivity& b) {
    return combine(a, b, [](double x, double y) { return x - y; });
}
Sensitivity Sensitivity::multiply(Context&, const Sensitivity& a, const Sensitivity& b) {
    return combine(a, b, [](double x, double y) { return x * y; });
}
Sensitivity Sensitivity::negate(Context&, const Sensitivity& a) {
    return map(a, [](double x) { return -x; });
}

Sensitivity Sensitivity::divide(Context&, const Sensitivity& a, const Sensitivity& b, int column) {
    require(b, [](double x) { return x != 0; }, "Division by zero: the divisor is zero when one input is at a point of its range.",
            column);
    return combine(a, b, [](double x, double y) { return x / y; });
}

Sensitivity Sensitivity::power(Context&, const Sensitivity& a, double exponent, int column) {
    if (exponent != std::round(exponent)) {
        require(a, [](double x) { return x >= 0; }, "A fractional power needs a value that cannot be negative.", column);
    }
    if (exponent < 0) require(a, [](double x) { return x != 0; }, "A negative power of a value that can be zero is unbounded.", column);
    return map(a, [exponent](double x) { return std::pow(x, exponent); });
}

Sensitivity Sensitivity::absolute(Context&, const Sensitivity& a) {
    return map(a, [](double x) { return std::abs(x); });
}
Sensitivity Sensitivity::minimum(Context&, const Sensitivity& a, const Sensitivity& b) {
    return combine(a, b, [](double x, double y) { return std::min(x, y); });
}
Sensitivity Sensitivity::maximum(Context&, const Sensitivity& a, const Sensitivity& b) {
    return combine(a, b, [](double x, double y) { return std::max(x, y); });
}
Sensitivity Sensitivity::exp(Context&, const Sensitivity& a, int) {
    return map(a, [](double x) { return std::exp(x); });
}
Sensitivity Sensitivity::log(Context&, const Sensitivity& a, int column) {
    require(a, [](double x) { return x > 0; }, "\"ln\" needs a value above zero.", column);
    return map(a, [](double x) { return std::log(x); });
}

Sensitivity Sensitivity::law(Context& context, const Law& law, int) {
    const bool bounds = !context.percentiles() && law.bounded();
    Sensitivity v = bounds ? new_input(context, law.low, law.central, law.high)
                           : new_input(context, law.quantile(0.05), law.median, law.quantile(0.95));
    context.inputs.back().call = law.call;
    return v;
}

double Sensitivity::low() const {
    double x = central_;
    for (const Swing& s : swings_) x = std::min(x, s.lowest());
    return x;
}

double Sensitivity::high() const {
    double x = central_;
    for (const Swing& s : swings_) x = std::max(x, s.highest());
    return x;
}

bool Sensitivity::is_finite() const {
    bool finite = std::isfinite(central_);
    for (const Swing& s : swings_)
        finite = finite && std::isfinite(s.at_low) && std::isfinite(s.at_high) &&
                 std::ranges::all_of(s.inside, [](double x) { return std::isfinite(x); });
    return finite;
}

}  // namespace ballpark
