"""A CUDA library call (cuBLAS, cuSOLVER) failing on a GPU whose architecture needs a newer CUDA
major than the libraries in use, with the CUDA read from TF 0.x-1.x's "successfully opened CUDA
library X locally" and the GPU from the log or as users type it (``RTX3090``); within one CUDA
major the failure stays the hedge.
Rows: kind_cases/library_failure_on_gpu_newer_than_tf1_cuda.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("library_failure_on_gpu_newer_than_tf1_cuda")
