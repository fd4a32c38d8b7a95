"""Invariants over every row of ``status_codes.toml`` (STYLE.md section 2).

The table holds every code of the seven return enums of TensorFlow's GPU stack
(``CUresult``, ``cudaError_t``, ``cublasStatus_t``, ``cudnnStatus_t``, ``ncclResult_t``,
``cusolverStatus_t``, ``cufftResult``), each with its header's doc comment, its meaning to a
TensorFlow user and the tfgpu finding it maps to.  Completeness is checked against the
enumerator list extracted from each reference header and kept in the file
(``[enums.X].header_names``), not against a list typed into this test.  Finding ids that
rows map to must exist in the source tree (``id="..."`` literals, or the ``cuinit-<code>``
family that ``explain/rules/driver.py`` builds from the CUresult name).
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import tfgpu
from tfgpu.knowledge._load import data_dir, read_table

ROOT = Path(__file__).resolve().parents[2]
SRC = Path(tfgpu.__file__).resolve().parent

TABLE: dict[str, Any] = read_table(data_dir(), "status_codes")

SOURCES: dict[str, dict[str, Any]] = TABLE["sources"]
ENUMS: dict[str, dict[str, Any]] = TABLE["enums"]
CODES: list[dict[str, Any]] = TABLE["code"]

#: The seven enums the table covers and the spelling convention of each one's enumerators
#: (the headers' own conventions: cuda.h ``CUDA_ERROR_*``, driver_types.h ``cudaError*``...).
NAME_RULES: dict[str, re.Pattern[str]] = {
    "CUresult": re.compile(r"^CUDA_(?:SUCCESS|ERROR_[A-Z0-9_]+)$"),
    "cudaError_t": re.compile(r"^cuda(?:Success|Error[A-Z][A-Za-z0-9]*)$"),
    "cublasStatus_t": re.compile(r"^CUBLAS_STATUS_[A-Z_]+$"),
    "cudnnStatus_t": re.compile(r"^CUDNN_STATUS_[A-Z0-9_]+$"),
    "ncclResult_t": re.compile(r"^nccl[A-Z][A-Za-z]+$"),
    "cusolverStatus_t": re.compile(r"^CUSOLVER_STATUS_[A-Z0-9_]+$"),
    "cufftResult": re.compile(r"^CUFFT_[A-Z_]+$"),
}
KEYWORDS = {"harmless", "context", "generic"}
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
VERSION = re.compile(r"^\d+(?:\.\d+){1,2}$")


def _slug(text: str) -> str:
    """The slug ``diagnosis/checks/_common.slug`` builds ids with (written out again here,
    so that a change to it shows as a failing test)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _finding_ids() -> tuple[set[str], set[str]]:
    """Finding ids of the catalogue (findings.toml), and the prefixes of its id families
    (``cuinit-{error}`` -> ``cuinit``)."""
    from tfgpu.diagnosis.catalogue import load_catalogue

    ids = load_catalogue().ids
    literal = {i for i in ids if "{" not in i}
    prefixes = {i.split("-{", 1)[0] for i in ids if "-{" in i}
    return literal, prefixes


LITERAL_IDS, ID_PREFIXES = _finding_ids()


def _row_id(row: dict[str, Any]) -> str:
    return f"{row['enum']}:{row['name']}"


def _value_of(enum: str, name: str) -> int | None:
    for row in CODES:
        if row["enum"] == enum and row["name"] == name:
            return int(row["value"])
    return None


# ------------------------------------------------------------------ file and sources


def test_file_header() -> None:
    assert TABLE["schema_version"] == "1.0"
    assert isinstance(TABLE["updated"], datetime.date)
    assert TABLE["table"] == "status_codes"


@pytest.mark.parametrize("sid", sorted(SOURCES))
def test_source_is_complete(sid: str) -> None:
    src = SOURCES[sid]
    assert KEBAB.match(sid), sid
    assert str(src["url"]).startswith("https://"), src["url"]
    if "text_url" in src:
        assert str(src["text_url"]).startswith("https://")
    assert isinstance(src["retrieved"], datetime.date)
    assert src["version"].strip() and src["description"].strip()


