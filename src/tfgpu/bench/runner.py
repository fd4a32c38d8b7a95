"""``tfgpu bench``: run the benchmark children, gather their events, summarise.

The TensorFlow work runs in one child process per device (``_bench_child``); this
module never imports TensorFlow.  A child that crashes, hangs or cannot import
TensorFlow becomes a device entry with an ``error`` and findings from the explain
engine; the other devices still report.

Summary (:func:`summarise`) is pure: events in, a JSON-ready dict out in which every
figure is ``{"value": ..., "unit": ...}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tfgpu
from tfgpu._proc import (
    DRAIN_S,
    BoundedCapture,
    DeferSigint,
    kill_pipe_holders,
    scratch_env,
    start_group,
)
from tfgpu.bench.data import DataSource
from tfgpu.bench.workloads import EPOCHS, tuned_recipe
from tfgpu.diagnosis import catalogue
from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Evidence, Finding

#: Workloads ``--workloads`` accepts.
WORKLOADS: tuple[str, ...] = ("guide", "tuned", "ceilings")
#: Test accuracy the tuned workload may lose against the guide's, percentage points.
ACCURACY_TOLERANCE_PTS = 0.5

Event = dict[str, Any]
#: Label of every timing taken with ``--tensorboard`` (terminal, JSON, plot): the logging
#: callback writes summaries each epoch (and, on a GPU, a profile), so those times are
#: not comparable with runs without it.  They are labelled, not excluded.
TENSORBOARD_NOTE = "with TensorBoard logging: timings include logging overhead"


@dataclass(frozen=True)
class BenchConfig:
    """What to run.

    Attributes:
        source: the data (:func:`tfgpu.bench.data.resolve_source`).
        devices: ``("cpu", "gpu:0")``; ``None`` means the CPU plus every GPU the CPU
            child lists.
        workloads: subset of :data:`WORKLOADS`.
        repeat: timed runs per device and workload.
        epochs: passes over the training set per run.
        train_limit: use only the first N training images (``--quick``); ``None`` all.
        test_limit: use only the first N test images; ``None`` all.
        ceiling_size: ``n`` of the ``[n, n]`` matmul ceiling; ``None``: 1024 on the CPU,
            8192 on a GPU (large enough to reach the peak, small enough to take seconds).
        copy_mib: MiB copied for the copy-bandwidth ceiling.
        tensorboard_dir: write TensorBoard logs there (``None``: no logs).
        timeout_s: seconds before a device's child is stopped.
        python_executable: interpreter with TensorFlow (and tfgpu importable).
        quick: the short version (recorded in the output).
    """

    source: DataSource
    devices: tuple[str, ...] | None = ("cpu",)
    workloads: tuple[str, ...] = WORKLOADS
    repeat: int = 3
    epochs: int = EPOCHS
    train_limit: int | None = None
    test_limit: int | None = None
    ceiling_size: int | None = None
    copy_mib: int = 256
    tensorboard_dir: str | None = None
    timeout_s: float = 3600.0
    python_executable: str = sys.executable
    quick: bool = False


@dataclass
class ChildOutcome:
    """What one device's child produced.

    Attributes:
        device: ``"cpu"`` or ``"gpu:N"``.
        events: its parsed events, in order.
        returncode: exit status (``None`` when killed on timeout).
        stderr_tail: last lines of its stderr (TensorFlow's log).
        timed_out: it ran past ``timeout_s`` and was killed.
        duration_s: wall time, seconds.
    """

    device: str
    events: list[Event] = field(default_factory=list)
    returncode: int | None = None
    stderr_tail: list[str] = field(default_factory=list)
    timed_out: bool = False
    duration_s: float = 0.0


def parse_devices(text: str) -> tuple[str, ...] | None:
    """Parse ``--devices``: ``"cpu,gpu:0"`` -> ``("cpu", "gpu:0")``; ``"auto"`` -> None.

    Raises:
        ValueError: an entry other than ``cpu``, ``gpu`` (= ``gpu:0``) or ``gpu:N``.
    """
    if text.strip().lower() == "auto":
        return None
    out: list[str] = []
    for raw in text.split(","):
        item = raw.strip().lower()
        if item == "gpu":
            item = "gpu:0"
        if item != "cpu" and not (item.startswith("gpu:") and item[4:].isdigit()):
            raise ValueError(f"unknown device {raw.strip()!r} (use cpu, gpu:0, gpu:1, ... or auto)")
        if item not in out:
            out.append(item)
    if not out:
        raise ValueError("no device given")
    return tuple(out)


def child_args(cfg: BenchConfig, device: str, init_weights: Path) -> dict[str, Any]:
    """The JSON argument of one device's child."""
    return {
        "device": device,
        "workloads": list(cfg.workloads),
        "repeat": cfg.repeat,
        "epochs": cfg.epochs,
        "train_limit": cfg.train_limit,
        "test_limit": cfg.test_limit,
        "synthetic_train": cfg.train_limit or 60000,
        "synthetic_test": cfg.test_limit or 10000,
        "source": cfg.source.to_dict(),
        "init_weights": str(init_weights),
        "tensorboard": cfg.tensorboard_dir,
        "ceiling_size": cfg.ceiling_size,
        "copy_mib": cfg.copy_mib,
    }


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    pkg_root = str(Path(tfgpu.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (pkg_root, env.get("PYTHONPATH")) if p)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    return env


def run_child(
    python_executable: str,
    args: Mapping[str, Any],
    timeout_s: float,
    on_event: Callable[[Event], None] = lambda _e: None,
    env: Mapping[str, str] | None = None,
) -> ChildOutcome:
    """Run one benchmark child, streaming its events to ``on_event``.  Never raises.

    Args:
        python_executable: interpreter with TensorFlow.
        args: :func:`child_args`.
        timeout_s: the child (and its process group) is killed after this many seconds.
        on_event: called in this thread with each event as it arrives.
        env: the child's environment; default ours with tfgpu on ``PYTHONPATH``
            (:func:`run_bench` also points ``KERAS_HOME`` at a scratch folder).

    Returns:
        The outcome (events, exit status, stderr tail, timeout flag).
    """
    device = str(args["device"])
    out = ChildOutcome(device)
    argv = [python_executable, "-m", "tfgpu.bench._bench_child", json.dumps(dict(args))]
    start = time.perf_counter()
    lines: queue.Queue[bytes | None] = queue.Queue(maxsize=MAX_QUEUED_LINES)
    err = BoundedCapture(MAX_STDERR_BYTES)

    def pump() -> None:
        # Bounded: a line is cut at MAX_LINE_BYTES, and lines the parent has no room
        # for (a child flooding stdout) are dropped rather than queued.
        assert proc.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            while line := proc.stdout.readline(MAX_LINE_BYTES):
                with contextlib.suppress(queue.Full):
                    lines.put(line, timeout=0.5)
        with contextlib.suppress(queue.Full):
            lines.put(None, timeout=5)

    def pump_err() -> None:
        assert proc.stderr is not None
        with contextlib.suppress(OSError, ValueError):
            while data := os.read(proc.stderr.fileno(), 1 << 16):
                err.add(data)

    reader = threading.Thread(target=pump, daemon=True)
    err_reader = threading.Thread(target=pump_err, daemon=True)
    deferred = DeferSigint()
    try:
        with deferred:  # a Ctrl-C until the child and its readers run is replayed below
            proc = start_group(argv, dict(env) if env is not None else _child_env())
            reader.start()
            err_reader.start()
    except OSError as exc:
        deferred.replay()
        out.events.append(
            {
                "event": "error",
                "stage": "start",
                "device": device,
                "message": f"cannot start {python_executable}: {exc}",
            }
        )
        return out
    deadline = start + timeout_s
    try:
        deferred.replay()  # a Ctrl-C during the start: the child is now ours to stop
        _follow(proc, lines, out, deadline, on_event)
    except BaseException:
        # Ctrl-C (KeyboardInterrupt): the child is in its own session and did not
        # get the SIGINT; stop its whole group before the parent exits.
        stop_process_group(proc)
        raise
    finally:
        err_reader.join(timeout=DRAIN_S)
        # A grandchild that left the group (setsid) may still hold the pipes.
        kill_pipe_holders([pipe for pipe, t in ((proc.stdout, reader), (proc.stderr, err_reader))
                           if t.is_alive()])
        err_reader.join(timeout=DRAIN_S)
    out.stderr_tail = err.text().splitlines()[-200:]
    out.duration_s = time.perf_counter() - start
    return out


def _follow(
    proc: subprocess.Popen[bytes],
    lines: queue.Queue[bytes | None],
    out: ChildOutcome,
    deadline: float,
    on_event: Callable[[Event], None],
) -> None:
    """Read events until the child closes stdout (or exited :data:`DRAIN_S` ago: a
    grandchild may hold the pipe) or ``deadline`` passes; reap it and kill its group."""
    exited_at: float | None = None
    while True:
        now = time.perf_counter()
        if exited_at is None and proc.poll() is not None:
            exited_at = now
        if exited_at is not None and now - exited_at > DRAIN_S and lines.empty():
            break
        remaining = deadline - now
        if remaining <= 0:
            out.timed_out = proc.poll() is None
            break
        try:
            item = lines.get(timeout=min(remaining, 0.1 if exited_at is not None else 0.5))
        except queue.Empty:
            continue
        if item is None:
            break
        event = _parse_event(item)
        if event is not None:
            out.events.append(event)
            on_event(event)
    if not out.timed_out:
        try:
            out.returncode = proc.wait(timeout=max(deadline - time.perf_counter(), 0.1))
        except subprocess.TimeoutExpired:
            out.timed_out = True
    _kill(proc)
    if out.timed_out:
        out.returncode = None


def _parse_event(raw: bytes) -> Event | None:
    line = raw.decode("utf-8", "replace").strip()
    if not line.startswith("{"):
        return None
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) and obj.get("tfgpu_bench") == 1 else None


#: Longest stdout line read from a benchmark child, bytes (events are < 4 KiB).
MAX_LINE_BYTES = 1 << 20
#: Most stdout lines waiting for the parent; more are dropped (a flooding child).
MAX_QUEUED_LINES = 1024
#: Most bytes of a child's stderr kept (first and last half), bytes.
MAX_STDERR_BYTES = 4 << 20

#: Seconds a child gets to exit after SIGTERM before it is sent SIGKILL.
KILL_GRACE_S = 3.0
#: Seconds waited for a SIGKILLed child to be reaped before giving up on it.
REAP_S = 5.0


def stop_process_group(proc: subprocess.Popen[bytes], grace_s: float = KILL_GRACE_S) -> None:
    """Stop ``proc`` and every process in its group: SIGTERM, then SIGKILL after ``grace_s``.

    The benchmark children run in their own session (``start_new_session``), so the
    terminal's Ctrl-C never reaches them: the parent must stop them itself.  Never raises.

    Args:
        proc: a child started with ``start_new_session=True`` (its pid is its group id).
        grace_s: seconds between SIGTERM and SIGKILL.
    """
    if proc.poll() is None:
        if os.name == "posix":
            import signal

            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except (ProcessLookupError, PermissionError):
                proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=grace_s)
        else:
            proc.terminate()
    if os.name == "posix":
        import signal

        # the group may outlive its leader (a grandchild)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    if proc.poll() is None:
        proc.kill()
    # Bounded: a process stuck in the GPU driver (uninterruptible sleep) cannot die at
    # once; after REAP_S it is left to the kernel rather than hanging tfgpu (issue 11).
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=REAP_S)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    stop_process_group(proc, grace_s=0.0)


