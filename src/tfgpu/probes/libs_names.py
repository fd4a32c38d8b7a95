"""Pure helpers for ``ldconfig -p`` and cuDNN version headers (the library probe's parsers).

No ``NAME``: this is not a probe.  Used by :mod:`tfgpu.probes.libs`.  The file-name rules
(which file is which logical library) live with the facts, :mod:`tfgpu.facts.libnames`,
since the checks read them too and must not import probes.
"""

from __future__ import annotations

import re

from tfgpu.facts.libnames import STEMS, LibName, classify

__all__ = ["STEMS", "LibName", "classify", "parse_cudnn_header", "parse_ldconfig"]


_LDCONFIG_RE = re.compile(r"^\s*(\S+)\s+\(([^)]*)\)\s+=>\s+(\S.*?)\s*$")


def parse_ldconfig(text: str) -> list[tuple[str, str, str]]:
    """Parse ``ldconfig -p`` (the loader cache listing).

    Args:
        text: its output: a count line, then lines such as
            ``libcudnn_ops.so.9 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcudnn_ops.so.9``.

    Returns:
        ``(name, tags, path)`` in cache order (the loader takes the first match).
    """
    out: list[tuple[str, str, str]] = []
    for line in text.splitlines():
        m = _LDCONFIG_RE.match(line)
        if m:
            out.append((m.group(1), m.group(2), m.group(3)))
    return out


_CUDNN_DEF_RE = re.compile(r"#define\s+CUDNN_(MAJOR|MINOR|PATCHLEVEL)\s+(\d+)")


def parse_cudnn_header(text: str) -> str | None:
    """cuDNN version from ``cudnn_version.h`` (cuDNN >= 8) or ``cudnn.h`` (older).

    Returns:
        ``"MAJOR.MINOR.PATCHLEVEL"`` (``"9.1.0"``), or ``None`` when the defines are
        missing.
    """
    found = dict(_CUDNN_DEF_RE.findall(text))
    if "MAJOR" not in found or "MINOR" not in found:
        return None
    return f"{found['MAJOR']}.{found['MINOR']}.{found.get('PATCHLEVEL', '0')}"
