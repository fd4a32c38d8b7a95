"""Regression tests for the final review (part B) of ``tfgpu explain``: fixes that respect
the host's driver (defect 3) and cuInit 303 on a GPU-less host without facts (defect 6).

Hosts: ``tests/fixtures/driver-aware-fix-hosts/`` (README there).
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from tfgpu.cli.main import main
from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts

TESTS = Path(__file__).resolve().parents[1]
FINAL = TESTS / "fixtures" / "driver-aware-fix-hosts"
RECORDED = TESTS / "fixtures" / "recorded"


def _h1() -> HostFacts:
    return HostFacts.from_json((FINAL / "h1.json").read_text(encoding="utf-8"))


def test_dlopen_fix_with_facts_pins_the_release_the_driver_runs() -> None:
    facts = _h1()
    assert facts.tf is not None
    found = {f.id: f for f in explain_lines(facts.tf.log_lines, facts)}
    fix = "\n".join(found["gpu-libraries-not-loaded"].fix)
    assert 'pip install "tensorflow[and-cuda]==2.14.*"' in fix
    assert "driver 470.239.06" in fix
    assert "--upgrade" not in fix
    # the folder is named (the library that command names), not a dangling "that folder"
    assert "that folder" not in fix and "the library that command names" in fix


def test_dlopen_fix_without_facts_keeps_the_installed_release() -> None:
    facts = _h1()
    assert facts.tf is not None
    found = {f.id: f for f in explain_lines(facts.tf.log_lines)}
    fix = "\n".join(found["gpu-libraries-not-loaded"].fix)
    assert '"tensorflow[and-cuda]==$(python -c' in fix and "--upgrade" not in fix


def test_dlopen_fix_with_a_driver_new_enough_is_not_pinned() -> None:
    import dataclasses

    facts = _h1()
    assert facts.driver is not None and facts.tf is not None
    new = dataclasses.replace(facts, driver=dataclasses.replace(facts.driver, version="580.95.05"))
    found = {f.id: f for f in explain_lines(facts.tf.log_lines, new)}
    fix = "\n".join(found["gpu-libraries-not-loaded"].fix)
    # a driver that runs the host's TensorFlow 2.15.1: that release is kept, pinned, never an
    # unpinned upgrade to the newest one
    assert "==2.14" not in fix and '"tensorflow[and-cuda]==2.15.*"' in fix
    assert "--upgrade" not in fix


def test_explain_cli_with_facts(tmp_path: Path) -> None:
    facts = _h1()
    assert facts.tf is not None
    log = tmp_path / "log.txt"
    log.write_text("\n".join(facts.tf.log_lines) + "\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = main(["explain", "--json", "--facts", str(FINAL / "h1.json"), str(log)])
    assert rc == 1
    doc = json.loads(out.getvalue())
    f = next(x for x in doc["findings"] if x["id"] == "gpu-libraries-not-loaded")
    assert any("tensorflow[and-cuda]==2.14.*" in line for line in f["fix"])


def test_doctor_captured_no_gpu_log_claims_only_the_conditional_warning_without_facts() -> None:
    path = RECORDED / "tf-logs" / "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt"
    lines = path.read_text(encoding="utf-8").split("--- stdout ---")[0].splitlines()
    found = {f.id: f for f in explain_lines(lines)}
    cu = found["cuinit-shared-object-init-failed"]
    assert cu.harmless and cu.severity.value == "info"
    assert "docker" not in " ".join(cu.fix)
    # the log alone does not show whether the host has an NVIDIA GPU: the cudart stub's line
    # is the one claim, and it says it is harmless without one
    claims = [f for f in found.values() if f.severity.value in ("warning", "error")]
    assert [f.id for f in claims] == ["cuda-drivers-not-found-notice"]
    assert "harmless if this host has no NVIDIA GPU" in claims[0].title


def test_cuinit_303_with_a_driver_in_the_log_is_still_a_fault() -> None:
    lines = [
        "I0000 00:00:1.0 1 cudart_stub.cc:31] Could not find cuda drivers on your machine, "
        "GPU will not be used.",
        "I0000 00:00:2.0 1 cuda_diagnostics.cc:160] kernel reported version is: 535.104.5",
        "E0000 00:00:3.0 1 cuda_platform.cc:52] failed call to cuInit: INTERNAL: CUDA error: "
        "Failed call to cuInit: UNKNOWN ERROR (303)",
    ]
    cu = {f.id: f for f in explain_lines(lines)}["cuinit-shared-object-init-failed"]
    assert not cu.harmless and cu.severity.value == "error"
