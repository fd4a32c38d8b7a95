"""A custom op's compile stopping in TensorFlow's own header, which includes a CUDA header by its
source-tree path, or finding none of TensorFlow's headers: rows in
kind_cases/op_build_headers.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_build_headers")
