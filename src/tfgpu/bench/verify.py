"""``tfgpu verify``: prove that TensorFlow computes correctly on every GPU.

The checks run in a child process (``_verify_child.py``, which imports only TensorFlow
and numpy), so a crash, a hang or a broken TensorFlow install in the interpreter being
checked becomes a :class:`VerifyResult`, never a traceback here.  The child may be any
Python that has TensorFlow, for example a virtual environment ``tfgpu install`` has just
made and that does not contain tfgpu itself::

    from tfgpu.bench.verify import run_verify
    result = run_verify("/path/to/venv/bin/python", alloc_mib=64)
    if not result.ok:
        for finding in result.findings:
            print(finding.title, finding.cause)

Per device (each visible GPU; ``CPU:0`` when none is visible or when asked) the child
multiplies two ``[size, size]`` float32 matrices, checks from the result tensor's
``.device`` that it ran there, compares the product with a float64 numpy reference
within the float32 bound ``gamma_k = k*u/(1-k*u)``, ``u = 2**-24`` (see the child's
docstring for the derivation), and allocates, sums and frees a buffer of ``alloc_mib``
MiB.  On failure the problems and the child's stderr log are passed to
:func:`tfgpu.explain.explain_lines` so the user gets a cause.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tfgpu.explain import explain_lines
from tfgpu.facts import ProbeStatus
from tfgpu.findings import Evidence, Finding, Severity, sort_findings
from tfgpu.probes.runner import CommandResult, Runner, run_command

#: The self-contained child script (a file inside this package; runnable by any Python).
CHILD_SCRIPT = Path(__file__).with_name("_verify_child.py")
#: Environment variable the child reads for test-only fault injection.
FAULT_ENV = "TFGPU_VERIFY_INJECT_FAULT"
#: Fault names the child understands (test only).
FAULTS: tuple[str, ...] = ("corrupt-product",)
#: Most stderr lines kept in a result (the tail of the child's log).
STDERR_TAIL_LINES = 400

#: Outcomes of :func:`run_verify` (``VerifyResult.outcome``).
OUTCOMES: tuple[str, ...] = (
    "pass",  # every GPU passed (or, with cpu_ok and no GPU, CPU:0 passed)
    "fail",  # at least one device failed a check
    "no-gpu",  # TensorFlow sees no GPU (CPU:0 was still checked)
    "import-error",  # the interpreter could not import TensorFlow
    "crash",  # the child died (signal, abort) or printed no result
    "timeout",  # the child did not finish within timeout_s
    "not-found",  # the interpreter does not exist
)

_DOC = "https://www.tensorflow.org/guide/gpu"


@dataclass(frozen=True, slots=True)
class DeviceCheck:
    """The checks on one TensorFlow device.

    Attributes:
        device: TensorFlow device, ``"GPU:0"`` or ``"CPU:0"``.
        passed: placement, accuracy and allocation all passed.
        name: GPU model from ``tf.config.experimental.get_device_details`` (``None`` on CPU).
        compute_capability: ``"8.6"`` style, from the same call (``None`` on CPU).
        result_device: the product tensor's ``.device``
            (``"/job:localhost/replica:0/task:0/device:GPU:0"``).
        max_rel_error: ``max_ij |C_hat - C|_ij / (|A| @ |B|)_ij`` (dimensionless).
        error_bound: ``gamma_k`` for ``k = size`` (dimensionless); pass needs
            ``max_rel_error <= error_bound``.
        frobenius_rel_error: ``||C_hat - C||_F / ||C||_F`` (dimensionless, for reading).
        matmul_time_s: fastest of the timed products, seconds, including the copy of
            the ``[size, size]`` result to the host.
        matmul_gflops: ``2 * size**3 / matmul_time_s / 1e9`` (GFLOP/s, float32).
        alloc_mib: size of the buffer allocated and freed, MiB.
        alloc_ok: the buffer was allocated on the device and summed correctly.
        freed: the device's allocator returned to its earlier level after the buffer was
            dropped; ``None`` when the device does not report memory (CPU).
        problems: what failed, in words; empty when ``passed``.
        error_class: TensorFlow exception class when a call raised
            (``"ResourceExhaustedError"``), else ``None``.
    """

    device: str
    passed: bool
    name: str | None = None
    compute_capability: str | None = None
    result_device: str | None = None
    max_rel_error: float | None = None
    error_bound: float | None = None
    frobenius_rel_error: float | None = None
    matmul_time_s: float | None = None
    matmul_gflops: float | None = None
    alloc_mib: int = 0
    alloc_ok: bool = False
    freed: bool | None = None
    problems: tuple[str, ...] = ()
    error_class: str | None = None

    @property
    def is_gpu(self) -> bool:
        """True for ``GPU:n`` devices."""
        return self.device.upper().startswith("GPU")


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """Everything :func:`run_verify` found.

    Attributes:
        ok: the command should exit 0: at least one GPU and every GPU passed, or (with
            ``cpu_ok``) no GPU and ``CPU:0`` passed.
        outcome: one of :data:`OUTCOMES`.
        headline: one line for the user.
        checks: one per device checked, GPUs first.
        gpu_count: GPUs TensorFlow listed (``tf.config.list_physical_devices("GPU")``).
        python_executable: the interpreter that was checked.
        tf_version: ``tf.__version__`` in that interpreter, ``None`` if it did not import.
        size: matrix size ``k`` of the ``[k, k] @ [k, k]`` product.
        duration_s: wall time of the whole child run, seconds.
        findings: verify's own findings plus the explain engine's on failure.
        stderr_tail: last :data:`STDERR_TAIL_LINES` lines of the child's stderr.
        error: why the child gave no usable result, in words (``None`` when it did).
        fault_injected: the test-only fault that was injected, if any.
    """

    ok: bool
    outcome: str
    headline: str
    checks: tuple[DeviceCheck, ...] = ()
    gpu_count: int = 0
    python_executable: str = ""
    tf_version: str | None = None
    size: int = 0
    duration_s: float = 0.0
    findings: tuple[Finding, ...] = ()
    stderr_tail: tuple[str, ...] = ()
    error: str | None = None
    fault_injected: str | None = None
    build: Mapping[str, str | None] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; every number's unit is in its key (``*_s``, ``*_mib``...)."""
        return {
            "ok": self.ok,
            "outcome": self.outcome,
            "headline": self.headline,
            "gpu_count": self.gpu_count,
            "python_executable": self.python_executable,
            "tf_version": self.tf_version,
            "size": self.size,
            "duration_s": round(self.duration_s, 3),
            "error": self.error,
            "fault_injected": self.fault_injected,
            "build": dict(self.build),
            "checks": [
                {**asdict(c), "problems": list(c.problems), "is_gpu": c.is_gpu} for c in self.checks
            ],
            "stderr_tail": list(self.stderr_tail[-40:]),
        }


