"""An op without a GPU kernel that a newer TensorFlow's GPU build has (platform fact
tf-gpu-kernel-dtypes), a colocation group held off the GPU by an op no GPU build has, eager
placement that does not print the node's attributes (TensorFlow 1.x, early 2.x), the FFT ops'
GPU-only releases, TensorRT's plugin header package in a source build, a Linux soname on a
host described as Windows, and glibc's symbol line pasted without its space.
Rows: kind_cases/gpu_kernels_and_header_packages.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("gpu_kernels_and_header_packages")
