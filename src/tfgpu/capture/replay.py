"""Record what probes asked of the host, and answer the same questions later.

``tfgpu capture`` wraps the real runner and file system in :class:`RecordingRunner`
and :class:`RecordingFileSystem`; the recordings are written to a host fixture folder
(``commands.json`` + raw output files, ``fs.json``).  Tests rebuild the host from that
folder with :class:`ReplayRunner` and :class:`ReplayFileSystem` and rerun the probes
(:func:`replay_host`).  No ``NAME`` here: this module is not a probe.
"""

from __future__ import annotations

import json
import platform
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu._proc import CommandResult, Runner
from tfgpu.facts import GPU, ProbeStatus
from tfgpu.gather import merge_gpus
from tfgpu.probes import FileSystem, ProbeContext, ProbeResult, gpus_other, libs, nvidia, toolkits

#: The probes of this package, in ``ORDER``.
PROBES = (nvidia, toolkits, libs, gpus_other)


class NoNvml:
    """An NVML stand-in whose library is never found (forces the ``nvidia-smi`` path)."""

    NVML_ERROR_LIBRARY_NOT_FOUND = 12

    class NVMLError(Exception):
        """Mirrors ``pynvml.NVMLError``."""

        def __init__(self, value: int) -> None:
            super().__init__("NVML Shared Library Not Found")
            self.value = value

    def nvmlInit(self) -> None:
        """Fail as pynvml does without ``libnvidia-ml.so.1``."""
        raise self.NVMLError(self.NVML_ERROR_LIBRARY_NOT_FOUND)


@dataclass
class RecordingRunner:
    """Runs commands through ``inner`` once each, keeping every result.

    Attributes:
        inner: the real runner.
        echo: called with each command line before it runs (to show what runs).
        results: argv -> result, in first-run order.
    """

    inner: Runner
    echo: Callable[[str], None] = lambda _line: None
    results: dict[tuple[str, ...], CommandResult] = field(default_factory=dict)

    def __call__(self, argv: Sequence[str], timeout_s: float) -> CommandResult:
        key = tuple(argv)
        if key not in self.results:
            self.echo(shlex.join(key))
            self.results[key] = self.inner(key, timeout_s)
        return self.results[key]


@dataclass
class RecordingFileSystem:
    """A :class:`~tfgpu.probes.FileSystem` that remembers every answer.

    ``read_text`` of a binary file is recorded as ``""`` (no probe reads binary
    content; an ELF ``nvcc`` is only checked for a ``#!`` line).
    """

    inner: FileSystem
    answers: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {
            k: {} for k in ("exists", "listdir", "glob", "read_text", "realpath")
        }
    )

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        text = self.inner.read_text(path, limit)
        stored = "" if text is not None and ("\x00" in text or "\ufffd" in text) else text
        self.answers["read_text"][path] = stored
        return stored

    def exists(self, path: str) -> bool:
        ok = self.inner.exists(path)
        self.answers["exists"][path] = ok
        return ok

    def listdir(self, path: str) -> list[str]:
        names = self.inner.listdir(path)
        self.answers["listdir"][path] = names
        return names

    def glob(self, pattern: str) -> list[str]:
        found = self.inner.glob(pattern)
        self.answers["glob"][pattern] = found
        return found

    def realpath(self, path: str) -> str:
        real = self.inner.realpath(path)
        if real != path:
            self.answers["realpath"][path] = real
        return real


@dataclass(frozen=True)
class ReplayFileSystem:
    """Answers from a recording; anything not recorded does not exist."""

    answers: Mapping[str, Mapping[str, Any]]

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        text = self.answers.get("read_text", {}).get(path)
        return text[:limit] if isinstance(text, str) else None

    def exists(self, path: str) -> bool:
        return bool(self.answers.get("exists", {}).get(path, False))

    def listdir(self, path: str) -> list[str]:
        return list(self.answers.get("listdir", {}).get(path, []))

    def glob(self, pattern: str) -> list[str]:
        return list(self.answers.get("glob", {}).get(pattern, []))

    def realpath(self, path: str) -> str:
        return str(self.answers.get("realpath", {}).get(path, path))


@dataclass(frozen=True)
class ReplayRunner:
    """Answers recorded commands; a command not recorded is ``SKIPPED``."""

    results: Mapping[tuple[str, ...], CommandResult]

    def __call__(self, argv: Sequence[str], timeout_s: float) -> CommandResult:
        key = tuple(argv)
        if key in self.results:
            return self.results[key]
        return CommandResult(key, ProbeStatus.SKIPPED, message="not recorded in this host fixture")


