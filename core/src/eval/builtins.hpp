// The one table of built-in functions: name, arity, description and implementation together, so that no other
// list of their names exists (the did-you-mean of an unknown function reads this table too). The table is a
// template over the value type because the implementations are; every value type gets the same rows.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark/accelerators.hpp"
#include "ballpark/models.hpp"
#include "ballpark/error.hpp"
#include "values/domain_checks.hpp"
#include "values/law_lognormal.hpp"
#include "values/law_loguniform.hpp"
#include "values/law_normal.hpp"
#include "values/law_pert.hpp"
#include "values/law_triangular.hpp"
#include "values/law_uniform.hpp"
#include "values/law_recorded_utilization.hpp"
#include "values/metalog.hpp"
#include "language/syntax_tree.hpp"
#include "numeric/within_rounding.hpp"
#include "ballpark/text.hpp"
#include "units/value.hpp"
#include "values/value_type.hpp"

namespace ballpark {

template <ValueType V>
class Evaluator;

std::string describe_dimension(const Dimension& dimension);  // evaluator_messages.cpp

// What an implementation sees: the evaluator (for its error wording), the context, the call and its arguments.
template <ValueType V>
struct BuiltinCall {
    Evaluator<V>& evaluator;
    typename V::Context& context;
    const Node& node;
    std::vector<Value<V>>& args;
    // The call's syntax tree, for builtins whose arguments are names (peak(H100)); their `args` stay empty.
    const SyntaxTree* tree = nullptr;

