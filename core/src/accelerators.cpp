// The accelerator table and the loose name matching behind ACCELPEAK and a peak written as "A100".
#include "ballpark/accelerators.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "suggest.hpp"

namespace ballpark {
namespace {

// Dense (not sparse) figures: vendors also print sparse figures that are twice these, and a training run
// cannot use them. Each row names the public datasheet its figure comes from.
constexpr std::array<Accelerator, 16> table{{
    {"NVIDIA V100 SXM2", "V100|V100 SXM2|V100 SXM|Tesla V100", 0, 125,
     "Volta has no bf16 units; 125 TFLOP/s is its fp16 tensor-core peak.",
     "NVIDIA Tesla V100 GPU datasheet"},
    {"NVIDIA A100 SXM", "A100|A100 SXM|A100 SXM4|A100 40GB|A100 80GB|A100-40GB|A100-80GB", 312, 0,
     "The 40 GB and 80 GB parts have the same peak.", "NVIDIA A100 Tensor Core GPU datasheet"},
    {"NVIDIA H100 SXM5", "H100|H100 SXM|H100 SXM5|H100 80GB|H100-80GB", 989, 0,
     "989.4 TFLOP/s in the datasheet; a bare \"H100\" means this SXM part.",
     "NVIDIA H100 Tensor Core GPU datasheet"},
    {"NVIDIA H100 PCIe", "H100 PCIe|H100PCIe", 756, 0, "", "NVIDIA H100 Tensor Core GPU datasheet"},
    {"NVIDIA H800 SXM5", "H800|H800 SXM|H800 SXM5", 989, 0, "", "NVIDIA H800 datasheet"},
    {"NVIDIA H200 SXM", "H200|H200 SXM", 989, 0, "", "NVIDIA H200 Tensor Core GPU datasheet"},
    {"NVIDIA B200", "B200", 2250, 0, "", "NVIDIA Blackwell B200 datasheet (DGX/HGX B200)"},
    {"AMD Instinct MI250X", "MI250X|MI 250X", 383, 0, "", "AMD Instinct MI250X accelerator datasheet"},
    {"AMD Instinct MI300X", "MI300X|MI 300X", 1307, 0, "1307.4 TFLOP/s in the datasheet.",
     "AMD Instinct MI300X accelerator datasheet"},
    {"Google TPU v3", "TPU v3|TPUv3|v3", 123, 0, "Per chip.", "Google Cloud TPU system architecture (v3)"},
    {"Google TPU v4", "TPU v4|TPUv4|v4", 275, 0, "Per chip.", "Google Cloud TPU system architecture (v4)"},
    {"Google TPU v5e", "TPU v5e|TPUv5e|v5e|TPU v5 lite", 197, 0, "Per chip.",
     "Google Cloud TPU system architecture (v5e)"},
    {"Google TPU v5p", "TPU v5p|TPUv5p|v5p", 459, 0, "Per chip.",
     "Google Cloud TPU system architecture (v5p)"},
    {"Google TPU v6e", "TPU v6e|TPUv6e|v6e|Trillium", 918, 0, "Per chip.",
     "Google Cloud TPU system architecture (v6e Trillium)"},
    {"Intel Gaudi 2", "Gaudi 2|Gaudi2|HL-225", 432, 0, "", "Intel Gaudi 2 AI accelerator datasheet"},
    {"AWS Trainium2", "Trainium 2|Trainium2|Trn2", 667, 0, "", "AWS Trainium2 product page"},
}};

// Vendor and product-line words that people prefix or leave out at will.
constexpr std::array<std::string_view, 9> noise_words{"nvidia", "amd",   "instinct", "google", "cloud",
                                                      "intel",  "habana", "aws",     "tesla"};

// Lower case letters and digits only, so "H100-80GB", "h100 80gb" and "H100 80 GB" compare equal.
std::string squeeze(std::string_view text) {
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
    }
    return out;
}

// Drops leading vendor words so "NVIDIA A100" and "AMD Instinct MI300X" match their aliases.
std::string normalized_name(std::string_view text) {
    std::string s = squeeze(text);
    bool dropped = true;
    while (dropped) {
        dropped = false;
        for (std::string_view word : noise_words) {
            if (s.size() > word.size() && s.starts_with(word)) {
                s.erase(0, word.size());
                dropped = true;
            }
        }
    }
    return s;
}

std::vector<std::string_view> split_aliases(const Accelerator& row) {
    std::vector<std::string_view> out;
    std::string_view rest = row.aliases;
    while (!rest.empty()) {
        auto bar = rest.find('|');
        out.push_back(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
    }
    out.push_back(row.name);
    return out;
}

const Accelerator* find_row(const std::string& key) {
    for (const Accelerator& row : table) {
        for (std::string_view alias : split_aliases(row)) {
            if (normalized_name(alias) == key) return &row;
        }
    }
    return nullptr;
}

// "Did you mean "H100"?" for a misspelt name, naming each matching chip by its short name.
std::string suggestion_for(const std::string& key) {
    std::vector<std::string> keys;
    std::vector<std::string_view> short_names;
    for (const Accelerator& row : table) {
        auto aliases = split_aliases(row);
        for (std::string_view alias : aliases) {
            keys.push_back(normalized_name(alias));
            short_names.push_back(aliases.front());
        }
    }
    std::vector<std::string_view> candidates(keys.begin(), keys.end());
    std::vector<std::string> names;
    for (const std::string& match : closest_matches(key, candidates)) {
        auto at = std::find(keys.begin(), keys.end(), match) - keys.begin();
        std::string name(short_names[static_cast<std::size_t>(at)]);
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return did_you_mean(names);
}

std::string known_names() {
    std::string out;
    for (const Accelerator& row : table) {
        if (!out.empty()) out += ", ";
        out += split_aliases(row).front();
    }
    return out;
}

enum class Precision { bf16, fp16 };

Result<Precision> parse_precision(std::string_view text) {
    std::string key = squeeze(text);
    if (key.empty() || key == "bf16" || key == "bfloat16") return Precision::bf16;
    if (key == "fp16" || key == "float16" || key == "half") return Precision::fp16;
    return std::unexpected(Error{"The accelerator table has no figures for precision \"" + std::string(text) + "\".",
                                 0, "Use bf16 or fp16."});
}

std::string tflops_text(double tflops) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, tflops);  // 125, 989.4: as the datasheet prints it
    return (ec == std::errc{} ? std::string(buffer, end) : std::string("?")) + " TFLOP/s";
}

Result<Quantity> peak_of(const Accelerator& row, Precision precision) {
    double tflops = precision == Precision::bf16 ? row.bf16_tflops : row.fp16_tflops;
    if (tflops <= 0) {
        if (precision == Precision::bf16) {
            return std::unexpected(Error{std::string(row.name) + " has no bf16 units; the table lists its fp16 peak of " +
                                             tflops_text(row.fp16_tflops) + ".",
                                         0, "Ask for precision fp16."});
        }
        // bf16 chips run fp16 too, but the table keeps only figures that a source states.
        return std::unexpected(Error{"The table has no separate fp16 figure for " + std::string(row.name) +
                                         "; it lists bf16 at " + tflops_text(row.bf16_tflops) + ".",
                                     0, "Ask for precision bf16."});
    }
    // The size of a TFLOP/s comes from the unit table, so the accelerator figures share its base units.
    auto unit = unit_quantity("TFLOP/s");
    if (!unit) return std::unexpected(unit.error());
    Quantity q = *unit;
    q.low = q.central = q.high = tflops * unit->central;
    q.unit = nullptr;
    return q;
}

}  // namespace

std::span<const Accelerator> accelerator_table() noexcept { return table; }

Result<Quantity> accelerator_peak(std::string_view name, std::string_view precision) noexcept {
    try {
        auto parsed = parse_precision(precision);
        if (!parsed) return std::unexpected(parsed.error());
        std::string key = normalized_name(name);
        if (key.empty()) {
            return std::unexpected(Error{"An accelerator name is needed, such as A100, H100 or TPU v5p.", 0, {}});
        }
        if (const Accelerator* row = find_row(key)) return peak_of(*row, *parsed);
        return std::unexpected(Error{"There is no accelerator called \"" + std::string(name) +
                                         "\" in the table; it knows " + known_names() + ".",
                                     0, suggestion_for(key)});
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}});
    }
}

}  // namespace ballpark
