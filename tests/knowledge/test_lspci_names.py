"""lspci adapter names (chip code + bracketed marketing name) resolve to a compute
capability (final review, defect 2).

The names come from the real ``lspci -nn`` outputs in tests/fixtures/gpus-other/, parsed
with the probe's own parser, and from reviewer snapshots in tests/fixtures/plan-driver-hosts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.facts import HostFacts
from tfgpu.knowledge import load_knowledge
from tfgpu.knowledge._gpu_names import marketing_name
from tfgpu.probes.gpus_other import parse_lspci

KB = load_knowledge()
FIX = Path(__file__).resolve().parents[1] / "fixtures"

#: Expected CC of every NVIDIA adapter in the lspci fixtures (NVIDIA's CUDA GPUs page).
EXPECTED_CC = {"GeForce GTX 970": "5.2", "GeForce MX130": "5.0"}


def _lspci_nvidia_names() -> list[str]:
    names = []
    for path in sorted((FIX / "gpus-other").glob("lspci-*.txt")):
        gpus = parse_lspci(path.read_text(encoding="utf-8"))
        names += [g.name for g in gpus if g.vendor == "nvidia" and g.name]
    return names


NAMES = _lspci_nvidia_names()


def test_the_lspci_fixtures_hold_nvidia_adapters() -> None:
    assert NAMES == [
        "NVIDIA Corporation GM108M [GeForce MX130]",
        "NVIDIA Corporation GM204 [GeForce GTX 970]",
    ]


@pytest.mark.parametrize("name", NAMES)
def test_every_lspci_nvidia_name_is_matched_like_its_marketing_name(name: str) -> None:
    got = KB.gpu_compute_capability(name)
    plain = KB.gpu_compute_capability(f"NVIDIA {marketing_name(name)}")
    assert got is not None, name
    assert plain is not None
    assert got.cc == plain.cc == EXPECTED_CC[marketing_name(name)]
    assert got.row.name == plain.row.name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("NVIDIA Corporation GM204 [GeForce GTX 970]", "GeForce GTX 970"),
        (
            "NVIDIA Corporation GA106 [GeForce RTX 3060 Lite Hash Rate] [10de:2504]",
            "GeForce RTX 3060",
        ),
        ("NVIDIA GeForce RTX 3060 Ti LHR", "NVIDIA GeForce RTX 3060 Ti"),
        ("NVIDIA GeForce RTX 3060 Laptop GPU", "NVIDIA GeForce RTX 3060 Laptop GPU"),
        ("Tesla T4", "Tesla T4"),
    ],
)
def test_marketing_name(name: str, expected: str) -> None:
    assert marketing_name(name) == expected


@pytest.mark.parametrize(("snapshot", "cc"), [("h11.json", "8.6"), ("h12.json", "5.2")])
def test_reviewer_snapshots_with_lspci_names_resolve(snapshot: str, cc: str) -> None:
    facts = HostFacts.from_json((FIX / "plan-driver-hosts" / snapshot).read_text(encoding="utf-8"))
    name = facts.gpus[0].name
    assert name is not None and "[" in name
    match = KB.gpu_compute_capability(name)
    assert match is not None and match.cc == cc


def test_lhr_board_is_the_same_part_as_the_plain_one() -> None:
    lhr = KB.gpu_compute_capability("NVIDIA GeForce RTX 3060 LHR")
    plain = KB.gpu_compute_capability("NVIDIA GeForce RTX 3060")
    assert lhr is not None and plain is not None and lhr.cc == plain.cc == "8.6"
