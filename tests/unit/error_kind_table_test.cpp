// Every error says what it is about. The first tests list bad inputs, each with the kind its mistake is (written
// from the input: a misspelt unit is unknown_unit, hours plus kilograms is dimension), and check that the error
// has it. The last walk inputs others wrote, every failing line of the golden files and the formulas of
// tests/integration/bad_inputs.tsv, and check that none of their errors leaves with kind `other`, the kind no
// error site sets.
#include <gtest/gtest.h>

#include <charconv>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "golden/read_file.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

struct Case {
    std::string input;
    ErrorKind kind;
};

std::string kind_text(ErrorKind kind) { return std::string(error_kind_name(kind)); }

void expect_kinds(const std::vector<Case>& cases, Mode mode) {
    for (const Case& c : cases) {
        const auto q = evaluate(c.input, {}, EvaluationOptions{mode});
        if (q) {
            ADD_FAILURE() << "\"" << c.input << "\" evaluated without error";
            continue;
        }
        EXPECT_EQ(kind_text(q.error().kind), kind_text(c.kind)) << c.input << ": " << q.error().sentence();
    }
}

TEST(ErrorKindTable, EachBadExpressionHasTheKindOfItsMistake) {
    expect_kinds(
        {
            // Text the grammar has no place for.
            {"((((1", ErrorKind::syntax},
            {"2 +", ErrorKind::syntax},
            {"", ErrorKind::syntax},
            {"2 @ 3", ErrorKind::syntax},
            {"2 hour as", ErrorKind::syntax},
            {"1.7 [1.4, ]", ErrorKind::syntax},
            // Text that reads two ways.
            {"2-3 hour", ErrorKind::ambiguous},
            {"35–55%", ErrorKind::ambiguous},
            // Names and units nobody defined.
            {"utilisation * 2", ErrorKind::unknown_name},
            {"foo(1)", ErrorKind::unknown_name},
            {"peak(H999)", ErrorKind::unknown_name},
            {"peak(H100, fp3)", ErrorKind::unknown_name},
            {"3 hourz", ErrorKind::unknown_unit},
            {"70 billon", ErrorKind::unknown_unit},
            // Dimensions that had to agree.
            {"8.4e23 FLOP + 2 hour", ErrorKind::dimension},
            {"2 hour as kg", ErrorKind::dimension},
            {"1 hour to 3 FLOP", ErrorKind::dimension},
            {"2^(1 hour)", ErrorKind::dimension},
            {"ln(2 hour)", ErrorKind::dimension},
            {"60 rpm as rad/s", ErrorKind::dimension},
            // Arguments of the wrong count or kind.
            {"sqrt(1, 2)", ErrorKind::argument},
            {"x = 2", ErrorKind::argument},
            {"H100 * 2", ErrorKind::argument},
            {"peak(2)", ErrorKind::argument},
            // Ends in the wrong order.
            {"55% to 35%", ErrorKind::range_order},
            {"1.7 [2.1, 1.4]", ErrorKind::range_order},
            {"5 [1, 2]", ErrorKind::range_order},
            {"uniform(3, 1)", ErrorKind::range_order},
            // Values a function or an operation does not take.
            {"5 / 0", ErrorKind::domain},
            {"1 / (0 to 1)", ErrorKind::domain},
            {"sqrt(-4)", ErrorKind::domain},
            {"ln(0)", ErrorKind::domain},
            {"(-1 to 1)^0.5", ErrorKind::domain},
            // Beyond double precision.
            {"1e999", ErrorKind::overflow},
            {"1e308 * 10", ErrorKind::overflow},
            // Ballpark's own limits.
            {std::string(100'001, '1'), ErrorKind::limit},
            {std::string(600, '(') + "1" + std::string(600, ')'), ErrorKind::limit},
            {"2 hour ^ 1000", ErrorKind::limit},
            // The reading of the ranges.
            {"normal(1, 2)", ErrorKind::needs_distribution},
            // Temperatures on a scale with an offset.
            {"20 degC + 30 degC", ErrorKind::temperature},
        },
        Mode::bounds);
}

TEST(ErrorKindTable, EachBadDistributionHasTheKindOfItsMistake) {
    expect_kinds(
        {
            {"normal(1, -1)", ErrorKind::domain},
            {"lognormal(0, 1)", ErrorKind::domain},
            {"pert(3, 1, 2)", ErrorKind::range_order},
            {"uniform(3, 1)", ErrorKind::range_order},
            {"1 / normal(0, 1)", ErrorKind::domain},
        },
        Mode::distribution);
}

// The function a call's error is about, from the call as written.
TEST(ErrorKindTable, ACallsErrorNamesItsFunction) {
    const std::vector<std::pair<const char*, const char*>> calls = {
        {"sqrt(1, 2)", "sqrt"},
        {"sqrt(-4)", "sqrt"},
        {"pert(3, 1, 2)", "pert"},
        {"peak(2)", "peak"},
        {"percentile(1 to 2, 120)", "percentile"},
        {"foo(1)", "foo"},
    };
    for (const auto& [text, function] : calls) {
        for (const Mode mode : {Mode::bounds, Mode::distribution}) {
            const auto q = evaluate(text, {}, EvaluationOptions{mode});
            ASSERT_FALSE(q) << text;
            EXPECT_EQ(q.error().function, function) << text << ": " << q.error().sentence();
        }
    }
    // In the bounds mode uniform(3, 1) is the range 3 to 1, whose error is about the range.
    for (const auto& [text, function] :
         {std::pair{"normal(1, -1)", "normal"}, {"lognormal(0, 1)", "lognormal"}, {"uniform(3, 1)", "uniform"}}) {
        const auto q = evaluate(text, {}, EvaluationOptions{Mode::distribution});
        ASSERT_FALSE(q) << text;
        EXPECT_EQ(q.error().function, function) << text << ": " << q.error().sentence();
    }
    Session session;
    ASSERT_TRUE(session.run("f(a, b) = a * b"));
    const auto r = session.run("f(1)");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::argument);
    EXPECT_EQ(r.error().function, "f");
}

// An unknown name or unit is a field as written, for a front end that offers to define it.
TEST(ErrorKindTable, AnUnknownNameIsAField) {
    for (const auto& [text, name] : {std::pair{"3 hourz", "hourz"},
                                     {"utilisation * 2", "utilisation"},
                                     {"2 * foo(1)", "foo"},
                                     {"1 hour as fortnite", "fortnite"}}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text;
        EXPECT_EQ(q.error().argument, name) << text << ": " << q.error().sentence();
    }
}

TEST(ErrorKindTable, EachBadNotebookLineHasTheKindOfItsMistake) {
    Session session;
    ASSERT_TRUE(session.run("unit token"));
    ASSERT_TRUE(session.run("g(x) = g(x) + 1"));
    const std::vector<Case> cases = {
        {"unit hour", ErrorKind::name_taken},   {"unit token", ErrorKind::name_taken},
        {"f(x, x) = x", ErrorKind::name_taken}, {"unit 3", ErrorKind::syntax},
        {"unit foo [bar]", ErrorKind::syntax},  {"unit zilch = 0 hour", ErrorKind::domain},
        {"g(1)", ErrorKind::recursion},         {"3 tokenz", ErrorKind::unknown_unit},
    };
    for (const Case& c : cases) {
        const auto r = session.run(c.input);
        if (r) {
            ADD_FAILURE() << "\"" << c.input << "\" ran without error";
            continue;
        }
        EXPECT_EQ(kind_text(r.error().kind), kind_text(c.kind)) << c.input << ": " << r.error().sentence();
    }
}

using sheet::Arg;
using sheet::Cells;

// A sheet function's error: its kind, the input it names (empty when none), and whether its sentence is about the
// call and so names the sheet function itself.
struct SheetCase {
    const char* what;
    std::optional<Error> error;
    ErrorKind kind;
    std::string input = {};
    std::string sheet_function = {};
};

template <class T>
std::optional<Error> error_of(const Result<T>& r) {
    if (r) return std::nullopt;
    return r.error();
}

TEST(ErrorKindTable, EachBadSheetCallHasTheKindAndTheInputOfItsMistake) {
    const Arg none;
    const Arg two_by_two = Cells{2, 2, {0.35, 0.55, 0.4, 0.5}};
    const std::vector<Arg> uneven = {Arg{std::string("u")}};
    const std::vector<Arg> empty_value = {Arg{std::string("u")}, Arg{}};
    const std::vector<SheetCase> cases = {
        {"GPUHOURS without tokens", error_of(sheet::gpu_hours(70e9, none, 312e12, 0.35, 0.55, none, none)),
         ErrorKind::argument, "", "GPUHOURS"},
        {"GPUHOURS of zero params", error_of(sheet::gpu_hours(0.0, 2e12, 312e12, 0.35, 0.55, none, none)),
         ErrorKind::domain, "params"},
        {"GPUHOURS of params in hours",
         error_of(sheet::gpu_hours(std::string("2 hour"), 2e12, 312e12, 0.35, 0.55, none, none)), ErrorKind::dimension,
         "params"},
        {"GPUHOURS of a misspelt params unit",
         error_of(sheet::gpu_hours(std::string("70 billon"), 2e12, 312e12, 0.35, 0.55, none, none)),
         ErrorKind::unknown_unit, "params"},
        {"GPUHOURS with a 2×2 range", error_of(sheet::gpu_hours(two_by_two, 2e12, 312e12, 0.35, 0.55, none, none)),
         ErrorKind::argument, "", "GPUHOURS"},
        {"GPUHOURS with part p95x",
         error_of(sheet::gpu_hours(70e9, 2e12, 312e12, 0.35, 0.55, none, std::string("p95x"))), ErrorKind::argument,
         "part"},
        {"UNITCONVERT of hours to kg", error_of(sheet::unit_convert(1.0, std::string("hour"), "kg")),
         ErrorKind::dimension},
        {"UNITCONVERT of a number without from_unit", error_of(sheet::unit_convert(1.0, none, "kg")),
         ErrorKind::argument, "", "UNITCONVERT"},
        {"QTY of a thousands point", error_of(sheet::qty(std::string("1.500 * 2"), none, {})), ErrorKind::ambiguous},
        {"QTY with uneven pairs", error_of(sheet::qty(std::string("u * 2"), none, uneven)), ErrorKind::argument},
        {"QTY with an empty value", error_of(sheet::qty(std::string("u * 2"), none, empty_value)), ErrorKind::argument},
        {"QTY of a name never given", error_of(sheet::qty(std::string("u * 2"), none, {})), ErrorKind::unknown_name},
        {"QTYTEXT with 0 digits", error_of(sheet::qty_text(std::string("2 hour"), none, 0.0)), ErrorKind::argument, "",
         "QTYTEXT"},
        {"ACCELPEAK of an unknown chip", error_of(sheet::accel_peak("H999", none)), ErrorKind::unknown_name},
    };
    for (const SheetCase& c : cases) {
        if (!c.error) {
            ADD_FAILURE() << c.what << ": no error";
            continue;
        }
        EXPECT_EQ(kind_text(c.error->kind), kind_text(c.kind)) << c.what << ": " << c.error->sentence();
        EXPECT_EQ(c.error->input, c.input) << c.what << ": " << c.error->sentence();
        EXPECT_EQ(c.error->sheet_function, c.sheet_function) << c.what << ": " << c.error->sentence();
        // A sentence about the call begins with the function's name; QTYERROR relies on that to name it once.
        if (!c.sheet_function.empty()) {
            EXPECT_TRUE(c.error->message.starts_with(c.sheet_function)) << c.what;
        }
    }
}

TEST(ErrorKindTable, ARowOfAColumnIsAField) {
    const Arg column = Cells{3, 1, {2.0, std::string("3 kg"), 4.0}};
    const std::vector<Arg> pairs = {Arg{std::string("h")}, column};
    const auto r = sheet::qty(std::string("h * 1 hour + 1 hour"), Arg{}, pairs);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind, ErrorKind::dimension) << r.error().sentence();
    EXPECT_EQ(r.error().row, 2) << r.error().sentence();
}

