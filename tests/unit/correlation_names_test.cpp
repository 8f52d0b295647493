// A correlation applies to the inputs it names or is refused with a sentence that names the name: the sheet's pair
// "correlation" (its text and its square range) and the language's `correlation(a, b) = r`. A misspelt or
// differently capitalised name, a name the call or the notebook never binds, a pair stated twice, and a name bound
// to a number, to two ranges or to an earlier result are refused in every reading; a tornado takes the pair and
// shows each input's own swing. The tornado's references are the expression worked by hand at the ends and
// midpoints of the ranges.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/session.hpp"
#include "ballpark/tornado.hpp"
#include "session_lines.hpp"
#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

using sheet::Arg;
using sheet::Cells;
using Args = std::vector<Arg>;
using testing::contains;
using testing::error_of;
using testing::run;

// The error of "1000 * price / u" with u and price bound to ranges and the pair's text, in `mode`.
Error binding_error(std::string_view text, Mode mode, std::string_view u = "25% to 60%") {
    const Binding bindings[] = {{"u", u}, {"price", std::string_view("2 to 4")}, {"correlation", text}};
    const auto q = evaluate("1000 * price / u", bindings, EvaluationOptions{mode});
    EXPECT_FALSE(q) << text;
    return q ? Error{} : q.error();
}

const Mode every_reading[] = {Mode::bounds, Mode::interval, Mode::distribution};

TEST(CorrelationNames, AMisspeltNameIsRefusedWithTheNearNameTheCallBinds) {
    for (const Mode mode : every_reading) {
        const Error e = binding_error("u, prcie: 0.5", mode);
        EXPECT_TRUE(contains(e.message, "\"prcie\"")) << e.message;
        EXPECT_TRUE(contains(e.message, "it binds \"u\" and \"price\"")) << e.message;
        EXPECT_EQ(e.hint, "Did you mean \"price\"?");
        EXPECT_EQ(e.kind, ErrorKind::unknown_name);
    }
}

TEST(CorrelationNames, ANameThatDiffersOnlyInCaseIsRefused) {
    for (const Mode mode : every_reading) {
        const Error e = binding_error("U, price: 0.5", mode);
        EXPECT_TRUE(contains(e.message, "\"U\"")) << e.message;
        EXPECT_TRUE(contains(e.message, "told apart by case")) << e.message;
        EXPECT_EQ(e.hint, "Did you mean \"u\"?");
    }
}

TEST(CorrelationNames, ANameTheCallDoesNotBindIsRefused) {
    for (const Mode mode : every_reading) {
        const Error e = binding_error("u, gpus: 0.3", mode);
        EXPECT_TRUE(contains(e.message, "\"gpus\", which the call does not bind")) << e.message;
        EXPECT_TRUE(contains(e.hint, "Correlate two names the call gives values to")) << e.hint;
    }
}

TEST(CorrelationNames, APairStatedTwiceIsRefusedNamingBoth) {
    for (const Mode mode : every_reading) {
        const Error contradicting = binding_error("u, price: 0.5; price, u: -0.5", mode);
        EXPECT_TRUE(contains(contradicting.message, "\"u, price: 0.5\" and \"price, u: -0.5\" both give the correlation of price and u"))
            << contradicting.message;
        // The same number twice is refused too: one of the two is a slip for another pair.
        const Error repeated = binding_error("u, price: 0.5\nu, price: 0.5", mode);
        EXPECT_TRUE(contains(repeated.message, "\"u, price: 0.5\" and \"u, price: 0.5\"")) << repeated.message;
    }
}

TEST(CorrelationNames, ANameBoundToANumberOrToTwoRangesIsRefusedInEveryReading) {
    for (const Mode mode : every_reading) {
        const Error number = binding_error("u, price: 0.5", mode, "0.4");
        EXPECT_TRUE(contains(number.message, "\"u\" has a correlation, so it must be an uncertain input")) << number.message;
        const Binding bound[] = {{"u", 0.4}, {"price", std::string_view("2 to 4")}, {"correlation", std::string_view("u, price: 0.5")}};
        const auto q = evaluate("1000 * price / u", bound, EvaluationOptions{mode});
        ASSERT_FALSE(q);
        EXPECT_TRUE(contains(q.error().message, "\"u\" has a correlation")) << q.error().message;
        const Error two = binding_error("u, price: 0.5", mode, "(25% to 30%) * (1 to 2)");
        EXPECT_TRUE(contains(two.message, "\"u\"")) << two.message;
        EXPECT_TRUE(contains(two.message, "makes a second one")) << two.message;
    }
}

TEST(CorrelationNames, ANameBoundDirectlyToAnEarlierResultIsRefused) {
    const auto cell = sheet::qty(std::string("25% to 60%"), Arg{}, {});
    ASSERT_TRUE(cell) << cell.error().sentence();
    const Args pairs{std::string("u"), *cell, std::string("price"), std::string("2 to 4"), std::string("correlation"),
                     std::string("u, price: 0.5")};
    for (const auto& r : {sheet::qty(std::string("1000 * price / u"), Arg{}, pairs),
                          sheet::qty_dist(std::string("1000 * price / u"), Arg{}, pairs)}) {
        ASSERT_FALSE(r);
        EXPECT_TRUE(contains(r.error().message, "\"u\" has a correlation")) << r.error().message;
        EXPECT_TRUE(contains(r.error().message, "earlier result")) << r.error().message;
    }
}

