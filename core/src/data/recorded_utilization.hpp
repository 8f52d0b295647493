// The utilization that published training runs' reported GPU-hours imply, as the five numbers of a bounded
// three-term metalog: the record's 10th, 50th and 90th percentiles and its smallest and largest value.
//
// The record is sample-sheets/data/training-runs.csv, every run of shared/reference/published-training-runs.md
// with its source: implied utilization = 6 * active parameters * tokens / (dense bf16 peak * reported GPU-hours *
// 3600 s). The fit takes the 34 runs that are not distilled or pruned (Llama 3.2 1B and 3B, Llama 4 Maverick are
// left out: they learn from a teacher's outputs, which 6 * N * D does not count), their percentiles by linear
// interpolation between order statistics. Reported hours hold downtime, restarts and repeated steps, so these
// utilizations sit below the model FLOP utilization papers report (PaLM: 46.2% MFU, its hours imply 30%).
// scripts/utilization_record.py computes the five numbers from the data file and prints the fit's leave-one-out
// coverage; tests/python/utilization_record_test.py checks that these equal its fit.
#pragma once

namespace ballpark {

struct RecordedUtilization {
    // Rounded to six significant digits; the bounds outward, so that they enclose every run of the fit.
    static constexpr double p10 = 0.20565;
    static constexpr double p50 = 0.323083;
    static constexpr double p90 = 0.451172;
    static constexpr double low = 0.138439;   // Llama 3.1 8B
    static constexpr double high = 0.513764;  // LLaMA-13B
    static constexpr int runs = 34;
    static constexpr const char* source =
        "the 34 published training runs of sample-sheets/data/training-runs.csv that are not distilled or pruned "
        "(LLaMA, Llama 2, 3, 3.1 and 4 Scout, DeepSeek, BLOOM, OPT, PaLM, GPT-3, Pythia, MPT, Falcon, GLM, "
        "Nemotron), each from its paper or model card";
};

}  // namespace ballpark
