// Each sheet function turns each argument into one core input (a number, a quantity text, the cells of a range,
// an accelerator's peak as a quantity) and lets the core do the rest: it reads every input once, in the mode the
// part asks for, checks it on that reading (the Expectation of its Binding), and computes with it. The
// fixed-formula functions (GPUHOURS, TRAININGFLOP, IMPLIEDUTIL) are functions of the core's prelude and QTYSUM is
// the core's sum, so their units, ranges and error messages are the core's and no formula text is composed here.
#include "sheet_functions.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <forward_list>
#include <string>
#include <optional>
#include <vector>

#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "ballpark/column.hpp"
#include "ballpark/format.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "ballpark/text_cache.hpp"
#include "ballpark/tornado.hpp"

namespace ballpark::sheet {
namespace {

Error error(ErrorKind kind, std::string message, std::string hint = {}) {
    return Error{std::move(message), 0, std::move(hint), kind};
}

// An error whose sentence is about the call itself and begins with the function's name ("GPUHOURS needs tokens,
// …"): its sheet_function says so, and QTYERROR does not name the function again.
Error naming_call(std::string_view function, Error e) {
    e.sheet_function = std::string(function);
    return e;
}

// A sentence about an argument of the call, such as a missing one: the function's name and then `rest`.
Error call_error(std::string_view function, std::string rest, std::string hint = {}) {
    return naming_call(function, error(ErrorKind::argument, std::string(function) + rest, std::move(hint)));
}

// Inside capture_errors, a failed step ends the call with its error: the functions below read as a list of
// steps instead of a ladder of early returns.
template <class T>
T need(Result<T> result) {
    if (!result) throw ErrorException(std::move(result.error()));
    if constexpr (!std::is_void_v<T>) return std::move(*result);
}

// A loop rather than find_first_not_of(" \t"), which calls memchr on the two-character set for each character:
// every text argument of every call is checked.
bool is_blank(std::string_view text) {
    return std::ranges::all_of(text, [](char c) { return c == ' ' || c == '\t'; });
}

bool is_empty(const Arg& arg) {
    if (std::holds_alternative<std::monostate>(arg)) return true;
    const auto* text = std::get_if<std::string>(&arg);
    return text && is_blank(*text);
}

bool is_empty(const Cell& cell) {
    if (std::holds_alternative<std::monostate>(cell)) return true;
    const auto* text = std::get_if<std::string>(&cell);
    return text && is_blank(*text);
}

// "a range of 4 cells (2 rows × 2 columns)", for sentences about a range of the wrong size.
std::string range_size(const Cells& range) {
    return "a range of " + std::to_string(range.cells.size()) + " cells (" + std::to_string(range.rows) +
           (range.rows == 1 ? " row" : " rows") + " × " + std::to_string(range.columns) +
           (range.columns == 1 ? " column)" : " columns)");
}

// What an argument is, for a sentence that says it is the wrong kind: "the number 3", "a range of 2 cells (…)".
std::string kind_of(const Arg& arg) {
    if (const auto* number = std::get_if<double>(&arg)) return "the number " + plain_text(*number);
    if (const auto* range = std::get_if<Cells>(&arg)) return range_size(*range);
    if (const auto* text = std::get_if<std::string>(&arg)) return "the text " + in_quotes(*text);
    return "empty";
}

// The cells of a range that stands for one uncertain quantity: 2 cells (low, high) or 3 (low, central, high), in
// one row. A range of several rows is a column of models (one value or one range per row), never one quantity, so
// a function that cannot compute a column refuses it with a sentence instead of reading two models as the low and
// the high of one. (A cell showing an error inside a range never gets here: Calc refuses the call itself and shows
// Err:504, in QTYERROR too.) `what` names the argument in sentences ("params", "the value of \"u\"").
struct RangeCells {
    const Cell* low = nullptr;
    const Cell* central = nullptr;  // null for two cells
    const Cell* high = nullptr;
};

constexpr std::string_view range_in_a_row_hint =
    "Give the low and the high end in a row, as in A1:B1 (low, central and high as in A1:C1); a range of cells in "
    "one column is a column of models, one per row.";

Result<RangeCells> range_cells(const Cells& range, std::string_view what) {
    const std::size_t n = range.cells.size();
    if (range.rows > 1 && range.columns == 1 && n <= 3) {
        return std::unexpected(error(ErrorKind::argument, std::string(what) + " is " + range_size(range) +
                                         ", a column, but it takes one quantity, whose low and high cells go in one row.",
                                     std::string(range_in_a_row_hint)));
    }
    if (range.rows != 1 || n < 2 || n > 3) {
        return std::unexpected(error(ErrorKind::argument, std::string(what) + " is " + range_size(range) +
                                         ", but a range of cells must be 2 cells (low, high) or 3 cells (low, central, "
                                         "high) in one row.",
                                     std::string(range_in_a_row_hint)));
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (is_empty(range.cells[i])) {
            return std::unexpected(error(ErrorKind::argument, std::string(what) + " is a range whose cell " + std::to_string(i + 1) + " of " +
                                             std::to_string(n) + " is empty, but each cell must hold a number or a "
                                             "quantity text."));
        }
    }
    RangeCells out{&range.cells[0], n == 3 ? &range.cells[1] : nullptr, &range.cells[n - 1]};
    return out;
}

// Whether a text has a decimal comma between digits ("1,5"), as a German or French Calc writes numbers joined
// into a text with &. Ballpark refuses it rather than guessing: "1,500" is one and a half in Berlin and fifteen
// hundred in London. Inside brackets "," separates a function's arguments ("normal(1,2)"), so it is no decimal.
// A comma before a group of three digits ("1,500", "8,000,000,000") never gets this far: grouped_number below
// refuses it with a sentence about thousands separators before the core reads the text.
bool has_decimal_comma(std::string_view text) {
    int depth = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '(' || text[i] == '[') ++depth;
        if ((text[i] == ')' || text[i] == ']') && depth > 0) --depth;
        if (depth == 0 && i > 0 && text[i] == ',' && std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
            std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
            return true;
        }
    }
    return false;
}

constexpr std::string_view decimal_comma_hint =
    "Ballpark reads only a decimal point: write 1.5, not 1,5. To use a number from a cell, bind it instead of "
    "joining it into the text with &, as in QTY(\"x * 1 hour\"; ; \"x\"; A1): it then reaches Ballpark as a "
    "number in any locale.";

// The core's error for a text the user typed, with the decimal-comma hint when that is the likely cause.
Error with_comma_hint(std::string_view text, Error e) {
    if (has_decimal_comma(text)) e.hint = trim_join(std::string(decimal_comma_hint), e.hint);
    return e;
}

// A result text whose recipe the store does not hold: the store forgot it (its byte limit), or the text comes from a
// session that has ended (a file saved with a pasted copy of a result, a text copied from another office).
Error forgotten_result(std::string_view shown) {
    Error e = error(ErrorKind::forgotten_result, "The text " + in_quotes(shown) + " is a Ballpark result that this office no longer remembers "
                    "(it was pasted as a value, saved by a session that has ended, or forgotten when the memory for "
                    "results was full), so its shared inputs are unknown and reading it as printed could give a "
                    "different number.");
    return e;
}

