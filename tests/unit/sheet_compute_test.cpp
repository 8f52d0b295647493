// FLOPPERTOKEN and MFU as Calc calls them, against PaLM's published MFU and closed forms written out here.
#include <gtest/gtest.h>

#include <string>

#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

// PaLM 540B (Chowdhery et al. 2022, arXiv:2204.02311): 118 layers, 48 heads of size 256, sequence length 2048,
// 238.3K tokens a second on 6144 TPU v4 chips of 275 TFLOP/s; MFU 46.2% (appendix B).
const double palm_flop = 6 * 540e9 + 12.0 * 118 * 48 * 256 * 2048;

TEST(SheetCompute, FlopPerTokenAndPalmsMfu) {
    const Arg none;
    EXPECT_NEAR(*flop_per_token(std::string("540 billion"), 118.0, 48.0, 256.0, 2048.0, none), palm_flop, palm_flop * 1e-12);
    const auto mfu_of_palm = mfu(238.3e3 / 6144, palm_flop, std::string("TPU v4"), none, none);
    ASSERT_TRUE(mfu_of_palm) << mfu_of_palm.error().sentence();
    EXPECT_NEAR(*mfu_of_palm, 0.462, 0.0005);
    // Given as texts, and with a forward pass recomputed: HFU is 8/6 of MFU.
    const auto hfu = mfu(std::string("400/s"), std::string("6 FLOP * 70 billion"), std::string("312 TFLOP/s"),
                         std::string("2 FLOP * 70 billion"), none);
    ASSERT_TRUE(hfu) << hfu.error().sentence();
    EXPECT_NEAR(*hfu, 400 * 8 * 70e9 / 312e12, 1e-12);
}

TEST(SheetCompute, RangesOfCellsGiveTheirEnds) {
    Cells seq;
    seq.rows = 1;
    seq.columns = 2;
    seq.cells = {4096.0, 8192.0};
    const Arg none;
    EXPECT_NEAR(*flop_per_token(70e9, 80.0, 64.0, 128.0, seq, std::string("low")), 6 * 70e9 + 12.0 * 80 * 64 * 128 * 4096, 1);
    EXPECT_NEAR(*flop_per_token(70e9, 80.0, 64.0, 128.0, seq, std::string("high")), 6 * 70e9 + 12.0 * 80 * 64 * 128 * 8192, 1);
    // Throughput 350 to 400 a second: the 95th percentile of the MFU is at 400.
    Cells rate = seq;
    rate.cells = {350.0, 400.0};
    EXPECT_NEAR(*mfu(rate, 6 * 70e9, std::string("A100"), none, std::string("p95")), 400 * 6 * 70e9 / 312e12, 1e-6);
}

TEST(SheetCompute, BadInputsAreSentences) {
    const Arg none;
    const auto over = mfu(238.3e3, palm_flop, std::string("TPU v4"), none, none);
    ASSERT_FALSE(over);
    EXPECT_NE(over.error().message.find("above 100%"), std::string::npos) << over.error().sentence();
    const auto chip = mfu(400.0, palm_flop, std::string("TPU v40"), none, none);
    ASSERT_FALSE(chip);
    EXPECT_NE(chip.error().sentence().find("TPU v4"), std::string::npos) << chip.error().sentence();
    const auto hours = mfu(std::string("400 hour"), palm_flop, std::string("TPU v4"), none, none);
    ASSERT_FALSE(hours);
    EXPECT_EQ(hours.error().kind, ErrorKind::dimension);
    EXPECT_NE(hours.error().message.find("throughput"), std::string::npos) << hours.error().sentence();
    EXPECT_FALSE(flop_per_token(70e9, 80.0, 64.0, 128.0, 0.0, none));
}

}  // namespace
}  // namespace ballpark::sheet
