"""Probes: one module per outside source. ``run()`` does I/O, ``parse()`` is pure.

This package face holds what every probe receives and returns: a :class:`ProbeContext`
(a runner, a file system view, the environment, the OS) and a :class:`ProbeResult` (the
fields of :class:`~tfgpu.facts.HostFacts` it found, plus what it did).  Tests build a
context with a :class:`~tfgpu._proc.FakeRunner` and a :class:`FakeFileSystem` rooted at a
recorded file tree; nothing is patched globally.  A probe never raises: failures become
facts with a status.  The probes run by the doctor are listed in :data:`tfgpu.gather.PROBES`;
``nvidia_smi_parse``, ``libs_names``, ``host_paths`` and ``tf_child_script`` are parts of
the probes they are named after.
"""

from __future__ import annotations

import glob as _glob
import os
import platform
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from tfgpu._proc import Runner, run_command
from tfgpu.facts import (
    GPU,
    CPUFacts,
    CudaToolkit,
    DriverFacts,
    OSFacts,
    ProbeRecord,
    PythonFacts,
    SharedLibrary,
    TFFacts,
)

if TYPE_CHECKING:  # FakeFileSystem's root; the probes themselves use plain strings
    from pathlib import Path


class FileSystem(Protocol):
    """Read-only view of the file system (all paths absolute, host syntax)."""

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        """Return at most ``limit`` characters of the file, or ``None`` if unreadable."""

    def exists(self, path: str) -> bool:
        """True when ``path`` exists (file or folder)."""

    def listdir(self, path: str) -> list[str]:
        """Names in folder ``path`` (sorted); ``[]`` when it is not a readable folder."""

    def glob(self, pattern: str) -> list[str]:
        """Paths matching the glob ``pattern`` (sorted)."""

    def realpath(self, path: str) -> str:
        """``path`` with symlinks resolved."""


class RealFileSystem:
    """The machine's own file system.  Never raises on unreadable paths."""

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                return fh.read(limit)
        except OSError:
            return None

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def read_head(self, path: str, size: int = 1024) -> bytes | None:
        """The first ``size`` bytes of the file (following links), or ``None`` if
        unreadable."""
        try:
            with open(path, "rb") as fh:
                return fh.read(size)
        except OSError:
            return None

    def read_at(self, path: str, offset: int, size: int) -> bytes | None:
        """At most ``size`` bytes of the file from byte ``offset`` (following links), or
        ``None`` if unreadable."""
        try:
            with open(path, "rb") as fh:
                fh.seek(offset)
                return fh.read(size)
        except (OSError, ValueError, OverflowError):
            return None

    def listdir(self, path: str) -> list[str]:
        try:
            return sorted(os.listdir(path))
        except OSError:
            return []

    def glob(self, pattern: str) -> list[str]:
        return sorted(_glob.glob(pattern))

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def is_file(self, path: str) -> bool:
        """True for a regular file, after following links (False: dangling link, loop,
        FIFO, device, folder)."""
        return os.path.isfile(path)


@dataclass(frozen=True)
class FakeFileSystem:
    """A recorded file tree: host path ``/x/y`` is ``root/x/y`` (tests).

    Symlinks are not modelled; ``realpath`` returns the path unchanged unless it is in
    ``links`` (host path -> host target).
    """

    root: Path
    links: Mapping[str, str] = field(default_factory=dict)

    def _p(self, path: str) -> Path:
        return self.root / path.lstrip("/\\")

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        try:
            return self._p(path).read_text(encoding="utf-8", errors="replace")[:limit]
        except OSError:
            return None

    def read_head(self, path: str, size: int = 1024) -> bytes | None:
        """The first ``size`` bytes of the recorded file, or ``None``."""
        try:
            with self._p(self.realpath(path)).open("rb") as fh:
                return fh.read(size)
        except OSError:
            return None

    def read_at(self, path: str, offset: int, size: int) -> bytes | None:
        """At most ``size`` bytes of the recorded file from byte ``offset``, or ``None``."""
        try:
            with self._p(self.realpath(path)).open("rb") as fh:
                fh.seek(offset)
                return fh.read(size)
        except (OSError, ValueError, OverflowError):
            return None

    def exists(self, path: str) -> bool:
        return self._p(path).exists()

    def listdir(self, path: str) -> list[str]:
        try:
            return sorted(p.name for p in self._p(path).iterdir())
        except OSError:
            return []

    def glob(self, pattern: str) -> list[str]:
        base = str(self.root)
        found = _glob.glob(str(self._p(pattern)))
        return sorted("/" + os.path.relpath(f, base) for f in found)

    def realpath(self, path: str) -> str:
        return self.links.get(path, path)

    def is_file(self, path: str) -> bool:
        """True for a regular file of the recorded tree (links in ``links`` followed)."""
        return self._p(self.realpath(path)).is_file()


@dataclass(frozen=True)
class ProbeContext:
    """Everything a probe may touch.

    Attributes:
        runner: runs commands (see :mod:`tfgpu._proc`).
        fs: reads files.
        env: environment variables (a copy; probes never modify the real one).
        system: ``platform.system()`` of the probed host: ``"Linux"``, ``"Windows"``,
            ``"Darwin"``.
        python_executable: interpreter whose site-packages and TensorFlow are probed.
        timeout_s: default time limit per command, in seconds.
        python_unanswered: the python probe got no answer from ``python_executable``
            (hung, crashed, not Python): probes do not run it again (each would wait out
            its own limit for nothing) and say so in their record.
    """

    runner: Runner = run_command
    fs: FileSystem = field(default_factory=RealFileSystem)
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    system: str = field(default_factory=platform.system)
    python_executable: str = sys.executable
    timeout_s: float = 10.0
    python_unanswered: bool = False


@dataclass(frozen=True)
class ProbeResult:
    """The part of the host snapshot one probe found.

    Only the fields a probe fills are set; the gatherer merges results (GPUs are
    concatenated, the first non-``None`` value of a single field wins, in the order the
    probes are listed).
    """

    records: tuple[ProbeRecord, ...] = ()
    os: OSFacts | None = None
    python: PythonFacts | None = None
    cpu: CPUFacts | None = None
    gpus: tuple[GPU, ...] = ()
    driver: DriverFacts | None = None
    toolkits: tuple[CudaToolkit, ...] = ()
    libraries: tuple[SharedLibrary, ...] = ()
    env: Mapping[str, str] | None = None
    tf: TFFacts | None = None


def same_interpreter(exe: str) -> bool:
    """True when ``exe`` is the running interpreter's own path.

    Symlinks are deliberately not resolved: a venv's ``bin/python`` links to the base
    interpreter but has other site-packages, so they are different interpreters here.
    """
    def norm(path: str) -> str:
        return os.path.normcase(os.path.abspath(path))

    return norm(exe) == norm(sys.executable)
