"""An op whose listed kernels all refuse the node's dtype (or format), in the placer's and
eager's wordings, with a CPU-only kernel list noted, and the readings that stay others' (a
fitting kernel, attributes not shown, bfloat16) (``checks/op_registry.py``).  Rows:
kind_cases/op_no_kernel_for_dtype.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_no_kernel_for_dtype")