// A number written with separators between groups of three digits ("1.500", "1,500", "8,000,000,000",
// "1.500,5"): a point or a comma that one locale reads as thousands and another as a decimal. Calc writes such
// texts itself (TEXT(1500; "#,##0") is "1.500" in a German sheet and "1,500" in an English one), so Ballpark
// refuses them the same way in every locale instead of reading "1.500" as one and a half in Berlin, where it means
// fifteen hundred. A number qualifies when its integer part is 1 to 3 digits without a leading 0 and a separator
// follows with exactly three digits after it: "1.5", "0.125", "1.50" and "1.2345" are no groups and stay numbers.
// Inside brackets a comma separates a function's arguments ("normal(1,500)"), so only a point groups there.
struct GroupedNumber {
    std::string_view written;  // "1.500", "8,000,000,000", "1.500,5"
    char separator = '.';      // between the groups
    std::size_t groups = 0;    // of three digits after the integer part
    std::string plain;         // the number without its groups' separators, a point before any decimals: "1500.5"
    std::string integer;       // "1"
    std::string group_digits;  // the digits of the groups: "500"
    bool decimals = false;     // the other separator and decimals follow the groups ("1.500,5")
};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Whether a point or a comma stands between a digit and three digits anywhere in the text: the only texts in which
// grouped_number can find a group. Every text argument of every call is checked and most have no point or comma at
// all, so each separator is looked for with memchr, which passes over such a text much faster than a loop over
// every byte.
bool may_hold_groups(std::string_view text) {
    const auto digit = [&](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    for (const char separator : {'.', ','}) {
        const char* const begin = text.data();
        const char* const end = begin + text.size();
        for (const char* at = begin; (at = static_cast<const char*>(std::memchr(at, separator, static_cast<std::size_t>(end - at))));
             ++at) {
            const std::size_t i = static_cast<std::size_t>(at - begin);
            if (i > 0 && digit(i - 1) && digit(i + 1) && digit(i + 2) && digit(i + 3)) return true;
        }
    }
    return false;
}

std::optional<GroupedNumber> grouped_number(std::string_view text) {
    if (!may_hold_groups(text)) return std::nullopt;
    int depth = 0;
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char c = text[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (!is_digit(c)) continue;
        const char before = i > 0 ? text[i - 1] : ' ';
        const bool starts = !(std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.' || before == ',');
        std::size_t p = i;
        while (p < n && is_digit(text[p])) ++p;
        const std::size_t integer = p - i;
        if (!starts || integer > 3 || c == '0' || p == n || (text[p] != '.' && text[p] != ',') || (text[p] == ',' && depth > 0)) {
            i = p - 1;
            continue;
        }
        GroupedNumber g;
        g.separator = text[p];
        g.integer = std::string(text.substr(i, integer));
        std::size_t q = p;
        while (q + 3 < n && text[q] == g.separator && is_digit(text[q + 1]) && is_digit(text[q + 2]) && is_digit(text[q + 3]) &&
               (q + 4 == n || !is_digit(text[q + 4]))) {
            g.group_digits += text.substr(q + 1, 3);
            ++g.groups;
            q += 4;
        }
        if (g.groups == 0 || (q < n && text[q] == g.separator)) {
            i = p - 1;
            continue;
        }
        g.plain = g.integer + g.group_digits;
        const char other = g.separator == '.' ? ',' : '.';
        if (q + 1 < n && text[q] == other && is_digit(text[q + 1]) && (other == '.' || depth == 0)) {
            std::size_t r = q + 1;
            while (r < n && is_digit(text[r])) ++r;
            g.plain += "." + std::string(text.substr(q + 1, r - q - 1));
            g.decimals = true;
            q = r;
        }
        g.written = text.substr(i, q - i);
        return g;
    }
    return std::nullopt;
}

// "500" -> "5", "000" -> "", "345" -> "345": the decimals of a group read as a fraction, without trailing zeros.
std::string without_trailing_zeros(std::string digits) {
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    return digits;
}

// The number with a scale word, "1.5 thousand" or "8 billion", when that is shorter to read and not itself a group.
std::optional<std::string> scaled(const GroupedNumber& g) {
    static constexpr std::string_view words[] = {"thousand", "million", "billion", "trillion"};
    if (g.decimals || g.groups > std::size(words)) return std::nullopt;
    const std::string fraction = without_trailing_zeros(g.group_digits);
    if (fraction.size() == 3) return std::nullopt;  // "12.345 thousand" would be refused in its turn
    return g.integer + (fraction.empty() ? "" : "." + fraction) + " " + std::string(words[g.groups - 1]);
}

Error grouped_error(const GroupedNumber& g, std::string_view text) {
    const std::string subject = (text.size() == g.written.size() || text.size() > 80 ? "The number "
                                                                                     : "In " + in_quotes(text) + ", ") +
                                std::string(g.written);
    const std::optional<std::string> words = scaled(g);
    const std::string thousands = g.plain + (words ? " or " + *words : "");
    const std::string_view separator = g.separator == '.' ? "point" : "comma";
    if (g.groups == 1 && !g.decimals) {
        // One group: a decimal in one locale, thousands in another. A fourth decimal makes the decimal reading
        // unambiguous where no trailing zero can be dropped: 12.3450.
        const std::string fraction = without_trailing_zeros(g.group_digits);
        const std::string decimal = fraction.size() == 3 ? g.integer + "." + g.group_digits + "0"
                                    : fraction.empty()   ? g.integer
                                                         : g.integer + "." + fraction;
        return error(ErrorKind::ambiguous, subject + " is " + decimal + " with a decimal " + std::string(separator) + " and " + g.plain +
                         " with a thousands " + std::string(separator) + ", and sheets in different locales write both, "
                         "so Ballpark does not guess.",
                     "Ballpark reads no thousands separators and only a decimal point: write " + thousands +
                         " for the thousands, or " + decimal + " for the decimal.");
    }
    return error(ErrorKind::ambiguous, subject + " has thousands " + std::string(separator) + "s, which Ballpark does not read: a point or a "
                     "comma between groups of three digits means thousands in one locale and a decimal in another.",
                 "Write " + thousands + ".");
}

// The recipes that the texts of one call lead to (results of other Ballpark cells), kept alive until the call
// returns: the store may forget them meanwhile. Each sheet function that reads texts holds one while it runs.
class HeldRecipes {
public:
    HeldRecipes() noexcept : previous_(current) { current = this; }
    ~HeldRecipes() { current = previous_; }
    HeldRecipes(const HeldRecipes&) = delete;
    HeldRecipes& operator=(const HeldRecipes&) = delete;

    // A text as a core input: the recipe of the result it is, when it carries a key made for exactly the text it
    // shows; otherwise what it shows (a text typed by hand, a result joined into a longer text or changed by a
    // formula, or one marked by an earlier version, reads as it prints). A result whose recipe the store does not
    // hold is refused: read as it prints, it would lose the inputs it shares with other results without a word.
    static Input input(std::string_view text) {
        const KeyedText keyed = split_key(text);
        if (!keyed.key) return keyed.shown;
        if (current) {
            if (RecipeRef recipe = RecipeStore::instance().recall(*keyed.key)) {
                const Recipe* read = recipe.get();
                current->recipes_.push_back(std::move(recipe));
                return read;
            }
        }
        throw ErrorException(forgotten_result(keyed.shown));
    }

private:
    static thread_local HeldRecipes* current;
    std::vector<RecipeRef> recipes_;
    HeldRecipes* previous_;
};

thread_local HeldRecipes* HeldRecipes::current = nullptr;

// A text argument or cell as a core input (HeldRecipes::input), refused first when it writes a number with
// thousands separators (grouped_number). A result read through its key is exempt: Ballpark printed its numbers, and
// their point is always a decimal point. A text that only ends with a key but shows more ("1.500 * "&A1) is read
// as it shows, so it is checked like any typed text rather than trusted because of the key.
Input text_input(std::string_view text) {
    const Input input = HeldRecipes::input(text);
    if (const auto* shown = std::get_if<std::string_view>(&input)) {
        if (const auto g = grouped_number(*shown)) fail(grouped_error(*g, *shown));
    }
    return input;
}

// `unit`, when given, is the unit to express the result in; it may use units the text declares.
Result<Quantity> evaluate_text(std::string_view text, std::span<const Binding> bindings = {},
                               const EvaluationOptions& options = {}, std::string_view unit = {}) {
    auto q = evaluate_in(text, bindings, unit, options);
    if (!q) return std::unexpected(with_comma_hint(text, std::move(q.error())));
    return q;
}

// The expression argument of QTY and its kin as the core evaluates it: a text as typed, with its bindings; a
// number, which Calc hands over as a number in every locale and which is evaluated as that number (the expression
// parameters are `any` for this reason); or an earlier result, read as itself.
struct Expression {
    std::string_view text;
    std::vector<Binding> bindings;
};

Result<Expression> expression_of(const Arg& expression, std::vector<Binding> bindings) {
    if (const auto* number = std::get_if<double>(&expression)) return Expression{"value", {Binding{"value", *number}}};
    if (const auto* text = std::get_if<std::string>(&expression)) {
        const Input input = text_input(*text);
        if (std::holds_alternative<const Recipe*>(input)) return Expression{"value", {Binding{"value", input}}};
        return Expression{std::get<std::string_view>(input), std::move(bindings)};
    }
    if (const auto* range = std::get_if<Cells>(&expression)) {
        return std::unexpected(error(ErrorKind::argument, "The expression is " + range_size(*range) + ", but it should be one cell or a text.",
                                     "A range of cells is welcome as the value of a name; value pair."));
    }
    return std::unexpected(error(ErrorKind::argument, "The expression is empty, but it should be a text such as \"6 FLOP * 70 billion * 2 "
                                 "trillion\" or a number."));
}

Result<Quantity> evaluate_expression(const Expression& e, const EvaluationOptions& options = {}, std::string_view unit = {}) {
    return evaluate_text(e.text, e.bindings, options, unit);
}

Result<Quantity> evaluate_expression(const Arg& expression, std::span<const Binding> bindings,
                                     const EvaluationOptions& options = {}, std::string_view unit = {}) {
    const Expression e = need(expression_of(expression, std::vector<Binding>(bindings.begin(), bindings.end())));
    return evaluate_expression(e, options, unit);
}

// An optional text argument such as a unit or a part; empty means `fallback`.
Result<std::string_view> optional_text(const Arg& arg, std::string_view name, std::string_view fallback,
                                       std::string_view example) {
    if (is_empty(arg)) return fallback;
    // Calc passes a reference to an empty cell as the number 0, and 0 is no unit, part or precision, so it
    // means "left empty" here.
    if (const auto* number = std::get_if<double>(&arg); number && *number == 0) return fallback;
    if (const auto* text = std::get_if<std::string>(&arg)) return std::string_view(*text);
    return std::unexpected(error(ErrorKind::argument, std::string(name) + " should be a text such as " + in_quotes(example) + ", but it is " +
                                 kind_of(arg) + "."));
}

Result<Pick> optional_pick(const Arg& arg) {
    // std::expected's and_then arrives with GCC 13; Debian 12 has 12.
    auto text = optional_text(arg, "part", "", "p95");
    if (!text) return std::unexpected(text.error());
    if (text->empty()) return Pick{};  // central, without parsing its name each call
    auto pick = parse_pick(*text);
    if (!pick) {
        pick.error().message = "part: " + pick.error().message;
        pick.error().input = "part";
    }
    return pick;
}

// Percentiles and the mean read every `a to b` as a 90% interval; the other parts are guaranteed bounds.
EvaluationOptions options_for(const Pick& pick) {
    EvaluationOptions options;
    if (pick.needs_distribution()) options.mode = distribution_mode();
    return options;
}

// accelerator_peak() for a text seen before: a column that names the same chip in every row, or gives its peak
// as "312 TFLOP/s" (which is looked up as a name first and fails with a did-you-mean), repeats the same lookup.
// The table is constant, so answers, errors included, are kept per thread; a full cache starts over.
Result<Quantity> cached_accelerator_peak(std::string_view text) {
    static PerThread<TextCache<Result<Quantity>>> caches;
    return caches.get(1024, std::size_t{1} << 20).get(text, [&] { return accelerator_peak(text); });
}

// A core error about one argument, told with the argument's name so the user knows which cell to fix.
Error about(const Expectation& e, std::string_view text, Error inner) {
    inner.message = std::string(e.name) + " (" + in_quotes(text) + "): " + inner.message;
    inner.input = std::string(e.name);
    return inner;
}

// Hints for the mistakes people make when a count is wanted.
std::string count_hint(const Dimension& found) {
    if (found == Dimension::of(BaseDimension::information)) {
        return "B is the byte, so \"70B\" is 70 byte; write a count as 70 billion or 70e9.";
    }
    return "Write a count as a plain number: 70 billion, 2 trillion or 70e9.";
}

// How one argument of a fixed-formula function is read: the unit a bare number is taken in, whether it may name
// an accelerator, and what the core checks on the value it reads (dimension, above zero, a fraction).
struct Slot {
    Expectation expected;
    std::string_view unit;  // empty for counts and fractions
    bool accepts_accelerator = false;
};

Slot slot(std::string_view variable, std::string_view unit, std::string_view wanted, bool is_fraction = false,
          bool accepts_accelerator = false) {
    Expectation e;
    e.name = variable;
    e.wanted = wanted;
    // A bare number is taken in the unit, so a wanted dimension of "" (a count or fraction) is a plain number.
    e.dimension = unit.empty() ? Dimension{} : unit_quantity(unit)->dimension;
    // Counts, peaks, hours and FLOP per parameter-token are all above zero: zero or less would give an answer of
    // zero, a negative number or infinity instead of an error. A utilization of 35 is almost always 35% typed
    // without the sign; it is caught before it gives 1/100 of the hours.
    e.sign = is_fraction ? Expectation::Sign::fraction : Expectation::Sign::positive;
    if (unit.empty() && !is_fraction) e.dimension_hint = &count_hint;
    e.zero_hint = "An empty cell counts as 0.";
    e.above_one_hint = "Write 35% or 0.35 for thirty-five percent.";
    return Slot{e, unit, accepts_accelerator};
}

// The slots are made on first use: their dimensions come from the unit table.
struct Slots {
    Slot params = slot("params", "", "a count such as 70 billion or 70e9");
    Slot tokens = slot("tokens", "", "a count such as 2 trillion or 2e12");
    Slot peak = slot("peak", "FLOP/s", "a compute rate such as 312 TFLOP/s, or an accelerator name such as A100", false, true);
    Slot util_lo = slot("util_lo", "", "a fraction such as 0.35 or 35%", true);
    Slot util_hi = slot("util_hi", "", "a fraction such as 0.55 or 55%", true);
    Slot gpu_hours = slot("gpu_hours", "hour", "a time such as 1.7 million hour (a bare number is in hours)");
    Slot flop = slot("flop_per_param_token", "FLOP", "a number of FLOP such as 6");
};

const Slots& slots() {
    static const Slots made;
    return made;
}

// One cell of a range as a core input: a number, a text the core reads (and checks) once, or an earlier result.
Input cell_input(const Cell& cell) {
    if (const auto* number = std::get_if<double>(&cell)) return *number;
    return text_input(std::get<std::string>(cell));
}

// The arguments of one planning function as bindings of its prelude parameters. Each argument becomes one core
// input here (a number, a text, the cells of a range, an accelerator's peak as a quantity); the core reads it in
// the call's mode and checks it against its slot's Expectation on that same reading.
class Inputs {
public:
    explicit Inputs(std::string_view function) : function_(function) { bindings_.reserve(4); }

    // Binds `arg` to the slot's parameter; a range of 2 or 3 cells is bound as its ends.
    void add(const Slot& slot, const Arg& arg) { add_as(slot.expected.name, slot, arg); }

    // Binds `parameter` to the range from `low` to `high` (GPUHOURS' util_lo and util_hi), or to `low` alone
    // when `high` is empty; `low` may itself be a range of cells, and then `high` must be empty.
    void add_range(std::string_view parameter, const Slot& low_slot, const Arg& low, const Slot& high_slot, const Arg& high) {
        if (std::holds_alternative<Cells>(low)) {
            if (!is_empty(high)) {
                throw ErrorException(error(ErrorKind::argument, std::string(low_slot.expected.name) + " is a range of cells, so " +
                                           std::string(high_slot.expected.name) + " must be empty, but it is " + kind_of(high) + ".",
                                           "A range of 2 or 3 cells already gives both ends."));
            }
            add_as(parameter, low_slot, low);
            return;
        }
        Binding b{parameter, read(low_slot, low), std::nullopt, low_slot.unit};
        b.expected = &low_slot.expected;
        if (!is_empty(high)) {
            b.high = read(high_slot, high);
            b.high_expected = &high_slot.expected;
        }
        bindings_.push_back(b);
    }

    std::span<const Binding> bindings() const { return bindings_; }

private:
    void add_as(std::string_view parameter, const Slot& slot, const Arg& arg) {
        const auto* range = std::get_if<Cells>(&arg);
        if (!range) {
            Binding b{parameter, read(slot, arg), std::nullopt, slot.unit};
            b.expected = &slot.expected;
            bindings_.push_back(b);
            return;
        }
        auto checked = range_cells(*range, std::string(function_) + "'s " + std::string(slot.expected.name));
        if (!checked) throw ErrorException(naming_call(function_, std::move(checked.error())));
        const RangeCells ends = *checked;
        // Each cell is one end, which the core refuses when it is itself a range ("1 to 2") and names by its cell.
        Binding b{parameter, read(slot, *ends.low), read(slot, *ends.high), slot.unit};
        if (ends.central) b.central = read(slot, *ends.central);
        b.expected = &slot.expected;
        b.ends_are_cells = true;
        bindings_.push_back(b);
    }

    Input read(const Slot& slot, const Cell& cell) {
        if (const auto* text = std::get_if<std::string>(&cell)) return read_text(slot, *text);
        return cell_input(cell);
    }

    Input read(const Slot& slot, const Arg& arg) {
        if (const auto* range = std::get_if<Cells>(&arg)) {
            throw ErrorException(error(ErrorKind::argument, std::string(slot.expected.name) + " should be one value, but it is " + range_size(*range) + "."));
        }
        if (is_empty(arg)) {
            throw ErrorException(call_error(function_, " needs " + std::string(slot.expected.name) + ", " +
                                       std::string(slot.expected.wanted) + "."));
        }
        if (const auto* number = std::get_if<double>(&arg)) return *number;
        return read_text(slot, std::get<std::string>(arg));
    }

    // A text is bound as itself, except an accelerator's name where one is welcome: that is bound as its peak.
    Input read_text(const Slot& slot, const std::string& text) {
        const Input input = text_input(text);
        if (!slot.accepts_accelerator || std::holds_alternative<const Recipe*>(input)) return input;
        auto chip = cached_accelerator_peak(text);
        if (chip) return &peaks_.emplace_front(std::move(*chip));
        // A text that starts with a letter and is no quantity was meant as a name, so the table's did-you-mean is
        // the useful error; "312 TFLOPS/s" and the like fall through to the core's message. (The test reading is
        // cached per thread and made only for such texts.)
        const auto first = text.find_first_not_of(" \t");
        const bool looks_like_name = std::isalpha(static_cast<unsigned char>(text[first]));
        if (looks_like_name && !evaluate(text)) throw ErrorException(about(slot.expected, text, chip.error()));
        return std::string_view(text);
    }

    std::string_view function_;
    std::vector<Binding> bindings_;
    // The accelerators' peaks the bindings point to; a list, so that each stays where it is.
    std::forward_list<Quantity> peaks_;
};

// A name bound to a range of 2 cells (low, high) or 3 cells (low, central, high), handed to the core as values.
Result<Binding> range_binding(std::string_view name, const Cells& range) {
    const RangeCells ends = need(range_cells(range, "The value of " + in_quotes(name)));
    Binding b{name, cell_input(*ends.low), cell_input(*ends.high)};
    if (ends.central) b.central = cell_input(*ends.central);
    b.ends_are_cells = true;
    return b;
}

// The name of pair i (0-based) of the name; value pairs, checked. It and pair_binding throw their error (which the
// sheet function's capture_errors turns into its result) instead of returning a Result: a std::expected of a
// Binding would be made and moved for every pair of every call, for the sake of the rare call that fails.
std::string_view pair_name(std::span<const Arg> pairs, std::size_t i) {
    const auto* name = std::get_if<std::string>(&pairs[i]);
    if (!name || name->empty()) {
        fail(error(ErrorKind::argument, "Pair " + std::to_string(i / 2 + 1) + " should start with a variable name as text, such as "
                   "\"params\", but it starts with " +
                   (name ? std::string("an empty text") : is_empty(pairs[i]) ? "nothing" : "a number") + "."));
    }
    return *name;
}

Result<void> even_pairs(std::span<const Arg> pairs) {
    if (pairs.size() % 2 == 0) return {};
    const auto* name = std::get_if<std::string>(&pairs.back());
    return std::unexpected(error(ErrorKind::argument, "The name; value pairs are uneven: " +
                                 (name ? "the name " + in_quotes(*name) + " has no value after it." : "the last one has no name.")));
}

// A name bound to one value: a number, a text (or an earlier result), or a range of 2 or 3 cells.
Binding pair_binding(std::string_view name, const Arg& value) {
    if (const auto* number = std::get_if<double>(&value)) return Binding{name, *number};
    if (is_empty(value)) fail(error(ErrorKind::argument, "The variable " + in_quotes(name) + " has no value: its cell is empty."));
    if (const auto* range = std::get_if<Cells>(&value)) {
        if (range->rows > 1 && range->columns > 3) {
            fail(error(ErrorKind::argument, "The value of " + in_quotes(name) + " is " + range_size(*range) +
                           ", but a range of cells must be 2 cells (low, high) or 3 cells (low, central, high) "
                           "in one row, or a column of rows of 1, 2 or 3 cells each.",
                       "Give the low and the high end in two adjacent cells, as in A1:B1, or one row per run."));
        }
        // Only QTY, QTYDIST and QTYVALUE compute columns (split_pairs); QTYSWING and QTYTOP get here with one.
        if (range->rows > 1) {
            fail(error(ErrorKind::argument, "The value of " + in_quotes(name) + " is " + range_size(*range) +
                           ", a column of models (one per row), but this function computes one model, so each name "
                           "takes one value or one row of cells.",
                       std::string(range_in_a_row_hint)));
        }
        return need(range_binding(name, *range));
    }
    return Binding{name, text_input(std::get<std::string>(value))};
}

// Name; value pairs from Calc's variable argument list, as bindings into the texts of `pairs`.
Result<std::vector<Binding>> pair_bindings(std::span<const Arg> pairs) {
    std::vector<Binding> out;
    if (auto even = even_pairs(pairs); !even) return std::unexpected(std::move(even.error()));
    out.reserve(pairs.size() / 2);
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const std::string_view name = pair_name(pairs, i);
        out.push_back(pair_binding(name, pairs[i + 1]));
    }
    return out;
}

// A range of several rows is a column of models whatever else the call binds: one value (N×1), a low and a high
// (N×2) or a low, central and high (N×3) per row, for any N from 2. One quantity's low and high are a row (1×2,
// 1×3). A 2×1 or 3×1 range was once read as a range unless a longer column stood beside it, which turned a plan of
// three models into one model's number shown on every row.
bool is_column_shape(const Cells& r) { return r.rows >= 2 && r.columns >= 1 && r.columns <= 3; }

// The pairs of QTY, QTYDIST and QTYVALUE: the names every row shares, and the names bound to a column, each with
// one binding per row that is not blank.
struct SplitPairs {
    std::vector<Binding> shared;
    std::vector<ColumnInput> columns;
    std::size_t rows = 0;  // of the ranges, blank ones included
};

// One row of a column as a binding: one cell, or the row's 2 or 3 cells as low, (central,) high.
Binding row_binding(std::string_view name, const Cells& range, std::size_t k) {
    const std::size_t n = range.columns;
    const Cell* cells = &range.cells[k * n];
    for (std::size_t j = 0; j < n; ++j) {
        if (!is_empty(cells[j])) continue;
        // The sentence only when there is one: every row of a column is checked, and a sentence made for each
        // would be paid by every row.
        const std::string row = "Row " + std::to_string(k + 1) + " of the columns: ";
        throw ErrorException(error(ErrorKind::argument, row + (n == 1 ? "the value of " + in_quotes(name) + " is empty"
                                                 : "the value of " + in_quotes(name) + " has its cell " + std::to_string(j + 1) +
                                                       " of " + std::to_string(n) + " empty") +
                                       ", but other cells of the row are filled: each cell must hold a number or a quantity text.",
                                   "Fill the row, or empty the whole row to leave it out."));
    }
    Binding b{name, cell_input(cells[0])};
    if (n > 1) {
        b.high = cell_input(cells[n - 1]);
        if (n == 3) b.central = cell_input(cells[1]);
        b.ends_are_cells = true;
    }
    b.row = k + 1;
    return b;
}

Result<SplitPairs> split_pairs(std::span<const Arg> pairs) {
    if (auto even = even_pairs(pairs); !even) return std::unexpected(std::move(even.error()));
    // The rows of the columns: every range of a column's shape must have them.
    std::optional<std::size_t> rows;
    std::string_view first;
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const auto* range = std::get_if<Cells>(&pairs[i + 1]);
        if (!range || !is_column_shape(*range)) continue;
        const std::string_view name = pair_name(pairs, i);
        if (rows && *rows != range->rows) {
            return std::unexpected(error(ErrorKind::argument, "The columns differ in length: " + in_quotes(first) + " has " + std::to_string(*rows) +
                                             " rows, but " + in_quotes(name) + " has " + std::to_string(range->rows) + ".",
                                         "Bind every column to the same rows, as A5:A30 and B5:C30."));
        }
        rows = range->rows;
        first = name;
    }
    SplitPairs out;
    if (!rows) {
        out.shared = need(pair_bindings(pairs));
        return out;
    }
    std::vector<std::pair<std::string_view, const Cells*>> columns;
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const std::string_view name = pair_name(pairs, i);
        const auto* range = std::get_if<Cells>(&pairs[i + 1]);
        if (range && is_column_shape(*range)) {
            columns.emplace_back(name, range);
        } else {
            out.shared.push_back(pair_binding(name, pairs[i + 1]));
        }
    }
    out.rows = *rows;
    out.columns.resize(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) out.columns[c].name = columns[c].first;
    for (std::size_t k = 0; k < *rows; ++k) {
        const bool blank = std::ranges::all_of(columns, [&](const auto& column) {
            const Cells& r = *column.second;
            return std::all_of(r.cells.begin() + static_cast<std::ptrdiff_t>(k * r.columns),
                               r.cells.begin() + static_cast<std::ptrdiff_t>((k + 1) * r.columns),
                               [](const Cell& cell) { return is_empty(cell); });
        });
        if (blank) continue;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            out.columns[c].rows.push_back(row_binding(columns[c].first, *columns[c].second, k));
        }
    }
    if (out.columns.front().rows.empty()) {
        return std::unexpected(error(ErrorKind::argument, "Every row of the columns is empty (" + std::to_string(*rows) + " rows, bound to " +
                                     in_quotes(first) + " and the other columns), so there is nothing to compute."));
    }
    return out;
}

