"""Invariants over every row of every knowledge data file (STYLE.md section 2).

Parametrized per row, the way cuda-pathfinder's ``test_descriptor_catalog.py`` checks
each descriptor: ids unique, versions parse, ranges non-empty, sources resolve.  Row
counts are checked against the sourced CSVs (``tests/fixtures/compat``).
"""

from __future__ import annotations

import csv
import datetime
import itertools
import re
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tfgpu.knowledge import (
    TABLES,
    AndCudaPin,
    GpuRow,
    MinDriver,
    PlatformFact,
    Row,
    TestedConfig,
    WheelArchsRow,
    knowledge_version,
    load_knowledge,
    parse_cc,
)

COMPAT = Path(__file__).resolve().parents[1] / "fixtures" / "compat"
KB = load_knowledge()
CSV_TABLES = TABLES[:5]


def _csv_rows(table: str) -> list[dict[str, str]]:
    lines = [
        ln for ln in (COMPAT / f"{table}.csv").read_text(encoding="utf-8").splitlines()
        if not ln.startswith("#")
    ]
    return list(csv.DictReader(lines))


# sources of rows added by hand after the CSV conversion (the GPU table's DEVQ: a GPU's
# own deviceQuery report, for a model NVIDIA's pages never listed); the CSVs lack them
HAND_ADDED_SOURCES = frozenset({"DEVQ"})


def _converted(table: str) -> list[Row]:
    """The rows of ``table`` that came from its CSV (not those added by hand since)."""
    return [r for r in KB.rows(table) if r.source_keys[0] not in HAND_ADDED_SOURCES]


def _all_rows() -> list[Row]:
    return [r for t in TABLES for r in KB.rows(t)]


def _ids(rows: list[Row] | tuple[Row, ...]) -> list[str]:
    return [r.ref for r in rows]


ALL = _all_rows()


# ------------------------------------------------------------------ files


@pytest.mark.parametrize("table", CSV_TABLES)
def test_every_csv_row_is_carried_over(table: str) -> None:
    assert len(_converted(table)) == len(_csv_rows(table))


def test_tested_configs_match_csv_cell_for_cell() -> None:
    for row, src in zip(KB.tested, _csv_rows("tf_tested_configs"), strict=True):
        assert row.platform == src["platform"]
        assert src["tf_version"].startswith(row.tf_version)
        assert (row.cuda or "n/a") == src["cuda"]
        assert (row.cudnn or "n/a") == src["cudnn"]
        assert row.python_versions == src["python_versions"]


def test_driver_rows_match_csv() -> None:
    for row, src in zip(KB.drivers, _csv_rows("cuda_min_driver"), strict=True):
        assert (row.cuda_version, row.kind) == (src["cuda_version"], src["kind"])
        assert (row.min_driver_linux or "n/a") == src["min_driver_linux"]
        assert (row.min_driver_windows or "n/a") == src["min_driver_windows"]


def test_pin_rows_match_csv() -> None:
    for row, src in zip(KB.pins, _csv_rows("tf_pip_cuda_wheels"), strict=True):
        assert (row.tf_version, row.package, row.specifier) == (
            src["tf_version"], src["package"], src["specifier"])
        assert row.wheel_sha256 == src["wheel_sha256"]


def test_gpu_rows_match_csv() -> None:
    converted = _converted("gpu_compute_capability")
    assert len(converted) < len(KB.gpus), "the hand-added rows are in the table"
    for row, src in zip(converted, _csv_rows("gpu_compute_capability"), strict=True):
        assert isinstance(row, GpuRow)
        assert row.name == src["gpu_model"]
        assert (row.compute_capability or "unknown") == src["compute_capability"]


@pytest.mark.parametrize("table", TABLES)
def test_file_header(table: str) -> None:
    meta = KB.tables[table]
    assert meta.schema_version.split(".")[0] == "1"
    assert isinstance(meta.updated, datetime.date)
    assert meta.sources, "a data file must list its sources"
    assert meta.description


