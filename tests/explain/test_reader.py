"""The streaming reader: encodings, CRLF, ANSI, long lines, binary garbage, chunk edges."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tfgpu.explain import explain_lines, explain_stream
from tfgpu.logs.reader import MAX_LINE_CHARS, clean_line

LIB_LINE = (
    "2021-03-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] "
    "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open "
    "shared object file: No such file or directory"
)


def _ids(data: bytes, chunk: int | None = None) -> dict[str, list[int | None]]:
    stream = io.BytesIO(data)
    res = explain_stream(stream, chunk_bytes=chunk) if chunk else explain_stream(stream)
    return {f.id: [e.line for e in f.evidence] for f in res.findings}


def test_line_numbers_survive_crlf_ansi_and_latin1() -> None:
    data = b"Epoch 1/5\r\n\x1b[33mW\x1b[0m caf\xe9 ok\r\n" + LIB_LINE.encode() + b"\r\n"
    got = _ids(data)
    assert got["library-not-loaded-libcudart-so-11-0"][0] == 3


@pytest.mark.parametrize("chunk", [7, 64, 1000])
def test_small_chunks_give_the_same_line_numbers(chunk: int) -> None:
    data = ("noise line\n" * 30 + LIB_LINE + "\n" + "more\n" * 5).encode()
    assert _ids(data, chunk) == _ids(data)
    assert _ids(data)["library-not-loaded-libcudart-so-11-0"] == [31]


def test_long_line_keeps_a_bounded_prefix() -> None:
    data = (LIB_LINE + " " + "y" * 5_000_000 + "\n" + "Epoch 2\n").encode()
    res = explain_stream(io.BytesIO(data))
    f = {x.id: x for x in res.findings}["library-not-loaded-libcudart-so-11-0"]
    assert len(f.evidence[0].text) <= MAX_LINE_CHARS + 2
    assert res.stats.lines == 2


@pytest.mark.parametrize("head", [2_500, 3_900])
def test_a_message_past_the_cut_of_a_line_under_twice_the_cut_is_read(head: int) -> None:
    # a line longer than MAX_LINE_CHARS but shorter than twice it: the excerpt is placed on
    # the keyword, not cut at its start
    data = ("a" * head + " " + LIB_LINE + "\n").encode()
    res = explain_stream(io.BytesIO(data))
    assert "library-not-loaded-libcudart-so-11-0" in {f.id for f in res.findings}


def test_nul_separated_records_are_read_as_pieces_of_their_line() -> None:
    # find -print0 / xargs -0 output, or text on both sides of a crash's NUL-filled block
    data = b"noise\n" + b"Epoch 1\x00\x00\x00" + LIB_LINE.encode() + b"\x00tail\n"
    res = explain_stream(io.BytesIO(data))
    assert res.stats.skipped_binary == 0
    got = {f.id: [e.line for e in f.evidence] for f in res.findings}
    assert got["library-not-loaded-libcudart-so-11-0"] == [2]  # the file's own line number


def test_binary_garbage_is_skipped_not_fatal() -> None:
    data = b"\x00\x01\x02 error \xff\xfe\x00\n" + LIB_LINE.encode() + b"\n"
    res = explain_stream(io.BytesIO(data))
    assert res.stats.skipped_binary == 1
    assert any(f.id.startswith("library-not-loaded") for f in res.findings)


def test_clean_line_strips_ansi_and_cr() -> None:
    assert clean_line(b"\x1b[1;31mERROR\x1b[0m: boom\r") == "ERROR: boom"
    assert clean_line(b"caf\xe9") == "café"
    assert clean_line(b"a\x00b") is None


def test_empty_and_blank_input() -> None:
    res = explain_stream(io.BytesIO(b""))
    assert res.empty and res.findings == ()
    assert explain_stream(io.BytesIO(b"  \n\r\n\t")).empty
    assert explain_lines([]) == ()


def test_repeated_lines_keep_first_evidence_only() -> None:
    data = ("x\n" + LIB_LINE + "\n") * 1000
    res = explain_stream(io.BytesIO(data.encode()))
    f = {x.id: x for x in res.findings}["library-not-loaded-libcudart-so-11-0"]
    assert [e.line for e in f.evidence][:2] == [2, 4]
    assert res.stats.repeats_skipped >= 1


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=4000))
def test_random_bytes_never_raise(data: bytes) -> None:
    res = explain_stream(io.BytesIO(data))
    assert res.stats.bytes_read == len(data)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=200), max_size=30))
def test_random_text_lines_never_raise(lines: list[str]) -> None:
    explain_lines(lines)


class _LazyLog(io.RawIOBase):
    """A read-only stream of ``total`` bytes of repeated log text, never held in memory."""

    def __init__(self, total: int) -> None:
        block = ("Epoch 1/5\n" + LIB_LINE + "\r\n" + "\x1b[32mstep\x1b[0m 17 loss 0.25\n") * 2000
        self._block = block.encode()
        self._left = total

    def readable(self) -> bool:
        return True

    def readinto(self, buf: bytearray) -> int:  # type: ignore[override]
        n = min(len(buf), self._left, len(self._block))
        buf[:n] = self._block[:n]
        self._left -= n
        return n


def test_memory_stays_bounded_on_a_large_stream() -> None:
    import tracemalloc

    total = 20 * 1024 * 1024
    tracemalloc.start()
    try:
        res = explain_stream(io.BufferedReader(_LazyLog(total), buffer_size=1 << 20))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert res.stats.bytes_read == total
    # about 25 MiB: one 4 MiB chunk, its joined carry, its lower-cased copy and the two
    # split line lists; it does not grow with the input size
    assert peak < 32 * 1024 * 1024, peak
    assert any(f.id == "library-not-loaded-libcudart-so-11-0" for f in res.findings)


def test_many_unique_lines_take_the_batch_path() -> None:
    # Over 64 new templates in one chunk: keywords are searched in one joined blob.
    lines = [f"worker {chr(97 + i % 26)}{chr(97 + i // 26 % 26)} ok" for i in range(500)]
    lines[250] = LIB_LINE
    lines[499] = "RuntimeError: Physical devices cannot be modified after being initialized"
    got = _ids("\n".join(lines).encode())
    assert got["library-not-loaded-libcudart-so-11-0"] == [251]
    assert got["device-config-after-init"] == [500]


def test_binary_lines_are_counted_as_lines_like_the_lines_read() -> None:
    """A binary line holding carriage returns or backspace runs (which split a line into
    pieces matched on their own) is one skipped line, as ``stats.lines`` counts it: the
    header never shows more binary lines skipped than lines read."""
    data = (b"\x00\x01\x02\x03 error occurred \x00\x00\x08\x08\x00\x01\x02 fatal error "
            b"\x00\x00\x00\r\x00\x01\x02 exception here \x00\n"
            b"\x00\x01\x02 error \xff\xfe\x00\n")
    res = explain_stream(io.BytesIO(data))
    assert res.stats.lines == 2
    assert res.stats.skipped_binary == 2


def test_a_block_of_nul_bytes_does_not_hide_the_text_after_it() -> None:
    # a log preallocated or padded with NULs by a crash, then the failure: the run of NULs
    # counts as one gap, not as 64 KiB of binary bytes
    oom = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
           "allocating tensor with shape[32768,16384] and type float on /job:localhost/replica:"
           "0/task:0/device:GPU:0 by allocator GPU_0_bfc")
    data = b"Epoch 1/5\n" * 100 + b"\x00" * 65536 + oom.encode() + b"\nKilled\n"
    res = explain_stream(io.BytesIO(data))
    assert "gpu-out-of-memory-tensor" in {f.id for f in res.findings}
