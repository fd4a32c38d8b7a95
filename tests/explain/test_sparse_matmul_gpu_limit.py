"""SparseTensorDenseMatMul's GPU kernel past its 32-bit indexing
(sparse_tensor_dense_matmul_op.cc): both texts give the size-limit finding with the CPU and
split fixes, never a setup fault.  Rows: kind_cases/sparse_matmul_gpu_limit.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("sparse_matmul_gpu_limit")