@pytest.mark.parametrize("table", TABLES)
def test_ids_unique(table: str) -> None:
    ids = [r.id for r in KB.rows(table)]
    assert len(ids) == len(set(ids))


def test_knowledge_version_is_newest_updated() -> None:
    assert knowledge_version() == max(str(m.updated) for m in KB.tables.values())
    assert KB.version == knowledge_version()


# ------------------------------------------------------------------ every row


@pytest.mark.parametrize("row", ALL, ids=_ids(ALL))
def test_row_common_fields(row: Row) -> None:
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._+-]*", row.id), row.id
    assert row.source_keys, "source missing"
    known = KB.tables[row.table].sources
    for part in row.source_keys:
        assert part in known or part.startswith("https://"), part
    for s in KB.sources_of(row):
        assert s.url and (s.description or s.url.startswith("https://"))
    assert isinstance(row.retrieved, datetime.date)
    assert row.retrieved <= KB.tables[row.table].updated


@pytest.mark.parametrize("row", KB.tested, ids=_ids(KB.tested))
def test_tested_config_row(row: TestedConfig) -> None:
    assert row.platform in ("linux", "windows", "macos")
    first = Version(row.tf_version)
    assert first.major == 2
    if row.tf_version_last:
        assert Version(row.tf_version_last) > first
    assert row.kind in ("gpu", "cpu")
    if row.kind == "gpu":
        assert row.cuda and row.cudnn
        Version(row.cuda)
        Version(row.cudnn)
        assert row.platform != "macos"
        # native Windows GPU ended after 2.10 (platform fact windows-native-gpu-last)
        if row.platform == "windows":
            assert first < Version("2.11")
    else:
        assert row.cuda is None and row.cudnn is None
    if row.python_min is not None or row.python_max is not None:
        assert row.python_min and row.python_max
        lo, hi = Version(row.python_min), Version(row.python_max)
        assert Version("3.3") <= lo <= hi <= Version("3.14"), (lo, hi)


def test_python_ranges_move_forward() -> None:
    """Newer releases never test an older lowest Python than an older release."""
    for platform in ("linux", "windows"):
        rows = [r for r in KB.tested if r.platform == platform and r.python_min]
        for a, b in itertools.pairwise(rows):
            assert Version(a.python_min or "") <= Version(b.python_min or ""), (a.id, b.id)


@pytest.mark.parametrize("row", KB.drivers, ids=_ids(KB.drivers))
def test_driver_row(row: MinDriver) -> None:
    assert row.kind in ("toolkit_ga", "toolkit_update", "toolkit_rc", "minor_compat")
    assert re.fullmatch(r"\d+\.(\d+|x)(\.\d+)?", row.cuda_version)
    assert row.min_driver_linux is not None
    Version(row.min_driver_linux)
    if row.min_driver_windows is not None:
        Version(row.min_driver_windows)
    if row.cuda_version.endswith(".x"):
        assert row.kind == "minor_compat"


@pytest.mark.parametrize(
    "row", [r for r in KB.drivers if r.kind != "minor_compat"],
    ids=_ids([r for r in KB.drivers if r.kind != "minor_compat"]),
)
def test_toolkit_minimum_not_below_family_floor(row: MinDriver) -> None:
    """Every 11.x+ toolkit needs at least its family's minor-version floor (11.0 excepted)."""
    major = int(row.cuda_version.split(".")[0])
    if major < 11 or row.kind == "toolkit_rc" or row.cuda_version.startswith("11.0"):
        return  # 11.0.x shipped with drivers below the later 11.x floor (11.x row note)
    floor = KB.row(f"cuda_min_driver:{major}.x-minor-compat")
    assert isinstance(floor, MinDriver)
    assert Version(row.min_driver_linux or "0") >= Version(floor.min_driver_linux or "0")


