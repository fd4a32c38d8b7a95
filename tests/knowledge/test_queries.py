"""Queries of :class:`tfgpu.knowledge.Knowledge`: exact answers with the row they used."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import tomllib

from tfgpu.knowledge import (
    KnowledgeError,
    KnowledgeQueryError,
    load_knowledge,
    load_knowledge_from,
    normalise_os,
)
from tfgpu.knowledge._load import data_dir

KB = load_knowledge()


def _cases(query: str, *keys: str) -> list[tuple[Any, ...]]:
    """The ``[[query]]`` rows of query_cases.toml, each as the tuple of its ``keys``; fails
    (AssertionError) on a row whose keys are not exactly ``keys`` (a typo cannot drop a check)."""
    with (Path(__file__).parent / "query_cases.toml").open("rb") as fh:
        rows = tomllib.load(fh)[query]
    assert all(set(r) == set(keys) for r in rows), rows
    return [tuple(r[k] for k in keys) for r in rows]


def test_loaded_once() -> None:
    assert load_knowledge() is KB


# ------------------------------------------------------------------ tested configs


@pytest.mark.parametrize(
    ("tf", "os", "row_id"),
    [
        ("2.15.0", "linux", "2.15.0-linux"),
        ("2.15.1", "linux", "2.15.0-linux"),
        ("2.15.0.post1", "linux", "2.15.0-linux"),
        ("2.16.2", "linux", "2.16.1-linux"),  # no 2.16.0 row in the source
        ("2.16.0", "wsl2", "2.16.1-linux"),  # WSL2 runs the Linux wheels
        ("2.10.1", "windows", "2.10.0-windows"),
        ("2.19.0", "macos", "2.19.0-macos"),  # after the tested table: the wheels
        ("2.0.0", "Darwin", "2.0.0-macos"),  # two source rows: the first
    ],
)
def test_config_for(tf: str, os: str, row_id: str) -> None:
    row = KB.config_for(tf, os)
    assert row is not None and row.id == row_id


def test_config_for_unknown_release_is_none() -> None:
    assert KB.config_for("2.99.0", "linux") is None
    assert KB.config_for("1.15.0", "linux") is None


def test_wheel_for_python_reads_the_tested_range() -> None:
    fits, row = KB.wheel_for_python("2.10.1", "windows", "3.12.1")
    assert row is not None and row.python_max is not None
    assert fits is False and row.python_max == "3.10"  # 2.10: Python 3.7-3.10
    low = row.python_min or ""
    assert KB.wheel_for_python("2.10.1", "windows", low)[0] is True
    assert KB.wheel_for_python("2.10.1", "windows", None) == (None, row)
    assert KB.wheel_for_python("2.10.1", "windows", "unknown") == (None, row)
    assert KB.wheel_for_python("2.99.0", "linux", "3.11") == (None, None)


def test_tested_configs_filters() -> None:
    assert [r.id for r in KB.tested_configs(tf="2.12")] == [
        "2.12.0-linux", "2.12.0-windows", "2.12.0-macos"]
    gpu_windows = KB.tested_configs(os="windows", kind="gpu")
    assert gpu_windows[-1].tf_version == "2.10.0" and len(gpu_windows) == 11
    assert KB.tested_configs(tf="2.11", os="windows")[0].kind == "cpu"


def test_tested_config_python_range() -> None:
    row = KB.config_for("2.21.0", "linux")
    assert row is not None
    assert row.python_ok("3.13.1") is True
    assert row.python_ok("3.9.18") is False
    assert row.python_ok("3.14.0") is False
    unknown = KB.config_for("2.13.0", "windows")
    assert unknown is not None and unknown.python_ok("3.11") is None


@pytest.mark.parametrize("bad", ["latest", "", "two.ten"])
def test_bad_version_is_a_query_error(bad: str) -> None:
    with pytest.raises(KnowledgeQueryError):
        KB.config_for(bad, "linux")


def test_unknown_os_is_a_query_error() -> None:
    with pytest.raises(KnowledgeQueryError, match="unknown OS 'beos'"):
        normalise_os("beos")
    with pytest.raises(KnowledgeQueryError):
        KB.tested_configs(kind="tpu")


def test_latest_tf() -> None:
    assert KB.latest_tf("linux") == "2.21.0"
    assert KB.latest_tf("macos") == "2.21.0"


# ------------------------------------------------------------------ drivers


@pytest.mark.parametrize(("cuda", "os", "ptx", "version", "ref", "rule"),
                         _cases("min_driver", "cuda", "os", "ptx_jit", "version", "ref", "rule"))
def test_min_driver(cuda: str, os: str, ptx: bool, version: str, ref: str, rule: str) -> None:
    got = KB.min_driver(cuda, os, ptx_jit=ptx)
    assert got is not None
    assert (got.version, got.row.id, got.rule) == (version, ref, rule)


def test_results_unpack_as_pairs_and_carry_their_row() -> None:
    version, row = KB.min_driver("12.2", "linux")  # type: ignore[misc]
    assert (version, row.ref) == ("525.60.13", "cuda_min_driver:12.x-minor-compat")
    sass, ptx = KB.wheel_compute_capabilities("2.21.0")  # type: ignore[misc]
    assert (sass, ptx) == (("6.0", "7.0", "8.0", "8.9"), ("9.0",))
    cc, gpu_row = KB.gpu_compute_capability("NVIDIA H200")  # type: ignore[misc]
    assert (cc, gpu_row.ref) == ("9.0", "gpu_compute_capability:nvidia-h200")
    assert "rule='minor-version-compat'" in repr(KB.min_driver("12.2", "linux"))


def test_min_driver_unknown() -> None:
    assert KB.min_driver("7.0", "linux") is None  # no 7.0 row (added 7.5-9.2)
    assert KB.min_driver("12.7", "linux", ptx_jit=True) is None  # no CUDA 12.7 release
    assert KB.min_driver("13.0", "windows", ptx_jit=True) is None  # N/A in the source
    with pytest.raises(KnowledgeQueryError):
        KB.min_driver("12.2", "macos")


def test_driver_ok() -> None:
    assert KB.driver_ok("525.60.13", "12.5.1", "linux")[0] is True
    assert KB.driver_ok("525.60.12", "12.5.1", "linux")[0] is False
    assert KB.driver_ok("470.82.01", "12.2", "linux")[0] is False
    assert KB.driver_ok("610.57.04", "12.5.1", "linux", ptx_jit=True)[0] is True
    assert KB.driver_ok("580", "7.0", "linux") == (None, None)
    assert KB.driver_ok("384.69", "9.0", "linux")[0] is False  # 9.0 needs 384.81
    # a bare branch number: definite outside the branch, unknown inside it
    assert KB.driver_ok("535", "12.2", "linux")[0] is True
    assert KB.driver_ok("520", "12.2", "linux")[0] is False
    assert KB.driver_ok("525", "12.2", "linux")[0] is None
    assert KB.driver_ok("580", "13.0", "linux")[0] is True  # the 13.x floor is "580"


# ------------------------------------------------------------------ and-cuda pins


def test_and_cuda_pins_exact_and_fallback() -> None:
    pins = KB.and_cuda_pins("2.15.0")
    assert len(pins) == 15 and {p.tf_version for p in pins} == {"2.15.0"}
    cudnn = {p.package: p for p in pins}["nvidia-cudnn-cu12"]
    assert cudnn.specifier == "==8.9.4.25" and cudnn.allows("8.9.4.25")
    assert not cudnn.allows("9.3.0.75")
    # 2.15.0.post1 dropped the tensorrt pins
    assert not any(p.package.startswith("tensorrt") for p in KB.and_cuda_pins("2.15.0.post1"))
    # 2.16.0 is not in the table: the 2.16 series' first listed release
    assert {p.tf_version for p in KB.and_cuda_pins("2.16.0")} == {"2.16.1"}
    assert {p.tf_version for p in KB.and_cuda_pins("2.17.5")} == {"2.17.1"}
    assert KB.and_cuda_pins("2.13.0") == ()  # the extra does not exist yet
    nccl = {p.package: p for p in KB.and_cuda_pins("2.21.0")}["nvidia-nccl-cu12"]
    assert nccl.allows("2.28.1") and not nccl.allows("2.27.6") and not nccl.allows("3.0")


# ------------------------------------------------------------------ compute capability


def test_wheel_compute_capabilities() -> None:
    archs = KB.wheel_compute_capabilities("2.16.2")
    assert archs is not None
    assert archs.sass == ("5.0", "6.0", "7.0", "8.0") and archs.ptx == ("9.0",)
    assert archs.row.id == "2.16.1"
    assert KB.wheel_compute_capabilities("2.7.1") is not None
    assert KB.wheel_compute_capabilities("2.7.1").row.id == "2.5.0-2.11.0"  # type: ignore[union-attr]
    assert KB.wheel_compute_capabilities("2.30.0") is None


@pytest.mark.parametrize(
    ("tf", "cc", "status", "via"),
    [
        ("2.21.0", "8.6", "native", "8.0"),
        ("2.21.0", "7.5", "native", "7.0"),
        ("2.21.0", "9.0", "ptx-jit", "9.0"),
        ("2.21.0", "12.0", "ptx-jit", "9.0"),  # RTX 50: only compute_90 PTX
        ("2.21.0", "5.2", "below-minimum", None),  # Maxwell dropped in 2.17
        ("2.16.1", "5.2", "native", "5.0"),
        ("2.15.0", "3.7", "below-minimum", None),  # Kepler dropped in 2.15
        ("2.14.0", "3.7", "native", "3.5"),
        ("2.14.0", "3.0", "below-minimum", None),  # GTX 680
        ("2.10.0", "8.6", "ptx-jit", "8.0"),
        ("2.2.0", "7.5", "native", "7.0"),
        ("2.3.0", "7.5", "ptx-jit", "7.0"),  # 2.3 kept PTX only for 7.0
    ],
)
def test_cc_support(tf: str, cc: str, status: str, via: str | None) -> None:
    got = KB.cc_support(tf, cc)
    assert got is not None and (got.status, got.via) == (status, via)


@pytest.mark.parametrize(("name", "cc", "row_name", "how"),
                         _cases("gpu_compute_capability", "name", "cc", "row_name", "how"))
def test_gpu_compute_capability(name: str, cc: str, row_name: str, how: str) -> None:
    got = KB.gpu_compute_capability(name)
    assert got is not None
    assert (got.cc, got.row.name, got.how) == (cc, row_name, how)


@pytest.mark.parametrize(
    "name",
    [
        "NVIDIA GeForce ...",  # nvidia-smi cut the model off: refuse to guess
        "RTX 20...",  # 2050 (8.6) and 2060-2080 (7.5) disagree
        "NVIDIA A10G",  # not in any source read
        "GeForce MX110",  # sources conflict: CC unknown
        "",
        "Intel(R) UHD Graphics 620",
        "GTX 4000",  # only a Quadro is "RTX 4000": a series swap takes GeForce rows only
    ],
)
def test_gpu_compute_capability_unknown(name: str) -> None:
    assert KB.gpu_compute_capability(name) is None


# ------------------------------------------------------------------ platform facts


def test_platform_facts() -> None:
    assert KB.platform_fact("numpy2-first-tf").value("tf_version") == "2.18.0"
    removed = KB.platform_fact("tensorflow-gpu-removed")
    assert (removed.value("last_linux"), removed.value("last_windows")) == ("2.11.0", "2.10.1")
    assert KB.platform_fact("windows-native-gpu-last").value("tf_version") == "2.10"
    assert KB.platform_fact("keras3-switch").value("tf_version") == "2.16"
    assert KB.platform_fact("and-cuda-extra-first").value("tf_version") == "2.14.0"
    assert KB.doc_url(removed) == "https://github.com/tensorflow/tensorflow/issues/60074"
    with pytest.raises(KnowledgeQueryError):
        KB.platform_fact("no-such-fact")
    with pytest.raises(KnowledgeError):
        removed.value("no_such_value")


# ------------------------------------------------------------------ planning helpers


@pytest.mark.parametrize(
    ("os", "python", "driver", "cc", "expected"),
    [
        # GTX 1060 on Ubuntu 20.04 with driver 470: CUDA 12 needs 525.60.13 -> 2.14 (11.8)
        ("linux", "3.8", "470.82.01", "6.1", "2.13.0-linux"),
        ("linux", "3.11", "470.82.01", "6.1", "2.14.0-linux"),
        # A100 with driver 525: CUDA 12.x floor is 525.60.13; sm_80 cubins, no JIT
        ("linux", "3.12", "525.85.12", "8.0", "2.21.0-linux"),
        # H100 with driver 580: PTX JIT of the 12.5.1 build needs >= 555.42.06
        ("linux", "3.12", "580.65.06", "9.0", "2.21.0-linux"),
        # H100 with driver 525: every CUDA 12 wheel would JIT PTX the driver cannot load
        ("linux", "3.11", "525.85.12", "9.0", "2.14.0-linux"),
        # RTX 3060 laptop on native Windows, driver 531: 2.10 is the last GPU release
        ("windows", "3.10", "531.14", "8.6", "2.10.0-windows"),
        ("windows", "3.11", "531.14", "8.6", None),  # 2.10 never supported Python 3.11
        ("wsl2", "3.12", "531.14", "8.6", "2.21.0-linux"),
        # GTX 680 (CC 3.0) is below every wheel's minimum
        ("linux", "3.8", "470.82.01", "3.0", None),
        ("macos", "3.12", None, None, None),
    ],
)
def test_newest_tf_for(
    os: str, python: str, driver: str | None, cc: str | None, expected: str | None
) -> None:
    got = KB.newest_tf_for(os, python=python, driver=driver, compute_capability=cc)
    assert (got.id if got else None) == expected


def test_driver_branch_only_is_a_caveat_not_a_blocker() -> None:
    config = KB.config_for("2.21.0", "linux")
    assert config is not None
    blockers = KB.gpu_blockers(config, os="linux", driver="525", compute_capability="8.0")
    assert [(b.id, b.blocking) for b in blockers] == [("driver-unclear", False)]
    assert "525.60.13 or later" in blockers[0].message


def test_gpu_blockers_explain_the_numbers() -> None:
    config = KB.config_for("2.21.0", "linux")
    assert config is not None
    blockers = KB.gpu_blockers(
        config, os="linux", python="3.9", driver="470.82.01", compute_capability="5.2"
    )
    assert [b.id for b in blockers] == ["python-outside-range", "driver-too-old",
                                        "cc-below-minimum"]
    assert "470.82.01 < 525.60.13" in blockers[1].message
    assert blockers[1].row.ref == "cuda_min_driver:12.x-minor-compat"
    assert blockers[2].row.ref == "tf_compute_capabilities:2.18.0-2.21.0"


# ------------------------------------------------------------------ broken data files


def _copy_data(tmp_path: Path) -> Path:
    dest = tmp_path / "data"
    dest.mkdir()
    for entry in data_dir().iterdir():
        if entry.name.endswith(".toml"):
            (dest / entry.name).write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
    return dest


def test_copy_loads(tmp_path: Path) -> None:
    kb = load_knowledge_from(_copy_data(tmp_path))
    assert len(kb.tested) == len(KB.tested)


@pytest.mark.parametrize(
    ("table", "old", "new", "message"),
    [
        ("cuda_min_driver", 'id = "12.2-toolkit-ga"', 'id = "12.0-toolkit-ga"', "duplicate id"),
        ("tf_tested_configs", 'source = "SRCWIN"', 'source = "NOPE"', "'NOPE' is not in"),
        ("platform_facts", 'schema_version = "1.0"', 'schema_version = "2.0"', "not supported"),
        ("gpu_compute_capability", "retrieved = 2026-11-30", 'retrieved = "soon"', "date"),
        ("tf_pip_cuda_wheels", "cuda_major = 12", 'cuda_major = "12"', "integer"),
        ("tf_compute_capabilities", "[[rows]]", "[[rows]\n", "not valid TOML"),
    ],
)
def test_broken_file_is_a_clear_error(
    tmp_path: Path, table: str, old: str, new: str, message: str
) -> None:
    folder = _copy_data(tmp_path)
    path = folder / f"{table}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(KnowledgeError, match=message):
        load_knowledge_from(folder)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    folder = _copy_data(tmp_path)
    (folder / "platform_facts.toml").unlink()
    with pytest.raises(KnowledgeError, match=r"platform_facts\.toml cannot be read"):
        load_knowledge_from(folder)
    shutil.rmtree(folder)


def _without_fact(tmp_path: Path, fact_id: str) -> Path:
    dest = _copy_data(tmp_path)
    path = dest / "platform_facts.toml"
    head, *blocks = path.read_text(encoding="utf-8").split("\n[[rows]]\n")
    kept = [b for b in blocks if f'id = "{fact_id}"' not in b]
    assert len(kept) == len(blocks) - 1
    path.write_text("\n[[rows]]\n".join([head, *kept]), encoding="utf-8")
    return dest


def test_a_missing_fact_is_an_error_not_a_silent_default(tmp_path: Path) -> None:
    """explain/_compat used to fall back to (2, 14) when the row could not be read; the
    rules now ask the Knowledge, which refuses."""
    from tfgpu.diagnosis.checks._common import and_cuda_fix
    from tfgpu.facts import HostFacts, OSFacts, PythonFacts
    from tfgpu.facts.log import LogFacts
    from tfgpu.facts.view import Facts

    kb = load_knowledge_from(_without_fact(tmp_path, "and-cuda-extra-first"))
    with pytest.raises(KnowledgeQueryError, match="and-cuda-extra-first"):
        kb.fact_series("and-cuda-extra-first")
    host = HostFacts(os=OSFacts("Linux"), python=PythonFacts("3.8.10", "/usr/bin/python3"))
    with pytest.raises(KnowledgeQueryError, match="and-cuda-extra-first"):
        and_cuda_fix(Facts(host, LogFacts(), kb))
    assert "tensorflow==2.13" in and_cuda_fix(Facts(host, LogFacts(), KB))


def test_tensor_cores_without_the_floor_fact_is_an_error(tmp_path: Path) -> None:
    kb = load_knowledge_from(_without_fact(tmp_path, "tensor-cores-min-cc"))
    assert kb.tensor_cores("NVIDIA GeForce GTX 1650", "7.5").has is False  # the row answers
    with pytest.raises(KnowledgeQueryError, match="tensor-cores-min-cc"):
        kb.tensor_cores("Frobnicator 9000", "8.6")  # only the floor could answer


@pytest.mark.parametrize(("cc", "arch", "branch", "linux", "row"), [
    ("8.0", "sm_80", 450, "450.51.05", "cuda_min_driver:11.0-toolkit-ga"),
    ("8.6", "sm_86", 455, "455.23", "cuda_min_driver:11.1-toolkit-ga"),
    ("8.9", "sm_89", 520, "520.61.05", "cuda_min_driver:11.8-toolkit-ga"),
    ("9.0", "sm_90", 520, "520.61.05", "cuda_min_driver:11.8-toolkit-ga"),
    ("12.0", "sm_120", 570, "570.26", "cuda_min_driver:12.8-toolkit-ga"),
    ("10.3", "sm_103", 575, "575.51.03", "cuda_min_driver:12.9-toolkit-ga"),
])
def test_gpu_min_driver_is_the_own_minimum_of_the_first_cuda_that_knows_the_arch(
        cc: str, arch: str, branch: int, linux: str, row: str) -> None:
    """Not the CUDA family's minor-version floor (11.x: 450.80.02): that floor runs code
    built with a newer 11.x, never a GPU the driver predates."""
    floor = load_knowledge().gpu_min_driver(cc, "linux")
    assert floor is not None
    assert (floor.arch.arch, floor.branch, floor.minimum.version, floor.minimum.row.ref) == \
        (arch, branch, linux, row)
    assert floor.predates(f"{branch - 5}.1") and not floor.predates(f"{branch}.01")


def test_gpu_min_driver_is_unknown_for_an_architecture_the_table_does_not_list() -> None:
    assert load_knowledge().gpu_min_driver("6.1", "linux") is None


def test_gpu_min_driver_of_turing_is_cuda_10_0s_driver() -> None:
    floor = load_knowledge().gpu_min_driver("7.5", "linux")
    assert floor is not None and floor.minimum.version == "410.48"


def test_a_driver_older_than_the_gpu_blocks_every_release() -> None:
    kb = load_knowledge()
    assert kb.newest_tf_for("linux", driver="450.80", compute_capability="9.0") is None
    assert kb.newest_tf_for("linux", driver="470.82", compute_capability="8.9") is None
    blockers = kb.gpu_blockers(kb.gpu_configs("linux")[-1], os="linux", driver="450.80",
                               compute_capability="9.0")
    assert blockers[0].id == "driver-older-than-gpu" and blockers[0].need == "520.61.05"
