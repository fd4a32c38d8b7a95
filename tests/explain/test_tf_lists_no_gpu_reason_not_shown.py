"""TensorFlow lists no GPU and the log does not say why (an honest unknown, with what to run),
and RLlib's "GPUs were assigned to this worker by Ray, but ... reports GPU acceleration is
disabled" as the same evidence (checks/visibility.py): rows in
kind_cases/tf_lists_no_gpu_reason_not_shown.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf_lists_no_gpu_reason_not_shown")
