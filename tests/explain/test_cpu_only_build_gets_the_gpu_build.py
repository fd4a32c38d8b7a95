"""A CPU-only TensorFlow build is fixed by replacing the package, never by installing CUDA.

The log says the build has no CUDA in several forms (``is_built_with_cuda()`` then
``False``, ``'is_cuda_build': False``, ``print(tf.__version__, tf.test.is_built_with_cuda())``
printing ``2.15.0 False``); the CPU-only package (``tensorflow-cpu``) may be named by a pasted
``pip list``.  The fix removes that package first, then installs the CUDA build of the same
release: ``tensorflow-gpu`` before 2.1, ``tensorflow`` plus the tested CUDA/cuDNN before the
``[and-cuda]`` extra (2.14), ``tensorflow[and-cuda]`` from it; native Windows after 2.10 is
sent to WSL2; macOS gets Apple's Metal plugin.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

REPL = [">>> tf.test.is_built_with_cuda()", "False"]
ONE_LINER = ('python -c "import tensorflow as tf; '
             'print(tf.__version__, tf.test.is_built_with_cuda())"')


def _cpu_only(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines)
                if f.id in ("tensorflow-cpu-only-build", "tensorflow-windows-native-no-gpu"))


def _fix(lines: list[str]) -> str:
    return "\n".join(_cpu_only(lines).fix)


def _before(text: str, first: str, second: str) -> bool:
    return 0 <= text.index(first) < text.index(second)


@pytest.mark.parametrize("listing", ["tensorflow-cpu               2.12.0",
                                     "tensorflow-cpu            2.12.0    pypi_0    pypi"])
def test_a_listed_tensorflow_cpu_is_uninstalled_before_the_same_release_is_installed(
        listing: str) -> None:
    fix = _fix([listing, *REPL])
    assert _before(fix, "pip uninstall -y tensorflow-cpu", "tensorflow==2.12.*")
    assert "CUDA 11.8 and cuDNN 8.6" in fix  # 2.12 predates the extra: its tested CUDA after
    assert "or upgrade TensorFlow" not in fix and "--upgrade" not in fix


@pytest.mark.parametrize("output", ["2.15.0 False", "  2.15.0 False []", "2.15.0  False"])
def test_the_printed_version_and_false_of_one_print_call_is_a_cpu_only_build(
        output: str) -> None:
    call = ONE_LINER if "[]" not in output else ONE_LINER.replace(
        "is_built_with_cuda())", "is_built_with_cuda(), tf.config.list_physical_devices('GPU'))")
    f = _cpu_only([f"$ {call}", output])
    fix = "\n".join(f.fix)
    assert any(e.text.strip() == output.strip() for e in f.evidence)
    # the log names no package: the fix lists them first, and names none to uninstall
    assert _before(fix, "pip list", '"tensorflow[and-cuda]==2.15')
    assert "pip uninstall -y tensorflow-cpu" not in fix


def test_a_version_and_false_without_the_print_call_is_not_read_as_a_build() -> None:
    assert not [f for f in explain_lines(["2.15.0 False"])
                if f.id == "tensorflow-cpu-only-build"]


def test_a_print_call_whose_version_and_answer_say_true_gives_no_cpu_only_build() -> None:
    assert not [f for f in explain_lines([ONE_LINER, "2.15.0 True"])
                if f.id == "tensorflow-cpu-only-build"]


def test_before_tf_2_1_the_cuda_build_is_tensorflow_gpu() -> None:
    fix = _fix(["tensorflow-cpu               1.15.0", *REPL])
    assert _before(fix, "pip uninstall -y tensorflow-cpu", "tensorflow-gpu==1.15.*")


def test_with_no_release_shown_the_release_is_read_before_uninstalling() -> None:
    fix = _cpu_only(REPL).fix
    assert fix[0].startswith("V=$(python -c")
    text = "\n".join(fix)
    assert _before(text, "pip list", 'tensorflow[and-cuda]==$V"')
    assert "pip uninstall -y tensorflow" not in text  # no package named: none guessed


def test_native_windows_after_the_last_gpu_release_is_sent_to_wsl2_first() -> None:
    f = _cpu_only(["(tf) C:\\Users\\me>python t.py", "tensorflow-cpu               2.12.0",
                   *REPL])
    assert f.fix[0].startswith("wsl --install")
    fix = "\n".join(f.fix)
    assert _before(fix, "pip uninstall -y tensorflow-cpu", "tensorflow<2.11")


def test_native_windows_up_to_the_last_gpu_release_installs_the_same_release() -> None:
    fix = _fix(["(tf) C:\\Users\\me>python t.py", "tensorflow-cpu               2.9.0",
                *REPL])
    assert _before(fix, "pip uninstall -y tensorflow-cpu", '"tensorflow==2.9.*"')
    assert "CUDA 11.2 and cuDNN 8.1" in fix


def test_macos_has_no_cuda_build_and_gets_the_metal_plugin() -> None:
    fix = _fix(["/Users/me/miniforge3/lib/python3.10/site-packages/tensorflow/__init__.py",
                *REPL])
    assert "tensorflow-metal" in fix
    assert "and-cuda" not in fix and "cuDNN" not in fix


@pytest.mark.parametrize("empty", [['>>> tf.config.list_physical_devices("GPU")', "[]"],
                                   ["Num GPUs Available:  0"]])
def test_a_listed_tensorflow_cpu_is_the_reason_tensorflow_lists_no_gpu(
        empty: list[str]) -> None:
    f = _cpu_only(["tensorflow-cpu               2.15.0", *empty])
    assert f.id == "tensorflow-cpu-only-build" and "tensorflow-cpu" in f.cause
    assert _before("\n".join(f.fix), "pip uninstall -y tensorflow-cpu",
                   '"tensorflow[and-cuda]==2.15')


def test_a_listed_tensorflow_cpu_alone_is_no_finding() -> None:
    assert not [f for f in explain_lines(["tensorflow-cpu               2.15.0"])
                if f.id == "tensorflow-cpu-only-build"]
