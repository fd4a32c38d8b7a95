"""What an input is before it is read as a log: gzip-compressed, or a saved notebook.

* gzip (RFC 1952 section 2.3.1: every member starts with the bytes ID1 = 31, ID2 = 139,
  ``1f 8b``), as log rotation (``train.log.1.gz``) and CI artifacts leave logs: read through
  :class:`gzip.GzipFile`, decompressed while read (memory stays bounded; the caller's
  :class:`~tfgpu.logs.input_stream.CappedStream` bounds the decompressed size).  A member cut
  short (a download that stopped) ends the input there, and says so.
* a saved Jupyter notebook piped in (``tfgpu explain - < run.ipynb``): JSON whose first key is
  one of nbformat's top-level keys ("cells", "nbformat", "metadata" ... : Jupyter writes the
  keys sorted, so "cells" comes first; Colab writes "nbformat" first); read as its cells'
  outputs (:func:`tfgpu.logs.notebook.notebook_log`) as a ``.ipynb`` path is.
* tfgpu's own output (a doctor or explain report, a facts snapshot): told by the start
  tfgpu writes (:func:`tfgpu.logs.own_report.own_report`) and not read as a log at all.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from dataclasses import dataclass
from typing import BinaryIO

from tfgpu.logs.notebook import MAX_NOTEBOOK_BYTES, notebook_log
from tfgpu.logs.own_report import own_report

#: gzip's magic bytes (RFC 1952 section 2.3.1).
GZIP_MAGIC = b"\x1f\x8b"
#: Bytes read first to tell what the input is.
HEAD_BYTES = 4096
#: The start of a notebook's JSON: an object whose first key is a top-level key of nbformat 4
#: (https://nbformat.readthedocs.io/en/latest/format_description.html: "metadata",
#: "nbformat", "nbformat_minor", "cells"), after an optional UTF-8 byte-order mark.
_NOTEBOOK_START = re.compile(
    rb'^(?:\xef\xbb\xbf)?\s*\{\s*"(?:cells|metadata|nbformat|nbformat_minor)"\s*:')


class _Joined(io.RawIOBase):
    """``head`` (bytes already read) and then the rest of ``rest``, as one raw stream."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self._head = memoryview(head)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._head.nbytes:
            n = min(len(buffer), self._head.nbytes)
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


class _Gunzip(io.RawIOBase):
    """A gzip stream decompressed while read; a member cut short or corrupt ends the input
    there (``broken`` says why) instead of failing the read."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self._gz = gzip.GzipFile(fileobj=raw, mode="rb")
        self.broken = ""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.broken:
            return 0
        try:
            data = self._gz.read1(len(buffer))
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            self.broken = str(exc) or type(exc).__name__
            return 0
        buffer[:len(data)] = data
        return len(data)


@dataclass
class Input:
    """An input told apart (:func:`sniff`).

    Attributes:
        stream: what to read as the log (decompressed, or the notebook's outputs).
        compressed: ``"gzip"`` when the input was gzip-compressed, else ``""``.
        notebook_cells: for a notebook read as its outputs, the number of cells with output;
            ``None`` otherwise.
        own_report: what tfgpu output the input is, in words ("a `tfgpu doctor --json`
            report"), when it is one: it is not a log and is not to be read as one.
    """

    stream: BinaryIO
    compressed: str = ""
    notebook_cells: int | None = None
    own_report: str | None = None
    _gunzip: _Gunzip | None = None

    @property
    def broken(self) -> str:
        """Why a gzip input ended early (a member cut short, corrupt data), ``""`` when it
        did not (or is not gzip)."""
        return self._gunzip.broken if self._gunzip is not None else ""


def _notebook(head: bytes, rest: BinaryIO) -> tuple[bytes, tuple[bytes, int] | None]:
    """Read a notebook-looking input whole (up to :data:`MAX_NOTEBOOK_BYTES` and one byte
    more) and read it as one: ``(all bytes read, notebook_log(...))``, ``None`` for the
    second when it is not a notebook or is too large (then the bytes are read as text)."""
    chunks = [head]
    size = len(head)
    while size <= MAX_NOTEBOOK_BYTES:
        data = rest.read(min(1 << 20, MAX_NOTEBOOK_BYTES + 1 - size))
        if not data:
            break
        chunks.append(data)
        size += len(data)
    raw = b"".join(chunks)
    return raw, (notebook_log(raw) if size <= MAX_NOTEBOOK_BYTES else None)


def sniff(stream: BinaryIO, *, notebook: bool = True) -> Input:
    """Tell what ``stream`` holds from its first bytes (module docstring) and return the
    stream to read as the log.

    Args:
        stream: the input, opened for binary reading (a file or standard input).
        notebook: also read a notebook's JSON as its outputs (off for a path whose ``.ipynb``
            suffix the caller already handles).

    Returns:
        :class:`Input`; its ``stream`` yields the same bytes as ``stream`` when the input is
        neither gzip nor a notebook; ``own_report`` says when it is tfgpu's own output.

    Raises:
        OSError: reading the input failed.
    """
    head = stream.read(HEAD_BYTES) or b""
    if head.startswith(GZIP_MAGIC):
        gz = _Gunzip(io.BufferedReader(_Joined(head, stream)))
        return Input(io.BufferedReader(gz), compressed="gzip", _gunzip=gz)
    mine = own_report(head)
    if mine is not None:
        return Input(io.BufferedReader(_Joined(head, stream)), own_report=mine)
    if notebook and _NOTEBOOK_START.match(head):
        raw, nb = _notebook(head, stream)
        if nb is not None:
            return Input(io.BytesIO(nb[0]), notebook_cells=nb[1])
        return Input(io.BufferedReader(_Joined(raw, stream)))
    return Input(io.BufferedReader(_Joined(head, stream)))


__all__ = ["GZIP_MAGIC", "HEAD_BYTES", "Input", "sniff"]
