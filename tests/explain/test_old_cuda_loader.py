"""TensorFlow 0.x-1.x CUDA loader wordings and cuda_diagnostics' "was unable to find
libcuda.so DSO loaded into this program" (rows in kind_cases/old_cuda_loader.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("old_cuda_loader")
