"""XLA's device check refusing a GPU below compute capability 3.5 (both wordings), and the
abort that follows when no GPU is left, is ``gpu-compute-capability-too-low`` variant
``xla-floor`` (checks/compute_capability.py): rows in
kind_cases/xla_compute_capability_floor.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_compute_capability_floor")
