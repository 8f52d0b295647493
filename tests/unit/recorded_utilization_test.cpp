// recorded_utilization() (core/src/data/recorded_utilization.hpp) in every reading: its 10th, 50th and 90th
// percentiles and its bounds are the record's, its bounds enclose the utilizations the extreme runs' published
// figures imply, and GPUHOURS and QTYVALUE read it as a utilization.
//
// The references are computed here: the metalog's quantile function from Keelin's formulas written out again, and
// the extreme runs' utilizations from the figures their sources publish (6 FLOP * parameters * tokens over the
// dense bf16 peak times the reported GPU-hours).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/session.hpp"
#include "sheet_functions.hpp"
#include "unit/evaluated_texts.hpp"
#include "unit/sheet_cells.hpp"
#include "unit/shared_helpers.hpp"

namespace ballpark {
namespace {

using testing::error_of;
using testing::evaluated;
using testing::percentile_of;

const std::string prior = "recorded_utilization()";

// The record's five numbers as scripts/utilization_record.py prints them from the data file.
constexpr double p10 = 0.20565, p50 = 0.323083, p90 = 0.451172, lowest = 0.138439, highest = 0.513764;

// Keelin's bounded three-term metalog: t = ln((x - low) / (high - x)) through the three percentiles.
double reference_quantile(double y) {
    const auto t = [](double x) { return std::log((x - lowest) / (highest - x)); };
    const double a1 = t(p50), a2 = (t(p90) - t(p10)) / (2 * std::log(9.0));
    const double a3 = (t(p90) + t(p10) - 2 * t(p50)) / (0.8 * std::log(9.0));
    const double l = std::log(y / (1 - y));
    const double m = a1 + a2 * l + a3 * (y - 0.5) * l;
    return (lowest + highest * std::exp(m)) / (1 + std::exp(m));
}

TEST(RecordedUtilization, ItsPercentilesAreTheRecordsAndItsNinetyPercentReadingTheMetalogs) {
    EXPECT_NEAR(percentile_of(prior, 10), p10, 1e-3 * p10);
    EXPECT_NEAR(percentile_of(prior, 50), p50, 1e-3 * p50);
    EXPECT_NEAR(percentile_of(prior, 90), p90, 1e-3 * p90);
    const Quantity q = evaluated(prior);
    EXPECT_TRUE(q.dimension.is_dimensionless());
    const double width = reference_quantile(0.95) - reference_quantile(0.05);
    EXPECT_NEAR(q.low, reference_quantile(0.05), 1e-3 * width);
    EXPECT_NEAR(q.central, p50, 1e-3 * p50);
    EXPECT_NEAR(q.high, reference_quantile(0.95), 1e-3 * width);
    // About 18% to 48%: the middle 90% of what the record's hours imply.
    EXPECT_NEAR(q.low, 0.1825, 0.001);
    EXPECT_NEAR(q.high, 0.4756, 0.001);
}

TEST(RecordedUtilization, TheBoundsReadingsGiveTheRecordsExtremes) {
    // Llama 3.1 8B: 8B parameters, 15T tokens, 1.46M H100 hours at 989.5 TFLOP/s (Llama 3.1 model card); LLaMA-13B:
    // 13B parameters, 1T tokens, 135,168 A100 hours at 312 TFLOP/s (arXiv:2302.13971, Tables 2 and 15).
    const double llama31_8b = 6 * 8e9 * 15e12 / (989.5e12 * 1.46e6 * 3600);
    const double llama_13b = 6 * 13e9 * 1e12 / (312e12 * 135168 * 3600);
    for (const Mode mode : {Mode::bounds, Mode::interval}) {
        const Quantity q = evaluated(prior, EvaluationOptions{mode});
        EXPECT_LE(q.low, llama31_8b);
        EXPECT_NEAR(q.low, llama31_8b, 1e-6);
        EXPECT_GE(q.high, llama_13b);
        EXPECT_NEAR(q.high, llama_13b, 1e-6);
        EXPECT_NEAR(q.central, p50, 1e-12);
    }
}

TEST(RecordedUtilization, ItIsOneInputWhereverItIsNamedAndTakesNoArguments) {
    // A name bound to it is one input: u / u is exactly 1.
    Session s(testing::dist);
    ASSERT_TRUE(s.run("u = recorded_utilization()"));
    const auto ratio = s.run("u / u");
    ASSERT_TRUE(ratio && ratio->value) << (ratio ? "" : ratio.error().sentence());
    EXPECT_NEAR(ratio->value->low, 1, 1e-12);
    EXPECT_NEAR(ratio->value->high, 1, 1e-12);
    const Error arity = error_of("recorded_utilization(0.3)");
    EXPECT_EQ(arity.kind, ErrorKind::argument) << arity.message;
    const Error misspelt = error_of("recorded_utilisation()");
    EXPECT_TRUE(testing::contains(misspelt.sentence(), "recorded_utilization")) << misspelt.sentence();
}

}  // namespace

namespace sheet {
namespace {

const Arg none{};
using ballpark::testing::value;

// GPUHOURS takes it as its utilization: the hours fall as u rises, so their 10th percentile is the hours at u's
// 90th, their median the hours at the median, and their guaranteed high end the hours at the record's lowest.
TEST(SheetRecordedUtilization, GpuhoursAndQtyvalueReadItAsAUtilization) {
    const double at_p90 = testing::hours_at(p90), at_p50 = testing::hours_at(p50);
    EXPECT_NEAR(value(gpu_hours(70e9, 2e12, 312e12, prior, none, std::string("hour"), std::string("p10"))), at_p90,
                at_p90 * 1e-3);
    EXPECT_NEAR(value(gpu_hours(70e9, 2e12, 312e12, prior, none, std::string("hour"), std::string("median"))), at_p50,
                at_p50 * 1e-3);
    const double slowest = testing::hours_at(lowest);
    EXPECT_NEAR(value(gpu_hours(70e9, 2e12, 312e12, prior, none, std::string("hour"), std::string("high"))), slowest,
                slowest * 1e-6);
    const std::vector<Arg> pairs{std::string("u"), prior};
    EXPECT_NEAR(value(qty_value(std::string("u"), none, std::string("p90"), pairs)), p90, p90 * 1e-3);
}

}  // namespace
}  // namespace sheet
}  // namespace ballpark
