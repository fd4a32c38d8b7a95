"""Whose op lacks the kernel the placer or op_kernel.cc asked for: an op TensorFlow does not
register itself (a custom or add-on library's, built without its GPU kernel), or one of
TensorFlow's ops whose kernels were GPU-only in the release at hand: rows in
kind_cases/op_kernel_origin.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_kernel_origin")
