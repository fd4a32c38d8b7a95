"""A CPU-only TensorFlow's fix uninstalls only a distribution the log (a pasted ``pip list`` /
``conda list``) or the host facts name.  When nothing names it, the fix says how to find it
(``pip list`` filtered to the TensorFlow distributions, ``findstr`` on native Windows) and
which names are the CPU-only ones (platform fact ``tf-distributions``), then gives the CUDA
build of the same release; it never guesses ``tensorflow-cpu``."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

_REPL = [">>> tf.test.is_built_with_cuda()", "False"]
_CALL = 'python -c "import tensorflow as tf; print(tf.__version__, tf.test.is_built_with_cuda())"'


def _cpu_only(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "tensorflow-cpu-only-build")


def _commands(f: Finding) -> list[str]:
    """The fix lines that run something (not ``#`` instructions), comments cut off."""
    return [line.split("   #")[0] for line in f.fix if not line.startswith("#")]


@pytest.mark.parametrize("lines", [
    [_CALL, "2.15.0 False"],
    [_CALL, "2.12.0 False"],
    ["TensorFlow version: 2.16.1", *_REPL],
    ["{'cuda_version': '', 'is_cuda_build': False, 'is_rocm_build': False}"],
    _REPL,
], ids=["2.15-print", "2.12-print", "2.16-repl", "build-info", "no-release"])
def test_no_package_named_means_none_is_uninstalled_by_name(lines: list[str]) -> None:
    f = _cpu_only(lines)
    assert not any("uninstall" in cmd for cmd in _commands(f))
    listing = next(line for line in f.fix if line.startswith("pip list"))
    assert "grep -i" in listing and "tensorflow" in listing and "tf-nightly" in listing
    how = next(line for line in f.fix if line.startswith("# pip uninstall -y <"))
    assert "tensorflow-cpu" in how and "tf-nightly-cpu" in how
    # the CUDA build is still named after the listing
    assert f.fix.index(listing) < max(i for i, line in enumerate(f.fix)
                                      if "pip install" in line and not line.startswith("#"))


def test_release_before_2_1_with_no_package_named_says_the_plain_wheel_may_be_it() -> None:
    f = _cpu_only(["TensorFlow version: 1.15.0", *_REPL])
    assert not any("uninstall" in cmd for cmd in _commands(f))
    how = next(line for line in f.fix if line.startswith("# pip uninstall -y <"))
    assert "before 2.1 the plain tensorflow" in how
    assert any("tensorflow-gpu==1.15.*" in cmd for cmd in _commands(f))


def test_release_from_2_1_does_not_blame_the_plain_wheel() -> None:
    how = next(line for line in _cpu_only([_CALL, "2.15.0 False"]).fix
               if line.startswith("# pip uninstall -y <"))
    assert "plain tensorflow" not in how


@pytest.mark.parametrize(("listing", "dist"), [
    ("tensorflow-cpu               2.15.0", "tensorflow-cpu"),
    ("tf-nightly-cpu               2.16.0.dev20231010", "tf-nightly-cpu"),
    ("tensorflow-cpu==2.15.0", "tensorflow-cpu"),
    ("tensorflow-cpu            2.15.0    pypi_0    pypi", "tensorflow-cpu"),
])
def test_a_listed_cpu_only_package_is_the_one_uninstalled(listing: str, dist: str) -> None:
    f = _cpu_only([listing, _CALL, "2.15.0 False"])
    assert f"pip uninstall -y {dist}" in _commands(f)
    assert not any(line.startswith("pip list") for line in f.fix)


def test_native_windows_with_no_package_named_lists_them_with_findstr() -> None:
    f = _cpu_only(["(tf) C:\\Users\\me>python t.py", "TensorFlow version: 2.9.0", *_REPL])
    assert f.fix[0].startswith('pip list | findstr /i "tensorflow tf-nightly"')
    assert not any("uninstall" in cmd for cmd in _commands(f))
    assert any('"tensorflow==2.9.*"' in cmd for cmd in _commands(f))
