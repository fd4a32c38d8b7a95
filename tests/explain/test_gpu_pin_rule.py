"""The rule that maps a pinned ``tensorflow-gpu==X`` to the requirement that installs the same
GPU build today (checks/_gpu_pin.py), and the fix lines that use it."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks._gpu_pin import gpu_pin_requirement
from tfgpu.knowledge import load_knowledge

from .kind_helpers import fix_text, ids

KB = load_knowledge()


@pytest.mark.parametrize(("version", "windows", "requirement", "keeps_name"), [
    ("2.15.0", False, "tensorflow[and-cuda]==2.15.0", False),  # placeholder, [and-cuda] era
    ("2.12.0", False, "tensorflow==2.12.0", False),  # placeholder, before [and-cuda]
    ("2.13.1", True, "tensorflow==2.10.*", False),  # native Windows: GPU ends at 2.10
    ("2.10.0", False, "tensorflow==2.10.0", False),  # 2.1+: same build, plain name
    ("2.4.*", False, "tensorflow==2.4.*", False),
    ("2.1.0", True, "tensorflow==2.1.0", False),
    ("2.0.0", False, "tensorflow-gpu==2.0.0", True),  # plain 2.0 is CPU-only
    ("1.15.0", False, "tensorflow==1.15.0", False),  # the one 1.x plain GPU package
    ("1.15", False, "tensorflow==1.15.0", False),  # PEP 440: ==1.15 is 1.15.0
    ("1.15.5", False, "tensorflow-gpu==1.15.5", True),
    ("1.15.*", False, "tensorflow-gpu==1.15.*", True),
    ("1.4.1", False, "tensorflow-gpu==1.4.1", True),
])
def test_pin_maps_by_rule(version: str, windows: bool, requirement: str,
                          keeps_name: bool) -> None:
    rule = gpu_pin_requirement(KB, version, windows=windows)
    assert rule is not None
    assert (rule.requirement, rule.keeps_name) == (requirement, keeps_name)
    assert rule.ref.startswith("platform_facts:")


def test_not_a_version_gives_none() -> None:
    assert gpu_pin_requirement(KB, "latest", windows=False) is None


def _fix(lines: list[str], fid: str) -> str:
    found = ids(lines)
    assert fid in found, found
    return fix_text(found[fid])


def test_pip_no_match_past_the_placeholders_pins_plain_tensorflow() -> None:
    fix = _fix(["ERROR: Could not find a version that satisfies the requirement "
                "tensorflow-gpu==2.15.0 (from versions: 2.12.0)",
                "ERROR: No matching distribution found for tensorflow-gpu==2.15.0"],
               "tensorflow-gpu-package-removed")
    assert 'pip install "tensorflow[and-cuda]==2.15.0"' in fix
    assert 'replace "tensorflow-gpu==2.15.0"' in fix


def test_pip_no_wheel_for_2_0_keeps_tensorflow_gpu() -> None:
    fix = _fix(["ERROR: Could not find a version that satisfies the requirement "
                "tensorflow-gpu==2.0.0 (from versions: 2.12.0)",
                "ERROR: No matching distribution found for tensorflow-gpu==2.0.0"],
               "tensorflow-no-matching-distribution")
    assert 'pip install "tensorflow-gpu==2.0.0"' in fix
    assert "CPU-only" in fix
    assert "the same GPU build under its own name" not in fix  # plain 2.0 is not


def test_pip_no_wheel_for_2_10_names_plain_tensorflow_of_that_version() -> None:
    fix = _fix(["ERROR: Could not find a version that satisfies the requirement "
                "tensorflow-gpu==2.10.0 (from versions: 2.12.0)",
                "ERROR: No matching distribution found for tensorflow-gpu==2.10.0"],
               "tensorflow-no-matching-distribution")
    assert 'pip install "tensorflow==2.10.0"' in fix


def test_collecting_a_placeholder_pin_names_the_same_version() -> None:
    fix = _fix(["Collecting tensorflow-gpu==2.13.0",
                "  × python setup.py egg_info did not run successfully.",
                '      Exception: The "tensorflow-gpu" package has been removed!'],
               "tensorflow-gpu-package-removed")
    assert 'pip install "tensorflow==2.13.0"' in fix
    assert "refuse to install" in fix


def test_collecting_a_real_pin_names_the_plain_release() -> None:
    found = ids(["Collecting tensorflow-gpu==2.9.0",
                 "  Downloading tensorflow_gpu-2.9.0-cp39-cp39-manylinux2010_x86_64.whl"])
    f = found["tensorflow-gpu-package-removed"]
    assert "tensorflow==2.9.0" in f.title
    assert 'pip install "tensorflow==2.9.0"' in fix_text(f)
    assert "and-cuda" not in fix_text(f)  # no such extra before 2.14


def test_collecting_tensorflow_gpu_2_0_is_not_the_retired_name() -> None:
    # plain tensorflow 2.0 is CPU-only: tensorflow-gpu==2.0.0 is the right GPU package
    assert "tensorflow-gpu-package-removed" not in ids(["Collecting tensorflow-gpu==2.0.0"])
