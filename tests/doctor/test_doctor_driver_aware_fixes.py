"""Regression tests for the final review (part B) of ``tfgpu doctor`` and ``tfgpu explain``.

The hosts are the reviewer's hand-edited snapshots in ``tests/fixtures/driver-aware-fix-hosts/``
(README there) plus recorded fixtures; each test names the defect it pins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from doctor_helpers import TESTS

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding

FINAL = TESTS / "fixtures" / "driver-aware-fix-hosts"
REVIEW = TESTS / "fixtures" / "doctor-scenarios"


def load(path: str) -> HostFacts:
    return HostFacts.from_json((TESTS / "fixtures" / path).read_text(encoding="utf-8"))


def by_id(findings: Iterable[Finding]) -> dict[str, Finding]:
    return {f.id: f for f in findings}


def fix_text(f: Finding) -> str:
    return "\n".join(f.fix)


# --- 2b: compute capability unknown with no working driver -------------------------------


def test_cc_unknown_without_driver_does_not_suggest_nvidia_smi() -> None:
    import dataclasses

    facts = load("driver-aware-fix-hosts/h12.json")
    # The reviewer's GTX 970 is now found in the knowledge table from its lspci name
    # (final review A, defect 2); an lspci name the table lacks keeps the cc unknown.
    assert "gpu-compute-capability-unknown" not in by_id(diagnose(facts).findings)
    unknown_name = "NVIDIA Corporation XZ999 [GeForce ZZ 9999]"
    facts = dataclasses.replace(
        facts, gpus=tuple(dataclasses.replace(g, name=unknown_name) for g in facts.gpus)
    )
    found = by_id(diagnose(facts).findings)
    assert "nvidia-driver-missing" in found
    cc = found["gpu-compute-capability-unknown"]
    text = fix_text(cc)
    assert "nvidia-smi --query-gpu" not in text
    assert "driver first" in text
    # the lspci name is cut down to its bracketed marketing name for the lookup
    assert "tfgpu matrix --gpu 'GeForce ZZ 9999'" in text


def test_cc_unknown_with_a_working_driver_still_offers_nvidia_smi() -> None:
    from tfgpu.diagnosis.checks.compute_capability import compute_capability
    from tfgpu.facts.view import Facts
    from tfgpu.knowledge import load_knowledge

    facts = load("driver-aware-fix-hosts/h7.json")
    gpu = facts.nvidia_gpus[0]
    odd = dataclasses.replace(gpu, name="NVIDIA Unheard-of 9999", compute_capability=None)
    facts = dataclasses.replace(facts, gpus=(odd,))
    found = by_id(compute_capability(Facts(facts, kb=load_knowledge())))
    text = fix_text(found["gpu-compute-capability-unknown"])
    assert text.startswith("nvidia-smi --query-gpu=name,compute_cap --format=csv")


# --- 7: driver too old and Python too new for the older TensorFlow -----------------------


def test_old_driver_new_python_offers_the_plan_alternative() -> None:
    facts = load("driver-aware-fix-hosts/h7.json")
    f = by_id(diagnose(facts).findings)["driver-too-old-for-cuda"]
    text = fix_text(f)
    assert "install an NVIDIA driver >= 525.60.13" in text
    assert "without a driver upgrade: a new venv with Python 3.11 and TF 2.14" in text
    assert (
        "python3.11 -m venv ~/tf214 && ~/tf214/bin/python -m pip install "
        "'tensorflow[and-cuda]==2.14.*'" in text
    )


def test_old_driver_with_a_fitting_python_keeps_the_pip_pin() -> None:
    # driver 470 + Python 3.11 + TF 2.15: TF 2.14 installs into this very Python
    f = by_id(diagnose(load("driver-aware-fix-hosts/h1.json")).findings)["driver-too-old-for-cuda"]
    text = fix_text(f)
    assert "tensorflow[and-cuda]==2.14.*" in text
    assert "new venv" not in text


# --- 3: an old driver and "Cannot dlopen some GPU libraries" -----------------------------


def test_library_fix_respects_the_driver_limit() -> None:
    found = by_id(diagnose(load("driver-aware-fix-hosts/h1.json")).findings)
    driver = fix_text(found["driver-too-old-for-cuda"])
    libs = fix_text(found["gpu-libraries-not-loaded"])
    assert "tensorflow[and-cuda]==2.14.*" in driver
    # the same release, never an unpinned upgrade that brings a CUDA 12 TensorFlow
    assert 'pip install "tensorflow[and-cuda]==2.14.*"' in libs
    assert "--upgrade" not in libs
    assert "that folder" not in libs
    assert "the library that command names" in libs


# --- 5: a broken driver under WSL2 ---------------------------------------------------------


def test_wsl2_cuda_version_err_gets_the_windows_side_fix() -> None:
    f = by_id(diagnose(load("driver-aware-fix-hosts/h9.json")).findings)["nvidia-driver-error"]
    assert f.cause.startswith("nvidia-smi ran (exit 0) but reports CUDA Version: ERR!")
    assert "failed" not in f.cause
    text = fix_text(f)
    assert "wsl --update" in text and "wsl --shutdown" in text
    assert "driver on WINDOWS" in text and "never install a Linux NVIDIA driver" in text
    assert "dmesg" not in text


def test_native_linux_driver_error_keeps_the_kernel_log_fix() -> None:
    facts = load("driver-aware-fix-hosts/h9.json")
    facts = dataclasses.replace(
        facts, os=dataclasses.replace(facts.os, is_wsl=False, wsl_version=None)
    )
    f = by_id(diagnose(facts).findings)["nvidia-driver-error"]
    assert f.cause.startswith("nvidia-smi ran (exit 0) but reports CUDA Version: ERR!")
    assert "sudo dmesg | grep -i nvrm | tail" in fix_text(f)
    assert "wsl" not in fix_text(f)
