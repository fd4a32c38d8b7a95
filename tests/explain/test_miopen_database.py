"""MIOpen's SQLite database errors name the folder (network filesystem, not writable, full,
several processes) or a damaged file, in every wording of MIOpen's lines and SQLite's
messages; other SQLite messages stay unknown.  Rows: kind_cases/miopen_database.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("miopen_database")
