// Units a notebook or a QTY text declares (`unit token`, `unit EUR = 1.08 USD`), hyphenated units (`GPU-hour`)
// and money suffixes (`$10k`, `as k$`). Expected values are exact products computed here from the definitions.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ballpark/api.hpp"
#include "ballpark/format.hpp"
#include "ballpark/session.hpp"
#include "session_lines.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::run;

const Dimension money = Dimension::of(BaseDimension::money);
const Dimension time_dim = Dimension::of(BaseDimension::time);
const Dimension token_dim = Dimension::of(BaseDimension::user1);

double central(Session& session, std::string_view line) {
    const LineResult r = run(session, line);
    if (!r.value) {
        ADD_FAILURE() << line << " has no value";
        return std::nan("");
    }
    return r.value->central;
}

double evaluated(std::string_view text) {
    const auto q = evaluate(text);
    if (!q) {
        ADD_FAILURE() << text << ": " << q.error().sentence();
        return std::nan("");
    }
    return q->central;
}

// --- Declared base units. ---

TEST(DeclaredUnits, ABaseUnitIsANewDimensionThatMultipliesAndDivides) {
    Session session;
    run(session, "unit token");
    const LineResult rate = run(session, "50 token/s * 1 hour");
    ASSERT_TRUE(rate.value);
    EXPECT_EQ(rate.value->central, 50.0 * 3600);
    EXPECT_EQ(rate.value->dimension, token_dim);
    EXPECT_NE(format(*rate.value).find(" token"), std::string::npos) << format(*rate.value);
}

TEST(DeclaredUnits, APricePerThousandTokensIsMoneyPerToken) {
    Session session;
    run(session, "unit token");
    const LineResult price = run(session, "$2 / (1000 token)");
    ASSERT_TRUE(price.value);
    EXPECT_DOUBLE_EQ(price.value->central, 2.0 / 1000);
    EXPECT_EQ(price.value->dimension, money / token_dim);
    EXPECT_NE(format(*price.value).find("$/token"), std::string::npos) << format(*price.value);
}

TEST(DeclaredUnits, ThePluralOfADeclaredWordIsTheSameUnit) {
    Session session;
    run(session, "unit token");
    EXPECT_EQ(central(session, "15 trillion tokens / (4000 tokens/s)"), 15e12 / 4000);
}

TEST(DeclaredUnits, AddingTokensToBytesIsADimensionErrorNamingTheToken) {
    Session session;
    run(session, "unit token");
    const Error e = error_of(session, "5 token + 3 B");
    EXPECT_NE(e.message.find("token"), std::string::npos) << e.sentence();
}

TEST(DeclaredUnits, ADerivedUnitIsItsDefinition) {
    Session session;
    run(session, "unit EUR = 1.08 USD");
    const LineResult r = run(session, "5 EUR");
    ASSERT_TRUE(r.value);
    EXPECT_DOUBLE_EQ(r.value->central, 5 * 1.08);
    EXPECT_EQ(r.value->dimension, money);
}

TEST(DeclaredUnits, ADerivedUnitMayBuildOnADeclaredBaseUnit) {
    Session session;
    run(session, "unit token");
    run(session, "unit page = 500 token");
    EXPECT_EQ(central(session, "3 page / (1 token)"), 1500);
}

TEST(DeclaredUnits, ABuiltInNameCannotBeDeclaredAgain) {
    Session session;
    for (const char* line : {"unit hour", "unit km", "unit B", "unit GPU", "unit kilowatt"}) {
        const Error e = error_of(session, line);
        EXPECT_NE(e.message.find("already a unit"), std::string::npos) << line << ": " << e.sentence();
    }
}

TEST(DeclaredUnits, AUnitCannotBeDeclaredTwice) {
    Session session;
    run(session, "unit token");
    const Error e = error_of(session, "unit token");
    EXPECT_NE(e.message.find("already a unit"), std::string::npos) << e.sentence();
}

TEST(DeclaredUnits, ADefinitionThatUsesItselfIsRefused) {
    Session session;
    const Error e = error_of(session, "unit widget = 2 widget");
    EXPECT_NE(e.message.find("itself"), std::string::npos) << e.sentence();
    EXPECT_EQ(e.column, 17);
}