// Whether a text argument, or a text cell of a range, has a decimal comma.
bool any_decimal_comma(const Arg& arg) {
    if (const auto* text = std::get_if<std::string>(&arg)) return has_decimal_comma(std::string_view(*text));
    if (const auto* range = std::get_if<Cells>(&arg)) {
        return std::ranges::any_of(range->cells, [](const Cell& cell) {
            const auto* text = std::get_if<std::string>(&cell);
            return text && has_decimal_comma(std::string_view(*text));
        });
    }
    return false;
}

// Gives the core's error about a call the decimal-comma hint when a text the call was given has one. On the error
// alone, so that a successful result is not moved through here.
void add_comma_hint(std::span<const Arg> args, Error& e) {
    if (std::ranges::any_of(args, [](const Arg& a) { return any_decimal_comma(a); })) {
        e.hint = trim_join(std::string(decimal_comma_hint), e.hint);
    }
}

// The expression of QTY, QTYDIST or QTYVALUE with its name; value pairs as bindings.
Expression expression_with_pairs(const Arg& expression, std::span<const Arg> pairs) {
    return need(expression_of(expression, need(pair_bindings(pairs))));
}

Result<Quantity> evaluate_with_pairs(const Expression& e, const Arg& unit, std::span<const Arg> pairs,
                                     const EvaluationOptions& options = {}) {
    const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
    Result<Quantity> q = evaluate_expression(e, options, unit_text);
    if (!q) add_comma_hint(pairs, q.error());
    return q;
}

