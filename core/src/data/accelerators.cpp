// The accelerator table, the loose name matching behind ACCELPEAK and peak(H100), and the figures it gives.
#include "ballpark/accelerators.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "ballpark/api.hpp"
#include "language/suggest.hpp"

namespace ballpark {
namespace {

// Dense (not sparse) figures: vendors also print sparse figures that are twice these, and a training run cannot
// use them. Columns: fp8, bf16, fp16, tf32, fp32 (TFLOP/s), power (W), memory and its unit, bandwidth (GB/s). A 0
// is a figure the source does not give; the table does not derive one. Each row names its public source.
//
// Every figure was checked on 2026-11-30 against the source its row names and against
// shared/reference/accelerators-and-models.md. The comment above each row says how: "read" means the vendor's own
// text was read (the page, or a verbatim copy of its table); "quoted" means only other people's copies of the
// vendor's figures could be reached, and they agree. Where the bf16 figure of the reference file is a rounding of
// the vendor's (989 for 989.4 or 989.5, 1,307 for 1,307.4) the table keeps the reference's, as the rest of the
// project (seed notebook, sample sheets) does; other precisions are the vendor's figures unrounded.
constexpr Accelerator table[] = {
    // Quoted: 125 tensor, 15.7 fp32 TFLOP/s, 32/16 GB, 900 GB/s, 300 W agree in every copy of the datasheet found.
    {"NVIDIA V100 SXM2", "V100|V100 SXM2|V100 SXM|Tesla V100", 0, 0, 125, 0, 15.7, 300, 32, "GB", 900,
     "Volta has no bf16 units; 125 TFLOP/s is its fp16 tensor-core peak. Memory: the 32 GB part (a 16 GB part also "
     "exists).",
     "NVIDIA Tesla V100 GPU Accelerator datasheet, nvidia.com/en-us/data-center/v100 (SXM2: 125 TFLOP/s tensor, "
     "15.7 TFLOP/s fp32, 32/16 GB HBM2, 900 GB/s, 300 W)"},
    // Quoted: the figures of the A100 datasheet (r4) as copied with its URL; every one agrees.
    {"NVIDIA A100 SXM 80GB", "A100|A100 SXM|A100 SXM4|A100 80GB|A100-80GB|A100 SXM4 80GB", 0, 312, 312, 156, 19.5,
     400, 80, "GB", 2039, "A bare \"A100\" means this part; the 40 GB part has the same peaks.",
     "NVIDIA A100 Tensor Core GPU datasheet (nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf; A100 80GB SXM: "
     "bf16/fp16 312, tf32 156 dense, fp32 19.5 TFLOP/s; 80 GB HBM2e, 2,039 GB/s; 400 W max TDP)"},
    {"NVIDIA A100 SXM 40GB", "A100 40GB|A100-40GB|A100 SXM4 40GB", 0, 312, 312, 156, 19.5, 400, 40, "GB", 1555, "",
     "NVIDIA A100 Tensor Core GPU datasheet (nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf; A100 40GB SXM: "
     "40 GB HBM2, 1,555 GB/s; 400 W max TDP)"},
    // Quoted: the product page's table (3,958 / 1,979 / 989 with sparsity, 67, 80 GB, 3.35 TB/s, up to 700 W).
    {"NVIDIA H100 SXM5", "H100|H100 SXM|H100 SXM5|H100 80GB|H100-80GB", 1979, 989, 989, 494.5, 67, 700, 80, "GB", 3350,
     "989.4 TFLOP/s bf16 in the Hopper white paper (half of the datasheet's 1,979 is 989.5); a bare \"H100\" means "
     "this SXM part.",
     "NVIDIA H100 Tensor Core GPU product page and datasheet, nvidia.com/en-us/data-center/h100 (SXM: fp8 3,958, "
     "bf16/fp16 1,979, tf32 989 TFLOP/s with sparsity, half that dense; fp32 67 TFLOP/s; 80 GB, 3.35 TB/s; up to "
     "700 W)"},
    // Quoted: the 2022 datasheet's PCIe column (3,026 / 1,513 / 756 with sparsity, 51, 80 GB, 2 TB/s). Read: the
    // product brief PB-11133-001_v02 (350 W maximum TDP, more than 2,000 GB/s).
    {"NVIDIA H100 PCIe", "H100 PCIe|H100PCIe", 1513, 756, 756, 378, 51, 350, 80, "GB", 2000,
     "Power: configurable from 300 to 350 W; the table gives the maximum.",
     "NVIDIA H100 Tensor Core GPU datasheet, 2022 edition (PCIe: fp8 3,026, bf16/fp16 1,513, tf32 756 TFLOP/s with "
     "sparsity, half that dense; fp32 51 TFLOP/s; 80 GB, 2 TB/s) and NVIDIA H100 PCIe product brief "
     "PB-11133-001_v02, November 2022 (350 W maximum TDP)"},
    // NOT CONFIRMED: no NVIDIA H800 document could be reached on 2026-11-30. The bf16 989 is the project reference
    // file's; the other figures are the H100 SXM's, which the H800 is described as sharing. Check them against
    // the H800 datasheet before relying on them.
    {"NVIDIA H800 SXM5", "H800|H800 SXM|H800 SXM5", 1979, 989, 989, 494.5, 67, 700, 80, "GB", 3350,
     "The H100's compute with reduced fp64 and NVLink. Only the bf16 figure is confirmed (project reference file).",
     "NVIDIA H800 Tensor Core GPU datasheet (not reachable when checked; figures as the H100 SXM's: fp8 3,958, "
     "bf16/fp16 1,979, tf32 989 TFLOP/s with sparsity; fp32 67 TFLOP/s; 80 GB, 3.35 TB/s; up to 700 W)"},
    // Read (a verbatim copy of the product page's table): 3,958 / 1,979 / 989 with sparsity, 67, 141 GB, 4.8 TB/s.
    // Quoted: up to 700 W.
    {"NVIDIA H200 SXM", "H200|H200 SXM", 1979, 989, 989, 494.5, 67, 700, 141, "GB", 4800, "",
     "NVIDIA H200 Tensor Core GPU product page, nvidia.com/en-us/data-center/h200 (SXM: fp8 3,958, bf16/fp16 1,979, "
     "tf32 989 TFLOP/s with sparsity, half that dense; fp32 67 TFLOP/s; 141 GB HBM3e, 4.8 TB/s; up to 700 W)"},
    // Read (a verbatim copy of the HGX page's table, the same as the October 2025 datasheet's "Individual Blackwell
    // GPU Specifications"): per GPU of an HGX B200, fp8 9, bf16/fp16 4.5, tf32 2.2 PFLOP/s with sparsity, fp32 75
    // TFLOP/s, 180 GB, 7.7 TB/s, up to 1,000 W. Earlier pages gave the 8-GPU totals 72/36/18 PFLOP/s and 64 TB/s,
    // whose eighths (tf32 1,125, 8 TB/s) the table used before; the per-GPU figures are the vendor's own.
    {"NVIDIA B200", "B200|HGX B200", 4500, 2250, 2250, 1100, 75, 1000, 180, "GB", 7700,
     "One GPU of an 8-GPU HGX/DGX B200 system.",
     "NVIDIA Blackwell datasheet (document 4204213, October 2025) and nvidia.com/en-us/data-center/hgx, HGX B200 "
     "per GPU: fp8 9, bf16/fp16 4.5, tf32 2.2 PFLOP/s with sparsity, half that dense; fp32 75 TFLOP/s; 180 GB "
     "HBM3e, 7.7 TB/s; configurable up to 1,000 W"},
    // Read: endnotes MI300-11 and MI300-13 of the CDNA 3 white paper state the MI250X's figures.
    {"AMD Instinct MI250X", "MI250X|MI 250X", 0, 383, 383, 0, 95.7, 560, 128, "GB", 3277,
     "fp32: the matrix-core figure (vector fp32 is 47.9 TFLOP/s). No tf32 or fp8 units.",
     "AMD, Introducing AMD CDNA 3 Architecture white paper, endnotes MI300-11 and MI300-13 (MI250X: bf16/fp16 383.0, "
     "fp32 matrix 95.7, fp32 vector 47.9 TFLOP/s, tf32 and fp8 N/A; 128 GB HBM2e, 3.277 TB/s; 560 W)"},
    // Read: Table 2 of the CDNA 3 white paper.
    {"AMD Instinct MI300X", "MI300X|MI 300X", 2614.9, 1307, 1307, 653.7, 163.4, 750, 192, "GB", 5300,
     "1307.4 TFLOP/s bf16 and fp16 in the white paper.",
     "AMD, Introducing AMD CDNA 3 Architecture white paper, Table 2 (MI300X: fp8 2,614.9, bf16/fp16 1,307.4, tf32 "
     "653.7, fp32 163.4 TFLOP/s dense, each half the sparsity figure; 192 GB HBM3, 5.3 TB/s; 750 W max power)"},
    // Read: Table 2 of the CDNA 3 white paper (the revision that adds the MI325X).
    {"AMD Instinct MI325X", "MI325X|MI 325X", 2614.9, 1307, 1307, 653.7, 163.4, 1000, 256, "GB", 6000,
     "The MI300X's compute with more and faster memory; 1307.4 TFLOP/s bf16 and fp16 in the white paper.",
     "AMD, Introducing AMD CDNA 3 Architecture white paper, Table 2 (MI325X: fp8 2,614.9, bf16/fp16 1,307.4, tf32 "
     "653.7, fp32 163.4 TFLOP/s dense; 256 GB HBM3E, 6.0 TB/s; 1,000 W max power)"},
    // Read: the v3 page's table. Its power figures are measured min/mean/max (123/220/262 W), not a TDP.
    {"Google TPU v3", "TPU v3|TPUv3|v3", 0, 123, 0, 0, 0, 0, 32, "GiB", 900, "Per chip (two TensorCores).",
     "Google Cloud TPU documentation, TPU v3, cloud.google.com/tpu/docs/v3 (123 TFLOP/s bf16, 32 GiB HBM2, 900 GBps "
     "per chip)"},
    // Read: the v4 page's table. Its power figures are measured min/mean/max (90/170/192 W), not a TDP.
    {"Google TPU v4", "TPU v4|TPUv4|v4", 0, 275, 0, 0, 0, 0, 32, "GiB", 1200, "Per chip.",
     "Google Cloud TPU documentation, TPU v4, cloud.google.com/tpu/docs/v4 (275 TFLOP/s bf16, 32 GiB HBM2, 1,200 "
     "GBps per chip)"},
    // Read: the v5e page's key chip specifications (another rendition of the page gives 800 GiBps).
    {"Google TPU v5e", "TPU v5e|TPUv5e|v5e|TPU v5 lite", 0, 197, 0, 0, 0, 0, 16, "GB", 819, "Per chip.",
     "Google Cloud TPU documentation, TPU v5e, docs.cloud.google.com/tpu/docs/v5e (197 TFLOP/s bf16, 16 GB HBM2, "
     "819 GBps per chip)"},
    // Read: the v5p page (459, 95 GB, 2,765 GBps) and the Compute Engine TPU table (fp8 459; it labels the same 95
    // as GiB, the v5p page as GB).
    {"Google TPU v5p", "TPU v5p|TPUv5p|v5p", 459, 459, 0, 0, 0, 0, 95, "GB", 2765,
     "Per chip. Google gives the same peak for fp8 as for bf16.",
     "Google Cloud TPU documentation, TPU v5p, cloud.google.com/tpu/docs/v5p (459 TFLOP/s bf16, 95 GB HBM2e, "
     "2,765 GBps per chip), and Compute Engine, TPU machines in the accelerator-optimized machine family (fp8 459)"},
    // Read: the v6e page (918, 32 GB, 1,638 GBps) and the Compute Engine TPU table (fp8 918, 1,638 GBps).
    {"Google TPU v6e", "TPU v6e|TPUv6e|v6e|Trillium", 918, 918, 0, 0, 0, 0, 32, "GB", 1638,
     "Per chip. Google gives the same peak for fp8 as for bf16.",
     "Google Cloud TPU documentation, TPU v6e, docs.cloud.google.com/tpu/docs/v6e (918 TFLOP/s bf16, 32 GB HBM, "
     "1,638 GBps per chip), and Compute Engine, TPU machines in the accelerator-optimized machine family (fp8 918)"},
    // Read: the Compute Engine TPU table (last updated 2026-08-26) and the TPU7x page: bf16 2,307, fp8 4,614, 192
    // GiB, 7,380 GBps. The April 2025 launch blog gave 192 GB and 7.2 TBps; the documentation is the later source.
    {"Google TPU7x Ironwood", "Ironwood|TPU v7|TPUv7|TPU7x|v7", 4614, 2307, 0, 0, 0, 0, 192, "GiB", 7380,
     "Per chip (two TensorCores).",
     "Google Cloud TPU documentation, TPU7x (Ironwood), docs.cloud.google.com/tpu/docs/tpu7x, and Compute Engine, "
     "TPU machines in the accelerator-optimized machine family (2,307 TFLOP/s bf16, 4,614 fp8, 192 GiB HBM, "
     "7,380 GBps per chip)"},
    // Read: Intel's Hot Chips 2024 slides (Gaudi 2: 432 TFLOP/s bf16, 96 GB, 2.46 TB/s, 600 W) and Intel's developer
    // article (96 GB HBM2e at 2.45 TB/s). Quoted: fp8 865 from the Gaudi 2 column of the Gaudi 3 white paper.
    {"Intel Gaudi 2", "Gaudi 2|Gaudi2|HL-225", 865, 432, 0, 0, 0, 600, 96, "GB", 2450,
     "Matrix engines. The fp8 figure comes from Intel's Gaudi 3 white paper comparison, seen only as quoted.",
     "Intel, The Habana Gaudi2 Processor for Deep Learning (intel.com developer article: 96 GB HBM2e, 2.45 TB/s); "
     "Intel, Gaudi 3 AI Accelerator, Hot Chips 2024, August 2024 (Gaudi 2: 432 TFLOP/s bf16, 600 W); Intel Gaudi 3 "
     "AI accelerator white paper (Gaudi 2: 865 TFLOP/s fp8)"},
    // Read: Intel's Hot Chips 2024 slides (bf16 and fp8 matrix 1,835 TFLOP/s, 128 GB, 3.67 TB/s, 900 W air-cooled,
    // 1,200 W liquid). Quoted only: a later revision of the white paper gives 1,678 TFLOP/s bf16 and fp8 and 459
    // fp16 for the matrix engines; if confirmed, that is the figure to use.
    {"Intel Gaudi 3", "Gaudi 3|Gaudi3|HL-325|HL-325L", 1835, 1835, 0, 0, 0, 900, 128, "GB", 3670,
     "Matrix engines; OAM module, air-cooled (1,200 W liquid-cooled). A later white paper revision is quoted with "
     "1,678 TFLOP/s.",
     "Intel, Intel Gaudi 3 AI Accelerator: Architected for Gen AI Training and Inference, Hot Chips 2024, August "
     "2024 (fp8 and bf16 matrix 1,835 TFLOP/s; 128 GB HBM2e, 3.67 TB/s; 900 W air-cooled OAM)"},
    // Read: the Neuron documentation's Trainium2 page: 1,299 fp8, 667 bf16/fp16/tf32, 181 fp32, 96 GiB, 2.9 TB/s.
    // AWS gives no power figure per chip.
    {"AWS Trainium2", "Trainium 2|Trainium2|Trn2", 1299, 667, 667, 667, 181, 0, 96, "GiB", 2900,
     "Per chip (eight NeuronCore-v3). AWS prints 2,563 TFLOP/s for sparse fp8/fp16/bf16/tf32, not twice the dense.",
     "AWS Neuron documentation, Trainium2 Architecture, awsdocs-neuron.readthedocs-hosted.com (per chip: 1,299 "
     "TFLOP/s fp8, 667 bf16/fp16/tf32, 181 fp32 dense; 96 GiB HBM, 2.9 TB/sec)"},
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
                                 0, "Use fp8, bf16, fp16, tf32 or fp32.", ErrorKind::unknown_name});
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
        if (figure.field == &Accelerator::bf16_tflops && row.fp16_tflops > 0) {
            Error error{std::string(row.name) + " has no bf16 units; the table lists " + accelerator_figures_text(row) + ".", 0,
                        "Ask for precision fp16.", ErrorKind::other_precision};
            error.argument = "fp16";
            error.begins_with_name = true;
            return std::unexpected(std::move(error));
        }
        return std::unexpected(Error{"The accelerator table has no " + std::string(figure.name) +
                                         (figure.unit == "TFLOP/s" ? " peak" : " figure") + " for " + std::string(row.name) +
                                         "; it lists " + accelerator_figures_text(row) + ".",
                                     0, {}, ErrorKind::argument});
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
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}, ErrorKind::internal});
    }
}

}  // namespace

std::span<const Accelerator> accelerator_table() noexcept { return table; }

Result<const Accelerator*> find_accelerator(std::string_view name) noexcept {
    try {
        std::string key = normalized_name(name);
        if (key.empty()) {
            return std::unexpected(Error{"An accelerator name is needed, such as A100, H100 or TPU v5p.", 0, {},
                                         ErrorKind::argument});
        }
        if (const Accelerator* row = find_row(key)) return row;
        return std::unexpected(Error{"There is no accelerator called \"" + std::string(name) +
                                         "\" in the table; it knows " + known_names() + ".",
                                     0, suggestion_for(key), ErrorKind::unknown_name});
    } catch (const std::exception& e) {
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}, ErrorKind::internal});
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
        return std::unexpected(Error{std::string("Looking up an accelerator failed: ") + e.what() + ".", 0, {}, ErrorKind::internal});
    }
}

Result<Quantity> accelerator_power(std::string_view name) noexcept { return figure_of(name, &power_figure); }
Result<Quantity> accelerator_memory(std::string_view name) noexcept { return figure_of(name, nullptr); }
Result<Quantity> accelerator_bandwidth(std::string_view name) noexcept { return figure_of(name, &bandwidth_figure); }

}  // namespace ballpark
