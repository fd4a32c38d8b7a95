"""A log copied from a web page's table (a log viewer, a job dashboard) and pasted as
pipe-separated text: the columns before the message (a line number, an epoch time, a date or
time, a level) are a prefix, read away as the other collectors' prefixes are.

GitHub's comment box writes a pasted HTML table as its rows' cells joined by ``' | '``, the
header row followed by ``'-- | -- | --'`` (github/paste-markdown
``src/paste-markdown-table.ts``, ``tableMarkdown``); a hand-written Markdown table adds a pipe
at each end of the row.  The logs are variants written for these tests.
"""

from __future__ import annotations

import io

import pytest

from tfgpu.explain import explain_lines, explain_stream
from tfgpu.facts.line_prefix import split_prefix

# the last line a process killed by the kernel leaves in bash's output (bash's job status
# "<script>: line N: <pid> Killed <command>"), and TensorFlow's anchored CPU failure
KILLED = ("/usr/local/bin/train.sh: line 18:    36 Killed                  python3 train.py "
          "--learningRate 0.001 2>&1")
ILLEGAL = "Illegal instruction (core dumped)"
DEVICE = ("2018-08-13 13:29:02.319076: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1195]"
          " Creating TensorFlow device (/device:GPU:0) -> (device: 0, name: Tesla M40 24GB, pci "
          "bus id: 0000:00:06.0, compute capability: 5.2)")


def _ids(text: str) -> set[str]:
    """Finding ids of ``text`` read as lines and as a stream in small chunks: both equal."""
    a = {f.id for f in explain_lines(text.split("\n"))}
    b = {f.id for f in explain_stream(io.BytesIO(text.encode()), chunk_bytes=7).findings}
    assert a == b, (a, b)
    return a


def _github_table(messages: list[str], start: int = 132, t0: int = 1534166953114) -> str:
    """paste-markdown's form: the first row, the '-- | -- | --' line, then the others."""
    rows = [f"{start + i} | {t0 + i} | {m}" for i, m in enumerate(messages)]
    return "\n".join([rows[0], "-- | -- | --", *rows[1:]])


@pytest.mark.parametrize("last", [KILLED, ILLEGAL])
def test_a_log_viewers_table_pasted_into_github_reads_as_the_log(last: str) -> None:
    clean = [DEVICE, last, "Training process finished. Exit code: 137"]
    want = _ids("\n".join(clean))
    assert len(want) >= 2
    assert _ids(_github_table(["pciBusID: 0000:00:06.0", *clean])) == want
    # variant: a time-of-day and a level column, or a date-time column
    assert _ids("\n".join(f"13:29:0{i}.119 | INFO | {m}" for i, m in enumerate(clean))) == want
    assert _ids("\n".join(f"2018-08-13T13:29:02.{i}Z | {m}" for i, m in enumerate(clean))) == want


@pytest.mark.parametrize("columns", [
    "132 | 1534166953114 | ",  # line number, epoch milliseconds
    "1534166953 | ",  # epoch seconds
    "2018-08-13 13:29:02.319 | ERROR | ",
    "2018-08-13 | 13:29:02 | ",
    "Aug 13, 2018 @ 13:29:02.319 | ",  # Kibana's Discover table
    "stderr | ",
])
def test_the_columns_before_the_message_are_a_prefix(columns: str) -> None:
    assert split_prefix(columns + ILLEGAL)[1] == ILLEGAL
    assert ILLEGAL in split_prefix(columns + ILLEGAL + " | more")[1]  # later cells stay


@pytest.mark.parametrize("row", [
    f"| 12 | {ILLEGAL} |",
    f"| 12 | 2018-08-13 13:29:02.319 | INFO | {ILLEGAL} |",
    f"> | 1534166953114 | {ILLEGAL} |",  # quoted in a reply
])
def test_a_markdown_table_rows_outer_pipes_are_no_part_of_the_message(row: str) -> None:
    assert split_prefix(row)[1] == ILLEGAL
    assert _ids(row) == _ids(ILLEGAL)


@pytest.mark.parametrize("line", [
    # nvidia-smi's table rows: their first cell is no single column value
    "|   0  Tesla K80           Off  | 00000000:00:04.0 Off |                    0 |",
    "| N/A   34C    P8    26W / 149W |  10950MiB / 11441MiB |      0%      Default |",
    "|    0   N/A  N/A      1234      C   python3                     10888MiB |",
    # a tested-configurations table: names and versions, not a log's columns
    "tensorflow_gpu-2.4.0 | 3.6-3.8 | MSVC 2019 | Bazel 3.1.0 | 8.0 | 11.0",
    "| pro_1_1  | 2015-02-16 |",
    "-- | -- | --",
    "45%|████▌     | 45/100 [00:10<00:12,  4.41it/s]",  # a tqdm bar
])
def test_other_pipe_separated_lines_keep_their_text(line: str) -> None:
    assert split_prefix(line) == ("", line)
