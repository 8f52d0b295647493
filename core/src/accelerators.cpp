// The accelerator table, the loose name matching behind ACCELPEAK and peak(H100), and the figures it gives.
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

// Dense (not sparse) figures: vendors also print sparse figures that are twice these, and a training run cannot
// use them. Columns: fp8, bf16, fp16, tf32, fp32 (TFLOP/s), power (W), memory and its unit, bandwidth (GB/s). A 0
// is a figure the source does not give; the table does not derive one. Each row names its public source.
constexpr Accelerator table[] = {
    {"NVIDIA V100 SXM2", "V100|V100 SXM2|V100 SXM|Tesla V100", 0, 0, 125, 0, 15.7, 300, 32, "GB", 900,
     "Volta has no bf16 units; 125 TFLOP/s is its fp16 tensor-core peak. Memory: the 32 GB part (a 16 GB part also "
     "exists).",
     "NVIDIA Tesla V100 GPU datasheet (SXM2: 125 TFLOP/s tensor, 15.7 TFLOP/s fp32, 32/16 GB HBM2, 900 GB/s, 300 W)"},
    {"NVIDIA A100 SXM 80GB", "A100|A100 SXM|A100 SXM4|A100 80GB|A100-80GB|A100 SXM4 80GB", 0, 312, 312, 156, 19.5,
     400, 80, "GB", 2039, "A bare \"A100\" means this part; the 40 GB part has the same peaks.",
     "NVIDIA A100 Tensor Core GPU datasheet (A100 80GB SXM: bf16/fp16 312, tf32 156 dense, fp32 19.5 TFLOP/s; "
     "80 GB HBM2e, 2,039 GB/s; 400 W max TDP)"},
    {"NVIDIA A100 SXM 40GB", "A100 40GB|A100-40GB|A100 SXM4 40GB", 0, 312, 312, 156, 19.5, 400, 40, "GB", 1555, "",
     "NVIDIA A100 Tensor Core GPU datasheet (A100 40GB SXM: 40 GB HBM2, 1,555 GB/s; 400 W max TDP)"},
    {"NVIDIA H100 SXM5", "H100|H100 SXM|H100 SXM5|H100 80GB|H100-80GB", 1979, 989, 989, 494.5, 67, 700, 80, "GB", 3350,
     "989.4 TFLOP/s bf16 in the datasheet; a bare \"H100\" means this SXM part.",
     "NVIDIA H100 Tensor Core GPU datasheet (SXM: fp8 3,958, bf16/fp16 1,979, tf32 989 TFLOP/s with sparsity, "
     "half that dense; fp32 67 TFLOP/s; 80 GB, 3.35 TB/s; up to 700 W)"},
    {"NVIDIA H100 PCIe", "H100 PCIe|H100PCIe", 1513, 756, 756, 378, 51, 350, 80, "GB", 2000,
     "Power: configurable from 300 to 350 W; the table gives the maximum.",
     "NVIDIA H100 Tensor Core GPU datasheet (PCIe: fp8 3,026, bf16/fp16 1,513, tf32 756 TFLOP/s with sparsity, "
     "half that dense; fp32 51 TFLOP/s; 80 GB, 2 TB/s; 300-350 W)"},
    {"NVIDIA H800 SXM5", "H800|H800 SXM|H800 SXM5", 1979, 989, 989, 494.5, 67, 700, 80, "GB", 3350,
     "The H100's compute with reduced fp64 and NVLink.",
     "NVIDIA H800 Tensor Core GPU datasheet (SXM: same tensor and fp32 figures as the H100 SXM; 80 GB, 3.35 TB/s; "
     "up to 700 W)"},
    {"NVIDIA H200 SXM", "H200|H200 SXM", 1979, 989, 989, 494.5, 67, 700, 141, "GB", 4800, "",
     "NVIDIA H200 Tensor Core GPU datasheet (SXM: fp8 3,958, bf16/fp16 1,979, tf32 989 TFLOP/s with sparsity, "
     "half that dense; fp32 67 TFLOP/s; 141 GB HBM3e, 4.8 TB/s; up to 700 W)"},
    {"NVIDIA B200", "B200|HGX B200", 4500, 2250, 2250, 1125, 0, 1000, 180, "GB", 8000,
     "Per GPU of an 8-GPU HGX/DGX B200 system: the system's figures divided by 8.",
     "NVIDIA DGX B200 / HGX B200 datasheet (8 GPUs: fp8 72, bf16/fp16 36, tf32 18 PFLOP/s with sparsity, half "
     "that dense; 1,440 GB HBM3e, 64 TB/s; B200 up to 1,000 W)"},
    {"AMD Instinct MI250X", "MI250X|MI 250X", 0, 383, 383, 0, 95.7, 560, 128, "GB", 3277,
     "fp32: the matrix-core figure (vector fp32 is 47.9 TFLOP/s).",
     "AMD Instinct MI250X accelerator datasheet (bf16/fp16 383, fp32 matrix 95.7 TFLOP/s; 128 GB HBM2e, "
     "3.2 TB/s; 560 W peak)"},
    {"AMD Instinct MI300X", "MI300X|MI 300X", 2615, 1307, 1307, 654, 163.4, 750, 192, "GB", 5300,
     "1307.4 TFLOP/s bf16 in the datasheet.",
     "AMD Instinct MI300X accelerator datasheet (fp8 2,614.9, bf16/fp16 1,307.4, tf32 653.7, fp32 163.4 TFLOP/s "
     "dense; 192 GB HBM3, 5.3 TB/s; 750 W)"},
    {"AMD Instinct MI325X", "MI325X|MI 325X", 2615, 1307, 1307, 654, 163.4, 1000, 256, "GB", 6000, "",
     "AMD Instinct MI325X accelerator datasheet (fp8 2,614.9, bf16/fp16 1,307.4, tf32 653.7, fp32 163.4 TFLOP/s "
     "dense; 256 GB HBM3E, 6 TB/s; 1,000 W)"},
    {"Google TPU v3", "TPU v3|TPUv3|v3", 0, 123, 0, 0, 0, 0, 32, "GiB", 900, "Per chip (two TensorCores).",
     "Google Cloud TPU documentation, TPU v3 (123 TFLOP/s bf16, 32 GiB HBM, 900 GB/s per chip)"},
    {"Google TPU v4", "TPU v4|TPUv4|v4", 0, 275, 0, 0, 0, 0, 32, "GiB", 1200, "Per chip.",
     "Google Cloud TPU documentation, TPU v4 (275 TFLOP/s bf16, 32 GiB HBM2, 1,200 GB/s per chip)"},
    {"Google TPU v5e", "TPU v5e|TPUv5e|v5e|TPU v5 lite", 0, 197, 0, 0, 0, 0, 16, "GB", 819, "Per chip.",
     "Google Cloud TPU documentation, TPU v5e (197 TFLOP/s bf16, 16 GB HBM2, 819 GB/s per chip)"},
    {"Google TPU v5p", "TPU v5p|TPUv5p|v5p", 0, 459, 0, 0, 0, 0, 95, "GB", 2765, "Per chip.",
     "Google Cloud TPU documentation, TPU v5p (459 TFLOP/s bf16, 95 GB HBM2e, 2,765 GB/s per chip)"},
    {"Google TPU v6e", "TPU v6e|TPUv6e|v6e|Trillium", 0, 918, 0, 0, 0, 0, 32, "GB", 1640, "Per chip.",
     "Google Cloud TPU documentation, TPU v6e Trillium (918 TFLOP/s bf16, 32 GB HBM, 1,640 GB/s per chip)"},
    {"Google TPU7x Ironwood", "Ironwood|TPU v7|TPUv7|TPU7x|v7", 4614, 0, 0, 0, 0, 0, 192, "GB", 7200,
     "Per chip. Google publishes the fp8 peak only.",
     "Google Cloud blog, Ironwood: the first Google TPU for the age of inference (2025): 4,614 TFLOP/s fp8, "
     "192 GB HBM, 7.2 TB/s per chip"},
    {"Intel Gaudi 2", "Gaudi 2|Gaudi2|HL-225", 865, 432, 0, 0, 0, 600, 96, "GB", 2450, "",
     "Intel Gaudi 2 AI accelerator white paper (matrix engines: fp8 865, bf16 432 TFLOP/s; 96 GB HBM2e, "
     "2.45 TB/s; 600 W)"},
    {"Intel Gaudi 3", "Gaudi 3|Gaudi3|HL-325", 1835, 1835, 0, 0, 0, 900, 128, "GB", 3700, "",
     "Intel Gaudi 3 AI accelerator white paper (matrix engines: fp8 and bf16 1,835 TFLOP/s; 128 GB HBM2e, "
     "3.7 TB/s; 900 W, OAM)"},
    {"AWS Trainium2", "Trainium 2|Trainium2|Trn2", 1299, 667, 0, 0, 0, 0, 96, "GiB", 2900, "",
     "AWS Trainium2 product page and Trn2 instance specifications (per chip: 1,299 TFLOP/s fp8 and 667 TFLOP/s "
     "bf16 dense, 96 GiB HBM, 2.9 TB/s)"},
};

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