// Every line of a golden file recorded with an error has a typed one. A file is one session, as golden_test.cpp
// runs it.
TEST(ErrorKindTable, NoGoldenErrorLeavesUntyped) {
    int errors = 0;
    for (const char* name :
         {"convert.golden", "format.golden", "display.golden", "errors.golden", "seed.golden", "units.golden"}) {
        std::istringstream in(read_file(std::filesystem::path(BALLPARK_SOURCE_DIR) / "tests/golden" / name));
        Session session;
        std::string line;
        while (std::getline(in, line)) {
            if (!line.starts_with("> ")) continue;
            const auto r = session.run(line.substr(2));
            if (r) continue;
            ++errors;
            EXPECT_NE(kind_text(r.error().kind), "other") << name << ": " << line << ": " << r.error().sentence();
        }
    }
    EXPECT_GE(errors, 60);  // errors.golden alone records more than that
}

// The formulas of bad_inputs.tsv, with its fixtures, called through the sheet table: each that fails fails with a
// kind. Formulas with nested calls or joined texts, and those that read a cell holding an error or a boolean
// (which Calc itself refuses or converts), are left to the Calc test.
const std::map<std::string, sheet::Cell>& fixture_cells() {
    static const std::map<std::string, sheet::Cell> cells = {
        {"Z2", std::string("abc")},
        {"Z5", 1e308},
        {"Z6", 1e-308},
        {"Z7", std::string("70 billion")},
        {"Z8", std::string(10000, 'x')},
        {"Z9", 70e9},
        {"Z10", 2e12},
        {"Z11", std::string("\xF0\x9F\x98\x80")},
        {"Z13", -1.0},
        {"Y1", 0.35},
        {"Y2", 0.55},
        {"Y3", 0.6},
        {"Y4", 0.7},
        {"X1", 0.4},
        {"X2", 0.5},
        {"W1", 0.35},
        {"V1", 0.35},
        {"V2", std::string("abc")},
        {"W15", 70e9},
        {"X15", 2e12},
        {"W16", 0.35},
        {"W17", 0.35},
        {"X17", std::string("abc")},
        {"W18", 0.35},
        {"W19", 0.35},
        {"W20", std::string("1 to 2")},
        {"X20", 3.0},
        {"R1", std::string("2 hour")},
        {"R2", std::string("3 kg")},
    };
    return cells;
}

