// MODELSHAPE, TRAINMEMORY and KVCACHE as Calc calls them: the model table's published figures, the ZeRO paper's
// worked memory figures, a published config's key/value cache, ranges of cells, and the sentences for bad input.
#include <gtest/gtest.h>

#include <string>

#include "sheet_functions.hpp"
#include "unit/shared_helpers.hpp"
#include "unit/sheet_cells.hpp"

namespace ballpark::sheet {
namespace {

using ballpark::testing::row;

const Arg none;

TEST(SheetModelShape, GivesTheTablesFigureAsABareNumber) {
    // meta-llama/Llama-2-70b-hf config.json: 80 layers, 64 heads, 8 key/value heads.
    EXPECT_EQ(*model_shape("Llama 2 70B", "layers"), 80);
    EXPECT_EQ(*model_shape("llama-2-70b", "kv_heads"), 8);
    // DeepSeek-V3: 671B total, 37B activated (its README).
    EXPECT_EQ(*model_shape("DeepSeek-V3", "total_params"), 671e9);
    EXPECT_EQ(*model_shape("DeepSeek-V3", "active_params"), 37e9);
}

TEST(SheetModelShape, AMisspeltNameOrFigureIsASentenceWithSuggestions) {
    const auto name = model_shape("Lama 3 8B", "layers");
    ASSERT_FALSE(name);
    EXPECT_NE(name.error().sentence().find("Did you mean \"Llama 3 8B\""), std::string::npos) << name.error().sentence();
    const auto figure = model_shape("Llama 3 8B", "kv heads");
    ASSERT_FALSE(figure);
    EXPECT_NE(figure.error().sentence().find("kv_heads"), std::string::npos) << figure.error().sentence();
    const auto params = model_shape("Mixtral 8x7B", "params");
    ASSERT_FALSE(params);
    EXPECT_NE(params.error().sentence().find("active_params"), std::string::npos) << params.error().sentence();
}

TEST(SheetTrainMemory, MixedPrecisionAdamByZeroStage) {
    // Rajbhandari et al. 2020, figure 1: 7.5B parameters, 64 ranks: 120, 31.4, 16.6 and 1.88 GB a rank.
    EXPECT_NEAR(*train_memory(7.5e9, none, none, none, none, none, none, none), 120, 1e-9);
    EXPECT_NEAR(*train_memory(7.5e9, 1.0, 64.0, none, none, none, none, none), 31.4, 0.05);
    EXPECT_NEAR(*train_memory(7.5e9, 2.0, 64.0, none, none, none, none, none), 16.6, 0.05);
    EXPECT_NEAR(*train_memory(7.5e9, 3.0, 64.0, none, none, none, none, none), 1.88, 0.005);
    EXPECT_DOUBLE_EQ(*train_memory(7.5e9, std::string("3"), 64.0, none, none, none, std::string("GiB"), none),
                     7.5e9 * 16 / 64 / (1024.0 * 1024 * 1024));
}

TEST(SheetTrainMemory, OtherBytesAndARangeOfParameters) {
    // fp32 gradients: 2 + 4 + 12 = 18 bytes a parameter.
    EXPECT_DOUBLE_EQ(*train_memory(70e9, none, none, none, std::string("4 B"), none, none, none), 70.0 * 18);
    const Arg params = row({60e9, 80e9});
    EXPECT_NEAR(*train_memory(params, none, none, none, none, none, none, std::string("low")), 60.0 * 16, 1e-9);
    EXPECT_NEAR(*train_memory(params, none, none, none, none, none, none, std::string("p95")), 80.0 * 16, 1e-6);
}

TEST(SheetTrainMemory, AStageOtherThanZeroToThreeOrMissingRanksIsASentence) {
    const auto stage = train_memory(7.5e9, 4.0, 64.0, none, none, none, none, none);
    ASSERT_FALSE(stage);
    EXPECT_NE(stage.error().sentence().find("should be a ZeRO stage, 0, 1, 2 or 3"), std::string::npos)
        << stage.error().sentence();
    const auto ranks = train_memory(7.5e9, 3.0, none, none, none, none, none, none);
    ASSERT_FALSE(ranks);
    EXPECT_NE(ranks.error().sentence().find("ranks"), std::string::npos) << ranks.error().sentence();
    // Ranks without a stage would shard nothing: refused, not ignored.
    const auto unsharded = train_memory(7.5e9, none, 64.0, none, none, none, none, none);
    ASSERT_FALSE(unsharded);
    EXPECT_NE(unsharded.error().sentence().find("no ZeRO stage"), std::string::npos) << unsharded.error().sentence();
    const auto unitless = train_memory(7.5e9, 0.0, none, std::string("2 GB/s"), none, none, none, none);
    ASSERT_FALSE(unitless);
    EXPECT_NE(unitless.error().sentence().find("weight_bytes"), std::string::npos) << unitless.error().sentence();
}

TEST(SheetKvCache, GroupedQueryAttentionThroughTheTablesKeyValueHeads) {
    // Llama 3 8B: 128 KiB a token in bf16 (2 x 32 layers x 8 x 128 x 2 bytes), so 8,192 tokens are 1 GiB.
    EXPECT_DOUBLE_EQ(*kv_cache("Llama 3 8B", 8192.0, none, none, none), 1);
    EXPECT_DOUBLE_EQ(*kv_cache("Llama 2 70B", 4096.0, 1.0, std::string("MiB"), none), 2.0 * 80 * 8 * 128 * 4096 / (1 << 20));
    const Arg tokens = row({4096.0, 8192.0});
    EXPECT_DOUBLE_EQ(*kv_cache("Llama 3 8B", tokens, none, std::string("KiB"), std::string("high")), 8192.0 * 128);
    const auto misspelt = kv_cache("Llama 4 8B", 8192.0, none, none, none);
    ASSERT_FALSE(misspelt);
    EXPECT_NE(misspelt.error().sentence().find("Did you mean"), std::string::npos) << misspelt.error().sentence();
}

}  // namespace
}  // namespace ballpark::sheet
