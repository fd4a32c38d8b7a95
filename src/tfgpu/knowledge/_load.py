"""Read ``data/*.toml`` into typed rows (:mod:`tfgpu.knowledge._rows`).

Validation here is structural (required keys, types, unique ids, resolvable sources);
the invariant tests in ``tests/knowledge`` check the values of every row.
"""

from __future__ import annotations

import datetime
import functools
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from tfgpu.knowledge import _cache

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path
from tfgpu.knowledge import _rows
from tfgpu.knowledge._rows import KnowledgeError

#: Major version of the data-file layout this code reads.
SCHEMA_MAJOR = "1"

#: The data files, in load order.
TABLES: tuple[str, ...] = (
    "tf_tested_configs",
    "cuda_min_driver",
    "tf_pip_cuda_wheels",
    "tf_compute_capabilities",
    "gpu_compute_capability",
    "platform_facts",
    "status_codes",
    "cuda_arch",
    "tf_dtypes",
    "amd_gpus",  # AMD models, gfx targets, ROCm Linux support
    "tf_and_cuda_aarch64",  # does tensorflow[and-cuda]==X resolve on Linux aarch64
)

_COMMON = ("id", "source", "retrieved", "note")


@dataclass(frozen=True, slots=True)
class TableMeta:
    """Header of one data file.

    Attributes:
        table: file name without ``.toml``.
        schema_version: layout version (``"1.0"``).
        updated: date of the last edit.
        description: one line on what the file holds.
        sources: ``key -> Source``.
    """

    table: str
    schema_version: str
    updated: datetime.date
    description: str
    sources: Mapping[str, _rows.Source]


R = TypeVar("R", bound=_rows.Row)
Raw = Mapping[str, object]


def data_dir() -> Traversable:
    """The package's ``knowledge/data`` folder.

    A plain :class:`~pathlib.Path` when the package is installed as files (the usual
    case; skips importing :mod:`importlib.resources` and :mod:`zipfile`), else the
    :mod:`importlib.resources` view (a zipped install).
    """
    from pathlib import Path  # imported here: the loaders use packaged_folder()

    here = Path(__file__).resolve().parent / "data"
    if here.is_dir():
        return here
    from importlib import resources

    return resources.files("tfgpu.knowledge").joinpath("data")


def packaged_folder() -> str | Traversable:
    """The package's ``knowledge/data`` folder as the loaders read it: a plain path
    string when the package is installed as files, else :func:`data_dir`'s
    :mod:`importlib.resources` view (a zipped install).

    A string, not a :class:`~pathlib.Path`: the commands that load the knowledge
    (``tfgpu doctor``...) then never import :mod:`pathlib` and the :mod:`urllib.parse`
    and :mod:`ipaddress` it pulls in (~2 ms of every run).
    """
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
    if os.path.isdir(here):
        return here
    from importlib import resources

    return resources.files("tfgpu.knowledge").joinpath("data")


def read_table(folder: str | Traversable | Path, table: str) -> dict[str, object]:
    """Parse ``<folder>/<table>.toml`` (through :mod:`tfgpu.knowledge._cache`: a file
    parsed before, byte for byte, is read back from the user's cache folder).

    Args:
        folder: the data folder: a path string (:func:`packaged_folder`), a
            :class:`~pathlib.Path` or an :mod:`importlib.resources` view (:func:`data_dir`).
        table: the file name without ``.toml``.

    Returns:
        The parse, a new :class:`dict` on every call (the caller may change it).

    Raises:
        KnowledgeError: the file is missing (a broken install) or not valid TOML.
    """
    data = open_table(folder, table)
    return data if isinstance(data, dict) else dict(data)


