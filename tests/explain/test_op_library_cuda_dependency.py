"""A CUDA library missing for an op library that TensorFlow's load_op_library/load_library was
opening (NotFoundError with the loader's message): the op library's build needs that CUDA, not
TensorFlow, so the fix rebuilds it or installs that CUDA. Rows:
``kind_cases/op_library_cuda_dependency.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_library_cuda_dependency")
