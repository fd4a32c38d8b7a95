"""The placer's "No OpKernel was registered to support Op 'NcclAllReduce'" from a TensorFlow
for AMD GPUs: a ROCm build shown by the log or the host gets the ROCm cause (RCCL, not Windows),
and a host without that evidence keeps the other variants.  Rows:
kind_cases/nccl_kernels_on_rocm.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nccl_kernels_on_rocm")
