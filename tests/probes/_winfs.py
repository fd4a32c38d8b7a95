"""A FakeFileSystem for Windows paths (``C:\\a\\b`` -> ``root/C/a/b``), for tests."""

from __future__ import annotations

import glob as _glob
import os
from dataclasses import dataclass
from pathlib import Path

from tfgpu.probes import FakeFileSystem


@dataclass(frozen=True)
class WindowsFakeFS(FakeFileSystem):
    """Host paths in Windows syntax mapped under ``root`` (drive letter as a folder)."""

    def _p(self, path: str) -> Path:
        p = path.replace("\\", "/")
        if len(p) > 1 and p[1] == ":":
            p = p[0] + p[2:]
        return self.root / p.lstrip("/")

    def glob(self, pattern: str) -> list[str]:
        found = _glob.glob(str(self._p(pattern)))
        out = []
        for f in found:
            rel = os.path.relpath(f, self.root).replace("/", "\\")
            out.append(rel[0] + ":" + rel[1:])
        return sorted(out)


def wpath(root: Path, path: str) -> Path:
    """The real file behind Windows host ``path`` in a :class:`WindowsFakeFS`."""
    return WindowsFakeFS(root)._p(path)
