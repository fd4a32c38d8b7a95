"""SparseTensorDenseMatMul's GPU kernel refusing an input past its 32-bit indexing.

Source: tensorflow/core/kernels/sparse_tensor_dense_matmul_op.cc (both strings are in the
TensorFlow 2.21 wheel's libtensorflow_cc.so.2; keras-gcn reports of TF 1.x print the same).
Only for the GPU device (``std::is_same<Device, GPUDevice>``), before any work, the kernel
returns INVALID_ARGUMENT:

* "Cannot use GPU for > 2^31 entry inputs" when a dimension of A or B, B's element count,
  the output's element count (rows x columns) or nnz(a) is not below 2^31-1;
* "Cannot use GPU when output.shape[1] * nnz(a) > 2^31" when nnz(a) times the output's
  column count is not below it.

The comment above the check says why: "The GPU implementation is optimized to use 32 bit
indexing".  The CPU kernel of the same op has no such check (it loops with ``size_t``), so
running the product on the CPU, or splitting it so each piece stays below 2^31, avoids it.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def sparse_matmul_gpu_limit(ctx: Facts) -> list[Finding]:
    """``sparse-dense-matmul-gpu-int32-limit`` from ``sparse.gpu_int32_limit``: variant
    ``entries`` for "Cannot use GPU for > 2^31 entry inputs", the default for the
    output.shape[1] * nnz(a) check."""
    return from_log(ctx, "sparse.gpu_int32_limit", lambda hits, first: catalogue.make(
        "sparse-dense-matmul-gpu-int32-limit",
        variant="entries" if first.g("entries") else None,
        evidence=log_evidence(hits, limit=2),
    ))


__all__ = ["sparse_matmul_gpu_limit"]
