"""A log whose parts are in different encodings is read part by part, never one part
dropped in silence: cmd.exe's ``>>`` appends UTF-8 lines to the UTF-16 file that Windows
PowerShell 5.1's ``>`` created, and the reverse (UTF-16 appended to UTF-8, with or without
a byte-order mark, either byte order).  The report says the input is mixed, and counts the
UTF-16 code units that could not be decoded.  Every chunk size gives the same reading."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import ExplainResult, explain_stream
from tfgpu.logs.reader import MAX_PARTS

#: A TensorFlow 2.x message on Windows (dso_loader.cc's wording), as PowerShell writes it.
DLL = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
       "dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\r\n")
#: A traceback ending in TensorFlow's OOM error, as a byte-oriented tool appends it.
OOM = (b"Traceback (most recent call last):\n"
       b"tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating "
       b"tensor with shape[512,1024,1024] and type float on /job:localhost/replica:0/task:0/"
       b"device:GPU:0 by allocator GPU_0_bfc\n")
BOTH = {"library-not-loaded-cudart64-110-dll", "gpu-out-of-memory-tensor"}
CHUNKS = (1 << 20, 97, 5, 2)


def _read(data: bytes, chunk_bytes: int) -> ExplainResult:
    return explain_stream(io.BytesIO(data), chunk_bytes=chunk_bytes)


def _same_for_every_chunk_size(data: bytes) -> ExplainResult:
    results = [_read(data, n) for n in CHUNKS]
    seen = {(tuple(f.id for f in r.findings), r.stats.lines, r.stats.encoding_parts,
             r.stats.undecoded_units, tuple(h.line for h in r.died)) for r in results}
    assert len(seen) == 1, seen
    return results[0]


@pytest.mark.parametrize("utf16", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf8_lines_appended_to_a_utf16_log_are_read(utf16: str) -> None:
    result = _same_for_every_chunk_size((DLL * 3).encode(utf16) + OOM)
    assert {f.id for f in result.findings} >= BOTH
    assert [h.line for h in result.died] == [5]  # the OOM line, in the UTF-8 part
    parts = result.stats.encoding_parts
    assert [enc for _, enc in parts] == [utf16, "bytes"]
    assert parts[1][0] == len((DLL * 3).encode(utf16))  # where the UTF-8 part starts
    assert result.stats.encoding == utf16 and result.stats.undecoded_units == 0


@pytest.mark.parametrize(("utf16", "mark"), [("utf-16-le", b"\xff\xfe"), ("utf-16-le", b""),
                                             ("utf-16-be", b"\xfe\xff"), ("utf-16-be", b"")])
def test_utf16_lines_appended_to_a_utf8_log_are_read(utf16: str, mark: bytes) -> None:
    result = _same_for_every_chunk_size(OOM + mark + DLL.encode(utf16))
    assert {f.id for f in result.findings} >= BOTH
    assert result.stats.encoding_parts == ((0, "bytes"), (len(OOM) + len(mark), utf16))


def test_a_short_utf8_part_first_and_one_after_are_read_too() -> None:
    """Sniffed as UTF-16 (most bytes are), but a byte-oriented line comes first."""
    result = _same_for_every_chunk_size(b"Epoch 1/5\n" + DLL.encode("utf-16") + OOM)
    assert {f.id for f in result.findings} >= BOTH
    assert [enc for _, enc in result.stats.encoding_parts] == ["bytes", "utf-16-le", "bytes"]


def test_a_last_short_line_after_utf16_is_read() -> None:
    """The shell's ``Killed`` appended to a UTF-16 log (7 bytes)."""
    result = _same_for_every_chunk_size(DLL.encode("utf-16") + b"Killed\n")
    assert "host-ram-exhausted-process-killed" in {f.id for f in result.findings}


def test_a_utf16_log_with_chinese_text_stays_one_part() -> None:
    """CJK characters in UTF-16 have no NUL byte: they never read as a byte-oriented part."""
    text = ("ImportError: DLL load failed: 找不到指定的模块。" * 4 + "\r\n" + DLL) * 3
    for utf16 in ("utf-16", "utf-16-le", "utf-16-be"):
        result = _same_for_every_chunk_size(text.encode(utf16))
        assert result.stats.encoding_parts == () and result.stats.encoding_switches == 0
        assert "library-not-loaded-cudart64-110-dll" in {f.id for f in result.findings}
        assert result.stats.encoding == utf16


def test_the_report_says_the_input_is_mixed_and_what_was_not_decoded() -> None:
    mixed = _read(DLL.encode("utf-16") + OOM, 1 << 20)
    meta = explain_report(mixed.findings, mixed.stats, "x.log", died=mixed.died).meta
    assert meta["encoding"] == ("mixed: utf-16 (transcoded) from byte 0, then bytes (UTF-8, "
                                f"GBK or latin-1 per line) from byte {len(DLL) * 2 + 2}; every "
                                "part read")
    lone = _read((DLL + "\ud800x\r\n").encode("utf-16", "surrogatepass"), 1 << 20)
    meta = explain_report(lone.findings, lone.stats, "x.log").meta
    assert meta["undecoded"] == "1 UTF-16 code unit could not be decoded (each shown as U+FFFD)"
    plain = _read(DLL.encode("utf-16"), 1 << 20)
    meta = explain_report(plain.findings, plain.stats, "x.log").meta
    assert meta["encoding"] == "utf-16 (transcoded)" and "undecoded" not in meta


def test_many_parts_are_counted_and_the_first_ones_named() -> None:
    data = b"".join(DLL.encode("utf-16-le") + OOM for _ in range(MAX_PARTS))
    result = _read(data, 1 << 20)
    assert result.stats.encoding_switches == 2 * MAX_PARTS - 1
    assert len(result.stats.encoding_parts) == MAX_PARTS
    assert result.stats.encoding_summary().endswith(f"and {MAX_PARTS} more parts; every "
                                                    "part read")


def test_byte_oriented_text_with_no_nul_is_one_part() -> None:
    result = _read(OOM * 10, 7)
    assert result.stats.encoding_parts == () and result.stats.encoding is None
    assert result.stats.encoding_summary() == "bytes (UTF-8, GBK or latin-1 per line)"
