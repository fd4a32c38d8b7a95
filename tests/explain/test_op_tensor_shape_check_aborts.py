"""TensorFlow aborting on its own tensor-shape checks inside an op ("Check failed: d < dims()
(2 vs. 2)", "NDIMS == dims() ... Asking for tensor of 2 dimensions from a tensor of 1
dimensions", "1 == NumElements() ... Must have a one element tensor"): an input of a rank or
size the op's kernel did not validate, hedged with how to find the op.  Rows:
kind_cases/op_tensor_shape_checks.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_tensor_shape_checks")
