"""Pure helpers for CUDA library file names, ``ldconfig -p`` and version headers.

No ``NAME``: this is not a probe.  Used by :mod:`tfgpu.probes.libs`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Logical libraries TensorFlow loads (``dso_loader.cc`` in TensorFlow/XLA), by file stem.
#: cuDNN 9 is split into ``libcudnn_ops``, ``libcudnn_cnn``, ``libcudnn_adv``,
#: ``libcudnn_graph``, ``libcudnn_engines_*``, ``libcudnn_heuristic``; cuDNN 8 into
#: ``libcudnn_{ops,cnn,adv}_{infer,train}`` (NVIDIA cuDNN installation guide).
STEMS: tuple[str, ...] = (
    "cuda",
    "cudart",
    "cublas",
    "cublasLt",
    "cufft",
    "cusparse",
    "cusolver",
    "cudnn",
    "nccl",
    "cupti",
    "nvrtc",
)

_STEM_ALT = "|".join(sorted(STEMS, key=len, reverse=True))
_SO_RE = re.compile(r"^lib(" + _STEM_ALT + r"|cudnn_[a-z_]+)\.so\.(\d+(?:\.\d+)*)$")
_DLL_RE = re.compile(
    r"^(" + _STEM_ALT + r"|cudnn_[a-z_]+)64_(\d+(?:\.\d+)*)(?:_0)?\.dll$", re.IGNORECASE
)
_CANON = {s.lower(): s for s in STEMS}


@dataclass(frozen=True, slots=True)
class LibName:
    """What a file name says.

    Attributes:
        name: logical library (``"cudnn"``, ``"cudnn_ops"``, ``"cublasLt"``).
        version: version from the name (``"12"``, ``"12.2.140"``, ``"11.0"``).
        soname: the name the loader matches (``"libcudnn.so.9"``, ``"cudart64_110.dll"``
            lower-cased); two files with the same ``soname`` compete for one load.
    """

    name: str
    version: str | None
    soname: str


def classify(filename: str, system: str = "Linux") -> LibName | None:
    """Recognise a CUDA library file name.

    Linux: ``lib<stem>.so.<version>``; the SONAME is ``lib<stem>.so.<major>``
    (``libcudart.so.12.2.140`` -> version ``"12.2.140"``, SONAME ``libcudart.so.12``).
    Unversioned ``.so`` files (development symlinks) are not loaded by TensorFlow and
    give ``None``; so do ``libnvrtc-builtins`` and static archives.

    Windows: ``<stem>64_<digits>.dll``; three digits are major+minor
    (``cudart64_110.dll`` -> ``"11.0"``, ``nvrtc64_112_0.dll`` -> ``"11.2"``), shorter
    ones a major (``cudnn64_8.dll`` -> ``"8"``, ``cublas64_12.dll`` -> ``"12"``);
    ``cupti64_2023.1.1.dll`` keeps its dotted version; ``nvcuda.dll`` is the driver
    (``"cuda"``, no version).

    Args:
        filename: base name of the file.
        system: ``"Windows"`` for DLL names, anything else for ELF names.
    """
    if system == "Windows":
        if filename.lower() == "nvcuda.dll":
            return LibName("cuda", None, "nvcuda.dll")
        m = _DLL_RE.match(filename)
        if not m:
            return None
        digits = m.group(2)
        version = f"{digits[:2]}.{digits[2:]}" if digits.isdigit() and len(digits) == 3 else digits
        stem = m.group(1)
        return LibName(_CANON.get(stem.lower(), stem.lower()), version, filename.lower())
    m = _SO_RE.match(filename)
    if not m:
        return None
    stem, version = m.group(1), m.group(2)
    return LibName(stem, version, f"lib{stem}.so.{version.split('.')[0]}")


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