// A result as the text of a cell: as printed, and marked with the key of its recipe, so that a Ballpark formula
// that reads the cell reads the result itself. A result that no recipe can hold (a text that declares its own
// units) is its text alone, and reads as it prints.
std::string result_text(const Quantity& q, Result<RecipeRef> recipe, int digits = 0) {
    FormatOptions options;
    if (digits > 0) options.point_digits = options.range_digits = digits;
    // A cell has QTYDIM for the dimension, so the "{time}" label would only crowd it.
    options.dimension_label = false;
    // A cell's text may be read by a function of the other reading, or by a person: it says which it is.
    options.reading_label = true;
    std::string text = format(q, options);
    RecipeRef made = need(std::move(recipe));
    if (!made) return text;
    const RecipeRef stored = RecipeStore::instance().remember(std::move(made));
    return with_key(std::move(text), recipe_key(*stored));
}

// Calc shows an infinite result as #NUM! with no reason, so an overflow becomes an error with a sentence.
Result<double> finite(Result<double> value) {
    if (value && !std::isfinite(*value)) {
        return std::unexpected(error(ErrorKind::overflow, "The result is too large for a spreadsheet number.",
                                     "Express it in a larger unit, or check the inputs for a missing scale word."));
    }
    return value;
}

// The parts of QTYVALUE's part argument, separated by spaces or commas ("low central high"); empty: central.
Result<std::vector<Pick>> parts_of(const Arg& part) {
    const std::string_view text = need(optional_text(part, "part", "central", "p5 median p95"));
    std::vector<Pick> picks;
    for (std::size_t start = text.find_first_not_of(" \t,"); start != std::string_view::npos;) {
        const std::size_t end = std::min(text.find_first_of(" \t,", start), text.size());
        auto pick = parse_pick(text.substr(start, end - start));
        if (!pick) {
            pick.error().message = "part: " + pick.error().message;
            pick.error().input = "part";
            return std::unexpected(std::move(pick.error()));
        }
        picks.push_back(*pick);
        start = text.find_first_not_of(" \t,", end);
    }
    if (picks.empty()) picks.push_back(Pick{});
    return picks;
}