TEST(DeclaredUnits, ADefinitionFromAnUnknownUnitNamesIt) {
    Session session;
    const Error e = error_of(session, "unit EUR = 1.08 dollarz");
    EXPECT_NE(e.message.find("dollarz"), std::string::npos) << e.sentence();
    EXPECT_EQ(e.column, 17);
}

TEST(DeclaredUnits, PrefixesComeOnlyWhenAskedFor) {
    Session session;
    run(session, "unit token");
    run(session, "unit word [prefixes]");
    error_of(session, "1 ktoken");
    EXPECT_EQ(central(session, "2 kword / (1 word)"), 2000);
    EXPECT_EQ(central(session, "1 megaword / (1 word)"), 1e6);
}

TEST(DeclaredUnits, AFifthBaseUnitIsRefusedWithASentence) {
    Session session;
    for (const char* line : {"unit aaa", "unit bbb", "unit ccc", "unit ddd"}) run(session, line);
    const Error e = error_of(session, "unit eee");
    EXPECT_NE(e.message.find("at most 4"), std::string::npos) << e.sentence();
    // Derived units still fit: they take no slot.
    run(session, "unit fff = 3 aaa");
    EXPECT_EQ(central(session, "2 fff / (1 aaa)"), 6);
}

TEST(DeclaredUnits, AUnitCannotHideAVariable) {
    Session session;
    run(session, "token = 5");
    const Error e = error_of(session, "unit token");
    EXPECT_NE(e.message.find("variable"), std::string::npos) << e.sentence();
}

TEST(DeclaredUnits, AVariableCalledUnitIsStillAVariable) {
    Session session;
    run(session, "unit = 5");
    EXPECT_EQ(central(session, "unit * 2"), 10);
}

TEST(DeclaredUnits, OneSessionsUnitsAreUnknownElsewhere) {
    Session first;
    run(first, "unit token");
    run(first, "1 token");
    Session second;
    error_of(second, "1 token");
    EXPECT_FALSE(evaluate("1 token"));
}

// --- Declarations in a QTY text. ---

TEST(DeclaredUnits, AQtyTextMayDeclareUnitsBeforeItsExpression) {
    EXPECT_EQ(evaluated("unit token; 15 trillion token / (4000 token/s)"), 15e12 / 4000);
    const auto q = evaluate("unit token; 15 trillion token / (4000 token/s)");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->dimension, time_dim);
    EXPECT_DOUBLE_EQ(evaluated("unit EUR = 1.08 USD; unit kEUR = 1000 EUR; 2 kEUR"), 2 * 1000 * 1.08);
}

TEST(DeclaredUnits, AMisspeltDeclaredUnitIsSuggested) {
    Session session;
    run(session, "unit token");
    const Error e = error_of(session, "50 tokn/s");
    EXPECT_NE(e.sentence().find("\"token\""), std::string::npos) << e.sentence();
    const auto q = evaluate("unit token; 50 tokn/s");
    ASSERT_FALSE(q);
    EXPECT_NE(q.error().sentence().find("\"token\""), std::string::npos) << q.error().sentence();
}

TEST(DeclaredUnits, AQtyTextsUnitsDoNotLeakIntoTheNextText) {
    ASSERT_TRUE(evaluate("unit token; 1 token"));
    EXPECT_FALSE(evaluate("1 token"));
    EXPECT_FALSE(evaluate("2 token"));
}

TEST(DeclaredUnits, AQtyResultInDeclaredUnitsShowsTheirNames) {
    const auto q = evaluate("unit token; 50 token/s");
    ASSERT_TRUE(q);
    EXPECT_EQ(format(*q), "50.0 token/s");  // three significant figures, as every single value
}

TEST(DeclaredUnits, TheValuesBoundToAQtyTextMayUseItsDeclaredUnits) {
    using namespace std::string_view_literals;
    const Binding bindings[] = {{"tokens", "15 trillion token"sv}, {"rate", 4000.0, std::nullopt, "token/s"}};
    const auto q = evaluate("unit token; tokens / rate", bindings);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 15e12 / 4000);
    EXPECT_EQ(q->dimension, time_dim);
    // Without the declaration the same bindings name an unknown unit.
    EXPECT_FALSE(evaluate("tokens / rate", bindings));
}

