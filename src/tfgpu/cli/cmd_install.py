"""``tfgpu install``: run this host's plan into a new virtual environment, then verify it.

It prints the plan and asks before running anything (``--yes`` skips the question;
without a terminal and without ``--yes`` it refuses).  It never uses ``sudo`` and never
touches a system CUDA: root steps are printed as instructions.  Progress goes to
stderr.

Examples::

    tfgpu install                        # asks, then builds .venv-tfgpu
    tfgpu install --yes --venv ~/envs/tf # no question; builds ~/envs/tf
    tfgpu install --route cpu --yes      # the CPU build
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.status import Status

from tfgpu.cli import status_codes
from tfgpu.cli.common import this_host_target, verbosity_of
from tfgpu.cli.errors import UsageError
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import (
    DEFAULT_VENV,
    InstallRefused,
    PlanError,
    make_plan,
    run_install,
)
from tfgpu.plan.install import PlannedStep, StepOutcome, check_installable, planned_steps
from tfgpu.plan.model import Manual, Route, Step
from tfgpu.plan.render import render_header
from tfgpu.plan.target import TargetError, normalize_python

#: Invocations shown under "examples:" in ``tfgpu install --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu install',
    'tfgpu install --yes --venv .venv-tf --python 3.11',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``tfgpu install``'s options."""
    parser.add_argument(
        "--venv",
        metavar="PATH",
        help=f"environment folder (default {DEFAULT_VENV}); an existing venv is changed only "
        "when named here",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="run the plan without asking")
    parser.add_argument(
        "--route", choices=[r.value for r in Route], help="use this route instead of the default"
    )
    parser.add_argument(
        "--python", metavar="3.X",
        help="build the environment with Python version X.Y (a version, not an interpreter "
        "path; python3.11 reads as 3.11)"
    )


class ConsoleReporter:
    """Progress on stderr: a spinner with the elapsed time for each running step."""

    def __init__(self, console: Console, quiet: bool = False) -> None:
        self.console = console
        self.quiet = quiet
        self._status: Status | None = None
        self._started = 0.0

    def start(self, index: int, total: int, step: Step, command: Sequence[str]) -> None:
        """Show ``[i/n] title`` and the command; start the spinner for commands."""
        self._started = time.monotonic()
        self.console.print(f"[bold][{index}/{total}][/bold] {step.title}", highlight=False)
        if command and not self.quiet:
            self.console.print(
                f"      $ {shlex.join(command)}", style="dim", highlight=False, markup=False
            )
        if not isinstance(step.action, Manual):
            self._status = self.console.status(f"{step.title}...")
            self._status.start()

    def finish(self, outcome: StepOutcome) -> None:
        """Stop the spinner and print the outcome."""
        if self._status is not None:
            self._status.stop()
            self._status = None
        took = f" ({outcome.duration_s:.0f} s)" if outcome.duration_s >= 1 else ""
        if outcome.status == "done":
            self.console.print(
                f"      done{took}" + (f": {outcome.message}" if outcome.message else ""),
                style="green",
                highlight=False,
                markup=False,
            )
        elif outcome.status == "manual":
            self.console.print(
                f"      not run by tfgpu (do it yourself): {outcome.message}",
                style="yellow",
                highlight=False,
                markup=False,
            )
        elif outcome.status == "failed":
            self.console.print("      failed" + took, style="red", highlight=False, markup=False)


def format_planned(steps: Sequence[PlannedStep]) -> str:
    """The steps as ``tfgpu install`` will run them: each runnable step's exact argv
    (what :func:`tfgpu.plan.run_install` runs), reuse/manual/activate-script steps in
    words."""
    lines = ["Steps (exactly what tfgpu install runs):"]
    for ps in steps:
        mark = "  (you do this; tfgpu never runs it)" if ps.kind == "manual" else ""
        lines.append(f"  {ps.index}. {ps.title}{mark}")
        if ps.argv:
            lines.append(f"       $ {shlex.join(ps.argv)}")
        if ps.text:
            lines.append(f"       {ps.text}")
    return "\n".join(lines) + "\n"


def _confirm(question: str, ask: Callable[[str], str] = input) -> bool:
    try:
        answer = ask(question)
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def run(args: argparse.Namespace) -> int:
    """Plan for this host, confirm, install, verify; exit 0 when verified, 1 otherwise."""
    target = this_host_target()
    if args.python is not None:
        try:
            target = replace(target, python=normalize_python(args.python))
        except TargetError as exc:
            raise UsageError(str(exc)) from None
    env_path = Path(args.venv or DEFAULT_VENV)
    try:
        plan = make_plan(
            target, load_knowledge(), Route(args.route) if args.route else None, str(env_path)
        )
    except PlanError as exc:
        raise UsageError(str(exc)) from None
    verbosity = verbosity_of(args)
    sys.stdout.write(render_header(plan, verbosity))
    try:
        mode = check_installable(plan, env_path.absolute(), explicit_env=args.venv is not None)
    except InstallRefused as exc:
        sys.stdout.flush()
        raise UsageError(f"not installing: {exc}") from None
    sys.stdout.write(format_planned(planned_steps(plan, env_path)))
    sys.stdout.flush()
    where = "into the existing environment" if mode == "reuse" else "into a new environment"
    if not args.yes:
        if not sys.stdin.isatty():
            raise UsageError(
                "not installing: this would run the steps above and stdin is not a terminal to "
                "ask; "
                "rerun with --yes to run them without asking"
            )
        if not _confirm(f"Run the steps above {where} {env_path.absolute()}? [y/N] "):
            print("Nothing was run.", file=sys.stderr)
            return status_codes.SUCCESS
    console = Console(
        soft_wrap=True,
        stderr=True,
        no_color=bool(os.environ.get("NO_COLOR")) or None,
        highlight=False,
    )
    result = run_install(
        plan,
        env_path,
        explicit_env=args.venv is not None,
        reporter=ConsoleReporter(console, quiet=verbosity < 0),
    )
    print(result.message)
    if result.verify is not None:
        for line in result.verify.details:
            print(f"  {line}")
    return status_codes.SUCCESS if result.ok else status_codes.ERRORS_FOUND
