"""The record of published training runs (sample-sheets/data/training-runs.csv): the utilization each run's reported
hours imply, and the utilization prior fitted to them, a three-term metalog through the record's 10th, 50th and 90th
percentiles bounded by its extremes (the core's recorded_utilization() holds the same five numbers)."""

import math

from .data import read_csv

# 6 FLOP per parameter per token: the forward and backward pass of a dense transformer (Kaplan et al. 2020).
FLOP_PER_PARAM_TOKEN = 6


def load_runs():
    return read_csv("training-runs.csv")


def implied_utilization(run):
    """6 * active parameters * tokens / (dense peak * reported GPU-hours * 3600 s)."""
    return (FLOP_PER_PARAM_TOKEN * float(run["params_active"]) * float(run["tokens"]) /
            (float(run["peak_flops"]) * float(run["reported_gpu_hours"]) * 3600))


def in_fit(run):
    """A distilled or pruned run learns from another model's outputs, so 6 * N * D does not describe its work."""
    return run["distilled"] == ""


def empirical_quantile(values, p):
    """The p-quantile by linear interpolation between order statistics (numpy's default, Hyndman-Fan type 7)."""
    xs = sorted(values)
    h = (len(xs) - 1) * p
    k = math.floor(h)
    upper = xs[min(k + 1, len(xs) - 1)]
    return xs[k] + (h - k) * (upper - xs[k])


class BoundedMetalog:
    """Keelin's three-term metalog through p10, p50 and p90 between low and high (docs/language.md, metalog)."""

    def __init__(self, p10, p50, p90, low, high):
        self.p10, self.p50, self.p90, self.low, self.high = p10, p50, p90, low, high
        t10, t50, t90 = (math.log((x - low) / (high - x)) for x in (p10, p50, p90))
        self.a1 = t50
        self.a2 = (t90 - t10) / (2 * math.log(9))
        self.a3 = (t90 + t10 - 2 * t50) / (0.8 * math.log(9))

    def quantile(self, y):
        logit = math.log(y / (1 - y))
        t = self.a1 + self.a2 * logit + self.a3 * (y - 0.5) * logit
        return (self.low + self.high * math.exp(t)) / (1 + math.exp(t))


def fit_prior(utilizations):
    """The prior through the utilizations' 10th, 50th and 90th percentiles, bounded by their smallest and largest."""
    return BoundedMetalog(empirical_quantile(utilizations, 0.1), empirical_quantile(utilizations, 0.5),
                          empirical_quantile(utilizations, 0.9), min(utilizations), max(utilizations))
