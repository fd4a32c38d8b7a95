"""Keras 2.12-2.15 on Apple Silicon: the v2.11+ optimizers' slowdown notice and the fallback to
the legacy optimizer are harmless notices (rows: kind_cases/keras_arm_mac_optimizer.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_arm_mac_optimizer")
