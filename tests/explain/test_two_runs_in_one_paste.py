"""A paste of a failing run and the run after the fix: a library opened after its last failure
is no longer reported missing; a failure after the success, or another library opened, keeps
the finding.  Rows: kind_cases/two_runs_in_one_paste.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("two_runs_in_one_paste")
