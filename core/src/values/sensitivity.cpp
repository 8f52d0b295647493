#include "values/sensitivity.hpp"

#include <algorithm>
#include <cmath>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "numeric/normal.hpp"

namespace ballpark {
namespace {

void check_order(double low, double high, int column) {
    if (low > high) {
        fail("A range must go from low to high, but " + format_number(low, 3, true) + " to " + format_number(high, 3, true) +
                 " goes down.",
             column, "Swap the two ends.");
    }
}

}  // namespace

Sensitivity Sensitivity::new_input(Context& context, double low, double central, double high) {
    Sensitivity v(central);
    const auto index = static_cast<std::uint32_t>(context.inputs.size());
    context.inputs.push_back(Input{low, central, high, {}});
    if (low != high) v.swings_.push_back(Swing{index, low, high});
    return v;
}

Sensitivity Sensitivity::between(Context& context, const Sensitivity& a, const Sensitivity& b, int column) {
    check_order(a.central_, b.central_, column);
    return new_input(context, a.central_, a.central_ / 2 + b.central_ / 2, b.central_);
}

Sensitivity Sensitivity::between3(Context& context, const Sensitivity& low, const Sensitivity& central,
                                  const Sensitivity& high, int column) {
    check_order(low.central_, high.central_, column);
    if (central.central_ < low.central_ || central.central_ > high.central_) {
        fail("The central value " + format_number(central.central_, 3, true) + " lies outside its range " +
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
            r.swings_.push_back(Swing{i->input, f(i->at_low, b.central_), f(i->at_high, b.central_)});
            ++i;
        } else if (i == a.swings_.end() || j->input < i->input) {
            r.swings_.push_back(Swing{j->input, f(a.central_, j->at_low), f(a.central_, j->at_high)});
            ++j;
        } else {
            r.swings_.push_back(Swing{i->input, f(i->at_low, j->at_low), f(i->at_high, j->at_high)});
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
    for (const Swing& s : a.swings_) r.swings_.push_back(Swing{s.input, f(s.at_low), f(s.at_high)});
    return r;
}

template <class Ok>
void Sensitivity::require(const Sensitivity& a, Ok ok, const char* sentence, int column) {
    bool good = ok(a.central_);
    for (const Swing& s : a.swings_) good = good && ok(s.at_low) && ok(s.at_high);
    if (!good) fail(sentence, column);
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
    require(b, [](double x) { return x != 0; }, "Division by zero: the divisor is zero when one input is at an end of its range.",
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

Sensitivity Sensitivity::uniform(Context& context, const Sensitivity& min, const Sensitivity& max, int column) {
    return between(context, min, max, column);
}

Sensitivity Sensitivity::pert(Context& context, const Sensitivity& min, const Sensitivity& likely, const Sensitivity& max,
                              int column) {
    return between3(context, min, likely, max, column);
}

Sensitivity Sensitivity::normal(Context& context, const Sensitivity& mean, const Sensitivity& sd, int column) {
    if (sd.central_ < 0) fail("A standard deviation cannot be negative.", column);
    const double m = mean.central_;
    const double s = sd.central_;
    return new_input(context, m - z95 * s, m, m + z95 * s);
}

Sensitivity Sensitivity::lognormal(Context& context, const Sensitivity& median, const Sensitivity& sigma, int column) {
    if (median.central_ <= 0) fail("The median of a lognormal distribution must be above zero.", column);
    if (sigma.central_ < 0) fail("The sigma of a lognormal distribution cannot be negative.", column);
    const double m = median.central_;
    return new_input(context, m * std::exp(-z95 * sigma.central_), m, m * std::exp(z95 * sigma.central_));
}

double Sensitivity::low() const {
    double x = central_;
    for (const Swing& s : swings_) x = std::min({x, s.at_low, s.at_high});
    return x;
}

double Sensitivity::high() const {
    double x = central_;
    for (const Swing& s : swings_) x = std::max({x, s.at_low, s.at_high});
    return x;
}

bool Sensitivity::is_finite() const {
    bool finite = std::isfinite(central_);
    for (const Swing& s : swings_) finite = finite && std::isfinite(s.at_low) && std::isfinite(s.at_high);
    return finite;
}

}  // namespace ballpark
