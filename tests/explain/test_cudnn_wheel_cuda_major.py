"""The pip wheel a cuDNN loaded-vs-compiled mismatch suggests: its CUDA major comes from the
TensorFlow build (the log's opened runtime, the TF version, else the releases built with the
compiled cuDNN, tf_tested_configs.toml), its range stays inside the compiled cuDNN major (a
newer major's wheel ships another SONAME), and an unknown CUDA major is said, not guessed."""

from __future__ import annotations

import re

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

_MSG = ("E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Loaded runtime CuDNN "
        "library: {rt} but source was compiled with: {src}.  CuDNN library needs to have "
        "matching major version and equal or higher minor version.")


def _mismatch(rt: str, src: str, *extra: str) -> Finding:
    found = {f.id: f for f in explain_lines([*extra, _MSG.format(rt=rt, src=src)])}
    return found["cudnn-version-mismatch"]


def _pip_lines(f: Finding) -> list[str]:
    return [x for x in f.fix if "pip install" in x]


def test_cudnn_894_is_a_cuda12_build_and_stays_below_cudnn9() -> None:
    # TF 2.15-2.17 were built with cuDNN 8.9 and CUDA 12 (tf_tested_configs.toml)
    (line,) = _pip_lines(_mismatch("8.6.0", "8.9.4"))
    assert "nvidia-cudnn-cu12>=8.9.4,<9" in line and "cu11" not in line


def test_cudnn_86_is_a_cuda11_build_with_an_upper_bound() -> None:
    (line,) = _pip_lines(_mismatch("8.1.0", "8.6.0"))
    assert "nvidia-cudnn-cu11>=8.6.0,<9" in line


def test_cudnn9_range_stays_in_major_9() -> None:
    (line,) = _pip_lines(_mismatch("9.0.0", "9.3.0"))
    assert "nvidia-cudnn-cu12>=9.3.0,<10" in line


def test_the_runtime_the_log_opened_wins_over_the_cudnn_lookup() -> None:
    opened = ("I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully "
              "opened dynamic library libcudart.so.11.0")
    (line,) = _pip_lines(_mismatch("8.6.0", "8.9.4", opened))
    assert "nvidia-cudnn-cu11>=8.9.4,<9" in line


def test_unknown_cuda_major_is_said_not_guessed() -> None:
    # cuDNN 8.8 was never a tested TF build: the CUDA major cannot be known from the log
    f = _mismatch("8.6.0", "8.8.1")
    text = " ".join(f.fix)
    assert not re.search(r"nvidia-cudnn-cu1[12][>=]", text)
    assert "nvidia-cudnn-cuXX" in text and "CUDA major" in text and "get_build_info" in text


# TensorFlow 1.x-2.3 wording of the same check (tensorflow/stream_executor/cuda/cuda_dnn.cc)
_MSG_7 = ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:343] Loaded runtime CuDNN library: "
          "{rt} but source was compiled with: {src}.  CuDNN library major and minor version "
          "needs to match or have higher minor version in case of CuDNN 7.0 or later version. "
          "If using a binary install, upgrade your CuDNN library.  If building from sources, "
          "make sure the library loaded at runtime is compatible with the version specified "
          "during compile configuration.")


def test_no_wheel_line_for_a_cudnn_major_without_wheels() -> None:
    # nvidia-cudnn-cu11 begins at 8.5, -cu12 at 8.8: no wheel ships cuDNN 7, whatever the
    # CUDA major, so no pip line (placeholder or not) for a cuDNN 7 build
    for rt, src in (("7.1.2", "7.3.1"), ("7.0.5", "7.2.1"), ("7.4.1", "7.6.5")):
        found = {f.id: f for f in explain_lines([_MSG_7.format(rt=rt, src=src)])}
        f = found["cudnn-version-mismatch"]
        assert not _pip_lines(f), f.fix
        assert not any("nvidia-cudnn" in x or "nvidia.cudnn" in x for x in f.fix), f.fix
        assert any("LD_LIBRARY_PATH" in x for x in f.fix)


def test_cudnn8_builds_keep_their_wheel_line() -> None:
    # the same wording from a cuDNN 8 build still gets the wheel of its CUDA major
    found = {f.id: f for f in explain_lines([_MSG_7.format(rt="8.0.4", src="8.1.0")])}
    (line,) = _pip_lines(found["cudnn-version-mismatch"])
    assert "nvidia-cudnn-cu11>=8.1.0,<9" in line
