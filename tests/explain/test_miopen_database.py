"""MIOpen's SQLite database errors name the folder (network filesystem, not writable, full,
several processes) or a damaged file, in every wording of MIOpen's lines and SQLite's
messages; other SQLite messages stay unknown.  Rows: kind_cases/miopen_database.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("miopen_database")


def test_every_effect_sentence_of_the_miopen_findings_starts_a_sentence() -> None:
    """The sentence that says what followed MIOpen's SQLite lines (caught and went on, an
    exception reached the caller, the process died) is spliced into the cause after a full
    stop: it starts with a capital, never a lower-case fragment."""
    import re

    from .kind_helpers import ids

    sqlite = ("MIOpen(HIP): Error [Exec] Internal error while accessing SQLite database: "
              "database is locked")
    for after in ([], ["MIOpen Error: /MIOpen/src/sqlite_db.cpp:297: " + sqlite.split("] ", 1)[1]],
                  ["Segmentation fault (core dumped)"]):
        f = ids([sqlite, *after])["miopen-user-db-on-unwritable-or-shared-filesystem"]
        assert not re.search(r"\. [a-z]", f.cause), f.cause
