"""The :class:`Knowledge` object: every table, and the queries rules and the planner use.

Every query returns the row it used, so a finding can cite it in ``knowledge_ref``
(``row.ref``) and link its source.  The data files are in ``tfgpu/knowledge/data/``
(``docs/knowledge.md`` describes them).
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from tfgpu.knowledge._amd import LIST_RELEASE as ROCM_LIST_RELEASE
from tfgpu.knowledge._amd import RocmSupport, listed_targets, rocm_support
from tfgpu.knowledge._gpu_names import name_keys, row_keys, truncated_prefix
from tfgpu.knowledge._load import (
    TABLES,
    TableMeta,
    open_table,
    packaged_folder,
    table_meta,
    table_rows,
    typed,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path
from tfgpu.knowledge._rows import (
    AmdGpuRow,
    AndCudaAarch64,
    AndCudaPin,
    CudaError,
    DtypeSize,
    GpuRow,
    KnowledgeError,
    KnowledgeQueryError,
    MinDriver,
    PlatformFact,
    PtxasArch,
    Row,
    Source,
    TestedConfig,
    WheelArchsRow,
    format_cc,
    parse_cc,
    parse_version,
    series,
)

#: OS names accepted by queries, mapped to the canonical ones.
_OS_ALIASES: dict[str, str] = {
    "linux": "linux", "ubuntu": "linux",
    "windows": "windows", "win": "windows", "win32": "windows", "nt": "windows",
    "wsl": "wsl2", "wsl2": "wsl2",
    "macos": "macos", "darwin": "macos", "mac": "macos", "osx": "macos",
}
OS_NAMES: tuple[str, ...] = ("linux", "windows", "wsl2", "macos")


def normalise_os(os: str) -> str:
    """Map an OS name (``"Linux"``, ``"Darwin"``, ``"win"``, ``"WSL"``) to one of
    :data:`OS_NAMES`.

    Raises:
        KnowledgeQueryError: not an OS tfgpu knows.
    """
    key = os.strip().lower()
    if key not in _OS_ALIASES:
        raise KnowledgeQueryError(
            f"unknown OS {os!r}: use one of {', '.join(OS_NAMES)}"
        )
    return _OS_ALIASES[key]


def _table_platform(os: str) -> str:
    """The tested-config platform for an OS: WSL2 runs the Linux wheels."""
    canon = normalise_os(os)
    return "linux" if canon == "wsl2" else canon


def _driver_column(os: str) -> str:
    """The driver-table column for an OS: WSL2 runs on the Windows driver."""
    canon = normalise_os(os)
    if canon == "macos":
        raise KnowledgeQueryError("macOS has no NVIDIA CUDA driver")
    return "linux" if canon == "linux" else "windows"


def driver_at_least(driver_version: str, minimum: str) -> bool | None:
    """Whether NVIDIA driver ``driver_version`` is at or above ``minimum``.

    A driver given by its branch only (``"525"``, as users type it) cannot be compared
    with a minimum inside that branch (``"525.60.13"``): the answer is then ``None``;
    ``"520"`` or ``"535"`` still give a definite answer.

    Raises:
        KnowledgeQueryError: a version does not parse.
    """
    have = parse_version(driver_version, "driver version")
    need = parse_version(minimum, "driver version")
    if len(have.release) == 1 and len(need.release) > 1 and have.major == need.major:
        return None
    return have >= need


def classify_cc(
    sass: tuple[str, ...], ptx: tuple[str, ...], compute_capability: str
) -> tuple[str, str | None]:
    """Classify a GPU against a build's compiled architectures.

    Rule (tensorflow ``gpu_device.cc``, BaseGPUDeviceFactory::GetValidDeviceIds; see
    ``tf_compute_capabilities.toml``): below the smallest compiled CC the GPU is
    ignored; a cubin of the same major with an equal or lower minor runs natively;
    otherwise the newest PTX arch not above the GPU's CC is JIT-compiled.

    Args:
        sass: CCs with cubins (``("6.0", "7.0")``).
        ptx: CCs with PTX (``("9.0",)``).
        compute_capability: the GPU's CC (``"8.6"``).

    Returns:
        ``(status, via)``: status ``"native"``, ``"ptx-jit"``, ``"below-minimum"`` or
        ``"no-kernels"``; ``via`` the arch used (``"8.0"``) or ``None``.

    Raises:
        KnowledgeQueryError: a CC that does not parse.
    """
    cc = parse_cc(compute_capability)
    compiled = [parse_cc(c) for c in (*sass, *ptx)]
    if not compiled:
        return "no-kernels", None
    if cc < min(compiled):
        return "below-minimum", None
    native = [s for s in map(parse_cc, sass) if s[0] == cc[0] and s[1] <= cc[1]]
    if native:
        return "native", format_cc(max(native))
    jit = [p for p in map(parse_cc, ptx) if p <= cc]
    if jit:
        return "ptx-jit", format_cc(max(jit))
    return "no-kernels", None


def parse_arch_list(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a build_info ``cuda_compute_capabilities`` value into (SASS, PTX) CCs.

    Accepts the list's repr (``"['sm_52', 'compute_90']"``), comma/semicolon-joined
    text, or TF 2.0-2.2's absence (empty text -> two empty tuples).  ``sm_XY``/
    ``compute_XY`` with a two-digit minor-free arch such as ``sm_120`` mean CC 12.0.
    """
    sass: list[tuple[int, int]] = []
    ptx: list[tuple[int, int]] = []
    for kind, digits in re.findall(r"\b(sm|compute)_(\d{2,3})[af]?\b", text):
        cc = (int(digits[:-1]), int(digits[-1]))
        (sass if kind == "sm" else ptx).append(cc)
    return (tuple(format_cc(c) for c in sorted(set(sass))),
            tuple(format_cc(c) for c in sorted(set(ptx))))


class DriverMinimum(tuple[str, MinDriver]):
    """Minimum driver for a CUDA version (:meth:`Knowledge.min_driver`).

    Unpacks as ``(version, row)``; ``rule`` is an extra attribute.

    Attributes:
        version: driver version string (``"525.60.13"``).
        row: the ``cuda_min_driver`` row it came from.
        rule: ``"minor-version-compat"`` (the family floor) or ``"toolkit"`` (the
            toolkit's own minimum: pre-11 CUDA, or PTX JIT).
    """

    rule: str

    def __new__(cls, version: str, row: MinDriver, rule: str) -> DriverMinimum:
        self = super().__new__(cls, (version, row))
        self.rule = rule
        return self

    @property
    def version(self) -> str:
        """Driver version string."""
        return self[0]

    @property
    def row(self) -> MinDriver:
        """The ``cuda_min_driver`` row."""
        return self[1]

    def __repr__(self) -> str:
        return f"DriverMinimum(version={self[0]!r}, row={self[1].ref}, rule={self.rule!r})"


class WheelArchs(tuple[tuple[str, ...], tuple[str, ...]]):
    """Compute capabilities compiled into a release's wheel.

    Unpacks as ``(sass, ptx)``; ``row`` is an extra attribute.

    Attributes:
        sass: CCs with native cubins, ascending (``("6.0", "7.0", "8.0", "8.9")``).
        ptx: CCs with PTX (``("9.0",)``).
        row: the ``tf_compute_capabilities`` row.
    """

    row: WheelArchsRow

    def __new__(
        cls, sass: tuple[str, ...], ptx: tuple[str, ...], row: WheelArchsRow
    ) -> WheelArchs:
        self = super().__new__(cls, (sass, ptx))
        self.row = row
        return self

    @property
    def sass(self) -> tuple[str, ...]:
        """CCs with native cubins."""
        return self[0]

    @property
    def ptx(self) -> tuple[str, ...]:
        """CCs with PTX."""
        return self[1]

    def __repr__(self) -> str:
        return f"WheelArchs(sass={self[0]!r}, ptx={self[1]!r}, row={self.row.ref})"


class CCSupport(NamedTuple):
    """How a release's wheel runs on a GPU of a given compute capability.

    Attributes:
        status: ``"native"`` (a same-major cubin of equal or lower minor exists),
            ``"ptx-jit"`` (no such cubin: kernels are JIT-compiled from PTX at start,
            slow the first time and needs a driver as new as the build CUDA),
            ``"below-minimum"`` (TensorFlow ignores the GPU) or ``"no-kernels"``.
        cc: the GPU's CC (``"8.6"``).
        via: the cubin or PTX arch used (``"8.0"``), ``None`` when none.
        row: the ``tf_compute_capabilities`` row.
    """

    status: str
    cc: str
    via: str | None
    row: WheelArchsRow


