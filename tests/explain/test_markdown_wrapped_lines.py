"""Single log lines pasted as Markdown inline code or bold: the marks are no part of the
message. Rows: ``kind_cases/markdown_wrapped_lines.toml``; the reader's rule itself below."""

from __future__ import annotations

import pytest

from tfgpu.logs.reader import split_prefix

from .kind_helpers import Case, check, table


@table("markdown_wrapped_lines")
def test_case(case: Case) -> None:
    """A row of kind_cases/markdown_wrapped_lines.toml: its lines give its finding, not the
    others."""
    check(case)


@pytest.mark.parametrize(("line", "kind", "message"), [
    ("`hostname: 0a1b2c3d4e5f`", "md", "hostname: 0a1b2c3d4e5f"),
    ("> `hostname: 0a1b2c3d4e5f` ", "q+md", "hostname: 0a1b2c3d4e5f"),
    ("**E cuda_dnn.cc:378] Loaded runtime CuDNN library: 7101**", "md",
     "E cuda_dnn.cc:378] Loaded runtime CuDNN library: 7101"),
])
def test_whole_line_wrappings_are_removed(line: str, kind: str, message: str) -> None:
    """A whole line in inline code or bold, quoted or not, gives its message without the
    marks."""
    assert split_prefix(line) == (kind, message)


@pytest.mark.parametrize("line", [
    "```", "```python", "``", "`a` and `b`", "**kwargs)", "`unclosed code",
    "``double-quoted code``", "** **", "plain text",
])
def test_other_lines_are_kept(line: str) -> None:
    """Code fences, two spans on a line, unclosed or empty marks and plain text are kept as
    they are."""
    kind, message = split_prefix(line)
    assert "md" not in kind.split("+")
    assert message == line
