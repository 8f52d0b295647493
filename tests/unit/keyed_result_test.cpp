// QTY and QTYDIST of one cell hand back a result's text and its key apart (sheet::KeyedResult), and the C++ UNO
// component writes the key's characters into Calc's UTF-16 from the key's bits (key_in_utf16) after the converted
// text. A cell must show exactly what it showed when the key was joined in UTF-8 and the whole converted: here each
// result is checked against result_text, the joined UTF-8 text that the columns and the other functions still hand
// back, byte for byte, and its UTF-16 against glibc's iconv of that text and against the conversion of the joined
// text (plan and widen_planned, what the component did before).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "iconv_reference.hpp"
#include "utf16_text.hpp"

namespace ballpark::sheet {
namespace {

using detail::result_text;
using detail::result_value;

using testing::iconv_utf16;

// What the component writes for a result and its key (addin/uno_args.cpp, from_utf8 of a KeyedResult): the text
// converted into room of one unit a byte, then the key's units.
std::u16string written(const KeyedResult& result) {
    std::u16string out(result.shown.size(), u'\0');
    const std::optional<std::size_t> units = utf16::widen_into_room(result.shown, out.data());
    if (!units) return u"(refused)";
    out.resize(*units);
    const std::array<char16_t, key_units> key = key_in_utf16(result.shown, result.key);
    return out + std::u16string(key.begin(), key.end());
}

// What it wrote before, for the joined text.
std::u16string converted(const std::string& utf8) {
    const utf16::Plan plan = utf16::plan(utf8);
    std::u16string out(plan.units, u'\0');
    if (!utf16::widen_planned(utf8, plan, out.data())) return u"(refused)";
    return out;
}

struct Case {
    std::string expression;
    std::vector<Binding> bindings;
    std::string unit;
};

// Texts of every shape a cell shows: points and ranges, scale words and powers of ten (× 10⁶, non-ASCII), units
// with exponents (m²), money, percentages, both readings' labels, and a text that declares its own units (no
// recipe, so no key).
std::vector<Case> cases() {
    std::vector<Case> out = {
        {"x * 2", {{"x", std::string_view("3 to 5 hour")}}, "min"},
        {"8.4e23 FLOP / (312 TFLOP/s * u)", {{"u", std::string_view("35% to 55%")}}, "million hour"},
        {"(1 to 100)^3", {}, ""},
        {"0.7 to 1.1 * 10^6", {}, ""},
        {"2 m * 3 m", {}, ""},
        {"x * 1 kg", {{"x", 4e-9}}, ""},
        {"1000 to 3000 USD", {}, ""},
        {"p * 100%", {{"p", 0.35}}, ""},
        {"1 to 3", {}, ""},
        {"1e-20 to 1e31", {}, ""},
        {"unit token; 50 token/s * 1 hour", {}, ""},
        {"x", {{"x", std::string_view("2 trillion")}}, ""},
    };
    // Numbers as QTY(A1) gives them: "value" bound to each.
    std::mt19937_64 random(5);
    std::uniform_real_distribution<double> exponent(-30, 30);
    std::uniform_real_distribution<double> mantissa(1, 10);
    std::vector<double> numbers = {0.0, -0.0, 1.0, -1.0, 999.5, 1000.0, 123456.0, 1e6, 1.005, 9.995e9, 4e12,
                                   5e-324, 1.7976931348623157e308};
    for (int k = 0; k < 300; ++k) numbers.push_back((k % 2 ? 1 : -1) * mantissa(random) * std::pow(10.0, exponent(random)));
    for (double x = 1e9; x <= 4e12; x += 37e9) numbers.push_back(x);
    for (double x : numbers) out.push_back({"value", {{"value", x}}, ""});
    return out;
}

TEST(KeyedResult, EachResultShowsTheJoinedTextItShowedBefore) {
    int keyed = 0;
    int plain = 0;
    for (const Mode mode : {Mode{}, distribution_mode()}) {
        for (const Case& c : cases()) {
            EvaluationOptions options;
            options.mode = mode;
            const Result<Quantity> q = evaluate_in(c.expression, c.bindings, c.unit, options);
            ASSERT_TRUE(q) << c.expression << ": " << q.error().sentence();
            const std::string before = result_text(*q, expression_recipe(c.expression, c.bindings, c.unit, mode));
            const SheetValue now = result_value(*q, expression_recipe(c.expression, c.bindings, c.unit, mode));
            if (const auto* result = std::get_if<KeyedResult>(&now)) {
                ++keyed;
                EXPECT_EQ(joined(*result), before) << c.expression;
                EXPECT_EQ(written(*result), iconv_utf16(before)) << c.expression;
                EXPECT_EQ(written(*result), converted(before)) << c.expression;
                EXPECT_TRUE(split_key(before).key) << c.expression;
            } else {
                ++plain;
                EXPECT_EQ(std::get<std::string>(now), before) << c.expression;
                EXPECT_FALSE(split_key(before).marked) << c.expression;
            }
        }
    }
    // The text that declares units, in each reading, is the only one without a key.
    EXPECT_EQ(plain, 2);
    EXPECT_GT(keyed, 600);
}

TEST(KeyedResult, QtyOfOneCellIsAKeyedResultThatJoinsAsBefore) {
    const Arg none;
    for (const Mode mode : {Mode{}, distribution_mode()}) {
        for (double x : {1e9, 2.5e12, -0.004, 7.0}) {
            const Result<SheetValue> cell = mode == Mode{} ? qty_cells(Arg{x}, none, {}) : qty_dist_cells(Arg{x}, none, {});
            ASSERT_TRUE(cell) << cell.error().sentence();
            const auto* result = std::get_if<KeyedResult>(&*cell);
            ASSERT_NE(result, nullptr) << x;
            // The evaluator's result for the number bound to "value", and the recipe QTY keys it with.
            const Binding value{"value", x};
            EvaluationOptions options;
            options.mode = mode;
            const Result<Quantity> q = evaluate_in("value", std::span(&value, 1), "", options);
            ASSERT_TRUE(q);
            const std::string before = result_text(*q, expression_recipe("value", std::span(&value, 1), "", mode));
            EXPECT_EQ(joined(*result), before) << x;
            EXPECT_EQ(written(*result), iconv_utf16(before)) << x;
        }
        // With pairs, through the evaluator: keyed the same way.
        const std::vector<Arg> pairs = {std::string("x"), 3.0};
        const Result<SheetValue> cell = mode == Mode{} ? qty_cells(std::string("x * 2 m"), none, pairs)
                                                       : qty_dist_cells(std::string("x * 2 m"), none, pairs);
        ASSERT_TRUE(cell) << cell.error().sentence();
        ASSERT_TRUE(std::holds_alternative<KeyedResult>(*cell));
        EXPECT_EQ(split_key(joined(std::get<KeyedResult>(*cell))).shown, "6.00 m");
    }
}

}  // namespace
}  // namespace ballpark::sheet
