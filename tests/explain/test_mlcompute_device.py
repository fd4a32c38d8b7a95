"""tensorflow_macos' ML Compute device chosen after TensorFlow initialised
(checks/mlcompute_device.py): rows in kind_cases/mlcompute_device.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("mlcompute_device")
