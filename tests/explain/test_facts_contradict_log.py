"""explain --facts with facts from another machine (eyes report F-3): when the probed facts
show no NVIDIA GPU but the log proves one, say so and read the log alone, so the facts
cannot lower the log's errors; without a contradiction the host facts still win."""

from __future__ import annotations

from tests.doctor.doctor_helpers import gpu_host, this_machine

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

W = "2021-08-28 11:45:41.069043: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] "
COMPUTE_NODE_LOG = [
    "2021-08-28 11:45:41.068597: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1720] "
    "Found device 0 with properties:",
    "pciBusID: 0000:00:04.0 name: Tesla V100-SXM2-16GB computeCapability: 7.0",
    W + "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: "
    "cannot open shared object file: No such file or directory",
    W + "Could not load dynamic library 'libcublas.so.11'; dlerror: libcublas.so.11: cannot "
    "open shared object file: No such file or directory",
    "2021-08-28 11:45:41.069350: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1757] "
    "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above "
    "are installed properly if you would like to use GPU.",
    "Skipping registering GPU devices...",
]


def test_facts_without_gpu_and_log_with_gpu_is_a_named_contradiction() -> None:
    found = {f.id: f for f in explain_lines(COMPUTE_NODE_LOG, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert found["host-facts-contradict-log"].severity is Severity.WARNING
    assert "different machines" in found["host-facts-contradict-log"].title
    missing = found["library-not-loaded-libcudart-so-11-0"]
    assert missing.severity is Severity.ERROR, missing
    assert "no-nvidia-gpu" not in found, found


def test_facts_that_agree_with_the_log_still_win() -> None:
    found = {f.id for f in explain_lines(COMPUTE_NODE_LOG, gpu_host())}
    assert "host-facts-contradict-log" not in found, found


def test_facts_without_gpu_and_a_log_without_gpu_are_no_contradiction() -> None:
    cpu_log = [W + "Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
               "libcudart.so.11.0: cannot open shared object file: No such file or directory"]
    found = {f.id: f for f in explain_lines(cpu_log, this_machine())}
    assert "host-facts-contradict-log" not in found, found
    assert all(f.severity is not Severity.ERROR for f in found.values()), found


GPU_OOM_LOG = [
    "2021-03-01 10:00:00.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:456] "
    "Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.00GiB (rounded to "
    "2147483648)requested by op MatMul",
    "tensorflow.python.framework.errors_impl.ResourceExhaustedError:  OOM when allocating "
    "tensor with shape[8192,65536] and type float on /job:localhost/replica:0/task:0/"
    "device:GPU:0 by allocator GPU_0_bfc [Op:MatMul]",
]


def test_gpu_allocator_out_of_memory_with_gpu_less_facts_is_a_log_from_another_machine() -> None:
    found = {f.id: f for f in explain_lines(GPU_OOM_LOG, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert "no-nvidia-gpu" not in found, found
    errors = [f.id for f in found.values() if f.severity is Severity.ERROR]
    assert errors == ["gpu-out-of-memory-tensor"], errors


def test_cudnn_handle_failure_with_gpu_less_facts_is_a_log_from_another_machine() -> None:
    log = ["2020-05-01 10:00:00.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] "
           "Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"]
    found = {f.id: f for f in explain_lines(log, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert "no-nvidia-gpu" not in found, found
    assert "dnn-handle-failed-gpu-memory" in found, found


def test_host_memory_out_of_memory_with_gpu_less_facts_is_no_contradiction() -> None:
    log = ["2021-03-01 10:00:00.000000: W tensorflow/core/framework/bfc_allocator.cc:456] "
           "Allocator (mklcpu) ran out of memory trying to allocate 2.00GiB (rounded to "
           "2147483648)requested by op MatMul"]
    found = {f.id for f in explain_lines(log, this_machine())}
    assert "host-facts-contradict-log" not in found, found


def test_cudnn_version_lines_with_gpu_less_facts_are_a_log_from_another_machine() -> None:
    # CudnnSupport::Init (cuda_dnn.cc) prints the loaded-version lines only after cudnnCreate
    # succeeded in the GPU's context: the log's host had a GPU, these facts' host has none
    mismatch = ("2024-01-01 10:00:05.000000: E tensorflow/compiler/xla/stream_executor/cuda/"
                "cuda_dnn.cc:425] Loaded runtime CuDNN library: 8.1.0 but source was compiled "
                "with: 8.6.0.  CuDNN library needs to have matching major version and equal or "
                "higher minor version.")
    found = {f.id: f for f in explain_lines([mismatch], this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert "no-nvidia-gpu" not in found, found
    assert found["cudnn-version-mismatch"].severity is Severity.ERROR, found
    loaded = ("2023-05-01 10:00:00.000000: I tensorflow/compiler/xla/stream_executor/cuda/"
              "cuda_dnn.cc:424] Loaded cuDNN version 8600")
    found = {f.id for f in explain_lines([loaded], this_machine())}
    assert "host-facts-contradict-log" in found, found


def test_a_cudnn_mismatch_quoted_in_prose_is_no_proof_of_a_gpu() -> None:
    # a process that could not load libcudart never ran CudnnSupport::Init: the quoted line
    # is another thread's, and these facts (no GPU) still hold for this CPU run
    log = ['I found an issue where someone gets "Loaded runtime CuDNN library: 8.0.4 but source '
           'was compiled with: 8.1.0" but my machine has no GPU:',
           W + "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: "
           "cannot open shared object file: No such file or directory"]
    found = {f.id for f in explain_lines(log, this_machine())}
    assert "host-facts-contradict-log" not in found, found
    assert "no-nvidia-gpu" in found, found


def test_xla_streamexecutor_device_line_with_gpu_less_facts_is_a_log_from_another_machine() -> None:
    # XLA's service.cc names each CUDA device it compiles for (its "Compute Capability"
    # wording is CUDA's; ROCm's line names an AMDGPU ISA version)
    log = ["2023-05-15 10:08:15.185245: I tensorflow/compiler/xla/service/service.cc:181]   "
           "StreamExecutor device (0): NVIDIA A100-SXM4-40GB, Compute Capability 8.0"]
    found = {f.id for f in explain_lines(log, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert "no-nvidia-gpu" not in found, found
