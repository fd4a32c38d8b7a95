"""TF-TRT with no TensorRT loaded (its version queries answer 0.0.0), a TensorRT below its floor
of 7, its major-version error with a version missing from the log, and TensorFlow's warning that
TensorRT did not load, harmless unless the log shows TF-TRT in use (checks/tensorrt_versions.py,
checks/notices.py, logs/patterns.py): rows in
kind_cases/tftrt_tensorrt_missing_or_below_floor.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tftrt_tensorrt_missing_or_below_floor")
