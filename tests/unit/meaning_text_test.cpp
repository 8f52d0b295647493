// Two formulas that differ only where spacing means nothing are one result; where the parser reads a space, the
// space stays part of the expression's identity (language/meaning_text.hpp).
#include "language/meaning_text.hpp"

#include <gtest/gtest.h>

#include "ballpark/api.hpp"

namespace ballpark {
namespace {

TEST(MeaningText, SpacingThatChangesNothingIsLeftOut) {
    const std::string one = meaning_text("1000 hour * (35% to 55%)");
    EXPECT_EQ(meaning_text("1000 hour*(35% to 55%)"), one);
    EXPECT_EQ(meaning_text("  1000 hour * ( 35%  to 55% ) "), one);
    EXPECT_EQ(meaning_text("1000 hour *(35%to 55%)"), one);
    EXPECT_EQ(meaning_text("6 FLOP*p*t/(peak*u)"), meaning_text("6 FLOP * p * t / (peak * u)"));
    EXPECT_NE(meaning_text("1000 hour * (35% to 56%)"), one);
    EXPECT_NE(meaning_text("1000 hour * (35% to 55%) + 0"), one);
}

TEST(MeaningText, SpacingThatTheParserReadsIsKept) {
    // Each pair means two things, so each pair is two identities; the evaluator tells which.
    const auto differ = [](const char* a, const char* b) {
        EXPECT_NE(meaning_text(a), meaning_text(b)) << a << " | " << b;
        const auto x = evaluate(a);
        const auto y = evaluate(b);
        // At least one reads differently or is refused: proof that the space mattered.
        EXPECT_TRUE(!x || !y || x->low != y->low || x->high != y->high || x->dimension != y->dimension) << a << " | " << b;
    };
    differ("kW-h", "kW - h");        // a product, a difference of unlike units (refused)
    differ("$10k", "$10 k");         // ten thousand dollars, and ten dollars times a k that is no unit
    differ("3 m-2 m", "3 m - 2 m");  // an unspaced minus between numbers with units is refused; spaced it subtracts
}

}  // namespace
}  // namespace ballpark
