"""Ops whose kernels only TensorFlow's GPU builds register (cuDNN RNN, NCCL) failing without a
GPU device, in the placer's TF 1.x/2.x wordings, cut and one-line pastes and node-only lines,
and lines that say TensorFlow lists no GPU device (``checks/op_kernel_gpu_build.py``).  Rows:
kind_cases/gpu_build_only_ops.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("gpu_build_only_ops")