// The expression over the columns (column.hpp), with the decimal-comma hint on an error where a text has one.
Result<ColumnResult> column_results(const Expression& e, std::span<const ColumnInput> columns, const Arg& unit,
                                    std::span<const Arg> pairs, Mode mode, bool with_recipes) {
    const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
    auto r = evaluate_column(e.text, e.bindings, columns, unit_text, mode, with_recipes);
    if (!r) {
        if (has_decimal_comma(e.text)) r.error().hint = trim_join(std::string(decimal_comma_hint), r.error().hint);
        else add_comma_hint(pairs, r.error());
    }
    return r;
}

// QTY's and QTYDIST's result: one text, or a column of texts, each marked with the key of its own recipe.
SheetValue result_cells(const Arg& expression, const Arg& unit, std::span<const Arg> pairs, Mode mode) {
    const HeldRecipes held;
    SplitPairs split = need(split_pairs(pairs));
    const Expression e = need(expression_of(expression, std::move(split.shared)));
    const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
    if (split.columns.empty()) {
        EvaluationOptions options;
        options.mode = mode;
        const Quantity q = need(evaluate_with_pairs(e, unit, pairs, options));
        return result_text(q, expression_recipe(e.text, e.bindings, unit_text, mode));
    }
    const ColumnResult r = need(column_results(e, split.columns, unit, pairs, mode, true));
    if (!r.is_column) return result_text(r.values.front(), r.recipes.front());
    Table table{split.rows, 1, {}};
    table.cells.resize(split.rows);
    for (std::size_t k = 0; k < r.values.size(); ++k) {
        table.cells[split.columns.front().rows[k].row - 1] = result_text(r.values[k], r.recipes[k]);
    }
    return table;
}

