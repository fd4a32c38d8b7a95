"""Messages that reach the log inside other text: bash's "Illegal instruction" quoted in a
sentence, a line cut right after its key names, an exception printed among another
exception's arguments (never a ``raise`` of a traceback's code line).
Rows: kind_cases/messages_inside_other_text.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("messages_inside_other_text")