def run_verify(
    python_executable: str = sys.executable,
    alloc_mib: int = 64,
    timeout_s: float = 120,
    cpu_ok: bool = False,
    *,
    size: int = 1024,
    include_cpu: bool = False,
    inject_fault: str | None = None,
    runner: Runner | None = None,
    env: Mapping[str, str] | None = None,
) -> VerifyResult:
    """Verify that ``python_executable``'s TensorFlow computes correctly on each GPU.

    Never raises for a broken target: a missing interpreter, a failed TensorFlow
    import, a crash or a hang each give a result with ``ok=False`` and a finding.

    Args:
        python_executable: interpreter to check; it needs TensorFlow and numpy, not tfgpu.
        alloc_mib: buffer allocated and freed on each device, MiB (>= 1).
        timeout_s: seconds before the child is killed (importing TensorFlow alone
            takes 3-20 s).
        cpu_ok: with no GPU visible, a passing ``CPU:0`` makes ``ok`` true.
        size: ``k`` of the ``[k, k] @ [k, k]`` float32 product (16..16384).
        include_cpu: also check ``CPU:0`` when GPUs are visible.
        inject_fault: TEST ONLY: ``"corrupt-product"`` makes the child corrupt one
            element of each product, to prove that verification then fails.
        runner: runs ``(argv, timeout_s)``; default :func:`run_command` with ``env``.
        env: child environment; default ours.

    Returns:
        The :class:`VerifyResult`.

    Raises:
        ValueError: ``alloc_mib``, ``size`` or ``inject_fault`` out of range (a
            programming error, not a host problem).
    """
    if alloc_mib < 1:
        raise ValueError(f"alloc_mib must be >= 1, got {alloc_mib}")
    if not 16 <= size <= 16384:
        raise ValueError(f"size must be in 16..16384, got {size}")
    if inject_fault is not None and inject_fault not in FAULTS:
        raise ValueError(f"unknown fault {inject_fault!r}; known: {', '.join(FAULTS)}")
    child_env = dict(os.environ if env is None else env)
    run = runner or functools.partial(run_command, env=child_env)
    args = {
        "size": size,
        "alloc_mib": alloc_mib,
        "include_cpu": include_cpu,
        "inject_fault": inject_fault,
    }
    argv = [python_executable, str(CHILD_SCRIPT), json.dumps(args)]
    started = time.perf_counter()
    res = run(argv, timeout_s)
    duration_s = res.duration_s or (time.perf_counter() - started)
    return interpret_child(res, python_executable, cpu_ok, duration_s)


