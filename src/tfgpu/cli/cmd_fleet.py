"""``tfgpu fleet``: the doctor across many hosts.

Inside a Slurm allocation (``SLURM_JOB_ID`` set), or with ``--slurm`` to ask ``srun`` for
one, it runs ``tfgpu facts`` on every node (one task per node, bounded time per node);
or it reads snapshots from files and folders (``tfgpu facts -o DIR/$(hostname).json``
run by pdsh, Ansible, a Kubernetes DaemonSet).  It prints the facts that must agree across
workers with the differences marked, each node's doctor verdict, and the fleet-only
findings.  Exit codes as the doctor's: 0 no error finding, 1 an error finding (fleet or
any node's doctor), 2 usage, 3 no node could be examined (no ``srun``, Slurm refused).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tfgpu.cli import status_codes
from tfgpu.cli.common import (
    add_format_arguments,
    add_kubernetes_group,
    output_format,
    verbosity_of,
)
from tfgpu.cli.errors import UsageError

if TYPE_CHECKING:
    from tfgpu.fleet import FleetReport, NodeResult

#: Output formats: name -> renderer(report, exit_code, verbosity).  ``--json`` is
#: ``json``; ``markdown`` and ``html`` (shareable, redacted) go through :func:`_shareable`.
Renderer = Callable[["FleetReport", int, int], None]


def _text(report: FleetReport, exit_code: int, verbosity: int) -> None:
    from tfgpu.report.fleet import render_fleet_text
    from tfgpu.report.text import make_report_console

    render_fleet_text(report, make_report_console(), verbosity)


def _json(report: FleetReport, exit_code: int, verbosity: int) -> None:
    from tfgpu.report.fleet import render_fleet_json

    print(render_fleet_json(report, exit_code))


FORMATS: dict[str, Renderer] = {"text": _text, "json": _json}


#: Invocations shown under "examples:" in ``tfgpu fleet --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu fleet',
    'tfgpu fleet facts/',
    'tfgpu fleet --slurm --no-tf --save facts/',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="facts snapshots (files written by `tfgpu facts`) or folders of "
                             "*.json snapshots; the node name is the file name")
    parser.add_argument("--slurm", action="store_true",
                        help="ask every node through srun even outside an allocation "
                             "(srun then allocates with --srun-args)")
    parser.add_argument("--srun-args", default="", metavar="'ARGS'",
                        help="srun options for the allocation, e.g. '-N 4 -p gpu --time=5' "
                             "(quoted, split like a shell)")
    parser.add_argument("--node-timeout", type=float, default=None, metavar="SECONDS",
                        help="seconds tfgpu facts may take on one node (default 180)")
    parser.add_argument("--remote", default=None, metavar="'COMMAND'",
                        help="the command each node runs to print its snapshot "
                             "(default 'tfgpu facts'; e.g. '/opt/venv/bin/tfgpu facts')")
    parser.add_argument("--no-tf", action="store_true",
                        help="pass --no-tf to each node's tfgpu facts (fast: no TensorFlow "
                             "import; TF's CUDA build and GPU list are then not compared)")
    parser.add_argument("--save", metavar="DIR",
                        help="also write each node's snapshot to DIR/<node>.json")
    add_format_arguments(parser)
    kube = add_kubernetes_group(
        parser, switch="--daemonset",
        what="print the facts-collecting DaemonSet manifest and exit",
        description="print a DaemonSet whose pod on each node logs `tfgpu facts`; read the "
        "logs into a folder and run tfgpu fleet FOLDER",
        image_help="container image with tfgpu (the training's image)",
        namespace_help="namespace of the DaemonSet")
    kube.add_argument("--node-selector", action="append", default=[], metavar="KEY=VALUE",
                      help="only nodes with this label (repeatable), e.g. "
                           "nvidia.com/gpu.present=true")


def _progress(text: str) -> None:
    """One progress line of the Slurm collection on standard error (``-q``: none)."""
    print(f"tfgpu fleet: {text}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    """Collect, examine, render; return the exit code."""
    from tfgpu.fleet import FleetError, collect_files, collect_slurm, examine
    from tfgpu.fleet.collect import DEFAULT_NODE_TIMEOUT_S, DEFAULT_REMOTE, in_allocation

    fmt = output_format(args)
    if args.daemonset:
        return _daemonset(args)
    if args.image or args.namespace or args.node_selector:
        raise UsageError("--image, --namespace and --node-selector need --daemonset")
    try:
        srun_args = shlex.split(args.srun_args)
        remote = shlex.split(args.remote) if args.remote is not None else list(DEFAULT_REMOTE)
    except ValueError as exc:
        raise UsageError(f"cannot split --srun-args/--remote: {exc}") from exc
    if not remote:
        raise UsageError("--remote is empty")
    if args.no_tf:
        remote.append("--no-tf")
    timeout = DEFAULT_NODE_TIMEOUT_S if args.node_timeout is None else args.node_timeout
    if not 1 <= timeout <= 86400:
        raise UsageError(f"--node-timeout must be 1..86400 seconds, not {timeout:g}")
    use_slurm = args.slurm or (not args.paths and in_allocation(os.environ))
    if srun_args and not use_slurm:
        raise UsageError("--srun-args needs --slurm (or a Slurm allocation)")
    if not use_slurm and not args.paths:
        raise UsageError("nothing to examine: run it inside a Slurm allocation (salloc/sbatch), "
                         "pass --slurm --srun-args '-N 2 ...', or give facts files/folders")
    nodes = []
    sources: list[str] = []
    try:
        if args.paths:
            try:
                nodes += collect_files(args.paths)
            except FleetError as exc:
                # a path that does not exist, a folder without snapshots: an input that
                # cannot be read (exit 2, as README's table and `explain MISSING`)
                raise UsageError(str(exc)) from None
            sources += list(args.paths)
        if use_slurm:
            job = os.environ.get("SLURM_JOB_ID")
            sources.append(f"srun ({'job ' + job if job else 'new allocation'}, "
                           f"{timeout:g} s per node)")
            nodes += collect_slurm(remote=remote, node_timeout_s=timeout, srun_args=srun_args,
                                   progress=_progress if verbosity_of(args) >= 0 else None)
    except FleetError as exc:
        print(f"tfgpu fleet: {exc}", file=sys.stderr)
        return status_codes.HOST_UNEXAMINED
    if args.save:
        _save(args.save, nodes)
    report = examine(nodes, sources=sources)
    if not report.examined:
        code = status_codes.HOST_UNEXAMINED
    else:
        code = status_codes.ERRORS_FOUND if report.has_errors else status_codes.SUCCESS
    from tfgpu.cli.common import exit_code_if_output_cut

    exit_code_if_output_cut(code)  # kept if the reader closes the pipe early
    if fmt in ("markdown", "html"):
        _shareable(fmt, report, code, args)
    else:
        FORMATS[fmt](report, code, verbosity_of(args))
    return code


def _shareable(fmt: str, report: FleetReport, exit_code: int, args: argparse.Namespace) -> None:
    """Print the fleet report as markdown or html, redacted unless ``--no-redact`` (node
    names become ``node-1``...: they are host names)."""
    from tfgpu.cli.common import shareable_redactor
    from tfgpu.report.fleet import fleet_share_parts, fleet_to_dict, node_pseudonyms
    from tfgpu.report.share import render_shareable

    redact = not args.no_redact
    whole = fleet_to_dict(report, exit_code)
    doc, tables = fleet_share_parts(whole, rename_nodes=redact)
    # the node-N names are placeholders already: a Slurm line that gives one as its node
    # ("*** STEP 1.0 ON node-1 CANCELLED") must not make it "host"
    redactor = shareable_redactor(args).keeping(node_pseudonyms(whole))
    sys.stdout.write(render_shareable(fmt, doc, redactor=redactor, tables=tables))


def _save(folder: str, nodes: Sequence[NodeResult]) -> None:
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for n in nodes:
            if n.facts is not None:
                safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in n.name)
                (out / f"{safe}.json").write_text(n.facts.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write to --save {folder}: {exc}") from exc


def _daemonset(args: argparse.Namespace) -> int:
    """Print the facts DaemonSet; return 0."""
    from tfgpu.fleet.kubernetes import ManifestError, facts_daemonset, manifest_text

    if not args.image:
        raise UsageError("--daemonset needs --image (an image with tfgpu installed)")
    if args.paths or args.slurm:
        raise UsageError("--daemonset prints a manifest; it reads no snapshots")
    selector: dict[str, str] = {}
    for item in args.node_selector:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--node-selector {item!r}: use KEY=VALUE")
        selector[key] = value
    try:
        manifest = facts_daemonset(args.image, namespace=args.namespace, no_tf=args.no_tf,
                                   node_selector=selector)
    except ManifestError as exc:
        raise UsageError(str(exc)) from exc
    ns = f" -n {args.namespace}" if args.namespace else ""
    sys.stdout.write(manifest_text(manifest, (
        "DaemonSet written by tfgpu fleet --daemonset: each node's pod logs its tfgpu facts.",
        f"kubectl apply{ns} -f <this file>; then, once the pods run:",
        f"  mkdir -p facts; kubectl get pods{ns} -l app.kubernetes.io/name=tfgpu-facts -o "
        "jsonpath='{range .items[*]}{.metadata.name} {.spec.nodeName}{\"\\n\"}{end}' |",
        f"    while read pod node; do kubectl logs{ns} \"$pod\" > \"facts/$node.json\"; done",
        "  tfgpu fleet facts/",
        f"kubectl delete{ns} daemonset tfgpu-facts   # when done",
    )))
    return status_codes.SUCCESS
