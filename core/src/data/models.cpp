// The model table, the loose name matching behind model(Llama_3_8B, layers), and the figures it gives.
#include "ballpark/models.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "language/suggest.hpp"

namespace ballpark {
namespace {

// Columns: layers, hidden size, attention heads, key/value heads, head size, vocabulary, context (tokens), total
// parameters, active parameters. Architecture figures are those of the model's config.json (the names in
// parentheses in models.hpp) or of the paper's architecture table; parameter counts are the rounded figures the
// model card or paper publishes (Llama 2 7B is "7B", not its 6.74 billion weights), since those are the figures
// people plan with and compare.
//
// The comment above each row says how its figures were checked: "quoted" means copies of the config.json or the card
// (in public code and pages) were read and agree; "not re-read" means no copy could be reached from the machine that
// wrote the table, and the figures are the cited table's as the author knows them: check them against the source
// before relying on them.
constexpr ModelShape table[] = {
    // Not re-read: Touvron et al. 2023, "LLaMA", Table 2 (65.2B: dimension 8192, 64 heads, 80 layers).
    {"LLaMA 65B", "LLaMA-65B|Llama 1 65B|Llama1 65B", 80, 8192, 64, 64, 128, 32000, 2048, 65.2e9, 65.2e9,
     "Multi-head attention (as many key/value heads as heads).",
     "Touvron et al. 2023, \"LLaMA: Open and Efficient Foundation Language Models\", arXiv:2302.13971, Table 2 "
     "(65.2B parameters, dimension 8192, 64 heads, 80 layers) and section 2 (32k-token vocabulary, 2048-token "
     "context)"},
    // Not re-read: the Llama 2 cards' configs; the paper's Table 1 gives the sizes and the 4k context.
    {"Llama 2 7B", "Llama-2-7b|Llama-2-7b-hf|Llama2 7B", 32, 4096, 32, 32, 128, 32000, 4096, 7e9, 7e9,
     "Multi-head attention; 7B is the card's figure (6.74 billion weights).",
     "meta-llama/Llama-2-7b-hf config.json (Hugging Face) and Touvron et al. 2023, \"Llama 2\", arXiv:2307.09288, "
     "Table 1"},
    {"Llama 2 13B", "Llama-2-13b|Llama-2-13b-hf|Llama2 13B", 40, 5120, 40, 40, 128, 32000, 4096, 13e9, 13e9,
     "Multi-head attention.",
     "meta-llama/Llama-2-13b-hf config.json (Hugging Face) and Touvron et al. 2023, \"Llama 2\", arXiv:2307.09288, "
     "Table 1"},
    {"Llama 2 70B", "Llama-2-70b|Llama-2-70b-hf|Llama2 70B", 80, 8192, 64, 8, 128, 32000, 4096, 70e9, 70e9,
     "Grouped-query attention, 8 key/value heads.",
     "meta-llama/Llama-2-70b-hf config.json (Hugging Face) and Touvron et al. 2023, \"Llama 2\", arXiv:2307.09288, "
     "Table 1 (GQA for 34B and 70B)"},
    // Not re-read: the Llama 3 cards' configs (the same shapes as Llama 3.1 below, with an 8K context).
    {"Llama 3 8B", "Meta-Llama-3-8B|Llama-3-8B|Llama3 8B", 32, 4096, 32, 8, 128, 128256, 8192, 8e9, 8e9,
     "Grouped-query attention, 8 key/value heads.",
     "meta-llama/Meta-Llama-3-8B config.json and model card (Hugging Face: 8B, context length 8K, GQA)"},
    {"Llama 3 70B", "Meta-Llama-3-70B|Llama-3-70B|Llama3 70B", 80, 8192, 64, 8, 128, 128256, 8192, 70e9, 70e9,
     "Grouped-query attention, 8 key/value heads.",
     "meta-llama/Meta-Llama-3-70B config.json and model card (Hugging Face: 70B, context length 8K, GQA)"},
    // Quoted: copies of the 8B card's figures (32 layers, 4,096, 32 heads, 8 KV heads, 131,072 context).
    {"Llama 3.1 8B", "Meta-Llama-3.1-8B|Llama-3.1-8B|Llama31 8B", 32, 4096, 32, 8, 128, 128256, 131072, 8e9, 8e9,
     "Grouped-query attention, 8 key/value heads; context 128K (131,072 tokens).",
     "meta-llama/Llama-3.1-8B config.json and model card (Hugging Face); Llama Team 2024, \"The Llama 3 Herd of "
     "Models\", arXiv:2407.21783, Table 3"},
    // Not re-read: the 70B card's config; the herd paper's Table 3 gives 80 layers, 8,192, 64 heads, 8 KV heads.
    {"Llama 3.1 70B", "Meta-Llama-3.1-70B|Llama-3.1-70B|Llama31 70B", 80, 8192, 64, 8, 128, 128256, 131072, 70e9,
     70e9, "Grouped-query attention, 8 key/value heads; context 128K (131,072 tokens).",
     "meta-llama/Llama-3.1-70B config.json and model card (Hugging Face); Llama Team 2024, \"The Llama 3 Herd of "
     "Models\", arXiv:2407.21783, Table 3"},
    // Quoted: copies of the 405B config.json (126 layers, 16,384, 128 heads, 8 KV heads, 131,072, 128,256).
    {"Llama 3.1 405B", "Meta-Llama-3.1-405B|Llama-3.1-405B|Llama31 405B", 126, 16384, 128, 8, 128, 128256, 131072,
     405e9, 405e9, "Grouped-query attention, 8 key/value heads; context 128K (131,072 tokens).",
     "meta-llama/Llama-3.1-405B config.json (Hugging Face); Llama Team 2024, \"The Llama 3 Herd of Models\", "
     "arXiv:2407.21783, Table 3 (126 layers, model dimension 16,384, 128 attention heads, 8 key/value heads)"},
    // Not re-read: the Mistral 7B v0.1 config and the announcement's 7.3B.
    {"Mistral 7B", "Mistral-7B|Mistral-7B-v0.1", 32, 4096, 32, 8, 128, 32000, 32768, 7.3e9, 7.3e9,
     "Grouped-query attention, 8 key/value heads; sliding-window attention over 4,096 tokens, so its cache holds "
     "at most 4,096 tokens a layer.",
     "mistralai/Mistral-7B-v0.1 config.json (Hugging Face); Jiang et al. 2023, \"Mistral 7B\", arXiv:2310.06825, "
     "Table 1; Mistral AI, \"Mistral 7B\" announcement (7.3B parameters)"},
    // Quoted: copies of the config.json (32 layers, 4,096, 32 heads, 8 KV heads, head 128, 32,000, 32,768; 8
    // experts, 2 a token) and of the card (46.7B total, 12.9B active).
    {"Mixtral 8x7B", "Mixtral-8x7B|Mixtral-8x7B-v0.1|Mixtral", 32, 4096, 32, 8, 128, 32000, 32768, 46.7e9, 12.9e9,
     "Mixture of experts: 8 experts a layer, 2 a token; memory holds all 46.7 billion parameters, a token goes "
     "through 12.9 billion.",
     "mistralai/Mixtral-8x7B-v0.1 config.json (Hugging Face); Mistral AI, \"Mixtral of experts\", December 2023 "
     "(46.7B total parameters, 12.9B used per token); Jiang et al. 2024, arXiv:2401.04088"},
    // Quoted: copies of the config.json (61 layers, 7,168, 128 heads, 128 KV heads, v_head_dim 128, kv_lora_rank
    // 512, qk_rope_head_dim 64, 163,840) and of the README (671B total, 37B activated, 128K context).
    {"DeepSeek-V3", "DeepSeek V3|DeepSeekV3|DeepSeek-V3-Base", 61, 7168, 128, 128, 128, 129280, 163840, 671e9, 37e9,
     "Mixture of experts (256 routed experts and 1 shared a layer, 8 routed a token): memory holds 671 billion "
     "parameters, a token goes through 37 billion. Multi-head latent attention caches a 512-wide latent and a "
     "64-wide rotary key a layer (576 values a token a layer), not 2 x 128 heads x 128, so kv_cache from its heads "
     "overstates its cache; the README gives a 128K context, the config 163,840.",
     "deepseek-ai/DeepSeek-V3 config.json and README (Hugging Face, GitHub); DeepSeek-AI 2024, \"DeepSeek-V3 "
     "Technical Report\", arXiv:2412.19437"},
    // Not re-read: Brown et al. 2020, Table 2.1 (175.0B: 96 layers, d_model 12,288, 96 heads, d_head 128, 2,048
    // context); the vocabulary is GPT-2's byte-level BPE.
    {"GPT-3 175B", "GPT-3|GPT3|GPT-3 175B|davinci", 96, 12288, 96, 96, 128, 50257, 2048, 175e9, 175e9,
     "Multi-head attention; alternating dense and locally banded sparse attention layers.",
     "Brown et al. 2020, \"Language Models are Few-Shot Learners\", arXiv:2005.14165, Table 2.1; vocabulary: "
     "Radford et al. 2019, GPT-2 (50,257 tokens)"},
    // Not re-read: Hoffmann et al. 2022, Table 4 (70B: 80 layers, 64 heads, key/value size 128, d_model 8,192).
    {"Chinchilla 70B", "Chinchilla", 80, 8192, 64, 64, 128, 32000, 2048, 70e9, 70e9,
     "Multi-head attention.",
     "Hoffmann et al. 2022, \"Training Compute-Optimal Large Language Models\", arXiv:2203.15556, Table 4 and "
     "section 4.1 (32,000-token vocabulary, 2,048-token sequences)"},
    // Not re-read: Chowdhery et al. 2022, Table 1 (540.35B: 118 layers, 48 heads, d_model 18,432) and section 2
    // (multi-query attention, head size 256, 256k vocabulary).
    {"PaLM 540B", "PaLM|PaLM-540B", 118, 18432, 48, 1, 256, 256000, 2048, 540e9, 540e9,
     "Multi-query attention: one key/value head shared by the 48 query heads.",
     "Chowdhery et al. 2022, \"PaLM: Scaling Language Modeling with Pathways\", arXiv:2204.02311, Table 1 and "
     "section 2"},
};

// A figure of a row: its name in expressions and sentences, and how to read it.
struct Figure {
    std::string_view name;
    double ModelShape::*field;
};

constexpr Figure figures[] = {
    {"layers", &ModelShape::layers},       {"hidden", &ModelShape::hidden},
    {"heads", &ModelShape::heads},         {"kv_heads", &ModelShape::kv_heads},
    {"head_size", &ModelShape::head_size}, {"vocab", &ModelShape::vocab},
    {"context", &ModelShape::context},     {"total_params", &ModelShape::total_params},
    {"active_params", &ModelShape::active_params},
};

// Lower case letters and digits only, so "Llama-3.1-8B", "llama 3.1 8b" and "Llama_31_8B" compare equal.
std::string squeeze(std::string_view text) {
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
    }
    return out;
}

std::vector<std::string_view> names_of(const ModelShape& row) {
    std::vector<std::string_view> out{row.name};
    std::string_view rest = row.aliases;
    while (!rest.empty()) {
        auto bar = rest.find('|');
        out.push_back(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
    }
    return out;
}

// Every name and alias squeezed, with its row, made once: a column of cells looks the same name up in every row.
struct Key {
    std::string key;
    const ModelShape* row;
};

const std::vector<Key>& keys() {
    static const std::vector<Key> made = [] {
        std::vector<Key> out;
        for (const ModelShape& row : table)
            for (std::string_view alias : names_of(row)) out.push_back({squeeze(alias), &row});
        return out;
    }();
    return made;
}

const ModelShape* find_row(const std::string& key) {
    for (const Key& k : keys())
        if (k.key == key) return k.row;
    return nullptr;
}

// "Did you mean "Llama 3 8B"?" for a misspelt name, naming each matching row by its name.
std::string suggestion_for(const std::string& key) {
    std::vector<std::string> keys;
    std::vector<std::string_view> row_names;
    for (const ModelShape& row : table) {
        for (std::string_view alias : names_of(row)) {
            keys.push_back(squeeze(alias));
            row_names.push_back(row.name);
        }
    }
    std::vector<std::string_view> candidates(keys.begin(), keys.end());
    std::vector<std::string> names;
    for (const std::string& match : closest_matches(key, candidates)) {
        auto at = static_cast<std::size_t>(std::find(keys.begin(), keys.end(), match) - keys.begin());
        std::string name(row_names[at]);
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return did_you_mean(names);
}

std::string known_names() {
    std::string out;
    for (const ModelShape& row : table) {
        if (!out.empty()) out += ", ";
        out += row.name;
    }
    return out;
}

Result<const Figure*> find_figure(std::string_view text) {
    for (const Figure& f : figures)
        if (f.name == text) return &f;
    // The one slip that gives a wrong answer rather than none: a mixture of experts has two parameter counts,
    // and memory and compute each take a different one.
    if (squeeze(text) == "params" || squeeze(text) == "parameters") {
        return std::unexpected(Error{"A model has two parameter counts; ask for total_params (what memory holds) or "
                                     "active_params (what each token goes through, for compute).",
                                     0, {}, ErrorKind::unknown_name});
    }
    std::vector<std::string_view> candidates;
    for (const Figure& f : figures) candidates.push_back(f.name);
    return std::unexpected(Error{"The model table has no figure \"" + std::string(text) + "\"; it gives " +
                                     model_figure_names() + ".",
                                 0, did_you_mean(closest_matches(text, candidates)), ErrorKind::unknown_name});
}

}  // namespace

std::span<const ModelShape> model_table() noexcept { return table; }

Result<const ModelShape*> find_model(std::string_view name) noexcept {
    try {
        const std::string key = squeeze(name);
        if (key.empty()) {
            return std::unexpected(Error{"A model name is needed, such as Llama_3_8B, Mixtral_8x7B or DeepSeek_V3.", 0,
                                         {}, ErrorKind::argument});
        }
        if (const ModelShape* row = find_row(key)) return row;
        return std::unexpected(Error{"There is no model called \"" + std::string(name) + "\" in the table; it knows " +
                                         known_names() + ".",
                                     0, suggestion_for(key), ErrorKind::unknown_name});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up a model failed: ") + e.what() + ".", 0, {}, ErrorKind::internal});
    }
}

Result<Quantity> model_figure(std::string_view name, std::string_view figure) noexcept {
    try {
        auto which = find_figure(figure);
        if (!which) return std::unexpected(which.error());
        auto row = find_model(name);
        if (!row) return std::unexpected(row.error());
        // A plain number: counts, widths and token counts carry no unit.
        Quantity q;
        q.low = q.central = q.high = (*row)->*((*which)->field);
        return q;
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up a model failed: ") + e.what() + ".", 0, {}, ErrorKind::internal});
    }
}

std::string model_figure_names() {
    std::string out;
    for (std::size_t k = 0; k < std::size(figures); ++k) {
        if (k > 0) out += k + 1 == std::size(figures) ? " and " : ", ";
        out += figures[k].name;
    }
    return out;
}

}  // namespace ballpark