TEST(DeclaredUnits, ARepeatedQtyTextGivesTheSameResultEachTime) {
    const auto first = evaluate("unit token; 50 token/s");
    const auto second = evaluate("unit token; 50 token/s");
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->central, second->central);
    EXPECT_EQ(format(*second), "50.0 token/s");
}

TEST(DeclaredUnits, AnErrorInAQtyTextCountsColumnsFromItsStart) {
    const auto q = evaluate("unit token; 5 token + 2 hour");
    ASSERT_FALSE(q);
    EXPECT_EQ(q.error().column, 21);
}

TEST(DeclaredUnits, ASemicolonInsideACallStillSeparatesArguments) {
    EXPECT_EQ(evaluated("unit token; max(2 token; 3 token) / (1 token)"), 3);
}

TEST(DeclaredUnits, AQtyTextOfDeclarationsAloneIsAnError) {
    EXPECT_FALSE(evaluate("unit token"));
    EXPECT_FALSE(evaluate("unit token; 2 * 3; 1 token"));
}

// "unit tokens" then "unit token" would make two units that cannot be added to each other.
TEST(DeclaredUnits, ASingularAfterItsPluralIsRefused) {
    Session session;
    run(session, "unit tokens");
    const std::string e = error_of(session, "unit token").sentence();
    EXPECT_NE(e.find("\"token\" at column 6 is the singular of the unit \"tokens\""), std::string::npos) << e;
    EXPECT_EQ(central(session, "5 tokens + 3 tokens"), 8);
    // The plural after the singular was refused already: the singular brings its plural.
    Session other;
    run(other, "unit token");
    EXPECT_NE(error_of(other, "unit tokens").sentence().find("already a unit"), std::string::npos);
    EXPECT_EQ(central(other, "5 tokens + 3 token"), 8);
}

// --- Hyphenated units. ---

TEST(HyphenatedUnits, GpuHourIsAProductNotASubtraction) {
    const auto q = evaluate("$3 / GPU-hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->central, 3.0 / 3600);
    EXPECT_EQ(q->dimension, money / time_dim);
    EXPECT_DOUBLE_EQ(evaluated("2 GPU-hours / (1 hour)"), 2);
}

TEST(HyphenatedUnits, KilowattHourAndLightYearAreTheirUnits) {
    // 1 kWh = 1000 W × 3600 s; 1 light-year = 299792458 m/s × 365.25 × 86400 s (IAU).
    const auto kwh = evaluate("1 kilowatt-hour");
    ASSERT_TRUE(kwh);
    EXPECT_EQ(kwh->central, 1000.0 * 3600);
    const auto ly = evaluate("1 light-year");
    ASSERT_TRUE(ly);
    EXPECT_EQ(ly->central, 299792458.0 * 365.25 * 86400);
    EXPECT_EQ(convert(1, "kilowatt-hour", "J").value_or(0), 3.6e6);
}

TEST(HyphenatedUnits, SpacesOrShortNamesKeepTheMinus) {
    EXPECT_EQ(evaluated("3 hour - 1 hour") / 3600, 2);
    EXPECT_EQ(evaluated("5-3"), 2);
    Session session;
    run(session, "f(t, s) = t-s");
    EXPECT_EQ(central(session, "f(5, 3)"), 2);
    run(session, "cost = 10");
    run(session, "hours = 4");
    EXPECT_EQ(central(session, "cost-hours"), 6);
}

// A hyphen between two names is a minus unless both are units and neither is a variable.
TEST(HyphenatedUnits, AHyphenBesideAVariableSubtracts) {
    Session session;
    run(session, "years = 5");
    run(session, "months = 3");
    EXPECT_EQ(central(session, "years-months"), 2);  // 5 - 3, not the product 15
    EXPECT_EQ(central(session, "1 + years-months"), 3);
    EXPECT_EQ(central(session, "(years-months) * 2"), 4);
    // Only the variable's hyphen subtracts: hour-day stays a product of units, then the variable is taken off.
    run(session, "x = 1 day^2");
    EXPECT_EQ(central(session, "hour-day-x"), 3600.0 * 86400 - 86400.0 * 86400);
    // Inside a product a minus would not keep its precedence, so which reading was meant is asked.
    const std::string e = error_of(session, "2 years-months").sentence();
    EXPECT_NE(e.find("\"years\" is a variable"), std::string::npos) << e;
    EXPECT_NE(e.find("\"years - months\""), std::string::npos) << e;
    // Without the variables the same text is a product of units (time²).
    const auto q = evaluate("years-months");
    ASSERT_TRUE(q);
    EXPECT_DOUBLE_EQ(q->central, 365.25 * 86400 * 365.25 * 86400 / 12);
}

TEST(HyphenatedUnits, ASheetBindingIsAVariableBesideAHyphen) {
    // =QTYVALUE("hours-days";;;"hours";1000;"days";30) is 970, and watts-kW with watts = 1400 W is 400 W.
    const Binding hours_days[] = {{"hours", 1000.0}, {"days", 30.0}};
    const auto q = evaluate("hours-days", hours_days);
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 970);
    const Binding watts[] = {{"watts", std::string_view("1400 W")}};
    const auto w = evaluate("watts-kW", watts);
    ASSERT_TRUE(w) << w.error().sentence();
    EXPECT_EQ(w->central, 400);
}