Cells matrix(const std::string& a, const std::string& b, double r) {
    return Cells{3, 3, {std::monostate{}, a, b, a, 1.0, r, b, r, 1.0}};
}

TEST(CorrelationNames, TheSquareRangeIsCheckedByTheSameRules) {
    const auto error = [](const Arg& correlation) {
        const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                         std::string("correlation"), correlation};
        const auto r = sheet::qty_dist(std::string("1000 * price / u"), Arg{}, pairs);
        EXPECT_FALSE(r);
        return r ? Error{} : r.error();
    };
    const Error typo = error(matrix("u", "prcie", 0.5));
    EXPECT_TRUE(contains(typo.message, "\"prcie\"")) << typo.message;
    EXPECT_EQ(typo.hint, "Did you mean \"price\"?");
    EXPECT_TRUE(contains(error(matrix("U", "price", 0.5)).message, "\"U\""));
    // A name twice across the top is refused as such, not as the pairs it would make.
    const Cells twice{4, 4, {std::monostate{}, std::string("u"), std::string("price"), std::string("u"),
                             std::string("u"), 1.0, 0.5, 0.5,
                             std::string("price"), 0.5, 1.0, 0.5,
                             std::string("u"), 0.5, 0.5, 1.0}};
    const Error repeated = error(twice);
    EXPECT_TRUE(contains(repeated.message, "\"u\" heads two of its columns")) << repeated.message;
}

TEST(CorrelationNames, TheColumnFormChecksEachRow) {
    const Args pairs{std::string("u"), Cells{2, 1, {std::string("25% to 60%"), std::string("25% to 60%")}},
                     std::string("price"), std::string("2 to 4"), std::string("correlation"), std::string("u, prcie: 0.5")};
    for (const char* part : {"p95", "high"}) {
        const auto r = sheet::qty_value_cells(std::string("1000 * price / u"), Arg{}, std::string(part), pairs);
        ASSERT_FALSE(r) << part;
        EXPECT_TRUE(contains(r.error().message, "\"prcie\"")) << r.error().message;
    }
    // A row whose correlated name is a number is refused with its row.
    const Args number_row{std::string("u"), Cells{2, 1, {std::string("25% to 60%"), 0.4}}, std::string("price"),
                          std::string("2 to 4"), std::string("correlation"), std::string("u, price: 0.5")};
    const auto r = sheet::qty_value_cells(std::string("1000 * price / u"), Arg{}, std::string("p95"), number_row);
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error().message, "\"u\" has a correlation")) << r.error().message;
}

// u from 25% to 60% and price from 2 to 4 in the bounds reading: central values 0.425 and 3 (the midpoints).
constexpr double u_mid = 0.425, price_mid = 3;

TEST(CorrelationTornado, QtyswingAndQtytopTakeThePairAndShowEachInputsOwnSwing) {
    const std::string expression = "1000 * price / u";
    for (const Arg& correlation : {Arg{std::string("u, price: 0.5")}, Arg{matrix("u", "price", -0.7)}}) {
        const Args pairs{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                         std::string("correlation"), correlation};
        const auto swing = [&](const char* input, const char* end) {
            const auto r = sheet::qty_swing(expression, std::string(input), std::string(end), Arg{}, pairs);
            EXPECT_TRUE(r) << (r ? "" : r.error().sentence());
            return r ? *r : NAN;
        };
        EXPECT_DOUBLE_EQ(swing("u", "low"), 1000 * price_mid / 0.25);
        EXPECT_DOUBLE_EQ(swing("u", "high"), 1000 * price_mid / 0.6);
        EXPECT_DOUBLE_EQ(swing("price", "low"), 1000 * 2 / u_mid);
        EXPECT_DOUBLE_EQ(swing("price", "high"), 1000 * 4 / u_mid);
        // u swings 12000 - 5000 = 7000, price 2000 / 0.425 = 4706.
        const auto top = sheet::qty_top(expression, Arg{}, pairs);
        ASSERT_TRUE(top) << top.error().sentence();
        EXPECT_EQ(*top, "u");
    }
    const Args typo{std::string("u"), std::string("25% to 60%"), std::string("price"), std::string("2 to 4"),
                    std::string("correlation"), std::string("u, prcie: 0.5")};
    const auto expect_refused = [](const auto& r, const char* function) {
        ASSERT_FALSE(r) << function;
        EXPECT_TRUE(contains(r.error().message, "\"prcie\"")) << function << ": " << r.error().message;
    };
    expect_refused(sheet::qty_swing(expression, std::string("u"), Arg{}, Arg{}, typo), "QTYSWING");
    expect_refused(sheet::qty_top(expression, Arg{}, typo), "QTYTOP");
}

