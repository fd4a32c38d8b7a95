"""Message families added for the message universe (issue 10 §1), with variants: other
libraries, statuses, sizes, TensorFlow source paths and wordings than the data rows'
examples (src/tfgpu/knowledge/data/messages_gpu_stack.toml)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

from .kind_helpers import Case, alarms, check, ids, known, table

# ------------------------------------------------- a library handle or plan was not created


@pytest.mark.parametrize(("line", "library"), [
    ("2024-03-09 08:01:02.000001: E external/local_xla/xla/stream_executor/cuda/"
     "cuda_dnn.cc:512] Could not create cudnn handle: CUDNN_STATUS_NOT_SUPPORTED", "cuDNN"),
    ("E0309 08:01:02.000001 1234 cuda_dnn.cc:535] could not create cudnn handle: "
     "CUDNN_STATUS_MAPPING_ERROR", "cuDNN"),
    ("2022-02-01 11:00:00.1: E tensorflow/stream_executor/cuda/cuda_blas.cc:218] Failure to "
     "initialize cublas may be due to OOM (cublas needs some free memory when you initialize "
     "it, and your deep-learning framework may have preallocated more than its fair share), "
     "or may be because this binary was not built with support for the GPU in your machine.",
     "cuBLAS"),
    ("2021-05-05 09:09:09.9: E tensorflow/stream_executor/cuda/cuda_fft.cc:201] Failed to "
     "make cuFFT batched plan.", "cuFFT"),
    ("tensorflow.python.framework.errors_impl.InternalError: Blas xGEMMBatched launch failed "
     ": a.shape=[2,128,32], b.shape=[2,32,128], m=128, n=128, k=32, batch_size=2 "
     "[Op:BatchMatMulV2]", "cuBLAS"),
])
def test_handle_failures_of_every_library(line: str, library: str) -> None:
    assert library in known([line], "dnn-handle-failed-gpu-memory").title


@pytest.mark.parametrize("line", [
    "2020-11-11 10:00:00.5: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Memory usage: "
    "0 bytes free, 11554717696 bytes total.",
    "2021-03-03 10:00:00.5: E tensorflow/stream_executor/cuda/cuda_dnn.cc:340] Possibly "
    "insufficient driver version: 450.80.2",
    "2022-12-12 12:12:12.1: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:399] "
    "Error retrieving driver version: Unimplemented: kernel reported driver version not "
    "implemented on Windows",
    "tensorflow.python.framework.errors_impl.FailedPreconditionError: DNN library "
    "initialization failed. Look at the errors above for more details. [Op:Conv2D]",
])
def test_lines_after_a_failed_cudnn_create(line: str) -> None:
    assert "cuDNN" in known([line], "dnn-handle-failed-gpu-memory").title


# ------------------------------------------------------------------- harmless notices


@pytest.mark.parametrize(("line", "fid"), [
    ("2021-06-06 06:06:06.6: W tensorflow/core/kernels/gpu_utils.cc:69] Failed to check "
     "cudnn convolutions for out-of-bounds reads and writes with an error message: "
     "'RESOURCE_EXHAUSTED: Out of memory while trying to allocate 25165824 bytes.'; "
     "skipping this check. This only means that we won't check cudnn for out-of-bounds "
     "reads and writes. This message will only be printed once.", "cudnn-autotune-notice"),
    ("2022-02-02 02:02:02.2: E tensorflow/compiler/mlir/tfrt/transforms/lmhlo_to_gpu/"
     "convolution_pattern.cc:480] Disabling cuDNN frontend for the following convolution:",
     "cudnn-autotune-notice"),
    ("2024-04-04 04:04:04.4: E tensorflow/core/grappler/optimizers/meta_optimizer.cc:961] "
     "layout failed: OUT_OF_RANGE: src_output = 25, but num_outputs is only 25",
     "grappler-optimizer-notice"),
    ("2020-10-10 10:10:10.1: W tensorflow/core/grappler/costs/op_level_cost_estimator.cc:689] "
     "Error in PredictCost() for the op: op: \"Softmax\" attr { key: \"T\" value { type: "
     "DT_HALF } }", "grappler-optimizer-notice"),
    ("To enable the following instructions: SSE4.1 SSE4.2 AVX AVX2 FMA, in other operations, "
     "rebuild TensorFlow with the appropriate compiler flags.", "cpu-feature-guard-notice"),
    ("To enable them in other operations, rebuild TensorFlow with the appropriate compiler "
     "flags.", "cpu-feature-guard-notice"),
    ("2022-05-05 05:05:05.5: I tensorflow/core/platform/cpu_feature_guard.cc:193] This "
     "TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use "
     "the following CPU instructions in performance-critical operations:  AVX2 FMA",
     "cpu-feature-guard-notice"),
])
def test_notices_are_harmless(line: str, fid: str) -> None:
    found = ids([line])
    assert fid in found, found
    assert found[fid].harmless
    assert alarms(found) == [], found


def test_redzone_notice_does_not_hide_a_real_exhaustion() -> None:
    """The notice's own 'RESOURCE_EXHAUSTED' is no failure; a real one still is."""
    notice = ("2021-06-06 06:06:06.6: W tensorflow/core/kernels/gpu_utils.cc:69] Failed to "
              "check cudnn convolutions for out-of-bounds reads and writes with an error "
              "message: 'Resource exhausted: Out of memory while trying to allocate 1 bytes.'")
    real = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to "
            "allocate memory [Op:Conv2D]")
    assert "gpu-resource-exhausted" not in ids([notice])
    assert "gpu-resource-exhausted" in ids([notice, real])