// A figure of a row: what it is called in sentences, how to read it from the row, and its unit.
struct Figure {
    std::string_view name;     // "fp8", "power"
    double Accelerator::*field;
    std::string_view unit;     // as the unit table spells it
};

constexpr Figure peaks[] = {
    {"fp8", &Accelerator::fp8_tflops, "TFLOP/s"},   {"bf16", &Accelerator::bf16_tflops, "TFLOP/s"},
    {"fp16", &Accelerator::fp16_tflops, "TFLOP/s"}, {"tf32", &Accelerator::tf32_tflops, "TFLOP/s"},
    {"fp32", &Accelerator::fp32_tflops, "TFLOP/s"},
};
constexpr Figure power_figure{"power", &Accelerator::power_watts, "W"};
constexpr Figure bandwidth_figure{"bandwidth", &Accelerator::bandwidth_gb_per_s, "GB/s"};
// The memory's unit is per row (GB or GiB, as the source prints it), so its Figure is made per row.
Figure memory_figure(const Accelerator& row) { return {"memory", &Accelerator::memory, row.memory_unit}; }

// The spellings people write for each precision, squeezed.
Result<const Figure*> parse_precision(std::string_view text) {
    const std::string key = squeeze(text);
    if (key.empty() || key == "bf16" || key == "bfloat16") return &peaks[1];
    if (key == "fp8" || key == "float8" || key == "e4m3" || key == "e5m2") return &peaks[0];
    if (key == "fp16" || key == "float16" || key == "half") return &peaks[2];
    if (key == "tf32" || key == "tensorfloat32") return &peaks[3];
    if (key == "fp32" || key == "float32" || key == "single") return &peaks[4];
    return std::unexpected(Error{"The accelerator table has no figures for precision \"" + std::string(text) + "\".",
                                 0, "Use fp8, bf16, fp16, tf32 or fp32."});
}

