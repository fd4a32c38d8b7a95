"""A channels-first (NCHW) tensor reaching one of TensorFlow's CPU kernels that take only NHWC,
in the pooling, convolution, Conv3D, backprop and fused batch norm wordings of TF 1.x-2.21,
and executor.cc's line for a node placed on the GPU (constant folding's CPU try, harmless)
(``checks/op_kernel_limits.py``).  Rows: kind_cases/nchw_on_cpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nchw_on_cpu")