// A cell of the fixtures by its name ("Z2"; any other is empty), or nullopt for one this walk leaves to Calc.
std::optional<sheet::Cell> fixture(const std::string& name) {
    for (const char* calc_only : {"Z3", "Z4", "Z12", "X18", "X19"}) {
        if (name == calc_only) return std::nullopt;
    }
    const auto found = fixture_cells().find(name);
    return found == fixture_cells().end() ? sheet::Cell{} : found->second;
}

// "W15" as its column letter and row.
std::optional<std::pair<char, int>> cell_name(const std::string& text) {
    if (text.size() < 2 || text[0] < 'A' || text[0] > 'Z') return std::nullopt;
    int row = 0;
    const auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), row);
    if (ec != std::errc{} || end != text.data() + text.size() || row < 1) return std::nullopt;
    return std::pair{text[0], row};
}

// A reference as Calc passes it: one cell as its content, several as a range, row by row.
std::optional<Arg> reference(const std::string& text) {
    const auto colon = text.find(':');
    const auto first = cell_name(text.substr(0, colon));
    const auto last = colon == std::string::npos ? first : cell_name(text.substr(colon + 1));
    if (!first || !last || last->first < first->first || last->second < first->second) return std::nullopt;
    Cells range{static_cast<std::size_t>(last->second - first->second + 1),
                static_cast<std::size_t>(last->first - first->first + 1),
                {}};
    for (int row = first->second; row <= last->second; ++row) {
        for (char column = first->first; column <= last->first; ++column) {
            auto cell = fixture(std::string(1, column) + std::to_string(row));
            if (!cell) return std::nullopt;
            range.cells.push_back(std::move(*cell));
        }
    }
    if (range.cells.size() > 1) return Arg{std::move(range)};
    return std::visit([](auto&& cell) { return Arg{cell}; }, range.cells.front());
}

