"""What a paste shows of its host beyond TensorFlow's own lines: a WSL shell's prompt, the OS
a bug form states; and a second GPU created beside one ignored for its compute capability
(rows in kind_cases/host_hints_in_pastes.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tomllib

from .kind_helpers import table_test

test_case = table_test("host_hints_in_pastes")

TABLE = Path(__file__).parent / "kind_cases" / "host_hints_in_pastes.toml"


def test_a_quote_without_its_space_is_read_as_a_quote_in_a_streamed_paste() -> None:
    # the table's ">line"-quoted log (shared case 013: 190 MiB free on an 8 GiB GTX 1080),
    # read as a file is (the stream reader, where ">Total memory:" was not stripped)
    rows = tomllib.loads(TABLE.read_text(encoding="utf-8"))["case"]
    (row,) = [r for r in rows if r["name"] == "quote-without-a-space-keeps-the-memory-numbers"]
    quoted = "".join(f"{line}\n" for line in row["lines"])
    out = subprocess.run([sys.executable, "-m", "tfgpu", "explain", "-q", "-"],
                         input=quoted.encode(), capture_output=True, timeout=60, check=False)
    head = out.stdout.decode().splitlines()[0]
    assert "GPU memory already taken" in head, head
