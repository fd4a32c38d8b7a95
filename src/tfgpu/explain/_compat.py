"""Compatibility facts the explain engine needs, read from the knowledge layer.

TensorFlow's tested CUDA/cuDNN, minimum drivers and platform facts come from
:mod:`tfgpu.knowledge` (the sourced data files; every answer carries its row for
``Finding.knowledge_ref``).  Only facts the knowledge files do not hold live here, each
with its source: CUresult codes and dtype sizes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError, load_knowledge, series


class Tested(NamedTuple):
    """What one TensorFlow release was built and tested with (a tf_tested_configs row)."""

    cuda: str
    cudnn: str
    ref: str


class MinDriver(NamedTuple):
    """Minimum NVIDIA driver for a CUDA version (a cuda_min_driver row)."""

    version: str
    ref: str


def _fact_series(fact_id: str, default: tuple[int, int]) -> tuple[int, int]:
    """``(major, minor)`` of a platform fact's ``tf_version`` (``"2.10"`` -> ``(2, 10)``)."""
    try:
        major, minor = series(load_knowledge().platform_fact(fact_id).value("tf_version"))
        return int(major), int(minor)
    except (KnowledgeError, KnowledgeQueryError, ValueError):
        return default


@lru_cache(maxsize=1)
def last_native_windows_gpu_tf() -> tuple[int, int]:
    """Last TensorFlow series with a CUDA build on native Windows (platform fact
    ``windows-native-gpu-last``: 2.10)."""
    return _fact_series("windows-native-gpu-last", (2, 10))


@lru_cache(maxsize=1)
def first_and_cuda_tf() -> tuple[int, int]:
    """First TensorFlow series with the ``[and-cuda]`` extra (platform fact
    ``and-cuda-extra-first``: 2.14)."""
    return _fact_series("and-cuda-extra-first", (2, 14))


@lru_cache(maxsize=1)
def first_numpy2_tf() -> tuple[int, int]:
    """First TensorFlow series that allows NumPy 2 (platform fact ``numpy2-first-tf``: 2.18)."""
    return _fact_series("numpy2-first-tf", (2, 18))


@lru_cache(maxsize=1)
def newest_tf_pythons() -> tuple[str, str]:
    """Python range of the newest Linux GPU row of tf_tested_configs (``("3.10", "3.13")``)."""
    try:
        rows = load_knowledge().tested_configs(os="linux", kind="gpu")
    except (KnowledgeError, KnowledgeQueryError):
        rows = ()
    if rows and rows[-1].python_min and rows[-1].python_max:
        return rows[-1].python_min, rows[-1].python_max
    return "3.10", "3.13"


#: CUresult codes of the CUDA driver API (``cuda.h``), as TensorFlow prints them after
#: "failed call to cuInit".  Source: CUDA Driver API, Data types, enum CUresult
#: (https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html); numbers checked
#: against cuda.h copies and NVIDIA's cuda-python ``driver.Result``.
CURESULT: dict[int, str] = {
    1: "CUDA_ERROR_INVALID_VALUE",
    2: "CUDA_ERROR_OUT_OF_MEMORY",
    3: "CUDA_ERROR_NOT_INITIALIZED",
    4: "CUDA_ERROR_DEINITIALIZED",
    34: "CUDA_ERROR_STUB_LIBRARY",
    35: "CUDA_ERROR_INSUFFICIENT_DRIVER",
    36: "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER",
    46: "CUDA_ERROR_DEVICE_UNAVAILABLE",
    100: "CUDA_ERROR_NO_DEVICE",
    101: "CUDA_ERROR_INVALID_DEVICE",
    102: "CUDA_ERROR_DEVICE_NOT_LICENSED",
    200: "CUDA_ERROR_INVALID_IMAGE",
    201: "CUDA_ERROR_INVALID_CONTEXT",
    209: "CUDA_ERROR_NO_BINARY_FOR_GPU",
    214: "CUDA_ERROR_ECC_UNCORRECTABLE",
    218: "CUDA_ERROR_INVALID_PTX",
    221: "CUDA_ERROR_JIT_COMPILER_NOT_FOUND",
    222: "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
    301: "CUDA_ERROR_FILE_NOT_FOUND",
    302: "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND",
    303: "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
    304: "CUDA_ERROR_OPERATING_SYSTEM",
    400: "CUDA_ERROR_INVALID_HANDLE",
    700: "CUDA_ERROR_ILLEGAL_ADDRESS",
    719: "CUDA_ERROR_LAUNCH_FAILED",
    800: "CUDA_ERROR_NOT_PERMITTED",
    801: "CUDA_ERROR_NOT_SUPPORTED",
    802: "CUDA_ERROR_SYSTEM_NOT_READY",
    803: "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
    804: "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
    999: "CUDA_ERROR_UNKNOWN",
}

