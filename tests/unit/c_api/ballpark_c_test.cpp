// The C interface through its header alone (the test links libballpark_c.so or ballpark.dll, not the C++ layers):
// the functions it lists, numbers, texts, ranges and errors in and out, the ownership of result texts, and calls
// from several threads. Expected figures are worked out here, as in tests/integration/addin_test.py.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ballpark_c.h"
#include "from_c.h"

namespace {

// The reference case: a Llama-2-70B-like training on A100s (312 TFLOP/s) at 35 % to 55 % utilization.
constexpr double flop = 6 * 70e9 * 2e12;
constexpr double a100 = 312e12;
double hours_at(double utilization) { return flop / (a100 * utilization) / 3600; }

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
    constexpr std::size_t key_bytes = 3 + 16 * 3;
    if (text.size() >= key_bytes && text.compare(text.size() - key_bytes, 3, "\xE2\x81\xA0") == 0) text.resize(text.size() - key_bytes);
    return text;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(CInterface, VersionIsTheHeaders) { EXPECT_EQ(ballpark_c_version(), BALLPARK_C_VERSION); }

TEST(CInterface, ListsTheFourteenFunctionsInTheOrderOfTheUnoInterface) {
    ASSERT_EQ(ballpark_function_count(), 14u);
    ballpark_function f{};
    ASSERT_EQ(ballpark_function_at(0, &f), 1);
    EXPECT_STREQ(f.name, "GPUHOURS");
    EXPECT_STREQ(f.method, "gpuHours");
    EXPECT_EQ(f.result_kind, BALLPARK_RESULT_NUMBER);
    EXPECT_EQ(f.parameters, 7u);
    EXPECT_EQ(f.takes_pairs, 0);
    ASSERT_EQ(ballpark_function_at(3, &f), 1);
    EXPECT_STREQ(f.name, "QTYVALUE");
    EXPECT_EQ(f.parameters, 3u);  // expression, unit, part; then the pairs
    EXPECT_EQ(f.takes_pairs, 1);
    ASSERT_EQ(ballpark_function_at(12, &f), 1);
    EXPECT_STREQ(f.method, "qtyTop");
    EXPECT_EQ(f.result_kind, BALLPARK_RESULT_TEXT);
    ASSERT_EQ(ballpark_function_at(13, &f), 1);
    EXPECT_STREQ(f.method, "qtyText");
    EXPECT_EQ(f.parameters, 3u);
    EXPECT_EQ(f.takes_pairs, 0);
    const ballpark_function before = f;
    EXPECT_EQ(ballpark_function_at(14, &f), 0);
    EXPECT_EQ(f.name, before.name) << "an index past the end leaves the struct alone";
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
    const std::vector<ballpark_value> column = {number(0.35), number(0.4), text("55%")};
    EXPECT_DOUBLE_EQ(number_of("QTYVALUE", {text(hours), text("hour"), empty(), text("u"), range(column, 3, 1)}),
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
    // A column of models is no error, but the C interface has no kind for a result per row.
    const std::vector<ballpark_value> column = {number(1), number(2), number(3), number(4)};
    const std::string rows = error_of("QTYVALUE", {text("u"), empty(), empty(), text("u"), range(column, 2, 2)});
    EXPECT_TRUE(contains(rows, "a column of 2 rows")) << rows;
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

TEST(CInterface, SeveralPartsAreARowOfNumbers) {
    const std::vector<ballpark_value> u{number(0.35), number(0.55)};
    const std::vector<ballpark_value> args{text("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u) as hour"), empty(),
                                           text("low central high"), text("u"), range(u, 1, 2)};
    Answer a("QTYVALUE", args);
    ASSERT_EQ(a.result.kind, BALLPARK_RESULT_ROW) << (a.result.text ? a.result.text : "");
    ASSERT_EQ(a.result.count, 3u);
    EXPECT_NEAR(a.result.numbers[0], hours_at(0.55), hours_at(0.55) * 1e-12);
    EXPECT_NEAR(a.result.numbers[1], hours_at(0.45), hours_at(0.45) * 1e-12);
    EXPECT_NEAR(a.result.numbers[2], hours_at(0.35), hours_at(0.35) * 1e-12);
    ballpark_result_free(&a.result);
    EXPECT_EQ(a.result.numbers, nullptr);
    EXPECT_EQ(a.result.count, 0u);
}

TEST(CInterface, CallsFromC) {
    double hours = 0;
    EXPECT_EQ(gpu_hours_from_c(&hours), BALLPARK_RESULT_NUMBER);
    EXPECT_DOUBLE_EQ(hours, hours_at(0.45));
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
