"""``tfgpu bench``: benchmark the guide's MNIST training against tfgpu's recipe, per device.

Gathers (:mod:`tfgpu.bench.runner`, one child process per device), renders (a table
on stdout, a progress bar on stderr, ``--json``, ``--format markdown|html`` with the chart
inline, ``--plot``), returns the exit code:
0 when every requested device ran, 1 when one failed, 2 for bad arguments or data.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import TYPE_CHECKING, Any

from tfgpu.cli import status_codes
from tfgpu.cli.common import PYTHON_FORMS, interpreter

if TYPE_CHECKING:
    from rich.console import Console

#: ``--quick``: one run of one epoch per workload (a whole epoch, so the tuned recipe's
#: large batch still takes enough optimizer steps: on 12,000 images it lost 6 points).
QUICK = {
    "repeat": 1,
    "epochs": 1,
    "copy_mib": 64,
}


#: Invocations shown under "examples:" in ``tfgpu bench --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu bench --quick',
    'tfgpu bench --devices cpu,gpu:0 --repeat 3',
    'tfgpu bench --quick --format html > bench.html',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``bench``'s options to ``parser``."""
    parser.add_argument(
        "--devices",
        default="auto",
        metavar="LIST",
        help="comma list of cpu, gpu:N; 'auto' (default): cpu and every GPU",
    )
    parser.add_argument(
        "--workloads",
        default="guide,tuned,ceilings",
        metavar="LIST",
        help="comma list of guide, tuned, ceilings (default: all)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="N",
        help="timed runs per device and workload (default 3; --quick 1)",
    )
    parser.add_argument(
        "--epochs",
        type=int,
        default=None,
        metavar="N",
        help="epochs per run (default 5, as the guide; --quick 1)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="short version: 1 run of 1 epoch per workload"
    )
    parser.add_argument(
        "--data", metavar="PATH", help="MNIST-format IDX directory or Keras mnist.npz"
    )
    parser.add_argument(
        "--train-samples",
        type=int,
        default=None,
        metavar="N",
        help="train on the first N training images only",
    )
    parser.add_argument(
        "--test-samples",
        type=int,
        default=None,
        metavar="N",
        help="test on the first N test images only",
    )
    parser.add_argument(
        "--synthetic",
        action="store_true",
        help="random MNIST-shaped data (labelled SYNTHETIC in every output)",
    )
    parser.add_argument(
        "--no-download",
        action="store_true",
        help="never download MNIST when no local data is found",
    )
    from tfgpu.cli.common import add_format_arguments

    add_format_arguments(parser)
    parser.add_argument("--save-json", metavar="FILE", help="also write the JSON document to FILE")
    parser.add_argument("--plot", metavar="FILE.png", help="write a chart of time per device")
    parser.add_argument(
        "--tensorboard",
        metavar="DIR",
        help="write training curves (and, on a GPU, a profile) to DIR",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=3600.0,
        metavar="S",
        help="seconds before one device's benchmark is stopped (default 3600)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        metavar="PYTHON",
        type=interpreter,
        help=f"the interpreter with TensorFlow: {PYTHON_FORMS} (default: the one running tfgpu)",
    )


def output_path_problem(path: str) -> str | None:
    """Why ``path`` cannot be written as an output file, or ``None`` when it can.

    Checked before the benchmark runs, so a typo costs nothing: the parent directory
    must exist and be writable, and ``path`` must not be a directory or a read-only file.
    Writability is tried, not only looked up: :func:`os.access` answers yes to root
    everywhere, and a pseudo file system (``/proc``, ``/sys``) refuses new files whatever
    the permission bits say.  An existing file is opened for appending and closed (its
    contents untouched); for a new one, a temporary file is created beside it and removed.
    """
    import tempfile

    target = os.path.abspath(os.path.expanduser(path))
    parent = os.path.dirname(target)
    if os.path.isdir(target):
        return "is a directory"
    if not os.path.isdir(parent):
        return f"directory {parent} does not exist"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"directory {parent} is not writable"
    if os.path.exists(target) and not os.access(target, os.W_OK):
        return "exists and is not writable"
    try:
        if os.path.exists(target):
            with open(target, "ab"):
                pass
        else:
            fd, probe = tempfile.mkstemp(prefix=".tfgpu-write-check-", dir=parent)
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        where = "it" if os.path.exists(target) else f"a file in {parent}"
        return f"cannot write {where}: {exc.strerror or exc}"
    return None


def output_dir_problem(path: str) -> str | None:
    """Why ``path`` cannot be used (created) as an output directory, or ``None``."""
    target = os.path.abspath(os.path.expanduser(path))
    if os.path.exists(target):
        if not os.path.isdir(target):
            return "exists and is not a directory"
        return None if os.access(target, os.W_OK | os.X_OK) else "is not writable"
    parent = target
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent) or not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot be created: {parent} is not a writable directory"
    return None


