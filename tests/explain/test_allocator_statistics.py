"""GPU device creation stopping with "No allocator statistics": every printing of the Status
gives gpu-allocator-without-statistics, naming the TF_GPU_ALLOCATOR value when the release
is known to lack statistics for it.  Rows: kind_cases/allocator_statistics.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("allocator_statistics")