def test_every_source_is_used() -> None:
    used: set[str] = set()
    for meta in ENUMS.values():
        used |= {meta["reference_source"], meta["tf_format_source"]}
        used |= {meta.get("error_string_source", meta["reference_source"])}
    for row in CODES:
        used |= {row["source"], row.get("not_in", row["source"])}
        used |= {row.get("legacy_source", row["source"])}
        ex = str(row.get("example_source", ""))
        if ex.startswith("format:"):
            used.add(ex.removeprefix("format:"))
    assert set(SOURCES) - used == set()


# ------------------------------------------------------------------ enums


def test_the_seven_enums() -> None:
    assert set(ENUMS) == set(NAME_RULES)
    assert {row["enum"] for row in CODES} == set(NAME_RULES)


@pytest.mark.parametrize("enum", sorted(NAME_RULES))
def test_enum_table(enum: str) -> None:
    meta = ENUMS[enum]
    assert meta["reference_source"] in SOURCES
    assert meta["tf_format_source"] in SOURCES
    assert meta["tf_format"].strip()
    names = meta["header_names"]
    assert names, "the header's enumerator list is empty"
    assert len(names) == len(set(names)), [n for n, c in Counter(names).items() if c > 1]
    assert all(NAME_RULES[enum].match(n) for n in names), [
        n for n in names if not NAME_RULES[enum].match(n)
    ]
    assert all(n.startswith(meta["prefix"]) for n in names)
    assert set(meta.get("not_codes", [])) <= set(names)
    # names that tools and logs use but the header does not define stay out of the table
    assert not set(meta.get("not_in_header", [])) & set(names)


@pytest.mark.parametrize("enum", sorted(NAME_RULES))
def test_enum_is_complete_against_its_header(enum: str) -> None:
    """Every enumerator the reference header defines has a row, and no row is invented."""
    meta = ENUMS[enum]
    expected = set(meta["header_names"]) - set(meta.get("not_codes", []))
    rows = [row["name"] for row in CODES if row["enum"] == enum]
    missing = sorted(expected - set(rows))
    extra = sorted(set(rows) - expected)
    assert not missing and not extra, f"missing {missing}, not in the header {extra}"


@pytest.mark.parametrize("enum", sorted(NAME_RULES))
def test_rows_keep_header_order(enum: str) -> None:
    meta = ENUMS[enum]
    order = [n for n in meta["header_names"] if n not in meta.get("not_codes", [])]
    assert [row["name"] for row in CODES if row["enum"] == enum] == order


# ------------------------------------------------------------------ uniqueness


def test_enum_name_unique() -> None:
    keys = Counter((row["enum"], row["name"]) for row in CODES)
    assert [k for k, c in keys.items() if c > 1] == []


def test_enum_value_unique_except_aliases() -> None:
    keys = Counter((row["enum"], row["value"]) for row in CODES if "alias_of" not in row)
    assert [k for k, c in keys.items() if c > 1] == []


def test_legacy_values_unique() -> None:
    keys = Counter(
        (row["enum"], row["legacy_source"], row["legacy_value"])
        for row in CODES
        if "legacy_value" in row
    )
    assert [k for k, c in keys.items() if c > 1] == []


# ------------------------------------------------------------------ every row


@pytest.mark.parametrize("row", CODES, ids=_row_id)
def test_row(row: dict[str, Any]) -> None:
    enum, name = row["enum"], row["name"]
    meta = ENUMS[enum]
    assert NAME_RULES[enum].match(name), name
    assert name.startswith(meta["prefix"])
    assert isinstance(row["value"], int) and row["value"] >= 0
    # rows come from the enum's reference header; older headers only bound "not_in"/"legacy"
    assert row["source"] == meta["reference_source"]
    assert row["source"] in SOURCES
    if meta["header_has_comments"]:
        assert row.get("header_text", "").strip(), "the header documents every code of this enum"
        assert len(row["header_text"]) <= 420
    else:
        assert "header_text" not in row, "this header has no per-code comments to quote"
    assert row["meaning"].strip()
    assert len(row["meaning"]) <= 700
    if "not_in" in row:
        assert row["not_in"] in SOURCES and row["not_in"] != row["source"]
    if "since" in row:
        assert VERSION.match(row["since"]), row["since"]