// The text a single cell shows of a result: the first of a column.
Result<std::string> first_text(Result<SheetValue> value) {
    if (!value) return std::unexpected(std::move(value.error()));
    if (auto* text = std::get_if<std::string>(&*value)) return std::move(*text);
    const Cell& first = std::get<Table>(*value).cells.front();
    if (const auto* text = std::get_if<std::string>(&first)) return *text;
    return std::string();  // a blank first row
}

}  // namespace

Result<double> gpu_hours(const Arg& params, const Arg& tokens, const Arg& peak, const Arg& util_lo,
                         const Arg& util_hi, const Arg& unit, const Arg& part) noexcept {
    return capture_errors([&]() -> Result<double> {
        const HeldRecipes held;
        Inputs in("GPUHOURS");
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        in.add(slots().peak, peak);
        // util_hi may be left out for a single utilization.
        in.add_range("utilization", slots().util_lo, util_lo, slots().util_hi, util_hi);
        const std::string_view unit_text = need(optional_text(unit, "unit", "hour", "day"));
        const Pick which = need(optional_pick(part));
        const Quantity q = need(evaluate_function("gpu_hours", in.bindings(), options_for(which)));
        return finite(value_in(q, unit_text, which));
    });
}

Result<double> unit_convert(const Arg& value, const Arg& from_unit, std::string_view to_unit) noexcept {
    return capture_errors([&]() -> Result<double> {
        if (to_unit.find_first_not_of(" \t") == std::string_view::npos) {
            return std::unexpected(call_error("UNITCONVERT", " needs to_unit, the unit to convert into, such as \"PFLOP/s*day\"."));
        }
        const std::string_view from = need(optional_text(from_unit, "from_unit", "", "TFLOP/s"));
        if (is_empty(value)) return std::unexpected(call_error("UNITCONVERT", " needs a value, such as 312 or \"312 TFLOP/s\"."));
        if (std::holds_alternative<Cells>(value)) {
            return std::unexpected(call_error("UNITCONVERT", " converts one value, but value is " + kind_of(value) + "."));
        }
        if (const auto* number = std::get_if<double>(&value)) {
            if (from.empty()) {
                return std::unexpected(call_error("UNITCONVERT", " needs from_unit when the value is a number.",
                                             "Give the unit, as in UNITCONVERT(312; \"TFLOP/s\"; \"PFLOP/s\"), or write the value "
                                             "with its unit, as in UNITCONVERT(\"312 TFLOP/s\"; ; \"PFLOP/s\")."));
            }
            return finite(convert(*number, from, to_unit));
        }
        const HeldRecipes held;
        const std::string& typed = std::get<std::string>(value);
        const Input input = text_input(typed);
        const auto* result = std::get_if<const Recipe*>(&input);
        const std::string_view text = result ? std::string_view(typed) : std::get<std::string_view>(input);
        if (from.empty()) {
            // Shown in to_unit as the text's own `as` would show it: "60 rpm" in "rad/s" is refused, not 1.
            const Quantity q = need(result ? evaluate(**result) : evaluate_text(text, {}, {}, to_unit));
            return finite(value_in(q, to_unit, Part::central));
        }
        const Quantity q = need(result ? evaluate(**result) : evaluate_text(text));
        // A number written as text ("312") with its unit in from_unit, as when a cell holds text digits.
        if (!q.dimension.is_dimensionless()) {
            return std::unexpected(error(ErrorKind::argument, "The value " + in_quotes(text) + " already has a unit, so from_unit must be empty."));
        }
        return finite(convert(need(value_in(q, "", Part::central)), from, to_unit));
    });
}

