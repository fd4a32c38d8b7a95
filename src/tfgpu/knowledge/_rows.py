"""Typed rows of the knowledge data files (``tfgpu/knowledge/data/*.toml``).

One frozen dataclass per file.  Every row carries ``table``, ``id``, ``source``,
``retrieved`` and ``note``; :attr:`Row.ref` (``"table:id"``) is what findings put in
``knowledge_ref``.  Versions stay strings, as the sources print them; compare them with
:func:`packaging.version.Version` (see :func:`parse_version`).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from packaging.version import InvalidVersion, Version

_V = TypeVar("_V")


class KnowledgeError(Exception):
    """A knowledge data file is missing or malformed (a broken install or a bad edit)."""


class KnowledgeQueryError(ValueError):
    """A query was given input it cannot use (a version that does not parse, an unknown OS).

    The CLI turns it into a usage error (exit 2).
    """


def parse_version(text: str, what: str = "version") -> Version:
    """Parse a version string (``"2.15.0"``, ``"525.60.13"``, ``"12.x"`` -> 12).

    A trailing ``.x`` (a CUDA family, ``"12.x"``) parses as its major version.

    Raises:
        KnowledgeQueryError: the text is not a version (``"latest"``, ``""``).
    """
    cleaned = text.strip()
    if cleaned.endswith(".x"):
        cleaned = cleaned[:-2]
    try:
        return Version(cleaned)
    except InvalidVersion:
        raise KnowledgeQueryError(f"{what} {text!r} is not a version number") from None


def series(version: str) -> tuple[int, int]:
    """Return ``(major, minor)`` of a version string (``"2.16.2"`` -> ``(2, 16)``).

    Raises:
        KnowledgeQueryError: not a version.
    """
    v = parse_version(version)
    rel = (*v.release, 0)
    return rel[0], rel[1]


def parse_cc(text: str) -> tuple[int, int]:
    """Parse a CUDA compute capability (``"8.6"``, ``"sm_86"``, ``"12.0"``) to ``(8, 6)``.

    Raises:
        KnowledgeQueryError: not a compute capability.
    """
    t = text.strip().lower()
    m = re.fullmatch(r"(?:sm_|compute_)(\d+)(\d)", t)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.fullmatch(r"(\d+)\.(\d+)", t)
    if m:
        return int(m.group(1)), int(m.group(2))
    raise KnowledgeQueryError(f"compute capability {text!r} is not of the form X.Y")


def format_cc(cc: tuple[int, int]) -> str:
    """``(8, 6)`` -> ``"8.6"``."""
    return f"{cc[0]}.{cc[1]}"


@dataclass(frozen=True, slots=True)
class Source:
    """One entry of a data file's ``[sources]`` table.

    Attributes:
        key: the key rows use in ``source`` (``"SRCMD"``).
        url: the document's address, or the command that produced the data.
        description: what exactly was read (file, section, commit).
    """

    key: str
    url: str
    description: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    """Fields every knowledge row has.

    Attributes:
        table: data file name without ``.toml`` (``"tf_tested_configs"``).
        id: unique id within the file (``"2.15.0-linux"``).
        source: one or more keys of the file's ``sources`` joined by ``+``, or a URL.
        retrieved: the date the source was read.
        note: free text from the source table (caveats, conflicts).
    """

    table: str
    id: str
    source: str
    retrieved: datetime.date
    note: str = ""

    @property
    def ref(self) -> str:
        """``"table:id"``, the value findings put in ``knowledge_ref``."""
        return f"{self.table}:{self.id}"

    @property
    def source_keys(self) -> tuple[str, ...]:
        """The ``+``-separated parts of :attr:`source` (keys or URLs)."""
        return tuple(p.strip() for p in self.source.split("+") if p.strip())


def _covers(first: str, last: str | None, version: str) -> bool:
    """True when ``version``'s x.y series lies within ``[first, last]``'s series."""
    lo = series(first)
    hi = series(last) if last else lo
    return lo <= series(version) <= hi


@dataclass(frozen=True, slots=True, kw_only=True)
class TestedConfig(Row):
    """A row of ``tf_tested_configs.toml``: one TensorFlow tested build configuration.

    Source: https://www.tensorflow.org/install/source#tested_build_configurations and
    https://www.tensorflow.org/install/source_windows#tested_build_configurations.

    Attributes:
        platform: ``"linux"``, ``"windows"`` (native) or ``"macos"``.
        tf_version: release the row names (``"2.16.1"``); patch releases of the same x.y
            map to it.
        tf_version_last: for a range row (``"2.17.0-2.21.0"``), the last release.
        kind: ``"gpu"`` (a CUDA build) or ``"cpu"``.
        python_versions: the Python cell verbatim (``"2.7, 3.5-3.7"``).
        python_min: lowest Python 3 version tested (``"3.9"``), ``None`` if unknown.
        python_max: highest Python 3 version tested (``"3.12"``), ``None`` if unknown.
        compiler: compiler cell, ``None`` if unknown.
        build_tools: Bazel cell, ``None`` if unknown.
        cuda: CUDA version the build was tested with (``"12.5"``); ``None`` for CPU rows.
        cudnn: cuDNN version (``"9.3"``); ``None`` for CPU rows.
    """

    __test__ = False  # not a pytest class despite the name

    platform: str
    tf_version: str
    tf_version_last: str | None = None
    kind: str
    python_versions: str
    python_min: str | None = None
    python_max: str | None = None
    compiler: str | None = None
    build_tools: str | None = None
    cuda: str | None = None
    cudnn: str | None = None

    @property
    def tf_series(self) -> str:
        """``"2.16"`` for the 2.16.1 row; ``"2.17-2.21"`` for a range row."""
        a = "{}.{}".format(*series(self.tf_version))
        if self.tf_version_last:
            return a + "-{}.{}".format(*series(self.tf_version_last))
        return a

    @property
    def release(self) -> str:
        """The newest release the row covers: :attr:`tf_version_last` of a range row
        (``"2.21.0"`` for ``"2.17.0-2.21.0"``), else :attr:`tf_version`."""
        return self.tf_version_last or self.tf_version

    def python_range(self) -> str:
        """``"3.10-3.13"``; ``"?"`` for a missing bound, ``"unknown"`` without both."""
        if not self.python_min and not self.python_max:
            return "unknown"
        return f"{self.python_min or '?'}-{self.python_max or '?'}"

    @property
    def cuda_major(self) -> int | None:
        """Major of :attr:`cuda` (``12``), ``None`` for CPU rows."""
        return int(parse_version(self.cuda).major) if self.cuda else None

    @property
    def cudnn_major(self) -> int | None:
        """Major of :attr:`cudnn` (``9``), ``None`` for CPU rows."""
        return int(parse_version(self.cudnn).major) if self.cudnn else None

    def covers(self, tf_version: str) -> bool:
        """True when ``tf_version`` (any patch/post release) belongs to this row's x.y."""
        return _covers(self.tf_version, self.tf_version_last, tf_version)

    def python_ok(self, python_version: str) -> bool | None:
        """Whether ``python_version`` (``"3.11.7"``) is in the tested range.

        Returns ``None`` when the row gives no range.
        """
        if self.python_min is None or self.python_max is None:
            return None
        return series(self.python_min) <= series(python_version) <= series(self.python_max)