# ------------------------------------------------- wordings the existing families missed


@pytest.mark.parametrize(("line", "fid"), [
    ("2022-08-08 08:08:08.8: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1934] Could "
     "not identify NUMA node of platform GPU id 1, defaulting to 0.  Your kernel may not have "
     "been built with NUMA support.", "numa-node-notice"),
    ("RuntimeError: Visible devices cannot be modified after being initialized",
     "device-config-after-init"),
    ("tensorflow.python.framework.errors_impl.UnavailableError: NCCL operation "
     "ncclAllReduce() failed: unhandled cuda error [Op:CollectiveReduceV2]", "nccl-error"),
    ("2024-02-02 02:02:02.2: E external/local_xla/xla/backends/profiler/gpu/"
     "cupti_tracer.cc:1721] Insufficient privilege to run libcupti (you need root "
     "permission).", "cupti-not-loaded"),
    ("tensorflow.python.framework.errors_impl.InternalError: Loaded PTX assembler is too old "
     "for sm_100a.", "ptxas-does-not-support-gpu"),
    ("'sm_121' is not a recognized processor for this target (ignoring processor)",
     "xla-llvm-gpu-arch-unsupported"),
    # a driver allocation ran out
    ("2024-01-01 00:00:00.1: E external/local_xla/xla/stream_executor/gpu/"
     "gpu_cudamallocasync_allocator.cc:301] cuMemAllocAsync failed to allocate 536870912 "
     "bytes: CUDA error: out of memory (CUDA_ERROR_OUT_OF_MEMORY)",
     "gpu-resource-exhausted"),
    ("2022-07-07 07:07:07.7: E tensorflow/stream_executor/cuda/cuda_driver.cc:790] failed to "
     "alloc 2147483648 bytes unified memory; result: CUDA_ERROR_OUT_OF_MEMORY: out of memory",
     "gpu-resource-exhausted"),
    # gpu-visible-device-list-invalid
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: visible_device_list "
     "contained a duplicate entry: 1,2,1",
     "gpu-visible-device-list-invalid"),
    ("InvalidArgumentError: 'visible_device_list' listed an invalid GPU id '3' but visible "
     "device count is 2",
     "gpu-visible-device-list-invalid"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Could not parse entry in "
     "'visible_device_list': ' 1'. visible_device_list = 0, 1",
     "gpu-visible-device-list-invalid"),
    ("UnknownError: Not enough GPUs to create virtual devices. num_gpus_to_use: 2 "
     "#virtual_devices: 4",
     "gpu-visible-device-list-invalid"),
])
def test_more_wordings_of_known_faults(line: str, fid: str) -> None:
    known([line], fid)