TEST(HyphenatedUnits, MoreThanTwoPartsAreAProductOfAll) {
    // 3 GPU·day·hour: GPU is a count, so 3 day·hour = 3 × 86400 s × 3600 s (time²), not 3 GPU·day - hour.
    const auto q = evaluate("3 GPU-day-hour");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(q->central, 3.0 * 86400 * 3600);
    EXPECT_EQ(q->dimension, time_dim * time_dim);
    EXPECT_DOUBLE_EQ(evaluated("$6 / GPU-hour-day"), 6.0 / (3600.0 * 86400));
}

TEST(HyphenatedUnits, AFootPoundIsEnergyAndPoundElseIsAsked) {
    // GNU Units: units -t -d 15 'ft lbf' 'J' -> 1.3558179483314; 'in lbf' 'J' -> 0.112984829027617.
    for (const char* text : {"3 foot-pound", "3 foot-pounds", "3 ft-lb", "3 pound-foot", "3 footpound"}) {
        const auto q = evaluate(std::string(text) + " as J");
        ASSERT_TRUE(q) << text << ": " << q.error().sentence();
        EXPECT_NEAR(q->central, 3 * 1.3558179483314, 1e-12) << text;
    }
    EXPECT_NEAR(evaluated("1 inch-pound as J"), 0.112984829027617, 1e-14);
    const auto e = evaluate("2 pound-second");
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().sentence().find("pound-force (lbf)"), std::string::npos) << e.error().sentence();
    EXPECT_NE(e.error().sentence().find("\"lbf*second\""), std::string::npos) << e.error().sentence();
    EXPECT_DOUBLE_EQ(evaluated("2 lbf-second"), evaluated("2 lbf*s"));
}

// --- Money suffixes. ---

TEST(MoneySuffixes, ThousandsMillionsAndBillionsOfDollars) {
    EXPECT_EQ(evaluated("$10k"), 10e3);
    EXPECT_EQ(evaluated("$2.5M"), 2.5e6);
    EXPECT_EQ(evaluated("$1.2B"), 1.2e9);
    EXPECT_EQ(evaluated("$-3k"), -3e3);
    const auto q = evaluate("$1.2B");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->dimension, money);
}