def _parse_payload(stdout: str) -> dict[str, Any] | None:
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and "tfgpu_verify" in obj:
            return obj
    return None


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _check_from(d: Mapping[str, Any]) -> DeviceCheck:
    return DeviceCheck(
        device=str(d.get("device", "?")),
        passed=bool(d.get("passed")),
        name=d.get("name") if isinstance(d.get("name"), str) else None,
        compute_capability=(
            d.get("compute_capability") if isinstance(d.get("compute_capability"), str) else None
        ),
        result_device=d.get("result_device") if isinstance(d.get("result_device"), str) else None,
        max_rel_error=_num(d.get("max_componentwise_rel_error")),
        error_bound=_num(d.get("error_bound")),
        frobenius_rel_error=_num(d.get("frobenius_rel_error")),
        matmul_time_s=_num(d.get("matmul_time_s")),
        matmul_gflops=_num(d.get("matmul_gflops")),
        alloc_mib=int(d.get("alloc_mib") or 0),
        alloc_ok=bool(d.get("alloc_ok")),
        freed=d.get("freed") if isinstance(d.get("freed"), bool) else None,
        problems=tuple(str(p) for p in d.get("problems") or ()),
        error_class=d.get("error_class") if isinstance(d.get("error_class"), str) else None,
    )


