"""A grouped convolution that reached TensorFlow's CPU convolution kernels (forward wordings of
conv_ops.cc / conv_ops_fused_impl.h and the backprop's): the GPU not used, or the input's
channel count, named; other convolution errors are not this kind.  Rows:
kind_cases/grouped_conv_cpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("grouped_conv_cpu")
