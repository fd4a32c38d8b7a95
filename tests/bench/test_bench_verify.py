"""``tfgpu verify``: the real child on the CPU path, fault injection, and every way the
child can go wrong (recorded logs, fake runs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from tfgpu import verify
from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.findings import Finding, Severity
from tfgpu.verify import CHILD_SCRIPT, interpret_child, run_verify

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "fixtures" / "recorded"
NO_GPU_LOG = (
    (RECORDED / "tf-logs" / "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt")
    .read_text(encoding="utf-8")
    .split("--- stdout ---")[0]
)


def _ids(findings: Iterable[Finding]) -> set[str]:
    return {f.id for f in findings}


# --- the real child, real TensorFlow, CPU path ---------------------------------------


@pytest.mark.tf
def test_cpu_path_passes_with_cpu_ok() -> None:
    r = run_verify(alloc_mib=4, size=128, cpu_ok=True, timeout_s=180)
    assert r.outcome == "no-gpu", r.error
    assert r.ok
    (cpu,) = r.checks
    assert cpu.device == "CPU:0" and cpu.passed
    assert cpu.result_device is not None and cpu.result_device.endswith("device:CPU:0")
    assert cpu.max_rel_error is not None and cpu.error_bound is not None
    assert 0 <= cpu.max_rel_error <= cpu.error_bound
    # gamma_k for k = 128, u = 2**-24
    assert cpu.error_bound == pytest.approx(128 * 2**-24 / (1 - 128 * 2**-24))
    assert cpu.matmul_time_s is not None and cpu.matmul_time_s > 0
    assert cpu.alloc_ok and cpu.alloc_mib == 4
    assert r.tf_version
    assert "verify-cpu0-ok" in _ids(r.findings)
    # the child's phase markers reached the parent and were kept out of the log
    assert r.phase == "report"
    assert not any(ln.startswith("tfgpu-verify-phase") for ln in r.stderr_tail)
    assert isinstance(r.build["built_with_cuda"], bool)


@pytest.mark.tf
def test_corrupted_product_fails_with_a_clear_finding() -> None:
    r = run_verify(alloc_mib=4, size=128, cpu_ok=True, inject_fault="corrupt-product")
    assert not r.ok
    assert r.outcome == "fail"
    assert r.fault_injected == "corrupt-product"
    (cpu,) = r.checks
    assert not cpu.passed and cpu.max_rel_error is not None and cpu.error_bound is not None
    assert cpu.max_rel_error > cpu.error_bound
    bad = next(f for f in r.findings if f.id == "verify-cpu0-failed")
    assert bad.severity is Severity.ERROR
    assert "WRONG product" in bad.title
    assert "differs from the float64 reference" in bad.cause and "bound" in bad.cause


@pytest.mark.tf
def test_cli_json_fault_env_exits_1(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), verify.FAULT_ENV: "corrupt-product"}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tfgpu",
            "verify",
            "--json",
            "--cpu-ok",
            "--size",
            "64",
            "--alloc-mib",
            "2",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert out.returncode == 1, out.stderr
    doc = json.loads(out.stdout)
    assert doc["command"] == "verify"
    assert doc["verify"]["outcome"] == "fail"
    assert doc["verify"]["checks"][0]["passed"] is False
    assert "verify-cpu0-failed" in {f["id"] for f in doc["findings"]}
    assert "Traceback" not in out.stderr


# --- the child's own argument handling (no TensorFlow needed) -------------------------


def test_child_rejects_bad_arguments() -> None:
    out = subprocess.run(
        [sys.executable, str(CHILD_SCRIPT), "not json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    payload = json.loads(out.stdout.strip().splitlines()[-1])
    assert payload["status"] == "bad-arguments"
    r = interpret_child(
        CommandResult(("py",), ProbeStatus.ERROR, out.returncode, out.stdout, out.stderr),
        "py",
        cpu_ok=True,
    )
    assert not r.ok and r.outcome == "crash" and "rejected its arguments" in (r.error or "")
    assert "verify-bad-arguments" in _ids(r.findings)


def test_child_imports_only_tensorflow_and_numpy() -> None:
    import ast

    tree = ast.parse(CHILD_SCRIPT.read_text(encoding="utf-8"))
    mods: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            mods.add(node.module.split(".")[0])
    assert mods <= {
        "__future__",
        "json",
        "os",
        "sys",
        "sysconfig",  # the PEP 668 EXTERNALLY-MANAGED check, stdlib
        "time",
        "traceback",
        "typing",
        "numpy",
        "tensorflow",
    }, mods


# --- every failure of the child is a result, never a traceback ------------------------


def test_missing_interpreter() -> None:
    r = run_verify("/nonexistent/bin/python", runner=FakeRunner())
    assert not r.ok and r.outcome == "not-found"
    assert "verify-python-not-found" in _ids(r.findings)


def test_timeout_is_a_result() -> None:
    res = CommandResult.timed_out(("py",), 120, stderr=NO_GPU_LOG)
    r = interpret_child(res, "py", cpu_ok=False)
    assert r.outcome == "timeout" and not r.ok
    assert "within 120 s" in r.headline
    assert "verify-timed-out" in _ids(r.findings)


def test_crash_by_signal_is_reported_with_its_log(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def fake_explain(lines: Iterable[str], facts: HostFacts | None = None, *,
                     host_checks: bool = True) -> tuple[Finding, ...]:
        assert not host_checks  # the host's diagnosis is the doctor's, not verify's
        seen.append(list(lines))
        return ()

    monkeypatch.setattr(verify, "explain_lines", fake_explain)
    res = CommandResult(("py",), ProbeStatus.ERROR, -11, "", NO_GPU_LOG + "Segmentation fault\n")
    r = interpret_child(res, "py", cpu_ok=False)
    assert r.outcome == "crash"
    assert "killed by signal 11" in r.headline
    # the child's stderr went to the explain engine
    assert seen and any("cuInit" in line for line in seen[0])
    assert r.stderr_tail[-1] == "Segmentation fault"


def test_import_error_payload() -> None:
    payload = {
        "tfgpu_verify": 1,
        "status": "import-error",
        "error": "ImportError: libcudart.so.12: cannot open shared object file",
    }
    res = CommandResult(("py",), ProbeStatus.OK, 0, json.dumps(payload) + "\n", "")
    r = interpret_child(res, "py", cpu_ok=True)
    assert r.outcome == "import-error" and not r.ok
    assert "libcudart.so.12" in r.headline
    assert "verify-tensorflow-import-failed" in _ids(r.findings)


def test_garbage_stdout_is_a_crash() -> None:
    res = CommandResult(("py",), ProbeStatus.OK, 0, "hello\n{not json\n", "")
    r = interpret_child(res, "py", cpu_ok=True)
    assert r.outcome == "crash" and not r.ok
    assert "verify-child-crashed" in _ids(r.findings)


def _gpu_check(dev: str, passed: bool, **kw: object) -> dict[str, object]:
    base: dict[str, object] = {
        "device": dev,
        "passed": passed,
        "problems": [] if passed else ["boom"],
        "result_device": f"/job:localhost/replica:0/task:0/device:{dev}",
        "max_componentwise_rel_error": 1e-7,
        "error_bound": 6.1e-5,
        "frobenius_rel_error": 1e-7,
        "matmul_time_s": 0.001,
        "matmul_gflops": 2000.0,
        "alloc_mib": 64,
        "alloc_ok": True,
        "freed": True,
        "name": "NVIDIA L4",
        "compute_capability": "8.9",
    }
    base.update(kw)
    return base


def _payload(checks: list[dict[str, object]]) -> CommandResult:
    doc = {
        "tfgpu_verify": 1,
        "status": "ok",
        "tf_version": "2.15.0",
        "size": 1024,
        "gpus": [{"device": c["device"]} for c in checks if str(c["device"]).startswith("GPU")],
        "checks": checks,
    }
    return CommandResult(("py",), ProbeStatus.OK, 0, "log noise\n" + json.dumps(doc) + "\n", "")


def test_every_gpu_must_pass() -> None:
    ok = interpret_child(
        _payload([_gpu_check("GPU:0", True), _gpu_check("GPU:1", True)]), "py", cpu_ok=False
    )
    assert ok.ok and ok.outcome == "pass" and ok.gpu_count == 2
    one_bad = interpret_child(
        _payload(
            [
                _gpu_check("GPU:0", True),
                _gpu_check("GPU:1", False, error_class="ResourceExhaustedError", alloc_ok=False),
            ]
        ),
        "py",
        cpu_ok=True,
    )
    assert not one_bad.ok and one_bad.outcome == "fail"
    assert "GPU:1" in one_bad.headline
    bad = next(f for f in one_bad.findings if f.id == "verify-gpu1-failed")
    assert bad.category == "memory"


def test_product_placed_on_cpu_fails_the_gpu() -> None:
    r = interpret_child(
        _payload(
            [
                _gpu_check(
                    "GPU:0", False, result_device="/job:localhost/replica:0/task:0/device:CPU:0"
                )
            ]
        ),
        "py",
        cpu_ok=False,
    )
    assert not r.ok
    bad = next(f for f in r.findings if f.id == "verify-gpu0-failed")
    assert bad.category == "gpu-not-visible" and "ran elsewhere" in bad.title


def test_no_gpu_without_cpu_ok_is_an_error() -> None:
    cpu = _gpu_check("CPU:0", True, name=None, compute_capability=None)
    r = interpret_child(_payload([cpu]), "py", cpu_ok=False)
    assert not r.ok and r.outcome == "no-gpu"
    nogpu = next(f for f in r.findings if f.id == "verify-no-gpu")
    assert nogpu.severity is Severity.ERROR and nogpu.category == "gpu-not-visible"
    assert "--cpu-ok" in r.headline


def test_bad_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError, match="alloc_mib"):
        run_verify(alloc_mib=0, runner=FakeRunner())
    with pytest.raises(ValueError, match="unknown fault"):
        run_verify(inject_fault="melt", runner=FakeRunner())


def test_result_json_has_units_in_keys() -> None:
    r = interpret_child(_payload([_gpu_check("GPU:0", True)]), "py", cpu_ok=False)
    d = r.to_dict()
    json.dumps(d)
    check = d["checks"][0]
    for key in ("matmul_time_s", "matmul_gflops", "alloc_mib", "max_rel_error", "error_bound"):
        assert key in check
    assert "duration_s" in d