def run_bench(
    cfg: BenchConfig,
    on_event: Callable[[Event], None] = lambda _e: None,
    workdir: Path | None = None,
) -> list[ChildOutcome]:
    """Run every device's child in turn (CPU first: it also lists the GPUs for ``auto``).

    Args:
        cfg: what to run.
        on_event: progress callback (each child event, plus ``{"event": "child-start"}``).
        workdir: where the shared initial-weights file (``initial-weights.npz``) is
            written; default a temporary directory, removed afterwards.

    Returns:
        The outcomes, one per device, in the order run.
    """
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="tfgpu-bench-") as tmp:
            return run_bench(cfg, on_event, Path(tmp))
    init = workdir / "initial-weights.npz"
    # Keras writes keras.json into $KERAS_HOME (default ~/.keras) when imported: the
    # children get a scratch one (with a copy of the user's settings), so the user's
    # ~/.keras/keras.json is neither created nor changed (issue 11).
    keras_home = workdir / "keras-home"
    keras_home.mkdir(parents=True, exist_ok=True)
    env = scratch_env(_child_env(), str(keras_home))
    devices = list(cfg.devices) if cfg.devices is not None else ["cpu"]
    outcomes: list[ChildOutcome] = []
    i = 0
    while i < len(devices):
        dev = devices[i]
        on_event({"event": "child-start", "device": dev})
        oc = run_child(cfg.python_executable, child_args(cfg, dev, init), cfg.timeout_s, on_event,
                       env)
        outcomes.append(oc)
        if cfg.devices is None and dev == "cpu":
            info = next((e for e in oc.events if e.get("event") == "device"), {})
            for g in info.get("gpus") or ():
                devices.append(f"gpu:{int(g.get('index', 0))}")
        i += 1
    return outcomes


