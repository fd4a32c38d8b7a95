"""A case's ``env`` text: a GPU only when it names a known vendor; WSL only when used."""

from __future__ import annotations

import pytest

from .case_env import facts_from_env


@pytest.mark.parametrize(("text", "vendor"), [
    ("AWS p3.8xlarge (V100)", "nvidia"),  # a model from the GPU table inside other words
    ("8x V100 16GB", "nvidia"),
    ("NVIDIA T4", "nvidia"),
    ("GeForce GTX 1080 Ti", "nvidia"),
    ("Radeon RX 580", "amd"),
    ("Intel UHD 620", "intel"),
    ("Apple M1", "apple"),
])
def test_a_known_vendor_or_model_gives_a_gpu(text: str, vendor: str) -> None:
    facts = facts_from_env({"gpu": text})
    assert facts is not None
    assert [g.vendor for g in facts.gpus] == [vendor]


@pytest.mark.parametrize("text", ["a cloud VM", "8 GPUs", "unknown accelerator"])
def test_words_naming_no_vendor_leave_the_gpu_unknown(text: str) -> None:
    """Not "a GPU of another vendor" (which would read as: this host has no NVIDIA GPU)."""
    facts = facts_from_env({"gpu": text})
    assert facts is not None
    assert facts.gpus == ()


def test_native_windows_with_an_unused_wsl2_is_windows() -> None:
    facts = facts_from_env({"os": "Windows 11 (native R/RStudio; WSL2 configured but not used)"})
    assert facts is not None
    assert (facts.os.system, facts.os.is_wsl) == ("Windows", False)


def test_wsl2_alone_is_wsl() -> None:
    facts = facts_from_env({"os": "Windows 10, WSL2 Ubuntu 20.04"})
    assert facts is not None
    assert facts.os.is_wsl


@pytest.mark.parametrize(("text", "name"), [
    # named as NVML and nvidia-smi name it: no remark, no count before it
    ("NVIDIA GeForce RTX 3090 (Ampere)", "NVIDIA GeForce RTX 3090"),
    ("NVIDIA A100 (Ampere, sm_80)", "NVIDIA A100"),
    ("GeForce GTX 1070 (cc 6.1)", "GeForce GTX 1070"),
    ("2x GeForce GTX 1070 (8 GB)", "GeForce GTX 1070"),
    ("4 x Tesla P100-PCIE-16GB", "Tesla P100-PCIE-16GB"),
    # a laptop remark is part of the model's name (the GPU table's "(notebook)" rows)
    ("GeForce GTX 1080 (notebook)", "GeForce GTX 1080 (notebook)"),
    # a remark that is the only model named
    ("AWS p3.8xlarge (V100)", "V100"),
])
def test_a_gpu_is_named_without_remarks(text: str, name: str) -> None:
    facts = facts_from_env({"gpu": text})
    assert facts is not None
    assert [g.name for g in facts.gpus] == [name]


def test_a_remark_keeps_its_compute_capability_and_names_no_vendor() -> None:
    facts = facts_from_env({"gpu": "GeForce GTX 1070 (cc 6.1)"})
    assert facts is not None and facts.gpus[0].compute_capability == "6.1"
    # "(no NVIDIA GPU)" says there is none: the vendor is the one the name gives
    facts = facts_from_env({"gpu": "Intel UHD 620 (no NVIDIA GPU)"})
    assert facts is not None and [g.vendor for g in facts.gpus] == ["intel"]
