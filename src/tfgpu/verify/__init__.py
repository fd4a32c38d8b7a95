"""``tfgpu verify``: prove that TensorFlow computes correctly on every GPU.

The checks run in a child process (``_verify_child.py``, which imports only TensorFlow
and numpy), so a crash, a hang or a broken TensorFlow install in the interpreter being
checked becomes a :class:`VerifyResult`, never a traceback here.  The child may be any
Python that has TensorFlow, for example a virtual environment ``tfgpu install`` has just
made and that does not contain tfgpu itself::

    from tfgpu.verify import run_verify
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
import signal
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tfgpu._proc import CommandResult, Runner, run_command, scratch_env
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tf_install import reinstall_tf_specs, venv_install_fix
from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.findings import Evidence, Finding, Severity, sort_findings

#: The self-contained child script (a file inside this package; runnable by any Python).
CHILD_SCRIPT = Path(__file__).with_name("_verify_child.py")
#: Environment variable the child reads for test-only fault injection.
FAULT_ENV = "TFGPU_VERIFY_INJECT_FAULT"
#: Fault names the child understands (test only).
FAULTS: tuple[str, ...] = ("corrupt-product",)
#: Seconds NVML (asked in a forked child) gets to list the GPUs' memory before verify
#: goes on without it (then no GPU size check).
NVML_TIMEOUT_S = 10.0
#: Most stderr lines kept in a result (the tail of the child's log).
STDERR_TAIL_LINES = 400
#: Prefix of the child's phase marker lines on stderr (``_verify_child.PHASE_MARKER``).
PHASE_MARKER = "tfgpu-verify-phase: "
#: Signals that kill a process loading a broken native library (a wheel built for
#: another CPU or platform: SIGILL on a CPU without the AVX instructions TensorFlow's
#: x86-64 wheels are compiled for, https://www.tensorflow.org/install/pip "Hardware
#: requirements"; SIGSEGV/SIGBUS from an incompatible shared object).
_LOAD_CRASH_SIGNALS = ("SIGILL", "SIGSEGV", "SIGBUS", "SIGABRT")

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
        build: ``built_with_cuda`` (bool), ``build_cuda_version``,
            ``build_cudnn_version`` (strings) from ``tf.sysconfig.get_build_info()``.
        phase: the child's last phase marker (``"import-tensorflow"``, ``"check GPU:0"``,
            ...), ``None`` when it wrote none (it never started Python).
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
    build: Mapping[str, str | bool | None] = field(default_factory=dict)
    phase: str | None = None

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
            "phase": self.phase,
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
    facts: HostFacts | None = None,
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
        facts: this host's facts (``gather(include_tf=False)``), passed to the explain
            engine so that a log line is read against the host (a cuInit error on a host
            with no NVIDIA GPU is harmless); ``None``: the log alone.

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
    args = {
        "size": size,
        "alloc_mib": alloc_mib,
        "include_cpu": include_cpu,
        "inject_fault": inject_fault,
    }
    argv = [python_executable, str(CHILD_SCRIPT), json.dumps(args)]
    started = time.perf_counter()
    # Keras writes keras.json into KERAS_HOME on import: give it a scratch folder.
    with tempfile.TemporaryDirectory(prefix="tfgpu-keras-") as scratch:
        run = runner or functools.partial(run_command, env=scratch_env(child_env, scratch))
        res = run(argv, timeout_s)
    duration_s = res.duration_s or (time.perf_counter() - started)
    return interpret_child(res, python_executable, cpu_ok, duration_s, facts=facts)


def host_facts_for_explain() -> HostFacts | None:
    """This host's cheap facts (every probe but the TensorFlow child), for the explain engine.

    Verify and bench read their children's TensorFlow logs with these facts, so a log line
    is judged against the host as ``tfgpu doctor`` judges it: cuInit's
    ``CUDA_ERROR_SHARED_OBJECT_INIT_FAILED`` on a host with no NVIDIA GPU is harmless,
    not "no kernel driver loaded".  Takes well under a second (``tfgpu doctor --no-tf``).

    Returns:
        The facts, or ``None`` when gathering them failed (the log alone is read then).
    """
    try:
        from tfgpu.gather import gather

        return gather(include_tf=False)
    except Exception:  # noqa: BLE001 - facts only sharpen the findings; never fail for them
        return None


def physical_memory_mib() -> int | None:
    """Installed RAM, MiB: ``SC_PHYS_PAGES * SC_PAGE_SIZE`` (``free -m``'s "Mem: total");
    ``None`` where ``os.sysconf`` does not know it (Windows)."""
    try:
        pages = os.sysconf("SC_PHYS_PAGES")
        page_b = os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None
    if pages <= 0 or page_b <= 0:
        return None
    return int(pages * page_b // 2**20)


def gpu_memory_mib(nvml: Any = None) -> list[tuple[int, int]]:
    """``(index, total MiB)`` of each NVIDIA GPU NVML reports (``nvidia-smi
    --query-gpu=index,memory.total``); empty when NVML is absent or lists none.

    Args:
        nvml: the ``pynvml`` module or a test double, asked in this process; default:
            ``pynvml`` in a forked child (:func:`tfgpu.probes.nvidia.probe_nvml_contained`,
            at most :data:`NVML_TIMEOUT_S` seconds).
    """
    import platform

    from tfgpu.probes.nvidia import probe_nvml, probe_nvml_contained

    # NVML in a forked child by default: a crashing libnvidia-ml cannot end tfgpu.
    outcome = probe_nvml(nvml) if nvml is not None else probe_nvml_contained(
        platform.system(), NVML_TIMEOUT_S)
    return [(g.index, g.memory_total_mib) for g in outcome.gpus if g.memory_total_mib]


def alloc_too_large(
    alloc_mib: int,
    include_cpu: bool,
    ram_mib: int | None,
    gpus_mib: Sequence[tuple[int, int]],
) -> str | None:
    """Why an ``alloc_mib`` buffer cannot fit, or ``None`` when it may.  Pure.

    The buffer is allocated on every checked device: each GPU (its total memory) and
    ``CPU:0`` (installed RAM) when it is checked, that is with ``include_cpu`` or when no
    GPU is known.

    Args:
        alloc_mib: the requested buffer, MiB.
        include_cpu: ``CPU:0`` is checked even with GPUs.
        ram_mib: :func:`physical_memory_mib`.
        gpus_mib: :func:`gpu_memory_mib`.

    Returns:
        A sentence naming the limit that is exceeded, or ``None``.
    """
    for index, total in gpus_mib:
        if alloc_mib > total:
            return (
                f"--alloc-mib {alloc_mib} exceeds GPU {index}'s total memory ({total:,} MiB, "
                "NVML); choose a smaller buffer"
            )
    if (include_cpu or not gpus_mib) and ram_mib is not None and alloc_mib > ram_mib:
        return (
            f"--alloc-mib {alloc_mib} exceeds this host's physical memory ({ram_mib:,} MiB), "
            "which CPU:0's buffer would need; choose a smaller buffer"
        )
    return None


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
    res: CommandResult,
    python_executable: str,
    cpu_ok: bool,
    duration_s: float = 0.0,
    *,
    facts: HostFacts | None = None,
) -> VerifyResult:
    """Turn the child's :class:`CommandResult` into a :class:`VerifyResult` (pure).

    Args:
        res: the child run (its stdout holds the one JSON line).
        python_executable: the interpreter that was run, for the report.
        cpu_ok: a CPU-only pass counts as ok.
        duration_s: wall time of the run, seconds.
        facts: host facts for the explain engine (see :func:`run_verify`).

    Returns:
        The result, with findings (explain's included on failure).
    """
    phase, log = split_phases(res.stderr.splitlines())
    stderr_lines = tuple(log[-STDERR_TAIL_LINES:])
    base: dict[str, Any] = {
        "python_executable": python_executable,
        "duration_s": duration_s,
        "stderr_tail": stderr_lines,
        "phase": phase,
    }
    if res.status is ProbeStatus.MISSING:
        msg = f"{python_executable}: no such interpreter"
        return _failed(
            "not-found",
            msg,
            base,
            [],
            "verify-python-not-found",
            fix=("tfgpu verify --python PATH/TO/venv/bin/python", "tfgpu install"),
            facts=facts,
        )
    payload = _parse_payload(res.stdout)
    where = f"while {phase_words(phase)}" if phase else "before it reported any phase"
    if res.status is ProbeStatus.TIMEOUT:
        msg = (res.message or "verification did not finish within the time limit") + f" ({where})"
        return _failed(
            "timeout",
            msg,
            base,
            stderr_lines,
            "verify-timed-out",
            facts=facts,
        )
    if payload is None:
        return _crashed(res, base, phase, where, stderr_lines, facts)
    status = payload.get("status")
    base["tf_version"] = payload.get("tf_version")
    base["size"] = int(payload.get("size") or 0)
    base["build"] = {
        "built_with_cuda": (
            bool(payload["built_with_cuda"]) if payload.get("built_with_cuda") is not None else None
        ),
        **{
            k: (str(payload[k]) if payload.get(k) is not None else None)
            for k in ("build_cuda_version", "build_cudnn_version")
        },
    }
    if status == "import-error":
        msg = f"TensorFlow/numpy do not import in {python_executable}: {payload.get('error')}"
        lines = [*stderr_lines, *str(payload.get("traceback", "")).splitlines()]
        return _failed(
            "import-error",
            msg,
            base,
            lines,
            "verify-tensorflow-import-failed",
            # pip refuses to install into an externally-managed system Python (PEP 668):
            # the doctor's fix, a virtual environment, instead of a pip install there.
            fix=((*venv_install_fix(facts, python_executable), "tfgpu plan")
                 if payload.get("externally_managed") is True
                 else (f"{python_executable} -m pip install tensorflow", "tfgpu plan")),
            facts=facts,
        )
    if status == "bad-arguments":
        msg = f"the verification child rejected its arguments: {payload.get('error')}"
        return _failed(
            "crash",
            msg,
            base,
            stderr_lines,
            "verify-bad-arguments",
            facts=facts,
        )
    if status != "ok":
        msg = f"the verification child reported {status} {where}: {payload.get('error')}"
        return _failed("crash", msg, base, stderr_lines, "verify-child-crashed", facts=facts)
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
            catalogue.make(
                "verify-no-gpu",
                severity=Severity.INFO if cpu_ok else Severity.ERROR,
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
            )
        )
    else:
        ok = bool(gpus) and all(c.passed for c in gpus) and not failed
        outcome = "pass" if ok else "fail"
        if ok:
            tf_version = payload.get("tf_version")
            headline = (f"The GPU computes correctly with TensorFlow {tf_version}" if len(gpus) == 1
                        else f"All {len(gpus)} GPUs compute correctly with TensorFlow {tf_version}")
        else:
            names = ", ".join(c.device for c in failed)
            headline = f"Verification FAILED on {names}"
    result_findings = list(findings)
    if failed or not ok:
        problem_lines = [p for c in failed for p in c.problems]
        result_findings.extend(_explained([*stderr_lines, *problem_lines], facts=facts))
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


def split_phases(lines: Sequence[str]) -> tuple[str | None, list[str]]:
    """Separate the child's phase markers from its log.

    Args:
        lines: the child's stderr, one string per line.

    Returns:
        ``(last_phase, log)``: the name in the last ``tfgpu-verify-phase: NAME`` line
        (``None`` when there is none) and the other lines, in order.
    """
    phase: str | None = None
    log: list[str] = []
    for line in lines:
        if line.startswith(PHASE_MARKER):
            phase = line[len(PHASE_MARKER) :].strip() or phase
        else:
            log.append(line)
    return phase, log


def phase_words(phase: str) -> str:
    """``"import-tensorflow"`` -> ``"importing TensorFlow"`` (unknown names verbatim)."""
    words = {
        "import-numpy": "importing numpy",
        "import-tensorflow": "importing TensorFlow",
        "list-gpus": "listing the GPUs",
        "report": "reporting the result",
    }
    if phase.startswith("check "):
        return f"checking {phase[6:]}"
    return words.get(phase, f"in phase {phase!r}")


def _reinstall_line(python: str, facts: HostFacts | None) -> str:
    """The command that puts the installed TensorFlow's files back at the same release
    (:func:`~tfgpu.diagnosis.checks.tf_install.reinstall_tf_specs`), or how to read that
    release first when the host facts do not list it."""
    from tfgpu.knowledge import load_knowledge

    specs = reinstall_tf_specs(facts, load_knowledge(), None) if facts is not None else []
    if not specs:
        return (f"{python} -m pip show tensorflow   # its Version: then {python} -m pip "
                "install --force-reinstall --no-deps tensorflow==<that version>")
    return (f"{python} -m pip install --force-reinstall --no-deps "
            + " ".join(f'"{s}"' for s in specs) + "   # the same release, its files again")


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _crashed(
    res: CommandResult,
    base: dict[str, Any],
    phase: str | None,
    where: str,
    stderr_lines: Sequence[str],
    facts: HostFacts | None = None,
) -> VerifyResult:
    """The child ended without its JSON line: say how, in which phase, and quote stderr."""
    rc = res.returncode
    last = next((ln.strip() for ln in reversed(stderr_lines) if ln.strip()), None)
    quote = f"; its last stderr line: {last!r}" if last else "; it wrote nothing to stderr"
    if rc is not None and rc < 0:
        sig = _signal_name(-rc)
        how = f"was killed by signal {-rc} ({sig}) {where}"
        if phase == "import-tensorflow" and sig in _LOAD_CRASH_SIGNALS:
            msg = (
                f"the verification child {how}: the TensorFlow wheel is broken or does not "
                "match this platform, or the CPU lacks the AVX instructions it was built for"
                + quote
            )
            return _failed(
                "crash",
                msg,
                base,
                stderr_lines,
                "verify-tensorflow-import-crashed",
                fix=(
                    "grep -o -w 'avx[^ ]*' /proc/cpuinfo | sort -u   # AVX is required",
                    _reinstall_line(base["python_executable"], facts),
                    "tfgpu doctor",
                ),
            facts=facts,
        )
    elif rc is not None:
        how = f"exited with status {rc} {where}"
    else:
        how = f"did not run ({res.message})" if res.message else f"did not run {where}"
    msg = f"the verification child {how}, without a result" + quote
    return _failed("crash", msg, base, stderr_lines, "verify-child-crashed", facts=facts)


def _explained(
    lines: Sequence[str], *, drop_unrecognised: bool = False, facts: HostFacts | None = None
) -> list[Finding]:
    """The explain engine's findings for ``lines``, without a redundant "unrecognised".

    ``unrecognised-error`` says "tfgpu makes no guess"; when another catalogue entry
    explained the same log (an OOM), or verify's own finding names the cause
    (``drop_unrecognised``: a ``ModuleNotFoundError``), it only adds noise.
    """
    found = list(explain_lines(list(lines), facts, host_checks=False)) if lines else []
    known = [f for f in found if f.id != "unrecognised-error" and f.category != "notice"]
    if known or drop_unrecognised:
        return [f for f in found if f.id != "unrecognised-error"]
    return found


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
    device_id = c.device.lower().replace(":", "")
    if c.passed:
        return catalogue.make(
            "verify-{device_id}-ok",
            device_id=device_id,
            device=where,
            alloc_mib=c.alloc_mib,
            evidence=evidence,
        )
    cause = "; ".join(c.problems) or "a check failed"
    fix = ("tfgpu verify -v  (shows TensorFlow's log)", "tfgpu doctor")
    memory = c.error_class == "ResourceExhaustedError" or not c.alloc_ok or c.freed is False
    if memory and c.max_rel_error is not None and c.max_rel_error <= (c.error_bound or 0):
        variant: str | None = "memory"
    elif c.result_device is not None and not c.result_device.upper().endswith(c.device.upper()):
        variant = "ran-elsewhere"
    elif c.max_rel_error is None and c.error_class:
        return catalogue.make(
            "verify-{device_id}-failed",
            variant="raised",
            device_id=device_id,
            device=where,
            error=c.error_class,
            evidence=evidence,
            cause=cause,
            fix=fix,
        )
    else:
        variant = None
    return catalogue.make(
        "verify-{device_id}-failed",
        variant=variant,
        device_id=device_id,
        device=where,
        evidence=evidence,
        cause=cause,
        fix=fix,
    )


def _failed(
    outcome: str,
    message: str,
    base: dict[str, Any],
    log_lines: Sequence[str],
    finding_id: str,
    fix: tuple[str, ...] = ("tfgpu doctor",),
    facts: HostFacts | None = None,
) -> VerifyResult:
    own = catalogue.make(
        finding_id,
        headline=message.splitlines()[0][:200],
        evidence=tuple(Evidence("stderr", ln) for ln in list(log_lines)[-6:]),
        cause=message,
        fix=fix,
    )
    # verify's own finding already explains an import failure, a missing interpreter or
    # a crash with a known cause: "unrecognised error" next to it would contradict it.
    explains_itself = finding_id not in ("verify-child-crashed", "verify-timed-out")
    explained = _explained(
        [*log_lines, message], drop_unrecognised=explains_itself, facts=facts
    )
    return VerifyResult(
        ok=False,
        outcome=outcome,
        headline=f"Verification could not run: {message.splitlines()[0]}",
        findings=sort_findings([own, *explained]),
        error=message,
        **base,
    )


__all__ = [
    "CHILD_SCRIPT",
    "FAULTS",
    "FAULT_ENV",
    "OUTCOMES",
    "DeviceCheck",
    "VerifyResult",
    "alloc_too_large",
    "gpu_memory_mib",
    "physical_memory_mib",
    "run_verify",
]