std::optional<Arg> argument(std::string text) {
    while (!text.empty() && text.front() == ' ') text.erase(0, 1);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    if (text.empty()) return Arg{};
    if (text.front() == '"') {
        if (text.size() < 2 || text.back() != '"') return std::nullopt;
        std::string out;
        for (std::size_t i = 1; i + 1 < text.size(); ++i) {
            out += text[i];
            if (text[i] == '"') ++i;  // "" is one quote
        }
        return Arg{out};
    }
    double scale = 1;
    if (text.back() == '%') {
        scale = 0.01;
        text.pop_back();
    }
    double number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec == std::errc{} && end == text.data() + text.size()) return Arg{number * scale};
    return reference(text);
}

// "GPUHOURS", its arguments; nullopt for a formula this walk does not read.
std::optional<std::pair<std::string, std::vector<Arg>>> call_of(const std::string& formula) {
    const auto open = formula.find('(');
    if (formula.size() < 3 || formula[0] != '=' || open == std::string::npos || formula.back() != ')')
        return std::nullopt;
    std::vector<Arg> args;
    std::string part;
    bool quoted = false;
    const std::string inside = formula.substr(open + 1, formula.size() - open - 2);
    for (std::size_t i = 0; i <= inside.size(); ++i) {
        const char c = i < inside.size() ? inside[i] : ';';
        if (c == '"') quoted = !quoted;
        if (!quoted && (c == '(' || c == ')' || c == '&')) return std::nullopt;
        if (!quoted && c == ';') {
            auto arg = argument(part);
            if (!arg) return std::nullopt;
            args.push_back(std::move(*arg));
            part.clear();
        } else {
            part += c;
        }
    }
    if (quoted) return std::nullopt;
    if (inside.empty()) args.clear();
    return std::pair{formula.substr(1, open - 1), std::move(args)};
}

