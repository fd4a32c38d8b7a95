"""Builds of CUDA/C++ code around a framework and the native imports after them: a PyTorch
project's CUDA extension compiled by a newer nvcc (no TensorFlow), a custom op's link line with
-ltensorflow_framework before its inputs, several ./configure runs in one paste, nvcc by an
absolute or colon-joined path, a Visual Studio update newer than CUDA's _MSC_VER bound,
TensorFlow 0.x's catch-all source-directory sentence, a standard-library module refused by a
mixed Python. Rows: kind_cases/builds_links_and_native_imports.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("builds_links_and_native_imports")
