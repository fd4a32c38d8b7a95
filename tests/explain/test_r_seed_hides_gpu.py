"""R's use_session_with_seed() hiding the GPU (its "Set session seed to N (disabled GPU...)"
message), and an R log without a GPU device naming R's seed functions in its fix.  Rows:
kind_cases/r_seed_hides_gpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("r_seed_hides_gpu")