@pytest.mark.parametrize("row", KB.pins, ids=_ids(KB.pins))
def test_pin_row(row: AndCudaPin) -> None:
    assert Version(row.tf_version) >= Version("2.14.0")  # and-cuda-extra-first
    spec = SpecifierSet(row.specifier)
    assert len(spec) >= 1
    assert re.fullmatch(r"[0-9a-f]{64}", row.wheel_sha256)
    assert row.wheel_file.startswith(f"tensorflow-{row.tf_version}-")
    if row.package.startswith("nvidia-"):
        assert row.cuda_major is not None
        assert row.package.endswith(f"-cu{row.cuda_major}")
    else:
        assert row.package.startswith("tensorrt") and row.cuda_major is None


@pytest.mark.parametrize(
    "config",
    [c for c in KB.tested if c.kind == "gpu" and c.platform == "linux"
     and Version(c.tf_version) >= Version("2.14")],
    ids=lambda c: c.id,
)
def test_pins_consistent_with_tested_config(config: TestedConfig) -> None:
    """The and-cuda cuDNN/CUDA wheels agree with the tested CUDA/cuDNN majors."""
    pins = KB.and_cuda_pins(config.tf_version)
    assert pins, config.id
    by_pkg = {p.package: p for p in pins}
    cuda_major = config.cuda_major
    cudnn = by_pkg[f"nvidia-cudnn-cu{cuda_major}"]
    lower = [s.version for s in SpecifierSet(cudnn.specifier) if s.operator in ("==", ">=")]
    assert lower and Version(lower[0]).major == config.cudnn_major
    runtime = by_pkg[f"nvidia-cuda-runtime-cu{cuda_major}"]
    rt = [s.version for s in SpecifierSet(runtime.specifier) if s.operator in ("==", ">=")]
    assert Version(rt[0]).release[:2] == Version(config.cuda or "").release[:2]


@pytest.mark.parametrize("row", KB.wheel_archs, ids=_ids(KB.wheel_archs))
def test_wheel_archs_row(row: WheelArchsRow) -> None:
    assert Version(row.tf_version) <= Version(row.tf_version_last)
    sass = [parse_cc(c) for c in row.sass_cc]
    ptx = [parse_cc(c) for c in row.ptx_cc]
    assert sass == sorted(sass) and sass
    assert ptx
    assert parse_cc(row.min_cc) == min(sass + ptx)
    Version(row.build_cuda)
    Version(row.build_cudnn)
    listed = row.cuda_compute_capabilities
    if listed.startswith("sm_"):
        items = listed.split(";")
        assert [parse_cc(i) for i in items if i.startswith("sm_")] == sass
        assert [parse_cc(i) for i in items if i.startswith("compute_")] == ptx


def test_wheel_archs_cover_every_linux_gpu_release() -> None:
    for c in KB.tested:
        if c.kind == "gpu":
            assert KB.wheel_compute_capabilities(c.tf_version) is not None, c.id


KNOWN_CCS = {"3.0", "3.5", "3.7", "5.0", "5.2", "5.3", "6.0", "6.1", "6.2", "7.0", "7.2",
             "7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"}


@pytest.mark.parametrize("row", KB.gpus, ids=_ids(KB.gpus))
def test_gpu_row(row: GpuRow) -> None:
    if row.compute_capability is None:
        assert "CONFLICT" in row.note  # only a documented conflict may leave it unknown
    else:
        assert row.compute_capability in KNOWN_CCS, row.compute_capability
    assert row.segment
    # the row must be findable by its own name
    match = KB.gpu_compute_capability(row.name)
    if row.compute_capability is not None:
        assert match is not None and match.cc == row.compute_capability, row.name


@pytest.mark.parametrize("row", KB.facts, ids=_ids(KB.facts))
def test_platform_fact_row(row: PlatformFact) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", row.id)
    assert row.title
    for key, value in row.values.items():
        if key.startswith(("tf_version", "min_", "last_", "stub_")) and isinstance(value, str):
            Version(value)