@dataclass(frozen=True, slots=True, kw_only=True)
class MinDriver(Row):
    """A row of ``cuda_min_driver.toml``: minimum NVIDIA driver for a CUDA version.

    Source: NVIDIA CUDA Toolkit release notes, Tables 2-3
    (https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html)
    and https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html.

    Attributes:
        cuda_version: ``"12.2"`` (GA), ``"12.2.1"`` (Update 1), ``"11.0.1"`` (RC), or
            ``"12.x"`` for a family's minor-version-compatibility floor.
        kind: ``"toolkit_ga"``, ``"toolkit_update"``, ``"toolkit_rc"`` or ``"minor_compat"``.
        min_driver_linux: minimum Linux x86_64 driver (``"525.60.13"``), ``None`` = n/a.
        min_driver_windows: minimum Windows driver (``"527.41"``), ``None`` = n/a.
    """

    cuda_version: str
    kind: str
    min_driver_linux: str | None = None
    min_driver_windows: str | None = None

    def driver_for(self, os: str) -> str | None:
        """Minimum driver for ``os`` (``"linux"``, or ``"windows"``/``"wsl2"``: the
        Windows driver, which is what WSL2 runs on)."""
        return self.min_driver_linux if os == "linux" else self.min_driver_windows


@dataclass(frozen=True, slots=True, kw_only=True)
class AndCudaPin(Row):
    """A row of ``tf_pip_cuda_wheels.toml``: one requirement of ``tensorflow[and-cuda]``.

    Source: the ``Requires-Dist`` lines (``extra == "and-cuda"``) of the official Linux
    x86_64 cp311 wheel METADATA of each release (``wheel_file``/``wheel_sha256``).

    Attributes:
        tf_version: exact release (``"2.15.0.post1"``).
        package: ``"nvidia-cudnn-cu12"``, ``"tensorrt"``...
        specifier: exact specifier (``"==8.9.4.25"``, ``"<10.0,>=9.3.0.75"``).
        cuda_major: 11 or 12 from the ``-cuXX`` suffix; ``None`` for tensorrt rows.
        wheel_file: the TensorFlow wheel whose METADATA was read.
        wheel_sha256: its sha256.
    """

    tf_version: str
    package: str
    specifier: str
    cuda_major: int | None = None
    wheel_file: str
    wheel_sha256: str

    def allows(self, version: str) -> bool:
        """True when ``version`` satisfies :attr:`specifier` (pre-releases allowed).

        Raises:
            KnowledgeQueryError: ``version`` is not a version.
        """
        # Imported here: packaging.specifiers costs ~10 ms of imports that most commands,
        # the doctor among them, never need.
        from packaging.specifiers import InvalidSpecifier, SpecifierSet

        try:
            spec = SpecifierSet(self.specifier)
        except InvalidSpecifier:  # pragma: no cover - checked by the invariant tests
            raise KnowledgeError(f"{self.ref}: bad specifier {self.specifier!r}") from None
        return spec.contains(parse_version(version, "package version"), prereleases=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class WheelArchsRow(Row):
    """A row of ``tf_compute_capabilities.toml``: CCs compiled into the official wheels.

    Source: ``build_info.py`` and the CUDA fatbinary headers of the Linux x86_64 wheels
    (``wheels_checked``); runtime rule from tensorflow ``gpu_device.cc``.

    Attributes:
        tf_version: first release of the range (``"2.18.0"``).
        tf_version_last: last release of the range (``"2.21.0"``; equal for one release).
        wheels_checked: which wheels were inspected.
        cuda_compute_capabilities: build_info's list verbatim (``"sm_60;...;compute_90"``).
        sass_cc: CCs with native cubins (SASS), ascending (``("6.0", "7.0", "8.0", "8.9")``).
        ptx_cc: CCs with PTX (``("9.0",)``).
        min_cc: smallest compiled CC: GPUs below it are ignored by TensorFlow.
        build_cuda: build_info ``cuda_version`` (``"12.5.1"``).
        build_cudnn: build_info ``cudnn_version`` (``"9"``).
        evidence: ``"build_info"``, ``"fatbin"`` or both.
    """

    tf_version: str
    tf_version_last: str
    wheels_checked: str
    cuda_compute_capabilities: str
    sass_cc: tuple[str, ...]
    ptx_cc: tuple[str, ...]
    min_cc: str
    build_cuda: str
    build_cudnn: str
    evidence: str

    def covers(self, tf_version: str) -> bool:
        """True when ``tf_version``'s x.y lies in this row's range."""
        return _covers(self.tf_version, self.tf_version_last, tf_version)


@dataclass(frozen=True, slots=True, kw_only=True)
class GpuRow(Row):
    """A row of ``gpu_compute_capability.toml``: an NVIDIA GPU model and its CC.

    Source: https://developer.nvidia.com/cuda-gpus (NV_CUR),
    https://developer.nvidia.com/cuda-legacy-gpus (NV_LEG), and the secondary sources
    named in the file.

    Attributes:
        name: model name as the source writes it (``"GeForce RTX 3060 Laptop GPU"``).
        compute_capability: ``"8.6"``; ``None`` when the sources conflict (MX110).
        vram_gb: memory in GB when a source gives it (none do yet).
        segment: ``"desktop"``, ``"laptop"``, ``"workstation"``, ``"datacenter"``,
            ``"jetson"``, ``"mixed"``...
        tensor_cores: whether the model has Tensor Cores (sources ``TC_*`` of the file:
            NVIDIA architecture whitepapers; reviews of the TU116/TU117 parts, which have
            compute capability 7.5 and none); ``None`` when no source states it.
    """

    name: str
    compute_capability: str | None = None
    vram_gb: str | None = None
    segment: str
    tensor_cores: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlatformFact(Row):
    """A row of ``platform_facts.toml``: one packaging/platform fact.

    Source: per row (``source``), from the workplace's ``reference/compat/FACTS.md``.

    Attributes:
        title: the fact in one sentence.
        values: its typed values (``{"tf_version": "2.18.0", "package": "numpy"}``);
            strings or tuples of strings.
    """

    title: str
    values: Mapping[str, str | tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def value(self, key: str) -> str:
        """Return the string value ``key``.

        Raises:
            KnowledgeError: the fact has no such string value (a data-file edit removed it).
        """
        return self._typed(key, str, "string")

    def items(self, key: str) -> tuple[str, ...]:
        """Return the list value ``key`` (``("tensorflow", "tensorflow-cpu")``).

        Raises:
            KnowledgeError: the fact has no such list value (a data-file edit removed it).
        """
        return self._typed(key, tuple, "list")

    def _typed(self, key: str, kind: type[_V], what: str) -> _V:
        """The value ``key`` if it is a ``kind``; else KnowledgeError naming ``what``."""
        v = self.values.get(key)
        if not isinstance(v, kind):
            raise KnowledgeError(f"{self.ref}: no {what} value {key!r}")
        return v


@dataclass(frozen=True, slots=True, kw_only=True)
class CudaError(Row):
    """A ``[[code]]`` row of ``status_codes.toml``: one status code of a CUDA-stack enum
    (``CUresult``, ``cudaError_t``, ``cudnnStatus_t``, ...), read from the headers named in
    the file's ``[sources]`` (e.g. cuda.h ``enum CUresult``,
    https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html).

    Attributes:
        code: the enumerator's value (``100``: what TensorFlow prints after "failed call
            to cuInit" as ``UNKNOWN ERROR (100)`` when it cannot name it).
        name: the enumerator (``"CUDA_ERROR_NO_DEVICE"``).
        enum: the enum it belongs to (``"CUresult"``, ``"cudaError_t"``, ...).
        meaning: what the code means to a TensorFlow user (the file's ``meaning``).
        maps_to: where tfgpu maps it: a finding id, ``harmless``, ``context``,
            ``generic`` or ``new:<proposed-id>``.
        error_string: the text ``cudaGetErrorString`` returns (``cudaError_t`` rows;
            what TensorFlow prints after "Status:"), or ``None``.
        alias_of: the enumerator this one is a deprecated alias of, or ``None``.
        library: how messages name the library whose header declares the enum
            (``"The CUDA driver"``, ``"cuDNN"``: the ``[enums.<enum>]`` block's ``library``).
        category: the finding category (``tfgpu.findings.CATEGORIES``) of a
            ``new:<id>`` fault (the file's ``[new_faults]`` table); ``""`` for other rows.
        legacy_code: the value an older header of the enum gave it (the file's
            ``legacy_value``: cuDNN 8's ``cudnnStatus_t`` 0-14, cudnn_ops_infer.h 8.2.1,
            which cuDNN 9 renumbered from 1000 up), or ``None``.
    """

    code: int
    name: str
    enum: str = "CUresult"
    meaning: str = ""
    maps_to: str = ""
    error_string: str | None = None
    alias_of: str | None = None
    library: str = ""
    category: str = ""
    legacy_code: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PtxasArch(Row):
    """A row of ``cuda_arch.toml``: the first CUDA release whose ``ptxas`` knows an arch.

    Source: CUDA Toolkit release notes, "New Features" of each release.

    Attributes:
        arch: the GPU architecture as ptxas names it (``"sm_89"``).
        first_cuda: first CUDA release whose ptxas accepts it (``"11.8"``).
    """

    arch: str
    first_cuda: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DtypeSize(Row):
    """A row of ``tf_dtypes.toml``: bytes per element of a TensorFlow dtype.

    Source: TensorFlow ``tf.dtypes.DType.size`` and the names its out-of-memory messages
    use (``"type float"``).

    Attributes:
        dtype: the name as TensorFlow prints it (``"float"``, ``"bfloat16"``).
        size_bytes: bytes per element (``4``).
    """

    dtype: str
    size_bytes: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AndCudaAarch64(Row):
    """A row of ``tf_and_cuda_aarch64.toml``: whether ``pip install
    tensorflow[and-cuda]==X`` resolves on Linux aarch64 (manylinux), as pip answered.

    Source: ``pip install --dry-run`` for the manylinux aarch64 platforms, once with
    ``--no-deps`` (the release's aarch64 wheel and its METADATA) and once for the whole
    set (``scripts/probe_and_cuda_aarch64.py``; the command and date are the file's
    ``[sources]``).  The answer can change when wheels are added to the index: ``retrieved``
    dates it.

    Attributes:
        tf_version: exact release (``"2.17.0"``).
        wheel_file: the aarch64 TensorFlow wheel pip chose; ``None`` when pip found none.
        wheel_sha256: its sha256; ``None`` with no wheel.
        requires_dist: the wheel METADATA's ``Requires-Dist`` lines with the marker
            ``extra == "and-cuda"``, verbatim (empty with no wheel).
        resolves: pip resolved the whole ``tensorflow[and-cuda]==X`` set for aarch64.
        unresolvable: when it did not, the requirement pip found no aarch64 distribution
            for (``"nvidia-cudnn-cu12==8.9.7.29"``); ``None`` when it resolved.
    """

    tf_version: str
    wheel_file: str | None
    wheel_sha256: str | None
    requires_dist: tuple[str, ...]
    resolves: bool
    unresolvable: str | None

    def describe(self) -> str:
        """One clause: ``"tensorflow[and-cuda]==2.17.0 does not resolve on Linux aarch64:
        pip finds no aarch64 distribution of nvidia-cudnn-cu12==8.9.7.29 (pip dry-run,
        2026-12-02)"``."""
        when = f"(pip dry-run, {self.retrieved.isoformat()})"
        req = f"tensorflow[and-cuda]=={self.tf_version}"
        if self.resolves:
            return (f"{req} resolves on Linux aarch64: its aarch64 wheel and every and-cuda "
                    f"requirement have aarch64 wheels {when}")
        if self.wheel_file is None:
            return (f"{req} does not resolve on Linux aarch64: the release has no aarch64 "
                    f"wheel {when}")
        return (f"{req} does not resolve on Linux aarch64: pip finds no aarch64 distribution "
                f"of {self.unresolvable or 'one of its and-cuda requirements'} {when}")


# --- amd gpus (report2) ---
@dataclass(frozen=True, slots=True, kw_only=True)
class AmdGpuRow(Row):
    """A row of ``amd_gpus.toml``: an AMD GPU model, its LLVM gfx target, and its status
    on AMD's ROCm Linux support list.

    Source: AMD's "System requirements (Linux)" for ROCm 6.2.2 (``ROCM_LINUX_622``); the
    gfx targets of models that list does not name from AMD's Windows HIP SDK tables
    (``ROCM_WIN_*``) or the row's own source.

    Attributes:
        name: model name as AMD writes it (``"AMD Radeon RX 7900 XTX"``).
        gfx: LLVM target (``"gfx1100"``).
        architecture: ``"RDNA3"``, ``"CDNA2"``, ``"GCN5.1"``...
        segment: ``"desktop"``, ``"workstation"``, ``"datacenter"``, ``"integrated"``.
        linux_support: ``"supported"``, ``"deprecated"``, ``"unsupported"`` (listed with
            that mark) or ``"unlisted"`` (not on AMD's Linux list: not officially
            supported).
    """

    name: str
    gfx: str
    architecture: str
    segment: str
    linux_support: str
# --- end amd gpus ---


__all__ = [
    "AmdGpuRow",
    "AndCudaAarch64",
    "AndCudaPin",
    "CudaError",
    "DtypeSize",
    "GpuRow",
    "KnowledgeError",
    "KnowledgeQueryError",
    "MinDriver",
    "PlatformFact",
    "PtxasArch",
    "Row",
    "Source",
    "TestedConfig",
    "WheelArchsRow",
    "format_cc",
    "parse_cc",
    "parse_version",
    "series",
]
