"""SIGILL as IDEs, Python, Go tools, Docker and Kubernetes report it (faulthandler, the
signal's name, exit status 132 = 128 + 4) is ``cpu-illegal-instruction``
(checks/cpu.py): rows in kind_cases/sigill_reported_by_tools.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("sigill_reported_by_tools")