def test_cupti_privilege_fix_names_the_driver_option() -> None:
    found = ids(["E cupti_tracer.cc:1715] Insufficient privilege to run libcupti (you need "
                 "root permission)."])
    assert any("RestrictProfilingToAdminUsers" in line for line in found["cupti-not-loaded"].fix)


@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot assign a device for "
    "operation Conv2D: Could not satisfy explicit device specification "
    "'/job:worker/replica:0/task:1/device:GPU:1' because no devices matching that "
    "specification are registered in this process; available devices: "
    "/job:localhost/replica:0/task:0/device:CPU:0",
    "INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/"
    "device:CPU:0', '/job:localhost/replica:0/task:0/device:CPU:1')",
    "WARNING:tensorflow:There are non-GPU devices in `tf.distribute.Strategy`, not using nccl "
    "allreduce.",
    "The dtype policy mixed_bfloat16 may run slowly because this machine does not have a GPU.",
])
def test_tensorflow_runs_without_a_gpu(line: str) -> None:
    found = ids([line])
    assert "tensorflow-sees-no-gpu" in found, found
    assert "gpu-without-tensor-cores" not in found


# ------------------------------------------- pip-tensorflow-pin-conflict (ResolutionImpossible)


def test_pip_conflict_tf_keras_side() -> None:
    found = ids([
        "ERROR: Cannot install tensorflow==2.17.1 and tf-keras==2.18.0 because these package "
        "versions have conflicting dependencies.",
        "    tf-keras 2.18.0 depends on tensorflow<2.19 and >=2.18",
    ])
    assert "tf-keras 2.18.0 depends on tensorflow<2.19" in found[
        "pip-tensorflow-pin-conflict"].fix[0]


def test_pip_conflict_without_cause_lines_still_says_what_to_read() -> None:
    found = ids(["ERROR: Cannot install numpy==1.18.5 and scipy because these package "
                 "versions have conflicting dependencies."])
    assert "The conflict is caused by" in found["pip-tensorflow-pin-conflict"].fix[0]


# ------------------------------------- gpu-memory-options-conflict, cuda-malloc-async-unsupported


@pytest.mark.parametrize(("line", "word"), [
    ("InvalidArgumentError: It's invalid to set per_process_gpu_memory_fraction when "
     "virtual_devices is set.", "fraction"),
    ("InternalError: Unified memory on GPUs with compute capability lower than 6.0 "
     "(pre-Pascal class GPUs) does not support oversubscription.", "oversubscription"),
    ("ValueError: Memory growth cannot differ between GPU devices", "every GPU"),
    ("ValueError: Cannot set memory growth on device when virtual devices configured",
     "exclude each other"),
])
def test_memory_options_conflict(line: str, word: str) -> None:
    f = known([line], "gpu-memory-options-conflict")
    assert word in f.cause + " ".join(f.fix)


# ------------------- tf-env-var-invalid, cuda-context-created-by-other-library, cudnn-bug-detected


@pytest.mark.parametrize(("line", "fid"), [
    ("2021-02-02 02:02:02.2: W tensorflow/stream_executor/cuda/cuda_driver.cc:312] A "
     "non-primary context 0x7f00aa for device 1 exists before initializing the StreamExecutor. "
     "The primary context is now 0x7f00bb. We haven't verified StreamExecutor works with that.",
     "cuda-context-created-by-other-library"),
    ("E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:290] The primary context "
     "is active and has a different flag set (1) than the desired flag set (4).",
     "cuda-context-created-by-other-library"),
    ("2024-05-05 05:05:05.5: E external/local_xla/xla/service/gpu/conv_algorithm_picker.cc:"
     "840] Detected cudnn out-of-bounds read in convolution buffer! This is likely a cudnn "
     "bug.", "cudnn-bug-detected"),
    ("E conv_algorithm_picker.cc:560] Results mismatch between different convolution "
     "algorithms. This is likely a bug/unexpected loss of precision in cudnn.",
     "cudnn-bug-detected"),
])
def test_warnings_of_their_own(line: str, fid: str) -> None:
    assert known([line], fid).severity is Severity.WARNING


