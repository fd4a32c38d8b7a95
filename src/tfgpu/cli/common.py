"""What several commands share: the gathering options and the host they examine, reading a
facts snapshot, the verbosity count.  Not a command (commands never import each other).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from tfgpu.cli.errors import UsageError

if TYPE_CHECKING:
    from tfgpu.facts import HostFacts
    from tfgpu.plan.target import TargetHost
    from tfgpu.privacy import Redactor

#: Ordinary probes never get more than this many seconds, whatever ``--timeout`` says.
MAX_PROBE_TIMEOUT_S = 10.0
#: Largest ``--timeout`` accepted, seconds (one day).
MAX_TIMEOUT_S = 86400.0


def add_gather_arguments(parser: argparse.ArgumentParser) -> None:
    """Options that control how the host is examined."""
    parser.add_argument("--no-tf", action="store_true",
                        help="skip the TensorFlow child probe (fast; hardware/driver/install only)")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="time limit of the TensorFlow probe (default 90); other probes get "
                             f"at most {MAX_PROBE_TIMEOUT_S:g}")
    parser.add_argument("--python", metavar="PYTHON", default=None, type=interpreter,
                        help=f"the Python interpreter whose TensorFlow to examine: {PYTHON_FORMS} "
                             "(default: the one running tfgpu)")


#: What an interpreter option (doctor, facts, capture, verify, bench ``--python``) takes, for
#: its help.  ``plan`` and ``install`` take a version instead (the new environment's).
PYTHON_FORMS = ("a path (.venv/bin/python), a command on PATH (python3.11), or a version "
                "X.Y, run as pythonX.Y from PATH")


def interpreter(value: str) -> str:
    """The ``--python`` of a command that runs an interpreter (an argparse ``type``): a path
    as given; a command name (``python3.11``) or a version (``3.11``, run as ``python3.11``,
    as ``uv --python 3.11`` finds one) resolved on ``PATH`` to its full path.

    Raises:
        argparse.ArgumentTypeError: a name or version with no such command on ``PATH``
            (argparse prints it as a usage error, exit 2).
    """
    import os
    import re
    import shutil

    text = value.strip()
    if not text or os.sep in text or "/" in text or (os.altsep and os.altsep in text):
        return value  # a path (or nothing): check_python says what is wrong with it
    version = re.fullmatch(r"3(?:\.\d{1,2})?", text)
    command = f"python{text}" if version else text
    found = shutil.which(command)
    if found is not None:
        return found
    if not version and os.path.exists(text):
        return value  # a file in this folder, named without ./
    raise argparse.ArgumentTypeError(
        f"{value!r}: no {command} on PATH; give the interpreter's path "
        f"(/usr/bin/{command if version else 'python3'}, .venv/bin/python) or a command on PATH"
        + (" (plan and install take a version; this command runs an interpreter)"
           if version else ""))


def gather_from_args(args: argparse.Namespace, *, renderer: str | None = None) -> HostFacts:
    """Examine the host as the options say; return :class:`~tfgpu.facts.HostFacts`.

    ``renderer`` names the report module the caller will render with (imported in the
    background while the probes run); ``None`` diagnoses nothing (``tfgpu facts``).

    Raises:
        UsageError: ``--timeout`` is not positive.
    """
    import dataclasses

    from tfgpu.gather import DEFAULT_TF_TIMEOUT_S, gather
    from tfgpu.probes import ProbeContext

    timeout = DEFAULT_TF_TIMEOUT_S if args.timeout is None else args.timeout
    check_timeout(timeout)
    ctx = ProbeContext()
    if args.python is not None:
        check_python(args.python)
        ctx = dataclasses.replace(ctx, python_executable=args.python)
    prewarm(renderer)
    if not args.no_tf and sys.stderr.isatty():
        print(f"tfgpu: examining this host (TensorFlow probe: up to {timeout:g} s)...",
              file=sys.stderr, flush=True)
    return gather(ctx, include_tf=not args.no_tf, tf_timeout_s=timeout,
                  probe_timeout_s=min(MAX_PROBE_TIMEOUT_S, timeout))


def check_timeout(timeout_s: float, option: str = "--timeout", *,
                  allow_zero: bool = False) -> None:
    """Refuse a time limit that is not a finite number of seconds in (0, 86400]
    (``[0, 86400]`` with ``allow_zero``).

    ``inf``, ``nan`` or ``1e300`` would overflow the subprocess and thread time limits, or
    (``nan``) compare false everywhere: a ``nan`` limit stopped ``verify`` at once ("did
    not finish within nan s") and would let a wait run forever.

    Args:
        timeout_s: the value given, seconds.
        option: the option's name, for the message (``--grace``).
        allow_zero: accept 0 (a grace period may be none).

    Raises:
        UsageError: ``timeout_s`` is not finite, below the minimum, or above
            :data:`MAX_TIMEOUT_S`.
    """
    import math

    low_ok = timeout_s >= 0 if allow_zero else timeout_s > 0
    if not math.isfinite(timeout_s) or not low_ok or timeout_s > MAX_TIMEOUT_S:
        floor = "0 or more" if allow_zero else "above 0"
        raise UsageError(f"{option} must be a number of seconds {floor} and at most "
                         f"{MAX_TIMEOUT_S:g} (one day), not {timeout_s:g}")


def check_python(path: str) -> None:
    """Refuse a ``--python`` that is not an executable file (checked before any probe runs).

    Raises:
        UsageError: ``path`` is empty, does not exist, is a folder, or is not executable.
    """
    import os

    if not path.strip():
        raise UsageError("--python needs the path of a Python interpreter")
    if not os.path.exists(path):
        raise UsageError(f"--python {path}: no such file")
    if os.path.isdir(path):
        raise UsageError(f"--python {path}: is a folder, not a Python interpreter")
    if not os.access(path, os.X_OK):
        raise UsageError(f"--python {path}: not executable")


def interpreter_failure(facts: HostFacts) -> str | None:
    """Why the examined interpreter could not be run, or ``None`` when it answered.

    The python probe leaves ``python.version`` ``None`` when the interpreter is missing,
    crashes or prints garbage; then nothing about its TensorFlow is known.
    """
    if facts.python.version is not None:
        return None
    rec = facts.probe("python")
    why = rec.message if rec is not None and rec.message else "it gave no answer"
    if why.startswith("ran (exit "):
        # it ran and printed nothing tfgpu can read (/bin/true): never "could not be run"
        return f"the program {facts.python.executable} {why}"
    return f"the Python interpreter {facts.python.executable} could not be run: {why}"


def prewarm(renderer: str | None) -> None:
    """Import the rules, knowledge and the one renderer the output needs, and read the
    finding catalogue, in the background while the probes run (above all the TensorFlow
    child), so that little is left to load once they answer; ``--json`` never loads
    ``rich`` (about 0.2 s of imports).  Nothing when ``renderer`` is ``None``.  A daemon
    thread; an error here is ignored and surfaces later, in the normal path."""
    import threading

    if renderer is None:
        return

    def work() -> None:
        import importlib

        try:
            for name in ("tfgpu.diagnosis.doctor", renderer):
                importlib.import_module(name)
            from tfgpu.diagnosis.catalogue import load_catalogue
            from tfgpu.knowledge import load_knowledge

            load_knowledge()
            load_catalogue().superseded_by("")
        except Exception:  # noqa: BLE001 - the real path reports it
            return

    thread = threading.Thread(target=work, daemon=True, name="tfgpu-prewarm")
    thread.start()
    # a command that ends at once (a usage error, an interpreter that cannot run) must not
    # finalize the interpreter while this thread still imports modules: CPython can crash
    # (SIGSEGV) when a daemon thread imports during finalization; atexit runs before it
    import atexit

    atexit.register(thread.join, _PREWARM_JOIN_S)


#: Seconds the exit waits for the pre-warm thread (it loads in well under one).
_PREWARM_JOIN_S = 5.0


def load_facts(path: str) -> HostFacts:
    """Read a ``tfgpu facts`` snapshot.

    Raises:
        UsageError: the file cannot be read, is not JSON, or is not a facts snapshot.
    """
    from tfgpu.facts import FactsFormatError, read_facts_file

    try:
        return read_facts_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except FactsFormatError as exc:
        raise UsageError(f"{path} is not a tfgpu facts snapshot ({exc}); "
                         "write one with: tfgpu facts > host.json") from exc


def this_host_target() -> TargetHost:
    """This host as a target: the full gatherer when present, else a minimal probe."""
    from tfgpu.plan.target import target_from_facts, target_this_host

    try:
        from tfgpu.gather import gather  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return target_this_host()
    return target_from_facts(gather(include_tf=False))


def verbosity_of(args: argparse.Namespace) -> int:
    """The global ``-v`` count minus the ``-q`` count (0 when absent)."""
    return int(getattr(args, "verbose", 0) or 0) - int(getattr(args, "quiet", 0) or 0)


def knowledge_version() -> str:
    """The knowledge version a report names (``"unavailable"`` when the data files cannot be
    read: a broken install still gets its report)."""
    from tfgpu.knowledge import knowledge_version as read_version

    try:
        return read_version()
    except Exception:  # noqa: BLE001 - data files missing or unreadable: a broken install
        return "unavailable"


# --- report formats: --format text|json|markdown|html, --no-redact (issue 12) -------------

#: ``--format`` choices; ``--json`` is the short form of ``--format json``.
OUTPUT_FORMATS = ("text", "json", "markdown", "html")


def add_kubernetes_group(parser: argparse.ArgumentParser, *, switch: str, what: str,
                         description: str, image_help: str,
                         namespace_help: str) -> argparse._ArgumentGroup:
    """Add the ``Kubernetes (<switch>)`` option group: ``switch`` (a flag that prints a
    manifest), ``--image`` and ``--namespace``; return the group for more options.

    Args:
        switch: the flag, e.g. ``"--daemonset"``.
        what: the flag's help text (what it prints).
        description: the group's description in ``--help``.
        image_help, namespace_help: the help texts of ``--image`` and ``--namespace``.
    """
    kube = parser.add_argument_group(f"Kubernetes ({switch})", description)
    kube.add_argument(switch, action="store_true", help=what)
    kube.add_argument("--image", default=None, metavar="IMAGE", help=image_help)
    kube.add_argument("--namespace", default=None, metavar="NAME", help=namespace_help)
    return kube


def add_format_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--format``, ``--json`` (its short form) and ``--no-redact``.

    ``markdown`` and ``html`` are meant to be shared and are redacted (host and user
    names, home folders, GPU UUIDs and serials, addresses, secrets: docs/privacy.md);
    ``json`` and ``text`` are complete.
    """
    parser.add_argument("--format", choices=OUTPUT_FORMATS, default=None,
                        help="text (default), json, markdown (for a bug report) or html "
                             "(one self-contained page); markdown and html are redacted")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON document (same as --format json; "
                             "its JSON Schema: tfgpu schema COMMAND)")
    parser.add_argument("--no-redact", action="store_true",
                        help="keep host/user names, home folders, GPU UUIDs, addresses and "
                             "secrets in markdown and html (see docs/privacy.md)")
    # opt-in redaction of project and data folder names
    parser.add_argument("--redact-paths", action="store_true",
                        help="in markdown and html, also replace folder names outside known "
                             "system and library locations (/work/acme/.venv -> "
                             "/work/dir1/.venv); /usr, /opt/conda, CUDA folders, library file "
                             "names and the site-packages layout are kept (docs/privacy.md)")


def output_format(args: argparse.Namespace) -> str:
    """The format asked for (``"text"`` by default); sets ``args.json`` to match.

    Raises:
        UsageError: ``--json`` and a ``--format`` other than ``json`` were both given.
    """
    fmt = getattr(args, "format", None)
    if getattr(args, "json", False):
        if fmt not in (None, "json"):
            raise UsageError(f"--json and --format {fmt} ask for two formats; give one")
        fmt = "json"
    fmt = fmt or "text"
    args.json = fmt == "json"
    if getattr(args, "redact_paths", False):
        if fmt not in ("markdown", "html"):
            raise UsageError(f"--redact-paths applies to --format markdown and html (the "
                             f"shareable reports); {fmt} is complete, for this machine")
        if getattr(args, "no_redact", False):
            raise UsageError("--redact-paths and --no-redact ask for opposite things; give one")
    return fmt


def shareable_redactor(args: argparse.Namespace) -> Redactor:
    """The redactor of a shareable report: this host's (:func:`tfgpu.privacy.this_host`),
    with folder names too when ``--redact-paths``, or none when ``--no-redact``."""
    from tfgpu.privacy import NoRedactor, this_host

    if getattr(args, "no_redact", False):
        return NoRedactor()
    redactor = this_host()
    return redactor.with_paths() if getattr(args, "redact_paths", False) else redactor


def render_shareable_report(fmt: str, doc: dict[str, Any], args: argparse.Namespace,
                            **extras: Any) -> str:
    """Render a command's JSON document (:func:`tfgpu.report.json_report.report_to_dict`)
    as ``markdown`` or ``html``, redacted for this host unless ``--no-redact``.

    Args:
        fmt: ``"markdown"`` or ``"html"``.
        doc: the document ``--json`` would print (without the command's extra keys).
        args: the parsed options (``no_redact``).
        extras: ``facts=``, ``verify=`` or ``bench=`` dicts (see
            :func:`tfgpu.report.share.build_view`).
    """
    from tfgpu.report.share import render_shareable

    return render_shareable(fmt, doc, redactor=shareable_redactor(args), **extras)


# --- exit code when the reader closes the output early ---------------------------------
#: The code the running command will return once its result is known, kept for a reader that
#: closes the pipe before the output is written (``tfgpu explain LOG | head -1``): the CLI
#: returns it instead of a code that depends on the race between the writer and the reader.
_code_if_output_cut = 0


def exit_code_if_output_cut(code: int | None = None) -> int:
    """Record ``code`` (when given) as the command's exit code if its output is cut (a closed
    pipe); return the code recorded (0 until a command records one)."""
    global _code_if_output_cut
    if code is not None:
        _code_if_output_cut = code
    return _code_if_output_cut
