"""``tfgpu capture``: record this host's raw probe outputs as a test fixture.

Shows every command once, before running any (a command the recorder runs that the
list did not name is shown when it runs); ``--dry-run`` only shows them.  The folder it
writes is named before anything runs: ``--out DIR``; else ``tests/fixtures/hosts/<host-id>/``
inside a tfgpu checkout (a ``tests/fixtures/hosts`` folder in the current one, where the
fixtures live); else ``./tfgpu-capture-<host-id>/``.  The logic is in :mod:`tfgpu.capture`.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import platform
import shlex
import sys
from pathlib import Path

from tfgpu.cli import status_codes
from tfgpu.cli.common import PYTHON_FORMS, interpreter

#: The fixtures folder of a tfgpu checkout: the default root when the current folder has it.
FIXTURES_ROOT = Path("tests") / "fixtures" / "hosts"
#: Prefix of the default folder elsewhere (``./tfgpu-capture-<host-id>/``).
DEFAULT_PREFIX = "tfgpu-capture-"


def default_folder(host: str, cwd: Path | None = None) -> Path:
    """The folder ``capture`` writes without ``--out``: ``tests/fixtures/hosts/<host>``
    when ``cwd`` (default: the current folder) holds ``tests/fixtures/hosts/`` (a tfgpu
    checkout), else ``tfgpu-capture-<host>`` (relative to ``cwd``)."""
    base = Path.cwd() if cwd is None else cwd
    if (base / FIXTURES_ROOT).is_dir():
        return FIXTURES_ROOT / host
    return Path(f"{DEFAULT_PREFIX}{host}")


def check_host_id(host: str) -> None:
    """Refuse a ``--host-id`` that is not one folder name: it names the folder written
    (``tfgpu-capture-<host-id>/``, or ``tests/fixtures/hosts/<host-id>/`` in a checkout),
    so a path separator or ``..`` would write elsewhere (``../../x``: outside the current
    folder).

    Raises:
        tfgpu.cli.errors.UsageError: empty, ``.`` or ``..``, a ``/`` or ``\\``, or a control
            character.
    """
    from tfgpu.cli.errors import UsageError

    if "/" in host or "\\" in host:
        why = "holds a path separator ('/' or '\\')"
    elif any(ord(c) < 32 or ord(c) == 127 for c in host):
        why = "holds a control character"
    elif host.strip() in ("", ".", ".."):
        why = "is no folder name"
    else:
        return
    raise UsageError(f"--host-id {host!r} {why}: it names the folder written "
                     f"(./{DEFAULT_PREFIX}<host-id>/), so give one folder name such as "
                     "linux-x86_64-nvidia-h200-20261130; to write elsewhere, use --out DIR")


#: Invocations shown under "examples:" in ``tfgpu capture --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu capture --dry-run',
    'tfgpu capture --out my-host/',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``tfgpu capture``."""
    parser.add_argument(
        "--out",
        metavar="DIR",
        help=f"folder to write (default: ./{DEFAULT_PREFIX}<host-id>/, or "
             f"{FIXTURES_ROOT}/<host-id>/ inside a tfgpu checkout)",
    )
    parser.add_argument(
        "--host-id",
        metavar="ID",
        help="the <host-id> of the default folder (default: <os>-<arch>-<gpu>-<date>)",
    )
    parser.add_argument("--dry-run", action="store_true", help="show the commands, run nothing")
    parser.add_argument("--no-redact", action="store_true",
                        help="keep host/user names, home folders, GPU UUIDs and serials, "
                             "addresses and secrets (as for doctor --format; the folder is "
                             "then not fit to share or commit; see docs/privacy.md)")
    parser.add_argument("--force", action="store_true", help="overwrite a non-empty folder")
    parser.add_argument(
        "--timeout",
        type=float,
        default=20.0,
        metavar="S",
        help="time limit per command in seconds (default: 20)",
    )
    parser.add_argument(
        "--python",
        metavar="PYTHON",
        default=sys.executable,
        type=interpreter,
        help=f"the interpreter whose packages are recorded: {PYTHON_FORMS} (default: the one "
        "running tfgpu)",
    )


def run(args: argparse.Namespace) -> int:
    """Capture the host; return an exit code."""
    from tfgpu import capture
    from tfgpu.cli.common import check_python, check_timeout
    from tfgpu.cli.errors import UsageError
    from tfgpu.probes import ProbeContext

    check_timeout(args.timeout)
    check_python(args.python)  # as facts and doctor: a missing interpreter records nothing
    if args.out and args.host_id:
        raise UsageError("give --out or --host-id, not both")
    if args.host_id is not None:
        check_host_id(args.host_id)
    ctx = ProbeContext(
        python_executable=args.python, timeout_s=args.timeout, system=platform.system()
    )

    shown: set[str] = set()

    def echo(line: str) -> None:
        # each command once: the list below, then only one it did not name
        if line not in shown:
            shown.add(line)
            print(f"  $ {line}", file=sys.stderr)

    print("tfgpu capture will run (each with a time limit, read-only):", file=sys.stderr)
    for step in capture.plan(ctx.system, ctx.python_executable):
        echo(shlex.join(step.argv))
    print("and read CUDA folders, PATH/LD_LIBRARY_PATH entries, site-packages.", file=sys.stderr)
    out_given = Path(args.out) if args.out else None
    where = (f"{out_given}/" if out_given is not None else
             f"{default_folder(args.host_id)}/" if args.host_id else
             f"{default_folder('<os>-<arch>-<gpu>-<date>')}/ (named once the probes ran)")
    print(f"{'it would write' if args.dry_run else 'then write'}: {where}", file=sys.stderr)
    if args.dry_run:
        return status_codes.SUCCESS
    if out_given is not None:
        _check_target(out_given, args.force)
    print("running...", file=sys.stderr)
    redact = not args.no_redact
    if not redact:
        print("--no-redact: nothing will be scrubbed; do not share or commit this folder",
              file=sys.stderr)
    scrub = capture.default_scrubber() if redact else capture.no_scrubber()
    cap = capture.record(ctx, echo, scrub)
    now = _dt.datetime.now(_dt.timezone.utc)
    host = args.host_id or capture.host_id(
        cap.facts, ctx.system, str(cap.context.get("machine")), now.date()
    )
    out = out_given or default_folder(host)
    if out_given is None:
        _check_target(out, args.force)
        print(f"writing {out}/", file=sys.stderr)
    try:
        written = capture.write(cap, out, now, redacted=redact)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc}") from exc
    driver = cap.facts.get("driver") or {}
    print(f"wrote {len(written)} files to {out}/", file=sys.stderr)
    print(
        f"driver: {driver.get('status')} {driver.get('version') or ''}".rstrip()
        + f"; GPUs: {len(cap.facts.get('gpus', []))}"
        + f"; CUDA toolkits: {len(cap.facts.get('toolkits', []))}"
        + f"; CUDA libraries: {len(cap.facts.get('libraries', []))}",
        file=sys.stderr,
    )
    # expected-facts.json is the replay tests' part, not a --facts snapshot (say which is)
    print("expected-facts.json holds the probed part the replay tests compare; for "
          "`tfgpu doctor --facts` write a snapshot with `tfgpu facts --json > facts.json`",
          file=sys.stderr)
    print("Check the files for anything private before sharing them." if redact else
          "NOT redacted (--no-redact): keep this folder private.", file=sys.stderr)
    print(out)
    return status_codes.SUCCESS


def _check_target(out: Path, force: bool) -> None:
    from tfgpu.cli.errors import UsageError

    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise UsageError(f"{out} is not empty (use --force to overwrite)")
