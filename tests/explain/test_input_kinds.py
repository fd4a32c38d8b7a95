"""What an input is, told from its first bytes: a gzip-compressed log (RFC 1952's magic bytes
1f 8b: a rotated ``train.log.1.gz``, a CI artifact) is decompressed while read, on a path or
on standard input, and a member cut short ends the input with a word that it did; a saved
notebook's JSON piped in is read as its cells' outputs, as a ``.ipynb`` path is."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.logs.input_kind import sniff

_CRASH = (b"2024-12-02 10:00:01.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] "
          b"Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14791 MB memory:  -> "
          b"device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5\n"
          b"Epoch 1/10\nSegmentation fault (core dumped)\n")


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    class _In:
        buffer = io.BytesIO(data)

        @staticmethod
        def isatty() -> bool:
            return False

    monkeypatch.setattr("sys.stdin", _In())


def test_a_gzip_file_is_decompressed_while_read(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "train.log.1.gz"
    path.write_bytes(gzip.compress(_CRASH))
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("The program failed")
    assert "compressed: gzip, decompressed while read" in out
    assert "does not look like a text log" not in out


def test_gzip_on_standard_input_is_decompressed_too(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    _stdin(monkeypatch, gzip.compress(_CRASH))
    assert main(["explain", "-"]) == 1
    assert "compressed: gzip" in capsys.readouterr().out


def test_a_gzip_cut_short_explains_what_was_decompressed_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = gzip.compress(_CRASH * 200)
    path = tmp_path / "cut.log.gz"
    path.write_bytes(whole[:len(whole) // 2])
    main(["explain", str(path)])
    out = capsys.readouterr().out
    assert "the compressed data ends early" in out


def test_a_plain_log_reads_the_same_bytes() -> None:
    got = sniff(io.BytesIO(_CRASH * 3000))
    assert not got.compressed and got.notebook_cells is None
    assert got.stream.read() == _CRASH * 3000


def test_a_notebook_on_standard_input_is_read_as_its_outputs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": 1, "metadata": {},
                     "source": ["model.fit(x, y)"],
                     "outputs": [{"output_type": "error", "ename": "ValueError",
                                  "evalue": "Shapes (None, 1) and (None, 10) are incompatible",
                                  "traceback": ["Traceback (most recent call last):",
                                                '  File "x.py", line 1, in <module>',
                                                "ValueError: Shapes (None, 1) and (None, 10) "
                                                "are incompatible"]}]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    _stdin(monkeypatch, json.dumps(nb, indent=1).encode())
    assert main(["explain", "-"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("The program failed")
    assert "notebook: read as the outputs of its 1 cell" in out
    assert '"ename"' not in out


def test_json_lines_that_are_no_notebook_are_read_as_text() -> None:
    lines = b'{"level": "error", "msg": "Segmentation fault (core dumped)"}\n' * 10
    got = sniff(io.BytesIO(lines))
    assert got.notebook_cells is None and got.stream.read() == lines
