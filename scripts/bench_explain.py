#!/usr/bin/env python3
"""Benchmark ``tfgpu explain`` on a large realistic log: throughput (MB/s) and peak RSS (MiB).

Generates ``--size-mb`` of log text in a temporary file (by default ~1 GB under /tmp):
real log lines from the recorded fixtures and the real cases, repeated with fresh
timestamps, mixed with training-progress noise, Windows line endings, ANSI colour codes,
a few very long lines and a little binary garbage.  Then runs ``tfgpu explain --json`` on
it in a child process and reads the child's peak RSS with ``resource.getrusage``.

With ``--progress keras2`` the log is instead a Keras 2 training progress bar as its
``Progbar`` writes it on a terminal (keras 2.3.1 ``keras/utils/generic_utils.py``, verbose 1:
``"\\r"``, ``" 123/1875 [=====>....] - ETA: 1:23 - loss: 0.4321 - accuracy: 0.8765"``, 1,875
steps an epoch, random timings; without the backspaces it writes before each ``\\r``), with
every epoch's closing newline turned into ``\\r`` (a bar saved without its newlines: one
``\\r`` piece per step);
``--progress keras2-epochs`` keeps Keras 2's newline after each epoch;
``--progress keras2-backspaces`` writes the backspaces too (``"\\b" * prev_total_width``
before each ``\\r``, as Progbar does on a terminal), with the epochs' newlines.  All end
with an OOM traceback.

Usage:
    PYTHONPATH=src python scripts/bench_explain.py [--size-mb 1024] [--keep]
    PYTHONPATH=src python scripts/bench_explain.py --size-mb 20 --progress keras2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def _real_lines() -> list[str]:
    lines: list[str] = []
    for path in sorted((FIXTURES / "recorded" / "tf-logs").glob("*.txt")):
        lines += path.read_text(encoding="utf-8", errors="replace").splitlines()
    for path in sorted((FIXTURES / "cases").glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8")).get("log")
        if log:
            lines += log.splitlines()
    return [ln for ln in lines if ln.strip()]


def _noise(rng: random.Random, step: int) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return (
            f"{step}/1875 [==============================] - {rng.randrange(1, 9)}s "
            f"{rng.randrange(1, 30)}ms/step - loss: {rng.random():.4f} - accuracy: "
            f"{rng.random():.4f}"
        )
    if kind == 1:
        return f"Epoch {step % 50 + 1}/50"
    if kind == 2:
        return (
            f"\x1b[32mINFO\x1b[0m {time.strftime('%H:%M:%S')} data pipeline: read "
            f"{rng.randrange(10**6)} records from shard-{rng.randrange(512):05d}.tfrecord"
        )
    if kind == 3:
        return f"step {step}: lr={rng.random() * 1e-3:.6f} grad_norm={rng.random() * 5:.3f}"
    if kind == 4:
        return (
            f"W0000 00:00:{rng.randrange(10**9)}.{rng.randrange(10**6)} {rng.randrange(999)} "
            "checkpoint_manager.cc:120] saving checkpoint to /tmp/ckpt/model.ckpt"
        )
    return "".join(
        rng.choice("abcdefghijklmnopqrstuvwxyz      ") for _ in range(rng.randrange(20, 120))
    )


def generate(path: Path, size_mb: int, seed: int = 0) -> int:
    """Write about ``size_mb`` MiB of log text to ``path``; return the byte count."""
    rng = random.Random(seed)
    real = _real_lines()
    block: list[str] = []
    step = 0
    block_bytes = 0
    # One ~4 MiB block of varied lines, then written repeatedly with a few changes.
    while block_bytes < 4 * 1024 * 1024:
        step += 1
        block_bytes += len(block[-1]) + 2 if block else 0
        if rng.random() < 0.15:
            ts = f"2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d} 12:00:01.{step:06d}: "
            block.append(ts + rng.choice(real) if rng.random() < 0.5 else rng.choice(real))
        else:
            block.append(_noise(rng, step))
        if rng.random() < 0.0005:
            block.append(
                "x" * rng.randrange(10_000, 200_000) + " Could not load dynamic library "
                "'libcublas.so.12'; dlerror: libcublas.so.12: cannot open shared object file"
            )
    text = (
        "\r\n".join(block[: len(block) // 2]) + "\r\n" + "\n".join(block[len(block) // 2 :]) + "\n"
    )
    data = text.encode("utf-8")
    garbage = rng.randbytes(4096) + b"\n"
    target = size_mb * 1024 * 1024
    written = 0
    with path.open("wb") as fh:
        while written < target:
            fh.write(data)
            written += len(data)
            if rng.random() < 0.1:
                fh.write(garbage)
                written += len(garbage)
    return written


#: The end of a progress-bar log: TensorFlow's OOM lines and the traceback's last line.
_PROGRESS_TAIL = (
    "2023-01-01 10:00:00.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:479] "
    "Allocator (GPU_0_bfc) ran out of memory trying to allocate 9.00GiB (rounded to "
    "9663676416)requested by op model/conv2d_3/Conv2D\n"
    "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating "
    "tensor with shape[64,256,56,56] and type float on "
    "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
)


def _keras2_epoch(rng: random.Random, steps: int, *,
                  backspaces: bool = False) -> tuple[str, str]:
    """One epoch of Keras 2's ``Progbar`` (verbose 1, a terminal; its backspaces only with
    ``backspaces``): ``(bar, last)``, the steps joined as it writes them and the epoch's
    closing text (its summary step; Keras then writes a newline)."""
    width = 30
    digits = len(str(steps))
    out: list[str] = []
    prev_width = 0
    elapsed = 0.0
    loss, acc = 2.3, 0.1
    for current in range(1, steps + 1):
        elapsed += rng.uniform(0.015, 0.035)
        loss = max(0.01, loss * rng.uniform(0.995, 1.0015))
        acc = min(0.999, acc + rng.uniform(-0.0005, 0.001))
        bar = f"{current:{digits}d}/{steps} ["
        prog = width * current // steps
        if prog > 0:
            bar += "=" * (prog - 1) + (">" if current < steps else "=")
        bar += "." * (width - prog) + "]"
        if current < steps:
            eta = elapsed / current * (steps - current)
            eta_s = (f"{int(eta // 60)}:{int(eta % 60):02d}" if eta > 60 else f"{int(eta)}s")
            info = f" - ETA: {eta_s}"
        else:
            info = f" - {elapsed:.0f}s {elapsed / steps * 1e3:.0f}ms/step"
        info += f" - loss: {loss:.4f} - accuracy: {acc:.4f}"
        out.append(("\b" * prev_width if backspaces else "") + "\r" + bar + info)
        prev_width = len(bar + info)
    return "".join(out[:-1]), out[-1]


def generate_progress(path: Path, size_mb: int, seed: int = 0, *,
                      epoch_newlines: bool = False, backspaces: bool = False) -> int:
    """Write about ``size_mb`` MiB of a Keras 2 progress-bar log to ``path`` (see the module
    docstring); return the byte count."""
    rng = random.Random(seed)
    target = size_mb * 1024 * 1024
    written = 0
    epochs = 1000
    with path.open("wb") as fh:
        for epoch in range(1, epochs + 1):
            bar, last = _keras2_epoch(rng, 1875, backspaces=backspaces)
            data = (f"Epoch {epoch}/{epochs}" + ("\n" if epoch_newlines else "\r") + bar + last
                    + ("\n" if epoch_newlines else "\r")).encode()
            fh.write(data)
            written += len(data)
            if written >= target:
                break
        tail = ("\n" + _PROGRESS_TAIL).encode()
        fh.write(tail)
        written += len(tail)
    return written


_CHILD = """
import resource, sys, time, json
from tfgpu.explain import explain_stream
t0 = time.perf_counter()
c0 = time.process_time()
with open(sys.argv[1], 'rb') as fh:
    res = explain_stream(fh)
