"""Out-of-memory findings fit the host the log shows: the host-RAM command is the OS's own
(``free -m`` on Linux, PowerShell's Win32_OperatingSystem on Windows, ``top -l 1`` on macOS);
an OOM with no device after TensorFlow registered no GPU (its CUDA runtime or GPU libraries
did not load) is host RAM, not "GPU or host RAM"; and the BFC allocator's "ran out of memory
trying to allocate <size> ... requested by op <op>" line gives the request's size and op."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

OOM = "ResourceExhaustedError: OOM when allocating tensor with shape[512,1024,1024]"
TRACEBACK = "Traceback (most recent call last):"
WIN_CUDART = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
              "dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found")
LINUX_CUDART = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
                "dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open "
                "shared object file: No such file or directory")
DLOPEN = ("W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850] Cannot dlopen some GPU "
          "libraries. Please make sure the missing libraries mentioned above are installed "
          "properly if you would like to use GPU.")
CREATED = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] Created device "
           "/job:localhost/replica:0/task:0/device:GPU:0 with 13512 MB memory:  -> device: 0, "
           "name: NVIDIA GeForce RTX 4080, pci bus id: 0000:01:00.0, compute capability: 8.9")


def _memory(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines)
                if f.id in ("host-out-of-memory-tensor", "gpu-out-of-memory-tensor",
                            "gpu-resource-exhausted", "host-allocator-ran-out",
                            "gpu-allocator-ran-out"))


@pytest.mark.parametrize("skipped", [[WIN_CUDART], [LINUX_CUDART], [DLOPEN],
                                     ["Skipping registering GPU devices..."]])
def test_oom_after_tensorflow_registered_no_gpu_is_host_ram(skipped: list[str]) -> None:
    f = _memory([*skipped, TRACEBACK, OOM])
    assert f.id == "host-out-of-memory-tensor"
    assert "registered no GPU" in f.cause and "GPU or host RAM" not in f.title
    assert not any("Tensor Cores" in x or "nvidia-smi" in x for x in f.fix)


def test_oom_with_a_gpu_device_stays_gpu_memory() -> None:
    assert _memory([LINUX_CUDART, CREATED, TRACEBACK, OOM]).id == "gpu-out-of-memory-tensor"


def test_oom_without_any_device_line_keeps_both_readings() -> None:
    f = _memory([TRACEBACK, OOM])
    assert f.id == "gpu-out-of-memory-tensor" and "GPU or host RAM" in f.title
    assert "type unknown" not in f.cause and "names no type" in f.cause


@pytest.mark.parametrize(("context", "want", "never"), [
    (["C:\\Users\\raj\\proj>python train.py"], "Get-CimInstance Win32_OperatingSystem",
     "free -m"),
    (['  File "/Users/maria/miniconda3/lib/python3.9/site-packages/tensorflow/__init__.py"'],
     "top -l 1 -s 0", "free -m"),
    (["export LD_LIBRARY_PATH=/usr/local/cuda/lib64"], "free -m", "Get-CimInstance"),
])
@pytest.mark.parametrize("oom", [
    [OOM],
    ["ResourceExhaustedError: OOM when allocating tensor with shape[64,3,224,224] and type "
     "float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu"],
    ["W tensorflow/core/framework/bfc_allocator.cc:479] Allocator (cpu) ran out of memory "
     "trying to allocate 9.00GiB (rounded to 9663676416)"],
], ids=["no-device", "cpu-device", "cpu-allocator"])
def test_host_ram_command_is_the_os_own(context: list[str], want: str, never: str,
                                        oom: list[str]) -> None:
    fix = "\n".join(_memory([*context, TRACEBACK, *oom]).fix)
    assert want in fix and never not in fix


@pytest.mark.parametrize(("alloc", "where"), [("GPU_0_bfc", "on GPU 0"),
                                              ("GPU_1_bfc", "on GPU 1")])
def test_allocator_request_line_gives_size_and_op(alloc: str, where: str) -> None:
    f = _memory([CREATED,
                 "W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator "
                 f"({alloc}) ran out of memory trying to allocate 9.00GiB (rounded to "
                 "9663676416)requested by op model/conv2d_3/Conv2D",
                 TRACEBACK,
                 "tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph "
                 "execution error:"])
    assert f.id == "gpu-resource-exhausted"
    assert "9.00GiB" in f.title and "model/conv2d_3/Conv2D" in f.title and where in f.title
    assert "9.00GiB" in f.cause and "requested by op model/conv2d_3/Conv2D" in f.cause