TEST(CorrelationTornado, ASessionsTornadoAfterACorrelationShowsEachInputsOwnSwing) {
    // The 90% reading's tornado moves each input from its 5th to its 95th percentile with the others at their
    // medians: the lognormals' geometric means, sqrt(2 * 4) and sqrt(0.25 * 0.6).
    const double price_median = std::sqrt(8.0), u_median = std::sqrt(0.25 * 0.6);
    for (const char* statement : {"correlation(u, price) = 0.5", "correlation(u, price, gpus) = [1, 0.5, 0.2; 0.5, 1, 0; 0.2, 0, 1]"}) {
        Session session(EvaluationOptions{Mode::distribution});
        run(session, statement);
        run(session, "u = 25% to 60%");
        run(session, "price = 2 to 4");
        run(session, "gpus = 8 to 16");
        const auto t = session.tornado("1000 * price / u");
        ASSERT_TRUE(t) << t.error().sentence();
        ASSERT_EQ(t->bars.size(), 2u);
        EXPECT_EQ(t->bars[0].input, "u");
        EXPECT_NEAR(t->bars[0].at_low.central, 1000 * price_median / 0.25, 1e-9);
        EXPECT_NEAR(t->bars[0].at_high.central, 1000 * price_median / 0.6, 1e-9);
        EXPECT_EQ(t->bars[1].input, "price");
        EXPECT_NEAR(t->bars[1].at_low.central, 1000 * 2 / u_median, 1e-9);
        EXPECT_NEAR(t->bars[1].at_high.central, 1000 * 4 / u_median, 1e-9);
    }
}

TEST(CorrelationStatement, ANearNameIsRefusedAtOnce) {
    Session session(EvaluationOptions{Mode::distribution});
    run(session, "u = 25% to 60%");
    run(session, "price = 2 to 4");
    struct Near {
        const char* statement;
        const char* message;
        const char* hint;
    };
    for (const Near& near : {Near{"correlation(u, prcie) = 0.5",
                                  "\"prcie\" in \"correlation(u, prcie) = 0.5\" is not defined, while \"price\" is",
                                  "Did you mean \"price\"?"},
                             Near{"correlation(U, price) = 0.5", "\"U\"", "Did you mean \"u\"?"}}) {
        const Error e = error_of(session, near.statement);
        EXPECT_TRUE(contains(e.message, near.message)) << e.message;
        EXPECT_TRUE(contains(e.hint, near.hint)) << e.hint;
    }
    // Neither was kept: the right one is accepted after them.
    run(session, "correlation(u, price) = 0.5");
}

TEST(CorrelationStatement, ANameNoLineDefinesIsRefusedWhereAValueReadsItsPartner) {
    Session session(EvaluationOptions{Mode::distribution});
    run(session, "correlation(u, gpus) = 0.3");  // may come before its names
    run(session, "u = 25% to 60%");
    run(session, "price = 2 to 4");
    const Error cost = error_of(session, "cost = 1000 * price / u");
    EXPECT_TRUE(contains(cost.message, "no line above defines \"gpus\"")) << cost.message;
    EXPECT_TRUE(contains(cost.message, "\"cost\", which reads u")) << cost.message;
    EXPECT_TRUE(contains(error_of(session, "1000 * price / u").message, "\"gpus\""));
    // Through a function, a tornado and a histogram too.
    run(session, "f(x) = x / u");
    EXPECT_TRUE(contains(error_of(session, "f(2)").message, "\"gpus\""));
    const auto t = session.tornado("price / u");
    ASSERT_FALSE(t);
    EXPECT_TRUE(contains(t.error().message, "\"gpus\"")) << t.error().message;
    const auto h = session.histogram("price / u");
    ASSERT_FALSE(h);
    EXPECT_TRUE(contains(h.error().message, "\"gpus\"")) << h.error().message;
    // A value that reads neither name is not held up; once gpus is defined, cost is.
    run(session, "price * 2");
    run(session, "gpus = 8 to 16");
    run(session, "cost = 1000 * price / u");
}

TEST(CorrelationStatement, APairStatedTwiceIsRefusedNamingBothStatements) {
    Session session(EvaluationOptions{Mode::distribution});
    run(session, "u = 25% to 60%");
    run(session, "price = 2 to 4");
    run(session, "correlation(u, price) = 0.5");
    for (const char* again : {"correlation(price, u) = -0.5", "correlation(u, price) = 0.5   # again",
                              "correlation(u, price, gpus) = [1, 0.5, 0; 0.5, 1, 0; 0, 0, 1]"}) {
        const Error e = error_of(session, again);
        EXPECT_TRUE(contains(e.message, "states the one of ")) << e.message;
        EXPECT_TRUE(contains(e.message, "\"correlation(u, price) = 0.5\" above states it already")) << e.message;
        EXPECT_TRUE(contains(e.message, std::string(again).substr(0, 20))) << e.message;
    }
}

}  // namespace
}  // namespace ballpark
