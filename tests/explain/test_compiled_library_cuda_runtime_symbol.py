"""A compiled library (a custom op, a project's CUDA extension) missing a CUDA runtime API
function (``undefined symbol: cudaSetupArgument``): no CUDA runtime in the process, most often a
CPU-only TensorFlow, else a runtime of another CUDA release.  The fat-binary registration
symbols keep their variant; Horovod's and NVIDIA's own libraries are other kinds.  Rows:
kind_cases/compiled_library_cuda_runtime_symbol.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("compiled_library_cuda_runtime_symbol")