Result<double> qty_value(const Arg& expression, const Arg& unit, const Arg& part,
                         std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<double> {
        const HeldRecipes held;
        const Pick which = need(optional_pick(part));
        const Quantity q = need(evaluate_with_pairs(expression_with_pairs(expression, pairs), unit, pairs, options_for(which)));
        // The number is in the unit the result is shown in (`as million hour` or the unit argument), so the
        // cell agrees with QTY; without one it is in SI base units.
        const std::string shown = q.unit ? q.unit->label : std::string{};
        return finite(value_in(q, shown, which));
    });
}

Result<SheetValue> qty_value_cells(const Arg& expression, const Arg& unit, const Arg& part,
                                   std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> {
        const std::vector<Pick> picks = need(parts_of(part));
        const HeldRecipes held;
        SplitPairs split = need(split_pairs(pairs));
        const Expression e = need(expression_of(expression, std::move(split.shared)));
        // One evaluation per mode the parts need (options_for): bounds for low, central and high, the distribution
        // for percentiles and the mean.
        std::optional<std::vector<Quantity>> readings[mode_count];
        bool is_column = false;
        const auto reading = [&](const Pick& which) -> const std::vector<Quantity>& {
            std::optional<std::vector<Quantity>>& r = readings[static_cast<std::size_t>(options_for(which).mode)];
            if (r) return *r;
            if (split.columns.empty()) {
                r.emplace(1, need(evaluate_with_pairs(e, unit, pairs, options_for(which))));
            } else {
                ColumnResult column = need(column_results(e, split.columns, unit, pairs, options_for(which).mode, false));
                is_column = column.is_column;
                r = std::move(column.values);
            }
            return *r;
        };
        const auto number = [&](const Quantity& q, const Pick& which) {
            const std::string shown = q.unit ? q.unit->label : std::string{};
            return need(finite(value_in(q, shown, which)));
        };
        std::vector<double> row;
        for (const Pick& which : picks) row.push_back(number(reading(which).front(), which));
        if (!is_column) return row.size() == 1 ? SheetValue{row.front()} : SheetValue{std::move(row)};
        Table table{split.rows, picks.size(), {}};
        table.cells.resize(split.rows * picks.size());
        const std::size_t results = reading(picks.front()).size();
        for (std::size_t k = 0; k < results; ++k) {
            const std::size_t at = (split.columns.front().rows[k].row - 1) * picks.size();
            for (std::size_t j = 0; j < picks.size(); ++j) table.cells[at + j] = number(reading(picks[j])[k], picks[j]);
        }
        return SheetValue{std::move(table)};
    });
}

Result<std::vector<double>> qty_values(const Arg& expression, const Arg& unit, const Arg& part,
                                       std::span<const Arg> pairs) noexcept {
    auto value = qty_value_cells(expression, unit, part, pairs);
    if (!value) return std::unexpected(std::move(value.error()));
    if (const double* number = std::get_if<double>(&*value)) return std::vector<double>{*number};
    if (auto* row = std::get_if<std::vector<double>>(&*value)) return std::move(*row);
    // A column: its first row, as a single cell shows it (a blank first row: the first that is not).
    const Table& table = std::get<Table>(*value);
    std::size_t k = 0;
    while (k + 1 < table.rows && !std::holds_alternative<double>(table.cells[k * table.columns])) ++k;
    std::vector<double> first;
    for (std::size_t j = 0; j < table.columns; ++j) first.push_back(std::get<double>(table.cells[k * table.columns + j]));
    return first;
}

Result<SheetValue> qty_cells(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> { return result_cells(expression, unit, pairs, Mode{}); });
}

Result<std::string> qty(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return first_text(qty_cells(expression, unit, pairs));
}

Result<std::string> qty_dim(const Arg& expression) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const HeldRecipes held;
        return dimension_name(need(evaluate_expression(expression, {})).dimension);
    });
}

Result<double> training_flop(const Arg& params, const Arg& tokens, const Arg& flop_per_param_token,
                             const Arg& part) noexcept {
    return capture_errors([&]() -> Result<double> {
        const HeldRecipes held;
        Inputs in("TRAININGFLOP");
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        // 6 FLOP per parameter per token unless given (the prelude's training_flop says why).
        in.add(slots().flop, is_empty(flop_per_param_token) ? Arg{6.0} : flop_per_param_token);
        const Pick which = need(optional_pick(part));
        const Quantity q = need(evaluate_function("training_flop", in.bindings(), options_for(which)));
        return finite(value_in(q, "FLOP", which));
    });
}

Result<double> implied_util(const Arg& gpu_hours, const Arg& params, const Arg& tokens, const Arg& peak) noexcept {
    return capture_errors([&]() -> Result<double> {
        const HeldRecipes held;
        Inputs in("IMPLIEDUTIL");
        in.add(slots().gpu_hours, gpu_hours);
        in.add(slots().params, params);
        in.add(slots().tokens, tokens);
        in.add(slots().peak, peak);
        const Quantity q = need(evaluate_function("implied_util", in.bindings()));
        const double utilization = need(finite(value_in(q, "", Part::central)));
        // No run computes faster than its hardware's peak, so above 100% the inputs disagree with each other.
        if (utilization > 1) {
            return std::unexpected(error(ErrorKind::domain, "These figures imply a utilization of " + format_number(utilization * 100, 3) +
                                             "%, above 100%: no run is faster than its hardware's peak.",
                                         "Check that gpu_hours is in hours (not millions of hours) and that peak is for one chip."));
        }
        return utilization;
    });
}

Result<double> accel_peak(std::string_view name, const Arg& precision) noexcept {
    return capture_errors([&]() -> Result<double> {
        const Quantity q = need(accelerator_peak(name, need(optional_text(precision, "precision", "bf16", "fp16"))));
        return finite(value_in(q, "FLOP/s", Part::central));
    });
}

Result<SheetValue> qty_dist_cells(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> { return result_cells(expression, unit, pairs, distribution_mode()); });
}

Result<std::string> qty_dist(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return first_text(qty_dist_cells(expression, unit, pairs));
}

Result<std::string> qty_text(const Arg& value, const Arg& unit, const Arg& digits) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const HeldRecipes held;
        int figures = 0;
        if (const auto* number = std::get_if<double>(&digits)) {
            if (!(*number >= 1 && *number <= max_significant_digits && *number == std::floor(*number))) {
                return std::unexpected(call_error("QTYTEXT", " needs digits to be a whole number from 1 to " +
                                                                 std::to_string(max_significant_digits) + ", but it is " +
                                                                 plain_text(*number) + "."));
            }
            figures = static_cast<int>(*number);
        } else if (!is_empty(digits)) {
            return std::unexpected(call_error("QTYTEXT", " needs digits to be a number from 1 to " + std::to_string(max_significant_digits) +
                                                             ", but it is " + kind_of(digits) + "."));
        }
        const Expression e = need(expression_of(value, {}));
        // A result is shown in the reading it was made in; a text typed with the 90% reading's label in that one.
        EvaluationOptions options;
        options.mode = need(mode_of_links(e.bindings, mode_labelled_in(e.text).value_or(Mode{})));
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        const Quantity q = need(evaluate_expression(e, options, unit_text));
        return result_text(q, expression_recipe(e.text, e.bindings, unit_text, options.mode), figures);
    });
}

