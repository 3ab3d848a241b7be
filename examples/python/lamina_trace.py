# SPDX-License-Identifier: Apache-2.0
"""What the Python listings share: the trace formatting, identical to the C (trace.h) and Swift
(Trace) versions so that the three traces of a listing are the same text."""


def num(x):
    """x with 3 decimals, rounded half away from zero (as the C and Swift versions print)."""
    y = x * 1000.0
    n = int(y + (0.5 if y >= 0 else -0.5))
    return f"{'-' if n < 0 else ''}{abs(n) // 1000}.{abs(n) % 1000:03d}"


def color(c):
    return "nil" if c is None else f"rgba({num(c.r)}, {num(c.g)}, {num(c.b)}, {num(c.a)})"


def keys(layer):
    return "[" + ", ".join(layer.animation_keys) + "]"
