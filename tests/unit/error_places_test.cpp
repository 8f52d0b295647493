// An error keeps its own sentence and records where it was found as places; one wording (worded_message) composes
// the message from them. Advice in the terms of a front end is the front end's: the core names its case.
// Expected sentences are written out here, as a person reads them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"

namespace ballpark {
namespace {

Error plain(std::string message) { return Error{std::move(message), 0, {}, ErrorKind::unknown_unit}; }

TEST(ErrorPlaces, EachPlaceIsWordedBeforeTheSentence) {
    const std::string own = "Unknown unit \"blorp\".";
    const auto with = [&](ErrorPlace place) {
        Error e = plain(own);
        found_in(e, std::move(place));
        return e.message;
    };
    using W = ErrorPlace::What;
    EXPECT_EQ(with({W::definition, "foo"}), "The definition of \"foo\" could not be read: Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::cell, "u", "\"1 blorp\"", 2, 3}),
              "Cell 2 of 3 of the range for \"u\" (\"1 blorp\"): Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::labelled_value, "peak", "3 blorp"}), "peak (\"3 blorp\"): Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::named_value, "u", "3 blorp"}),
              "The value of \"u\" (\"3 blorp\") could not be read: Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::row, {}, {}, 4}), "Row 4 of the columns: Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::declaration, {}, "u: blorp"}), "The name \"u: blorp\": Unknown unit \"blorp\".");
    EXPECT_EQ(with({W::argument, "part"}), "part: Unknown unit \"blorp\".");
}

TEST(ErrorPlaces, TheOwnSentenceAndThePlacesStayAsData) {
    Error e = plain("Unknown unit \"blorp\".");
    found_in(e, ErrorPlace{ErrorPlace::What::definition, "foo"});
    found_in(e, ErrorPlace{ErrorPlace::What::row, {}, {}, 2});
    EXPECT_EQ(e.statement, "Unknown unit \"blorp\".");
    ASSERT_EQ(e.places.size(), 2u);
    EXPECT_EQ(e.places[0].what, ErrorPlace::What::definition);
    EXPECT_EQ(e.places[1].number, 2);
    EXPECT_EQ(e.message, "Row 2 of the columns: The definition of \"foo\" could not be read: Unknown unit \"blorp\".");
    EXPECT_EQ(worded_message(e), e.message);
    EXPECT_EQ(e.kind, ErrorKind::unknown_unit);
}

TEST(ErrorPlaces, AfterACallTheSentenceGoesOnInLowerCaseUnlessItBeginsWithAName) {
    Error table = plain("The accelerator table has no fp8 peak for A100.");
    found_in(table, ErrorPlace{ErrorPlace::What::call, "peak", {}, 1});
    EXPECT_EQ(table.message, "\"peak\" at column 1: the accelerator table has no fp8 peak for A100.");

    Error named = plain("NVIDIA V100 has no bf16 units.");
    named.begins_with_name = true;
    found_in(named, ErrorPlace{ErrorPlace::What::call, "peak", "f", 3});
    EXPECT_EQ(named.message, "\"peak\" in the body of \"f\": NVIDIA V100 has no bf16 units.");

    // A name with a lower-case second letter keeps its capital too: the case is the error's fact, not its letters.
    Error gaudi = plain("Gaudi has no bf16 units.");
    gaudi.begins_with_name = true;
    found_in(gaudi, ErrorPlace{ErrorPlace::What::call, "peak", {}, 1});
    EXPECT_EQ(gaudi.message, "\"peak\" at column 1: Gaudi has no bf16 units.");
}

TEST(ErrorPlaces, AnAcceleratorErrorInACallRecordsTheCall) {
    const auto q = evaluate("peak(A100, fp3)");
    ASSERT_FALSE(q);
    ASSERT_EQ(q.error().places.size(), 1u);
    EXPECT_EQ(q.error().places[0].what, ErrorPlace::What::call);
    EXPECT_EQ(q.error().places[0].name, "peak");
    EXPECT_EQ(q.error().function, "peak");
    EXPECT_EQ(q.error().message.substr(0, 21), "\"peak\" at column 1: t");
}

TEST(ErrorPlaces, ACorrelationThatIsNoTextLeavesItsAdviceToTheSheet) {
    const std::vector<sheet::Arg> pairs{std::string("u"), std::string("1 to 2"), std::string("correlation"), 0.5};
    const auto r = sheet::qty(std::string("u"), std::string(), pairs);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().advice, ErrorAdvice::correlation_as_text);
    EXPECT_TRUE(r.error().hint.empty()) << r.error().hint;
    EXPECT_EQ(sheet::calc_sentence(r.error()),
              r.error().message + " Put the pairs in a cell as text, or in quotes in the formula.");
}

}  // namespace
}  // namespace ballpark
