"""``tfgpu plan``: the install plan for this host, a described host, or a facts file.

Examples::

    tfgpu plan                                   # this host
    tfgpu plan --os linux --gpu "GTX 1060" --driver 470.82.01 --python 3.10
    tfgpu plan --os windows --gpu "RTX 3060 Laptop GPU" --driver 531.14 --format powershell
    tfgpu plan --facts host.json --route system-cuda --format sh > install.sh
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from tfgpu.cli import status_codes
from tfgpu.cli.common import output_format, this_host_target, verbosity_of
from tfgpu.cli.errors import UsageError
from tfgpu.facts import FactsFormatError, read_facts_file
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import PlanError, make_plan, render
from tfgpu.plan.model import Route
from tfgpu.plan.render import FORMATS
from tfgpu.plan.select import check_conda_env
from tfgpu.plan.target import (
    ARCH_CHOICES,
    OS_CHOICES,
    TargetError,
    TargetHost,
    as_described_jetson,
    check_gpu_platform,
    normalize_arch,
    normalize_cc,
    normalize_driver,
    normalize_python,
    parse_gpu,
    target_from_description,
    target_from_facts,
)

#: Invocations shown under "examples:" in ``tfgpu plan --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu plan',
    'tfgpu plan --os linux --gpu "RTX 4090" --driver 550.54.14 --python 3.12',
    'tfgpu plan --os windows --gpu "RTX 3060 Laptop GPU" --format powershell',
    'tfgpu plan --facts host.json --format sh > install.sh',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``tfgpu plan``'s options (shared with ``tfgpu install`` where noted)."""
    host = parser.add_argument_group("target host (default: this host)")
    host.add_argument(
        "--os", choices=OS_CHOICES, help="describe a host instead of examining this one"
    )
    host.add_argument(
        "--gpu",
        metavar="NAME",
        help='GPU name, e.g. "RTX 3060 Laptop GPU", "A100", "Apple M2", none',
    )
    host.add_argument(
        "--driver",
        metavar="X",
        help="NVIDIA driver version, e.g. 535.161.08 (Windows driver for WSL2)",
    )
    host.add_argument("--python", metavar="3.X",
                      help="Python version X.Y the new environment should use (a version, not "
                      "an interpreter path; python3.11 reads as 3.11)")
    host.add_argument(
        "--arch", choices=ARCH_CHOICES, help="CPU architecture (default x86_64; arm64 for Apple)"
    )
    host.add_argument(
        "--cc", metavar="X.Y", help="GPU compute capability, when the name is not in the table"
    )
    host.add_argument(
        "--facts", metavar="FILE", help="plan for a snapshot from `tfgpu facts` (- for stdin)"
    )
    parser.add_argument(
        "--route",
        choices=[r.value for r in Route],
        help="use this route instead of the default (pip and-cuda wheels in a venv)",
    )
    parser.add_argument(
        "--format", choices=FORMATS, default=None, help="output format (text)"
    )
    # README's "--json (same as --format json)" holds for plan too
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document (same as --format json; "
                             "its JSON Schema: tfgpu schema COMMAND)")
    parser.add_argument(
        "--venv", metavar="PATH", help="virtual environment folder (conda: environment name)"
    )


def read_facts_target(path: str) -> TargetHost:
    """Load ``--facts FILE`` as a target.

    Raises:
        UsageError: the file is missing, unreadable, not JSON or not a facts snapshot.
    """
    try:
        target = target_from_facts(read_facts_file(path), origin=path)
        # a snapshot whose OS and GPU no machine has (an Apple GPU on Linux) is not one host's
        check_gpu_platform(target.os, target.arch, target.gpu_vendor, target.gpu_name)
    except OSError as exc:
        raise UsageError(f"--facts {path}: cannot read it ({exc})") from None
    except (FactsFormatError, TargetError) as exc:
        raise UsageError(
            f"--facts {path}: not a tfgpu facts snapshot ({exc}); make one with `tfgpu facts`"
        ) from None
    return target


def build_target(args: argparse.Namespace) -> TargetHost:
    """The target from the arguments: ``--facts``, or ``--os`` (a description), or this
    host; ``--gpu/--driver/--python/--arch/--cc`` override any of them.

    Raises:
        UsageError: conflicting or malformed options.
    """
    try:
        if getattr(args, "facts", None) and getattr(args, "os", None):
            raise UsageError("give either --facts or --os, not both")
        if getattr(args, "facts", None):
            target = read_facts_target(args.facts)
        elif getattr(args, "os", None):
            return target_from_description(
                args.os,
                gpu=args.gpu,
                driver=args.driver,
                python=args.python,
                arch=args.arch,
                compute_capability=args.cc,
            )
        else:
            target = this_host_target()
        if getattr(args, "gpu", None) is not None:
            vendor, name = parse_gpu(args.gpu)
            target = replace(
                target, gpu_vendor=vendor, gpu_name=name, compute_capability=None
            )
            # a Jetson named here is not this host (nor the snapshot's): Linux on arm64
            target = as_described_jetson(target)
        if getattr(args, "driver", None):
            target = replace(target, driver=normalize_driver(args.driver))
        if getattr(args, "python", None) is not None:
            target = replace(target, python=normalize_python(args.python), python_assumed=False,
                             python_from_host=False)
        if getattr(args, "arch", None):
            target = replace(target, arch=normalize_arch(args.arch))
        if getattr(args, "cc", None) is not None:
            cc = normalize_cc(args.cc)
            if target.gpu_vendor is None:
                target = replace(target, gpu_vendor="nvidia")
            target = replace(
                target, compute_capability=cc, cc_source="given on the command line"
            )
        check_gpu_platform(target.os, target.arch, target.gpu_vendor, target.gpu_name)
    except TargetError as exc:
        raise UsageError(str(exc)) from None
    return target


def run(args: argparse.Namespace) -> int:
    """Print the plan in ``--format``; exit 0 (a plan exists, a Jetson's manual one too) or 1
    (nothing installable)."""
    fmt = output_format(args)
    target = build_target(args)
    if fmt == "powershell" and target.os != "windows":
        raise UsageError(
            f"--format powershell writes Windows steps and the target is {target.os}; "
            "use --format sh (or describe a Windows host with --os windows)"
        )
    if fmt == "conda" and args.venv and not args.route:
        try:
            check_conda_env(args.venv)
        except PlanError as exc:
            raise UsageError(str(exc)) from None
    try:
        plan = make_plan(
            target, load_knowledge(), Route(args.route) if args.route else None, args.venv
        )
    except PlanError as exc:
        raise UsageError(str(exc)) from None
    if plan.route is Route.JETSON and fmt in ("conda", "requirements"):
        raise UsageError(
            f"--format {fmt}: on an NVIDIA Jetson TensorFlow is NVIDIA's build for its JetPack "
            "release, installed as the plan's steps say; there is nothing to write as "
            f"{fmt} (use --format text or sh)")
    sys.stdout.write(render(plan, fmt, verbosity_of(args)))
    # a Jetson's plan is made of manual steps (NVIDIA's build, no pinned requirement)
    made = bool(plan.requirements) or plan.route is Route.JETSON
    return status_codes.SUCCESS if made else status_codes.ERRORS_FOUND
