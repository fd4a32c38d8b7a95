"""Native Windows with only a CUDA newer than the last native GPU release's, TensorFlow's
version not given (checks/windows_native_cuda_major.py): rows in
kind_cases/windows_native_cuda_major.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("windows_native_cuda_major")
