"""Wordings the new-user review (eyes report) found wrong or misleading: each test names the
report item and fails on the old wording."""

from __future__ import annotations

from tests.explain.kind_helpers import ids

STUB = ("2024-02-24 17:46:11.024256: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find "
        "cuda drivers on your machine, GPU will not be used.")


def test_could_not_find_cuda_drivers_never_says_the_driver_is_missing() -> None:
    """F-4: cudart_stub.cc prints it when libcudart (the CUDA runtime) does not load."""
    found = ids([STUB, ">>> tf.config.list_physical_devices('GPU')", "[]"])
    for f in found.values():
        assert "the driver is missing" not in f.cause, (f.id, f.cause)
        assert "found no NVIDIA driver library" not in f.cause, (f.id, f.cause)
    assert "libcudart" in found["tensorflow-sees-no-gpu"].cause


def test_stub_then_cuinit_303_names_both_libraries() -> None:
    found = ids([STUB, "2024-02-24 17:46:12.1: E external/local_xla/xla/stream_executor/cuda/"
                 "cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
                 ": UNKNOWN ERROR (303)"])
    cuinit = next(f for f in found.values() if f.id.startswith("cuinit-"))
    assert "libcudart" in cuinit.cause and "libcuda)" in cuinit.cause, cuinit.cause
