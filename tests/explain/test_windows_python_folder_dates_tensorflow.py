"""A Windows interpreter's folder (``...\\Python39\\lib\\site-packages``) names its Python
without the dot; that Python has wheels of TensorFlow 2.5 and newer only
(``Knowledge.first_tf_for_python``, tf_tested_configs), which dates the release a log
does not print: a 'DLL load failed' at import is then the MSVC runtime, not CUDA DLLs."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.knowledge import load_knowledge


def _import_failure(folder: str) -> list[str]:
    return [
        "Traceback (most recent call last):",
        f'  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\{folder}\\lib\\site-packages'
        '\\tensorflow\\python\\pywrap_tensorflow.py", line 64, in <module>',
        "    from tensorflow.python._pywrap_tensorflow_internal import *",
        "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The "
        "specified module could not be found.",
    ]


@pytest.mark.parametrize(("py", "first"), [("3.8", "2.2.0"), ("3.9", "2.5.0"),
                                           ("3.10", "2.8.0"), ("3.12", "2.16.1")])
def test_first_release_for_a_python_comes_from_the_tested_configs(py: str, first: str) -> None:
    row = load_knowledge().first_tf_for_python(py, "windows")
    assert row is not None and row.tf_version == first


@pytest.mark.parametrize("py", ["3.7", "3.5", "2.7"])
def test_a_python_the_oldest_row_has_dates_nothing(py: str) -> None:
    # TensorFlow 2.0 (the oldest row) already runs 3.7; 1.x releases the table lacks may too
    assert load_knowledge().first_tf_for_python(py, "windows") is None


@pytest.mark.parametrize(("folder", "release"), [("Python39", "2.5 or newer"),
                                                 ("Python310", "2.8 or newer")])
def test_dll_load_failed_under_a_python_newer_than_tf_2_1_is_the_msvc_runtime(
        folder: str, release: str) -> None:
    found = {f.id: f for f in explain_lines(_import_failure(folder))}
    assert "windows-dll-not-found" not in found, sorted(found)
    f = found["windows-msvc-runtime-missing"]
    assert f"TensorFlow {release}" in f.cause
    assert f.fix[0].startswith("winget install Microsoft.VCRedist.2015+.x64")


def test_dll_load_failed_under_python37_keeps_the_cuda_dll_search() -> None:
    # Python 3.7 also runs TensorFlow 1.13-2.0, whose GPU builds link the CUDA DLLs
    found = {f.id: f for f in explain_lines(_import_failure("Python37"))}
    assert "windows-msvc-runtime-missing" not in found, sorted(found)
    assert any("nvcuda.dll" in ln for ln in found["windows-dll-not-found"].fix)


def test_a_tensorflow_core_package_under_python38_is_not_dated_by_the_folder() -> None:
    # tensorflow_core is the layout of 1.15-2.1, which had no Python 3.8 wheels: the paths
    # contradict each other, so the Python does not date the release
    lines = [
        "Traceback (most recent call last):",
        '  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python38\\lib\\site-packages'
        '\\tensorflow_core\\python\\pywrap_tensorflow.py", line 58, in <module>',
        "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The "
        "specified module could not be found.",
    ]
    assert "windows-msvc-runtime-missing" not in {f.id for f in explain_lines(lines)}