class GpuMatch(tuple[str, GpuRow]):
    """A GPU name found in ``gpu_compute_capability.toml``.

    Unpacks as ``(cc, row)``; ``how`` is an extra attribute.

    Attributes:
        cc: compute capability (``"8.6"``).
        row: the row matched.
        how: ``"exact"``, ``"normalised"`` (vendor words/suffixes dropped),
            ``"desktop-row"`` (a laptop name whose laptop row is not in the table, matched
            to the desktop part: an assumption, say so), or ``"truncated"`` (an
            ``nvidia-smi`` name cut short, where every candidate has the same CC).
    """

    how: str

    def __new__(cls, cc: str, row: GpuRow, how: str) -> GpuMatch:
        self = super().__new__(cls, (cc, row))
        self.how = how
        return self

    @property
    def cc(self) -> str:
        """Compute capability."""
        return self[0]

    @property
    def row(self) -> GpuRow:
        """The row matched."""
        return self[1]

    def __repr__(self) -> str:
        return f"GpuMatch(cc={self[0]!r}, row={self[1].ref}, how={self.how!r})"


class Blocker(NamedTuple):
    """Why a TensorFlow release cannot (or can only slowly) use the GPU on a host.

    Attributes:
        id: ``"python-outside-range"``, ``"driver-too-old"``, ``"cc-below-minimum"``,
            ``"no-kernels"`` (neither a cubin nor a PTX the GPU can use),
            ``"driver-too-old-for-ptx-jit"``, ``"driver-older-than-gpu"`` (the driver
            branch predates the GPU's architecture: :meth:`Knowledge.gpu_min_driver`),
            ``"driver-beyond-gpu"`` (the release's CUDA needs a driver branch newer than
            the last one for the GPU's architecture: :meth:`Knowledge.gpu_last_driver`),
            ``"driver-newer-than-gpu"`` (the driver itself is of such a branch: it does not
            drive the GPU, whatever the release)
            (blocking), ``"ptx-jit"`` or
            ``"driver-unclear"`` (a bare branch such as ``"525"``; caveats).
        blocking: the GPU cannot be used with this release.
        message: one sentence with the numbers.
        row: the knowledge row the rule used.
        need: the threshold the rule compared with, for callers that word their own
            text: the minimum driver (``"525.60.13"``), the wheel's minimum compute
            capability (``"6.0"``) or the Python range (``"3.10-3.13"``); ``None`` for
            ``ptx-jit``.
    """

    id: str
    blocking: bool
    message: str
    row: Row
    need: str | None = None


class GpuDriverFloor(NamedTuple):
    """The first driver branch of a GPU architecture (:meth:`Knowledge.gpu_min_driver`).

    Attributes:
        arch: the ``cuda_arch.toml`` row (``sm_90``, first CUDA 11.8).
        minimum: that CUDA toolkit's own minimum driver (``520.61.05`` on Linux), with
            its ``cuda_min_driver.toml`` row.
    """

    arch: PtxasArch
    minimum: DriverMinimum

    @property
    def branch(self) -> int:
        """The driver branch (major number) of :attr:`minimum`: ``520``."""
        return int(self.minimum.version.split(".")[0])

    def predates(self, driver: str) -> bool:
        """Whether ``driver`` (``"450.80"``, or a bare branch ``"515"``) is of an older
        branch than :attr:`branch`: it predates the architecture.

        Raises:
            KnowledgeQueryError: ``driver`` does not parse.
        """
        return parse_version(driver, "driver version").major < self.branch


class GpuDriverCeiling(NamedTuple):
    """The last driver branch of an old GPU architecture (:meth:`Knowledge.gpu_last_driver`).

    Attributes:
        architecture: ``"Kepler"``.
        last_branch: the newest driver branch (major number) that runs it: ``470``.
        fact: the platform fact that says so (``kepler-last-driver-branch``).
    """

    architecture: str
    last_branch: int
    fact: PlatformFact

    def excludes(self, driver: str, *, windows: bool = False) -> bool:
        """Whether no driver ``driver`` or newer runs this architecture: ``driver``'s
        branch (``"525.60.13"`` -> 525) is newer than :attr:`last_branch`.

        Args:
            driver: a driver version.
            windows: ``driver`` is a Windows (or WSL2) driver.  NVIDIA numbers a branch's
                Windows releases above the branch (R470: 471.xx-474.xx, such as 474.44;
                R580: 580.xx-581.xx), so there a version's branch is its major rounded
                down to ten (both ceilings are multiples of ten).

        Raises:
            KnowledgeQueryError: ``driver`` does not parse.
        """
        return self.branch_of(driver, windows=windows) > self.last_branch

    def branch_of(self, driver: str, *, windows: bool = False) -> int:
        """The driver branch ``driver`` belongs to (``"470.82.01"`` -> 470; a Windows
        driver's major rounded down to ten, ``"474.44"`` -> 470, as :meth:`excludes` reads
        it).

        Raises:
            KnowledgeQueryError: ``driver`` does not parse.
        """
        major = parse_version(driver, "driver version").major
        return major // 10 * 10 if windows else major


class GpuBuild(NamedTuple):
    """The CUDA and cuDNN a TensorFlow release was built and tested with
    (:meth:`Knowledge.tested_gpu_build`).

    Attributes:
        cuda: ``"12.5"``.
        cudnn: ``"9.3"``.
        row: the ``tf_tested_configs`` row.
    """

    cuda: str
    cudnn: str
    row: TestedConfig

    @property
    def ref(self) -> str:
        """The row's reference (``"tf_tested_configs:2.13.0-linux"``)."""
        return self.row.ref


class TensorCores(NamedTuple):
    """Whether a GPU has Tensor Cores (:meth:`Knowledge.tensor_cores`), and how it is known.

    Attributes:
        has: ``True``/``False``; ``None`` when unknown (no table answer and no compute
            capability).
        basis: ``"gpu-table"`` (the model's row of ``gpu_compute_capability`` says so),
            ``"cc-floor"`` (the table does not answer for this name: compute capability
            against platform fact ``tensor-cores-min-cc``; wrong for TU116/TU117 parts,
            so say so) or ``"unknown"``.
        cc: the compute capability used or known (``"7.5"``), or ``None``.
        row: the GPU row or the floor fact; ``None`` when unknown.
        name: the GPU name asked about, ``None`` when none was given.
    """

    has: bool | None
    basis: str
    cc: str | None
    row: Row | None
    name: str | None = None

    def describe(self) -> str:
        """One clause with the rule and the row, for reasons and causes.

        ``"GeForce GTX 1650: no Tensor Cores (knowledge row
        gpu_compute_capability:geforce-gtx-1650)"``; on the floor: ``"compute capability
        7.5 >= 7.0, the Tensor Core floor (no Tensor Core answer for this GPU name in the
        knowledge table; knowledge row platform_facts:tensor-cores-min-cc)"``.
        """
        if self.basis == "gpu-table" and isinstance(self.row, GpuRow):
            return (f"{self.row.name}: {'' if self.has else 'no '}Tensor Cores "
                    f"(knowledge row {self.row.ref})")
        if self.basis == "cc-floor" and isinstance(self.row, PlatformFact):
            floor = self.row.value("min_cc")
            op = ">=" if self.has else "<"
            why = ("no Tensor Core answer for this GPU name in the knowledge table"
                   if self.name else "no GPU name known")
            return (f"compute capability {self.cc} {op} {floor}, the Tensor Core floor "
                    f"({why}; knowledge row {self.row.ref})")
        return "Tensor Cores unknown (no GPU name or compute capability)"


#: Table name -> row class, for every data file :class:`Knowledge` reads.
_ROW_TYPES: Mapping[str, type[Row]] = MappingProxyType({
    "tf_tested_configs": TestedConfig,
    "cuda_min_driver": MinDriver,
    "tf_pip_cuda_wheels": AndCudaPin,
    "tf_compute_capabilities": WheelArchsRow,
    "gpu_compute_capability": GpuRow,
    "platform_facts": PlatformFact,
    "status_codes": CudaError,
    "cuda_arch": PtxasArch,
    "tf_dtypes": DtypeSize,
    "amd_gpus": AmdGpuRow,  # report2
    "tf_and_cuda_aarch64": AndCudaAarch64,
})


#: A GeForce model number written alone, as people do ("4090", "3060 laptop", "1080 ti").
_BARE_MODEL = re.compile(r"^(\d{3,4}(?: ?ti| super| ti super)?)( laptop)?$")


def _with_series_words(keys: tuple[str, ...]) -> tuple[str, ...]:
    """``keys`` plus, for a bare GeForce model number, the same with ``rtx``/``gtx`` in
    front (``"4090"`` -> ``"rtx 4090"``, ``"3060 laptop"`` -> ``"rtx 3060 laptop"``): the
    table's names always carry the series word.  A number that is in neither series
    still matches nothing."""
    out = list(keys)
    for key in keys:
        m = _BARE_MODEL.match(key)
        if m:
            out += [f"{series} {key}" for series in ("rtx", "gtx")]
    return tuple(dict.fromkeys(out))


