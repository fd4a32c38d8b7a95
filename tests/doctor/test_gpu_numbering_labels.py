"""With ``CUDA_VISIBLE_DEVICES`` set, TensorFlow's GPU numbers (``GPU:0`` is the first GPU
CUDA shows) are not nvidia-smi's (every GPU of the host): the verdict names both, and
says how many of the host's GPUs the variable leaves visible."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tfgpu.diagnosis.verdict import make_verdict
from tfgpu.facts import HostFacts, ProbeStatus

SCENARIOS = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios"


def _load(name: str) -> HostFacts:
    return HostFacts.from_json((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def test_tensorflow_and_nvidia_smi_numbers_are_both_named_when_they_differ() -> None:
    # L4 = nvidia-smi GPU 0, RTX 3060 = GPU 1; CUDA_VISIBLE_DEVICES=1: TensorFlow's GPU:0
    v = make_verdict(_load("two_gpu_cvd1"), [])
    assert v.headline.startswith(
        "TensorFlow 2.21.0 can use GPU:0 (nvidia-smi GPU 1): NVIDIA GeForce RTX 3060, 12.0 GiB")
    assert "(CUDA_VISIBLE_DEVICES=1: 1 of 2 GPUs visible)" in v.headline
    # one numbering (no CUDA_VISIBLE_DEVICES): the plain label
    assert make_verdict(_load("l4_ok"), []).headline == (
        "TensorFlow 2.21.0 can use GPU 0: NVIDIA L4, 22.5 GiB")


def test_without_tensorflow_the_ready_gpu_is_the_first_one_cuda_shows() -> None:
    facts = _load("two_gpu_cvd1")
    assert facts.tf is not None
    facts = dataclasses.replace(facts, tf=dataclasses.replace(facts.tf,
                                                              status=ProbeStatus.SKIPPED))
    v = make_verdict(facts, [])
    assert v.headline.startswith("GPU 1: NVIDIA GeForce RTX 3060, 12.0 GiB looks ready"
                                 " (CUDA_VISIBLE_DEVICES=1: 1 of 2 GPUs visible)")