#: First CUDA release whose ptxas knows each GPU architecture (``sm_XX``).  Source: the
#: CUDA Toolkit release notes, "New Features" per release (sm_80: 11.0, sm_86: 11.1,
#: sm_87: 11.4, sm_89/sm_90: 11.8, sm_100/sm_120: 12.8),
#: https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html
PTXAS_FIRST_CUDA: dict[str, str] = {
    "sm_80": "11.0",
    "sm_86": "11.1",
    "sm_87": "11.4",
    "sm_89": "11.8",
    "sm_90": "11.8",
    "sm_100": "12.8",
    "sm_120": "12.8",
}


class CCFloor(NamedTuple):
    """Smallest compute capability of an official wheel range (a tf_compute_capabilities row)."""

    min_cc: str
    tf_first: str
    tf_last: str
    ref: str


def _cc_key(cc: str) -> tuple[int, int]:
    m = re.match(r"\s*(\d+)\.(\d+)", cc)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


@lru_cache(maxsize=1)
def official_cc_floors() -> tuple[CCFloor, ...]:
    """Every official wheel range with its smallest compiled compute capability, oldest first.

    Source: the knowledge table tf_compute_capabilities (build_info and fatbin headers of the
    official Linux wheels).  Empty when the table cannot be read.
    """
    try:
        rows = load_knowledge().wheel_archs
    except (KnowledgeError, KnowledgeQueryError):
        return ()
    return tuple(CCFloor(r.min_cc, r.tf_version, r.tf_version_last, r.ref) for r in rows)


def lowest_official_cc() -> CCFloor | None:
    """The official wheel range with the lowest compute-capability floor (3.5 for 2.0-2.14)."""
    floors = official_cc_floors()
    return min(floors, key=lambda f: _cc_key(f.min_cc)) if floors else None


def newest_official_for_cc(cc: str) -> CCFloor | None:
    """The newest official wheel range whose floor is at or below compute capability ``cc``.

    ``"5.2"`` -> the 2.16.1 row (floor 5.0); ``"3.0"`` -> ``None`` (no official wheel).
    """
    fits = [f for f in official_cc_floors() if _cc_key(f.min_cc) <= _cc_key(cc)]
    return fits[-1] if fits else None


def cc_sort_key(cc: str) -> tuple[int, int]:
    """``(major, minor)`` of a compute capability for sorting (``"8.6"`` -> ``(8, 6)``)."""
    return _cc_key(cc)


def cc_below(cc: str, other: str) -> bool:
    """``True`` when compute capability ``cc`` is lower than ``other`` ("3.0" < "3.5")."""
    return _cc_key(cc) < _cc_key(other)


def python_range(tf_version: str, windows: bool) -> tuple[str, str, str] | None:
    """``(python_min, python_max, row ref)`` of TensorFlow ``tf_version`` (tf_tested_configs),
    or ``None`` when the table has no such release or no Python range for it."""
    try:
        rows = load_knowledge().tested_configs(tf=tf_version, os="windows" if windows else "linux")
    except (KnowledgeError, KnowledgeQueryError):
        return None
    row = rows[0] if rows else None
    if row is None or not row.python_min or not row.python_max:
        return None
    return row.python_min, row.python_max, row.ref


def newest_tf_for_python(python: str, windows: bool) -> tuple[str, str] | None:
    """The newest TensorFlow GPU release with wheels for ``python``: ``(version, row ref)``.

    Source: tf_tested_configs through :meth:`Knowledge.newest_tf_for`.
    """
    try:
        row = load_knowledge().newest_tf_for("windows" if windows else "linux", python=python)
    except (KnowledgeError, KnowledgeQueryError):
        return None
    return (row.tf_version, row.ref) if row is not None else None


class DriverLimited(NamedTuple):
    """The newest TensorFlow GPU release a host's driver (and Python, GPU) can run."""

    tf_series: str
    cuda: str
    ref: str
    newest_overall: bool


