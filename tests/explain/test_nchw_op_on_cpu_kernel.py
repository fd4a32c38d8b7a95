"""A channels-first (NCHW) op refused by one of TensorFlow's CPU kernels, which take NHWC only:
the op ran on the CPU, most often because TensorFlow is a CPU-only build (hedged with a GPU
build that found no GPU and an op pinned to the CPU).  The executor's own log line (constant
folding on a GPU run), a node placed on a GPU, a created GPU device and a library that did not
load say otherwise.  Rows: kind_cases/nchw_op_on_cpu_kernel.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nchw_op_on_cpu_kernel")
