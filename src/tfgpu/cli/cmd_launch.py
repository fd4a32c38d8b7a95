"""``tfgpu launch --workers N -- CMD ...``: run N local workers of a multi-worker script.

``tfgpu launch --slurm [--submit] -- CMD ...`` instead writes the ``sbatch`` script that
runs CMD with ``srun``, one task per worker (:mod:`tfgpu.fleet.slurm`), prints it, and
with ``--submit`` hands it to ``sbatch``; ``--kubernetes`` prints a Kubeflow TFJob
manifest (:mod:`tfgpu.fleet.kubernetes`).  tfgpu schedules nothing itself.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from types import FrameType

from tfgpu._words import plural
from tfgpu.cli import status_codes
from tfgpu.cli.common import add_kubernetes_group, check_timeout
from tfgpu.cli.errors import UsageError
from tfgpu.runtime.launch import (
    DEFAULT_HOST,
    MAX_WORKERS,
    NETWORKS,
    LaunchError,
    check_host,
    launch,
)

#: Invocations shown under "examples:" in ``tfgpu launch --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu launch --workers 2 -- python train.py',
    'tfgpu launch --slurm -N 4 --gpus-per-node 4 -t 2:00:00 -- python train.py',
    'tfgpu launch --kubernetes --image IMG --workers 4 -- python train.py | kubectl apply -f -',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("--workers", "-n", type=int, default=2, metavar="N",
                        help=f"number of worker processes (1-{MAX_WORKERS}, default 2)")
    parser.add_argument("--grace", type=float, default=10.0, metavar="SECONDS",
                        help="seconds a worker gets to exit when stopped, before SIGKILL")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                        help=f"address written in each worker's TF_CONFIG (default "
                             f"{DEFAULT_HOST}, loopback); TensorFlow's server listens on "
                             "all interfaces whatever it is (see --network)")
    parser.add_argument("--network", choices=NETWORKS, default="auto",
                        help="auto (default): on Linux the workers get a private network "
                             "(loopback only: nothing reaches TensorFlow's servers, and the "
                             "workers reach nothing outside); host: the host's network "
                             "(downloads work; the ports are reachable from other machines); "
                             "private: like auto, but fail where it cannot be had")
    cluster = parser.add_argument_group(
        "Slurm (--slurm)", "write an sbatch script that runs the command with srun, one task "
        "per worker; print it; --submit hands it to sbatch")
    cluster.add_argument("--slurm", action="store_true",
                         help="write (and with --submit, submit) a Slurm batch script")
    cluster.add_argument("--submit", action="store_true",
                         help="submit the script with sbatch after printing it")
    cluster.add_argument("--wait", action="store_true",
                         help="with --submit: wait until the job ends (sbatch --wait); the "
                              "exit code is the job's")
    cluster.add_argument("--nodes", "-N", type=int, default=None, metavar="N",
                         help="nodes (default 1)")
    cluster.add_argument("--ntasks-per-node", type=int, default=None, metavar="N",
                         help="workers per node (default 1: one worker uses all the "
                              "node's GPUs)")
    cluster.add_argument("--gpus-per-node", type=int, default=None, metavar="N",
                         help="GPUs per node (default: none requested; the script and a "
                              "note say so)")
    cluster.add_argument("--chdir", "-D", default=None, metavar="DIR",
                         help="folder the job runs in (#SBATCH --chdir; default: Slurm's, "
                              "the folder sbatch is called from)")
    cluster.add_argument("--time", "-t", default=None, metavar="TIME",
                         help="wall-time limit, as sbatch reads it (30, 1:00:00, 2-00:00:00)")
    cluster.add_argument("--partition", "-p", default=None, metavar="NAME",
                         help="partition (default: the cluster's)")
    cluster.add_argument("--job-name", "-J", default=None, metavar="NAME",
                         help="job name (default tfgpu-train)")
    cluster.add_argument("--output", "-o", default=None, metavar="PATTERN",
                         help="job output file (default tfgpu-%%j.out; %%j is the job id)")
    cluster.add_argument("--sbatch-option", action="append", default=[], metavar="OPT",
                         help="one more #SBATCH option, e.g. --account=abc (repeatable)")
    cluster.add_argument("--preflight", action="store_true",
                         help="run `tfgpu fleet --no-tf` in the job first; stop when the "
                              "nodes disagree")
    cluster.add_argument("--script", default=None, metavar="FILE",
                         help="write the script to FILE (with --submit, default "
                              "./<job name>.sbatch)")
    add_kubernetes_group(
        parser, switch="--kubernetes",
        what="print a Kubeflow TFJob manifest instead of starting workers",
        description="print a Kubeflow TFJob manifest (--workers replicas) for kubectl apply -f -",
        image_help="container image with TensorFlow, tfgpu and the script",
        namespace_help="namespace of the TFJob (default: kubectl's current one)")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- COMMAND ...",
                        help="the worker command, after `--` (e.g. -- python train.py)")


#: Signals that stop the workers like Ctrl-C: SIGTERM (``kill``, a batch system) and
#: SIGHUP (the terminal was closed).
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP to the launcher stops the workers like Ctrl-C."""
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    """Start the workers, stream their output, return 0 when all succeed."""
    cmd = list(args.cmd)
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        raise UsageError("no worker command: tfgpu launch --workers 2 -- python train.py")
    if args.slurm and args.kubernetes:
        raise UsageError("--slurm and --kubernetes: choose one")
    if args.slurm:
        return _slurm(args, cmd)
    if args.kubernetes:
        return _kubernetes(args, cmd)
    if args.image or args.namespace:
        raise UsageError("--image and --namespace need --kubernetes")
    slurm_only = [opt for opt, given in (
        ("--submit", args.submit), ("--wait", args.wait), ("--nodes", args.nodes),
        ("--ntasks-per-node", args.ntasks_per_node), ("--gpus-per-node", args.gpus_per_node),
        ("--time", args.time), ("--partition", args.partition), ("--job-name", args.job_name),
        ("--output", args.output), ("--sbatch-option", args.sbatch_option),
        ("--preflight", args.preflight), ("--script", args.script),
        ("--chdir", args.chdir)) if given]
    if slurm_only:
        raise UsageError(f"{', '.join(slurm_only)} need --slurm")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be between 1 and {MAX_WORKERS}, not {args.workers}")
    check_timeout(args.grace, "--grace", allow_zero=True)
    try:
        check_host(args.host)
    except LaunchError as exc:
        raise UsageError(str(exc)) from None
    previous = {s: signal.signal(s, _terminate) for s in STOP_SIGNALS}
    try:
        result = launch(cmd, args.workers, out=sys.stdout, grace_s=args.grace, host=args.host,
                        network=args.network)
    except LaunchError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    with contextlib.suppress(OSError):  # stderr is gone when the terminal closed
        print(f"tfgpu launch: {result.message} ({result.duration_s:.1f} s)", file=sys.stderr)
    if result.exit_code == 130:
        return status_codes.INTERRUPTED
    return status_codes.SUCCESS if result.exit_code == 0 else status_codes.ERRORS_FOUND