def interpret_child(
    res: CommandResult, python_executable: str, cpu_ok: bool, duration_s: float = 0.0
) -> VerifyResult:
    """Turn the child's :class:`CommandResult` into a :class:`VerifyResult` (pure).

    Args:
        res: the child run (its stdout holds the one JSON line).
        python_executable: the interpreter that was run, for the report.
        cpu_ok: a CPU-only pass counts as ok.
        duration_s: wall time of the run, seconds.

    Returns:
        The result, with findings (explain's included on failure).
    """
    stderr_lines = tuple(res.stderr.splitlines()[-STDERR_TAIL_LINES:])
    base: dict[str, Any] = {
        "python_executable": python_executable,
        "duration_s": duration_s,
        "stderr_tail": stderr_lines,
    }
    if res.status is ProbeStatus.MISSING:
        msg = f"{python_executable}: no such interpreter"
        return _failed("not-found", msg, base, [], "verify-python-not-found", "pip")
    payload = _parse_payload(res.stdout)
    if res.status is ProbeStatus.TIMEOUT:
        msg = res.message or "verification did not finish within the time limit"
        return _failed("timeout", msg, base, stderr_lines, "verify-timed-out", "gpu-not-visible")
    if payload is None:
        rc = res.returncode
        how = (
            f"was killed by signal {-rc}"
            if rc is not None and rc < 0
            else f"exited with status {rc}"
            if rc is not None
            else (res.message or "did not run")
        )
        msg = f"the verification child {how} before reporting a result"
        return _failed("crash", msg, base, stderr_lines, "verify-child-crashed", "version-mismatch")
    status = payload.get("status")
    base["tf_version"] = payload.get("tf_version")
    base["size"] = int(payload.get("size") or 0)
    base["build"] = {
        k: (str(payload[k]) if payload.get(k) is not None else None)
        for k in ("built_with_cuda", "build_cuda_version", "build_cudnn_version")
    }
    if status == "import-error":
        msg = f"TensorFlow does not import in {python_executable}: {payload.get('error')}"
        lines = [*stderr_lines, *str(payload.get("traceback", "")).splitlines()]
        return _failed("import-error", msg, base, lines, "verify-tensorflow-import-failed", "pip")
    if status != "ok":
        msg = f"the verification child reported {status}: {payload.get('error')}"
        return _failed("crash", msg, base, stderr_lines, "verify-child-crashed", "version-mismatch")
    checks = tuple(_check_from(c) for c in payload.get("checks") or () if isinstance(c, dict))
    gpus = [c for c in checks if c.is_gpu]
    gpu_count = len(payload.get("gpus") or ())
    fault = next(
        (str(c["fault_injected"]) for c in payload.get("checks") or () if c.get("fault_injected")),
        None,
    )
    findings: list[Finding] = []
    for c in checks:
        findings.append(_device_finding(c))
    failed = [c for c in checks if not c.passed]
    if gpu_count == 0:
        cpu = next((c for c in checks if c.device.upper() == "CPU:0"), None)
        cpu_pass = cpu is not None and cpu.passed
        ok = cpu_ok and cpu_pass
        outcome = "no-gpu" if cpu_pass else "fail"
        if ok:
            headline = "No GPU visible to TensorFlow; CPU:0 computes correctly (CPU-only accepted)"
        elif cpu_pass:
            headline = (
                "No usable GPU: TensorFlow lists none (CPU:0 computes correctly; "
                "--cpu-ok accepts a CPU-only host)"
            )
        else:
            headline = "No GPU visible to TensorFlow, and CPU:0 FAILED verification"
        findings.append(
            Finding(
                id="verify-no-gpu",
                severity=Severity.INFO if cpu_ok else Severity.ERROR,
                category="gpu-not-visible",
                area="runtime",
                title="TensorFlow lists no GPU: this interpreter computes on the CPU only",
                evidence=(
                    Evidence("tf.config.list_physical_devices('GPU')", "[]"),
                    Evidence("tensorflow", f"{payload.get('tf_version')} in {python_executable}"),
                ),
                cause=(
                    "tf.config.list_physical_devices('GPU') returned an empty list"
                    + (
                        ""
                        if payload.get("built_with_cuda")
                        else "; this TensorFlow build has no CUDA"
                    )
                ),
                fix=("tfgpu doctor",),
                doc=_DOC,
            )
        )
    else:
        ok = bool(gpus) and all(c.passed for c in gpus) and not failed
        outcome = "pass" if ok else "fail"
        if ok:
            tf_version = payload.get("tf_version")
            headline = f"All {len(gpus)} GPU(s) compute correctly with TensorFlow {tf_version}"
        else:
            names = ", ".join(c.device for c in failed)
            headline = f"Verification FAILED on {names}"
    result_findings = list(findings)
    if failed or not ok:
        problem_lines = [p for c in failed for p in c.problems]
        result_findings.extend(explain_lines([*stderr_lines, *problem_lines]))
    return VerifyResult(
        ok=ok,
        outcome=outcome,
        headline=headline,
        checks=checks,
        gpu_count=gpu_count,
        findings=sort_findings(result_findings),
        fault_injected=fault,
        **base,
    )


