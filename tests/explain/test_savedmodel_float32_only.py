"""A function loaded from a SavedModel called with float16/bfloat16 tensors where every saved
trace takes float32 (a mixed-precision policy on a layer that wraps it): both wordings of
function_deserialization.py's error give the mixed-precision finding; a shape or int mismatch,
or a float16 trace among the options, does not.  Rows: kind_cases/savedmodel_float32_only.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("savedmodel_float32_only")