// "$10K" is ten thousand dollars, not 10 kelvin-dollars, and "$10m" ten million, not 10 metre-dollars. Exact sums: every amount here is a whole
// number of dollars, which a double holds exactly.
TEST(MoneySuffixes, TheSuffixesProseAndFinanceWriteAreScales) {
    EXPECT_EQ(evaluated("$10K"), 10e3);
    EXPECT_EQ(evaluated("$10m"), 10e6);
    EXPECT_EQ(evaluated("$10M"), 10e6);
    EXPECT_EQ(evaluated("$10MM"), 10e6);
    EXPECT_EQ(evaluated("$5B"), 5e9);
    EXPECT_EQ(evaluated("$5bn"), 5e9);
    EXPECT_EQ(evaluated("$2T"), 2e12);
    EXPECT_EQ(evaluated("$2tn"), 2e12);
    EXPECT_EQ(evaluated("$-2.5K"), -2500);
    for (const char* text : {"$10K", "$10m", "$5bn", "$2T", "$10K + $5K"}) {
        const auto q = evaluate(text);
        ASSERT_TRUE(q) << text;
        EXPECT_EQ(q->dimension, money) << text;
    }
    // QTYSUM adds the amounts of its cells: $10K + $5K is $15,000 exactly.
    EXPECT_EQ(evaluated("$10K + $5K"), 15000);
    EXPECT_EQ(evaluated("$1.5m + $250K"), 1750000);
    // With a space the name is a unit again: 10 dollar-metres.
    const auto metres = evaluate("$10 m");
    ASSERT_TRUE(metres);
    EXPECT_EQ(metres->dimension, money * Dimension::of(BaseDimension::length));
}

// "$10mm" is ten million dollars, not 0.01 metre-dollars: finance writes MM for a million in lower case too. 10 × 10^6 and
// 2.5 × 10^6 are whole numbers a double holds exactly.
TEST(MoneySuffixes, LowerCaseMmIsAMillionAsMmIs) {
    EXPECT_EQ(evaluated("$10mm"), 10e6);
    EXPECT_EQ(evaluated("$2.5mm"), 2.5e6);
    EXPECT_EQ(evaluated("$-1mm"), -1e6);
    EXPECT_EQ(evaluated("$10mm"), evaluated("$10MM"));
    const auto q = evaluate("$10mm");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->dimension, money);
    const auto spaced = evaluate("$10 mm");  // with a space, the millimetre
    ASSERT_TRUE(spaced);
    EXPECT_EQ(spaced->dimension, money * Dimension::of(BaseDimension::length));
}

// "$10t" would be 10 000 kilogram-dollars (t for trillion in prose), "$10g" 0.01 kilogram-dollars (g for grand),
// and "$10TN" teranewton-dollars: any other unit glued to an amount is refused with the words to write.
TEST(MoneySuffixes, AnyOtherUnitGluedToAnAmountIsRefused) {
    for (const auto& [text, spaced] : {std::pair{"$10t", "\"$10 t\""}, std::pair{"$10g", "\"$10 g\""},
                                       std::pair{"$10TN", "\"$10 TN\""}, std::pair{"$-3h", "\"$-3 h\""}}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text << " gave " << format(*q);
        EXPECT_NE(q.error().message.find("right after the amount"), std::string::npos) << q.error().message;
        EXPECT_NE(q.error().hint.find(spaced), std::string::npos) << q.error().hint;
        EXPECT_NE(q.error().hint.find("million"), std::string::npos) << q.error().hint;
    }
    const auto tonnes = evaluate("$10 t");
    ASSERT_TRUE(tonnes);
    EXPECT_EQ(tonnes->central, 10 * 1000.0);  // 10 dollars times 1000 kg
}

TEST(MoneySuffixes, AnAmountBeyondDoublePrecisionIsAnError) {
    // 1e308 × 10^9 overflows; it printed $0 before.
    for (const char* text : {"$1e308B", "$1e308T", "$-1e300bn"}) {
        const auto q = evaluate(text);
        ASSERT_FALSE(q) << text << " gave " << format(*q);
        EXPECT_NE(q.error().sentence().find("beyond the range of double precision"), std::string::npos) << q.error().sentence();
    }
}

TEST(MoneySuffixes, KiloDollarsAreAUnit) {
    EXPECT_EQ(convert(1, "k$", "$").value_or(0), 1e3);
    EXPECT_EQ(convert(1, "M$", "k$").value_or(0), 1e3);
    const auto q = evaluate("$2.5M as k$");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_EQ(q->central, 2.5e6);
    EXPECT_NE(format(*q).find(" k$"), std::string::npos) << format(*q);
}

TEST(MoneySuffixes, AByteAfterASpaceIsStillAByte) {
    const auto q = evaluate("$5 / 1 B");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->dimension, money / Dimension::of(BaseDimension::information));
}

}  // namespace
}  // namespace ballpark