Result<std::string> qty_sum(const Arg& values, const Arg& unit) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const HeldRecipes held;
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        // One cell comes as itself, several as a range; either way a list of cells.
        std::vector<Cell> single;
        const std::vector<Cell>* cells = &single;
        if (const auto* range = std::get_if<Cells>(&values)) {
            cells = &range->cells;
        } else if (const auto* number = std::get_if<double>(&values)) {
            single.emplace_back(*number);
        } else if (const auto* text = std::get_if<std::string>(&values)) {
            single.emplace_back(*text);
        }
        // Each cell is one term of the core's sum, named "Cell 3 of values" in its sentences; blank rows of a
        // budget are skipped, as SUM skips them. The sum keeps outward rounding and each range's shape (a printed
        // result read back keeps its central value). The names live in `names` while the core reads the terms.
        std::vector<std::string> names;
        std::vector<std::size_t> used;
        for (std::size_t i = 0; i < cells->size(); ++i) {
            if (is_empty((*cells)[i])) continue;
            used.push_back(i);
            names.push_back("Cell " + std::to_string(i + 1) + " of values");
        }
        if (used.empty()) {
            return std::unexpected(call_error("QTYSUM", " needs at least one cell with a quantity, but every cell of values is empty."));
        }
        static const Expectation term = [] {
            Expectation e;
            e.dimension_hint = [](const Dimension&) {
                return std::string("A number is taken in the unit argument; give every cell the same kind of unit.");
            };
            return e;
        }();
        std::vector<Binding> terms;
        terms.reserve(used.size());
        for (std::size_t k = 0; k < used.size(); ++k) {
            Binding b{names[k], cell_input((*cells)[used[k]]), std::nullopt, unit_text};
            b.expected = &term;
            terms.push_back(b);
        }
        // Results of QTYDIST cells are summed in their own reading, as 90% intervals; texts and QTY results as bounds.
        EvaluationOptions options;
        options.mode = need(mode_of_links(terms, Mode{}));
        Result<Quantity> total = sum(terms, options);
        if (!total) add_comma_hint(std::span(&values, 1), total.error());
        Quantity q = need(std::move(total));
        if (!unit_text.empty()) q = need(express_in(q, unit_text));
        return result_text(q, sum_recipe(terms, unit_text, options.mode));
    });
}

namespace {

// The tornado of QTYSWING's and QTYTOP's expression with its name; value pairs. A number as the expression has
// no inputs, and its tornado has no bars.
Result<Tornado> tornado_of(const Arg& expression, std::span<const Arg> pairs, std::vector<Binding>& bindings) {
    bindings = need(pair_bindings(pairs));
    const Expression e = need(expression_of(expression, bindings));
    auto t = tornado(e.text, e.bindings);
    if (!t) return std::unexpected(with_comma_hint(e.text, std::move(t.error())));
    return t;
}

// The rank argument: empty means 1; otherwise a whole number from 1.
Result<std::size_t> rank_of(const Arg& arg, std::string_view name) {
    if (is_empty(arg)) return 1;
    const auto* number = std::get_if<double>(&arg);
    if (!number || *number < 1 || *number != std::floor(*number) || *number > 1e6) {
        return std::unexpected(error(ErrorKind::argument, std::string(name) + " should be a whole number from 1 (the input that matters most), "
                                     "but it is " + kind_of(arg) + "."));
    }
    return static_cast<std::size_t>(*number);
}

std::string input_names(const Tornado& t) {
    std::string out;
    for (std::size_t i = 0; i < t.bars.size(); ++i) out += (i == 0 ? "" : ", ") + in_quotes(t.bars[i].input);
    return out;
}

Error beyond_the_inputs(const Tornado& t, std::size_t rank) {
    return error(ErrorKind::argument, "The expression has " + std::to_string(t.bars.size()) + " uncertain input" +
                     (t.bars.size() == 1 ? "" : "s") + " that change its result, so there is no input of rank " +
                     std::to_string(rank) + ".",
                 t.bars.empty() ? std::string("Give an input as a range, such as \"35% to 55%\" or two cells.")
                                : "The inputs, largest swing first: " + input_names(t) + ".");
}

}  // namespace

Result<double> qty_swing(const Arg& expression, const Arg& input, const Arg& end, const Arg& unit,
                         std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<double> {
        const HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(expression, pairs, bindings));
        const std::string_view which = need(optional_text(end, "end", "swing", "low"));
        std::string lower;
        for (char c : which) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower != "low" && lower != "high" && lower != "swing") {
            return std::unexpected(error(ErrorKind::argument, "end should be \"low\", \"high\" or \"swing\", but it is " + in_quotes(which) + "."));
        }
        std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        if (unit_text.empty() && t.central.unit) unit_text = t.central.unit->label;
        const TornadoBar* bar = nullptr;
        if (std::holds_alternative<double>(input) || is_empty(input)) {
            const std::size_t rank = need(rank_of(input, "input"));
            if (rank > t.bars.size()) throw ErrorException(beyond_the_inputs(t, rank));
            bar = &t.bars[rank - 1];
        } else if (const auto* name = std::get_if<std::string>(&input)) {
            for (const TornadoBar& b : t.bars) {
                if (b.input == *name) bar = &b;
            }
            if (!bar) {
                // A bound name whose ends give the same result (or a plain number) does not move the result.
                const bool bound = std::ranges::any_of(bindings, [&](const Binding& b) { return b.name == *name; });
                if (!bound) {
                    return std::unexpected(error(ErrorKind::unknown_name, "input " + in_quotes(*name) + " is not one of the expression's uncertain inputs.",
                                                 t.bars.empty() ? std::string{} : "They are, largest swing first: " + input_names(t) + "."));
                }
                if (lower == "swing") return 0.0;
                return finite(value_in(t.central, unit_text, Part::central));
            }
        } else {
            return std::unexpected(error(ErrorKind::argument, "input should be an input's name or a rank such as 1, but it is " + kind_of(input) + "."));
        }
        const double at_low = need(finite(value_in(bar->at_low, unit_text, Part::central)));
        const double at_high = need(finite(value_in(bar->at_high, unit_text, Part::central)));
        if (lower == "low") return at_low;
        if (lower == "high") return at_high;
        // Across the whole range, not only its ends: an effect that is not monotone has a swing with equal ends.
        return need(finite(value_in(bar->highest, unit_text, Part::central))) -
               need(finite(value_in(bar->lowest, unit_text, Part::central)));
    });
}

Result<std::string> qty_top(const Arg& expression, const Arg& rank, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(expression, pairs, bindings));
        const std::size_t k = need(rank_of(rank, "rank"));
        if (k > t.bars.size()) throw ErrorException(beyond_the_inputs(t, k));
        return t.bars[k - 1].input;
    });
}

Result<std::string> qty_inputs(const Arg& value) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        const HeldRecipes held;
        std::vector<Binding> bindings;
        const Tornado t = need(tornado_of(value, {}, bindings));
        if (t.bars.empty()) return std::string("(no uncertain inputs)");
        std::string out;
        for (const TornadoBar& bar : t.bars) {
            if (!out.empty()) out += "; ";
            out += bar.input;
            // A name is followed by what it was given, unless the tornado has already told alike names apart so.
            if (!bar.given.empty() && bar.input.find('(') == std::string::npos) out += " (" + bar.given + ")";
        }
        return out;
    });
}

}  // namespace ballpark::sheet
