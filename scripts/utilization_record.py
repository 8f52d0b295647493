#!/usr/bin/python3
"""Prints the utilization prior fitted to the record of published training runs and its leave-one-out coverage.

    /usr/bin/python3 scripts/utilization_record.py

The record is sample-sheets/data/training-runs.csv. Each run's implied utilization is 6 FLOP * active parameters *
tokens / (dense bf16 peak * reported GPU-hours * 3600 s); the runs that are not distilled or pruned make the fit, a
three-term metalog through their 10th, 50th and 90th percentiles bounded by their smallest and largest (the five
numbers of core/src/data/recorded_utilization.hpp). Leave-one-out: for each of those runs, the prior is fitted again
without it, and the run counts as covered when its utilization lies inside that fit's 5th to 95th percentile.
"""

import sys

from sample_sheets.training_runs import fit_prior, implied_utilization, in_fit, load_runs


def leave_one_out(utilizations):
    """For each utilization, whether the prior fitted to the others holds it in its 90% interval."""
    covered = []
    for k, u in enumerate(utilizations):
        prior = fit_prior(utilizations[:k] + utilizations[k + 1:])
        covered.append(prior.quantile(0.05) <= u <= prior.quantile(0.95))
    return covered


def main():
    runs = [r for r in load_runs() if in_fit(r)]
    utilizations = [implied_utilization(r) for r in runs]
    prior = fit_prior(utilizations)
    print(f"runs in the fit: {len(runs)} (distilled or pruned runs left out)")
    for name, value in (("p10", prior.p10), ("p50", prior.p50), ("p90", prior.p90), ("low", prior.low),
                        ("high", prior.high)):
        print(f"{name:5s} {value:.9f}")
    print(f"90% interval: {prior.quantile(0.05):.4f} to {prior.quantile(0.95):.4f}")
    covered = leave_one_out(utilizations)
    print(f"leave-one-out coverage of the 90% interval: {sum(covered)} of {len(covered)} "
          f"({100 * sum(covered) / len(covered):.0f}%)")
    for run, u, inside in zip(runs, utilizations, covered):
        if not inside:
            print(f"  outside: {run['model']} ({100 * u:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
