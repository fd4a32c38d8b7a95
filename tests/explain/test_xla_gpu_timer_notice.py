"""XLA's GPU timer skipping its delay kernel (gpu_timer.cc, both wordings): a harmless
autotuning notice that claims no fault and hides no real error next to it.
Rows: kind_cases/xla_gpu_timer_notice.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_gpu_timer_notice")
