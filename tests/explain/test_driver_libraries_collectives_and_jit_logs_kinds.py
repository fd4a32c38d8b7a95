"""The NVIDIA driver's own libraries (never the CUDA toolkit's lib64), Linuxbrew/Nix Pythons'
own loaders, macOS asked for NVML, the driver's JIT log inside CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
a ptxas other programs run from PATH, an input's end inside a collective all-reduce, several
static-TLS libraries and Jupyter kernels, a user's own libtensorflow in tfjs-node, PyTorch's CPU
build where the CPU is wanted or on a Jetson, the Windows self check inside a Bazel build.
Rows: kind_cases/driver_libraries_collectives_and_jit_logs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("driver_libraries_collectives_and_jit_logs")