def _slurm(args: argparse.Namespace, cmd: list[str]) -> int:
    """Write, print and (``--submit``) submit the batch script; return the exit code."""
    from tfgpu.fleet.slurm import (
        NO_GPU_NOTE,
        SlurmJob,
        SlurmJobError,
        failure_summary,
        render_batch_script,
        sbatch_wait_timeout_s,
        submit,
    )

    if args.wait and not args.submit:
        raise UsageError("--wait needs --submit")
    job = SlurmJob(
        command=tuple(cmd), nodes=1 if args.nodes is None else args.nodes,
        ntasks_per_node=1 if args.ntasks_per_node is None else args.ntasks_per_node,
        gpus_per_node=args.gpus_per_node,
        time=args.time, partition=args.partition,
        job_name=args.job_name or "tfgpu-train", output=args.output or "tfgpu-%j.out",
        workdir=args.chdir, extra=tuple(args.sbatch_option), preflight=args.preflight)
    try:
        script = render_batch_script(job)
    except SlurmJobError as exc:
        raise UsageError(str(exc)) from exc
    path = args.script or (f"{job.job_name}.sbatch" if args.submit else None)
    sys.stdout.write(script)
    sys.stdout.flush()
    if job.gpus_per_node is None:
        print(f"tfgpu launch: note: {NO_GPU_NOTE}", file=sys.stderr)
    if path is not None:
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(script)
        except OSError as exc:
            raise UsageError(f"cannot write the script to {path}: {exc}") from exc
        print(f"tfgpu launch: wrote {path}", file=sys.stderr)
    if not args.submit:
        return status_codes.SUCCESS
    assert path is not None
    timeout = sbatch_wait_timeout_s(job) if args.wait else 120.0
    result = submit(path, wait=args.wait, timeout_s=timeout)
    if result.job_id is not None:
        print(f"tfgpu launch: submitted job {result.job_id} ({plural(job.workers, 'worker')}; "
              f"output {job.output.replace('%j', result.job_id)})", file=sys.stderr)
    if not result.ok:
        if result.job_id is not None and args.wait and result.exit_code is not None:
            # sbatch --wait exits with the job's status: the cause is in the job's output
            why = failure_summary(job, result.job_id, result.exit_code)
        else:
            why = result.message or f"exit status {result.exit_code}"
        print(f"tfgpu launch: {'sbatch failed' if result.job_id is None else 'the job failed'}"
              f": {why}", file=sys.stderr)
        return (status_codes.HOST_UNEXAMINED if result.job_id is None
                else status_codes.ERRORS_FOUND)
    return status_codes.SUCCESS


def _kubernetes(args: argparse.Namespace, cmd: list[str]) -> int:
    """Print the TFJob manifest; return 0."""
    from tfgpu.fleet.kubernetes import (
        NO_GPU_NOTE,
        ManifestError,
        TFJobSpec,
        manifest_text,
        tfjob_manifest,
    )

    if not args.image:
        raise UsageError("--kubernetes needs --image (the container image to run)")
    other = [opt for opt, given in (("--submit", args.submit), ("--nodes", args.nodes),
                                    ("--time", args.time), ("--partition", args.partition),
                                    ("--script", args.script),
                                    ("--chdir", args.chdir)) if given]
    if other:
        raise UsageError(f"{', '.join(other)}: Slurm options, not used with --kubernetes")
    spec = TFJobSpec(command=tuple(cmd), image=args.image, workers=args.workers,
                     gpus_per_worker=args.gpus_per_node or 0,
                     name=args.job_name or "tfgpu-train", namespace=args.namespace)
    try:
        manifest = tfjob_manifest(spec)
    except ManifestError as exc:
        raise UsageError(str(exc)) from exc
    sys.stdout.write(manifest_text(manifest, (
        f"Kubeflow TFJob written by tfgpu launch --kubernetes: {plural(spec.workers, 'worker')}.",
        "The training operator sets TF_CONFIG in each worker; tfgpu.setup() reads it.",
        "Apply with: kubectl apply -f <this file>   (needs the Kubeflow training operator)",
        *((NO_GPU_NOTE,) if args.gpus_per_node is None else ()),
    )))
    sys.stdout.flush()
    if args.gpus_per_node is None:
        print(f"tfgpu launch: note: {NO_GPU_NOTE}", file=sys.stderr)
    return status_codes.SUCCESS
