"""A message of two sentences that a program's own logger broke at the full stop between
them (RedisAI's libtensorflow log puts each sentence of gpu_device.cc's "Ignoring visible
gpu device" on a tab-indented line of its own) is read on the joined lines, like a message
wrapped mid-sentence."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.logs.patterns import PATTERNS

_HEAD = ("2019-12-29 14:04:34.842879: I tensorflow/core/common_runtime/gpu/"
         "gpu_device.cc:1717] ")
_IGNORED = ("Ignoring visible gpu device (device: 0, name: Tesla M60, pci bus id: "
            "0000:00:1e.0, compute capability: 5.2) with Cuda compute capability 5.2. ")
_MINIMUM = "The minimum required Cuda capability is 6.0."


@pytest.mark.parametrize("lines", [
    [_HEAD, "\t" + _IGNORED, "\t" + _MINIMUM],  # as RedisAI printed it
    [_HEAD + _IGNORED, _MINIMUM],  # one break, at the full stop
    [_HEAD + _IGNORED + _MINIMUM],  # whole
])
def test_compute_capability_floor_across_the_sentence_break(lines: list[str]) -> None:
    found = {f.id: f for f in explain_lines(lines)}
    f = found["gpu-compute-capability-too-low"]
    assert "5.2" in f.title and "6.0" in f.title


def test_a_new_record_after_the_full_stop_is_not_joined() -> None:
    lines = [_HEAD + _IGNORED,
             "2019-12-29 14:04:35.000001: I tensorflow/core/platform/cpu_feature_guard.cc:142] "
             "The minimum required Cuda capability is 6.0."]
    assert "gpu-compute-capability-too-low" not in {f.id for f in explain_lines(lines)}


def test_the_patterns_that_go_on_after_a_full_stop_are_marked() -> None:
    marked = {p.name for p in PATTERNS if p.spans_sentences}
    assert {"cc.ignored", "rocm.isa_min", "gpu.low_core_count"} <= marked
    assert "lib.dlopen" not in marked and "cuinit" not in marked
