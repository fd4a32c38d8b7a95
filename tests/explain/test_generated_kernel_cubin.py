"""TensorFlow 2.4's MLIR-generated kernels carry cubins for the build's sm_XX entries only (no
PTX): "Failed to load in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU" on a GPU none of them runs
on is ``gpu-arch-not-in-build`` variant generated-kernel, hedged when the GPU is unknown; a GPU
the cubins cover and other releases keep the other readings (rows in
kind_cases/generated_kernel_cubin.toml)."""

from __future__ import annotations

from tfgpu.explain import explain_lines

from .kind_helpers import host_facts, table_test

test_case = table_test("generated_kernel_cubin")


def test_a_turing_gpu_on_tf24_is_not_told_it_lacks_a_cubin() -> None:
    """CC 7.5 has the wheel's sm_75 cubin: the generated-kernel reading must not claim it."""
    found = explain_lines([
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406] Created TensorFlow device "
        "(/job:localhost/replica:0/task:0/device:GPU:0 with 6000 MB memory) -> physical GPU "
        "(device: 0, name: GeForce RTX 2070, pci bus id: 0000:01:00.0, compute capability: 7.5)",
        "InternalError: Failed to load in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel "
        "image is available for execution on the device [Op:Tanh]",
    ], facts=host_facts(tf="2.4.1"))
    arch = [f for f in found if f.id == "gpu-arch-not-in-build"]
    assert arch and all("generated kernel" not in f.title for f in arch), arch
