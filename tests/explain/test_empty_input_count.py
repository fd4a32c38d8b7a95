"""``explain`` on empty or blank input: the headline and the "read" count agree
(new-user review #13: ``echo "" | tfgpu explain`` said "the input is empty" and then
"read: 1 lines"); a file of NUL bytes read as one line with no word about it)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _explain(data: bytes) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "tfgpu", "explain"], input=data,
                         capture_output=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.decode().splitlines()


@pytest.mark.parametrize(("data", "headline", "read"), [
    (b"", "No log lines: the input is empty.", "read: 0 lines, 0 bytes"),
    (b"\n", "No log lines: the input holds only 1 blank line.", "read: 1 line, 1 byte"),
    (b"\n \n\t\n", "No log lines: the input holds only 3 blank lines.",
     "read: 3 lines, 5 bytes"),
    # a zeroed or preallocated file: NUL runs count as one control byte each (a gap in a
    # text), so only the count of NULs tells that nothing else is there
    (b"\x00" * 3_000_000, "No log lines: the input holds only NUL bytes (3000000 NUL bytes): "
     "a zeroed or preallocated file, not a log; it does not show whether the GPU is usable.",
     "read: 1 line, 3000000 bytes"),
    (b"\x00\x00\n \x00", "No log lines: the input holds only NUL bytes and whitespace "
     "(3 NUL bytes): a zeroed or preallocated file, not a log; it does not show whether the "
     "GPU is usable.", "read: 2 lines, 5 bytes"),
], ids=["nothing", "echo-empty-string", "three-blank-lines", "zeroed-file",
        "nuls-and-blanks"])
def test_empty_input_headline_matches_the_line_count(data: bytes, headline: str,
                                                     read: str) -> None:
    lines = _explain(data)
    assert lines[0] == headline
    assert f"  {read}" in lines
