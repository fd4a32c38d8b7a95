"""The "log itself shows an NVIDIA GPU (lines ...)" text cites only lines that show a GPU;
TensorFlow's "Cannot dlopen ... Skipping registering GPU devices" lines are named as what
they are."""

from __future__ import annotations

from tfgpu.explain import explain_lines

LOG = [
    "2024-04-02 09:00:00.000001: I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not "
    "find cuda drivers on your machine, GPU will not be used.",
    "2024-04-02 09:00:01.000001: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] "
    "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above "
    "are installed properly if you would like to use GPU.",
    "Skipping registering GPU devices...",
    "$ nvidia-smi",
    "| NVIDIA-SMI 470.239.06   Driver Version: 470.239.06   CUDA Version: 11.4     |",
    ">>> tf.__version__",
    "'2.17.0'",  # not a release whose wheels miss the nvidia-* libraries
]


def test_gpu_lines_cited_are_gpu_lines() -> None:
    causes = [f.cause for f in explain_lines(LOG) if "shows an NVIDIA GPU" in f.cause]
    assert causes, [f.id for f in explain_lines(LOG)]
    for cause in causes:
        assert "shows an NVIDIA GPU (line 5)" in cause, cause


def test_deferred_cause_has_no_dot_semicolon() -> None:
    log = [
        "2020-05-02 10:11:12.123456: I tensorflow/stream_executor/platform/default/"
        "dso_loader.cc:44] Successfully opened dynamic library nvcuda.dll",
        "2020-05-02 10:11:12.223456: E tensorflow/stream_executor/cuda/cuda_driver.cc:351] "
        "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
    ]
    found = explain_lines(log)
    assert any("the reason is the finding" in f.cause for f in found), [f.id for f in found]
    assert not any(".;" in f.cause for f in found), [f.cause for f in found]


def test_no_gpu_finding_that_defers_does_not_also_say_the_reason_is_unknown() -> None:
    """When tensorflow-sees-no-gpu names another finding as its reason, its cause drops the
    "the log does not say why" clause (one cause, no contradiction)."""
    found = explain_lines([
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libcufft.so.10'; dlerror: libcufft.so.10: cannot open shared "
        "object file: No such file or directory",
        '>>> tf.config.list_physical_devices("GPU")', "[]"])
    f = next(f for f in found if f.id == "tensorflow-sees-no-gpu")
    assert "the reason is the finding library-not-loaded-libcufft-so-10" in f.cause
    assert "does not say why" not in f.cause
