"""Path helpers shared by the toolkit and library probes (no ``NAME``: not a probe).

Paths are handled in the syntax of the *probed* host (``ctx.system``), not this
machine's, so a Windows tree can be examined in a Linux test.
"""

from __future__ import annotations

import ntpath
import posixpath
from collections.abc import Mapping
from types import ModuleType


def pathmod(system: str) -> ModuleType:
    """``ntpath`` for ``"Windows"``, else ``posixpath``."""
    return ntpath if system == "Windows" else posixpath


def path_entries(env: Mapping[str, str], system: str, var: str = "PATH") -> list[str]:
    """The non-empty entries of a ``PATH``-like variable, in order, without duplicates.

    Args:
        env: environment variables.
        system: ``"Windows"`` (``;`` separated, case-insensitive names) or other (``:``).
        var: variable name (``"PATH"``, ``"LD_LIBRARY_PATH"``).
    """
    value = env.get(var)
    if value is None and system == "Windows":
        value = next((v for k, v in env.items() if k.upper() == var.upper()), None)
    sep = ";" if system == "Windows" else ":"
    seen: set[str] = set()
    out: list[str] = []
    for raw in (value or "").split(sep):
        entry = raw.strip().strip('"')
        if not entry:
            continue
        key = same_path_key(entry, system)
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def same_path_key(path: str, system: str) -> str:
    """A key under which two spellings of one folder compare equal.

    Trailing separators are dropped; on Windows case is folded and ``/`` becomes ``\\``.
    """
    if system == "Windows":
        return ntpath.normpath(path.replace("/", "\\")).casefold()
    return posixpath.normpath(path) if path else path
