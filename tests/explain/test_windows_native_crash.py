"""A native crash's NTSTATUS exit code on Windows (access violation, heap corruption, stack
overflow) without a traceback: a hedge naming the code and how to find the library, in the
IDE, VS Code and unsigned forms; quiet when a library that did not load is in the log.  Rows:
kind_cases/windows_native_crash.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("windows_native_crash")