    int column() const { return node.column; }
    std::size_t argument_count() const { return static_cast<std::size_t>(node.argument_count); }
    // Argument k as written, when it is a bare name ("H100", "fp8", "TPU_v5p"); empty otherwise.
    std::string_view name_argument(std::size_t k) const {
        if (!tree || k >= argument_count()) return {};
        const Node& a = tree->nodes[static_cast<std::size_t>(tree->arguments[static_cast<std::size_t>(node.first_argument) + k])];
        return a.kind == NodeKind::name ? a.text : std::string_view{};
    }
    // Where the call is, as the evaluator words it (a column, or the body of a user function).
    Place place() const { return evaluator.place(node.column); }
    std::string at() const { return place().at(); }
    // The first argument's dimension and display unit with a new number.
    Value<V> keep(V number, std::size_t from = 0) const { return Value<V>{std::move(number), args[from].dimension, nullptr}; }
    // Checks that the arguments share a dimension, and gives the first what any of them counted (cycles or an
    // angle), which keep() passes on.
    void same_dimensions(std::string_view op, const char* verb = "compare") {
        for (std::size_t k = 1; k < args.size(); ++k)
            evaluator.same_dimension_counting(args[0], args[k], verb, op, node.column);
    }
};

template <ValueType V>
struct Builtin {
    std::string_view name;
    std::size_t min_arguments;
    std::size_t max_arguments;
    std::string_view description;
    Value<V> (*apply)(BuiltinCall<V>&);
    // True when the arguments are names to look up (an accelerator, a precision), not values: the evaluator then
    // leaves them unevaluated, since "H100" is no variable.
    bool takes_names = false;
    // True for a named distribution: each call makes a new uncertain input, so an expression that calls it writes
    // an unknown of its own (api/recipes.cpp).
    bool makes_input = false;
};

namespace builtin_detail {

inline constexpr std::size_t any_number = std::numeric_limits<std::size_t>::max();

template <class V>
double mean_of(const V& v) {
    if constexpr (DistributionType<V>) return v.mean(); else return v.central();
}

template <class V>
double sd_of(const V& v) {
    if constexpr (DistributionType<V>) return v.sd(); else return 0 * v.central();
}

template <ValueType V>
[[noreturn]] void needs_distribution(BuiltinCall<V>& call) {
    fail_needs_distribution(in_quotes(call.node.text) + call.at() + " describes a distribution, and this result is a pair of bounds.",
                            call.node.text, call.column());
}

template <ValueType V>
Value<V> statistic(BuiltinCall<V>& call, double (*read)(const V&)) {
    if constexpr (DistributionType<V>) {
        return Value<V>{V::point(read(call.args[0].number)), call.args[0].dimension, call.args[0].unit};
    } else {
        (void)read;
        needs_distribution(call);
    }
}

// Whether the subtree `index` reads a variable or a parameter: a name that is not a unit.
inline bool reads_a_variable(const SyntaxTree& tree, std::int32_t index) {
    if (index < 0) return false;
    const Node& n = tree.nodes[static_cast<std::size_t>(index)];
    if (n.kind == NodeKind::name && n.unit < 0) return true;
    for (std::int32_t k = 0; k < n.argument_count; ++k) {
        if (reads_a_variable(tree, tree.arguments[static_cast<std::size_t>(n.first_argument + k)])) return true;
    }
    return reads_a_variable(tree, n.lhs) || reads_a_variable(tree, n.rhs) || reads_a_variable(tree, n.middle);
}

// percentile(x, p): p in percent, strictly between 0 and 100.
template <ValueType V>
Value<V> percentile(BuiltinCall<V>& call) {
    const Value<V>& p = call.args[1];
    call.evaluator.dimensionless("percentile", p, call.column());
    const double percent = p.number.central();
    if (!p.number.is_point() || !(percent > 0 && percent < 100)) {
        fail_about(ErrorKind::domain, "percentile", "A percentile must be one number strictly between 0 and 100, such as 5 or 95, but" + call.at() + " it is " +
                 (p.number.is_point() ? plain_text(percent) : std::string("a range")) + ".",
             call.column());
    }
    // A variable holds a number, not how it was written: p = 95% and p = 0.95 are the same 0.95, which the
    // writer of the first meant as the 95th percentile. Below 1 from a variable is refused rather than guessed;
    // a number written in the call says which it is.
    if (percent < 1 && call.tree && call.argument_count() == 2 &&
        reads_a_variable(*call.tree, call.tree->arguments[static_cast<std::size_t>(call.node.first_argument) + 1])) {
        std::ostringstream shown;  // 6 digits: 95% is 0.9500000000000001 in binary
        shown << percent;
        const std::string held = shown.str();
        fail_about(ErrorKind::ambiguous, "percentile", "The percentile" + call.at() + " comes from a variable that holds " + held +
                 ", which could be a fraction such as 95% (the 95th percentile) or the " + held + "th percentile itself.",
             call.column(),
             "Write percentile(x, 100 * p) when p holds a fraction such as 95%, or the number in the call, as in "
             "percentile(x, " + held + "), for the " + held + "th percentile.");
    }
    if constexpr (DistributionType<V>) {
        const Value<V>& x = call.args[0];
        return Value<V>{V::point(x.number.quantile(percent / 100)), x.dimension, x.unit};
    } else {
        needs_distribution(call);
    }
}

template <ValueType V>
Value<V> square_root(BuiltinCall<V>& call) {
    const Value<V>& x = call.args[0];
    if (x.number.support_low() < 0) {
        std::string hint;
        // The 90% reading reads a range that starts at 0 or below as a normal, which reaches below zero however
        // its ends are written: the sentence alone would not say why `sqrt(0 to 4)` can be negative.
        if constexpr (DistributionType<V>) {
            if (x.number.support_low() == -std::numeric_limits<double>::infinity())
                hint = "In the " + std::string(reading_label(Ends::percentiles)) +
                       " reading a range whose low end is 0 or below is a normal, which reaches below zero: give a low "
                       "end above zero (0.01 to 4) for a lognormal, or write uniform(0, 4).";
        }
        fail_domain("\"sqrt\" needs a value that cannot be negative" + call.place().in_parentheses() + ".", "sqrt",
                    call.column(), std::move(hint));
    }
    return Value<V>{V::power(call.context, x.number, 0.5, call.column()), x.dimension.power(0.5), nullptr};
}

template <ValueType V>
Value<V> extreme(BuiltinCall<V>& call, bool smallest) {
    call.same_dimensions(smallest ? "\"min\"" : "\"max\"");
    V best = call.args[0].number;
    for (std::size_t k = 1; k < call.args.size(); ++k) {
        best = smallest ? V::minimum(call.context, best, call.args[k].number) : V::maximum(call.context, best, call.args[k].number);
    }
    return call.keep(std::move(best));
}

// The total of the arguments, which share a dimension: sum(a, b, c) is a + b + c. Over a column of rows (the add-in's
// name bound to a column) the rows are its arguments.
template <ValueType V>
Value<V> total(BuiltinCall<V>& call) {
    call.same_dimensions("\"sum\"", "add");
    V sum = call.args[0].number;
    for (std::size_t k = 1; k < call.args.size(); ++k) sum = V::add(call.context, sum, call.args[k].number);
    return call.keep(std::move(sum));
}

// low, central, high: one of the three numbers a result shows, as an exact number with the same unit.
template <ValueType V>
Value<V> part(BuiltinCall<V>& call, double (V::*read)() const) {
    const Value<V>& x = call.args[0];
    return Value<V>{V::point((x.number.*read)()), x.dimension, x.unit};
}

template <ValueType V>
Value<V> logarithm(BuiltinCall<V>& call, bool decimal) {
    const V& x = call.args[0].number;
    call.evaluator.dimensionless(call.node.text, call.args[0], call.column());
    check_log_domain(call.node.text, x.support_low(), x.support_high(), call.place());
    if (!decimal) return call.keep(V::log(call.context, x, call.column()));
    if constexpr (requires { V::log10(call.context, x, call.column()); }) {
        return call.keep(V::log10(call.context, x, call.column()));
    } else {
        // log10 x = ln x / ln 10, with ln 10 enclosed so the quotient keeps a bounds type's guarantee.
        constexpr double ln10 = 2.302585092994045684;
        const V divisor = V::literal(ln10, std::nextafter(ln10, 0.0), std::nextafter(ln10, 3.0));
        return call.keep(V::divide(call.context, V::log(call.context, x, call.column()), divisor, call.column()));
    }
}

// A named distribution described by its law (values/law.hpp): `Named` gives the call's signature and makes the
// law from the numbers. Every argument is one number, and all share one dimension but those the signature makes
// plain numbers (lognormal's sigma), checked here alike for every law, naming the argument by its parameter; the
// law's own function checks what makes a distribution. The arguments that give the support's ends give the bounds
// readings what they enclose.
template <ValueType V, class Named>
Value<V> named_law(BuiltinCall<V>& call) {
    static constexpr const char* ordinals[] = {"first", "second", "third", "fourth", "fifth"};
    constexpr const LawSignature& signature = Named::signature;
    const std::string name(signature.name);
    const auto role = [&](std::size_t k) {
        return std::string(signature.parameters[k]) + " (its " + ordinals[k] + " argument)";
    };
    auto& a = call.args;
    const int column = call.column();
    // Named here rather than by same_dimensions' "both sides", since three or more arguments have no two sides.
    const std::size_t shared = std::min(a.size(), signature.plain_from);
    for (std::size_t k = 1; k < shared; ++k) {
        if (!(a[k].dimension == a[0].dimension)) {
            fail_about(ErrorKind::dimension, name,
                       in_quotes(name) + " needs all its arguments in one dimension, but" + call.at() + " its " + role(k) + " is " +
                           describe_dimension(a[k].dimension) + " where its " + std::string(signature.parameters[0]) + " is " +
                           describe_dimension(a[0].dimension) + ".",
                       column, "Write every argument as the same kind of quantity, as in " + std::string(signature.example) + ".");
        }
    }
    // What the shared arguments counted (cycles or an angle) goes to the first, which keep() passes on.
    for (std::size_t k = 1; k < shared; ++k)
        call.evaluator.same_dimension_counting(a[0], a[k], "compare", in_quotes(name), column);
    for (std::size_t k = shared; k < a.size(); ++k) call.evaluator.dimensionless(name, a[k], column);
    std::array<double, 5> x{};
    for (std::size_t k = 0; k < a.size(); ++k) {
        const V& v = a[k].number;
        // A decimal such as 0.1 is, in the bounds readings, the two doubles around it: one number all the same.
        if (!v.is_point() && !within_rounding(v.low(), v.high())) {
            fail_about(ErrorKind::argument, name,
                       in_quotes(name) + " takes single numbers, but" + call.at() + " its " + role(k) + " is uncertain (from " +
                           format_number(v.low(), 3, true) + " to " + format_number(v.high(), 3, true) + ").",
                       column, std::string(signature.single_numbers_hint));
        }
        x[k] = v.central();
    }
    Law law = Named::law(std::span<const double>(x.data(), a.size()), column, call.at());
    law.outer_low = law.low;
    law.outer_high = law.high;
    if (signature.low_argument < a.size()) law.outer_low = std::min(law.low, a[signature.low_argument].number.low());
    if (signature.high_argument < a.size()) law.outer_high = std::max(law.high, a[signature.high_argument].number.high());
    // A law without arguments (recorded_utilization()) is a plain number.
    if (a.empty()) return Value<V>{V::law(call.context, law, column), Dimension{}, nullptr};
    return call.keep(V::law(call.context, law, column));
}

// peak(H100), peak(H100, fp8), power(H100), memory(H100), bandwidth(H100): a figure of the accelerator table as
// an exact number. The names are read as written, so "H100" needs no quotes and no variable of that name.
enum class AcceleratorFigure { peak, power, memory, bandwidth };

template <ValueType V>
Value<V> accelerator_figure(BuiltinCall<V>& call, AcceleratorFigure figure) {
    const auto name = call.name_argument(0);
    const std::string function(call.node.text);
    if (name.empty()) {
        fail_about(ErrorKind::argument, function, in_quotes(function) + call.at() + " takes the name of an accelerator as written, such as " + function +
                 "(H100) or " + function + "(TPU_v5p), not a value.",
             call.column());
    }
    std::string_view precision;
    if (call.argument_count() > 1) {
        precision = call.name_argument(1);
        if (precision.empty()) {
            fail_about(ErrorKind::argument, function, in_quotes(function) + call.at() + " takes a precision as its second argument, such as fp8, bf16, fp16, "
                     "tf32 or fp32, written without quotes.",
                 call.column());
        }
    }
    Result<Quantity> q = [&] {
        switch (figure) {
            case AcceleratorFigure::peak: return accelerator_peak(name, precision);
            case AcceleratorFigure::power: return accelerator_power(name);
            case AcceleratorFigure::memory: return accelerator_memory(name);
            default: return accelerator_bandwidth(name);
        }
    }();
    if (!q) {
        // "…at column 1: the accelerator table has no fp8 peak…", keeping a name's capital ("NVIDIA V100 has…").
        Error error = q.error();
        // The table names the precision it has; here the way to ask for it is an argument.
        if (error.kind == ErrorKind::other_precision) {
            error.hint = "Write " + function + "(" + std::string(name) + ", " + error.argument + ").";
        }
        const Place place = call.place();
        found_in(error, ErrorPlace{ErrorPlace::What::call, function, std::string(place.body), place.column});
        error.column = call.column();
        error.function = function;
        fail(std::move(error));
    }
    return Value<V>{V::point(q->central), q->dimension, nullptr};
}

// model(Llama_3_8B, kv_heads): a figure of the model table as an exact plain number. Both names are read as
// written, as peak(H100) reads its accelerator.
template <ValueType V>
Value<V> model_shape_figure(BuiltinCall<V>& call) {
    const auto name = call.name_argument(0);
    const auto figure = call.name_argument(1);
    const std::string function(call.node.text);
    if (name.empty() || figure.empty()) {
        fail_about(ErrorKind::argument, function, in_quotes(function) + call.at() + " takes a model's name and a figure as written, such as " +
                 function + "(Llama_3_8B, kv_heads) or " + function + "(Mixtral_8x7B, active_params), not values.",
             call.column());
    }
    Result<Quantity> q = model_figure(name, figure);
    if (!q) {
        Error error = q.error();
        const Place place = call.place();
        found_in(error, ErrorPlace{ErrorPlace::What::call, function, std::string(place.body), place.column});
        error.column = call.column();
        error.function = function;
        fail(std::move(error));
    }
    return Value<V>{V::point(q->central), q->dimension, nullptr};
}

}  // namespace builtin_detail

template <ValueType V>
std::span<const Builtin<V>> builtin_functions() {
    using namespace builtin_detail;
    static const Builtin<V> table[] = {
        {"sqrt", 1, 1, "the square root; the unit's powers are halved (sqrt(9 m^2) is 3 m)", &square_root<V>},
        {"abs", 1, 1, "the absolute value", [](BuiltinCall<V>& c) { return c.keep(V::absolute(c.context, c.args[0].number)); }},
        {"min", 1, any_number, "the smallest of its arguments, which share a dimension",
         [](BuiltinCall<V>& c) { return extreme(c, true); }},
        {"max", 1, any_number, "the largest of its arguments, which share a dimension",
         [](BuiltinCall<V>& c) { return extreme(c, false); }},
        {"sum", 1, any_number, "the total of its arguments, which share a dimension",
         [](BuiltinCall<V>& c) { return total(c); }},
        {"low", 1, 1, "the low bound (bounds) or 5th percentile (distribution) as a single number",
         [](BuiltinCall<V>& c) { return part(c, &V::low); }},
        {"central", 1, 1, "the central value (bounds) or median (distribution) as a single number",
         [](BuiltinCall<V>& c) { return part(c, &V::central); }},
        {"high", 1, 1, "the high bound (bounds) or 95th percentile (distribution) as a single number",
         [](BuiltinCall<V>& c) { return part(c, &V::high); }},
        {"exp", 1, 1, "e to the power of a plain number",
         [](BuiltinCall<V>& c) {
             c.evaluator.dimensionless("exp", c.args[0], c.column());
             return c.keep(V::exp(c.context, c.args[0].number, c.column()));
         }},
        {"ln", 1, 1, "the natural logarithm of a plain number above zero", [](BuiltinCall<V>& c) { return logarithm(c, false); }},
        {"log10", 1, 1, "the base-10 logarithm of a plain number above zero",
         [](BuiltinCall<V>& c) { return logarithm(c, true); }},
        {"uniform", 2, 2, "uniform(min, max): every value between min and max equally likely; bounds min to max",
         &named_law<V, UniformLaw>, false, true},
        {"pert", 3, 3, "pert(min, likely, max): a PERT distribution; bounds min to max with central value likely",
         &named_law<V, PertLaw>, false, true},
        {"normal", 2, 2, "normal(mean, sd): a normal distribution (distribution mode only: it has no bounds)",
         &named_law<V, NormalLaw>, false, true},
        {"lognormal", 2, 2,
         "lognormal(median, sigma): a lognormal distribution whose logarithm has standard deviation sigma "
         "(distribution mode only)",
         &named_law<V, LognormalLaw>, false, true},
        {"metalog", 3, 5,
         "metalog(p10, p50, p90), with a lower bound metalog(p10, p50, p90, low), with both metalog(p10, p50, p90, low, "
         "high): the three-term metalog through an expert's 10th, 50th and 90th percentiles; bounds low to high when "
         "both are given (otherwise distribution mode only)",
         &named_law<V, MetalogLaw>, false, true},
        {"triangular", 3, 3,
         "triangular(low, mode, high): the triangular distribution rising from low to its peak at mode and falling to "
         "high; bounds low to high with central value mode",
         &named_law<V, TriangularLaw>, false, true},
        {"recorded_utilization", 0, 0,
         "recorded_utilization(): the utilization of the peak that published training runs' reported GPU-hours "
         "imply (downtime and restarts included), a metalog through the record's 10th, 50th and 90th percentiles "
         "(21%, 32%, 45%); bounds its smallest and largest, 13.8% to 51.4%",
         &named_law<V, RecordedUtilizationLaw>, false, true},
        {"loguniform", 2, 2,
         "loguniform(low, high): every order of magnitude between low and high equally likely (its logarithm uniform), "
         "low above zero; bounds low to high with central value the geometric mean",
         &named_law<V, LoguniformLaw>, false, true},
        {"mean", 1, 1, "the mean of a distribution (distribution mode)",
         [](BuiltinCall<V>& c) { return statistic(c, +[](const V& v) { return mean_of(v); }); }},
        {"sd", 1, 1, "the standard deviation of a distribution (distribution mode)",
         [](BuiltinCall<V>& c) { return statistic(c, +[](const V& v) { return sd_of(v); }); }},
        {"percentile", 2, 2, "percentile(x, p): the value below which p percent of the distribution lies (distribution mode)",
         &percentile<V>},
        {"peak", 1, 2,
         "peak(H100) or peak(H100, fp8): an accelerator's dense peak throughput from the accelerator table; the "
         "precision is bf16 unless fp8, fp16, tf32 or fp32 is named",
         [](BuiltinCall<V>& c) { return accelerator_figure(c, AcceleratorFigure::peak); }, true},
        {"power", 1, 1, "power(H100): an accelerator's thermal design power (TDP) from the accelerator table",
         [](BuiltinCall<V>& c) { return accelerator_figure(c, AcceleratorFigure::power); }, true},
        {"memory", 1, 1, "memory(H100): an accelerator's memory capacity from the accelerator table",
         [](BuiltinCall<V>& c) { return accelerator_figure(c, AcceleratorFigure::memory); }, true},
        {"bandwidth", 1, 1, "bandwidth(H100): an accelerator's memory bandwidth from the accelerator table",
         [](BuiltinCall<V>& c) { return accelerator_figure(c, AcceleratorFigure::bandwidth); }, true},
        {"model", 2, 2,
         "model(Llama_3_8B, layers): a figure of a published model's shape from the model table: layers, hidden, "
         "heads, kv_heads, head_size, vocab, context, total_params (what memory holds) or active_params (what a "
         "token goes through; the same for a dense model)",
         &model_shape_figure<V>, true},
    };
    return table;
}

template <ValueType V>
const Builtin<V>* find_builtin(std::string_view name) {
    for (const Builtin<V>& b : builtin_functions<V>())
        if (b.name == name) return &b;
    return nullptr;
}

}  // namespace ballpark