def _config(args: argparse.Namespace, err: Console) -> Any:
    from tfgpu.cli.errors import UsageError

    try:
        import numpy  # noqa: F401 - the data loaders need it
    except ImportError as exc:
        raise UsageError(
            "tfgpu bench needs numpy in this interpreter: pip install 'tfgpu[bench]'"
        ) from exc
    from rich.text import Text

    from tfgpu.bench.data import DataError, load, resolve_source
    from tfgpu.bench.runner import WORKLOADS, BenchConfig, parse_devices

    try:
        devices = parse_devices(args.devices)
    except ValueError as exc:
        raise UsageError(f"--devices: {exc}") from exc
    workloads = tuple(w.strip() for w in args.workloads.split(",") if w.strip())
    bad = [w for w in workloads if w not in WORKLOADS]
    if bad or not workloads:
        raise UsageError(
            f"--workloads: unknown {bad or 'empty'}; choose from {', '.join(WORKLOADS)}"
        )
    quick: dict[str, Any] = QUICK if args.quick else {}
    repeat = args.repeat if args.repeat is not None else quick.get("repeat", 3)
    epochs = args.epochs if args.epochs is not None else quick.get("epochs", 5)
    if repeat < 1 or epochs < 1:
        raise UsageError("--repeat and --epochs must be >= 1")
    train_limit = args.train_samples if args.train_samples is not None else quick.get("train_limit")
    test_limit = args.test_samples if args.test_samples is not None else quick.get("test_limit")
    if (train_limit is not None and train_limit < 64) or (
        test_limit is not None and test_limit < 1
    ):
        raise UsageError("--train-samples must be >= 64 and --test-samples >= 1")
    from tfgpu.cli.common import check_timeout

    check_timeout(args.timeout)
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        # Checked before any child starts: a missing chart library must not cost a full run.
        raise UsageError(f"--plot {args.plot}: needs matplotlib: pip install 'tfgpu[bench]'")
    if args.plot and not any(w in ("guide", "tuned") for w in workloads):
        # the chart shows training times: a run without training has nothing to draw
        raise UsageError(
            f"--plot {args.plot}: the chart shows the training time per device, and "
            f"--workloads {','.join(workloads)} trains nothing; add guide or tuned")
    if args.plot:
        from tfgpu.bench.plot import plot_format_problem

        # The image format follows the extension: a typo must not cost a full run either.
        fmt_problem = plot_format_problem(args.plot)
        if fmt_problem:
            raise UsageError(f"--plot {args.plot}: {fmt_problem}")
    for flag, value in (("--plot", args.plot), ("--save-json", args.save_json)):
        if value:
            problem = output_path_problem(value)
            if problem:
                raise UsageError(f"{flag} {value}: {problem}")
    if args.tensorboard:
        problem = output_dir_problem(args.tensorboard)
        if problem:
            raise UsageError(f"--tensorboard {args.tensorboard}: {problem}")
    try:
        source = resolve_source(
            args.data,
            args.synthetic,
            allow_download=not args.no_download,
            announce=lambda msg: err.print(Text(msg, style="bold yellow")),
        )
        if not source.synthetic:
            # Read and check the data here, before any TensorFlow child starts: a bad
            # file is the user's input (exit 2), not a device failure.
            load(source)
    except DataError as exc:
        raise UsageError(str(exc)) from exc
    return BenchConfig(
        source=source,
        devices=devices,
        workloads=workloads,
        repeat=repeat,
        epochs=epochs,
        train_limit=train_limit,
        test_limit=test_limit,
        ceiling_size=quick.get("ceiling_size"),
        copy_mib=quick.get("copy_mib", 256),
        tensorboard_dir=os.path.abspath(args.tensorboard) if args.tensorboard else None,
        timeout_s=args.timeout,
        python_executable=args.python,
        quick=args.quick,
    )


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print it; return the exit code."""
    import time

    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.text import Text

    from tfgpu.cli.common import knowledge_version, output_format
    from tfgpu.report.text import make_console, render_text

    fmt = output_format(args)
    err = make_console(sys.stderr)
    # first: a clear usage error when NumPy (the [bench] extra) is missing, before any
    # module of the benchmark, which imports it, is loaded
    cfg = _config(args, err)
    from tfgpu.bench.runner import run_bench, summarise
    from tfgpu.diagnosis.verdict import bench_report
    from tfgpu.report.json_report import render_json
    from tfgpu.report.tables import render_bench_tables
    from tfgpu.verify import host_facts_for_explain
    src = cfg.source
    if not args.json and any(w in ("guide", "tuned") for w in cfg.workloads):
        # the data the training runs use (the ceilings alone read none)
        label = "SYNTHETIC DATA (--synthetic)" if src.synthetic else f"{src.name} ({src.origin})"
        err.print(Text(f"data: {label}" + (f": {src.location}" if src.location else "")))
    n_wl = sum(1 for w in cfg.workloads if w in ("guide", "tuned"))
    per_device = n_wl * cfg.repeat * cfg.epochs
    show = args.quiet < 1 and sys.stderr.isatty()
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} epochs"),
        TimeElapsedColumn(),
        console=err,
        disable=not show,
        transient=True,
    )
    task = progress.add_task("starting", total=per_device)
    seen: set[str] = set()

    def on_event(e: dict[str, Any]) -> None:
        kind = e.get("event")
        dev = e.get("device", "")
        if kind == "child-start":
            if dev not in seen and seen:
                progress.update(task, total=(progress.tasks[0].total or 0) + per_device)
            seen.add(dev)
            progress.update(task, description=f"{dev}: importing TensorFlow")
        elif kind == "ceilings" or kind == "data":
            progress.update(task, description=f"{dev}: measuring ceilings")
        elif kind == "start":
            progress.update(task, description=f"{dev}: {e['workload']} run {e['repeat'] + 1}")
        elif kind == "epoch":
            progress.advance(task)
        elif kind == "error":
            err.print(Text(f"{dev}: {e.get('message')}", style="red"))
        elif kind == "run" and not show and not args.json and args.quiet < 1:
            err.print(
                f"{dev} {e['workload']} run {e['repeat'] + 1}: "
                f"{e['train_time_s']:.2f} s, test accuracy {e['test_accuracy_pct']:.2f}%"
            )

    load_before = os.getloadavg()
    t0 = time.perf_counter()
    with progress:
        outcomes = run_bench(cfg, on_event)
    wall_s, load_after = time.perf_counter() - t0, os.getloadavg()
    failed_child = any(
        oc.timed_out
        or oc.returncode not in (0, None)
        or any(e.get("event") == "error" for e in oc.events)
        for oc in outcomes
    )
    # A failed child's log is read against this host's facts, as the doctor reads it
    # (gathered once, only when needed, outside the timed run).
    # So is a CPU-only "auto" run: the host's facts say whether it has an NVIDIA GPU that
    # TensorFlow did not list (bench-gpu-not-used).
    cpu_only_auto = cfg.devices is None and not any(
        oc.device.startswith("gpu") for oc in outcomes)
    facts = host_facts_for_explain() if failed_child or cpu_only_auto else None
    doc, findings = summarise(cfg, outcomes, load_before, load_after, wall_s, facts)
    report = bench_report(doc, findings)
    kv = knowledge_version()
    failed = [d["device"] for d in doc["devices"] if d["status"] != "ok"]
    ran = any(d["workloads"] or d.get("ceilings") for d in doc["devices"])
    write_failed = False
    if args.plot:
        from tfgpu.bench.plot import plot_times

        try:
            plot_times(doc, args.plot)
            if not args.json:
                err.print(Text(f"chart written to {args.plot}"))
        except ImportError:
            write_failed = True
            err.print(
                Text(f"--plot {args.plot}: needs matplotlib: pip install 'tfgpu[bench]'", "red")
            )
        except (OSError, ValueError) as exc:
            write_failed = True
            err.print(Text(f"--plot {args.plot}: {exc}", style="red"))
    if args.save_json:
        try:
            with open(args.save_json, "w", encoding="utf-8") as fh:
                fh.write(render_json(report, extra={"bench": doc}, knowledge_version=kv) + "\n")
        except OSError as exc:
            write_failed = True
            err.print(Text(f"--save-json {args.save_json}: {exc}", style="red"))
    if args.json:
        print(render_json(report, extra={"bench": doc}, knowledge_version=kv))
    elif fmt in ("markdown", "html"):
        from tfgpu.cli.common import render_shareable_report
        from tfgpu.report.json_report import report_to_dict

        print(render_shareable_report(fmt, report_to_dict(report, knowledge_version=kv), args,
                                      bench=doc), end="")
    else:
        out = make_console()
        if findings:
            render_text(report, out, args.verbose - args.quiet)
        else:
            out.print(Text(report.verdict.headline))
        if ran:  # nothing ran (no such GPU...): the findings say why; no empty table
            render_bench_tables(doc, out)
    if failed:
        return status_codes.ERRORS_FOUND
    # an output the user asked for is missing: not a success
    return status_codes.ERRORS_FOUND if write_failed else status_codes.SUCCESS
