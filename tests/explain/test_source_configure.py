"""TensorFlow's configure step (source builds) did not find a CUDA/cuDNN file: a hedge naming
the version given at configure and the folders searched (rows:
kind_cases/source_configure.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("source_configure")
