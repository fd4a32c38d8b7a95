"""A chunk of the input that is not text (a NUL byte, and 5 % or more control bytes: a core
dump, a checkpoint, an image, a compressed log passed by mistake) is skimmed: only its lines
without a control byte go on to the keyword search and the catalogue, so binary input reads
at about the rate of text, while a log in or after a binary part keeps its lines and their
numbers."""

from __future__ import annotations

import io
import random
import time

from tfgpu.explain import explain_stream
from tfgpu.facts.log import ReadStats
from tfgpu.logs.reader import CONTROL_BYTES, is_binary_chunk, skim_binary

OOM = (b"2024-05-01 10:00:01.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:479] "
       b"Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.00GiB (rounded to "
       b"2147483648)requested by op MatMul\n")
LIB = (b"2021-03-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/"
       b"dso_loader.cc:60] Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
       b"libcudart.so.11.0: cannot open shared object file: No such file or directory\n")


def _random(n: int, seed: int = 3) -> bytes:
    return random.Random(seed).randbytes(n)


def _lines(res) -> dict[str, list[int | None]]:  # type: ignore[no-untyped-def]
    return {f.id: [e.line for e in f.evidence] for f in res.findings}


def test_random_bytes_are_skimmed_not_searched_line_by_line() -> None:
    data = _random(16 * 1024 * 1024)
    start = time.process_time()
    res = explain_stream(io.BytesIO(data))
    spent = time.process_time() - start
    # before: every random "line" (one per 256 bytes) went through the keyword search and
    # ~1 in 4 into the catalogue: ~5 s of CPU for 16 MiB; skimmed: well under a second
    assert spent < 2.5, spent
    assert res.stats.candidates < res.stats.lines // 100
    assert res.stats.skipped_binary > res.stats.lines // 2
    assert res.stats.control_bytes >= 0.05 * res.stats.bytes_read


def test_a_log_after_a_nul_block_in_the_same_chunk_keeps_its_lines_and_numbers() -> None:
    # a crash leaves a block of NUL bytes in the log file; the log goes on after it
    text = b"Epoch 1/3\n" * 5 + LIB + b"step ok\n" * 3 + OOM
    nul = b"\x00" * 300_000 + b"\n"
    plain = explain_stream(io.BytesIO(b"\n" + text))
    after = explain_stream(io.BytesIO(nul + text))
    assert _lines(after) == _lines(plain)
    # a run of NULs is one gap in a text (reader.control_count), not 300,000 binary bytes
    assert not is_binary_chunk(nul + text)
    assert _lines(after)["library-not-loaded-libcudart-so-11-0"] == [7]


def test_a_log_between_random_binary_parts_is_found() -> None:
    data = _random(3 * 1024 * 1024) + b"\n" + LIB + _random(2 * 1024 * 1024, seed=4)
    res = explain_stream(io.BytesIO(data))
    assert "library-not-loaded-libcudart-so-11-0" in _lines(res)
    line = data[: data.index(LIB)].count(b"\n") + 1
    assert _lines(res)["library-not-loaded-libcudart-so-11-0"] == [line]


def test_text_is_never_a_binary_chunk() -> None:
    assert not is_binary_chunk(LIB * 1000)
    # control bytes but no NUL (a terminal capture with bells and shift-outs): text
    assert not is_binary_chunk((b"\x07\x0e ok \x0f" + LIB) * 1000)
    # a stray NUL in a text log: far below the share
    assert not is_binary_chunk(LIB * 1000 + b"\x00")


def test_skim_empties_only_lines_with_a_control_byte_and_counts_them() -> None:
    stats = ReadStats()
    body = b"ok line\n\x00\x01garbage\nnext ok\n\x7fdel\n\n\x1b[0mansi is text\x08"
    out = skim_binary(body, stats)
    assert out == b"ok line\n\nnext ok\n\n\n\x1b[0mansi is text\x08"
    assert out.count(b"\n") == body.count(b"\n")
    assert stats.skipped_binary == 2
    assert all(bytes([b]) not in b"\t\n\x0b\x0c\r\x1b\x08" for b in CONTROL_BYTES)
