"""pip finds no ``tensorflow==<pin>`` on a Mac for a pin older than the first release with
macOS arm64 wheels (platform fact ``macos-arm64-tensorflow-first``): on Apple silicon that
release is ``tensorflow-macos``; an Intel Mac, another OS or a Python the pin was not built
for keep their own answers."""

from __future__ import annotations

import dataclasses

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding

from .kind_helpers import host_facts


def _mac(python: str = "3.10.6", machine: str | None = None,
         system: str = "Darwin") -> HostFacts:
    base = host_facts(system)
    return dataclasses.replace(
        base, python=dataclasses.replace(base.python, version=python),
        os=dataclasses.replace(base.os, machine=machine))


def _nod(pin: str, versions: str = "none") -> list[str]:
    return [f"ERROR: Could not find a version that satisfies the requirement tensorflow=={pin} "
            f"(from versions: {versions})",
            f"ERROR: No matching distribution found for tensorflow=={pin}"]


def _finding(lines: list[str], facts: HostFacts) -> Finding:
    found = {f.id: f for f in explain_lines(lines, facts)}
    return found["tensorflow-no-matching-distribution"]


def test_no_versions_on_a_mac_is_the_apple_silicon_package() -> None:
    f = _finding(_nod("2.10.1"), _mac())
    assert "arm64" in f.title and "tensorflow-macos" in f.title, f.title
    assert "platform.machine()" in f.fix[0]
    assert any('tensorflow-macos==2.10.*' in x for x in f.fix), f.fix
    assert f.knowledge_ref == "platform_facts:macos-arm64-tensorflow-first"


def test_a_listing_that_starts_at_the_first_arm64_release_is_the_same_kind() -> None:
    f = _finding(_nod("2.11.0", "2.13.0rc0, 2.13.0, 2.13.1, 2.14.0, 2.15.0, 2.16.1"),
                 _mac("3.10.12", machine="arm64"))
    assert "tensorflow-macos" in f.title, f.title
    assert "arm64" in f.cause


def test_a_pin_older_than_any_apple_silicon_build_moves_the_pin() -> None:
    f = _finding(_nod("2.4.1"), _mac("3.8.10"))
    assert "arm64" in f.title, f.title
    assert not any("tensorflow-macos==2.4" in x for x in f.fix), f.fix
    assert any("no Apple-silicon build of 2.4" in x for x in f.fix), f.fix


def test_older_releases_listed_is_not_apple_silicon() -> None:
    f = _finding(_nod("2.10.1", "2.8.0, 2.9.0, 2.16.2"), _mac())
    assert "tensorflow-macos" not in f.title, f.title


def test_an_intel_mac_is_not_apple_silicon() -> None:
    f = _finding(_nod("2.10.1"), _mac(machine="x86_64"))
    assert "tensorflow-macos" not in f.title, f.title


def test_linux_is_not_apple_silicon() -> None:
    f = _finding(_nod("2.10.1"), _mac(system="Linux"))
    assert "tensorflow-macos" not in f.title, f.title


def test_a_python_the_pin_was_not_built_for_keeps_the_python_answer() -> None:
    f = _finding(_nod("2.10.1"), _mac("3.12.1"))
    assert "tensorflow-macos" not in f.title, f.title


def _dependency(spec: str, parent: str = "basic-pitch") -> list[str]:
    return [f"ERROR: Could not find a version that satisfies the requirement tensorflow{spec} "
            f"(from {parent}) (from versions: none)",
            f"ERROR: No matching distribution found for tensorflow{spec}"]


def test_another_packages_range_below_the_first_arm64_release_keeps_tensorflow_macos() -> None:
    """basic-pitch's `tensorflow<2.10,>=2.4.1` on Apple silicon (spotify/basic-pitch#60):
    no release in the range has an arm64 wheel; the package goes in without its
    dependencies, tensorflow-macos staying the TensorFlow."""
    f = _finding(_dependency("<2.10,>=2.4.1"), _mac("3.9.6", machine="arm64"))
    assert f.title.startswith("No `tensorflow` release this requirement allows"), f.title
    assert "basic-pitch requires tensorflow<2.10,>=2.4.1" in f.cause
    assert any("pip install basic-pitch --no-deps" in x for x in f.fix), f.fix


def test_a_bare_requirement_with_tensorflow_macos_named_is_the_same_kind() -> None:
    """magenta's bare `tensorflow` with nothing listed, tensorflow-macos shown by pip show
    (magenta/magenta#2047)."""
    lines = [*_dependency("", "magenta"), "Name: tensorflow-macos", "Version: 2.11.0"]
    f = _finding(lines, _mac("3.10.10"))
    assert f.title.startswith("No `tensorflow` release this requirement allows"), f.title
    assert "the log names tensorflow-macos" in f.cause


def test_a_bare_requirement_without_tensorflow_macos_keeps_the_python_answer() -> None:
    f = _finding(_dependency("", "magenta"), _mac("3.10.10"))
    assert "this requirement allows" not in f.title, f.title


def test_a_range_that_reaches_the_first_arm64_release_is_not_this_kind() -> None:
    f = _finding(_dependency(">=2.4,<2.16"), _mac("3.10.10", machine="arm64"))
    assert "this requirement allows" not in f.title, f.title


def test_an_intel_mac_range_is_not_this_kind() -> None:
    f = _finding(_dependency("<2.10,>=2.4.1"), _mac("3.9.6", machine="x86_64"))
    assert "this requirement allows" not in f.title, f.title


def test_an_inclusive_or_compatible_range_below_the_first_arm64_release_is_this_kind() -> None:
    for spec in ("<=2.12.1", "~=2.9.0", "<2.13,>=2.4.1"):
        f = _finding(_dependency(spec), _mac("3.9.6", machine="arm64"))
        assert f.title.startswith("No `tensorflow` release this requirement allows"), \
            (spec, f.title)


def test_a_range_without_an_upper_bound_is_not_this_kind() -> None:
    for spec in (">=2.4", "!=2.9.0", "~=2.4"):
        f = _finding(_dependency(spec), _mac("3.10.10", machine="arm64"))
        assert "this requirement allows" not in f.title, (spec, f.title)
