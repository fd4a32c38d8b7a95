"""``tfgpu explain``'s input cap is typed as what the reader reads: the capped stream
(``tfgpu.logs.input_stream.CappedStream``) once needed a ``type: ignore`` to be passed where
a ``BinaryIO`` was declared; the reader now declares :class:`tfgpu.logs.reader.ByteSource`."""

from __future__ import annotations

import inspect
import io

from tfgpu.cli import cmd_explain
from tfgpu.explain import explain_stream
from tfgpu.logs import input_stream
from tfgpu.logs.reader import ByteSource


def test_the_capped_stream_is_a_byte_source_without_ignores() -> None:
    assert "type: ignore" not in inspect.getsource(cmd_explain)
    assert "type: ignore" not in inspect.getsource(input_stream)
    capped: ByteSource = input_stream.CappedStream(io.BytesIO(b"abc\n" * 10), 8)
    assert capped.read() == b"abc\nabc\n" and capped.read(5) == b""


def test_the_cap_stops_the_reader_and_says_so() -> None:
    capped = input_stream.CappedStream(io.BytesIO(b"no newline " * 1000), 100)
    result = explain_stream(capped)
    assert capped.capped
    assert result.stats.bytes_read == 100
