"""A conda environment whose TensorFlow is Anaconda's CPU (mkl_/eigen_) build and whose
``tensorflow-gpu`` package is of another release: that package does not select the installed
release's gpu_ build (AnacondaRecipes tensorflow_recipes: the tensorflow-gpu metapackage of a
release pins that release's gpu variant), and an unpinned ``conda install tensorflow-gpu`` can
settle on an old one, so the fix names the version.  Rows as ``conda list`` prints them
(conda/cli/main_list.py: name, version, build, padded columns)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding


def _cpu_build(lines: list[str]) -> Finding:
    found = {f.id: f for f in explain_lines(lines)}
    return found["tensorflow-cpu-only-build"]


def _rows(tf: str, build: str, gpu_row: str | None) -> list[str]:
    rows = ["# packages in environment at /home/u/anaconda3/envs/tf:",
            "#",
            "# Name                    Version                   Build  Channel",
            f"tensorflow                {tf}          {build}",
            f"tensorflow-base           {tf}          {build.replace('h2526735', 'h7ce6ba3')}"]
    return rows + ([gpu_row] if gpu_row else [])


@pytest.mark.parametrize(("tf", "build", "gpu_row", "old"), [
    ("1.14.0", "mkl_py36h2526735_0", "tensorflow-gpu            1.5.0                         0",
     "1.5.0"),
    ("2.1.0", "eigen_py37h2526735_0", "tensorflow-gpu            1.15.0               h0d30ee6_0",
     "1.15.0"),
])
def test_another_release_gpu_package_is_named_and_the_fix_pins_the_version(
        tf: str, build: str, gpu_row: str, old: str) -> None:
    f = _cpu_build(_rows(tf, build, gpu_row))
    assert f"tensorflow-gpu {old}" in f.cause and "name the version you want" in f.cause, f.cause
    assert any(f'conda install "tensorflow-gpu={tf}"' in line and "name the version" in line
               for line in f.fix), f.fix
    assert any(old in e.text for e in f.evidence), f.evidence


@pytest.mark.parametrize("gpu_row", [
    None,
    "tensorflow-gpu            1.14.0               h0d30ee6_0",  # the same release
])
def test_no_other_release_gpu_package_no_such_clause(gpu_row: str | None) -> None:
    f = _cpu_build(_rows("1.14.0", "mkl_py36h2526735_0", gpu_row))
    assert "another release" not in f.cause
    assert not any("name the version" in line for line in f.fix)
