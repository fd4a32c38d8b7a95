#!/usr/bin/env python3
"""Benchmark ``tfgpu doctor`` against its peers, side by side, in one run.

Measures wall time of whole commands (interpreter start-up included), interleaved round by
round so that load on the machine hits every command alike:

* ``tfgpu doctor --no-tf`` and ``tfgpu doctor --no-tf --json`` (target: at most half the
  wall time of ``cuda-doctor diagnose``, medians of the same rounds)
* ``tfgpu doctor``                    (target: <= TensorFlow import time + 0.3 s)
* ``python -c "import tensorflow"``   (the TensorFlow import time, same interpreter)
* ``python -c pass``                  (bare interpreter start-up, for reference)
* peers, when their virtualenv is given: ``cuda-doctor diagnose``, ``env-doctor check``,
  PyTorch's ``python -m torch.utils.collect_env``

Usage::

    python scripts/bench_doctor.py --runs 5 --peers-venv /tmp/peers-venv
    python scripts/bench_doctor.py --runs 10 --no-tf-only --baseline-src /old/checkout/src

The peers venv is a throwaway one holding only the peer (``python -m venv
/tmp/peers-venv && /tmp/peers-venv/bin/pip install cuda-doctor``; add ``env-doctor`` and
``torch`` for those peers, but time cuda-doctor in a venv without PyTorch: with it beside,
cuda-doctor imports it and takes several times longer); peers are skipped when missing.

tfgpu runs as an installed package does: its bytecode is compiled once and cached (in a
temporary ``PYTHONPYCACHEPREFIX``, whatever ``PYTHONDONTWRITEBYTECODE`` says) and its
knowledge cache lives in a temporary ``XDG_CACHE_HOME``; one untimed warm-up round fills
both.  Prints a Markdown table (wall median and min, and the median CPU time,
user + system, of the command and its children: on a loaded machine it is steadier than
wall time) and the two checks, which use the wall medians.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _time(argv: list[str], env: dict[str, str],
          timeout_s: float) -> tuple[float, float] | None:
    """Return (wall seconds, CPU seconds of the command and its children) or None.

    Waits with a blocking ``wait4``, not ``subprocess.run(timeout=...)``: that one polls
    with sleeps of up to 50 ms, which rounded every wall time up to the next 50 ms step
    (0.114, 0.164, 0.214 s...).  The timeout kills the command from a timer thread."""
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=env)
    except OSError:
        return None
    timer = threading.Timer(timeout_s, proc.kill)
    timer.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        timer.cancel()
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here; Popen must not wait
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        return None  # timed out
    return wall, usage.ru_utime + usage.ru_stime


def main() -> int:
    """Run the benchmark; return 0 when both targets are met, 1 otherwise."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--python", default=sys.executable, help="interpreter with TensorFlow")
    ap.add_argument("--peers-venv", default="/tmp/peers-venv", help="venv holding the peers")
    ap.add_argument("--timeout", type=float, default=300, help="per-command limit, seconds")
    ap.add_argument("--baseline-src", metavar="DIR", default=None,
                    help="another checkout's src/ (e.g. before a change): its "
                         "`tfgpu doctor --no-tf` is timed in the same rounds")
    ap.add_argument("--no-tf-only", action="store_true",
                    help="skip the TensorFlow commands (quick before/after of --no-tf)")
    args = ap.parse_args()

    scratch = tempfile.TemporaryDirectory(prefix="tfgpu-bench-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONPYCACHEPREFIX"] = str(Path(scratch.name, "pycache"))
    env["XDG_CACHE_HOME"] = str(Path(scratch.name, "cache"))
    env["NO_COLOR"] = "1"
    py = args.python
    cmds: dict[str, list[str]] = {
        "tfgpu doctor --no-tf": [py, "-m", "tfgpu", "doctor", "--no-tf"],
        "tfgpu doctor --no-tf --json": [py, "-m", "tfgpu", "doctor", "--no-tf", "--json"],
        "tfgpu doctor": [py, "-m", "tfgpu", "doctor"],
        "python -c 'import tensorflow'": [py, "-c", "import tensorflow"],
        "python -c pass": [py, "-c", "pass"],
    }
    if args.no_tf_only:
        del cmds["tfgpu doctor"], cmds["python -c 'import tensorflow'"]
    envs: dict[str, dict[str, str]] = {}
    if args.baseline_src:
        base = "tfgpu doctor --no-tf (baseline)"
        cmds[base] = [py, "-m", "tfgpu", "doctor", "--no-tf"]
        envs[base] = dict(env, PYTHONPATH=str(Path(args.baseline_src).resolve()))
    peers = Path(args.peers_venv) / "bin"
    peer_cmds = {
        "cuda-doctor diagnose": [str(peers / "cuda-doctor"), "diagnose"],
        "env-doctor check": [str(peers / "env-doctor"), "check"],
        "python -m torch.utils.collect_env": [str(peers / "python"), "-m",
                                              "torch.utils.collect_env"],
    }
    has_torch = any(Path(args.peers_venv).glob("lib/python*/site-packages/torch"))
    for name, argv in peer_cmds.items():
        if Path(argv[0]).exists() and (has_torch or "torch" not in name):
            cmds[name] = argv
        else:
            print(f"(skipping {name}: {argv[0]} not found)", file=sys.stderr)
    peer_env = {k: v for k, v in env.items() if k != "PYTHONPATH"}

    for name, argv in cmds.items():  # warm-up: bytecode and knowledge caches, page cache
        _time(argv, peer_env if name in peer_cmds else envs.get(name, env), args.timeout)

    times: dict[str, list[float]] = {name: [] for name in cmds}
    cpus: dict[str, list[float]] = {name: [] for name in cmds}
    loads: list[float] = []
    for r in range(args.runs):
        loads.append(os.getloadavg()[0])
        for name, argv in cmds.items():
            t = _time(argv, peer_env if name in peer_cmds else envs.get(name, env),
                      args.timeout)
            if t is not None:
                times[name].append(t[0])
                cpus[name].append(t[1])
        print(f"round {r + 1}/{args.runs} done", file=sys.stderr)

    med = {n: statistics.median(v) for n, v in times.items() if v}
    print(f"\n{args.runs} interleaved rounds on {os.cpu_count()} CPU(s), "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; 1-minute load average "
          f"at the start of each round: {', '.join(f'{x:.2f}' for x in loads)}\n")
    print("| command | wall median s | wall min s | CPU median s |")
    print("| --- | ---: | ---: | ---: |")
    for name, values in times.items():
        if values:
            print(f"| `{name}` | {statistics.median(values):.3f} | {min(values):.3f} | "
                  f"{statistics.median(cpus[name]):.3f} |")
        else:
            print(f"| `{name}` | failed | failed | failed |")

    ok = True
    cd = med.get("cuda-doctor diagnose")
    for name in ("tfgpu doctor --no-tf", "tfgpu doctor --no-tf --json"):
        mine = med.get(name)
        if mine is None:
            continue
        if cd is None:
            print(f"\n- `{name}`: {mine:.3f} s (no cuda-doctor to compare with)")
            continue
        ratio = mine / cd
        paired = statistics.median(a / b for a, b in zip(times[name], times["cuda-doctor diagnose"],
                                                         strict=False))
        cpu_ratio = statistics.median(cpus[name]) / statistics.median(cpus["cuda-doctor diagnose"])
        met = ratio <= 0.5
        print(f"\n- `{name}`: {mine:.3f} s vs cuda-doctor {cd:.3f} s: {ratio:.2f}x its wall time "
              f"(median of per-round ratios {paired:.2f}x; CPU {cpu_ratio:.2f}x); "
              f"target <= 0.50x: {'met' if met else 'NOT met'}")
        ok &= met
    full, imp = med.get("tfgpu doctor"), med.get("python -c 'import tensorflow'")
    if full is not None and imp is not None:
        paired = [f - i for f, i in zip(times["tfgpu doctor"],
                                        times["python -c 'import tensorflow'"], strict=False)]
        over = statistics.median(paired)
        print(f"- with TensorFlow: {full:.3f} s vs import {imp:.3f} s: median paired overhead "
              f"{over:+.3f} s (target <= +0.3 s)")
        ok &= over <= 0.3

    res = subprocess.run([py, "-m", "tfgpu", "facts", "--no-tf"] if args.no_tf_only
                         else [py, "-m", "tfgpu", "facts"], capture_output=True, text=True, env=env,
                         timeout=args.timeout, check=False)
    try:
        probes = json.loads(res.stdout)["probes"]
        print("\nPer-probe wall time in one `tfgpu facts` run (they run concurrently):\n")
        for p in probes:
            print(f"- {p['name']}: {p['duration_s']:.3f} s ({p['status']})")
    except (ValueError, KeyError, TypeError):
        print("(could not read per-probe times)", file=sys.stderr)
    scratch.cleanup()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