@pytest.mark.parametrize("row", CODES, ids=_row_id)
def test_maps_to(row: dict[str, Any]) -> None:
    target = row["maps_to"]
    if target in KEYWORDS:
        return
    if target.startswith("new:"):
        proposed = target.removeprefix("new:")
        assert KEBAB.match(proposed), proposed
        assert proposed not in LITERAL_IDS, f"{proposed} already exists: map to it"
        return
    assert KEBAB.match(target), target
    if target in LITERAL_IDS:
        return
    family = next((p for p in ID_PREFIXES if target.startswith(p + "-")), None)
    assert family is not None, f"{target} is no finding id in src/tfgpu"
    if family == "cuinit":
        # diagnosis/checks/driver.py: id=f"cuinit-{slug(name.replace('CUDA_ERROR_', ''))}"
        assert row["enum"] == "CUresult"
        assert target == "cuinit-" + _slug(row["name"].replace("CUDA_ERROR_", ""))


def test_success_codes_are_harmless() -> None:
    for row in CODES:
        if row["value"] == 0:
            assert row["maps_to"] == "harmless", _row_id(row)


def test_cuinit_ids_are_produced_by_the_rule() -> None:
    """The cuinit- family exists: the id builder is still in the driver rule."""
    assert "cuinit" in ID_PREFIXES


# ------------------------------------------------------------------ aliases and cuDNN


@pytest.mark.parametrize("row", [r for r in CODES if "alias_of" in r], ids=_row_id)
def test_alias(row: dict[str, Any]) -> None:
    target = _value_of(row["enum"], row["alias_of"])
    assert target is not None, f"{row['alias_of']} has no row"
    assert row["value"] == target


@pytest.mark.parametrize("row", [r for r in CODES if r["enum"] == "cudnnStatus_t"], ids=_row_id)
def test_cudnn_printed_as(row: dict[str, Any]) -> None:
    """What XLA's CudnnStatusToString prints: the first switch name with this value."""
    switch = ENUMS["cudnnStatus_t"]["tf_printed_names"]
    by_value = {}
    for name in switch:
        value = _value_of("cudnnStatus_t", name)
        assert value is not None, f"{name} is in the switch but not in the header"
        by_value.setdefault(value, name)
    expected = by_value.get(row["value"], f"<unknown cudnn status: {row['value']}>")
    assert row["printed_as"] == expected


@pytest.mark.parametrize("row", [r for r in CODES if "legacy_value" in r], ids=_row_id)
def test_legacy_value(row: dict[str, Any]) -> None:
    assert row["legacy_source"] in SOURCES
    assert isinstance(row["legacy_value"], int) and 0 <= row["legacy_value"] < 1000


def test_cudnn8_numbering_is_complete() -> None:
    """All 15 cuDNN 8 codes (0..14) carry their old value: logs of TF 2.4-2.17 show those."""
    legacy = sorted(r["legacy_value"] for r in CODES if "legacy_value" in r)
    assert legacy == list(range(15))


# ------------------------------------------------------------------ examples