def _device_finding(c: DeviceCheck) -> Finding:
    where = f"{c.device}" + (f" ({c.name}, cc {c.compute_capability})" if c.name else "")
    evidence = [Evidence("verify", f"result tensor device: {c.result_device}")]
    if c.max_rel_error is not None and c.error_bound is not None:
        evidence.append(
            Evidence(
                "verify",
                f"max componentwise relative error {c.max_rel_error:.3e} "
                f"(bound {c.error_bound:.3e}); Frobenius {c.frobenius_rel_error or 0:.3e}",
            )
        )
    if c.matmul_time_s is not None:
        evidence.append(
            Evidence(
                "verify",
                f"matmul {c.matmul_time_s * 1e3:.3f} ms, {c.matmul_gflops or 0:.1f} GFLOP/s",
            )
        )
    evidence.append(
        Evidence(
            "verify",
            f"alloc {c.alloc_mib} MiB: {'ok' if c.alloc_ok else 'FAILED'}, freed: "
            f"{'unknown' if c.freed is None else 'yes' if c.freed else 'NO'}",
        )
    )
    evidence.extend(Evidence("verify", p) for p in c.problems)
    if c.passed:
        return Finding(
            id=f"verify-{c.device.lower().replace(':', '')}-ok",
            severity=Severity.OK,
            category="gpu-not-visible",
            area="runtime",
            title=f"{where} computes a correct float32 product and allocates {c.alloc_mib} MiB",
            evidence=tuple(evidence),
        )
    memory = c.error_class == "ResourceExhaustedError" or not c.alloc_ok or c.freed is False
    if memory and c.max_rel_error is not None and c.max_rel_error <= (c.error_bound or 0):
        category, what = "memory", "cannot allocate or free memory"
    elif c.result_device is not None and not c.result_device.upper().endswith(c.device.upper()):
        category, what = "gpu-not-visible", "did not run the product (it ran elsewhere)"
    elif c.max_rel_error is None and c.error_class:
        category, what = "version-mismatch", f"raised {c.error_class}"
    else:
        category, what = "compute-capability", "computes a WRONG product"
    return Finding(
        id=f"verify-{c.device.lower().replace(':', '')}-failed",
        severity=Severity.ERROR,
        category=category,
        area="runtime",
        title=f"{where} {what}",
        evidence=tuple(evidence),
        cause="; ".join(c.problems) or "a check failed",
        fix=("tfgpu doctor", "tfgpu explain < the log above"),
        doc=_DOC,
    )


def _failed(
    outcome: str,
    message: str,
    base: dict[str, Any],
    log_lines: Sequence[str],
    finding_id: str,
    category: str,
) -> VerifyResult:
    own = Finding(
        id=finding_id,
        severity=Severity.ERROR,
        category=category,
        area="runtime",
        title=message.splitlines()[0][:200],
        evidence=tuple(Evidence("stderr", ln) for ln in list(log_lines)[-6:]),
        cause=message,
        fix=("tfgpu doctor",),
        doc=_DOC,
    )
    explained = explain_lines([*log_lines, message]) if log_lines or message else ()
    return VerifyResult(
        ok=False,
        outcome=outcome,
        headline=f"Verification could not run: {message.splitlines()[0]}",
        findings=sort_findings([own, *explained]),
        error=message,
        **base,
    )


__all__ = ["CHILD_SCRIPT", "FAULTS", "OUTCOMES", "DeviceCheck", "VerifyResult", "run_verify"]