# ---------------------------------------- cuDNN kernels that failed while running; Keras minors


@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.InternalError: cuDNN launch failure : input shape "
    "([8,3,512,512]) filter shape ([7,7,3,64]) [Op:Conv2D]",
    # a failed RNN call (Failed to call ThenRnnBackward) is no memory claim any more: its
    # threads' causes differ (kind_cases/dnn_init_causes.toml, "cudnn rnn call" block)
])
def test_cudnn_kernel_failed_while_running(line: str) -> None:
    f = known([line], "dnn-handle-failed-gpu-memory")
    assert f.title.startswith("cuDNN failed while running a kernel")


@pytest.mark.parametrize("lines", [
    ["AttributeError: module 'tensorflow._api.v2.compat.v2.__internal__' has no attribute "
     "'register_call_context_function'"],
    ["AttributeError: module 'tensorflow.__internal__' has no attribute 'dispatch'"],
    ["tensorflow.python.framework.errors_impl.AlreadyExistsError: Another metric with the "
     "same name already exists."],
])
def test_keras_minor_mismatch(lines: list[str]) -> None:
    known(lines, "keras-version-mismatch-tensorflow")


def test_keras_minor_fix_fits_the_tensorflow_in_the_log() -> None:
    found = ids([
        "TensorFlow version: 2.17.0",
        "AttributeError: module 'tensorflow._api.v2.compat.v2.__internal__' has no attribute "
        "'register_load_context_function'",
    ])
    fix = " ".join(found["keras-version-mismatch-tensorflow"].fix)
    assert 'tf-keras~=2.17.0' in fix
    assert "keras<2.7" not in fix


# ------------ gpu-ignored-low-multiprocessor-count, op-has-no-gpu-kernel, keras-rnn-not-using-cudnn


def test_gpu_ignored_for_its_multiprocessor_count() -> None:
    line = ("2020-02-02 02:02:02.2: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1700] "
            "Ignoring visible gpu device (device: 2, name: GeForce GT 1030, pci bus id: "
            "0000:03:00.0, compute capability: 6.1) with core count: 3. The minimum required "
            "count is 5. You can adjust this requirement with the env var "
            "TF_MIN_GPU_MULTIPROCESSOR_COUNT.")
    f = ids([line])["gpu-ignored-low-multiprocessor-count"]
    assert "GeForce GT 1030" in f.title and "3" in f.title and "5" in f.title
    assert any("TF_MIN_GPU_MULTIPROCESSOR_COUNT" in x and "3" in x for x in f.fix)


def test_rnn_without_cudnn_is_a_notice() -> None:
    found = ids(["WARNING:tensorflow:Layer gru_3 will not use cuDNN kernels since it doesn't "
                 "meet the criteria. It will use a generic GPU kernel as fallback when running "
                 "on GPU."])
    assert found["keras-rnn-not-using-cudnn"].harmless
    assert alarms(found) == []


def test_a_library_name_without_a_version_does_not_raise() -> None:
    """A mangled 'libcudart.so..' names no CUDA version (found by the explain fuzz suite on
    hosts whose facts list CUDA toolkits)."""
    from fixture_helpers import fixture_hosts

    hosts = fixture_hosts()
    assert hosts
    for host in hosts:
        explain_lines(["Could not load dynamic library 'libcudart.so..'; dlerror: x"], host)


@table("universe_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/universe_kinds.toml: its lines give its finding, not the others."""
    check(case)
