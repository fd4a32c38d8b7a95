"""A bare crash after TensorFlow's warning that a GPU library did not load: TensorFlow goes on with
the CPU after it, so the crash's cause is not in the log: rows in
kind_cases/crash_after_library_warning.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("crash_after_library_warning")
