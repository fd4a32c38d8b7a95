"""cuDNN pooling and LRN calls failing after start ("dnn PoolForward launch failed",
"NormalizeWithDimensions launch failed"): one hedge naming memory, a GPU newer than the
build and another cuDNN/CUDA; the convolution's "cuDNN launch failure" keeps its own pair.
Rows: kind_cases/cudnn_pool_lrn_launch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_pool_lrn_launch")
