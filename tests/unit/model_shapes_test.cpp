// Unit tests of the model table (core/src/data/models.cpp) and of model(...) in expressions: the published figures,
// loose name matching, and the sentences for a name or a figure the table does not know.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/models.hpp"
#include "testing.hpp"

namespace ballpark {
namespace {

double figure(std::string_view name, std::string_view which) {
    auto q = model_figure(name, which);
    if (!q) {
        ADD_FAILURE() << "model_figure(\"" << name << "\", \"" << which << "\"): " << q.error().sentence();
        return 0;
    }
    EXPECT_TRUE(q->dimension.is_dimensionless());
    return q->central;
}

double central(std::string_view expression) {
    auto q = evaluate(expression);
    if (!q) {
        ADD_FAILURE() << expression << ": " << q.error().sentence();
        return 0;
    }
    return q->central;
}

TEST(ModelTable, Llama3_8BIsItsConfigJson) {
    // meta-llama/Meta-Llama-3-8B config.json: num_hidden_layers 32, hidden_size 4096, num_attention_heads 32,
    // num_key_value_heads 8, vocab_size 128256, max_position_embeddings 8192.
    EXPECT_EQ(figure("Llama 3 8B", "layers"), 32);
    EXPECT_EQ(figure("Llama 3 8B", "hidden"), 4096);
    EXPECT_EQ(figure("Llama 3 8B", "heads"), 32);
    EXPECT_EQ(figure("Llama 3 8B", "kv_heads"), 8);
    EXPECT_EQ(figure("Llama 3 8B", "head_size"), 128);
    EXPECT_EQ(figure("Llama 3 8B", "vocab"), 128256);
    EXPECT_EQ(figure("Llama 3 8B", "context"), 8192);
    EXPECT_EQ(figure("Llama 3.1 8B", "context"), 131072);
}

TEST(ModelTable, TheLargestLlamaIsTheHerdPapersTable3) {
    // Llama Team 2024, Table 3: 405B has 126 layers, model dimension 16,384, 128 heads and 8 key/value heads.
    EXPECT_EQ(figure("Llama-3.1-405B", "layers"), 126);
    EXPECT_EQ(figure("Llama-3.1-405B", "hidden"), 16384);
    EXPECT_EQ(figure("Llama-3.1-405B", "heads"), 128);
    EXPECT_EQ(figure("Llama-3.1-405B", "kv_heads"), 8);
}

TEST(ModelTable, MixturesOfExpertsStateActiveAndTotalApart) {
    // Mistral AI: Mixtral 8x7B has 46.7B parameters, 12.9B used per token. DeepSeek-V3: 671B total, 37B activated.
    EXPECT_EQ(figure("Mixtral 8x7B", "total_params"), 46.7e9);
    EXPECT_EQ(figure("Mixtral 8x7B", "active_params"), 12.9e9);
    EXPECT_EQ(figure("DeepSeek-V3", "total_params"), 671e9);
    EXPECT_EQ(figure("DeepSeek-V3", "active_params"), 37e9);
    EXPECT_EQ(figure("DeepSeek-V3", "layers"), 61);
    // A dense model's two counts are one figure.
    EXPECT_EQ(figure("Llama 2 70B", "total_params"), figure("Llama 2 70B", "active_params"));
}

TEST(ModelTable, EveryRowIsConsistent) {
    std::set<std::string_view> names;
    for (const ModelShape& row : model_table()) {
        EXPECT_TRUE(names.insert(row.name).second) << row.name;
        EXPECT_FALSE(row.source.empty()) << row.name;
        EXPECT_LE(row.active_params, row.total_params) << row.name;
        EXPECT_GT(row.active_params, 0) << row.name;
        // Query heads share key/value heads in whole groups.
        EXPECT_EQ(static_cast<long long>(row.heads) % static_cast<long long>(row.kv_heads), 0) << row.name;
        // Attention is as wide as the model, but in PaLM (48 heads of 256 in 18,432) and DeepSeek-V3 (latent
        // attention: 128 heads of 128 in 7,168).
        const std::string_view name = row.name;
        if (name != "PaLM 540B" && name != "DeepSeek-V3") {
            EXPECT_EQ(row.heads * row.head_size, row.hidden) << row.name;
        }
    }
    EXPECT_GE(names.size(), 12u);
}

TEST(ModelTable, NamesMatchWhateverTheCaseSpacingDotsOrUnderscores) {
    for (std::string_view name : {"Llama 3.1 70B", "llama-3.1-70b", "Llama_31_70B", "Meta-Llama-3.1-70B", "LLAMA 3.1 70B"})
        EXPECT_EQ(figure(name, "layers"), 80) << name;
}

TEST(ModelInExpressions, AFigureIsAPlainNumber) {
    EXPECT_EQ(central("model(Llama_3_8B, layers)"), 32);
    EXPECT_EQ(central("model(Llama31_405B, kv_heads)"), 8);
    EXPECT_EQ(central("model(Mixtral_8x7B, active_params)"), 12.9e9);
    // Grouped-query attention: Llama 3 8B caches 8 of its 32 heads, 128 KiB a token in bf16
    // (shared/reference/planning-formulas.md: 2 x 32 layers x 8 x 128 x 2 bytes).
    auto q = evaluate_in("2 * model(Llama_3_8B, layers) * model(Llama_3_8B, kv_heads) * model(Llama_3_8B, head_size) * 2 B",
                         {}, "KiB");
    ASSERT_TRUE(q) << q.error().sentence();
    EXPECT_DOUBLE_EQ(value_in(*q, "KiB", Part::central).value(), 128);
}

TEST(ModelInExpressions, AMisspeltNameIsASentenceWithSuggestions) {
    const std::string sentence = testing::sentence_of("model(Lama_3_8B, layers)");
    EXPECT_NE(sentence.find("no model called \"Lama_3_8B\""), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("Did you mean \"Llama 3 8B\""), std::string::npos) << sentence;
}

TEST(ModelInExpressions, AMisspeltFigureIsASentenceWithSuggestions) {
    const std::string sentence = testing::sentence_of("model(Llama_3_8B, kvheads)");
    EXPECT_NE(sentence.find("no figure \"kvheads\""), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("kv_heads"), std::string::npos) << sentence;
}

TEST(ModelInExpressions, ParamsAloneAsksWhichOfTheTwoCounts) {
    // Memory takes the total and compute the active count; a bare "params" would pick one silently.
    const std::string sentence = testing::sentence_of("model(Mixtral_8x7B, params)");
    EXPECT_NE(sentence.find("total_params"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("active_params"), std::string::npos) << sentence;
}

TEST(ModelInExpressions, AValueInsteadOfANameIsRefused) {
    const std::string sentence = testing::sentence_of("model(3, layers)");
    EXPECT_NE(sentence.find("takes a model's name and a figure as written"), std::string::npos) << sentence;
}

}  // namespace
}  // namespace ballpark