TEST(ErrorKindTable, NoBadSheetInputLeavesUntyped) {
    std::istringstream in(read_file(std::filesystem::path(BALLPARK_SOURCE_DIR) / "tests/integration/bad_inputs.tsv"));
    std::string line;
    int walked = 0;
    int errors = 0;
    while (std::getline(in, line)) {
        if (line.starts_with("#") || !line.starts_with("=")) continue;
        const auto formula = line.substr(0, line.find('\t'));
        const auto call = call_of(formula);
        if (!call) continue;
        const sheet::SheetFunction* f = nullptr;
        for (const auto& row : sheet::sheet_function_table()) {
            if (row.name == call->first && row.run) f = &row;
        }
        if (!f) continue;
        std::vector<Arg> args = call->second;
        if (!f->takes_pairs() && args.size() > f->fixed()) continue;
        if (args.size() < f->fixed()) args.resize(f->fixed());
        ++walked;
        const auto error = f->error_of(args);
        if (!error) continue;
        ++errors;
        EXPECT_NE(kind_text(error->kind), "other") << formula << ": " << error->sentence();
    }
    // The file has about 350 such formulas, about 300 of them refused.
    EXPECT_GE(walked, 330);
    EXPECT_GE(errors, 280);
}

}  // namespace
}  // namespace ballpark
