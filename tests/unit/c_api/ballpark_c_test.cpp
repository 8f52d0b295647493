// The C interface through its header alone (the test links libballpark_c.so or ballpark.dll, not the C++ layers;
// it reads the rows of the table of sheet functions, sheet_table_rows.hpp, only as the list to expect):
// the functions it lists, numbers, texts, ranges and errors in and out, arrays of cells out, the ownership of result
// texts and cells, and calls from several threads. Expected figures are worked out here, as in tests/integration/addin_test.py.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ballpark_c.h"
#include "from_c.h"
#include "unit/shared_helpers.hpp"
#include "sheet_table_rows.hpp"

namespace {

// The reference case: a Llama-2-70B-like training on A100s (312 TFLOP/s) at 35 % to 55 % utilization.
constexpr double flop = 6 * 70e9 * 2e12;
constexpr double a100 = 312e12;
using ballpark::testing::hours_at;

ballpark_value empty() { return ballpark_value{BALLPARK_EMPTY, 0, nullptr, 0, nullptr, 0, 0}; }
ballpark_value number(double x) { return ballpark_value{BALLPARK_NUMBER, x, nullptr, 0, nullptr, 0, 0}; }
// The text is not copied: `t` must outlive the call, as the header says of every buffer passed in.
ballpark_value text(std::string_view t) { return ballpark_value{BALLPARK_TEXT, 0, t.data(), t.size(), nullptr, 0, 0}; }
ballpark_value range(const std::vector<ballpark_value>& cells, std::size_t rows, std::size_t columns) {
    return ballpark_value{BALLPARK_RANGE, 0, nullptr, 0, cells.data(), rows, columns};
}

// One call's result, freed when it goes out of scope.
struct Answer {
    ballpark_result result{};
    Answer(const char* name, const std::vector<ballpark_value>& args) {
        const int32_t kind = ballpark_call(name, args.data(), args.size(), &result);
        EXPECT_EQ(kind, result.kind);
    }
    ~Answer() { ballpark_result_free(&result); }
    Answer(const Answer&) = delete;
    Answer& operator=(const Answer&) = delete;