def run_probes(ctx: ProbeContext, machine: str | None = None) -> list[tuple[str, ProbeResult]]:
    """Run this package's probes with NVML disabled (so ``nvidia-smi`` is parsed)."""
    out: list[tuple[str, ProbeResult]] = []
    for mod in PROBES:
        if mod is nvidia:
            out.append((mod.NAME, nvidia.run(ctx, nvml=NoNvml())))
        elif mod is gpus_other:
            out.append((mod.NAME, gpus_other.run(ctx, machine=machine or platform.machine())))
        else:
            out.append((mod.NAME, mod.run(ctx)))
    return out


def facts_dict(results: list[tuple[str, ProbeResult]]) -> dict[str, Any]:
    """The parts of the host snapshot these probes fill, as JSON-ready data.

    GPUs are merged as the gatherer merges them (:func:`tfgpu.gather.merge_gpus`): a card
    both ``nvidia-smi`` and a bus listing saw is one GPU.

    Records keep only ``(probe, record name, status)``: durations and excerpts vary
    from run to run and are not facts.
    """
    out: dict[str, Any] = {
        "driver": None,
        "gpus": [],
        "toolkits": [],
        "libraries": [],
        "records": [],
    }
    gpus: list[GPU] = []
    for name, res in results:
        if res.driver is not None and out["driver"] is None:
            out["driver"] = _plain(res.driver)
        gpus += res.gpus
        out["toolkits"] += [_plain(t) for t in res.toolkits]
        out["libraries"] += [_plain(lib) for lib in res.libraries]
        out["records"] += [[name, r.name, r.status.value] for r in res.records]
    out["gpus"] = [_plain(g) for g in merge_gpus(gpus)]
    return out


def _plain(obj: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key in obj.__slots__:
        value = getattr(obj, key)
        data[key] = value.value if isinstance(value, ProbeStatus) else value
    return data


def load_commands(files: Mapping[str, str]) -> dict[tuple[str, ...], CommandResult]:
    """Read ``commands.json`` (and the raw outputs it names) of a host fixture.

    Args:
        files: file name -> text of the fixture folder.
    """
    entries = json.loads(files["commands.json"])
    results: dict[tuple[str, ...], CommandResult] = {}
    for e in entries:
        argv = tuple(e["argv"])
        stdout = files[e["stdout_file"]] if e.get("stdout_file") else e.get("stdout", "")
        results[argv] = CommandResult(
            argv,
            ProbeStatus(e["status"]),
            e.get("returncode"),
            stdout,
            e.get("stderr", ""),
            float(e.get("duration_s", 0.0)),
            e.get("message"),
        )
    return results


def replay_files(files: Mapping[str, str]) -> dict[str, Any]:
    """Rerun the probes on a host fixture given as ``{file name: text}``.

    Needs ``context.json`` and ``commands.json`` (+ the raw files it names);
    ``fs.json`` is optional (no file system at all without it).

    Returns:
        :func:`facts_dict` of the probes' results.

    Raises:
        KeyError: a required file is missing.
        ValueError: a file is not valid JSON, or a status is unknown.
    """
    context = json.loads(files["context.json"])
    answers = json.loads(files["fs.json"]) if "fs.json" in files else {}
    ctx = ProbeContext(
        runner=ReplayRunner(load_commands(files)),
        fs=ReplayFileSystem(answers),
        env=dict(context.get("env", {})),
        system=context["system"],
        python_executable=context.get("python_executable", "python3"),
        timeout_s=1.0,
    )
    return facts_dict(run_probes(ctx, machine=context.get("machine")))


def read_folder(folder: Path) -> dict[str, str]:
    """Every file of a host fixture folder (``expected-facts.json`` and ``meta.toml``
    excepted), as ``{name: text}``.

    Raises:
        OSError: the folder or a file cannot be read.
    """
    skip = {"expected-facts.json", "meta.toml", "README.md"}
    return {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted(folder.iterdir())
        if p.is_file() and p.name not in skip
    }


def replay_host(folder: Path) -> dict[str, Any]:
    """Rerun the probes on a host fixture folder (see :func:`replay_files`).

    Raises:
        OSError: the folder cannot be read.
        KeyError: ``context.json``/``commands.json`` or a raw file they name is missing.
        ValueError: a file is not valid JSON.
    """
    return replay_files(read_folder(folder))