def open_table(folder: str | Traversable | Path, table: str) -> Mapping[str, object]:
    """:func:`read_table`, read-only and lazy: a cache hit is a
    :class:`~tfgpu.knowledge._cache.CachedTable`, equal to the parse, whose row arrays are
    decoded when first read (what :class:`~tfgpu.knowledge.Knowledge` loads: it checks
    every table's header, but most runs read the rows of a few).

    Raises:
        KnowledgeError: the file is missing (a broken install) or not valid TOML.
    """
    try:
        if isinstance(folder, str):
            with open(os.path.join(folder, f"{table}.toml"), "rb") as fh:
                content = fh.read()
        else:
            content = folder.joinpath(f"{table}.toml").read_bytes()
    except OSError as exc:
        raise KnowledgeError(f"knowledge file {table}.toml cannot be read: {exc}") from exc
    cached = _cache.load(table, content)  # a corrupt row part: parse_table, later
    if cached is not None:
        return cached
    return parse_table(table, content)


def parse_table(table: str, content: bytes) -> dict[str, object]:
    """Parse the bytes of ``<table>.toml`` with :mod:`tomllib` and store the parse in the
    cache (:func:`tfgpu.knowledge._cache.store`).

    Raises:
        KnowledgeError: not UTF-8 or not valid TOML.
    """
    try:  # imported here: a cache hit does not need the TOML parser (~20 ms to import)
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        data: dict[str, object] = tomllib.loads(content.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise KnowledgeError(f"knowledge file {table}.toml cannot be read: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise KnowledgeError(f"knowledge file {table}.toml is not valid TOML: {exc}") from exc
    _cache.store(table, content, data)
    return data


@functools.cache
def packaged_table(table: str) -> Mapping[str, object]:
    """The packaged data file ``data/<table>.toml``, parsed once per process (through
    :func:`read_table` and its cache), as a read-only mapping.

    For the tables that keep their own row shapes (``gpu_stacks``, ``win32_errors``,
    ``docs``): each reads its rows from here and checks them with :func:`text_field`.

    Raises:
        KnowledgeError: the file is missing or not valid TOML.
    """
    return MappingProxyType(read_table(packaged_folder(), table))


def text_field(raw: Mapping[str, object], key: str, where: str, *,
               optional: bool = False) -> str:
    """The string ``raw[key]``; ``""`` for an absent ``optional`` key.

    Raises:
        KnowledgeError: the value is not a string, or a required one is absent or empty
            (``where`` names the row in the message).
    """
    value = raw.get(key, "" if optional else None)
    if not isinstance(value, str) or (not optional and not value):
        raise KnowledgeError(f"{where}: {key!r} must be a {'' if optional else 'non-empty '}"
                             "string")
    return value


def _str(raw: Raw, key: str, where: str, *, optional: bool = False) -> str | None:
    value = raw.get(key)
    if value is None:
        if optional:
            return None
        raise KnowledgeError(f"{where}: required key {key!r} is missing")
    if not isinstance(value, str):
        raise KnowledgeError(f"{where}: {key!r} must be a string, not {type(value).__name__}")
    return value


def _req(raw: Raw, key: str, where: str) -> str:
    value = _str(raw, key, where)
    assert value is not None
    return value


def _opt(raw: Raw, key: str, where: str) -> str | None:
    return _str(raw, key, where, optional=True)


def _int(raw: Raw, key: str, where: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise KnowledgeError(f"{where}: {key!r} must be an integer")
    return value


def _strs(raw: Raw, key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise KnowledgeError(f"{where}: {key!r} must be a list of strings")
    return tuple(value)


def _common(raw: Raw, table: str, where: str) -> dict[str, object]:
    retrieved = raw.get("retrieved")
    if not isinstance(retrieved, datetime.date) or isinstance(retrieved, datetime.datetime):
        raise KnowledgeError(f"{where}: 'retrieved' must be a date (YYYY-MM-DD)")
    return {
        "table": table,
        "id": _req(raw, "id", where),
        "source": _req(raw, "source", where),
        "retrieved": retrieved,
        "note": _opt(raw, "note", where) or "",
    }


def _pin(raw: Raw, c: dict[str, object], w: str) -> _rows.AndCudaPin:
    major = raw.get("cuda_major")
    if major is not None and (not isinstance(major, int) or isinstance(major, bool)):
        raise KnowledgeError(f"{w}: 'cuda_major' must be an integer")
    return _rows.AndCudaPin(
        **c,  # type: ignore[arg-type]
        tf_version=_req(raw, "tf_version", w), package=_req(raw, "package", w),
        specifier=_req(raw, "specifier", w), cuda_major=major,
        wheel_file=_req(raw, "wheel_file", w), wheel_sha256=_req(raw, "wheel_sha256", w),
    )


def _bool(raw: Raw, key: str, where: str) -> bool:
    value = raw.get(key)
    if not isinstance(value, bool):
        raise KnowledgeError(f"{where}: {key!r} must be true or false")
    return value


def _opt_bool(raw: Raw, key: str, where: str) -> bool | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, bool):
        raise KnowledgeError(f"{where}: {key!r} must be true or false")
    return value


#: How a row field is read from the TOML key of its name, by the field's annotation (a string:
#: ``_rows`` is written with ``from __future__ import annotations``).
_READERS: dict[str, Callable[[Raw, str, str], object]] = {
    "str": _req, "str | None": _opt, "tuple[str, ...]": _strs, "int": _int,
    "bool | None": _opt_bool, "bool": _bool,
}
_ROW_FIELDS = frozenset(f.name for f in fields(_rows.Row))


def _by_fields(cls: type[R]) -> Callable[[Raw, dict[str, object], str], R]:
    """The builder of row class ``cls`` whose own fields are each read, in their order, from the
    TOML key of the same name by the field's type (:data:`_READERS`: a missing required
    string, or a value of another type, raises :class:`KnowledgeError`).

    Raises:
        KeyError: at import, a field of a type :data:`_READERS` does not read.
    """
    readers = [(f.name, _READERS[str(f.type)]) for f in fields(cls)
               if f.name not in _ROW_FIELDS]

    def build(raw: Raw, c: dict[str, object], w: str) -> R:
        return cls(**c, **{name: read(raw, name, w) for name, read in readers})  # type: ignore[arg-type]

    return build


def _fact(raw: Raw, c: dict[str, object], w: str) -> _rows.PlatformFact:
    values: dict[str, str | tuple[str, ...]] = {}
    for key, value in raw.items():
        if key in (*_COMMON, "title"):
            continue
        if isinstance(value, str):
            values[key] = value
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            values[key] = tuple(value)
        else:
            raise KnowledgeError(f"{w}: value {key!r} must be a string or a list of strings")
    return _rows.PlatformFact(
        **c,  # type: ignore[arg-type]
        title=_req(raw, "title", w), values=MappingProxyType(values),
    )


def _cuda_error(raw: Raw, c: dict[str, object], w: str) -> _rows.CudaError:
    return _rows.CudaError(
        **c,  # type: ignore[arg-type]
        code=_int(raw, "value", w), name=_req(raw, "name", w), enum=_req(raw, "enum", w),
        meaning=_req(raw, "meaning", w), maps_to=_req(raw, "maps_to", w),
        error_string=_opt(raw, "error_string", w), alias_of=_opt(raw, "alias_of", w),
        library=_req(raw, "library", w), category=_opt(raw, "category", w) or "",
        legacy_code=_int(raw, "legacy_value", w) if "legacy_value" in raw else None,
    )


def _status_rows(data: Mapping[str, object], where: str) -> list[dict[str, object]]:
    """``status_codes.toml``'s ``[[code]]`` rows in the common row shape.

    ``id`` is ``<enum>.<name>`` in lower case with ``-`` for ``_``
    (``curesult.cuda-error-no-device``); ``retrieved`` is the date of the row's first source
    (the file keeps the dates in its ``[sources]`` blocks, not per row); ``library`` is the
    row's ``[enums.<enum>]`` block's (``"The CUDA driver"``); ``category`` is the
    ``[new_faults]`` entry of a ``new:<id>`` ``maps_to`` (absent for other rows)."""
    raw_codes = data.get("code")
    raw_sources = data.get("sources")
    enums, new_faults = data.get("enums", {}), data.get("new_faults", {})
    if not isinstance(raw_codes, list) or not isinstance(raw_sources, dict):
        raise KnowledgeError(f"{where}: no [[code]] rows")
    if not isinstance(enums, dict) or not isinstance(new_faults, dict):
        raise KnowledgeError(f"{where}: [enums] and [new_faults] must be tables")
    rows: list[dict[str, object]] = []
    for i, raw in enumerate(raw_codes):
        if not isinstance(raw, dict):
            raise KnowledgeError(f"{where} code {i + 1}: not a table")
        row = dict(raw)
        row["id"] = f"{raw.get('enum')}.{raw.get('name')}".lower().replace("_", "-")
        first = str(raw.get("source", "")).split("+")[0].strip()
        src = raw_sources.get(first)
        if isinstance(src, dict) and "retrieved" not in row:
            row["retrieved"] = src.get("retrieved")
        enum = enums.get(raw.get("enum"))
        if isinstance(enum, dict) and "library" in enum:
            row["library"] = enum["library"]
        maps_to = str(raw.get("maps_to", ""))
        if maps_to.startswith("new:"):
            fault = new_faults.get(maps_to)
            if not isinstance(fault, dict) or "category" not in fault:
                raise KnowledgeError(f"{where} code {i + 1}: {maps_to} has no [new_faults] "
                                     "category")
            row["category"] = fault["category"]
        rows.append(row)
    return rows


# --- amd gpus (report2) ---
_AMD_SUPPORT = ("supported", "deprecated", "unsupported", "unlisted")


def _amd_gpu(raw: Raw, c: dict[str, object], w: str) -> _rows.AmdGpuRow:
    support = _req(raw, "linux_support", w)
    if support not in _AMD_SUPPORT:
        raise KnowledgeError(f"{w}: linux_support must be one of {', '.join(_AMD_SUPPORT)}")
    gfx = _req(raw, "gfx", w)
    if not re.fullmatch(r"gfx[0-9a-f]{3,4}", gfx):
        raise KnowledgeError(f"{w}: gfx {gfx!r} is not an LLVM gfx target (gfx1100)")
    return _rows.AmdGpuRow(
        **c,  # type: ignore[arg-type]
        name=_req(raw, "name", w), gfx=gfx, architecture=_req(raw, "architecture", w),
        segment=_req(raw, "segment", w), linux_support=support,
    )
# --- end amd gpus ---


_BUILDERS: dict[str, Callable[[Raw, dict[str, object], str], _rows.Row]] = {
    "tf_tested_configs": _by_fields(_rows.TestedConfig),
    "cuda_min_driver": _by_fields(_rows.MinDriver),
    "tf_pip_cuda_wheels": _pin,
    "tf_compute_capabilities": _by_fields(_rows.WheelArchsRow),
    "gpu_compute_capability": _by_fields(_rows.GpuRow),
    "platform_facts": _fact,
    "status_codes": _cuda_error,
    "cuda_arch": _by_fields(_rows.PtxasArch),
    "tf_dtypes": _by_fields(_rows.DtypeSize),
    "amd_gpus": _amd_gpu,  # report2
    "tf_and_cuda_aarch64": _by_fields(_rows.AndCudaAarch64),
}


def _is_url_like(part: str) -> bool:
    return part.startswith(("http://", "https://"))


def load_table(folder: str | Traversable | Path,
               table: str) -> tuple[TableMeta, tuple[_rows.Row, ...]]:
    """Load one data file into its header and typed rows (:func:`read_table`, then
    :func:`table_meta` and :func:`table_rows`).

    Raises:
        KnowledgeError: missing/invalid file, a newer ``schema_version`` major, a row
            with a missing or mistyped key, a duplicate id, or a ``source`` part that is
            neither a key of ``[sources]`` nor a URL.
    """
    data = read_table(folder, table)
    meta = table_meta(table, data)
    return meta, table_rows(table, data, meta)


def table_meta(table: str, data: Mapping[str, object]) -> TableMeta:
    """The header of ``table`` from its parsed file ``data`` (:func:`read_table`).

    Raises:
        KnowledgeError: a newer ``schema_version`` major, no ``updated`` date, or a
            missing or malformed ``[sources]`` table.
    """
    where = f"{table}.toml"
    schema = data.get("schema_version")
    if not isinstance(schema, str) or schema.split(".", 1)[0] != SCHEMA_MAJOR:
        raise KnowledgeError(
            f"{where}: schema_version {schema!r} is not supported (this tfgpu reads "
            f"{SCHEMA_MAJOR}.x)"
        )
    updated = data.get("updated")
    if not isinstance(updated, datetime.date):
        raise KnowledgeError(f"{where}: 'updated' must be a date (YYYY-MM-DD)")
    raw_sources = data.get("sources")
    if not isinstance(raw_sources, dict) or not raw_sources:
        raise KnowledgeError(f"{where}: the [sources] table is missing")
    sources: dict[str, _rows.Source] = {}
    for key, entry in raw_sources.items():
        if not isinstance(entry, dict):
            raise KnowledgeError(f"{where}: sources.{key} must be a table")
        sources[key] = _rows.Source(
            key=key,
            url=_req(entry, "url", f"{where} sources.{key}"),
            description=_req(entry, "description", f"{where} sources.{key}"),
        )
    return TableMeta(
        table=table, schema_version=schema, updated=updated,
        description=str(data.get("description", "")), sources=MappingProxyType(sources),
    )


def table_rows(table: str, data: Mapping[str, object],
               meta: TableMeta) -> tuple[_rows.Row, ...]:
    """The typed rows of ``table`` from its parsed file ``data``, checked against its
    header ``meta`` (:func:`table_meta`: every ``source`` part is one of its keys or a URL).

    Raises:
        KnowledgeError: no rows, a row with a missing or mistyped key, a duplicate id, or
            a ``source`` part that is neither a key of ``[sources]`` nor a URL.
    """
    where = f"{table}.toml"
    raw_rows = _status_rows(data, where) if table == "status_codes" else data.get("rows")
    if not isinstance(raw_rows, list):
        raise KnowledgeError(f"{where}: no [[rows]]")
    sources = meta.sources
    rows: list[_rows.Row] = []
    ids: set[str] = set()
    build = _BUILDERS[table]
    for i, raw in enumerate(raw_rows):
        w = f"{where} row {i + 1}"
        if not isinstance(raw, dict):
            raise KnowledgeError(f"{w}: not a table")
        w = f"{where} row {raw.get('id', i + 1)!s}"
        row = build(raw, _common(raw, table, w), w)
        if row.id in ids:
            raise KnowledgeError(f"{w}: duplicate id {row.id!r}")
        ids.add(row.id)
        for part in row.source_keys:
            if part not in sources and not _is_url_like(part):
                raise KnowledgeError(f"{w}: source {part!r} is not in [sources] nor a URL")
        rows.append(row)
    return tuple(rows)


def typed(rows: tuple[_rows.Row, ...], cls: type[R]) -> tuple[R, ...]:
    """Narrow a row tuple to ``cls`` (every row of one table has the same class)."""
    out = tuple(r for r in rows if isinstance(r, cls))
    if len(out) != len(rows):  # pragma: no cover - _BUILDERS guarantees it
        raise KnowledgeError(f"rows of mixed types, expected {cls.__name__}")
    return out
