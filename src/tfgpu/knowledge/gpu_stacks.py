"""The runtime libraries and symbols of the GPU stacks other than NVIDIA's: the one table.

The rows live in ``data/gpu_stack_libraries.toml``: which file names belong to AMD's ROCm
(tensorflow-rocm, hipTensorFlow), Intel's oneAPI (the Intel Extension for TensorFlow plugin)
and Microsoft's DirectML (tensorflow-directml and its plugin), the component each is and the
releases that ship it (ROCm release notes, the HCC and HIP CMake files, the ITEX install guide
and FAQ, the DirectML plugin's loader: each row names its source); and the C++ namespaces and
C API prefixes of those runtimes and of NVIDIA's CUDA libraries (stack ``cuda``: symbol rows
only, from the CUDA/cuDNN headers and nccl.h), which say which runtime a binary lacking such a
symbol was built against.  A missing or mismatched library of these stacks is that stack's
fault, never CUDA's: the checks give the stack's own finding.

The file is read once, on first use, through the knowledge parse cache
(:func:`tfgpu.knowledge._load.read_table`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tfgpu.knowledge._load import packaged_table, text_field
from tfgpu.knowledge._rows import KnowledgeError

#: The data file (``knowledge/data/gpu_stack_libraries.toml``), without ``.toml``.
TABLE = "gpu_stack_libraries"

#: The stacks the table knows (``cuda``: symbol rows only; NVIDIA's file names are
#: :mod:`tfgpu.facts.libnames`').
STACKS: tuple[str, ...] = ("rocm", "oneapi", "directml", "cuda")


@dataclass(frozen=True, slots=True)
class StackLibrary:
    """One runtime library file name of a stack.

    Attributes:
        stack: one of :data:`STACKS`.
        base: the file name's stem, lower case (``"mcwamp"`` for ``libmcwamp.so.3``).
        what: the component, a noun phrase (``"HCC's C++ AMP runtime (the hcc package)"``).
        releases: the releases that ship the name (a clause), ``""`` when every release does.
        source: key of the table's ``[sources]``.
        alone: the name belongs to the stack whatever else the log shows (``False``: a
            generic name other software ships too).
        part: ``"gpu-runtime"`` for a file of the GPU driver's compute runtime (oneAPI's Level
            Zero loader), ``""`` for the stack's toolkit or libraries.
    """

    stack: str
    base: str
    what: str
    releases: str
    source: str
    alone: bool
    part: str = ""

    @property
    def ref(self) -> str:
        """The knowledge reference findings carry: ``"gpu_stack_libraries:mcwamp"``."""
        return f"{TABLE}:{self.base}"


@dataclass(frozen=True, slots=True)
class StackSymbol:
    """The symbols of one runtime of a stack.

    Attributes:
        stack: one of :data:`STACKS`.
        runtime: the library that exports them (a noun phrase).
        namespace: a C++ namespace of the runtime's own (``"hip_impl"``), or ``""``.
        prefix: the start of the runtime's C API names (``"hip"``), or ``""``.
        releases: the releases (a clause), ``""`` when every release.
        source: key of the table's ``[sources]``.
    """

    stack: str
    runtime: str
    namespace: str
    prefix: str
    releases: str
    source: str

    @property
    def ref(self) -> str:
        """The knowledge reference: ``"gpu_stack_libraries:hip_impl"``, ``"...:hip"``."""
        return f"{TABLE}:{self.namespace or self.prefix}"

    def matches(self, symbol: str) -> bool:
        """Whether ``symbol`` (a mangled C++ name or a C name, as the loader prints it) is one
        of this runtime's: its mangled name is in :attr:`namespace` (``_ZN8hip_impl...``,
        ``_ZNK8hip_impl...``), or the C name starts with :attr:`prefix` and then an
        upper-case letter or ``_`` (``hipMalloc``, ``rocblas_sgemm``, not ``hippo``)."""
        if self.namespace:
            return re.match(rf"_ZN[KVR]?{len(self.namespace)}{self.namespace}\d",
                            symbol) is not None
        return re.match(rf"{self.prefix}(?:[A-Z]|_[a-z])", symbol) is not None


_BASE_RE = re.compile(r"^(?:lib)?([\w+-]+?)(?:\.[\da-f]{6,40})?\.(?:so|dll)(?:\.\S*)?$",
                      re.IGNORECASE)


def base_of(filename: str) -> str:
    """The stem of a library file name as the table keys it: ``libMIOpen.so.1`` ->
    ``"miopen"``, ``/opt/rocm/lib/libmcwamp.so.3`` -> ``"mcwamp"``, ``DirectML.dll`` ->
    ``"directml"``; ``""`` when ``filename`` is not a ``.so``/``.dll`` name."""
    m = _BASE_RE.match(filename.replace("\\", "/").rsplit("/", 1)[-1])
    return m.group(1).lower() if m else ""


def library(filename: str) -> StackLibrary | None:
    """The row of the library ``filename`` (any path, any version suffix), or ``None`` when
    it is no runtime library of these stacks.

    The HCC-era ROCm builds (ROCm 1.x) name a library's HIP build ``lib<name>_hcc.so``
    (``libhiprng_hcc.so``, ``libhipblas_hcc.so``: source ``hipcaffe-readme``), and
    hipTensorFlow's loader asks for some with a hyphen (``libhipblas-hcc.so``): a name the
    table lacks is read with ``-`` as ``_``, then, for a ROCm row, without ``_hcc``."""
    base = base_of(filename)
    rows = libraries()
    for key in (base, base.replace("-", "_")):
        if key in rows:
            return rows[key]
    key = base.replace("-", "_")
    if key.endswith("_hcc"):
        row = rows.get(key[: -len("_hcc")])
        if row is not None and row.stack == "rocm":
            return row
    return None


def symbol_runtime(symbol: str) -> StackSymbol | None:
    """The runtime whose symbol ``symbol`` is (namespace rows first), or ``None``."""
    rows = sorted(symbols(), key=lambda s: not s.namespace)
    return next((s for s in rows if s.matches(symbol)), None)


def source_url(key: str) -> str:
    """The ``url`` of the table's source ``key``.

    Raises:
        KnowledgeError: no such source.
    """
    raw = packaged_table(TABLE).get("sources")
    entry = raw.get(key) if isinstance(raw, dict) else None
    url = entry.get("url") if isinstance(entry, dict) else None
    if not isinstance(url, str):
        raise KnowledgeError(f"{TABLE}.toml: no source {key!r} with a url")
    return url


def _common(raw: object, where: str) -> Mapping[str, object]:
    if not isinstance(raw, dict):
        raise KnowledgeError(f"{where}: must be a table")
    sources = packaged_table(TABLE).get("sources")
    if text_field(raw, "stack", where) not in STACKS:
        raise KnowledgeError(f"{where}: 'stack' must be one of {STACKS}")
    if not isinstance(sources, dict) or text_field(raw, "source", where) not in sources:
        raise KnowledgeError(f"{where}: 'source' must name an entry of [sources]")
    return raw


@functools.cache
def libraries() -> Mapping[str, StackLibrary]:
    """Every library row, by :attr:`StackLibrary.base`.

    Raises:
        KnowledgeError: the file or a row is malformed.
    """
    out: dict[str, StackLibrary] = {}
    for i, item in enumerate(_rows("library")):
        where = f"{TABLE}.toml library[{i}]"
        raw = _common(item, where)
        alone = raw.get("alone")
        if not isinstance(alone, bool):
            raise KnowledgeError(f"{where}: 'alone' must be true or false")
        row = StackLibrary(
            stack=text_field(raw, "stack", where), base=text_field(raw, "base", where),
            what=text_field(raw, "what", where), releases=text_field(raw, "releases", where,
                                                           optional=True),
            source=text_field(raw, "source", where), alone=alone,
            part=text_field(raw, "part", where, optional=True))
        if row.part not in ("", "gpu-runtime"):
            raise KnowledgeError(f"{where}: 'part' must be \"gpu-runtime\" or absent")
        if row.base != row.base.lower() or row.base in out:
            raise KnowledgeError(f"{where}: 'base' must be lower case and unique")
        out[row.base] = row
    return MappingProxyType(out)


@functools.cache
def symbols() -> tuple[StackSymbol, ...]:
    """Every symbol row, in file order.

    Raises:
        KnowledgeError: the file or a row is malformed.
    """
    out: list[StackSymbol] = []
    for i, item in enumerate(_rows("symbol")):
        where = f"{TABLE}.toml symbol[{i}]"
        raw = _common(item, where)
        namespace = text_field(raw, "namespace", where, optional=True)
        prefix = text_field(raw, "prefix", where, optional=True)
        if bool(namespace) == bool(prefix) or not re.fullmatch(r"\w+", namespace + prefix):
            raise KnowledgeError(f"{where}: exactly one of 'namespace' and 'prefix', a name")
        out.append(StackSymbol(
            stack=text_field(raw, "stack", where), runtime=text_field(raw, "runtime", where),
            namespace=namespace, prefix=prefix,
            releases=text_field(raw, "releases", where, optional=True),
            source=text_field(raw, "source", where)))
    return tuple(out)


def _rows(key: str) -> list[object]:
    rows = packaged_table(TABLE).get(key)
    if not isinstance(rows, list) or not rows:
        raise KnowledgeError(f"{TABLE}.toml: the [[{key}]] rows are missing")
    return rows


@dataclass(frozen=True, slots=True)
class StackPair:
    """A package release and the release of its stack it is built against.

    Attributes:
        stack: one of :data:`STACKS`.
        package: the package (``"intel-extension-for-tensorflow"``).
        version: its release(s) (``"2.15.0.2"``, ``"2.14.0.x"``).
        needs: the stack's release its install guide names (``"oneAPI Base Toolkit
            2024.2.1"``).
        source: key of the table's ``[sources]``.
    """

    stack: str
    package: str
    version: str
    needs: str
    source: str


@functools.cache
def pairs(package: str) -> tuple[StackPair, ...]:
    """The release pairs of ``package``, in file order (oldest first); ``()`` for a package
    the table has none of.

    Raises:
        KnowledgeError: the file or a row is malformed.
    """
    out: list[StackPair] = []
    for i, item in enumerate(_rows("pair")):
        where = f"{TABLE}.toml pair[{i}]"
        raw = _common(item, where)
        if text_field(raw, "package", where) != package:
            continue
        out.append(StackPair(
            stack=text_field(raw, "stack", where), package=package,
            version=text_field(raw, "version", where), needs=text_field(raw, "needs", where),
            source=text_field(raw, "source", where)))
    return tuple(out)
