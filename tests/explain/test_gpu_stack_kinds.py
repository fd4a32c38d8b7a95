"""GPU-stack message kinds added for the message universe (issue 10 §1, stage 3), with
variants: other GPUs, statuses, sizes, TensorFlow source paths (TF 1.x ``tensorflow/
stream_executor``, TF 2.x ``tensorflow/compiler/xla``, TF >= 2.15 ``external/local_xla``) and
wordings than the rows' examples in src/tfgpu/knowledge/data/messages_gpu_stack.toml, and the
lines that must NOT give these findings (another cause named, another package, another OS)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

from .kind_helpers import ids, known

# ----------------------------------------------------------- devices TensorFlow skips


def test_rocm_gpu_arch_unsupported_names_target_and_list() -> None:
    f = known(["2024-05-02 09:10:11.000001: I tensorflow/core/common_runtime/gpu/"
               "gpu_device.cc:2240] Ignoring visible gpu device (device: 1, name: AMD Radeon "
               "RX 6700 XT, pci bus id: 0000:03:00.0) with AMDGPU version : gfx1031. The "
               "supported AMDGPU versions are gfx1030, gfx1100, gfx900, gfx906, gfx908, "
               "gfx90a."], "rocm-gpu-arch-unsupported")
    assert "gfx1031" in f.title
    assert "gfx1030, gfx1100" in f.cause
    assert f.severity is Severity.ERROR


def test_cuda_ignoring_line_is_not_the_rocm_finding() -> None:
    found = ids(["I tensorflow/core/common_runtime/gpu/gpu_device.cc:1700] Ignoring visible "
                 "gpu device (device: 0, name: Quadro K600, pci bus id: 0000:01:00.0, compute "
                 "capability: 3.0) with Cuda compute capability 3.0. The minimum required Cuda "
                 "capability is 3.5."])
    assert "rocm-gpu-arch-unsupported" not in found
    assert "gpu-compute-capability-not-reported" not in found


def test_compute_capability_not_reported() -> None:
    f = known(["I tensorflow/core/common_runtime/gpu/gpu_device.cc:1761] Ignoring visible gpu "
               "device (device: 1, name: GeForce RTX 3090, pci bus id: 0000:41:00.0) whose "
               "CUDA compute capability is not available."],
               "gpu-compute-capability-not-reported")
    assert "GeForce RTX 3090" in f.cause
    assert any("nvidia-smi" in x for x in f.fix)


# --------------------------------------------------------------------------- peer access


def test_no_peering_at_all_is_an_error_and_supersedes_the_notice() -> None:
    found = ids([
        "W tensorflow/core/common_runtime/gpu/gpu_device.cc:1727] Unable to enable peer access "
        "between device ordinals 0 and 1, status: Internal: failed to enable peer access from "
        "0x5581f0c0 to 0x5581f4a0: CUDA_ERROR_PEER_ACCESS_UNSUPPORTED: peer access is not "
        "supported between these two devices",
        "tensorflow.python.framework.errors_impl.InternalError: 4 potential peer access pairs "
        "were reported by the driver, but no peering could be enabled.",
    ])
    assert "gpu-peer-access-failed" in found
    assert "4" in found["gpu-peer-access-failed"].cause
    assert "gpu-peer-access-limit" not in found  # superseded: here peering failed for all


@pytest.mark.parametrize("line", [
    "2023-02-02 02:02:02.2: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1712] Unable to "
    "enable peer access between device ordinals 3 and 9, status: INTERNAL: failed to enable "
    "peer access from 0x7f00c0 to 0x7f01c0: CUDA_ERROR_TOO_MANY_PEERS: peer mapping resources "
    "exhausted",
    "failed to enable peer access from 0x55d0c5a4e0c0 to 0x55d0c5e1f8a0: "
    "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED: peer access is not supported between these two devices",
])
def test_one_pair_failing_is_the_harmless_notice(line: str) -> None:
    f = known([line], "gpu-peer-access-limit")
    assert f.harmless
    assert "gpu-peer-access-failed" not in ids([line])


# ---------------------------------------------------------------- GPU memory at start


def test_scratch_buffer_is_memory_at_start() -> None:
    f = known(["tensorflow.python.framework.errors_impl.FailedPreconditionError: Failed to "
               "allocate scratch buffer for device 2"], "gpu-memory-unavailable-at-start")
    assert "GPU 2" in f.title
    assert any("nvidia-smi" in x for x in f.fix)


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


@pytest.mark.parametrize(("line", "error"), [
    ("2019-06-01 10:00:00.1: E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call "
     "to cuDevicePrimaryCtxRetain: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal",
     "CUDA_ERROR_INVALID_DEVICE"),
    ("tensorflow.python.framework.errors_impl.InternalError: failed initializing StreamExecutor "
     "for CUDA device ordinal 1: Internal: failed call to cuDevicePrimaryCtxRetain: "
     "CUDA_ERROR_DEVICE_UNAVAILABLE: CUDA-capable device(s) is/are busy or unavailable",
     "CUDA_ERROR_DEVICE_UNAVAILABLE"),
    ("E tensorflow/stream_executor/cuda/cuda_driver.cc:406] failed call to cuCtxCreate: "
     "CUDA_ERROR_UNKNOWN", "CUDA_ERROR_UNKNOWN"),
])
def test_stream_executor_init_failed_names_the_cuda_error(line: str, error: str) -> None:
    f = known([line], "gpu-stream-executor-init-failed")
    assert error in f.title
    assert "knowledge row status_codes:" in f.cause  # the meaning comes from the table


def test_query_memory_failed() -> None:
    f = known(["tensorflow.python.framework.errors_impl.UnknownError: Failed to query "
               "available memory for GPU 1"], "gpu-stream-executor-init-failed")
    assert "GPU 1" in f.cause


def test_context_out_of_memory_is_the_memory_finding() -> None:
    found = ids(["tensorflow.python.framework.errors_impl.InternalError: failed initializing "
                 "StreamExecutor for CUDA device ordinal 0: INTERNAL: failed call to "
                 "cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; total "
                 "memory reported: 25438126080"])
    assert "gpu-memory-held-by-other-process" in found
    assert "gpu-stream-executor-init-failed" not in found


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
    assert "cuinit-no-device" in found


def test_other_device_count_errors_are_not_this_finding() -> None:
    found = ids(["E cuda_driver.cc:1301] could not retrieve CUDA device count: "
                 "CUDA_ERROR_UNKNOWN: unknown error"])
    assert "cuda-driver-not-initialised" not in found


# -------------------------------------------------------------------- BFC allocator lines


@pytest.mark.parametrize("line", [
    "2024-02-02 02:02:02.2: W external/local_tsl/tsl/framework/bfc_allocator.cc:497] "
    "*******************_____________________*************************xxxxxxxxxxxxxxxxxxxxxx",
    "W tensorflow/core/common_runtime/bfc_allocator.cc:279] ****************************x*****",
    "If the cause is memory fragmentation maybe the environment variable "
    "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. ",
])
def test_bfc_followups_alone(line: str) -> None:
    f = known([line], "gpu-allocator-ran-out")
    assert any("TF_GPU_ALLOCATOR=cuda_malloc_async" in x for x in f.fix)


def test_bfc_followups_with_the_ran_out_line_keep_its_size() -> None:
    found = ids([
        "2022-01-01 01:01:01.1: W tensorflow/core/common_runtime/bfc_allocator.cc:463] Allocator "
        "(GPU_0_bfc) ran out of memory trying to allocate 1.22GiB (rounded to 1310720000)"
        "requested by op Conv2D",
        "If the cause is memory fragmentation maybe the environment variable "
        "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. ",
        "2022-01-01 01:01:01.2: W tensorflow/core/common_runtime/bfc_allocator.cc:475] "
        "*************************************************************************xxxxxxx",
    ])
    assert "1.22GiB" in found["gpu-allocator-ran-out"].title


def test_star_lines_elsewhere_are_not_an_allocator_map() -> None:
    found = ids(["**********************************************",
                 "I0101 main.cc:12] ______________________________ done"])
    assert "gpu-allocator-ran-out" not in found


def test_garbage_collection_near_limit_is_info() -> None:
    f = known(["2024-03-03 03:03:03.3: W external/local_tsl/tsl/framework/bfc_allocator.cc:"
               "296] Garbage collection: deallocate free memory regions (i.e., allocations) so "
               "that we can re-allocate a larger region to avoid OOM due to memory "
               "fragmentation. If you see this message frequently, you are running near the "
               "threshold of the available device memory"], "gpu-memory-near-limit")
    assert f.severity is Severity.INFO
    assert not f.harmless


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


def test_no_algorithm_with_the_workspace_limit_is_the_autotune_finding() -> None:
    found = ids([
        "2023-05-05 05:05:05.5: W tensorflow/compiler/xla/stream_executor/gpu/"
        "redzone_allocator.cc:1] Profiling failure on CUDNN engine 1#TC: RESOURCE_EXHAUSTED: "
        "Allocating 4718624784 bytes exceeds the memory limit of 4294967296 bytes.",
        "tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked!",
    ])
    assert "cudnn-no-algorithm-workspace" in found
    assert "dnn-handle-failed-gpu-memory" not in found


# -------------------------------------------------------------------- PTX, ptxas, LLVM


def test_driver_jit_log_is_ptx_newer_than_driver() -> None:
    line = ("2021-09-09 09:09:09.9: E tensorflow/stream_executor/cuda/cuda_driver.cc:789] "
            "error log buffer (101 bytes): ptxas application ptx input, line 5; fatal   : "
            "Unsupported .version 8.1; current version is '7.8'")
    found = ids([line])
    assert "ptx-newer-than-driver" in found
    assert "ptxas-too-old" not in found


def test_xla_ptxas_unsupported_version_stays_ptxas_too_old() -> None:
    found = ids(["ptxas /tmp/tempfile-host-1.ptx, line 5; fatal   : Unsupported .version 7.8; "
                 "current version is '7.4'"])
    assert "ptxas-too-old" in found
    assert "ptx-newer-than-driver" not in found


def test_xla_known_bad_driver_jit() -> None:
    f = known(["W tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:386] *** WARNING *** "
               "Invoking the PTX->SASS JIT from driver version 384.81.0, which is older than "
               "396.20.0. These versions are known to miscompile XLA code, leading to incorrect "
               "results or invalid-address errors."], "driver-too-old-for-ptx-jit")
    assert "384.81.0" in f.title and "396.20.0" in f.title


@pytest.mark.parametrize(("line", "isa"), [
    ("'+ptx86' is not a recognized feature for this target (ignoring feature)", "8.6"),
    ("'+ptx87' is not a recognized feature for this target (ignoring feature)", "8.7"),
])
def test_llvm_unknown_ptx_isa_is_a_notice(line: str, isa: str) -> None:
    f = known([line], "llvm-ptx-isa-unknown")
    assert isa in f.title
    assert f.severity is Severity.INFO


def test_ptxas_failed_fallback_from_the_kernel_generator() -> None:
    f = known(["2025-10-15 11:56:38.483048: W tensorflow/compiler/mlir/tools/kernel_gen/"
               "transforms/gpu_kernel_to_blob_pass.cc:189] Failed to compile generated PTX "
               "with ptxas. Falling back to compilation by driver."],
               "ptxas-driver-fallback-notice")
    assert "ptxas failed" in f.cause and f.harmless


@pytest.mark.parametrize("line", [
    "2024-04-08 15:31:39.985500: W tensorflow/core/framework/op_kernel.cc:1827] UNKNOWN: JIT "
    "compilation failed.",
    "tensorflow.python.framework.errors_impl.UnknownError: JIT compilation failed. "
    "[Op:FloorMod]",
])
def test_kernel_generator_jit_failed(line: str) -> None:
    f = known([line], "tf-kernel-jit-failed")
    assert any("xla_gpu_cuda_data_dir" in x for x in f.fix)
    assert "gpu-arch-not-in-build" not in ids([line])


def test_kernel_jit_with_libdevice_line_names_libdevice() -> None:
    found = ids([
        "W0000 00:00:1722036155.242013   95507 gpu_backend_lib.cc:631] libdevice is required by "
        "this HLO module but was not found at ./libdevice.10.bc",
        "2024-07-26 20:22:35.242188: E tensorflow/compiler/mlir/tools/kernel_gen/"
        "tf_framework_c_interface.cc:228] INTERNAL: Generating device code failed.",
        "2024-07-26 20:22:35.242597: W tensorflow/core/framework/op_kernel.cc:1828] UNKNOWN: "
        "JIT compilation failed.",
    ])
    assert "xla-libdevice-not-found" in found
    assert "tf-kernel-jit-failed" not in found


def test_ptx_jit_compilation_failed_is_not_the_kernel_generator() -> None:
    found = ids(["InternalError: a PTX JIT compilation failed"])
    assert "tf-kernel-jit-failed" not in found


# ------------------------------------------------------------------------- strategies


def test_strategy_devices_not_visible() -> None:
    f = known(["WARNING:tensorflow:Some requested devices in `tf.distribute.Strategy` are not "
               "visible to TensorFlow: /job:localhost/replica:0/task:0/device:GPU:2,"
               "/job:localhost/replica:0/task:0/device:GPU:3"], "strategy-devices-not-visible")
    assert "GPU:3" in f.cause


# ------------------------------------------------------------------- native import (Linux)


def test_glibcxx_too_old() -> None:
    f = known([
        "ImportError: /home/u/miniconda3/envs/tf/bin/../lib/libstdc++.so.6: version "
        "`GLIBCXX_3.4.30' not found (required by /home/u/miniconda3/envs/tf/lib/python3.11/"
        "site-packages/tensorflow/python/_pywrap_tensorflow_internal.so)",
        "Failed to load the native TensorFlow runtime.",
    ], "tensorflow-native-import-failed-linux")
    assert "GLIBCXX_3.4.30" in f.title and "libstdc++" in f.title


def test_glibc_of_libtensorflow_framework() -> None:
    f = known(["ImportError: /lib64/libc.so.6: version `GLIBC_2.27' not found (required by "
               "/opt/venv/lib/python3.9/site-packages/tensorflow/libtensorflow_framework.so.2)"],
               "tensorflow-native-import-failed-linux")
    assert "GLIBC_2.27" in f.title and "C library" in f.title


def test_native_import_generic_points_at_the_loader_message() -> None:
    f = known(["ImportError: /usr/lib/x86_64-linux-gnu/libm.so.6: undefined symbol: foo",
               "Failed to load the native TensorFlow runtime.",
               "See https://www.tensorflow.org/install/errors for some common causes and "
               "solutions."], "tensorflow-native-import-failed-linux")
    assert "ImportError" in f.cause


@pytest.mark.parametrize("lines", [
    # another package's glibc need
    ["ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found (required "
     "by /usr/local/lib/python3.8/dist-packages/torch/lib/libtorch_cpu.so)"],
    # native Windows: the DLL checks say why
    ["ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The specified "
     "module could not be found.", "Failed to load the native TensorFlow runtime.",
     r"  File C:\Users\me\AppData\Local\Programs\Python\Python39\lib\site-packages\tensorflow"
     r"\python\pywrap_tensorflow.py"],
    # a named cause: NumPy 2 against a NumPy 1 build
    ["A module that was compiled using NumPy 1.x cannot be run in NumPy 2.0.0 as it may crash.",
     "Failed to load the native TensorFlow runtime."],
])
def test_native_import_finding_stays_out_when_something_else_explains(lines: list[str]) -> None:
    assert "tensorflow-native-import-failed-linux" not in ids(lines)


# -------------------------------------------------------------------------- Windows crash


def test_windows_crash_without_traceback() -> None:
    f = known(["Process finished with exit code -1073740791"],
               "windows-process-crashed-stack-buffer")
    assert any("zlibwapi" in x for x in f.fix)


def test_windows_crash_after_cudnn_is_the_zlibwapi_finding() -> None:
    found = ids([
        r"2022-12-12 12:12:12.1: I tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded "
        r"cuDNN version 8600",
        "Process finished with exit code -1073740791 (0xC0000409)",
    ])
    assert "windows-zlibwapi-missing" in found
    assert "windows-process-crashed-stack-buffer" not in found


def test_windows_cudnn_sub_dll() -> None:
    f = known(["Could not load library cudnn_ops_infer64_8.dll. Error code 193",
               "Please make sure cudnn_ops_infer64_8.dll is in your library path!"],
               "library-not-loaded-cudnn-ops-infer64-8-dll")
    assert "cudnn_ops_infer64_8.dll" in f.title


# ---------------------------------------------------------- asynchronous CUDA failures


@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.InternalError: GPU sync failed",
    "2019-02-02 02:02:02.2: F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:208] "
    "Unexpected Event status: 1",
])
def test_async_failure_without_the_cause(line: str) -> None:
    f = known([line], "gpu-async-failure")
    assert any("CUDA_LAUNCH_BLOCKING=1" in x for x in f.fix)


def test_async_failure_after_a_named_fault_is_that_fault() -> None:
    found = ids([
        r"2017-12-04 03:27:19.316336: E C:\tf_jenkins\workspace\tensorflow\stream_executor\cuda"
        r"\cuda_driver.cc:1110] could not synchronize on CUDA context: CUDA_ERROR_ILLEGAL_ADDRESS "
        r":: No stack trace available",
        "tensorflow.python.framework.errors_impl.InternalError: GPU sync failed",
    ])
    assert "gpu-kernel-fault" in found
    assert "gpu-async-failure" not in found


@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.InternalError: 'cuLaunchKernel(function, gridX, "
    "gridY, gridZ, blockX, blockY, blockZ, 0, reinterpret_cast<CUstream>(stream), params, "
    "nullptr)' failed with 'CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES'",
    "2020-08-08 08:08:08.8: E tensorflow/stream_executor/cuda/cuda_driver.cc:650] failed to "
    "launch kernel: too many resources requested for launch",
])
def test_launch_out_of_resources(line: str) -> None:
    f = known([line], "cuda-launch-out-of-resources")
    assert "701" in f.cause


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


def test_xla_platform_not_registered_java_build() -> None:
    f = known(["2022-09-10 21:25:11.745187: W external/org_tensorflow/tensorflow/core/framework/"
               "op_kernel.cc:1745] OP_REQUIRES failed at xla_ops.cc:248 : NOT_FOUND: could not "
               "find registered platform with id: 0x7f0297ff8f14"],
               "xla-platform-not-registered")
    assert any("jit_compile=False" in x for x in f.fix)


def test_xla_platform_not_registered_is_left_to_the_metal_finding_on_macos() -> None:
    found = ids(["/Users/me/miniforge3/lib/python3.10/site-packages/tensorflow-metal",
                 "W tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed at "
                 "xla_ops.cc:418 : NOT_FOUND: could not find registered platform with id: "
                 "0x13f441e40"])
    assert "xla-platform-not-registered" not in found


@pytest.mark.parametrize("line", [
    "numba.core.errors.NumbaError: JIT compilation failed for function foo",
    "cupy.cuda.compiler.CompileException: JIT compilation failed",
])
def test_other_tools_jit_failures_are_not_tensorflows(line: str) -> None:
    assert "tf-kernel-jit-failed" not in ids([line])


def test_rocm_garbled_target_list_is_named() -> None:
    f = known(["2024-03-06 07:01:26.857236: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"
               "2266] Ignoring visible gpu device (device: 0, name: AMD Radeon RX 7900 XT, pci "
               "bus id: 0000:0d:00.0) with AMDGPU version : gfx1100. The supported AMDGPU "
               "versions are gfx1030gfx1100, gfx900, gfx906, gfx908, gfx90a, gfx940, gfx941, "
               "gfx942."], "rocm-gpu-arch-unsupported")
    assert "garbled" in f.title
    assert "gfx1030gfx1100" in f.cause


def test_rocm_unsupported_from_xla_platform_util() -> None:
    f = known(["I external/local_xla/xla/service/platform_util.cc:78] StreamExecutor ROCM device "
               "(0) is of unsupported AMDGPU version : gfx1031. The supported AMDGPU versions "
               "are gfx900, gfx906, gfx908, gfx90a, gfx942, gfx1030, gfx1100."],
               "rocm-gpu-arch-unsupported")
    assert "gfx1031" in f.title and "garbled" not in f.title


def test_stream_executor_newer_xla_wording() -> None:
    f = known(["2024-09-09 09:09:09.9: W external/local_xla/xla/service/platform_util.cc:198] "
               "unable to create StreamExecutor for CUDA:0: failed initializing StreamExecutor "
               "for device ordinal 0: INTERNAL: CUDA error: Failed call to "
               "cuDevicePrimaryCtxRetain: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal"],
               "gpu-stream-executor-init-failed")
    assert "CUDA_ERROR_INVALID_DEVICE" in f.title


def test_host_platform_executor_failure_is_not_a_gpu_finding() -> None:
    found = ids(["INTERNAL: failed initializing StreamExecutor for device ordinal 0: "
                 "UNIMPLEMENTED: interpreter"])
    assert "gpu-stream-executor-init-failed" not in found


def test_rocblas_call_failed_is_not_read_as_a_cublas_status() -> None:
    f = known(["InternalError: tensorflow/core/util/rocm_solvers.cc:120: rocBlas call failed "
               "status = 3 [Op:MatrixInverse]"], "dnn-handle-failed-gpu-memory")
    assert "rocBLAS" in f.title
    assert "status 3" in f.title  # the hedged variant: 3 is not rocBLAS's ALLOC_FAILED


@pytest.mark.parametrize("line", [
    "Process exited with code=3221226505",
    "The terminal process terminated with exit code: 3221226505.",
])
def test_windows_crash_unsigned_code(line: str) -> None:
    known([line], "windows-process-crashed-stack-buffer")


def test_unsigned_code_needs_the_word_code() -> None:
    assert "windows-process-crashed-stack-buffer" not in ids(["rows: 3221226505 read"])
