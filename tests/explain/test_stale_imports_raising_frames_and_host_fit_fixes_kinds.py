"""Readings that must look past their message's words: a library's TensorFlow check in a
runtime not restarted after pip installed a newer TensorFlow, the raising frame of
"'tuple' object has no attribute 'layer'" and "'str' object has no attribute 'decode'",
pip's retries before an empty release list, an eager op's allocation failure on a CPU-only
run or Apple's Metal device, a library's op in TensorFlow Java, tfmot's later wording with
no TensorFlow version, and TensorFlow pins checked against the log's Python.
Rows: kind_cases/stale_imports_raising_frames_and_host_fit_fixes.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("stale_imports_raising_frames_and_host_fit_fixes")
