"""Helpers that several Python tests share, so each is written once (tests/unit/shared_helpers.hpp is the C++
counterpart). Plain Python: no uno, no Ballpark."""

import math


def hours_at(u, params=70e9, tokens=2e12, peak_flops=312e12):
    """GPU hours to train a model of `params` parameters on `tokens` tokens at 6 FLOP per parameter and token, on
    accelerators of `peak_flops` FLOP/s at utilization u: the Llama 2 example (70 billion, 2 trillion, an A100's
    312 TFLOP/s) unless told otherwise. Computed here in plain arithmetic, independent of Ballpark."""
    return 6 * params * tokens / (peak_flops * u) / 3600


# The standard normal's 95th percentile, Phi^-1(0.95) = 1.64485362695147271..., rounded to the nearest double (the
# value tests/unit/reference_models.hpp holds). A range `a to b` in the 90% reading has its ends at -Z95 and +Z95
# standard deviations.
Z95 = 1.6448536269514722


def lognormal_through(a, b):
    """(mu, sigma) of the lognormal whose 5th and 95th percentiles are a and b (0 < a < b): `a to b` in the 90%
    reading, ln X normal with mean mu and standard deviation sigma."""
    return (math.log(a) + math.log(b)) / 2, (math.log(b) - math.log(a)) / (2 * Z95)
