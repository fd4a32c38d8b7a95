"""GPU names as real tools printed them (tests/fixtures/recorded) resolve correctly."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from tfgpu.knowledge import load_knowledge

KB = load_knowledge()
RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"


def _query_rows() -> list[tuple[str, str, str]]:
    """(file, name, compute_cap) from every recorded --query-gpu CSV that has both."""
    rows = []
    for path in sorted((RECORDED / "nvidia-smi-query").glob("*.csv.txt")):
        reader = csv.reader(io.StringIO(path.read_text(encoding="utf-8")))
        header = [h.strip() for h in next(reader)]
        if "name" not in header or "compute_cap" not in header:
            continue
        for rec in reader:
            if len(rec) == len(header):
                cells = dict(zip(header, (c.strip() for c in rec), strict=True))
                rows.append((path.name, cells["name"], cells["compute_cap"]))
    return rows


QUERY_ROWS = _query_rows()


def test_recorded_query_files_were_found() -> None:
    assert {name for _, name, _ in QUERY_ROWS} >= {"NVIDIA B300 SXM6 AC", "NVIDIA H100 80GB HBM3"}


@pytest.mark.parametrize(("file", "name", "cc"), QUERY_ROWS, ids=[r[0] for r in QUERY_ROWS])
def test_table_agrees_with_the_compute_cap_nvidia_smi_reported(
    file: str, name: str, cc: str
) -> None:
    match = KB.gpu_compute_capability(name)
    assert match is not None, name
    assert match.cc == cc


def _collect_env_names() -> list[str]:
    names = []
    for path in sorted((RECORDED / "collect-env").glob("*.txt")):
        names += re.findall(r"GPU \d+: (.+)", path.read_text(encoding="utf-8"))
    return sorted({n.strip() for n in names})


@pytest.mark.parametrize("name", _collect_env_names())
def test_collect_env_gpu_names_resolve(name: str) -> None:
    """PyTorch collect_env prints NVML names ('NVIDIA GeForce RTX 4070 Laptop GPU')."""
    match = KB.gpu_compute_capability(name)
    assert match is not None, name
    assert match.how in ("exact", "normalised")
