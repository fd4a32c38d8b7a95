"""A found GPU newer than the CUDA major this TensorFlow uses, nothing failing yet
(checks/gpu_newer_than_build_cuda.py): rows in kind_cases/gpu_newer_than_build_cuda.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("gpu_newer_than_build_cuda")
