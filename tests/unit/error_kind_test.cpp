// Errors with a kind: the core's errors say what they are about (error.hpp's ErrorKind and its fields), and each
// front end words its own advice from them: the command line (cli/advice.cpp) and Calc (addin/sheet/calc_advice.cpp).
#include <gtest/gtest.h>

#include <string>

#include "ballpark/accelerators.hpp"
#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "ballpark/tornado.hpp"
#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

using testing::contains;

Error error_of(std::string_view text, Mode mode = Mode::bounds) {
    const auto q = evaluate(text, {}, EvaluationOptions{mode});
    if (q) {
        ADD_FAILURE() << "\"" << text << "\" evaluated without error";
        return {};
    }
    return q.error();
}

Error session_error(Session& session, std::string_view line) {
    const auto r = session.run(line);
    if (r) {
        ADD_FAILURE() << "\"" << line << "\" ran without error";
        return {};
    }
    return r.error();
}

TEST(ErrorKind, ANormalInABoundsReadingNeedsTheDistributionMode) {
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        for (const char* text : {"normal(1, 2)", "lognormal(1, 0.5) * 2"}) {
            const Error e = error_of(text, mode);
            EXPECT_EQ(e.kind, ErrorKind::needs_distribution) << text;
            EXPECT_EQ(e.mode, Mode::distribution) << text;
            EXPECT_EQ(e.function, std::string(text).substr(0, std::string(text).find('('))) << text;
            EXPECT_EQ(e.column, 1) << text;
        }
    }
}

TEST(ErrorKind, StatisticsOfBoundsNeedTheDistributionMode) {
    for (const char* text : {"mean(1 to 2)", "sd(1 to 2)", "percentile(1 to 2, 95)"}) {
        const Error e = error_of(text);
        EXPECT_EQ(e.kind, ErrorKind::needs_distribution) << text;
        EXPECT_EQ(e.mode, distribution_mode()) << text;
    }
    const auto bounds = evaluate("1 to 2");
    ASSERT_TRUE(bounds);
    const auto p95 = value_in(*bounds, "", Pick{Pick::Kind::percentile, 95});
    ASSERT_FALSE(p95);
    EXPECT_EQ(p95.error().kind, ErrorKind::needs_distribution);
    EXPECT_EQ(p95.error().mode, Mode::distribution);
}

TEST(ErrorKind, DistributionModeIsTheOneWhoseResultsHavePercentiles) {
    EXPECT_EQ(distribution_mode(), Mode::distribution);
    const auto q = evaluate("normal(1, 2)", {}, EvaluationOptions{distribution_mode()});
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_TRUE(q->spread);
}

TEST(ErrorKind, DomainErrorsNameTheirFunction) {
    EXPECT_EQ(error_of("sqrt(-4)").kind, ErrorKind::domain);
    EXPECT_EQ(error_of("sqrt(-4)").function, "sqrt");
    EXPECT_EQ(error_of("ln(0)").kind, ErrorKind::domain);
    EXPECT_EQ(error_of("ln(0)").function, "ln");
    EXPECT_EQ(error_of("log10(-1 to 1)").function, "log10");
    EXPECT_EQ(error_of("2^(1 to 2)").kind, ErrorKind::domain);
}

TEST(ErrorKind, RecursionNamesTheFunction) {
    Session session;
    ASSERT_TRUE(session.run("f(x) = f(x) + 1"));
    const Error e = session_error(session, "f(2)");
    EXPECT_EQ(e.kind, ErrorKind::recursion);
    EXPECT_EQ(e.function, "f");
    // The sentence names f already, so no hint repeats it with the values it was called with.
    EXPECT_TRUE(e.hint.empty()) << e.hint;
}

TEST(ErrorKind, AnAcceleratorWithoutTheAskedPrecisionNamesTheOneItHas) {
    const auto table = accelerator_peak("V100");
    ASSERT_FALSE(table);
    EXPECT_EQ(table.error().kind, ErrorKind::other_precision);
    EXPECT_EQ(table.error().argument, "fp16");
    const Error e = error_of("peak(V100)");
    EXPECT_EQ(e.kind, ErrorKind::other_precision);
    EXPECT_EQ(e.argument, "fp16");
    EXPECT_EQ(e.hint, "Write peak(V100, fp16).");
}

