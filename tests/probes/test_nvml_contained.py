"""NVML is asked in a forked child: a ``libnvidia-ml.so.1`` that crashes, hangs or fails
cannot end or hold tfgpu, and the verdict is "unknown, and why", never "no GPU" (issue 11).

Real fake libraries, compiled with ``gcc`` for the test: ``nvmlInitWithFlags`` (what
nvidia-ml-py calls) raises SIGSEGV, sleeps forever, or the library's constructor crashes
at ``dlopen``.  Before the fork, ``tfgpu doctor --no-tf`` exited 139 with no output.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _faults import ROOT

from tfgpu import _fork
from tfgpu.facts import ProbeStatus
from tfgpu.probes import ProbeContext, nvidia

pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or shutil.which("gcc") is None,
    reason="Linux with gcc: the fake libnvidia-ml.so.1 is compiled for the test")

FAKES = {
    "segv": "#include <signal.h>\n"
            "int nvmlInitWithFlags(unsigned int f) { raise(SIGSEGV); return 0; }\n"
            "int nvmlInit_v2(void) { raise(SIGSEGV); return 0; }\n",
    "hang": "#include <unistd.h>\n"
            "int nvmlInitWithFlags(unsigned int f) { for (;;) sleep(100); return 0; }\n"
            "int nvmlInit_v2(void) { for (;;) sleep(100); return 0; }\n",
    "ctor": "#include <signal.h>\n"
            "__attribute__((constructor)) static void boom(void) { raise(SIGSEGV); }\n"
            "int nvmlInitWithFlags(unsigned int f) { return 0; }\n",
    # NVML_ERROR_DRIVER_NOT_LOADED (9): a library that loads and fails cleanly.
    "fails": "int nvmlInitWithFlags(unsigned int f) { return 9; }\n"
             "const char* nvmlErrorString(int r) { return \"Driver Not Loaded\"; }\n",
}


@pytest.fixture(scope="module")
def fakes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """kind -> folder holding a fake ``libnvidia-ml.so.1`` (soname set, so that
    nvidia-ml-py's ``CDLL("libnvidia-ml.so.1")`` finds the one loaded by path)."""
    base = tmp_path_factory.mktemp("fake-nvml")
    out = {}
    for kind, code in FAKES.items():
        folder = base / kind
        folder.mkdir()
        (folder / "fake.c").write_text(code, encoding="utf-8")
        subprocess.run(["gcc", "-shared", "-fPIC", "-Wl,-soname,libnvidia-ml.so.1", "-o",
                        str(folder / "libnvidia-ml.so.1"), str(folder / "fake.c")],
                       check=True, timeout=60)
        out[kind] = folder
    return out


def _use(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    pytest.importorskip("pynvml")
    monkeypatch.setattr(nvidia, "NVML_SONAME", str(folder / "libnvidia-ml.so.1"))


def test_a_segfaulting_nvml_is_an_error_with_the_signal_not_a_dead_tfgpu(
        fakes: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, fakes["segv"])
    out = nvidia.probe_nvml_contained("Linux", 5.0)
    assert out.record.status is ProbeStatus.ERROR
    assert out.record.returncode == -signal.SIGSEGV
    assert "crashed" in (out.record.message or "") and "SIGSEGV" in (out.record.message or "")
    assert out.driver is None and not out.library_missing  # unknown, not absent


def test_a_library_whose_constructor_crashes_is_contained_too(
        fakes: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, fakes["ctor"])
    out = nvidia.probe_nvml_contained("Linux", 5.0)
    assert out.record.status is ProbeStatus.ERROR and out.record.returncode == -signal.SIGSEGV


def test_a_hanging_nvml_is_a_timeout_within_the_limit(
        fakes: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, fakes["hang"])
    t0 = time.monotonic()
    out = nvidia.probe_nvml_contained("Linux", 1.0)
    took = time.monotonic() - t0
    assert took < 1.0 + _fork.REAP_S + 0.5, f"{took:.1f} s"
    assert out.record.status is ProbeStatus.TIMEOUT
    assert "did not answer within 1 s" in (out.record.message or "")
    assert not _fork._LIVE, "the hung child was left running"


def test_a_failing_nvml_still_gives_its_own_words(
        fakes: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, fakes["fails"])
    out = nvidia.probe_nvml_contained("Linux", 5.0)
    assert out.record.status is ProbeStatus.ERROR and out.record.returncode is None
    assert "Driver Not Loaded" in (out.record.message or "")


def test_a_missing_library_is_missing_through_the_child(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvidia, "NVML_SONAME", "libtfgpu-no-such-library.so.1")
    out = nvidia.probe_nvml_contained("Linux", 5.0)
    assert out.record.status is ProbeStatus.MISSING and out.library_missing
    assert "libtfgpu-no-such-library.so.1" in (out.record.raw_excerpt or "")


def test_the_nvidia_probe_falls_back_to_nvidia_smi_after_a_crash(
        fakes: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from tfgpu._proc import FakeRunner

    _use(monkeypatch, fakes["segv"])
    res = nvidia.run(ProbeContext(runner=FakeRunner({}), system="Linux", timeout_s=5.0))
    assert [r.name for r in res.records] == ["nvml", "nvidia-smi"]
    # No nvidia-smi either: the driver is broken or unknown, never "not installed".
    assert res.driver is not None and res.driver.status is ProbeStatus.ERROR
    assert "SIGSEGV" in (res.driver.message or "")


def _doctor(folder: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "LD_LIBRARY_PATH": str(folder), "PYTHONPATH": str(ROOT / "src"),
           "PATH": "/usr/bin:/bin"}  # no nvidia-smi
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "tfgpu", "doctor", "--no-tf", "--json",
                           *extra], capture_output=True, text=True, env=env, timeout=60)
    return proc, time.monotonic() - t0


def test_doctor_survives_a_segfaulting_libnvidia_ml(fakes: dict[str, Path]) -> None:
    pytest.importorskip("pynvml")
    proc, _ = _doctor(fakes["segv"])
    assert proc.returncode == 1, proc.stderr  # was 139 with no output
    doc = json.loads(proc.stdout)
    assert doc["facts"]["driver"]["status"] == "error"
    ids = {f["id"] for f in doc["findings"]}
    assert "nvidia-driver-error" in ids and "no-nvidia-gpu" not in ids


def test_doctor_with_a_hanging_libnvidia_ml_says_unknown_within_its_limit(
        fakes: dict[str, Path]) -> None:
    pytest.importorskip("pynvml")
    proc, took = _doctor(fakes["hang"], "--timeout", "2")
    assert took < 2 + 5, f"{took:.1f} s"
    doc = json.loads(proc.stdout)
    assert doc["facts"]["driver"]["status"] == "timeout", doc["facts"]["driver"]
    # the user's own --timeout 2 (below the 10 s probe default) ran out: unknown, not hung
    assert not [f for f in doc["findings"] if f["id"] == "nvidia-smi-hung"]
    hung = [f for f in doc["findings"] if f["id"] == "nvidia-smi-stopped-at-limit"]
    assert hung and hung[0]["title"].startswith("NVIDIA driver state unknown: NVML was stopped")


# --- the forked runner itself: crash, hang, flood, garbage, raise ------------------------

@pytest.mark.parametrize(("work", "status"), [
    (lambda: b"answer", "ok"),
    (lambda: os.kill(os.getpid(), signal.SIGSEGV) or b"", "crashed"),
    (lambda: time.sleep(30) or b"", "timeout"),
    (lambda: b"x" * (3 << 20), "flood"),
    (lambda: b"", "failed"),
    (lambda: 1 // 0 and b"", "failed"),
])
def test_run_forked_outcomes(work: object, status: str) -> None:
    t0 = time.monotonic()
    res = _fork.run_forked(work, 1.0, max_bytes=1 << 20)  # type: ignore[arg-type]
    assert time.monotonic() - t0 < 1.0 + _fork.REAP_S + 0.5
    assert res.status == status, res
    assert not _fork._LIVE
    if status == "ok":
        assert res.data == b"answer" and res.returncode == 0
    elif status == "flood":
        assert len(res.data) <= 1 << 20
    elif status != "timeout":
        assert res.message


def test_garbage_from_the_child_is_an_error_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def garbage(work: object, timeout_s: float, *, max_bytes: int) -> _fork.ForkOutcome:
        return _fork.ForkOutcome("ok", b'{"record": [1, 2', 0)

    monkeypatch.setattr(_fork, "run_forked", garbage)
    # a library the loader could find (else no child is started at all)
    monkeypatch.setattr(nvidia, "nvml_not_on_loader_path", lambda env: None)
    out = nvidia.probe_nvml_contained("Linux", 1.0)
    assert out.record.status is ProbeStatus.ERROR
    assert "could not read" in (out.record.message or "")
