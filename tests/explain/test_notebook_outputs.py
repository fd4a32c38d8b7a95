"""A saved notebook (``.ipynb``, nbformat 4) is explained from the outputs under its cells,
not from its JSON: evidence lines are the lines IPython showed (no ``"ename": ...`` field,
no ``\\u001b`` escape), and an error output is a death whatever its exception, as any
IPython traceback is (its header "<Name>   Traceback (most recent call last)" starts the
traceback even when a known pattern reads that line)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.logs.notebook import notebook_log

_DEVICE = ("2024-01-01 10:00:03.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"
           "1929] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 7000 MB "
           "memory:  -> device: 0, name: NVIDIA GeForce RTX 3070, pci bus id: 0000:01:00.0, "
           "compute capability: 8.6\n")
_OOM = ("{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:GPU:0}}"
        " OOM when allocating tensor with shape[256,64,112,112] and type float on "
        "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc [Op:Conv2D]")
_SHAPE = ('Input 0 of layer "dense" is incompatible with the layer: expected axis -1 of input '
          "shape to have value 784, but received input with shape (None, 28, 28)")


def _ipython_traceback(ename: str, evalue: str) -> list[str]:
    """The ``traceback`` list IPython's ultratb stores in an error output (ANSI-coloured)."""
    return ["\x1b[0;31m" + "-" * 75 + "\x1b[0m",
            f"\x1b[0;31m{ename}\x1b[0m                                Traceback (most recent "
            "call last)",
            "Cell \x1b[0;32mIn[3], line 1\x1b[0m\n\x1b[0;32m----> 1\x1b[0m model\x1b[38;5;241m."
            "\x1b[39mfit(x, y, epochs\x1b[38;5;241m=\x1b[39m\x1b[38;5;241m5\x1b[39m)\n",
            f"\x1b[0;31m{ename}\x1b[0m: {evalue}"]


def _notebook(ename: str, evalue: str, *, stream_as_list: bool = True) -> bytes:
    text = [_DEVICE] if stream_as_list else _DEVICE
    nb = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# train"]},
        {"cell_type": "code", "execution_count": 3, "metadata": {},
         "source": ["model.fit(x, y, epochs=5)"],
         "outputs": [{"output_type": "stream", "name": "stderr", "text": text},
                     {"output_type": "error", "ename": ename, "evalue": evalue,
                      "traceback": _ipython_traceback(ename, evalue)}]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1).encode()


@pytest.mark.parametrize(("ename", "evalue"), [("ResourceExhaustedError", _OOM),
                                               ("ValueError", _SHAPE)])
@pytest.mark.parametrize("stream_as_list", [True, False])
def test_notebook_error_output_is_a_death_whatever_its_exception(
        ename: str, evalue: str, stream_as_list: bool) -> None:
    nb = notebook_log(_notebook(ename, evalue, stream_as_list=stream_as_list))
    assert nb is not None and nb[1] == 1
    result = explain_stream(io.BytesIO(nb[0]))
    report = explain_report(result.findings, result.stats, "t.ipynb", died=result.died,
                            failure=result.failure)
    assert report.verdict.program_failed is True
    evidence = [e.text for f in result.findings for e in f.evidence]
    assert not any('"ename"' in t or "\\u001b" in t or "\x1b" in t for t in evidence)
    assert any(t.startswith(f"{ename}: ") for t in evidence)


def test_pasted_ipython_traceback_header_taken_by_a_known_pattern_still_starts_it() -> None:
    text = "\n".join(_ipython_traceback("ResourceExhaustedError", _OOM)) + "\n"
    result = explain_stream(io.BytesIO(text.encode()))
    assert result.died and result.died[-1].text.startswith("ResourceExhaustedError: ")


@pytest.mark.parametrize("raw", [b"not json", b'{"cells": 3}', b"[1, 2]", b'{"a": {}}'])
def test_a_file_that_is_no_notebook_is_read_as_text(raw: bytes) -> None:
    assert notebook_log(raw) is None


def test_explain_reads_an_ipynb_file_as_its_outputs(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "train.ipynb"
    path.write_bytes(_notebook("ResourceExhaustedError", _OOM))
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("The program failed (line ")
    assert "notebook: read as the outputs of its 1 cell" in out
    assert '"ename"' not in out and "\\u001b" not in out
