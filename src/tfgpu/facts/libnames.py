"""CUDA library file names: which logical library a file is and the SONAME it answers to.

Pure (no I/O); read by the library probe (:mod:`tfgpu.probes.libs`) and by the checks, which
must not import probes.  Sources: TensorFlow/XLA ``dso_loader.cc`` (the names TensorFlow
dlopens), the NVIDIA cuDNN installation guide (cuDNN 8/9 sub-libraries).
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


