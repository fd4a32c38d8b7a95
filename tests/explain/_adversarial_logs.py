"""Generator of adversarial log text for the engine: unique lines of random words that each
hold an error word ("error", "Error:") and varied numbers, so that every line is a new
template and a candidate (issue 11: 50 MB of such lines took 100 s)."""

from __future__ import annotations

import random

WORDS = ("the", "at", "foo", "bar", "loss", "epoch", "warning", "failed", "GPU", "cuda",
         "0x7f", "Error:", "error", "device", "library", "load", "not", "found")


def error_word_lines(count: int, seed: int = 0) -> list[str]:
    """``count`` lines (no newline), each 6-14 random words, one error word and a number."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        words = [rng.choice(WORDS) for _ in range(rng.randrange(6, 14))]
        words.insert(rng.randrange(len(words)), rng.choice(("error", "Error:")))
        words.append(str(rng.randrange(10**6)))
        out.append(" ".join(words))
    return out


def write_error_word_log(path: str, size_bytes: int, seed: int = 0) -> int:
    """Write about ``size_bytes`` of :func:`error_word_lines` to ``path``; return the bytes."""
    written = 0
    with open(path, "w", encoding="utf-8") as fh:
        while written < size_bytes:
            block = "\n".join(error_word_lines(10_000, seed)) + "\n"
            seed += 1
            fh.write(block)
            written += len(block)
    return written
