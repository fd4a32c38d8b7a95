"""TensorFlow probe: import TensorFlow in a CHILD interpreter with a time limit.

The parent never imports TensorFlow (STYLE.md section 3, like cuda-pathfinder's canary
probe).  The child runs ``_tf_child_script.py`` (self-contained, no tfgpu import), which
prints one ``TFGPU-TF-PROBE:{json}`` line; TensorFlow's own log lines on stderr become
:attr:`TFFacts.log_lines` (the reason a GPU was dropped is printed there).

Outcomes, all as facts, never as exceptions: ``MISSING`` (no TensorFlow distribution:
checked with ``importlib.metadata`` first, so TensorFlow is not spawned for nothing),
``ERROR`` (import raised, the child crashed with a signal such as SIGSEGV or SIGILL, or it
printed no result), ``TIMEOUT`` (hung past the limit), ``OK``.
"""

from __future__ import annotations

import json
import os
import signal
import time
from typing import Any

from tfgpu._proc import CommandResult
from tfgpu.facts import ProbeRecord, ProbeStatus, TFDevice, TFFacts
from tfgpu.facts.host import TF_PROBE_TOO_OLD_PREFIX
from tfgpu.probes import ProbeContext, ProbeResult, same_interpreter

NAME = "tf"
ORDER = 90
#: The gatherer gives this probe the long (TensorFlow) time limit.
LONG_RUNNING = True
#: ``--no-tf`` skips the probes that set this.
IS_TF_PROBE = True

#: The child's script, a path string (no :mod:`pathlib`: ``tfgpu doctor --no-tf`` imports
#: this module only to learn that it is the TensorFlow probe).
SCRIPT_PATH = os.path.join(os.path.dirname(__file__), "tf_child_script.py")
MARK = "TFGPU-TF-PROBE:"
#: Most log lines kept from the child's stderr.
MAX_LOG_LINES = 400

def _tf_dists() -> tuple[str, ...]:
    """The distributions that install ``tensorflow`` (platform fact ``tf-distributions``).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    from tfgpu.knowledge import load_knowledge

    return load_knowledge().tf_distributions()


def tf_installed_here() -> bool:
    """True when the running interpreter has a TensorFlow distribution (no import).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    from tfgpu.probes.tf_child_script import tf_installed

    return tf_installed(list(_tf_dists()))


def describe_returncode(returncode: int) -> str:
    """Say in words how a child ended: ``-11`` -> "killed by SIGSEGV (signal 11)".

    Windows crash codes (``0xC000001D`` illegal instruction...) are named too
    (:mod:`tfgpu.knowledge.ntstatus`).
    """
    from tfgpu.knowledge import ntstatus

    if status := ntstatus.from_exit_code(returncode):
        return f"exited with {status.hex} {status.name} ({status.short})"
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "a signal"
        extra = ""
        if name == "SIGILL":
            extra = ": an illegal instruction, usually a CPU without AVX"
        elif name == "SIGSEGV":
            extra = ": a segmentation fault inside a native library"
        return f"killed by {name} (signal {-returncode}){extra}"
    return f"exited with status {returncode}"


def parse(res: CommandResult, timeout_s: float) -> TFFacts:
    """Turn the child's outcome into :class:`TFFacts` (pure; never raises).

    Args:
        res: what the runner returned for ``python _tf_child_script.py``.
        timeout_s: the limit it ran under, in seconds (quoted in the error).
    """
    log_lines = tuple(line.rstrip() for line in res.stderr.splitlines())[-MAX_LOG_LINES:]
    duration = round(res.duration_s, 4)
    if res.status is ProbeStatus.TIMEOUT:
        return TFFacts(ProbeStatus.TIMEOUT, log_lines=log_lines, duration_s=duration,
                       error=f"the TensorFlow probe did not finish within {timeout_s:g} s "
                             "(importing TensorFlow, setting up its devices) and was stopped",
                       timeout_s=timeout_s)
    if res.status is ProbeStatus.MISSING:
        return TFFacts(ProbeStatus.ERROR, log_lines=log_lines, duration_s=duration,
                       error=res.message or "the Python interpreter was not found")
    data = _find_result(res.stdout)
    if data is None:
        if res.returncode is not None and res.returncode != 0:
            error = f"the TensorFlow probe {describe_returncode(res.returncode)}"
        elif res.returncode is None:
            error = res.message or "the TensorFlow probe could not be started"
        else:
            error = "the TensorFlow probe printed no result (unexpected output on stdout)"
        last = next((ln for ln in reversed(log_lines) if ln.strip()), None)
        if last and res.returncode not in (None, 0) and (res.returncode or 0) > 0:
            error = f"{error}; last message: {last.strip()}"
        return TFFacts(ProbeStatus.ERROR, log_lines=log_lines, duration_s=duration,
                       error=error, returncode=res.returncode)
    try:
        return _from_data(data, res, log_lines, duration)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        return TFFacts(ProbeStatus.ERROR, log_lines=log_lines, duration_s=duration,
                       returncode=res.returncode,
                       error=f"the TensorFlow probe's result could not be read: {exc}")


