"""glibc's "cannot allocate memory in static TLS block" for any library loaded after start-up
is that library's load, fixed by preloading the path the line names:
``kind_cases/static_tls_exhausted.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("static_tls_exhausted")
