"""Record this host's raw probe outputs as a test fixture (``tfgpu capture``).

The folder written (``tests/fixtures/hosts/<host-id>/`` by default) holds:

* the raw outputs, one file per command (``nvidia-smi.txt``, ``nvidia-smi-query.csv``,
  ``nvidia-smi-q.xml``, ``nvidia-smi-L.txt``, ``nvcc.txt``, ``ldconfig.txt``,
  ``lspci.txt``, ``pip-list.json``, ``site-packages.json``, ``system-profiler.txt``,
  ``wmi-video.json``), and ``commands.json`` (argv, status, exit code, stderr of each);
* ``fs.json``: every file-system question the probes asked and its answer;
* ``context.json``: OS, machine, interpreter and the environment variables probes read
  (``PATH`` cut to its CUDA/NVIDIA/cuDNN entries, as ``tfgpu facts`` cuts it, plus the
  folders the probes found a file in, which the replay needs);
* ``meta.toml``: machine, date, versions, for people;
* ``expected-facts.json``: what the parsers give on these outputs (rerun from the
  folder itself, so the test that replays it must match exactly): the probed part only
  (``driver``, ``gpus``, ``toolkits``, ``libraries``, ``records``), not a host snapshot;
  ``doctor --facts`` refuses it and names ``tfgpu facts --json`` instead.

Everything written is scrubbed with :mod:`tfgpu.privacy` (the redaction of every
shareable output): GPU/MIG UUIDs, ClusterUUIDs, serial numbers, PDI and chassis serials
become zeros of the same format, home folders ``/home/user`` (or ``~`` for ``HOME``
outside ``/home``), the user name ``user``, the host name ``host`` and its domain
``domain``, IP and MAC addresses ``x.x.x.1`` (numbered)/``xx:xx:xx:xx:xx:xx``, secrets ``REDACTED``.
No ``NAME`` here: this module is not a probe.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import getpass
import json
import platform
import re
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tfgpu import privacy
from tfgpu._proc import CommandResult
from tfgpu._version import __version__
from tfgpu.capture import replay as _replay
from tfgpu.privacy import Redactor
from tfgpu.probes import ProbeContext, libs
from tfgpu.probes.env_vars import is_cuda_path_entry
from tfgpu.probes.host_paths import pathmod, same_path_key
from tfgpu.probes.nvidia_smi_parse import QUERY_FIELDS

#: Environment variables the probes read (and so the fixture must keep).
ENV_KEYS = (
    "PATH",
    "Path",
    "LD_LIBRARY_PATH",
    "CUDA_HOME",
    "CUDA_PATH",
    "CONDA_PREFIX",
    "ProgramFiles",
    "SystemRoot",
    "WINDIR",
)


@dataclass(frozen=True, slots=True)
class Step:
    """One command ``tfgpu capture`` runs, and the file its output goes to."""

    argv: tuple[str, ...]
    filename: str


def plan(system: str, python_executable: str) -> list[Step]:
    """The commands to run on a host of this OS, in order.

    The nvidia-smi variants and ``nvcc`` run everywhere (their absence is recorded);
    ``ldconfig -p`` and ``lspci -nn`` on Linux, ``system_profiler`` on macOS, the
    ``Win32_VideoController`` query on Windows; ``pip list`` and the site-packages
    query through ``python_executable``.
    """
    query = f"--query-gpu={','.join(QUERY_FIELDS)}"
    steps = [
        Step(("nvidia-smi",), "nvidia-smi.txt"),
        Step(("nvidia-smi", query, "--format=csv,noheader,nounits"), "nvidia-smi-query.csv"),
        Step(("nvidia-smi", "-q", "-x"), "nvidia-smi-q.xml"),
        Step(("nvidia-smi", "-L"), "nvidia-smi-L.txt"),
        Step(("nvcc", "--version"), "nvcc.txt"),
    ]
    if system == "Linux":
        steps += [Step(("ldconfig", "-p"), "ldconfig.txt"), Step(("lspci", "-nn"), "lspci.txt")]
    elif system == "Darwin":
        steps.append(Step(("system_profiler", "SPDisplaysDataType"), "system-profiler.txt"))
    elif system == "Windows":
        from tfgpu.probes.gpus_other import WIN_COMMAND

        steps.append(Step(WIN_COMMAND, "wmi-video.json"))
    steps += [
        Step((python_executable, "-m", "pip", "list", "--format=json"), "pip-list.json"),
        Step((python_executable, "-c", libs.SITE_SCRIPT), "site-packages.json"),
    ]
    return steps


@dataclass(frozen=True)
class Scrubber:
    """Removes personal data from captured text, with :class:`tfgpu.privacy.Redactor`.

    UUIDs, serial numbers, PDI, chassis serials, ClusterUUIDs become zeros (format kept,
    so the recording still parses), home folders ``/home/user`` (any user) or ``~`` (this
    user's ``HOME``, wherever it is), the host name ``host`` (its domain ``domain``),
    addresses and secrets as :mod:`tfgpu.privacy` says.

    Attributes:
        user: login name to hide (``root`` is left alone), or ``None``.
        host: host name to hide (short or fully qualified), or ``None``.
        redactor: the redactor to use instead of one built from ``user`` and ``host``
            (:func:`default_scrubber` passes :func:`tfgpu.privacy.this_host`'s).
    """

    user: str | None
    host: str | None
    redactor: Redactor | None = None

    def _r(self) -> Redactor:
        if self.redactor is not None:
            return self.redactor
        return privacy.for_names(users=[self.user or ""], hosts=[self.host or ""])

    def __call__(self, text: str) -> str:
        """Return ``text`` scrubbed."""
        return self._r().text(text)

    def data(self, value: Any) -> Any:
        """Scrub every string in a JSON-like value (keys included)."""
        return self._r().data(value)


# --- capture --no-redact ---
def no_scrubber() -> Scrubber:
    """A :class:`Scrubber` that keeps everything (``tfgpu capture --no-redact``, the same
    meaning as ``doctor --format markdown --no-redact``): for a fixture kept on this
    machine, never for one shared or committed."""
    return Scrubber(None, None, privacy.NoRedactor())


def default_scrubber() -> Scrubber:
    """A :class:`Scrubber` for the current user, home folder and host."""
    try:
        user: str | None = getpass.getuser()
    except (KeyError, OSError):
        user = None
    return Scrubber(user, socket.gethostname() or None, privacy.this_host())


@dataclass(frozen=True)
class Capture:
    """Everything recorded on the host, scrubbed, ready to be written."""

    files: Mapping[str, str]
    facts: Mapping[str, Any]
    context: Mapping[str, Any]


def record(
    ctx: ProbeContext, echo: Callable[[str], None], scrub: Scrubber, machine: str | None = None
) -> Capture:
    """Run the :func:`plan` and the probes on this host and keep what they saw.

    Args:
        ctx: the live probe context.
        echo: told each command line just before it runs.
        scrub: applied to everything kept.
        machine: CPU architecture (``platform.machine()`` by default).

    Returns:
        The files to write; ``facts`` is what the parsers give when the probes are
        rerun on the scrubbed recording (the fixture's ``expected-facts.json``).
    """
    machine = machine or platform.machine()
    runner = _replay.RecordingRunner(ctx.runner, echo)
    fs = _replay.RecordingFileSystem(ctx.fs)
    steps = plan(ctx.system, ctx.python_executable)
    for step in steps:
        runner(step.argv, ctx.timeout_s)
    live = ProbeContext(
        runner=runner,
        fs=fs,
        env=ctx.env,
        system=ctx.system,
        python_executable=ctx.python_executable,
        timeout_s=ctx.timeout_s,
    )
    _replay.run_probes(live, machine=machine)
    # the names the outputs themselves reveal (shell prompts, URL hosts with credentials,
    # hostname: lines) are hidden too, as in a shared report (Redactor.learn)
    seen = [t for res in runner.results.values() for t in (res.stdout, res.stderr) if t]
    scrub = dataclasses.replace(scrub, redactor=scrub._r().learn(seen))
    names = {s.argv: s.filename for s in steps}
    files: dict[str, str] = {}
    commands: list[dict[str, Any]] = []
    for n, (argv, res) in enumerate(runner.results.items()):
        entry = _command_entry(argv, res)
        if res.stdout:
            fname = names.get(argv, f"cmd-{n:02d}.txt")
            files[fname] = scrub(res.stdout)
            entry["stdout_file"] = fname
        commands.append(scrub.data(entry))
    env = {k: v for k, v in ctx.env.items() if k in ENV_KEYS or k.upper().startswith("CUDA_PATH_V")}
    _cut_path(env, fs.answers, ctx.system)
    context = scrub.data(
        {
            "system": ctx.system,
            "machine": machine,
            "python_executable": ctx.python_executable,
            "env": env,
        }
    )
    files["commands.json"] = json.dumps(commands, indent=2, ensure_ascii=False) + "\n"
    files["fs.json"] = json.dumps(scrub.data(fs.answers), indent=2, ensure_ascii=False) + "\n"
    files["context.json"] = json.dumps(context, indent=2, ensure_ascii=False) + "\n"
    return Capture(files=files, facts=_replay.replay_files(files), context=context)


def _found_in(answers: Mapping[str, Mapping[str, Any]], system: str) -> set[str]:
    """The folders (as :func:`~tfgpu.probes.host_paths.same_path_key`) in which the
    probes found something: the parent folder of a path that exists, of a non-empty
    ``glob`` answer's pattern, of a file read or a link resolved.  A folder's listing alone
    is not a find (the library probe lists every PATH folder on Windows, then asks
    ``exists`` of the CUDA library names it picks out)."""
    pm = pathmod(system)
    found: set[str] = set()
    for kind, per_path in answers.items():
        if kind == "listdir":
            continue
        for path, answer in per_path.items():
            if answer in (False, None, [], ""):
                continue
            found.add(same_path_key(pm.dirname(path), system))
    return found


def _cut_path(env: dict[str, str], answers: dict[str, dict[str, Any]], system: str) -> None:
    """Cut ``env``'s ``PATH`` as ``tfgpu facts`` cuts it (its CUDA/NVIDIA/cuDNN entries,
    :func:`tfgpu.probes.env_vars.is_cuda_path_entry`: the rest is private and says
    nothing about the GPU), keeping also the folders the probes found a file in (a
    ``/usr/bin/nvcc``, a DLL folder on Windows), so that the replay finds what the probes
    found.  The file-system answers about the dropped folders (all "not there") go too:
    the replay answers "not there" for any question it has no answer to. In place."""
    sep = ";" if system == "Windows" else ":"
    found = _found_in(answers, system)
    pm = pathmod(system)
    for key in [k for k in env if k.upper() == "PATH"]:
        kept: list[str] = []
        dropped: list[str] = []
        for entry in env[key].split(sep):
            k = same_path_key(entry.strip().strip('"'), system)
            (kept if entry and (is_cuda_path_entry(entry) or k in found) else dropped).append(
                entry)
        env[key] = sep.join(kept)
        gone = {same_path_key(e.strip().strip('"'), system) for e in dropped if e.strip()}
        for kind, per_path in answers.items():
            for path in [p for p in per_path
                         if same_path_key(p if kind == "listdir" else pm.dirname(p), system)
                         in gone]:
                del per_path[path]


def _command_entry(argv: tuple[str, ...], res: CommandResult) -> dict[str, Any]:
    return {
        "argv": list(argv),
        "status": res.status.value,
        "returncode": res.returncode,
        "stderr": res.stderr,
        "message": res.message,
        "duration_s": round(res.duration_s, 3),
    }


def host_id(facts: Mapping[str, Any], system: str, machine: str, today: _dt.date) -> str:
    """A folder name such as ``linux-x86_64-nvidia-h200-20261130``."""
    gpus = [g for g in facts.get("gpus", []) if g.get("vendor") == "nvidia"] or facts.get(
        "gpus", []
    )
    what = gpus[0]["name"] if gpus else "no-gpu"
    slug = re.sub(r"[^a-z0-9_.]+", "-", f"{system}-{machine}-{what}".lower()).strip("-.")
    return f"{slug}-{today:%Y%m%d}"


def meta_toml(context: Mapping[str, Any], facts: Mapping[str, Any], when: _dt.datetime,
              *, redacted: bool = True) -> str:
    """Human-readable ``meta.toml`` (machine, date, versions, what was found); with
    ``redacted=False`` (``capture --no-redact``) its first line and ``redacted = false``
    say that nothing was scrubbed."""
    driver = facts.get("driver") or {}
    lines = [
        "# Written by `tfgpu capture`; raw outputs are scrubbed (tfgpu.privacy: UUIDs, serials, "
        "user, home, host, addresses, secrets)." if redacted else
        "# Written by `tfgpu capture --no-redact`: NOT redacted (host and user names, home "
        "folders, GPU UUIDs and serials, addresses, secrets kept); do not share or commit it.",
        f"redacted = {'true' if redacted else 'false'}",
        f"captured_at = {json.dumps(when.isoformat(timespec='seconds'))}",
        f"tfgpu_version = {json.dumps(__version__)}",
        f"source = {json.dumps('tfgpu capture on the machine itself')}",
        "",
        "[machine]",
        f"system = {json.dumps(context.get('system'))}",
        f"machine = {json.dumps(context.get('machine'))}",
        f"release = {json.dumps(platform.release())}",
        f"python = {json.dumps(platform.python_version())}",
        "",
        "[found]",
        f"driver_status = {json.dumps(driver.get('status'))}",
        f"driver_version = {json.dumps(driver.get('version') or '')}",
        f"cuda_version = {json.dumps(driver.get('cuda_version') or '')}",
        f"gpus = {json.dumps([g['name'] for g in facts.get('gpus', [])])}",
        f"toolkits = {json.dumps([t['version'] or '' for t in facts.get('toolkits', [])])}",
        f"libraries = {len(facts.get('libraries', []))}",
        "",
    ]
    return "\n".join(lines)


def write(capture: Capture, out: Path, when: _dt.datetime, *, redacted: bool = True) -> list[Path]:
    """Write the capture, ``meta.toml`` and ``expected-facts.json`` into ``out``.

    Args:
        capture: what :func:`record` kept.
        out: the folder (created).
        when: the capture time for ``meta.toml``.
        redacted: whether ``capture`` was scrubbed (``False`` for ``--no-redact``); said
            in ``meta.toml``.

    Returns:
        The paths written, in order.

    Raises:
        OSError: ``out`` cannot be created or written.
    """
    out.mkdir(parents=True, exist_ok=True)
    texts = dict(capture.files)
    texts["meta.toml"] = meta_toml(capture.context, capture.facts, when, redacted=redacted)
    texts["expected-facts.json"] = json.dumps(capture.facts, indent=2, ensure_ascii=False) + "\n"
    written = []
    for name, text in texts.items():
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    return written