# ------------------------------------------------------------------ tensor cores, new tables

TENSOR_FLOOR, _ = KB.cc_floor("tensor-cores-min-cc")


@pytest.mark.parametrize("row", [r for r in KB.gpus if r.tensor_cores is not None],
                         ids=_ids([r for r in KB.gpus if r.tensor_cores is not None]))
def test_gpu_tensor_cores_column(row: GpuRow) -> None:
    assert row.compute_capability is not None
    assert any(k.startswith("TC_") for k in row.source_keys), "the column cites its source"
    below = parse_cc(row.compute_capability) < TENSOR_FLOOR
    if below:
        assert row.tensor_cores is False  # nothing before Volta has Tensor Cores
    elif row.tensor_cores is False:
        # an exception to the floor must cite a source naming the part's chip
        assert {"TC_TU11X", "TC_TU117PRO"} & set(row.source_keys), row.ref


def test_tu116_tu117_parts_have_no_tensor_cores() -> None:
    for name in ("GeForce GTX 1650", "GeForce GTX 1660 Ti", "GeForce MX450", "GeForce MX550",
                 "NVIDIA T1000"):
        match = KB.gpu_compute_capability(name)
        assert match is not None and match.cc == "7.5", name
        assert match.row.tensor_cores is False, name
    assert KB.gpu_compute_capability("GeForce RTX 2060").row.tensor_cores is True  # type: ignore[union-attr]


def test_cc_floors() -> None:
    assert KB.cc_floor("tensor-cores-min-cc")[0] == (7, 0)
    assert KB.cc_floor("bfloat16-min-cc")[0] == (8, 0)


def test_tf_distributions() -> None:
    names = KB.tf_distributions()
    assert names[0] == "tensorflow" and len(set(names)) == len(names)
    assert set(KB.cpu_only_distributions()) <= set(names)
    assert "tensorflow" not in KB.cpu_only_distributions()
    assert "tensorflow-gpu" not in KB.cpu_only_distributions()


def test_cuda_error_rows() -> None:
    codes = [r.code for r in KB.cuda_errors]
    names = [r.name for r in KB.cuda_errors]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert all(n.startswith("CUDA_") for n in names)  # CUDA_SUCCESS, CUDA_ERROR_*
    assert all(r.enum == "CUresult" for r in KB.cuda_errors)
    assert KB.cuda_error(-1) is None  # TensorFlow's UNKNOWN ERROR (-1) is no CUresult
    assert KB.cuda_error(100).name == "CUDA_ERROR_NO_DEVICE"  # type: ignore[union-attr]
    assert KB.cuda_error_named("CUDA_ERROR_SYSTEM_DRIVER_MISMATCH").code == 803  # type: ignore[union-attr]


def test_ptxas_rows() -> None:
    for r in KB.ptxas_archs:
        assert re.fullmatch(r"sm_\d{2,3}[af]?", r.arch), r.ref  # sm_90a: its own row
        Version(r.first_cuda)
    assert KB.ptxas_first_cuda("sm_89").first_cuda == "11.8"  # type: ignore[union-attr]


def test_dtype_rows() -> None:
    assert len({r.dtype for r in KB.dtypes}) == len(KB.dtypes)
    assert all(r.size_bytes in (1, 2, 4, 8, 16) for r in KB.dtypes)
    assert KB.dtype_size("half").size_bytes == 2  # type: ignore[union-attr]


def test_windows_cudart_dll_rule() -> None:
    assert KB.windows_cudart_dll("10.1")[0] == "cudart64_101.dll"  # type: ignore[index]
    assert KB.windows_cudart_dll("11.8")[0] == "cudart64_110.dll"  # type: ignore[index]
    assert KB.windows_cudart_dll("12.5")[0] == "cudart64_12.dll"  # type: ignore[index]
    assert KB.windows_cudart_dll("9.0") is None
