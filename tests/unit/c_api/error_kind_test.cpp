// The kind of an error result through the C interface (ballpark_call_with_kind), beside the sentence that
// ballpark_call gives for the same call; through the header alone, as a caller in C sees it.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "ballpark_c.h"

namespace {

ballpark_value text(std::string_view t) { return ballpark_value{BALLPARK_TEXT, 0, t.data(), t.size(), nullptr, 0, 0}; }

struct Called {
    int32_t kind = 0;
    std::string sentence;
    const char* error_kind = "not set";
};

Called call_with_kind(const char* name, const std::vector<ballpark_value>& args) {
    ballpark_result result{};
    Called out;
    out.kind = ballpark_call_with_kind(name, args.data(), args.size(), &result, &out.error_kind);
    if (result.text) out.sentence.assign(result.text, result.text_size);
    ballpark_result_free(&result);
    return out;
}

std::string sentence_of_plain_call(const char* name, const std::vector<ballpark_value>& args) {
    ballpark_result result{};
    ballpark_call(name, args.data(), args.size(), &result);
    std::string sentence = result.text ? std::string(result.text, result.text_size) : std::string();
    ballpark_result_free(&result);
    return sentence;
}

std::string kind_of(const Called& c) { return c.error_kind ? c.error_kind : "(null)"; }

TEST(CErrorKind, AnUnknownUnitIsNamedSoWithTheSameSentenceAsBallparkCall) {
    const std::vector<ballpark_value> args{text("3 flurbs")};
    const Called c = call_with_kind("QTY", args);
    EXPECT_EQ(c.kind, BALLPARK_RESULT_ERROR);
    EXPECT_EQ(kind_of(c), "unknown_unit");
    EXPECT_NE(c.sentence.find("flurbs"), std::string::npos) << c.sentence;
    EXPECT_EQ(c.sentence, sentence_of_plain_call("QTY", args));
}

TEST(CErrorKind, EachKindOfMistakeHasItsName) {
    EXPECT_EQ(kind_of(call_with_kind("QTY", {text("2 hour + 3 kg")})), "dimension");
    EXPECT_EQ(kind_of(call_with_kind("QTY", {text("5 to 1")})), "range_order");
    EXPECT_EQ(kind_of(call_with_kind("QTY", {text("2 +")})), "syntax");
    EXPECT_EQ(kind_of(call_with_kind("NOSUCHFUNCTION", {})), "unknown_name");
    EXPECT_EQ(kind_of(call_with_kind(nullptr, {})), "argument");
}

TEST(CErrorKind, AResultThatIsNoErrorHasNoKind) {
    const Called c = call_with_kind("QTY", {text("2 hour")});
    EXPECT_EQ(c.kind, BALLPARK_RESULT_TEXT);
    EXPECT_EQ(c.error_kind, nullptr);
}

TEST(CErrorKind, TheKindMayBeLeftUnasked) {
    ballpark_result result{};
    const std::vector<ballpark_value> args{text("3 flurbs")};
    EXPECT_EQ(ballpark_call_with_kind("QTY", args.data(), args.size(), &result, nullptr), BALLPARK_RESULT_ERROR);
    ballpark_result_free(&result);
}

}  // namespace