# ----------------------------------------------------------------------- summary


def q(value: float | int | None, unit: str, digits: int = 4) -> dict[str, Any]:
    """A figure with its unit: ``{"value": 1.23, "unit": "s"}`` (``None`` when unknown)."""
    if value is None:
        return {"value": None, "unit": unit}
    if isinstance(value, float):
        value = float(f"{value:.{digits}g}")
    return {"value": value, "unit": unit}


def _spread(values: Sequence[float], unit: str) -> dict[str, Any]:
    vals = sorted(values)
    out = {
        "median": q(statistics.median(vals), unit),
        "min": q(vals[0], unit),
        "max": q(vals[-1], unit),
        "n": q(len(vals), "runs"),
    }
    if len(vals) >= 4:
        quart = statistics.quantiles(vals, n=4)
        out["iqr"] = q(quart[2] - quart[0], unit)
    return out


def best_ceilings(events: Sequence[Event]) -> Event | None:
    """Merge ceiling measurements (before and after training): the best rate of each.

    Args:
        events: ``ceilings`` events of one device.

    Returns:
        One event with, per dtype, the highest GFLOP/s, and the highest copy GB/s;
        ``None`` when there is none.
    """
    if not events:
        return None
    matmul: dict[str, dict[str, Any]] = {}
    for e in events:
        for m in e.get("matmul") or ():
            dt = str(m["dtype"])
            if dt not in matmul or float(m["gflops"]) > float(matmul[dt]["gflops"]):
                matmul[dt] = dict(m)
    copies = [e["copy"] for e in events if e.get("copy")]
    best: Event = dict(events[0])
    best["matmul"] = list(matmul.values())
    if copies:
        best["copy"] = max(copies, key=lambda c: float(c["gbps"]))
    best["measurements"] = len(events)
    return best


