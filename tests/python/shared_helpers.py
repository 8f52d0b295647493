"""Helpers that several Python tests share, so each is written once (tests/unit/shared_helpers.hpp is the C++
counterpart). Plain Python: no uno, no Ballpark."""


def hours_at(u, params=70e9, tokens=2e12, peak_flops=312e12):
    """GPU hours to train a model of `params` parameters on `tokens` tokens at 6 FLOP per parameter and token, on
    accelerators of `peak_flops` FLOP/s at utilization u: the Llama 2 example (70 billion, 2 trillion, an A100's
    312 TFLOP/s) unless told otherwise. Computed here in plain arithmetic, independent of Ballpark."""
    return 6 * params * tokens / (peak_flops * u) / 3600