def _other_series_words(keys: tuple[str, ...]) -> tuple[str, ...]:
    """For a GeForce model number typed under the other series word (``"gtx 2080 ti"``,
    ``"rtx 1080"``), the key under the right one (``"rtx 2080 ti"``, ``"gtx 1080"``); the
    caller accepts only a GeForce row there (each GeForce number is in one series only;
    ``"rtx 4000"`` is a Quadro's)."""
    out: list[str] = []
    for key in keys:
        word, _, rest = key.partition(" ")
        if word in ("rtx", "gtx") and _BARE_MODEL.match(rest):
            out.append(f"{'gtx' if word == 'rtx' else 'rtx'} {rest}")
    return tuple(dict.fromkeys(out))


class Knowledge:
    """All compatibility tables, with the queries rules and the planner use.

    Made by :func:`load_knowledge` (the packaged files, once per process) or
    :func:`load_knowledge_from` (a folder).  Every file is read and its header checked
    when the object is made, so a missing or unparsable file, or a newer schema, is an
    error there; the rows of a table are built and checked on the first query that reads
    them (a doctor run without a log reads a few of the nine tables: building the 350
    ``status_codes`` rows alone costs milliseconds) and kept.  The object is read-only for
    callers; its caches are filled at most once per table.

    Attributes (each a tuple of typed rows, in file order, loaded on first use):
        tested: ``tf_tested_configs.toml`` rows.
        drivers: ``cuda_min_driver.toml`` rows.
        pins: ``tf_pip_cuda_wheels.toml`` rows.
        wheel_archs: ``tf_compute_capabilities.toml`` rows.
        gpus: ``gpu_compute_capability.toml`` rows.
        facts: ``platform_facts.toml`` rows.
        cuda_errors: the ``CUresult`` rows of ``status_codes.toml``.
        status_codes: every ``status_codes.toml`` row (all seven enums).
        ptxas_archs: ``cuda_arch.toml`` rows (first ptxas per ``sm_XX``).
        dtypes: ``tf_dtypes.toml`` rows (bytes per element).
        tables: header (schema version, updated, sources) of each file, by table name.
        version: the newest ``updated`` date of the files (``"2026-11-30"``).
        gpu_index: lookup key -> GPU rows (:func:`gpu_index_of` of ``gpus``), built on the
            first GPU-name lookup (:meth:`_index`): most runs never look a name up, and
            the index costs ~5 ms of regular expressions over every row.
    """

    __slots__ = ("_data", "_rows", "_tables", "_version", "gpu_index")

    def __init__(self, data: Mapping[str, Mapping[str, object]]) -> None:
        """Check the headers of parsed data files (:func:`tfgpu.knowledge._load.read_table`).

        Args:
            data: table name -> parsed file, for every table of :data:`TABLES`.

        Raises:
            KnowledgeError: a table is missing from ``data``, or a header is invalid
                (:func:`tfgpu.knowledge._load.table_meta`).
        """
        missing = [t for t in TABLES if t not in data]
        if missing:
            raise KnowledgeError(f"knowledge tables missing: {', '.join(missing)}")
        self._data = MappingProxyType({t: data[t] for t in TABLES})
        self._tables: Mapping[str, TableMeta] = MappingProxyType(
            {t: table_meta(t, self._data[t]) for t in TABLES})
        self._version = _updated_dates(self._tables)
        self._rows: dict[str, tuple[Row, ...]] = {}
        self.gpu_index: Mapping[str, tuple[GpuRow, ...]] | None = None

    def __repr__(self) -> str:
        return f"Knowledge(version={self._version!r}, loaded={self.loaded!r})"

    def _table(self, table: str) -> tuple[Row, ...]:
        """Rows of ``table``, built and checked on first use, then kept.

        Raises:
            KnowledgeError: a row is invalid (:func:`tfgpu.knowledge._load.table_rows`).
        """
        rows = self._rows.get(table)
        if rows is None:
            rows = table_rows(table, self._data[table], self._tables[table])
            self._rows[table] = rows
        return rows

    def load_all(self) -> Knowledge:
        """Build and check the rows of every table now; return ``self``.

        Raises:
            KnowledgeError: a row of some table is invalid.
        """
        for table in TABLES:
            self._table(table)
        return self

    @property
    def loaded(self) -> tuple[str, ...]:
        """Names of the tables whose rows have been built so far, in :data:`TABLES` order."""
        return tuple(t for t in TABLES if t in self._rows)

    @property
    def tables(self) -> Mapping[str, TableMeta]:
        """Header of each data file, by table name."""
        return self._tables

    @property
    def version(self) -> str:
        """The knowledge version: the newest ``updated`` date of the data files."""
        return self._version

    @property
    def tested(self) -> tuple[TestedConfig, ...]:
        """``tf_tested_configs.toml`` rows, in file order."""
        return typed(self._table("tf_tested_configs"), TestedConfig)

    @property
    def drivers(self) -> tuple[MinDriver, ...]:
        """``cuda_min_driver.toml`` rows."""
        return typed(self._table("cuda_min_driver"), MinDriver)

    @property
    def pins(self) -> tuple[AndCudaPin, ...]:
        """``tf_pip_cuda_wheels.toml`` rows."""
        return typed(self._table("tf_pip_cuda_wheels"), AndCudaPin)

    @property
    def wheel_archs(self) -> tuple[WheelArchsRow, ...]:
        """``tf_compute_capabilities.toml`` rows."""
        return typed(self._table("tf_compute_capabilities"), WheelArchsRow)

    @property
    def gpus(self) -> tuple[GpuRow, ...]:
        """``gpu_compute_capability.toml`` rows."""
        return typed(self._table("gpu_compute_capability"), GpuRow)

    @property
    def facts(self) -> tuple[PlatformFact, ...]:
        """``platform_facts.toml`` rows."""
        return typed(self._table("platform_facts"), PlatformFact)

    @property
    def status_codes(self) -> tuple[CudaError, ...]:
        """Every ``status_codes.toml`` row (all seven enums)."""
        return typed(self._table("status_codes"), CudaError)

    @property
    def cuda_errors(self) -> tuple[CudaError, ...]:
        """The ``CUresult`` rows of ``status_codes.toml``."""
        return tuple(r for r in self.status_codes if r.enum == "CUresult")

    @property
    def ptxas_archs(self) -> tuple[PtxasArch, ...]:
        """``cuda_arch.toml`` rows (first ptxas per ``sm_XX``)."""
        return typed(self._table("cuda_arch"), PtxasArch)

    @property
    def dtypes(self) -> tuple[DtypeSize, ...]:
        """``tf_dtypes.toml`` rows (bytes per element)."""
        return typed(self._table("tf_dtypes"), DtypeSize)

    # --- amd gpus (report2) ---
    @property
    def amd_gpus(self) -> tuple[AmdGpuRow, ...]:
        """``amd_gpus.toml`` rows (AMD models, gfx targets, ROCm Linux support)."""
        return typed(self._table("amd_gpus"), AmdGpuRow)

    def rocm_support(self, name: str) -> RocmSupport:
        """Whether ROCm's TensorFlow supports the AMD GPU ``name``: AMD's ROCm Linux
        support list (``amd_gpus.toml``), tensorflow-rocm's build targets and the
        unofficial override (platform facts ``tensorflow-rocm-targets``,
        ``rocm-gfx-override``).  See :class:`tfgpu.knowledge._amd.RocmSupport`.

        Raises:
            KnowledgeError: the platform facts are missing or lack their values.
        """
        return rocm_support(self.amd_gpus, self.platform_fact("tensorflow-rocm-targets"),
                            self.platform_fact("rocm-gfx-override"), name)

    @property
    def rocm_listed_targets(self) -> tuple[str, ...]:
        """The gfx targets AMD's ROCm :data:`ROCM_LIST_RELEASE` Linux support list names as
        supported or deprecated (``amd_gpus.toml``), each once, in table order."""
        return listed_targets(self.amd_gpus)
    # --- end amd gpus ---

    def _index(self) -> Mapping[str, tuple[GpuRow, ...]]:
        """:attr:`gpu_index`, built and kept on first use."""
        index = self.gpu_index
        if index is None:
            index = gpu_index_of(self.gpus)
            self.gpu_index = index
        return index

    # ------------------------------------------------------------------ generic

    def rows(self, table: str) -> tuple[Row, ...]:
        """Rows of ``table`` (a data-file name).

        Raises:
            KnowledgeQueryError: no such table.
        """
        if table not in _ROW_TYPES:
            raise KnowledgeQueryError(f"no knowledge table {table!r}")
        return self._table(table)

    def row(self, ref: str) -> Row:
        """The row named by ``ref`` (``"tf_tested_configs:2.15.0-linux"``).

        Raises:
            KnowledgeQueryError: no such row.
        """
        table, _, rid = ref.partition(":")
        for r in self.rows(table):
            if r.id == rid:
                return r
        raise KnowledgeQueryError(f"no knowledge row {ref!r}")

    def sources_of(self, row: Row) -> tuple[Source, ...]:
        """The sources a row cites (a URL part becomes a Source with key = URL)."""
        known = self.tables[row.table].sources
        return tuple(
            known[k] if k in known else Source(key=k, url=k, description="")
            for k in row.source_keys
        )

    def doc_url(self, row: Row) -> str | None:
        """The first http(s) address among a row's sources, for ``Finding.doc``."""
        for s in self.sources_of(row):
            if s.url.startswith(("http://", "https://")):
                return s.url
        return None

    # ------------------------------------------------------------------ tested configs

    def tested_configs(
        self, tf: str | None = None, os: str | None = None, kind: str | None = None
    ) -> tuple[TestedConfig, ...]:
        """Tested build configurations, filtered.

        Args:
            tf: a release or series (``"2.12"``, ``"2.16.2"``): rows of the same x.y.
            os: ``"linux"``, ``"windows"`` (native), ``"wsl2"`` (= the Linux rows) or
                ``"macos"``.
            kind: ``"gpu"`` or ``"cpu"``.

        Returns:
            Matching ``tf_tested_configs.toml`` rows in file order (empty when none).

        Raises:
            KnowledgeQueryError: ``tf`` is not a version, or ``os``/``kind`` unknown.
        """
        platform = _table_platform(os) if os is not None else None
        if kind is not None and kind not in ("gpu", "cpu"):
            raise KnowledgeQueryError(f"unknown kind {kind!r}: use gpu or cpu")
        if tf is not None:
            series(tf)  # validate early
        return tuple(
            r for r in self.tested
            if (platform is None or r.platform == platform)
            and (kind is None or r.kind == kind)
            and (tf is None or r.covers(tf))
        )

    def config_for(self, tf_version: str, os: str) -> TestedConfig | None:
        """The tested configuration of ``tf_version`` on ``os``.

        Patch releases map to their x.y row (``"2.16.2"`` -> the 2.16.1 row); WSL2 uses
        the Linux rows.  When the source has two rows for one release (macOS 2.0.0) the
        first is returned.

        Returns:
            The row, or ``None`` when the table has none (a release newer than the data).

        Raises:
            KnowledgeQueryError: bad version or OS.
        """
        rows = self.tested_configs(tf=tf_version, os=os)
        return rows[0] if rows else None

    def wheel_for_python(self, tf_version: str, os: str,
                         python: str | None) -> tuple[bool | None, TestedConfig | None]:
        """Whether TensorFlow ``tf_version`` published a wheel for Python ``python``
        (``"3.11.7"``) on ``os``: its tested Python range (``tf_tested_configs``) is the range
        of its published wheels.

        Returns:
            ``(answer, row)``: ``row`` is :meth:`config_for`'s row (``None`` when the table
            has none); ``answer`` is ``None`` when that cannot be told (no row, a row without
            a Python range, no ``python``, or a Python version that does not parse).

        Raises:
            KnowledgeQueryError: bad TensorFlow version or OS (as :meth:`config_for`).
        """
        row = self.config_for(tf_version, os)
        if row is None or not python or not row.python_min or not row.python_max:
            return None, row
        try:
            return row.python_ok(python), row
        except KnowledgeQueryError:
            return None, row  # a Python version that does not parse ("unknown")

    def tested_gpu_build(self, tf_version: str | None, os: str) -> GpuBuild | None:
        """CUDA and cuDNN the GPU build of ``tf_version`` was tested with on ``os``.

        Lenient on the version, which often comes from a log line: ``"2.13.0"``,
        ``"2.16.1rc0"`` and ``"2.13"`` map to their x.y row; text that does not start with
        ``X.Y`` (``"2.x"``, ``None``) gives ``None``.

        Returns:
            The build, or ``None`` for a release the table lacks (1.x, newer than the
            data) and for CPU-only rows (native Windows after 2.10).

        Raises:
            KnowledgeQueryError: unknown OS.
        """
        m = re.match(r"\s*(\d+)\.(\d+)", tf_version or "")
        if m is None:
            return None
        row = self.config_for(f"{m.group(1)}.{m.group(2)}", os)
        if row is None or row.kind != "gpu" or not row.cuda or not row.cudnn:
            return None
        return GpuBuild(row.cuda, row.cudnn, row)

    def releases(self, os: str) -> tuple[TestedConfig, ...]:
        """Tested configurations for ``os`` (GPU and CPU rows), newest release first
        (:attr:`TestedConfig.release`), one row per release: when the source lists a
        release twice (macOS 2.0.0) the first row is kept.

        Raises:
            KnowledgeQueryError: unknown OS.
        """
        out: list[TestedConfig] = []
        seen: set[str] = set()
        for r in self.tested_configs(os=os):
            if r.release not in seen:
                seen.add(r.release)
                out.append(r)
        return tuple(sorted(out, key=lambda r: parse_version(r.release), reverse=True))

    def first_tf_for_python(self, python: str, os: str) -> TestedConfig | None:
        """The oldest TensorFlow release whose tested Python range includes ``python``:
        a process running that Python runs this release or a newer one.

        Rule: ``tf_tested_configs.toml`` (tensorflow/docs ``site/en/install/source.md`` and
        ``source_windows.md`` tested build configurations); pip offers a release only to
        the Pythons it has wheels for.  Python 3.8 first appears in 2.2, 3.9 in 2.5.

        Args:
            python: ``"3.9"`` or ``"3.9.13"``.
            os: ``"linux"``, ``"windows"``, ``"wsl2"`` or ``"macos"``.

        Returns:
            That release's row, or ``None`` when the oldest row the table has already
            includes ``python`` (older releases the table lacks may too), or no row does.

        Raises:
            KnowledgeQueryError: ``python`` or the OS does not parse.
        """
        rows = sorted((r for r in self.tested_configs(os=os) if r.python_min is not None),
                      key=lambda r: parse_version(r.tf_version))
        first = next((r for r in rows if r.python_ok(python)), None)
        return first if first is not None and first is not rows[0] else None

    def gpu_configs(self, os: str) -> tuple[TestedConfig, ...]:
        """GPU (CUDA) tested configurations for ``os``, newest release first."""
        rows = self.tested_configs(os=os, kind="gpu")
        return tuple(sorted(rows, key=lambda r: parse_version(r.tf_version), reverse=True))

    def latest_tf(self, os: str | None = None) -> str:
        """The newest release in the tested-config table (for ``os`` if given)."""
        rows = self.tested_configs(os=os)
        return max(
            (r.tf_version_last or r.tf_version for r in rows), key=parse_version
        )

    # ------------------------------------------------------------------ drivers

    def _toolkit_row(self, cuda_version: str) -> MinDriver | None:
        v = parse_version(cuda_version, "CUDA version")
        rel = (*v.release, 0, 0)
        wanted = [f"{rel[0]}.{rel[1]}.{rel[2]}", f"{rel[0]}.{rel[1]}"]
        for want in wanted:
            for r in self.drivers:
                if r.kind in ("toolkit_ga", "toolkit_update") and r.cuda_version == want:
                    return r
        return None

    def _family_row(self, cuda_version: str) -> MinDriver | None:
        v = parse_version(cuda_version, "CUDA version")
        rel = (*v.release, 0)
        for want in (f"{rel[0]}.x", f"{rel[0]}.{rel[1]}"):
            for r in self.drivers:
                if r.kind == "minor_compat" and r.cuda_version == want:
                    return r
        return None

    def min_driver(
        self, cuda_version: str, os: str, *, ptx_jit: bool = False
    ) -> DriverMinimum | None:
        """Minimum NVIDIA driver that runs code built with CUDA ``cuda_version``.

        Rule (NVIDIA minor-version compatibility, ``cuda_min_driver.toml`` rows
        ``11.x``/``12.x``/``13.x``; https://docs.nvidia.com/deploy/cuda-compatibility/
        minor-version-compatibility.html): an application built with any CUDA 11.x, 12.x
        or 13.x toolkit runs on any driver at or above that family's floor (12.x:
        525.60.13 Linux / 527.41 Windows).  The exception is PTX JIT: PTX made by a newer
        toolkit fails on an older driver, so with ``ptx_jit=True`` the toolkit's own
        minimum (``toolkit_ga``/``toolkit_update`` row) applies.  CUDA before 11 had no
        minor-version compatibility: its toolkit minimum always applies.

        Args:
            cuda_version: ``"12.5.1"``, ``"12.2"``, ``"11.8"``, ``"10"``.
            os: ``"linux"``; ``"windows"`` or ``"wsl2"`` (both use the Windows driver).
            ptx_jit: the GPU runs JIT-compiled PTX (no matching cubin in the wheel).

        Returns:
            a :class:`DriverMinimum` ``(version, row)`` with ``.rule``, or ``None`` when
            the table has no value (an unknown CUDA family such as 9.x, a CUDA version
            NVIDIA never released such as 12.7 with ``ptx_jit``, or a Windows cell that
            is N/A).

        Raises:
            KnowledgeQueryError: bad CUDA version, unknown OS, or macOS.
        """
        column = _driver_column(os)
        major = parse_version(cuda_version, "CUDA version").major
        toolkit = self._toolkit_row(cuda_version)
        tk_value = toolkit.driver_for(column) if toolkit is not None else None
        if ptx_jit:
            # never fall back to the weaker family floor: PTX needs the toolkit's driver
            return DriverMinimum(tk_value, toolkit, "toolkit") if toolkit and tk_value else None
        family = self._family_row(cuda_version) if major >= 11 else None
        fam_value = family.driver_for(column) if family is not None else None
        options: list[DriverMinimum] = []
        if family is not None and fam_value is not None:
            options.append(DriverMinimum(fam_value, family, "minor-version-compat"))
        if toolkit is not None and tk_value is not None:
            options.append(DriverMinimum(tk_value, toolkit, "toolkit"))
        if not options and major < 11:
            legacy = self._family_row(cuda_version)  # 10.x rows: the toolkit minimum again
            value = legacy.driver_for(column) if legacy is not None else None
            if legacy is not None and value is not None:
                options.append(DriverMinimum(value, legacy, "toolkit"))
        if not options:
            return None
        # The lower of the two wins: 11.0 GA shipped with a driver below the later 11.x
        # floor, and code built with it runs on that driver.
        return min(options, key=lambda o: parse_version(o.version))

    def driver_ok(
        self, driver_version: str, cuda_version: str, os: str, *, ptx_jit: bool = False
    ) -> tuple[bool | None, DriverMinimum | None]:
        """Whether ``driver_version`` runs CUDA ``cuda_version`` code (see :meth:`min_driver`).

        A driver given by its branch only (``"525"``, as users type it) cannot be
        compared with a minimum inside that branch (525.60.13): the answer is then
        ``None`` (unknown), while ``"520"`` or ``"535"`` still give a definite answer.

        Returns:
            ``(ok, minimum)``; ``ok`` is ``None`` when the minimum is unknown or the
            driver is too vague to compare.

        Raises:
            KnowledgeQueryError: a version does not parse, or the OS is unknown.
        """
        minimum = self.min_driver(cuda_version, os, ptx_jit=ptx_jit)
        if minimum is None:
            return None, None
        return driver_at_least(driver_version, minimum.version), minimum

    # ------------------------------------------------------------------ pip and-cuda

    def and_cuda_pins(self, tf_version: str) -> tuple[AndCudaPin, ...]:
        """The requirements ``pip install tensorflow[and-cuda]==tf_version`` adds.

        Exact releases come from their own METADATA (``tf_pip_cuda_wheels.toml``).  A
        release the table lacks uses the newest listed release of the same x.y that is
        not newer than it (else the oldest of that x.y); check ``pins[0].tf_version``.

        Returns:
            The pins (empty before 2.14.0, where the extra does not exist, or for an x.y
            the table does not list).

        Raises:
            KnowledgeQueryError: ``tf_version`` is not a version.
        """
        want = parse_version(tf_version, "TensorFlow version")
        releases = sorted({p.tf_version for p in self.pins}, key=parse_version)
        if any(parse_version(r) == want for r in releases):
            chosen = next(r for r in releases if parse_version(r) == want)
        else:
            same = [r for r in releases if series(r) == series(tf_version)]
            if not same:
                return ()
            older = [r for r in same if parse_version(r) <= want]
            chosen = older[-1] if older else same[0]
        return tuple(p for p in self.pins if p.tf_version == chosen)

    @property
    def and_cuda_aarch64(self) -> tuple[AndCudaAarch64, ...]:
        """``tf_and_cuda_aarch64.toml`` rows."""
        return typed(self._table("tf_and_cuda_aarch64"), AndCudaAarch64)

    def and_cuda_on_aarch64(self, tf_version: str) -> AndCudaAarch64 | None:
        """Whether ``pip install tensorflow[and-cuda]==tf_version`` resolves on Linux
        aarch64, as pip answered (``tf_and_cuda_aarch64.toml``; ``row.resolves``).

        Only the exact release counts: pins differ between patch releases.

        Returns:
            The row, or ``None`` when the table does not list the release (not known).

        Raises:
            KnowledgeQueryError: ``tf_version`` is not a version.
        """
        want = parse_version(tf_version, "TensorFlow version")
        return next((r for r in self.and_cuda_aarch64
                     if parse_version(r.tf_version) == want), None)

    # ------------------------------------------------------------------ compute capability

    def wheel_compute_capabilities(self, tf_version: str) -> WheelArchs | None:
        """SASS and PTX compute capabilities of the official Linux x86_64 wheel.

        Source: ``tf_compute_capabilities.toml`` (wheels' build_info.py and fatbin
        headers).  Patch releases map to their x.y (only x.y.0 / 2.16.1 were inspected).

        Returns:
            a :class:`WheelArchs` ``(sass, ptx)`` with ``.row``, or ``None`` for a
            release the table does not cover.

        Raises:
            KnowledgeQueryError: ``tf_version`` is not a version.
        """
        for r in self.wheel_archs:
            if r.covers(tf_version):
                return WheelArchs(r.sass_cc, r.ptx_cc, r)
        return None

    def cc_support(self, tf_version: str, compute_capability: str) -> CCSupport | None:
        """How the ``tf_version`` wheel runs on a GPU of ``compute_capability``.

        Rule (tensorflow ``gpu_device.cc``, BaseGPUDeviceFactory::GetValidDeviceIds, in
        ``tf_compute_capabilities.toml``): a CC below the smallest compiled CC is
        ignored; a GPU with a cubin of the same major and equal or lower minor runs it
        natively; otherwise kernels are JIT-compiled from the newest PTX arch not above
        its CC.

        Returns:
            The verdict with its row, or ``None`` for a release the table lacks.

        Raises:
            KnowledgeQueryError: bad version or CC.
        """
        archs = self.wheel_compute_capabilities(tf_version)
        if archs is None:
            return None
        status, via = classify_cc(archs.sass, archs.ptx, compute_capability)
        return CCSupport(status, format_cc(parse_cc(compute_capability)), via, archs.row)

    def build_cuda(self, tf_version: str) -> tuple[str, WheelArchsRow] | None:
        """CUDA version the official Linux wheel was built with (build_info ``cuda_version``)."""
        archs = self.wheel_compute_capabilities(tf_version)
        return (archs.row.build_cuda, archs.row) if archs else None

    def gpu_compute_capability(self, name: str) -> GpuMatch | None:
        """Compute capability of an NVIDIA GPU by its marketing name.

        Accepts the spellings NVML and ``nvidia-smi`` print: vendor words (NVIDIA, GeForce,
        Tesla, Quadro), ``Laptop GPU``/``(notebook)``/``Max-Q``, and form-factor or memory
        suffixes (``-SXM4-80GB``, ``80GB HBM3``, ``-PCIE-16GB``, ``SXM6 AC``, MIG slices); and
        the ones users type: ``RTX3090``, ``2080Ti``, a remark in parentheses, a GeForce number
        under the other series word (``GTX 2080 Ti``). A name cut short by ``nvidia-smi``
        (``"NVIDIA GeForce RTX 3060 ..."``) matches only when every model it could be has the
        same CC; a prefix with no model number (``"NVIDIA GeForce ..."``) gives ``None``.

        Source: ``gpu_compute_capability.toml`` (https://developer.nvidia.com/cuda-gpus
        and the legacy page).

        Returns:
            a :class:`GpuMatch` ``(cc, row)`` with ``.how``, or ``None`` when the name is
            unknown, ambiguous, or its CC is not known (the sources conflict).
        """
        if not name or not name.strip():
            return None
        prefix = truncated_prefix(name)
        if prefix is not None:
            return self._gpu_by_prefix(prefix)
        keys = name_keys(name)
        is_laptop = any(k.endswith(" laptop") for k in keys)
        keys = _with_series_words(keys)
        for i, key in enumerate(keys):
            rows = self._index().get(key, ())
            ccs = {r.compute_capability for r in rows}
            if rows and len(ccs) == 1 and None not in ccs:
                row = rows[0]
                cc = row.compute_capability
                assert cc is not None
                if i == 0 and key == " ".join(row.name.lower().split()):
                    how = "exact"
                elif is_laptop and row.segment != "laptop":
                    how = "desktop-row"
                else:
                    how = "normalised"
                return GpuMatch(cc, row, how)
            if rows:
                return None  # ambiguous or CC unknown: do not guess
        for key in _other_series_words(keys):
            rows = self._index().get(key, ())
            ccs = {r.compute_capability for r in rows}
            if (rows and len(ccs) == 1 and None not in ccs
                    and all("geforce" in r.name.lower() for r in rows)):
                cc = rows[0].compute_capability
                assert cc is not None
                return GpuMatch(cc, rows[0], "normalised")
        return None

    def _gpu_by_prefix(self, prefix: str) -> GpuMatch | None:
        keys = name_keys(prefix)
        core = keys[-1]
        if not any(ch.isdigit() for ch in core):
            return None
        # The cut may fall inside a word ("RTX 207..."), so match on the raw prefix.
        rows = [r for k, rs in self._index().items() if k.startswith(core) for r in rs]
        ccs = {r.compute_capability for r in rows}
        if rows and len(ccs) == 1 and None not in ccs:
            best = self._index().get(core, (rows[0],))[0]
            cc = best.compute_capability
            assert cc is not None
            return GpuMatch(cc, best, "truncated")
        return None

    # ------------------------------------------------------------------ platform facts

    def platform_fact(self, fact_id: str) -> PlatformFact:
        """The platform fact ``fact_id`` (``"numpy2-first-tf"``).

        Raises:
            KnowledgeQueryError: no such fact.
        """
        for f in self.facts:
            if f.id == fact_id:
                return f
        raise KnowledgeQueryError(f"no platform fact {fact_id!r}")

    # ------------------------------------------------------------------ typed platform facts

    def fact_series(
        self, fact_id: str, key: str = "tf_version"
    ) -> tuple[tuple[int, int], PlatformFact]:
        """``(major, minor)`` of a platform fact's version value, with its row.

        ``fact_series("windows-native-gpu-last")`` -> ``((2, 10), row)``;
        ``"and-cuda-extra-first"`` -> ``(2, 14)``; ``"numpy2-first-tf"`` -> ``(2, 18)``.

        Raises:
            KnowledgeQueryError: no such fact.
            KnowledgeError: the fact has no such value, or it is not a version (a bad
                data-file edit).
        """
        fact = self.platform_fact(fact_id)
        text = fact.value(key)
        try:
            return series(text), fact
        except KnowledgeQueryError as exc:
            raise KnowledgeError(f"{fact.ref}: {key} {text!r} is not a version") from exc

    def cc_floor(self, fact_id: str) -> tuple[tuple[int, int], PlatformFact]:
        """The compute-capability floor of a platform fact, with its row.

        ``"tensor-cores-min-cc"`` -> ``((7, 0), row)`` (Tensor Cores, Volta; source
        tensorflow.org/guide/mixed_precision), ``"bfloat16-min-cc"`` -> ``((8, 0), row)``
        (bfloat16 Tensor Core math, Ampere whitepaper).

        Raises:
            KnowledgeQueryError: no such fact.
            KnowledgeError: its ``min_cc`` is missing or not of the form X.Y.
        """
        fact = self.platform_fact(fact_id)
        text = fact.value("min_cc")
        try:
            return parse_cc(text), fact
        except KnowledgeQueryError as exc:
            raise KnowledgeError(f"{fact.ref}: min_cc {text!r} is not X.Y") from exc

    def tensor_cores(
        self, name: str | None = None, compute_capability: str | None = None
    ) -> TensorCores:
        """Whether a GPU has Tensor Cores: by its name first, by compute capability only
        when the name does not answer.

        Rule: the ``tensor_cores`` column of the GPU's ``gpu_compute_capability`` row
        (sources: NVIDIA architecture whitepapers; the TU116/TU117 parts, GeForce GTX
        16xx, MX450/MX550 and T400-T2000, have compute capability 7.5 and no Tensor
        Cores).  A name the table does not know (or whose row leaves the column out)
        falls back to platform fact ``tensor-cores-min-cc`` (7.0), and the answer says so
        (``basis == "cc-floor"``).

        Args:
            name: the GPU name as NVML, ``nvidia-smi`` or TensorFlow print it
                (``"NVIDIA GeForce GTX 1650"``), or ``None``.
            compute_capability: ``"7.5"``, or ``None`` (then the table's CC is used).

        Returns:
            The answer with its basis and row (``has is None`` when nothing is known).

        Raises:
            KnowledgeQueryError: ``compute_capability`` is not of the form X.Y.
        """
        match = self.gpu_compute_capability(name) if name else None
        if match is not None and match.row.tensor_cores is not None:
            cc = compute_capability or match.cc
            return TensorCores(match.row.tensor_cores, "gpu-table",
                               format_cc(parse_cc(cc)), match.row, name)
        cc_text = compute_capability or (match.cc if match is not None else None)
        if cc_text is None:
            return TensorCores(None, "unknown", None, None, name)
        parsed = parse_cc(cc_text)
        floor, fact = self.cc_floor("tensor-cores-min-cc")
        return TensorCores(parsed >= floor, "cc-floor", format_cc(parsed), fact, name)

    def tf_distributions(self) -> tuple[str, ...]:
        """Distributions that install the ``tensorflow`` package, most usual first
        (platform fact ``tf-distributions``: ``tensorflow``, ``tensorflow-gpu``, ...).

        Raises:
            KnowledgeError: the fact lost its ``names`` list (a bad data-file edit).
        """
        return self.platform_fact("tf-distributions").items("names")

    def cpu_only_distributions(self) -> tuple[str, ...]:
        """The :meth:`tf_distributions` that are never a CUDA build (``tensorflow-cpu``,
        ``tensorflow-intel``, ``tensorflow-macos``, ...; platform fact ``tf-distributions``).

        Raises:
            KnowledgeError: the fact lost its ``cpu_only`` list.
        """
        return self.platform_fact("tf-distributions").items("cpu_only")

    def windows_cudart_dll(self, cuda_version: str) -> tuple[str, PlatformFact] | None:
        """The CUDA runtime DLL a Windows build for CUDA ``cuda_version`` loads.

        Platform fact ``windows-cudart-dll``: ``"10.1"`` -> ``cudart64_101.dll``, every
        ``11.x`` -> ``cudart64_110.dll``, ``"12.5"`` -> ``cudart64_12.dll``.

        Returns:
            ``(dll name, row)``, or ``None`` for a CUDA major below the table's first entry.

        Raises:
            KnowledgeQueryError: ``cuda_version`` does not start with a number.
            KnowledgeError: an entry of the fact is not ``"<major>=<template>"``.
        """
        fact = self.platform_fact("windows-cudart-dll")
        parts = cuda_version.strip().split(".")
        if not parts[0].isdigit():
            raise KnowledgeQueryError(f"CUDA version {cuda_version!r} is not a version")
        major = int(parts[0])
        minor = parts[1] if len(parts) > 1 and parts[1].isdigit() else "0"
        chosen: str | None = None
        for entry in fact.items("names_by_major"):
            first, sep, template = entry.partition("=")
            if not sep or not first.isdigit():
                raise KnowledgeError(f"{fact.ref}: entry {entry!r} is not <major>=<name>")
            if int(first) <= major:
                chosen = template
        if chosen is None:
            return None
        return chosen.format(major=major, minor=minor), fact

    def cuda_error(self, code: int) -> CudaError | None:
        """The ``CUresult`` row of ``code`` (``100`` -> ``CUDA_ERROR_NO_DEVICE``), or
        ``None`` for a code ``status_codes.toml`` does not list (``-1``: TensorFlow's
        "UNKNOWN ERROR (-1)", which is no CUresult)."""
        return next((r for r in self.cuda_errors if r.code == code and not r.alias_of), None)

    def status_code(self, enum: str, code: int) -> CudaError | None:
        """The ``status_codes.toml`` row of ``enum`` (``"cudaError_t"``, ``"cudnnStatus_t"``)
        whose value is ``code``, or ``None`` when the table lists no such value.

        A ``cudnnStatus_t`` value below 1000 is read in cuDNN 8's numbering (the rows'
        ``legacy_value``, cudnn_ops_infer.h 8.2.1: ``7`` -> ``CUDNN_STATUS_MAPPING_ERROR``):
        cuDNN 9 (cudnn_graph.h) numbers its statuses from 1000 up, so the two never meet.
        Other values and enums are read in the reference header's numbering; an alias row is
        returned only where its value has no row of its own."""
        rows = [r for r in self.status_codes if r.enum == enum]
        if enum == "cudnnStatus_t" and 0 < code < 1000:
            return next((r for r in rows if r.legacy_code == code), None)
        return next((r for r in rows if r.code == code and not r.alias_of),
                    next((r for r in rows if r.code == code), None))

    def runtime_error_by_text(self, text: str) -> CudaError | None:
        """The ``cudaError_t`` row whose ``cudaGetErrorString`` text is ``text`` (what
        TensorFlow prints after "CUDA runtime implicit initialization on GPU:0 failed.
        Status: "), compared without case and surrounding space; ``None`` when no row has it.
        Source: ``status_codes.toml`` (driver_types.h, cudaGetErrorString)."""
        want = text.strip().rstrip(".").lower()
        return next((r for r in self.status_codes if r.enum == "cudaError_t"
                     and r.error_string is not None
                     and r.error_string.strip().rstrip(".").lower() == want), None)

    def cuda_error_named(self, name: str) -> CudaError | None:
        """The ``CUresult`` row named ``name`` (``"CUDA_ERROR_NO_DEVICE"``), or ``None``."""
        return next((r for r in self.cuda_errors if r.name == name), None)

    def gpu_min_driver(self, compute_capability: str, os: str) -> GpuDriverFloor | None:
        """The oldest driver branch that can know a GPU of ``compute_capability``.

        Rule: a GPU architecture arrives with the first CUDA toolkit that knows it
        (``cuda_arch.toml``, NVIDIA's CUDA toolkit release notes / features archive:
        sm_80 in 11.0, sm_86 in 11.1, sm_89 and sm_90 in 11.8, sm_100 and sm_120 in 12.8,
        sm_103 and sm_121 in 12.9), and that toolkit's own minimum driver
        (``cuda_min_driver.toml``, the toolkit row, not its family's minor-version floor)
        is the first driver branch released with the architecture.  A driver of an older
        branch (major) predates the GPU: it does not list it, whatever the TensorFlow
        release (minor-version compatibility and PTX JIT need a driver that runs the GPU
        at all).  Compared by branch only, since a driver of that branch released just
        before the toolkit may already support the GPU.

        Args:
            compute_capability: ``"9.0"``.
            os: ``"linux"``; ``"windows"`` or ``"wsl2"`` (the Windows driver).

        Returns:
            ``(arch row, driver minimum)``, or ``None`` for an architecture the table
            does not list (older ones: every driver the knowledge names runs them) or a
            cell NVIDIA gives no value for.

        Raises:
            KnowledgeQueryError: ``compute_capability`` is not ``"X.Y"``, or the OS is
                unknown.
        """
        m = re.fullmatch(r"(\d{1,3})\.(\d{1,3})", compute_capability.strip())
        if m is None:
            raise KnowledgeQueryError(f"not a compute capability: {compute_capability!r}")
        arch = self.ptxas_first_cuda(f"sm_{m.group(1)}{m.group(2)}")
        if arch is None:
            return None
        floor = self.min_driver(arch.first_cuda, os, ptx_jit=True)
        return GpuDriverFloor(arch, floor) if floor is not None else None

    def gpu_last_driver(self, compute_capability: str) -> GpuDriverCeiling | None:
        """The newest driver branch that still runs a GPU of ``compute_capability``.

        Rule: NVIDIA moves old architectures to a legacy driver branch, and no driver of
        a newer branch runs them (platform facts with ``last_branch``:
        ``kepler-last-driver-branch``, R470 for compute capability 3.0-3.7, from NVIDIA's
        "Current graphics driver releases" legacy list;
        ``maxwell-pascal-volta-last-driver-branch``, R580 for 5.0-7.0, from NVIDIA's
        Unix graphics feature deprecation schedule).  A fix that asks such a GPU for a
        driver of a newer branch cannot be met.

        Args:
            compute_capability: ``"3.7"``.

        Returns:
            The ceiling, or ``None`` when the current drivers run the architecture (or
            the compute capability is a Jetson's, whose L4T drivers the facts do not
            cover).

        Raises:
            KnowledgeQueryError: ``compute_capability`` is not ``"X.Y"``.
        """
        cc = compute_capability.strip()
        if re.fullmatch(r"\d{1,3}\.\d{1,3}", cc) is None:
            raise KnowledgeQueryError(f"not a compute capability: {compute_capability!r}")
        for f in self.facts:
            if "last_branch" in f.values and cc in f.items("compute_capabilities"):
                return GpuDriverCeiling(f.value("architecture"), int(f.value("last_branch")), f)
        return None

    def newest_cuda_family(self, branch: int, os: str) -> MinDriver | None:
        """The newest CUDA major family whose code a driver of ``branch`` runs: the
        ``minor_compat`` row (``"11.x"``) with the highest major whose floor driver is of
        ``branch`` or older (``cuda_min_driver.toml``, NVIDIA's minor-version compatibility:
        any 11.x code runs on >= 450.80.02, so R470 runs CUDA 11.x and no CUDA 12.x, whose
        floor is 525.60.13).

        Args:
            branch: a driver branch (``470``).
            os: ``"linux"``, ``"windows"`` or ``"wsl2"`` (the Windows column; a Windows
                driver's branch is its major rounded down to ten, as
                :meth:`GpuDriverCeiling.branch_of` reads it).

        Returns:
            The row, or ``None`` when no family's floor is that old.

        Raises:
            KnowledgeQueryError: unknown OS.
        """
        column = _driver_column(os)
        best: tuple[int, MinDriver] | None = None
        for r in self.drivers:
            m = re.fullmatch(r"(\d+)\.x", r.cuda_version)
            floor = r.driver_for(column)
            if r.kind != "minor_compat" or m is None or not floor:
                continue
            major = parse_version(floor, "driver version").major
            if (major // 10 * 10 if column != "linux" else major) > branch:
                continue
            if best is None or int(m.group(1)) > best[0]:
                best = (int(m.group(1)), r)
        return best[1] if best else None

    def ptxas_first_cuda(self, arch: str) -> PtxasArch | None:
        """The first CUDA release whose ``ptxas`` knows ``arch`` (``"sm_89"`` -> 11.8,
        ``cuda_arch.toml``), or ``None`` for an arch the table does not list."""
        return next((r for r in self.ptxas_archs if r.arch == arch), None)

    def dtype_size(self, dtype: str) -> DtypeSize | None:
        """Bytes per element of a TensorFlow dtype as messages name it (``"float"`` -> 4,
        ``tf_dtypes.toml``), or ``None`` for a name the table does not list."""
        return next((r for r in self.dtypes if r.dtype == dtype), None)

    def newest_python_range(self, os: str) -> tuple[str, str, TestedConfig]:
        """Python range of the newest GPU release for ``os`` (``("3.10", "3.13", row)``).

        Raises:
            KnowledgeQueryError: unknown OS, or no GPU release for it (macOS).
            KnowledgeError: the newest row gives no Python range (a data defect).
        """
        configs = self.gpu_configs(os)
        if not configs:
            raise KnowledgeQueryError(f"no TensorFlow GPU release for {os!r}")
        row = configs[0]
        if not row.python_min or not row.python_max:
            raise KnowledgeError(f"{row.ref}: the newest GPU release has no Python range")
        return row.python_min, row.python_max, row

    def lowest_wheel_cc(self) -> WheelArchsRow:
        """The official wheel range with the lowest compute-capability floor (3.5, for
        TensorFlow 2.0-2.14; ``tf_compute_capabilities.toml``).

        Raises:
            KnowledgeError: the table is empty.
        """
        if not self.wheel_archs:
            raise KnowledgeError("tf_compute_capabilities.toml has no rows")
        return min(self.wheel_archs, key=lambda r: parse_cc(r.min_cc))

    def newest_wheel_for_cc(self, compute_capability: str) -> WheelArchsRow | None:
        """The newest official wheel range whose floor is at or below ``compute_capability``.

        ``"5.2"`` -> the 2.16.1 row (floor 5.0); ``"3.0"`` -> ``None`` (no official wheel).

        Raises:
            KnowledgeQueryError: not a compute capability.
        """
        cc = parse_cc(compute_capability)
        fits = [r for r in self.wheel_archs if parse_cc(r.min_cc) <= cc]
        return fits[-1] if fits else None

    # ------------------------------------------------------------------ planning helpers

    def gpu_blockers(
        self,
        config: TestedConfig,
        *,
        os: str,
        python: str | None = None,
        driver: str | None = None,
        compute_capability: str | None = None,
    ) -> tuple[Blocker, ...]:
        """What stops ``config``'s release from using the GPU on a described host.

        Checks, each with its row: Python in the tested range; driver at or above the
        minimum for the release's CUDA (minor-version rule); GPU CC at or above the
        wheel's minimum; the CUDA's minimum driver within the last driver branch of the
        GPU's architecture (:meth:`gpu_last_driver`); PTX JIT needed (caveat) and, if so,
        driver at or above the toolkit minimum of the build CUDA.  Unknown inputs
        (``None``) are not checked.

        Raises:
            KnowledgeQueryError: a version does not parse, or the OS is unknown.
        """
        out: list[Blocker] = []
        if python is not None and config.python_ok(python) is False:
            out.append(Blocker(
                "python-outside-range", True,
                f"Python {python} is outside TensorFlow {config.tf_version}'s tested range "
                f"{config.python_min}-{config.python_max}", config, config.python_range()))
        cuda = config.cuda
        if driver is not None and cuda is not None and normalise_os(os) != "macos":
            ok, minimum = self.driver_ok(driver, cuda, os)
            if ok is False and minimum is not None:
                out.append(Blocker(
                    "driver-too-old", True,
                    f"driver {driver} < {minimum.version}, the minimum for CUDA {cuda} "
                    f"({minimum.row.cuda_version})", minimum.row, minimum.version))
            elif ok is None and minimum is not None:
                out.append(Blocker(
                    "driver-unclear", False,
                    f"driver {driver} is a branch number; CUDA {cuda} needs "
                    f"{minimum.version} or later ({minimum.row.cuda_version})", minimum.row,
                    minimum.version))
        if driver is not None and compute_capability is not None and cuda is not None \
                and normalise_os(os) != "macos":
            gpu_floor = self.gpu_min_driver(compute_capability, os)
            if gpu_floor is not None and gpu_floor.predates(driver):
                out.insert(0, Blocker(
                    "driver-older-than-gpu", True,
                    f"driver {driver} predates compute capability {compute_capability} "
                    f"({gpu_floor.arch.arch}): the first driver branch of that architecture "
                    f"is R{gpu_floor.branch} (>= {gpu_floor.minimum.version}, CUDA "
                    f"{gpu_floor.arch.first_cuda}'s own minimum, the first CUDA that knows "
                    f"{gpu_floor.arch.arch} [{gpu_floor.arch.ref}]): an older driver does not "
                    "list this GPU, whatever the TensorFlow release",
                    gpu_floor.minimum.row, gpu_floor.minimum.version))
        if compute_capability is not None and cuda is not None \
                and normalise_os(os) != "macos":
            ceiling = self.gpu_last_driver(compute_capability)
            minimum = self.min_driver(cuda, os) if ceiling is not None else None
            win = _driver_column(os) == "windows"
            if ceiling is not None and driver is not None and ceiling.excludes(driver,
                                                                               windows=win):
                out.insert(0, Blocker(
                    "driver-newer-than-gpu", True,
                    f"driver {driver} is of a branch newer than R{ceiling.last_branch}, the last "
                    f"driver branch for {ceiling.architecture} GPUs (compute capability "
                    f"{compute_capability}): it does not drive this GPU",
                    ceiling.fact, str(ceiling.last_branch)))
            elif ceiling is not None and minimum is not None and ceiling.excludes(
                    minimum.version, windows=win):
                out.append(Blocker(
                    "driver-beyond-gpu", True,
                    f"TensorFlow {config.tf_version} uses CUDA {cuda}, which needs driver >= "
                    f"{minimum.version}, but R{ceiling.last_branch} is the last driver branch "
                    f"for {ceiling.architecture} GPUs (compute capability {compute_capability})",
                    ceiling.fact, minimum.version))
        if compute_capability is not None and cuda is not None:
            support = self.cc_support(config.tf_version, compute_capability)
            if support is not None and support.status == "below-minimum":
                out.append(Blocker(
                    "cc-below-minimum", True,
                    f"compute capability {support.cc} < {support.row.min_cc}, the minimum of "
                    f"the TensorFlow {config.tf_series} wheels", support.row, support.row.min_cc))
            elif support is not None and support.status == "no-kernels":
                out.append(Blocker(
                    "no-kernels", True,
                    f"the TensorFlow {config.tf_series} wheels have neither a cubin nor PTX "
                    f"usable by compute capability {support.cc}", support.row,
                    support.row.min_cc))
            elif support is not None and support.status == "ptx-jit":
                out.append(Blocker(
                    "ptx-jit", False,
                    f"no cubin for compute capability {support.cc}: kernels are JIT-compiled "
                    f"from compute_{support.via} PTX at start (slow first run)", support.row))
                build = support.row.build_cuda
                if driver is not None and normalise_os(os) != "macos":
                    ok, minimum = self.driver_ok(driver, build, os, ptx_jit=True)
                    if ok is False and minimum is not None:
                        out.append(Blocker(
                            "driver-too-old-for-ptx-jit", True,
                            f"driver {driver} < {minimum.version}, the CUDA {build} toolkit "
                            "minimum that PTX JIT needs", minimum.row, minimum.version))
        return tuple(out)

    def newest_tf_for(
        self,
        os: str,
        *,
        python: str | None = None,
        driver: str | None = None,
        compute_capability: str | None = None,
    ) -> TestedConfig | None:
        """The newest TensorFlow GPU configuration with no blocking :meth:`gpu_blockers`.

        Args:
            os: ``"linux"``, ``"wsl2"`` (Linux wheels) or ``"windows"`` (native: 2.10 at
                most). ``"macos"`` has no CUDA build and always gives ``None``.
            python: host Python (``"3.11.7"``), or ``None`` to ignore.
            driver: NVIDIA driver version, or ``None`` to ignore.
            compute_capability: GPU CC (``"8.6"``), or ``None`` to ignore.

        Returns:
            The tested-config row, or ``None`` when no release fits.

        Raises:
            KnowledgeQueryError: a version does not parse, or the OS is unknown.
        """
        for config in self.gpu_configs(os):
            blockers = self.gpu_blockers(
                config, os=os, python=python, driver=driver,
                compute_capability=compute_capability,
            )
            if not any(b.blocking for b in blockers):
                return config
        return None

    # --- ------------------------------------------------------------------------------

    def keras_private_module(self, module: str) -> tuple[PlatformFact, bool] | None:
        """The ``keras-src-*`` platform fact of a private Keras module, with whether it names
        ``module`` itself (``True``) or only its closest listed parent (``False``).

        ``keras_private_module("keras.src.legacy.saving")`` -> (the ``keras.src.legacy`` row,
        False): values ``module``, ``first_keras`` (``"3.0"``: the first Keras series with it)
        and, for modules Keras 3 removed, ``last_keras`` (``"2.15"``).  Source: the
        keras-team/keras tree at tags v2.13.1, v2.15.0, v3.0.0, v3.9.0 (each row's
        ``source``).  ``None`` when ``module`` is not under ``keras.src``.
        """
        best: PlatformFact | None = None
        for fact in self.facts:
            if not fact.id.startswith("keras-src"):
                continue
            name = fact.values.get("module")
            if not isinstance(name, str):
                continue
            if (module == name or module.startswith(name + ".")) and (
                    best is None or len(name) > len(best.value("module"))):
                best = fact
        if best is None:
            return None
        return best, best.value("module") == module


def gpu_index_of(gpus: tuple[GpuRow, ...]) -> Mapping[str, tuple[GpuRow, ...]]:
    """Index GPU rows by their lookup keys (see :mod:`tfgpu.knowledge._gpu_names`)."""
    index: dict[str, list[GpuRow]] = {}
    for r in gpus:
        for k in row_keys(r.name):
            index.setdefault(k, []).append(r)
    return MappingProxyType({k: tuple(v) for k, v in index.items()})


def _updated_dates(tables: Mapping[str, TableMeta]) -> str:
    return max(str(m.updated) for m in tables.values()) if tables else "none"


def load_knowledge_from(folder: Path) -> Knowledge:
    """Load every data file from ``folder`` and check every row now (tests use this on
    edited copies, where an error should surface at once).

    Raises:
        KnowledgeError: a file is missing or malformed (see
            :func:`tfgpu.knowledge._load.load_table`).
    """
    return _read(folder).load_all()


def _read(folder: str | Traversable | Path) -> Knowledge:
    return Knowledge({table: open_table(folder, table) for table in TABLES})


#: Serialises :func:`load_knowledge`'s first call: the CLI's pre-warm thread and the main
#: thread may both ask at once, and the files are then read once, not twice.
_LOAD_LOCK = threading.Lock()


def load_knowledge() -> Knowledge:
    """The packaged data files, read once per process (then the same object).

    Every file is read (through the parse cache, :mod:`tfgpu.knowledge._cache`) and its
    header checked on the first call; a table's rows are built on the first query that
    reads them (:class:`Knowledge`).  Safe to call from several threads.

    Raises:
        KnowledgeError: a data file is missing, unparsable, or of a newer schema (a
            broken install).
    """
    with _LOAD_LOCK:
        return _packaged()


def knowledge_or_packaged(kb: Knowledge | None) -> Knowledge:
    """``kb``, or the packaged tables (:func:`load_knowledge`, read once) when ``None``: the
    default of every function that takes an optional ``kb`` (tests pass their own tables).

    Raises:
        KnowledgeError: as :func:`load_knowledge`, when ``kb`` is ``None``.
    """
    return kb if kb is not None else load_knowledge()


@functools.cache
def _packaged() -> Knowledge:
    return _read(packaged_folder())


__all__ = [
    "OS_NAMES",
    "ROCM_LIST_RELEASE",
    "Blocker",
    "CCSupport",
    "DriverMinimum",
    "GpuBuild",
    "GpuDriverCeiling",
    "GpuMatch",
    "Knowledge",
    "RocmSupport",
    "TensorCores",
    "WheelArchs",
    "classify_cc",
    "driver_at_least",
    "knowledge_or_packaged",
    "load_knowledge",
    "load_knowledge_from",
    "normalise_os",
    "parse_arch_list",
]