def _ceiling_for(ceil: Mapping[str, Any] | None, dtype: str) -> float | None:
    if not ceil:
        return None
    for m in ceil.get("matmul") or ():
        if m.get("dtype") == dtype:
            return float(m["gflops"])
    return None


def _workload_summary(runs: list[Event], ceil: Mapping[str, Any] | None) -> dict[str, Any]:
    times = [float(r["train_time_s"]) for r in runs]
    med_i = sorted(range(len(runs)), key=lambda i: times[i])[len(runs) // 2]
    rep = runs[med_i]
    flops = float(rep["flops_per_step"]) * float(rep["steps"])
    med_t = statistics.median(times)
    achieved = flops / med_t / 1e9
    dtype = "float16" if rep.get("mixed_precision") else "float32"
    ceiling = _ceiling_for(ceil, dtype) or _ceiling_for(ceil, "float32")
    accs = [float(r["test_accuracy_pct"]) for r in runs]
    return {
        "train_time_s": _spread(times, "s"),
        "warmup_time_s": q(statistics.median(float(r["warmup_time_s"]) for r in runs), "s"),
        "samples_per_s": q(float(rep["samples"]) / med_t, "samples/s"),
        "test_accuracy": _spread(accs, "%"),
        "test_loss": q(statistics.median(float(r["test_loss"]) for r in runs), "nats"),
        "train_accuracy_last_epoch": q(
            statistics.median(float(r["train_accuracy_pct"]) for r in runs), "%"
        ),
        "flops_per_step": q(int(rep["flops_per_step"]), "FLOP"),
        "flops_total": q(flops, "FLOP"),
        "achieved_rate": q(achieved, "GFLOP/s"),
        "fraction_of_matmul_ceiling": q(achieved / ceiling if ceiling else None, "fraction"),
        "ceiling_dtype": dtype,
        "recipe": {
            "epochs": q(int(rep["epochs"]), "epochs"),
            "batch_size": q(int(rep["batch_size"]), "samples"),
            "steps": q(int(rep["steps"]), "steps"),
            "learning_rate": q(float(rep["learning_rate"]), "1 (Adam step size)"),
            "steps_per_execution": q(int(rep["steps_per_execution"]), "steps"),
            "jit_compile": bool(rep["jit_compile"]),
            "mixed_precision": bool(rep["mixed_precision"]),
            "pipeline": str(rep["pipeline"]),
        },
        "initial_weights_sha256": sorted({str(r["initial_weights_sha256"]) for r in runs}),
        "load_average_1min": _spread([float(r["load_average"][0]) for r in runs], "processes"),
        "runs": [
            {
                "repeat": q(int(r["repeat"]), "index"),
                "train_time_s": q(float(r["train_time_s"]), "s"),
                "warmup_time_s": q(float(r["warmup_time_s"]), "s"),
                "test_accuracy": q(float(r["test_accuracy_pct"]), "%"),
                "load_average_1min": q(float(r["load_average"][0]), "processes"),
                "history": {
                    k: [q(float(v), "fraction" if "acc" in k else "nats") for v in vs]
                    for k, vs in (r.get("history") or {}).items()
                },
            }
            for r in runs
        ],
        "tensorboard": any(bool(r.get("tensorboard")) for r in runs),
    }


def _findings_for(
    oc: ChildOutcome, errors: list[Event], facts: HostFacts | None = None
) -> list[Finding]:
    if not errors and not oc.timed_out and oc.returncode in (0, None):
        return []
    messages = [str(e.get("message")) for e in errors]
    if oc.timed_out:
        messages.append(f"the {oc.device} benchmark did not finish in time and was stopped")
    elif oc.returncode not in (0, None) and not any(e.get("event") == "done" for e in oc.events):
        how = (
            f"was killed by signal {-oc.returncode}"
            if oc.returncode is not None and oc.returncode < 0
            else f"exited with status {oc.returncode}"
        )
        messages.append(f"the {oc.device} benchmark process {how}")
    if not messages:
        return []
    no_gpu = any(e.get("stage") == "device" for e in errors)
    own = catalogue.make(
        "bench-{device_id}-failed",
        device_id=oc.device.replace(":", ""),
        device=oc.device,
        message=messages[0][:160],
        category="gpu-not-visible"
        if no_gpu
        else "memory"
        if any("ResourceExhausted" in m for m in messages)
        else "version-mismatch",
        evidence=tuple(Evidence("stderr", ln) for ln in oc.stderr_tail[-5:]),
        cause="; ".join(messages),
    )
    return [own, *explain_lines([*oc.stderr_tail, *messages], facts, host_checks=False)]


def _paired(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Guide time / tuned time for each repeat (the two ran back to back)."""
    by: dict[tuple[str, int], float] = {}
    for e in events:
        if e.get("event") == "run":
            by[(str(e["workload"]), int(e["repeat"]))] = float(e["train_time_s"])
    reps = sorted({r for (_, r) in by})
    return [
        q(by[("guide", r)] / by[("tuned", r)], "x")
        for r in reps
        if ("guide", r) in by and ("tuned", r) in by
    ]


def gpu_not_listed(cfg: BenchConfig, outcomes: Sequence[ChildOutcome],
                   facts: HostFacts | None, tf_version: object) -> Finding | None:
    """``bench-gpu-not-used``: ``--devices auto`` ran on the CPU only, because TensorFlow
    listed no GPU, while this host's facts (nvidia-smi/NVML, as ``tfgpu doctor`` reads
    them) show an NVIDIA GPU.  ``None`` when the user chose the devices, a GPU child ran,
    or the facts show no NVIDIA GPU (or were not gathered: nothing is claimed then)."""
    if cfg.devices is not None or facts is None or not facts.nvidia_gpus:
        return None
    if any(oc.device.startswith("gpu") for oc in outcomes):
        return None
    gpus = facts.nvidia_gpus
    sources = sorted({g.source for g in gpus if g.source})
    names = ", ".join(f"GPU {g.index}: {g.name}" for g in gpus[:4]) + (
        f" and {len(gpus) - 4} more" if len(gpus) > 4 else "")
    return catalogue.make(
        "bench-gpu-not-used", gpu=gpus[0].name, count=len(gpus), gpus=names,
        source=" and ".join(sources) or "the host probes",
        tf=str(tf_version or "(version not reported)"),
        python=cfg.python_executable or sys.executable,
        evidence=(Evidence("nvidia_gpus", names),
                  Evidence("bench.devices", ", ".join(oc.device for oc in outcomes))),
    )


def summarise(
    cfg: BenchConfig,
    outcomes: Sequence[ChildOutcome],
    load_before: Sequence[float],
    load_after: Sequence[float],
    wall_s: float,
    facts: HostFacts | None = None,
) -> tuple[dict[str, Any], list[Finding]]:
    """Turn the children's events into the ``bench`` JSON document and findings (pure).

    ``facts`` (this host's cheap facts, :func:`tfgpu.verify.host_facts_for_explain`)
    go to the explain engine with a failed child's log, as in ``tfgpu doctor``.

    Returns:
        ``(doc, findings)``: ``doc`` has ``data``, ``config``, ``host``, ``devices``
        (per device: ``ceilings`` and per workload summaries), ``speedup``
        (``tuned_over_guide`` per device, ``gpu_over_cpu`` per workload and GPU, and a
        ``note`` with :data:`TENSORBOARD_NOTE` when TensorBoard logged the runs) and
        ``timings_include_tensorboard`` (bool).
    """
    findings: list[Finding] = []
    devices: list[dict[str, Any]] = []
    medians: dict[tuple[str, str], float] = {}
    accs: dict[tuple[str, str], float] = {}
    tf_version = None
    for oc in outcomes:
        info = next((e for e in oc.events if e.get("event") == "device"), {})
        tf_version = tf_version or info.get("tf_version")
        errors = [e for e in oc.events if e.get("event") == "error"]
        ceil_ev = best_ceilings([e for e in oc.events if e.get("event") == "ceilings"])
        entry: dict[str, Any] = {
            "device": oc.device,
            "tf_device": info.get("tf_device"),
            "name": info.get("name"),
            "compute_capability": ".".join(map(str, info["compute_capability"]))
            if info.get("compute_capability")
            else None,
            "status": "ok",
            "errors": [str(e.get("message")) for e in errors],
            "duration_s": q(oc.duration_s, "s"),
        }
        dev_findings = _findings_for(oc, errors, facts)
        if dev_findings:
            entry["status"] = "error"
            findings.extend(dev_findings)
        if ceil_ev is not None:
            entry["ceilings"] = {
                **{
                    f"matmul_{m['dtype']}": {
                        **q(float(m["gflops"]), "GFLOP/s"),
                        "size": q(int(m["size"]), "n ([n, n] @ [n, n])"),
                    }
                    for m in ceil_ev.get("matmul") or ()
                },
                "copy": {
                    **q(float(ceil_ev["copy"]["gbps"]), "GB/s"),
                    "kind": ceil_ev["copy"]["kind"],
                    "size": q(int(ceil_ev["copy"]["mib"]), "MiB"),
                },
                "float32_uses_tf32": bool(ceil_ev.get("float32_uses_tf32", False)),
                "measurements": q(int(ceil_ev.get("measurements", 1)), "runs (best kept)"),
            }
        workloads: dict[str, Any] = {}
        for wl in ("guide", "tuned"):
            runs = [e for e in oc.events if e.get("event") == "run" and e.get("workload") == wl]
            if runs:
                workloads[wl] = _workload_summary(runs, ceil_ev)
                medians[(oc.device, wl)] = float(workloads[wl]["train_time_s"]["median"]["value"])
                accs[(oc.device, wl)] = float(workloads[wl]["test_accuracy"]["median"]["value"])
        entry["workloads"] = workloads
        devices.append(entry)
    speedup: dict[str, Any] = {"tuned_over_guide": {}, "gpu_over_cpu": {}}
    for oc in outcomes:
        d = oc.device
        if (d, "guide") in medians and (d, "tuned") in medians:
            delta = accs[(d, "tuned")] - accs[(d, "guide")]
            speedup["tuned_over_guide"][d] = {
                **q(medians[(d, "guide")] / medians[(d, "tuned")], "x"),
                "accuracy_delta": q(delta, "percentage points"),
                "accuracy_within_tolerance": abs(delta) <= ACCURACY_TOLERANCE_PTS or delta > 0,
                "tolerance": q(ACCURACY_TOLERANCE_PTS, "percentage points"),
                "per_repeat": _paired(oc.events),
            }
            if delta < -ACCURACY_TOLERANCE_PTS:
                findings.append(
                    catalogue.make(
                        "bench-tuned-accuracy-drop",
                        device=d,
                        points=-delta,
                        tuned=accs[(d, "tuned")],
                        guide=accs[(d, "guide")],
                        tolerance=ACCURACY_TOLERANCE_PTS,
                    )
                )
    unused = gpu_not_listed(cfg, outcomes, facts, tf_version)
    if unused is not None:
        findings.append(unused)
    for wl in ("guide", "tuned"):
        if ("cpu", wl) not in medians:
            continue
        per_gpu = {
            d: q(medians[("cpu", wl)] / medians[(d, wl)], "x")
            for (d, w) in medians
            if w == wl and d.startswith("gpu")
        }
        if per_gpu:
            speedup["gpu_over_cpu"][wl] = per_gpu
    with_tb = any(
        bool(s.get("tensorboard")) for d in devices for s in d["workloads"].values()
    ) or bool(cfg.tensorboard_dir)
    if with_tb:
        speedup["note"] = TENSORBOARD_NOTE
    # The tuned recipe follows the training-set size (tuned_recipe): the children report it.
    seen_n = [
        int(e["train_samples"])
        for oc in outcomes
        for e in oc.events
        if e.get("event") == "data" and e.get("train_samples")
    ]
    recipe_n = seen_n[0] if seen_n else (cfg.train_limit or 60000)
    # How many images were used of how many the data set has (the children report both
    # once the data is loaded), so that every report can say a run used a subset.
    data_event = next(
        (e for oc in outcomes for e in oc.events if e.get("event") == "data"), {}
    )

    def _count(key: str) -> int | None:
        v = data_event.get(key)
        return int(v) if isinstance(v, int) and not isinstance(v, bool) else None

    recipe = tuned_recipe(recipe_n)
    doc = {
        "synthetic": cfg.source.synthetic,
        "timings_include_tensorboard": with_tb,
        "data": {
            **cfg.source.to_dict(),
            "label": "SYNTHETIC DATA (--synthetic)" if cfg.source.synthetic else cfg.source.name,
        },
        "config": {
            "repeat": q(cfg.repeat, "runs"),
            "epochs": q(cfg.epochs, "epochs"),
            "quick": cfg.quick,
            "workloads": list(cfg.workloads),
            "train_limit": q(cfg.train_limit, "samples"),
            "test_limit": q(cfg.test_limit, "samples"),
            "train_samples": q(_count("train_samples"), "images"),
            "train_available": q(_count("train_available"), "images"),
            "test_samples": q(_count("test_samples"), "images"),
            "test_available": q(_count("test_available"), "images"),
            "tuned_recipe": {
                "train_samples": q(recipe_n, "samples"),
                "batch_size": q(recipe.batch_size, "samples"),
                "learning_rate": q(
                    recipe.learning_rate, "1 (Adam step size, cosine-decayed to 0)"
                ),
                "steps_per_execution": q(recipe.steps_per_execution, "steps"),
            },
            "tensorboard_dir": cfg.tensorboard_dir,
        },
        "host": {
            "tf_version": tf_version,
            "cpu_count": q(os.cpu_count(), "logical CPUs"),
            "load_average_1min_before": q(load_before[0] if load_before else None, "processes"),
            "load_average_1min_after": q(load_after[0] if load_after else None, "processes"),
            "wall_time_s": q(wall_s, "s"),
        },
        "devices": devices,
        "speedup": speedup,
    }
    return doc, findings