def newest_tf_for_driver(
    driver: str, *, python: str | None, os: str, compute_capability: str | None
) -> DriverLimited | None:
    """The newest TensorFlow GPU release whose CUDA ``driver`` supports.

    Source: :meth:`Knowledge.newest_tf_for` (tf_tested_configs rows against the
    cuda_min_driver floors; ``os`` ``"wsl2"`` uses the Windows driver column).
    ``newest_overall`` says the release is also the newest GPU release for ``os`` (the
    driver limits nothing).  ``None`` when no release fits or the versions do not parse.
    """
    try:
        kb = load_knowledge()
        row = kb.newest_tf_for(os, python=python, driver=driver,
                               compute_capability=compute_capability)
        configs = kb.gpu_configs(os)
    except (KnowledgeError, KnowledgeQueryError):
        return None
    if row is None or not row.cuda:
        return None
    newest = bool(configs) and configs[0].tf_version == row.tf_version
    return DriverLimited(row.tf_series, row.cuda, row.ref, newest)


#: Bytes per element of TensorFlow dtypes as OOM messages name them ("type float").
DTYPE_BYTES: dict[str, int] = {
    "float": 4,
    "float32": 4,
    "half": 2,
    "float16": 2,
    "bfloat16": 2,
    "double": 8,
    "float64": 8,
    "int8": 1,
    "uint8": 1,
    "int16": 2,
    "uint16": 2,
    "int32": 4,
    "uint32": 4,
    "int64": 8,
    "uint64": 8,
    "bool": 1,
    "complex64": 8,
    "complex128": 16,
    "qint8": 1,
    "quint8": 1,
    "qint32": 4,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
}


def tf_minor(version: str | None) -> tuple[int, int] | None:
    """Return ``(major, minor)`` of a TensorFlow version string, or ``None``.

    ``"2.12.0"`` -> ``(2, 12)``; ``"2.16.1rc0"`` -> ``(2, 16)``; ``"2.x"`` -> ``None``.
    """
    if not version:
        return None
    m = re.match(r"\s*(\d+)\.(\d+)", version)
    return (int(m.group(1)), int(m.group(2))) if m else None


def tested_config(tf_version: str | None, windows: bool) -> Tested | None:
    """Return the CUDA/cuDNN TensorFlow ``tf_version`` was built with, or ``None``.

    Source: the knowledge table tf_tested_configs (tensorflow.org "Tested build
    configurations").  ``None`` for a version outside the table (1.x, unknown, newer than
    the data) and for CPU-only rows (native Windows after 2.10).
    """
    mm = tf_minor(tf_version)
    if mm is None:
        return None
    try:
        row = load_knowledge().config_for(f"{mm[0]}.{mm[1]}", "windows" if windows else "linux")
    except (KnowledgeError, KnowledgeQueryError):
        return None
    if row is None or row.kind != "gpu" or not row.cuda or not row.cudnn:
        return None
    return Tested(row.cuda, row.cudnn, row.ref)


def min_driver(cuda_version: str, windows: bool) -> MinDriver | None:
    """Return the minimum NVIDIA driver for CUDA ``cuda_version`` ("12", "12.2", "10.1").

    Source: the knowledge table cuda_min_driver (NVIDIA CUDA release notes, minor-version
    compatibility: one floor per 11.x/12.x/13.x family).  ``None`` when unknown.
    """
    version = cuda_version if "." in cuda_version else f"{cuda_version}.0"
    try:
        found = load_knowledge().min_driver(version, "windows" if windows else "linux")
    except (KnowledgeError, KnowledgeQueryError):
        return None
    if found is None:
        return None
    return MinDriver(found.version, found.row.ref)


def windows_cudart_dll(cuda_version: str) -> str:
    """Return the cudart DLL name a CUDA ``cuda_version`` build loads on Windows.

    CUDA 10.x names carry major and minor (``cudart64_101.dll``), 11.x all load
    ``cudart64_110.dll``, 12.x ``cudart64_12.dll`` (the SONAME rule of the CUDA runtime).
    """
    parts = cuda_version.split(".")
    major = parts[0]
    if major == "11":
        return "cudart64_110.dll"
    if major.isdigit() and int(major) >= 12:
        return f"cudart64_{major}.dll"
    minor = parts[1] if len(parts) > 1 else "0"
    return f"cudart64_{major}{minor}.dll"
