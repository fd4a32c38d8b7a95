"""GPU-stack message kinds added for the message universe (issue 10 §1, stage 3), with
variants: other GPUs, statuses, sizes, TensorFlow source paths (TF 1.x ``tensorflow/
stream_executor``, TF 2.x ``tensorflow/compiler/xla``, TF >= 2.15 ``external/local_xla``) and
wordings than the rows' examples in src/tfgpu/knowledge/data/messages_gpu_stack.toml, and the
lines that must NOT give these findings (another cause named, another package, another OS)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

from .kind_helpers import Case, check, ids, known, table

# ---------------------------------------------------------------- GPU memory at start


def test_allocator_not_created_is_the_allocator_type() -> None:
    found = ids(["E tensorflow/core/common_runtime/gpu/gpu_process_state.cc:222] Invalid "
                 "allocator type: cuda_malloc",
                 "tensorflow.python.framework.errors_impl.InternalError: Failed to get memory "
                 "allocator for TF GPU 1 with 23603838976 bytes of memory."])
    f = found["gpu-allocator-type-invalid"]
    assert "GPU 1" in f.title and "cuda_malloc" in f.cause
    assert "gpu-memory-unavailable-at-start" not in found
    # alone: the same finding, without the type it names
    assert "this log:" not in known(
        ["InternalError: Failed to get memory allocator for TF GPU 0 with 7907901440 bytes of "
         "memory."], "gpu-allocator-type-invalid").cause


# ------------------------------------------------------------- CUDA context / StreamExecutor


def test_device_count_not_initialised() -> None:
    line = ("2024-07-07 07:07:07.7: E external/local_xla/xla/stream_executor/cuda/"
            "cuda_driver.cc:1367] could not retrieve CUDA device count: "
            "CUDA_ERROR_NOT_INITIALIZED: initialization error")
    f = known([line], "cuda-driver-not-initialised")
    assert "fork" in f.cause
    # with the cuInit line, that finding names the first failure
    found = ids(["E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuInit: "
                 "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected", line])
    assert "cuda-driver-not-initialised" not in found
    # (cuInit's NO_DEVICE alone is the hedged cuda-visible-devices-hides-gpus)
    assert "cuda-visible-devices-hides-gpus" in found


# -------------------------------------------------------------------- BFC allocator lines


def test_oom_hint_line_is_out_of_memory() -> None:
    known(["  (0) Resource exhausted:  OOM ... Hint: If you want to see a list of allocated "
           "tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for "
           "current allocation info."], "gpu-resource-exhausted")


# ----------------------------------------------------- cuBLAS / cuSOLVER / cuDNN calls


@pytest.mark.parametrize(("line", "title_word", "variant_word"), [
    ("tensorflow.python.framework.errors_impl.InternalError: tensorflow/core/util/"
     "cuda_solvers.cc:492: cuBlas call failed status = 3 [Op:MatrixSolve]", "cuBLAS",
     "memory already taken"),
    ("InternalError: tensorflow/core/util/cuda_solvers.cc:535: cuBlas call failed status = 13 "
     "[Op:MatrixInverse]", "cuBLAS", "while running a kernel"),
    ("InternalError: tensorflow/core/util/cuda_solvers.cc:535: cuBlas call failed status = 14 "
     "[Op:MatrixInverse]", "cuBLAS", "status 14"),
    ("tensorflow.python.framework.errors_impl.InternalError: Failed to create cuSolverDN "
     "instance. [Op:Qr]", "cuSOLVER", "handle creation failed"),
    ("2019-01-01 10:00:00.1: F tensorflow/stream_executor/cuda/cuda_dnn.cc:194] Check failed: "
     "status == CUDNN_STATUS_SUCCESS (8 vs. 0)Failed to set cuDNN stream.", "cuDNN",
     "cudnnSetStream"),
    ("tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked! "
     "[Op:Conv2DBackpropInput]", "cuDNN", "No algorithm worked"),
])
def test_library_calls(line: str, title_word: str, variant_word: str) -> None:
    f = known([line], "dnn-handle-failed-gpu-memory")
    assert title_word in f.title
    assert variant_word in f.title + f.cause


# --------------------------------------------------------- the dlopen warning's last line


def test_skipping_registering_alone_and_with_its_first_line() -> None:
    known(["Skipping registering GPU devices..."], "gpu-libraries-not-loaded")
    found = explain_lines([
        "W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot dlopen some GPU "
        "libraries. Please make sure the missing libraries mentioned above are installed "
        "properly if you would like to use GPU.",
        "Skipping registering GPU devices...",
    ])
    assert [f.id for f in found].count("gpu-libraries-not-loaded") == 1


# --------------------------------------------------------------- XLA platform not registered


def test_rocm_unsupported_from_xla_platform_util() -> None:
    f = known(["I external/local_xla/xla/service/platform_util.cc:78] StreamExecutor ROCM device "
               "(0) is of unsupported AMDGPU version : gfx1031. The supported AMDGPU versions "
               "are gfx900, gfx906, gfx908, gfx90a, gfx942, gfx1030, gfx1100."],
               "rocm-gpu-arch-unsupported")
    assert "gfx1031" in f.title and "garbled" not in f.title


@pytest.mark.parametrize("line", [
    "Process exited with code=3221226505",
    "The terminal process terminated with exit code: 3221226505.",
])
def test_windows_crash_unsigned_code(line: str) -> None:
    known([line], "windows-process-crashed-stack-buffer")


@table("gpu_stack_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/gpu_stack_kinds.toml: its lines give its finding, not the others."""
    check(case)