    std::string text() const {
        EXPECT_NE(result.text, nullptr);
        if (result.text == nullptr) return {};
        EXPECT_EQ(std::strlen(result.text), result.text_size) << "the text ends with a NUL right after its bytes";
        return std::string(result.text, result.text_size);
    }
};

double number_of(const char* name, const std::vector<ballpark_value>& args) {
    Answer a(name, args);
    EXPECT_EQ(a.result.kind, BALLPARK_RESULT_NUMBER) << name << ": " << (a.result.text ? a.result.text : "");
    EXPECT_EQ(a.result.text, nullptr);
    return a.result.number;
}

std::string text_of(const char* name, const std::vector<ballpark_value>& args) {
    Answer a(name, args);
    EXPECT_EQ(a.result.kind, BALLPARK_RESULT_TEXT) << name << ": " << (a.result.text ? a.result.text : "");
    return a.text();
}

std::string error_of(const char* name, const std::vector<ballpark_value>& args) {
    Answer a(name, args);
    EXPECT_EQ(a.result.kind, BALLPARK_RESULT_ERROR) << name;
    return a.text();
}

// What a result text shows: without the key of its recipe that ends it (ballpark_c.h), a word joiner (3 bytes of
// UTF-8) and sixteen variation selectors (3 bytes each).
std::string shown(std::string text) {
    // U+2063 and 24 variation selectors (core/include/ballpark/linked.hpp).
    constexpr std::size_t key_bytes = 3 + 24 * 3;
    if (text.size() >= key_bytes && text.compare(text.size() - key_bytes, 3, "\xE2\x81\xA3") == 0) text.resize(text.size() - key_bytes);
    return text;
}

using ballpark::testing::contains;

TEST(CInterface, VersionIsTheHeaders) { EXPECT_EQ(ballpark_c_version(), BALLPARK_C_VERSION); }

TEST(CInterface, ListsTheFunctionsInTheOrderOfTheUnoInterface) {
    ASSERT_EQ(ballpark_function_count(), ballpark::sheet::rows::count);
    ballpark_function f{};
    ASSERT_EQ(ballpark_function_at(0, &f), 1);
    EXPECT_STREQ(f.name, "GPUHOURS");
    EXPECT_STREQ(f.method, "gpuHours");
    EXPECT_EQ(f.result_kind, BALLPARK_RESULT_NUMBER);
    EXPECT_EQ(f.parameters, 7u);
    EXPECT_EQ(f.takes_pairs, 0);
    ASSERT_EQ(ballpark_function_at(3, &f), 1);
    EXPECT_STREQ(f.name, "QTYVALUE16");  // the saved method, with sixteen pairs; QTYVALUE is its short twin
    EXPECT_STREQ(f.method, "qtyValue");
    EXPECT_EQ(f.parameters, 3u);  // expression, unit, part; then the pairs
    EXPECT_EQ(f.takes_pairs, 1);
    ASSERT_EQ(ballpark_function_at(ballpark::sheet::rows::count - 2, &f), 1);
    EXPECT_STREQ(f.name, "QTYVALUE");
    EXPECT_STREQ(f.method, "qtyValue6");
    EXPECT_EQ(f.parameters, 3u);
    EXPECT_EQ(f.takes_pairs, 1);
    ASSERT_EQ(ballpark_function_at(12, &f), 1);
    EXPECT_STREQ(f.method, "qtyTop");
    EXPECT_EQ(f.result_kind, BALLPARK_RESULT_TEXT);
    ASSERT_EQ(ballpark_function_at(13, &f), 1);
    EXPECT_STREQ(f.method, "qtyText");
    EXPECT_EQ(f.parameters, 3u);
    EXPECT_EQ(f.takes_pairs, 0);
    ASSERT_EQ(ballpark_function_at(14, &f), 1);
    EXPECT_STREQ(f.method, "qtyInputs");
    EXPECT_EQ(f.parameters, 1u);
    const ballpark_function before = f;
    EXPECT_EQ(ballpark_function_at(ballpark::sheet::rows::count, &f), 0);
    EXPECT_EQ(f.name, before.name) << "an index past the end leaves the struct alone";
}

// Every row of the table (addin/sheet_table.py), as the build wrote it for C++, is listed in its place.
TEST(CInterface, ListsEveryRowOfTheTable) {
    for (std::size_t i = 0; i < ballpark::sheet::rows::count; ++i) {
        const auto& row = ballpark::sheet::rows::table[i];
        ballpark_function f{};
        ASSERT_EQ(ballpark_function_at(i, &f), 1) << row.name;
        EXPECT_EQ(f.name, row.name);
        EXPECT_EQ(f.method, row.method);
        EXPECT_EQ(f.result_kind, row.gives_text ? BALLPARK_RESULT_TEXT : BALLPARK_RESULT_NUMBER) << row.name;
        EXPECT_EQ(f.parameters, row.parameters.size()) << row.name;
        EXPECT_EQ(f.takes_pairs, row.pairs > 0 ? 1 : 0) << row.name;
    }
}

TEST(CInterface, NumbersGiveTheReferenceHours) {
    EXPECT_DOUBLE_EQ(number_of("GPUHOURS", {number(70e9), number(2e12), number(a100), number(0.35), number(0.55)}),
                     hours_at(0.45));
    EXPECT_DOUBLE_EQ(number_of("GPUHOURS", {number(70e9), number(2e12), text("A100"), number(0.35), number(0.55),
                                            empty(), text("high")}),
                     hours_at(0.35));
    EXPECT_DOUBLE_EQ(number_of("TRAININGFLOP", {text("70 billion"), text("2 trillion")}), flop);
    EXPECT_DOUBLE_EQ(number_of("UNITCONVERT", {number(1), text("GiB"), text("byte")}), 1024.0 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(number_of("ACCELPEAK", {text("A100")}), a100);
}

TEST(CInterface, NamesAreReadInAnyCase) {
    EXPECT_DOUBLE_EQ(number_of("qtyvalue", {text("x * 2 hour"), text("min"), empty(), text("x"), number(3)}), 360);
}

TEST(CInterface, TextsWithNameValuePairs) {
    EXPECT_EQ(shown(text_of("QTY", {text("90 min"), text("hour")})), "1.50 hour");
    EXPECT_EQ(shown(text_of("QTY", {text("6 FLOP * params * tokens / (peak * util) as million hour"), empty(),
                              text("params"), number(70e9), text("tokens"), text("2 trillion"), text("peak"),
                              text("312 TFLOP/s"), text("util"), text("35% to 55%")})),
              "1.7 [1.4, 2.1] million hour");
    EXPECT_EQ(text_of("QTYDIM", {text("312 TFLOP/s")}), "compute rate");
}

TEST(CInterface, TextsAreReadToTheirSizeNotToANul) {
    const char bytes[] = "2 hourXYZ";
    EXPECT_EQ(text_of("QTYDIM", {text(std::string_view(bytes, 6))}), "time");
}

TEST(CInterface, RangesOfTwoOrThreeCellsAreUncertainInputs) {
    const std::vector<ballpark_value> row = {number(0.35), number(0.55)};
    const std::string hours = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)";
    EXPECT_DOUBLE_EQ(number_of("QTYVALUE", {text(hours), text("hour"), text("high"), text("u"), range(row, 1, 2)}),
                     hours_at(0.35));
    const std::vector<ballpark_value> three = {number(0.35), number(0.4), text("55%")};
    EXPECT_DOUBLE_EQ(number_of("QTYVALUE", {text(hours), text("hour"), empty(), text("u"), range(three, 1, 3)}),
                     hours_at(0.4));
}

TEST(CInterface, ARangeOfOneCellIsThatCellAndOfNoneIsEmpty) {
    const std::vector<ballpark_value> one = {number(0.45)};
    EXPECT_DOUBLE_EQ(number_of("GPUHOURS", {number(70e9), number(2e12), number(a100), range(one, 1, 1)}),
                     hours_at(0.45));
    const std::vector<ballpark_value> none;
    EXPECT_DOUBLE_EQ(number_of("GPUHOURS", {number(70e9), number(2e12), number(a100), number(0.45), range(none, 0, 0),
                                            range(none, 0, 3)}),
                     hours_at(0.45));
}

TEST(CInterface, ErrorsAreTheSentencesQtyerrorShows) {
    const std::string sentence = error_of("QTY", {text("2 hour + 3 kg")});
    EXPECT_TRUE(contains(sentence, "time") && contains(sentence, "mass")) << sentence;
    EXPECT_EQ(text_of("QTYERROR", {text("2 hour + 3 kg")}), sentence);
    EXPECT_EQ(text_of("QTYERROR", {text("90 min")}), "");

    const std::vector<ballpark_value> wide = {number(1), number(2), number(3), number(4),
                                              number(5), number(6), number(7), number(8)};
    const std::string wrong = error_of("QTYVALUE", {text("u"), empty(), empty(), text("u"), range(wide, 2, 4)});
    EXPECT_TRUE(contains(wrong, "range of 8 cells (2 rows × 4 columns)")) << wrong;
    EXPECT_EQ(text_of("QTYERROR", {text("QTYVALUE"), text("u"), empty(), empty(), text("u"), range(wide, 2, 4)}),
              "QTYVALUE: " + wrong);
    // A column of models reduced to one number is a number.
    const std::vector<ballpark_value> column = {number(1), number(2), number(3), number(4)};
    EXPECT_EQ(text_of("QTYERROR", {text("QTYVALUE"), text("u"), empty(), empty(), text("u"), range(column, 2, 2)}), "");
    EXPECT_DOUBLE_EQ(number_of("QTYVALUE", {text("sum(u)"), empty(), text("high"), text("u"), range(column, 2, 2)}), 6);
    const std::string percent =
        text_of("QTYERROR", {text("GPUHOURS"), text("70 billion"), number(2e12), text("A100"), number(35), number(55)});
    EXPECT_EQ(percent.rfind("GPUHOURS: util_lo should be a fraction", 0), 0u) << percent;
}

TEST(CInterface, WrongCallsAreErrorsWithASentence) {
    EXPECT_TRUE(contains(error_of("GPUHOURZ", {}), "no sheet function named \"GPUHOURZ\"."));
    EXPECT_EQ(error_of("QTYDIM", {text("1 hour"), text("2 hour")}), "QTYDIM takes at most 1 arguments, but 2 were given.");
    EXPECT_TRUE(contains(error_of("GPUHOURS", {number(70e9)}), "GPUHOURS needs tokens"));

    ballpark_value odd = number(1);
    odd.kind = 7;
    EXPECT_EQ(error_of("QTY", {odd}), "Argument 1 has the kind 7, which is none of Ballpark's (0 empty, 1 number, 2 text, 3 range).");
    const std::vector<ballpark_value> inner = {number(1), number(2)};
    const std::vector<ballpark_value> nested = {number(1), range(inner, 1, 2)};
    EXPECT_EQ(error_of("QTY", {text("x"), empty(), text("x"), range(nested, 2, 1)}),
              "Cell 2 of argument 4 is itself a range; a cell holds a number, a text or nothing.");
    // QTYERROR shows what is wrong instead of failing, as the C++ component does.
    EXPECT_TRUE(contains(text_of("QTYERROR", {text("x"), empty(), text("x"), range(nested, 2, 1)}), "itself a range"));

    ballpark_result result{};
    EXPECT_EQ(ballpark_call(nullptr, nullptr, 0, &result), BALLPARK_RESULT_ERROR);
    ballpark_result_free(&result);
    EXPECT_EQ(ballpark_call("QTY", nullptr, 0, nullptr), BALLPARK_RESULT_ERROR);
}

TEST(CInterface, FreeingAResultTwiceIsHarmless) {
    ballpark_result result{};
    const ballpark_value args[] = {text("90 min"), text("hour")};
    ASSERT_EQ(ballpark_call("QTY", args, 2, &result), BALLPARK_RESULT_TEXT);
    ballpark_result_free(&result);
    EXPECT_EQ(result.text, nullptr);
    EXPECT_EQ(result.text_size, 0u);
    ballpark_result_free(&result);
    ballpark_result_free(nullptr);
}

TEST(CInterface, SeveralPartsAreAnArrayOfOneRow) {
    const std::vector<ballpark_value> u{number(0.35), number(0.55)};
    const std::vector<ballpark_value> args{text("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u) as hour"), empty(),
                                           text("low central high"), text("u"), range(u, 1, 2)};
    Answer a("QTYVALUE", args);
    ASSERT_EQ(a.result.kind, BALLPARK_RESULT_ARRAY) << (a.result.text ? a.result.text : "");
    EXPECT_EQ(a.result.text, nullptr);
    ASSERT_EQ(a.result.rows, 1u);
    ASSERT_EQ(a.result.columns, 3u);
    const double want[] = {hours_at(0.55), hours_at(0.45), hours_at(0.35)};
    for (std::size_t j = 0; j < 3; ++j) {
        EXPECT_EQ(a.result.cells[j].kind, BALLPARK_CELL_NUMBER);
        EXPECT_EQ(a.result.cells[j].text, nullptr);
        EXPECT_NEAR(a.result.cells[j].number, want[j], want[j] * 1e-12);
    }
}

// A column of four runs whose third row is blank: p one value per row, t a low and a high per row, u one range that
// every row shares. p * t / u is lowest at t's low and u's high end and highest at t's high and u's low end.
const std::vector<ballpark_value> p_column{number(2), number(3), empty(), number(5)};
const std::vector<ballpark_value> t_column{number(1), number(2), number(10), text("20"), empty(), empty(), number(100), number(200)};
const std::vector<ballpark_value> u_shared{number(0.5), number(1)};
const double low_of_row[] = {2 * 1 / 1.0, 3 * 10 / 1.0, 0, 5 * 100 / 1.0};
const double high_of_row[] = {2 * 2 / 0.5, 3 * 20 / 0.5, 0, 5 * 200 / 0.5};

std::vector<ballpark_value> column_pairs() {
    return {text("p"), range(p_column, 4, 1), text("t"), range(t_column, 4, 2), text("u"), range(u_shared, 1, 2)};
}

std::vector<ballpark_value> with_column_pairs(std::vector<ballpark_value> args) {
    for (const ballpark_value& v : column_pairs()) args.push_back(v);
    return args;
}

double part_of(const std::string& result_text, const char* part) {
    return number_of("QTYVALUE", {text(result_text), empty(), text(part)});
}

TEST(CInterface, QtyvalueOverAColumnIsAnArrayOfRowsTimesPartsWithTheBlankRowEmpty) {
    Answer a("QTYVALUE", with_column_pairs({text("p * t / u"), empty(), text("low high")}));
    ASSERT_EQ(a.result.kind, BALLPARK_RESULT_ARRAY) << (a.result.text ? a.result.text : "");
    ASSERT_EQ(a.result.rows, 4u);
    ASSERT_EQ(a.result.columns, 2u);
    for (std::size_t k = 0; k < 4; ++k) {
        const ballpark_cell* row = a.result.cells + 2 * k;
        if (k == 2) {
            for (std::size_t j = 0; j < 2; ++j) {
                EXPECT_EQ(row[j].kind, BALLPARK_CELL_EMPTY);
                EXPECT_EQ(row[j].text, nullptr);
            }
            continue;
        }
        ASSERT_EQ(row[0].kind, BALLPARK_CELL_NUMBER) << k;
        ASSERT_EQ(row[1].kind, BALLPARK_CELL_NUMBER) << k;
        EXPECT_NEAR(row[0].number, low_of_row[k], low_of_row[k] * 1e-12) << k;
        EXPECT_NEAR(row[1].number, high_of_row[k], high_of_row[k] * 1e-12) << k;
    }
}

TEST(CInterface, QtyOverAColumnIsAnArrayOfTextsEachReadBackAsItsRowsResult) {
    Answer a("QTY", with_column_pairs({text("p * t / u"), empty()}));
    ASSERT_EQ(a.result.kind, BALLPARK_RESULT_ARRAY) << (a.result.text ? a.result.text : "");
    ASSERT_EQ(a.result.rows, 4u);
    ASSERT_EQ(a.result.columns, 1u);
    EXPECT_EQ(a.result.cells[2].kind, BALLPARK_CELL_EMPTY);
    std::vector<std::string> texts;
    for (std::size_t k : {0u, 1u, 3u}) {
        const ballpark_cell& cell = a.result.cells[k];
        ASSERT_EQ(cell.kind, BALLPARK_CELL_TEXT) << k;
        ASSERT_NE(cell.text, nullptr);
        EXPECT_EQ(std::strlen(cell.text), cell.text_size) << "the text ends with a NUL right after its bytes";
        const std::string t(cell.text, cell.text_size);
        EXPECT_NE(shown(t), t) << "row " << k + 1 << " ends with its recipe's key";
        texts.push_back(t);
        // Read back, the text is the row's result at full precision, not its two printed figures.
        EXPECT_NEAR(part_of(t, "low"), low_of_row[k], low_of_row[k] * 1e-12) << k;
        EXPECT_NEAR(part_of(t, "high"), high_of_row[k], high_of_row[k] * 1e-12) << k;
    }
    EXPECT_EQ(shown(texts[0]).substr(shown(texts[0]).find('[')), "[2.0, 8.0]");
    EXPECT_NE(texts[0], texts[1]);
    // Two rows read together share u, one input of both: row 1 / row 2 is 2 t1 / (3 t2), from 2/60 to 4/30, where
    // two independent u would give 1/60 to 8/30.
    const std::string ratio = text_of("QTY", {text("a / b"), empty(), text("a"), text(texts[0]), text("b"), text(texts[1])});
    EXPECT_NEAR(part_of(ratio, "low"), 2.0 / 60, 1e-12);
    EXPECT_NEAR(part_of(ratio, "high"), 4.0 / 30, 1e-12);
    const std::string difference = text_of("QTY", {text("a - a"), empty(), text("a"), text(texts[0])});
    EXPECT_EQ(part_of(difference, "high"), 0) << "a row's text read twice is one result";
}

TEST(CInterface, QtydistOverAColumnIsAnArrayOfTextsInTheNinetyPercentReading) {
    // Each row a 90% interval, lognormal: median √(ab), the 5th and 95th percentiles the ends.
    const std::vector<ballpark_value> x{number(1), number(100), number(10), number(1000)};
    Answer a("QTYDIST", {text("x"), empty(), text("x"), range(x, 2, 2)});
    ASSERT_EQ(a.result.kind, BALLPARK_RESULT_ARRAY) << (a.result.text ? a.result.text : "");
    ASSERT_EQ(a.result.rows, 2u);
    const double medians[] = {10, 100}, ends[2][2] = {{1, 100}, {10, 1000}};
    for (std::size_t k = 0; k < 2; ++k) {
        ASSERT_EQ(a.result.cells[k].kind, BALLPARK_CELL_TEXT);
        const std::string t(a.result.cells[k].text, a.result.cells[k].text_size);
        EXPECT_TRUE(contains(t, "[90%: ")) << t;
        EXPECT_NEAR(part_of(t, "median"), medians[k], medians[k] * 1e-9) << t;
        EXPECT_NEAR(part_of(t, "p5"), ends[k][0], ends[k][0] * 1e-9) << t;
        EXPECT_NEAR(part_of(t, "p95"), ends[k][1], ends[k][1] * 1e-9) << t;
    }
}

TEST(CInterface, AnErrorInOneRowIsTheCallsErrorNamingTheRow) {
    // Row 2 has its high end and not its low, and row 4 a text that is no quantity.
    const std::vector<ballpark_value> half{number(1), number(2), empty(), number(20), number(5), number(6)};
    const std::string half_row = error_of("QTYVALUE", {text("t"), empty(), text("low high"), text("t"), range(half, 3, 2)});
    EXPECT_EQ(half_row.rfind("Row 2 of the columns: the value of \"t\" has its cell 1 of 2 empty", 0), 0u) << half_row;
    const std::vector<ballpark_value> wrong{number(1), number(2), number(3), text("4 flurbs")};
    const std::string bad = error_of("QTY", {text("t * 2"), empty(), text("t"), range(wrong, 4, 1)});
    EXPECT_TRUE(contains(bad, "Row 4") && contains(bad, "flurbs")) << bad;
    // QTYERROR names the same row, and both offices show the same sentence (tests/integration/adapters_test.py).
    EXPECT_EQ(text_of("QTYERROR", {text("QTY"), text("t * 2"), empty(), text("t"), range(wrong, 4, 1)}), "QTY: " + bad);
    ballpark_result result{};
    const ballpark_value args[] = {text("t * 2"), empty(), text("t"), range(wrong, 4, 1)};
    ASSERT_EQ(ballpark_call("QTY", args, 4, &result), BALLPARK_RESULT_ERROR);
    EXPECT_EQ(result.cells, nullptr);
    EXPECT_EQ(result.rows, 0u);
    ballpark_result_free(&result);
}

TEST(CInterface, FreeingAnArrayGivesBackItsCellsAndTheirTexts) {
    ballpark_result result{};
    const std::vector<ballpark_value> args = with_column_pairs({text("p * t / u"), empty()});
    ASSERT_EQ(ballpark_call("QTY", args.data(), args.size(), &result), BALLPARK_RESULT_ARRAY);
    ASSERT_NE(result.cells, nullptr);
    ballpark_result_free(&result);
    EXPECT_EQ(result.cells, nullptr);
    EXPECT_EQ(result.rows, 0u);
    EXPECT_EQ(result.columns, 0u);
    ballpark_result_free(&result);
    // Many columns of texts, each freed: under AddressSanitizer (scripts/sanitize.sh) a cell or text not given back
    // is a leak that fails the test.
    for (int i = 0; i < 200; ++i) {
        ASSERT_EQ(ballpark_call("QTYDIST", args.data(), args.size(), &result), BALLPARK_RESULT_ARRAY);
        ballpark_result_free(&result);
    }
}

TEST(CInterface, CallsFromC) {
    double hours = 0;
    EXPECT_EQ(gpu_hours_from_c(&hours), BALLPARK_RESULT_NUMBER);
    EXPECT_DOUBLE_EQ(hours, hours_at(0.45));
    double bounds[2] = {0, 0};
    EXPECT_EQ(gpu_hours_low_high_from_c(bounds), BALLPARK_RESULT_ARRAY);
    EXPECT_DOUBLE_EQ(bounds[0], hours_at(0.55));
    EXPECT_DOUBLE_EQ(bounds[1], hours_at(0.35));
}

// Calc's threads, or a Python adapter's, may call at once; each thread's texts and errors stay its own.
TEST(CInterface, ThreadsCallAtOnce) {
    std::vector<std::thread> threads;
    std::vector<int> wrong(8, 0);
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([t, &wrong] {
            for (int i = 0; i < 200; ++i) {
                const double x = t * 1000 + i;
                ballpark_result result{};
                const ballpark_value args[] = {text("x * 2 hour"), text("min"), empty(), text("x"), number(x)};
                if (ballpark_call("QTYVALUE", args, 5, &result) != BALLPARK_RESULT_NUMBER || result.number != x * 120) {
                    ++wrong[t];
                }
                ballpark_result_free(&result);
                const std::vector<ballpark_value> xs{number(x), number(x + 1), number(x + 2), number(x + 3)};
                const ballpark_value column[] = {text("x * 2"), empty(), empty(), text("x"), range(xs, 4, 1)};
                if (ballpark_call("QTYVALUE", column, 5, &result) != BALLPARK_RESULT_ARRAY || result.rows != 4 ||
                    result.cells[3].number != (x + 3) * 2) {
                    ++wrong[t];
                }
                ballpark_result_free(&result);
                const ballpark_value bad[] = {text("2 hour + 3 kg")};
                if (ballpark_call("QTY", bad, 1, &result) != BALLPARK_RESULT_ERROR || !contains(result.text, "mass")) {
                    ++wrong[t];
                }
                ballpark_result_free(&result);
            }
        });
    }
    for (auto& thread : threads) thread.join();
    for (int t = 0; t < 8; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

}  // namespace
