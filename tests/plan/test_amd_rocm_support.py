"""AMD GPUs get the ROCm plan only when AMD's ROCm Linux support list names them
(knowledge table ``amd_gpus``); others get an honest CPU verdict (issue 12 review)."""

from __future__ import annotations

import re

import pytest

from tfgpu.cli.cmd_matrix import _other_vendor
from tfgpu.knowledge import ROCM_LIST_RELEASE as LIST_RELEASE
from tfgpu.knowledge import load_knowledge
from tfgpu.knowledge._amd import amd_name_key, find_amd_gpu
from tfgpu.plan import make_plan
from tfgpu.plan.model import Route
from tfgpu.plan.target import target_from_description

KB = load_knowledge()


@pytest.mark.parametrize(("name", "key"), [
    ("AMD Radeon RX 7900 XTX", "7900xtx"), ("Radeon RX 7900 XTX", "7900xtx"),
    ("rx 7900xtx", "7900xtx"), ("7900 XTX", "7900xtx"), ("AMD Instinct MI300X", "mi300x"),
    ("AMD Radeon 780M Graphics", "780m"), ("Radeon PRO W7900", "w7900"),
    ("AMD Radeon PRO VII", "provii"), ("AMD Radeon VII", "vii"), ("AMD Radeon Graphics", ""),
    ("AMD Radeon\u2122 RX 6700 XT 12GB", "6700xt"),
])
def test_name_keys(name: str, key: str) -> None:
    assert amd_name_key(name) == key


def test_listed_targets_are_the_supported_and_deprecated_rows_targets() -> None:
    by_status: dict[str, set[str]] = {}
    for r in KB.amd_gpus:
        by_status.setdefault(r.linux_support, set()).add(r.gfx)
    listed = KB.rocm_listed_targets
    assert len(listed) == len(set(listed))
    assert set(listed) == by_status["supported"] | by_status.get("deprecated", set())
    # a target only unlisted models have (the Radeon 780M's gfx1103) is not on the list
    assert "gfx1103" in by_status["unlisted"] and "gfx1103" not in listed
    assert KB.rocm_support("AMD Radeon 780M Graphics").listed_targets == listed


@pytest.mark.parametrize("row", KB.amd_gpus, ids=lambda r: r.id)
def test_every_row_is_sourced_and_well_formed(row: object) -> None:
    from tfgpu.knowledge import AmdGpuRow
    assert isinstance(row, AmdGpuRow)
    sources = KB.sources_of(row)
    assert sources and all(s.url.startswith("https://") for s in sources)
    assert re.fullmatch(r"gfx[0-9a-f]{3,4}", row.gfx)
    # only AMD's Linux list may say a model is supported, deprecated or unsupported
    if row.linux_support != "unlisted":
        assert row.source == "ROCM_LINUX_622"
        assert f"docs-{LIST_RELEASE}" in sources[0].url
    # every row is found under its own name (the lookup Knowledge.rocm_support uses)
    assert find_amd_gpu(KB.amd_gpus, row.name) == row


def test_keys_are_unique() -> None:
    keys = [amd_name_key(r.name) for r in KB.amd_gpus]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("name", ["RX 7900 XTX", "7900xtx", "Radeon RX 7900 GRE", "MI300X",
                                  "Instinct MI250X", "Radeon PRO W7900", "Radeon PRO W6800"])
def test_listed_gpus_get_the_rocm_plan(name: str) -> None:
    plan = make_plan(target_from_description("linux", gpu=name, python="3.11"), KB)
    assert plan.route is Route.ROCM and plan.uses_gpu
    assert any("Linux support list" in r.text and r.ref.startswith("amd_gpus:")
               for r in plan.reasons)


@pytest.mark.parametrize(("name", "gfx"), [
    ("Radeon 780M", "gfx1103"), ("AMD Radeon 780M Graphics", "gfx1103"),
    ("RX 6700 XT", "gfx1031"), ("RX 6650 XT", "gfx1032"), ("RX 7600", "gfx1102"),
    ("Radeon RX 6800 XT", "gfx1030"), ("Instinct MI25", "gfx900"),
])
def test_unlisted_gpus_get_an_honest_cpu_plan(name: str, gfx: str) -> None:
    plan = make_plan(target_from_description("linux", gpu=name, python="3.11"), KB)
    assert plan.route is Route.CPU and not plan.uses_gpu
    why = plan.reasons[0].text
    assert gfx in why and "not supported by ROCm's TensorFlow" in why, why
    assert not any("tensorflow-rocm" in r for r in plan.requirements)


def test_override_is_shown_only_where_a_source_documents_it() -> None:
    for name, shown in (("RX 6700 XT", True), ("RX 6650 XT", True), ("Radeon 780M", False),
                        ("RX 7600", False), ("RX 6800 XT", False)):
        s = KB.rocm_support(name)
        assert (s.override == "HSA_OVERRIDE_GFX_VERSION=10.3.0") is shown, name
        assert ("unofficial and unsupported" in s.describe()) is shown, name
        if shown:
            assert "platform_facts:rocm-gfx-override" in s.refs


def test_gfx1030_card_points_to_route_rocm_but_not_by_default() -> None:
    s = KB.rocm_support("RX 6800 XT")
    assert s.status == "unlisted" and s.tf_builds_target and not s.uses_rocm
    assert "--route rocm` may work" in s.describe()


def test_unknown_amd_name_is_not_called_supported() -> None:
    plan = make_plan(target_from_description("linux", gpu="AMD Radeon Graphics"), KB)
    assert plan.route is Route.CPU
    assert "support is unknown" in plan.reasons[0].text
    assert "gfx1100" in plan.reasons[0].text


def test_deprecated_gpu_gets_rocm_with_a_warning() -> None:
    plan = make_plan(target_from_description("linux", gpu="Radeon VII", python="3.11"), KB)
    assert plan.route is Route.ROCM
    assert any("deprecated" in w.text for w in plan.warnings)


def test_route_rocm_is_honoured_with_a_warning_for_an_unlisted_gpu() -> None:
    plan = make_plan(target_from_description("linux", gpu="RX 6700 XT", python="3.11"), KB,
                     Route.ROCM)
    assert plan.route is Route.ROCM
    w = plan.warnings[0].text
    assert w.startswith("--route rocm was asked for") and "gfx1031" in w
    assert "then `tfgpu plan --route rocm`" not in w


def test_matrix_message_carries_the_verdict() -> None:
    msg = _other_vendor("Radeon 780M", KB) or ""
    assert "not supported by ROCm's TensorFlow" in msg and "runs TensorFlow through" not in msg
    ok = _other_vendor("RX 7900 XTX", KB) or ""
    assert "tensorflow-rocm on Linux" in ok and "is on AMD's ROCm" in ok