def too_old_error(python: str, tf_found: object) -> str:
    """The :attr:`TFFacts.error` for an interpreter too old for the probe script: Python
    ``python`` (``"2.7.18"``), and whether the script found a ``tensorflow`` package there
    (``tf_found``: ``True``, ``False`` or unknown)."""
    from tfgpu.probes.tf_child_script import MIN_PYTHON

    need = ".".join(str(v) for v in MIN_PYTHON)
    found = ("a tensorflow package is importable there" if tf_found is True
             else "no tensorflow package is importable there" if tf_found is False
             else "whether a tensorflow package is there is unknown")
    return f"{TF_PROBE_TOO_OLD_PREFIX}{python} (it needs Python {need} or newer); {found}"


def _find_result(stdout: str) -> dict[str, Any] | None:
    for line in reversed(stdout.splitlines()):
        if line.startswith(MARK):
            try:
                data = json.loads(line[len(MARK):])
            except json.JSONDecodeError:
                return None
            return data if isinstance(data, dict) else None
    return None


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def _from_data(data: dict[str, Any], res: CommandResult, log_lines: tuple[str, ...],
               duration: float) -> TFFacts:
    if data.get("missing"):
        return TFFacts(ProbeStatus.MISSING, returncode=res.returncode, duration_s=duration)
    if data.get("python_too_old"):
        return TFFacts(ProbeStatus.ERROR, log_lines=log_lines, returncode=res.returncode,
                       duration_s=duration,
                       error=too_old_error(str(data["python_too_old"]), data.get("tf_found")))
    import_s = float(data["import_s"]) if data.get("import_s") is not None else None
    if data.get("error"):
        return TFFacts(ProbeStatus.ERROR, error=str(data["error"]), log_lines=log_lines,
                       returncode=res.returncode, import_s=import_s, duration_s=duration)
    devices = tuple(
        TFDevice(
            name=str(d["name"]),
            device_type=str(d["device_type"]),
            details={str(k): str(v) for k, v in (d.get("details") or {}).items()},
            op_ok=d.get("op_ok") if isinstance(d.get("op_ok"), bool) else None,
            op_device=_opt_str(d.get("op_device")),
            op_error=_opt_str(d.get("op_error")),
            op_duration_s=float(d["op_duration_s"]) if d.get("op_duration_s") is not None
            else None,
        )
        for d in data.get("devices") or ()
    )
    error = _opt_str(data.get("devices_error"))
    if res.returncode not in (0, None):
        crash = f"the TensorFlow probe {describe_returncode(res.returncode or 0)} after answering"
        error = f"{error}; {crash}" if error else crash
    return TFFacts(
        status=ProbeStatus.OK,
        version=_opt_str(data.get("version")),
        build_info={str(k): str(v) for k, v in (data.get("build_info") or {}).items()},
        devices=devices,
        log_lines=log_lines,
        error=error,
        returncode=res.returncode,
        import_s=import_s,
        duration_s=duration,
    )


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe TensorFlow of ``ctx.python_executable`` within ``ctx.timeout_s``.

    Never raises for anything the child does; only a broken tfgpu install (knowledge
    tables unreadable: :class:`tfgpu.knowledge.KnowledgeError`) does.
    """
    start = time.perf_counter()
    exe = ctx.python_executable
    argv = [exe, str(SCRIPT_PATH)]
    if same_interpreter(exe):
        if not tf_installed_here():
            record = ProbeRecord(NAME, ProbeStatus.MISSING, ("importlib.metadata", "tensorflow"),
                                 duration_s=round(time.perf_counter() - start, 4),
                                 message="no TensorFlow distribution is installed")
            return ProbeResult(records=(record,), tf=TFFacts(ProbeStatus.MISSING))
        argv.append("--tf-installed")  # the child need not look again
    else:
        argv.append("--tf-dists=" + ",".join(_tf_dists()))
    res = ctx.runner(argv, ctx.timeout_s)
    facts = parse(res, ctx.timeout_s)
    record = ProbeRecord(
        NAME, facts.status, tuple(argv), res.returncode, round(res.duration_s, 4),
        facts.error, "\n".join(facts.log_lines)[:4096] or None,
    )
    return ProbeResult(records=(record,), tf=facts)