dt = time.perf_counter() - t0
cpu = time.process_time() - c0
rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": dt, "cpu_seconds": cpu, "bytes": res.stats.bytes_read,
                  "lines": res.stats.lines, "candidates": res.stats.candidates, "rss_kib": rss_kib,
                  "repeats_skipped": res.stats.repeats_skipped,
                  "findings": [f.id for f in res.findings]}))
"""


def main() -> int:
    """Generate the log, time the engine in a child, print the numbers."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size-mb", type=int, default=1024, help="log size in MiB (default 1024)")
    ap.add_argument("--keep", action="store_true", help="keep the generated log")
    ap.add_argument("--progress", choices=("keras2", "keras2-epochs", "keras2-backspaces"),
                    help="a Keras 2 progress-bar log instead (see the module docstring)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="tfgpu-explain-bench-", dir="/tmp"))
    log = tmp / "big.log"
    t0 = time.perf_counter()
    if args.progress:
        size = generate_progress(log, args.size_mb,
                                 epoch_newlines=args.progress != "keras2",
                                 backspaces=args.progress == "keras2-backspaces")
    else:
        size = generate(log, args.size_mb)
    print(f"generated {size / 2**20:,.0f} MiB in {time.perf_counter() - t0:.1f} s: {log}")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(log)],
        capture_output=True,
        text=True,
        env=env,
        timeout=3600,
        check=False,
    )
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return 1
    r = json.loads(out.stdout)
    child_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(
        f"engine: {r['bytes'] / 1e6:,.0f} MB, {r['lines']:,} lines, {r['candidates']:,} candidate "
        f"lines ({r['repeats_skipped']:,} repeats skipped) in {r['seconds']:.1f} s wall = "
        f"{r['bytes'] / 1e6 / r['seconds']:.1f} MB/s "
        f"({r['cpu_seconds']:.1f} s CPU = {r['bytes'] / 1e6 / r['cpu_seconds']:.1f} MB/s per core)"
    )
    print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"peak RSS of the child: {max(r['rss_kib'], child_rss) / 1024:.1f} MiB")
    print(f"findings: {', '.join(r['findings'])}")
    if not args.keep:
        log.unlink()
        tmp.rmdir()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
