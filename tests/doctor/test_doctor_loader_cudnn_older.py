"""The cuDNN the loader picks is older than the one TensorFlow was built with: an error from
the host facts alone, never "looks ready" (TensorFlow's cuda_dnn.cc check: "CuDNN library
needs to have matching major version and equal or higher minor version")."""

from __future__ import annotations

import dataclasses

from doctor_helpers import TESTS

from tfgpu.facts import HostFacts
from tfgpu.findings import Severity
from tfgpu.plan.agreement import diagnose_with_plan as diagnose

HOSTS = TESTS / "fixtures" / "plan-agreement-hosts"


def _load(name: str) -> HostFacts:
    return HostFacts.from_json((HOSTS / f"{name}.json").read_text(encoding="utf-8"))


def _mismatch(facts: HostFacts) -> list[str]:
    report = diagnose(facts)
    assert "looks ready" not in report.verdict.headline
    found = [f for f in report.findings if f.id == "cudnn-version-mismatch"]
    assert len(found) == 1 and found[0].severity is Severity.ERROR
    assert "9.0.0" in found[0].title and "9.3" in found[0].title
    return list(found[0].fix)


def test_a_hand_copied_older_cudnn_alone_on_the_loader_path_is_an_error() -> None:
    fix = _mismatch(_load("linux-rtx4090-cudnn90-only-on-ld-path"))
    assert any("tensorflow[and-cuda]==2.21.0" in line for line in fix)


def test_an_older_cudnn_shadowing_the_pip_one_names_the_copy_the_loader_then_takes() -> None:
    fix = _mismatch(_load("linux-rtx4090-cudnn90-shadows-pip-cudnn93"))
    assert fix[0].startswith("unset LD_LIBRARY_PATH") and "9.3.0.75" in fix[0]


def test_a_newer_minor_or_the_pip_copy_selected_is_no_finding() -> None:
    facts = _load("linux-rtx4090-cudnn90-shadows-pip-cudnn93")
    for version in ("9.3.0", "9.5.1"):
        libs = tuple(dataclasses.replace(lib, version=version)
                     if lib.name == "cudnn" and lib.selected else lib for lib in facts.libraries)
        found = diagnose(dataclasses.replace(facts, libraries=libs)).findings
        assert "cudnn-version-mismatch" not in {f.id for f in found}


def test_the_fix_replaces_the_whole_cudnn_release_for_the_builds_cuda_never_one_file() -> None:
    # cuDNN 9 (and 8) is split into sub-libraries: one file copied over mixes two releases,
    # and a cuDNN release is built for one CUDA major
    fix = _mismatch(_load("linux-rtx4090-cudnn90-only-on-ld-path"))
    assert not any("copy cuDNN" in line for line in fix)
    line = next(line for line in fix if "libcudnn*.so.9" in line)
    assert "/usr/local/cuda-12.2/lib64" in line and "never one file alone" in line
    assert "built for CUDA 12.x" in line


def test_without_a_tensorflow_probe_the_verdict_is_not_cpu_only() -> None:
    # the GPU is still registered (listing and a matmul work); cuDNN fails at its first use
    facts = _load("linux-rtx4090-cudnn90-only-on-ld-path")
    assert facts.tf is not None and facts.tf.status.value == "skipped"
    verdict = diagnose(facts).verdict
    assert "CPU only" not in verdict.headline
    assert verdict.headline.startswith("TensorFlow would list GPU 0: ")
    assert "some work on it would fail: 1 problem" in verdict.headline
    assert verdict.gpu_usable is None
