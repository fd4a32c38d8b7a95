"""A user's own words that the machine has an NVIDIA GPU ("I have a GTX 1060 6GB in this PC",
"my RTX 3060 is not used") before TensorFlow's missing-CUDA-runtime lines are GPU intent: the
missing runtime is no longer read as "harmless if this host has no NVIDIA GPU" (a warning
that names the reason, not a notice); a negation or a GPU named without an owner is not."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

DLL = ("2021-02-15 20:41:02.884912: W tensorflow/stream_executor/platform/default/"
       "dso_loader.cc:60] Could not load dynamic library 'cudart64_110.dll'; dlerror: "
       "cudart64_110.dll not found")
STUB = ("2021-02-15 20:41:02.885120: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] "
        "Ignore above cudart dlerror if you do not have a GPU set up on your machine.")


def _title(prose: str) -> str:
    f = next(f for f in explain_lines([prose, "", DLL, STUB])
             if f.id == "library-not-loaded-cudart64-110-dll")
    assert f.severity is not Severity.INFO
    return f.title


@pytest.mark.parametrize("prose", [
    "I have a GTX 1060 6GB in this PC but training is on the CPU.",
    "My RTX 3060 is not used at all, why?",
    "I've got an NVIDIA GeForce RTX 4090 and TF only uses the CPU",
    "i have a Quadro P2000 in this workstation",
])
def test_the_user_s_own_gpu_is_intent(prose: str) -> None:
    assert "harmless if this host has no NVIDIA GPU" not in _title(prose)


@pytest.mark.parametrize("prose", [
    "I don't have a GTX card, just the laptop's CPU.",
    "The RTX 3090 benchmark numbers are below.",
])
def test_no_owned_gpu_keeps_the_hedge(prose: str) -> None:
    assert "harmless if this host has no NVIDIA GPU" in _title(prose)
