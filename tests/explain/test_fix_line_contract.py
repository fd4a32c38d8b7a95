"""Every fix line explain writes is a command or a ``#`` comment (docs/json-schema.md),
with or without host facts: prose such as "or add the folder to LD_LIBRARY_PATH" is an
instruction, so it starts with ``# ``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.diagnosis.checks._common import is_command_line
from tfgpu.explain import explain_lines

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LOGS = sorted(p for folder in ("cases", "cases-public") for p in (FIXTURES / folder).glob("*.json")
              if json.loads(p.read_text(encoding="utf-8")).get("log"))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fix_line_is_a_command_or_a_comment(path: Path) -> None:
    log = json.loads(path.read_text(encoding="utf-8"))["log"]
    bad = [(f.id, line) for f in explain_lines([log]) for line in f.fix
           if not is_command_line(line)]
    assert not bad
