"""A cuFFT plan failure is read by the status the plan-step line prints, whatever lines of
the same failure come with it (checks/memory.py, checks/cufft_plan.py): cuda_fft.cc's F
"failed to initialize batched cufft plan" abort and TensorFlow 2.16+'s op_kernel "Failed to
create cuFFT batched plan with scratch allocator" line print no status; a usage status
(cufft.h cufftResult 4, 8, 16) is never called memory.  cuda_fft.cc's "Initialize Params"
dump of the failed plan is evidence of that failure, never an unrecognised error."""

from __future__ import annotations

import pytest

from .kind_helpers import ids

_TF1_E = ("2021-03-04 10:12:05.223456: E tensorflow/stream_executor/cuda/cuda_fft.cc:223] "
          "failed to make cuFFT batched plan:{}")
_TF1_F = ("2021-03-04 10:12:05.223510: F tensorflow/stream_executor/cuda/cuda_fft.cc:435] "
          "failed to initialize batched cufft plan with customized allocator: Failed to make "
          "cuFFT batched plan.")
_PARAMS = ("2021-03-04 10:12:05.223500: E tensorflow/stream_executor/cuda/cuda_fft.cc:426] "
           "Initialize Params: rank: 1 elem_count: 512 input_embed: 512 input_stride: 1 "
           "input_distance: 512 output_embed: 257 output_stride: 1 output_distance: 257 "
           "batch_count: 20")
_TF216_E = ("E0000 00:00:1712345678.123456  12345 cuda_fft.cc:225] failed to make cuFFT "
            "batched plan:{}")
_TF216_OP = ("W0000 00:00:1712345678.123520  12345 op_kernel.cc:1839] OP_REQUIRES failed at "
             "fft_ops.cc:613 : INTERNAL: Failed to create cuFFT batched plan with scratch "
             "allocator")


@pytest.mark.parametrize("status", ["1", "3", "4", "8", "16", "CUFFT_INVALID_SIZE",
                                    "CUFFT_INVALID_VALUE"])
@pytest.mark.parametrize("form", ["tf1-abort", "tf216-op-kernel"])
def test_usage_status_beside_a_status_less_companion_is_no_memory_claim(status: str,
                                                                       form: str) -> None:
    lines = ([_TF1_E.format(status), _TF1_F, "Aborted (core dumped)"] if form == "tf1-abort"
             else [_TF216_E.format(status), _TF216_OP])
    got = ids(lines)
    assert "dnn-handle-failed-gpu-memory" not in got
    f = got["unrecognised-error"]
    assert "CUFFT_" in f.cause and "memory" not in f.title.casefold()


def test_alloc_failed_beside_its_companion_stays_memory() -> None:
    got = ids([_TF1_E.format(2), _TF1_F, "Aborted (core dumped)"])
    assert "CUFFT_ALLOC_FAILED" in got["dnn-handle-failed-gpu-memory"].title


@pytest.mark.parametrize("status", ["2", "5", "7", "8"])
def test_initialize_params_dump_is_evidence_of_the_plan_failure(status: str) -> None:
    got = ids([_TF1_E.format(status), _PARAMS, _TF1_F, "Aborted (core dumped)"])
    quoting = [f for f in got.values() if any("Initialize Params" in e.text for e in f.evidence)]
    assert quoting, got
    assert all("cuFFT" in f.title or "CUFFT_" in f.cause for f in quoting)
    if status in ("5", "7"):
        assert "unrecognised-error" not in got
