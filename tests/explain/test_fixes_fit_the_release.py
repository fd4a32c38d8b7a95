"""Fixes fit the TensorFlow release the log shows (issue 10 §2): a release older than the
``[and-cuda]`` extra loads a system CUDA/cuDNN, so the first fix is the CUDA of its tested
configuration, never a pip CUDA wheel of another major version; and TensorFlow's own "this is OK"
ptxas fallback is a notice, not an error."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

OLD_PATH_LIB = ("2020-11-02 09:15:41.101010: W tensorflow/stream_executor/platform/default/"
                "dso_loader.cc:60] Could not load dynamic library 'libcublas.so.10'; dlerror: "
                "libcublas.so.10: cannot open shared object file: No such file or directory")
NEW_PATH_LIB = ("2024-05-02 09:15:41.101010: W external/local_xla/xla/tsl/cuda/cublas_stub.cc:"
                "25] Could not load dynamic library 'libcublas.so.12'; dlerror: libcublas.so.12:"
                " cannot open shared object file: No such file or directory")
GPU_LINE = ("2020-11-02 09:15:40.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1716]"
            " Found device 0 with properties: pciBusID: 0000:01:00.0 name: GeForce RTX 2070 "
            "computeCapability: 7.5")


def _fix_text(lines: list[str]) -> str:
    return "\n".join(line for f in explain_lines(lines) for line in f.fix)


def test_a_log_dated_before_and_cuda_gets_its_tested_cuda_not_pip_wheels_first() -> None:
    text = _fix_text([GPU_LINE, OLD_PATH_LIB])
    assert "predates the [and-cuda] extra" in text
    first = next(line for line in text.splitlines() if "and-cuda" in line)
    assert first.startswith("#")  # the pip extra is only named as the upgrade path


def test_a_new_log_keeps_the_and_cuda_fix() -> None:
    text = _fix_text([NEW_PATH_LIB, GPU_LINE.replace(
        "tensorflow/core", "external/local_xla/xla")])
    # no version shown: the extra is pinned to the installed release, never an upgrade
    assert "predates" not in text and 'pip install "tensorflow[and-cuda]==$(' in text
    assert "--upgrade" not in text


def test_tensorflow_saying_a_missing_ptxas_is_ok_is_a_notice() -> None:
    line = ("2022-03-01 10:00:00.000000: W tensorflow/stream_executor/gpu/asm_compiler.cc:80] "
            "Couldn't get ptxas version string: Internal: Couldn't invoke ptxas --version")
    ok = ("2019-07-08 11:12:13.141516: W tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:"
          "120] Can't find ptxas binary in ${CUDA_DIR}/bin.  Will back to the GPU driver for "
          "PTX -> sass compilation.  This is OK so long as you don't see a warning below about"
          " an out-of-date driver version.")
    said = {f.id: f for f in explain_lines([ok])}
    assert "ptxas-not-found" not in said
    assert said["ptxas-driver-fallback-notice"].harmless
    assert {f.id for f in explain_lines([line])} >= {"ptxas-not-found"}
    assert explain_lines([line])[0].severity is Severity.ERROR