// 125, 989.4: as the datasheet prints it, not rounded to three figures.
std::string figure_text(double value, std::string_view unit) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return (ec == std::errc{} ? std::string(buffer, end) : std::string("?")) + " " + std::string(unit);
}

Result<Quantity> quantity_of(const Accelerator& row, const Figure& figure) {
    const double value = row.*figure.field;
    if (value <= 0) {
        std::string sentence = "The accelerator table has no " + std::string(figure.name) +
                               (figure.unit == "TFLOP/s" ? " peak" : " figure") + " for " + std::string(row.name) +
                               "; it lists " + accelerator_figures_text(row) + ".";
        std::string hint;
        if (figure.field == &Accelerator::bf16_tflops && row.fp16_tflops > 0) {
            sentence = std::string(row.name) + " has no bf16 units; the table lists " + accelerator_figures_text(row) + ".";
            hint = "Ask for precision fp16.";
        }
        return std::unexpected(Error{std::move(sentence), 0, std::move(hint)});
    }
    // The sizes of TFLOP/s, W, GB and GB/s come from the unit table, so the figures share its base units.
    auto unit = unit_quantity(figure.unit);
    if (!unit) return std::unexpected(unit.error());
    Quantity q = *unit;
    q.low = q.central = q.high = value * unit->central;
    q.unit = nullptr;
    return q;
}

Result<Quantity> figure_of(std::string_view name, const Figure* figure) noexcept {
    try {
        auto row = find_accelerator(name);
        if (!row) return std::unexpected(row.error());
        if (!figure) {
            const Figure memory = memory_figure(**row);
            return quantity_of(**row, memory);
        }
        return quantity_of(**row, *figure);
    } catch (const ErrorException& e) {
        return std::unexpected(e.error());
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}});
    }
}

}  // namespace

std::span<const Accelerator> accelerator_table() noexcept { return table; }

Result<const Accelerator*> find_accelerator(std::string_view name) noexcept {
    try {
        std::string key = normalized_name(name);
        if (key.empty()) {
            return std::unexpected(Error{"An accelerator name is needed, such as A100, H100 or TPU v5p.", 0, {}});
        }
        if (const Accelerator* row = find_row(key)) return row;
        return std::unexpected(Error{"There is no accelerator called \"" + std::string(name) +
                                         "\" in the table; it knows " + known_names() + ".",
                                     0, suggestion_for(key)});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}});
    }
}

std::string accelerator_figures_text(const Accelerator& row) {
    std::vector<std::string> parts;
    for (const Figure& f : peaks)
        if (row.*f.field > 0) parts.push_back(std::string(f.name) + " " + figure_text(row.*f.field, f.unit));
    const Figure memory = memory_figure(row);
    for (const Figure* f : {&power_figure, &memory, &bandwidth_figure})
        if (row.*f->field > 0) parts.push_back(std::string(f->name) + " " + figure_text(row.*f->field, f->unit));
    std::string out;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        if (k > 0) out += k + 1 == parts.size() ? " and " : ", ";
        out += parts[k];
    }
    return out;
}

Result<Quantity> accelerator_peak(std::string_view name, std::string_view precision) noexcept {
    try {
        auto parsed = parse_precision(precision);
        if (!parsed) return std::unexpected(parsed.error());
        return figure_of(name, *parsed);
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}});
    }
}

Result<Quantity> accelerator_power(std::string_view name) noexcept { return figure_of(name, &power_figure); }
Result<Quantity> accelerator_memory(std::string_view name) noexcept { return figure_of(name, nullptr); }
Result<Quantity> accelerator_bandwidth(std::string_view name) noexcept { return figure_of(name, &bandwidth_figure); }

}  // namespace ballpark