// A domain error inside a function body is placed by the evaluator: at the call on the user's line, and the
// sentence says "in the body of", not a column of the body's text.
TEST(ErrorKind, ADomainErrorInAFunctionBodyIsAtTheCall) {
    Session session;
    ASSERT_TRUE(session.run("f(x) = 1 + 2 * ln(x)"));
    for (const char* line : {"3 * f(-1)", "3 * f(-1 to 1)"}) {
        const Error e = session_error(session, line);
        EXPECT_EQ(e.kind, ErrorKind::domain) << line;
        EXPECT_EQ(e.function, "ln") << line;
        EXPECT_EQ(e.column, 5) << line;
        EXPECT_GE(e.length, 4) << line;  // "f(-1" at least: from the function's name to its last argument
        EXPECT_TRUE(contains(e.message, "in the body of \"f\"")) << e.message;
        EXPECT_FALSE(contains(e.message, "column")) << e.message;
    }
    ASSERT_TRUE(session.run("g(x) = sqrt(x)"));
    ASSERT_TRUE(session.run("h(x) = x^(1 to 2)"));
    for (const char* line : {"g(-4)", "h(2)"}) {
        const Error e = session_error(session, line);
        EXPECT_EQ(e.kind, ErrorKind::domain) << line;
        EXPECT_EQ(e.column, 1) << line;
        EXPECT_TRUE(contains(e.message, std::string("in the body of \"") + line[0] + "\"")) << e.message;
        EXPECT_FALSE(contains(e.message, "column")) << e.message;
    }
}

// The value types' own sentences too: they say where by the place the evaluator is at.
TEST(ErrorKind, AValueTypesErrorInAFunctionBodyNamesTheBodyNotAColumn) {
    Session session;
    ASSERT_TRUE(session.run("p(x) = 2 * pert(x, 7, 5)"));
    ASSERT_TRUE(session.run("n(x) = 2 * normal(x, 1)"));
    ASSERT_TRUE(session.run("z(x) = 1 + x^(-1 to 1)"));
    for (const char* line : {"1 + p(1)", "1 + n(1)", "1 + z(0 to 1)"}) {
        const Error e = session_error(session, line);
        EXPECT_EQ(e.column, 5) << line;
        EXPECT_TRUE(contains(e.message, std::string("in the body of \"") + line[4] + "\"")) << e.message;
        EXPECT_FALSE(contains(e.message, "column")) << e.message;
    }
    // On the user's line the same sentences give the column.
    EXPECT_TRUE(contains(session_error(session, "1 + pert(1, 7, 5)").message, "(column 5)"));
    EXPECT_TRUE(contains(session_error(session, "1 + normal(1, 1)").message, "(column 5)"));
}

TEST(ErrorKind, TheCoreWordsNoAdviceForOneFrontEnd) {
    for (const char* text : {"normal(1, 2)", "lognormal(1, 0.5)", "mean(1 to 2)", "percentile(1 to 2, 5)"}) {
        const std::string sentence = error_of(text).sentence();
        EXPECT_FALSE(contains(sentence, "--mode")) << sentence;
        EXPECT_FALSE(contains(sentence, "`mode")) << sentence;
        EXPECT_FALSE(contains(sentence, "QTYDIST")) << sentence;
    }
}

TEST(CalcAdvice, SaysWhichPartOrSheetFunctionGivesADistribution) {
    const Error e = error_of("normal(1, 2)");
    const std::string sentence = sheet::calc_sentence(e);
    EXPECT_TRUE(contains(sentence, e.message)) << sentence;
    EXPECT_TRUE(contains(sentence, "\"p95\"")) << sentence;
    EXPECT_TRUE(contains(sentence, "QTYDIST")) << sentence;
    EXPECT_FALSE(contains(sentence, "--mode")) << sentence;
    EXPECT_EQ(sheet::calc_sentence(error_of("3 hourz")), error_of("3 hourz").sentence());
}

TEST(CalcAdvice, SaysWhichSheetFunctionsReadDeclaredUnits) {
    const auto t = tornado("unit token; (10 to 20) token/s * 2");
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().kind, ErrorKind::declared_units_unread);
    EXPECT_FALSE(contains(t.error().sentence(), "QTY")) << t.error().sentence();
    EXPECT_TRUE(contains(sheet::calc_sentence(t.error()), "QTYVALUE")) << sheet::calc_sentence(t.error());
}

TEST(CalcAdvice, QtyErrorWordsTheAdviceForCalc) {
    // =QTYERROR("normal(1, 2)") and =QTYERROR("QTY"; "normal(1, 2)")
    const sheet::Arg none;
    const sheet::Arg qty{std::string("QTY")};
    const sheet::Arg normal{std::string("normal(1, 2)")};
    for (const std::string& sentence : {sheet::qty_error(normal, none, {}), sheet::qty_error(qty, normal, {})}) {
        EXPECT_TRUE(contains(sentence, "\"normal\" has no bounds")) << sentence;
        EXPECT_TRUE(contains(sentence, "QTYDIST")) << sentence;
        EXPECT_FALSE(contains(sentence, "--mode")) << sentence;
    }
}

}  // namespace
}  // namespace ballpark
