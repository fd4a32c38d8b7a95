"""R (reticulate) users: fix lines name the Python reticulate uses (the interpreter path the
log shows, e.g. tf_config()'s "Python v3.10 (~/.virtualenvs/r-tensorflow/bin/python)"), or
reticulate's own installer, not a bare python/pip."""

from __future__ import annotations

from tfgpu.explain import explain_lines

DLOPEN = ("2024-01-10 10:00:00.123456: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256]"
          " Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
          "above are installed properly if you would like to use GPU.")
R_LOG = [
    "> library(tensorflow)",
    "> tf_config()",
    "TensorFlow v2.15.0 (~/.virtualenvs/r-tensorflow/lib/python3.10/site-packages/tensorflow)",
    "Python v3.10 (~/.virtualenvs/r-tensorflow/bin/python)",
    '> tf$config$list_physical_devices("GPU")',
    DLOPEN,
    "Skipping registering GPU devices...",
    "list()",
]


def _fixes(lines: list[str]) -> list[str]:
    return [ln for f in explain_lines(lines) for ln in f.fix]


def test_r_log_fixes_use_the_r_tensorflow_interpreter() -> None:
    fixes = _fixes(R_LOG)
    py = "~/.virtualenvs/r-tensorflow/bin/python"
    assert any(py + " -c" in ln for ln in fixes), fixes
    assert not any(" python -c" in f" {ln}" for ln in fixes), fixes
    assert not any(ln.lstrip("# or:").startswith("pip install") for ln in fixes), fixes


def test_r_log_without_path_uses_reticulate() -> None:
    fixes = _fixes(["> library(tensorflow)", DLOPEN, "Skipping registering GPU devices..."])
    assert any("reticulate::py_install(" in ln for ln in fixes), fixes
    assert not any(ln.startswith(("pip install", "# or: pip install")) for ln in fixes), fixes


def test_python_log_keeps_python() -> None:
    fixes = _fixes([DLOPEN, "Skipping registering GPU devices..."])
    assert any("python -c" in ln for ln in fixes), fixes
