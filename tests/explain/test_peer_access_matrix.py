"""TensorFlow's start-up device interconnect matrix (gpu_device.cc; TF 0.x gpu_init.cc's
"DMA" map) marks Y where the driver allows peer access between two GPUs. A matrix of two or
more GPUs with no Y off the diagonal is the harmless ``gpu-peer-access-limit`` notice (variant
``no-peer-pairs``); any Y between two GPUs, one GPU, or a cut matrix says nothing. TF 0.x's
per-pair "cannot enable peer access from device ordinal A to device ordinal B" is the same
harmless notice."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

_P = "2019-01-03 07:07:31.37: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"


def _matrix(rows: list[str]) -> list[str]:
    n = len(rows)
    return [f"{_P}971] Device interconnect StreamExecutor with strength 1 edge matrix:",
            f"{_P}977]      " + " ".join(str(i) for i in range(n)) + " ",
            *(f"{_P}990] {i}:   {r} " for i, r in enumerate(rows))]


def _peer(lines: list[str]):  # type: ignore[no-untyped-def]
    return next((f for f in explain_lines(lines) if f.id == "gpu-peer-access-limit"), None)


def test_all_n_between_four_gpus_is_the_harmless_notice() -> None:
    f = _peer(_matrix(["N N N N"] * 4))
    assert f is not None and f.harmless and f.severity.value == "info"
    assert "4 GPUs" in f.title and "nvidia-smi topo -m" in f.fix[0]


@pytest.mark.parametrize("rows", [
    ["N Y", "Y N"],                        # a pair with peer access
    ["N N Y Y", "N N Y Y", "Y Y N N", "Y Y N N"],  # pairs 0-2, 0-3, ... have it
    ["N"],                                 # one GPU: nothing to say
])
def test_any_peer_pair_or_one_gpu_says_nothing(rows: list[str]) -> None:
    assert _peer(_matrix(rows)) is None


def test_a_cut_matrix_says_nothing() -> None:
    assert _peer(_matrix(["N N N N"] * 4)[:-1]) is None


def test_tf0_cannot_enable_lines_are_the_notice() -> None:
    lines = [f"I tensorflow/core/common_runtime/gpu/gpu_init.cc:59] cannot enable peer access "
             f"from device ordinal {a} to device ordinal {b}" for a, b in ((0, 2), (2, 0))]
    f = _peer(lines)
    assert f is not None and f.harmless