@pytest.mark.parametrize("row", [r for r in CODES if "example" in r], ids=_row_id)
def test_example(row: dict[str, Any]) -> None:
    example, source = row["example"], row["example_source"]
    # the line names the code, by name, by text (runtime errors print the text only) or by
    # number (cuSOLVER/cuFFT print numbers; 303 prints as UNKNOWN ERROR (303))
    shown = [row["name"], row.get("printed_as", ""), row.get("error_string", ""),
             row.get("error_string_older", ""), row.get("library_text", "").split(" (")[0],
             f"({row['value']})", f"={row['value']}", f": {row['value']}"]
    assert any(s and s in example for s in shown), example
    if source.startswith("file:"):
        path = ROOT / source.removeprefix("file:")
        assert path.is_file(), path
        assert example in path.read_text(encoding="utf-8"), f"{example!r} not in {path}"
    elif source.startswith("format:"):
        assert source.removeprefix("format:") in SOURCES
    else:
        assert source.startswith("https://github.com/"), source


@pytest.mark.parametrize("row", [r for r in CODES if r["enum"] == "cudaError_t"], ids=_row_id)
def test_runtime_error_strings(row: dict[str, Any]) -> None:
    """TensorFlow prints runtime errors by their cudaGetErrorString text only ("Status: ..."),
    so every runtime code carries it; older texts carry the thread that shows them."""
    assert ENUMS["cudaError_t"]["error_string_source"] in SOURCES
    if row["name"] != "cudaErrorStreamDetached":  # CUDA 13.1; the strings were read from 13.0
        assert row["error_string"].strip()
    if "error_string_older" in row:
        assert row["error_string_older"] != row["error_string"]
        assert row["error_string_older_source"].startswith("https://github.com/")


def test_error_strings_are_distinct() -> None:
    """A text identifies one code (what a log reader needs); a text two codes share is
    declared on one of them, so a reader knows the text alone is ambiguous."""
    rows = [r for r in CODES if "error_string" in r]
    texts = Counter(r["error_string"] for r in rows)
    for text in [t for t, c in texts.items() if c > 1]:
        owners = [r for r in rows if r["error_string"] == text]
        assert len(owners) == 2, [r["name"] for r in owners]
        declared = {(r["name"], r.get("error_string_shared_with")) for r in owners}
        names = {r["name"] for r in owners}
        assert any(other in names and other != name for name, other in declared), text


def test_rows_without_example_have_no_example_source() -> None:
    assert [_row_id(r) for r in CODES if "example_source" in r and "example" not in r] == []


# ------------------------------------------------------------------ known gaps elsewhere


def test_knowledge_curesult_rows_agree_with_cuda_h() -> None:
    """The CUresult rows the diagnosis reads (cuda_errors.toml) name each code as cuda.h
    does (35 is the runtime's cudaErrorInsufficientDriver, not a CUresult)."""
    from tfgpu.knowledge import load_knowledge

    header = {r["value"]: r["name"] for r in CODES if r["enum"] == "CUresult"}
    rows = {r.code: r.name for r in load_knowledge().cuda_errors}
    assert {v: n for v, n in rows.items() if header.get(v) != n} == {}


def test_rows_carry_library_and_new_fault_category() -> None:
    """Each loaded row names its enum's library (``[enums.X].library``) and a ``new:<id>``
    row its fault's category (``[new_faults]``); the cuda-status-code check reads these
    rather than tables of its own."""
    from tfgpu.findings import CATEGORIES
    from tfgpu.knowledge import load_knowledge

    rows = load_knowledge().status_codes
    by_name = {r.name: r for r in rows}
    assert by_name["CUDA_ERROR_NO_DEVICE"].library == "The CUDA driver"
    assert by_name["CUFFT_EXEC_FAILED"].library == "cuFFT"
    assert {r.library for r in rows} == {
        "The CUDA driver", "The CUDA runtime", "cuBLAS", "cuDNN", "NCCL", "cuSOLVER", "cuFFT"}
    stub = next(r for r in rows if r.maps_to == "new:libcuda-stub-loaded")
    assert stub.category == "version-mismatch"
    for r in rows:
        if r.maps_to.startswith("new:"):
            assert r.category in CATEGORIES, r.ref
        else:
            assert r.category == "", r.ref
    assert set(TABLE["new_faults"]) == {r.maps_to for r in rows if r.maps_to.startswith("new:")}
