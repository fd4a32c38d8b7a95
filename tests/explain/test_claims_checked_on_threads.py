"""Confident claims checked against other public threads that print the same message: where a
thread had another cause, the finding hedges (both causes and the command that tells them
apart) or narrows to the wording that really has one cause.  Rows:
``kind_cases/claims_checked_on_threads.toml`` (the threads checked are listed in the
catalogue rows' comments and docs/claims-checked-on-threads.md)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("claims_checked_on_threads")
