"""A Keras progress bar captured from a terminal erases itself with backspaces before each
redraw: Keras' ``Progbar.update`` (keras 0.1.0 to 2.x ``keras/utils/generic_utils.py``, and
tf.keras' copy, verbose=1 with a dynamic display) writes ``"\\b" * prev_total_width``, then
``"\\r"``, then the new bar.  The reader treats a run of backspaces as it treats ``\\r``: the
end of a piece, never binary input.  The messages written on the same physical line are read,
the input is still a text log, and the work stays linear (a bounded rate)."""

from __future__ import annotations

import io
import time

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.facts.log import ReadStats
from tfgpu.logs import read_lines, read_stream
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES
from tfgpu.logs.reader import line_texts, pieces_of

OOM = ("W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (GPU_0_bfc) ran "
       "out of memory trying to allocate 9.00GiB (rounded to 9663676416)requested by op "
       "model/conv2d_3/Conv2D")
CUDNN = ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:455] could not create cudnn handle: "
         "CUDNN_STATUS_INTERNAL_ERROR")


def _bar(i: int, steps: int) -> str:
    done = 30 * i // steps
    return (f"{i:5d}/{steps} [" + "=" * max(0, done - 1) + ">" + "." * (30 - done)
            + f"] - ETA: {steps - i}s - loss: {2.3 / i:.4f} - acc: {i / steps:.4f}")


def _progbar(steps: int, *, carriage_return: bool = True) -> bytes:
    """The bytes Progbar writes for ``steps`` updates: the previous width in backspaces,
    ``\\r`` (dropped with ``carriage_return=False``: an erase by backspaces alone), the bar."""
    out, prev = [], 0
    for i in range(1, steps + 1):
        bar = _bar(i, steps)
        out.append("\b" * prev + ("\r" if carriage_return else "") + bar)
        prev = len(bar)
    return "".join(out).encode()


@pytest.mark.parametrize("carriage_return", [True, False])
def test_a_backspaced_bar_is_split_into_its_steps_like_carriage_returns(
        carriage_return: bool) -> None:
    raw = _progbar(5, carriage_return=carriage_return)
    assert [p.decode() for p in pieces_of(raw)] == [_bar(i, 5) for i in range(1, 6)]
    crs = "\r".join(_bar(i, 5) for i in range(1, 6)).encode()
    assert pieces_of(raw) == pieces_of(crs)


@pytest.mark.parametrize("carriage_return", [True, False])
def test_a_message_written_over_the_bar_is_read_and_nothing_is_binary(
        carriage_return: bool) -> None:
    data = (b"Epoch 1/10\n" + _progbar(1875, carriage_return=carriage_return) + b"\b" * 90
            + b"\r" + OOM.encode() + b"\n" + CUDNN.encode() + b"\n")
    res = explain_stream(io.BytesIO(data))
    assert res.stats.skipped_binary == 0
    assert res.stats.control_bytes == 0  # backspaces are a terminal's redraw, not binary
    assert any(e.line == 2 and "ran out of memory" in e.text
               for f in res.findings for e in f.evidence)
    rep = explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)
    assert "not_text" not in rep.meta
    assert "not look like a text log" not in rep.verdict.headline


def test_the_steps_are_keras_steps_and_the_oom_after_them_is_found() -> None:
    raw = _progbar(40) + b"\b" * 80 + b"\r" + OOM.encode()
    facts = read_lines([raw.decode()])
    assert facts.get("keras.step").count == 40
    assert facts.get("mem.ran_out").count == 1
    texts = list(line_texts(raw, PREFILTER_NEEDLES_BYTES, ReadStats()))
    assert texts[-1].startswith("W tensorflow/core/common_runtime/bfc_allocator.cc")
    assert not any("\b" in t for t in texts)


def test_backspace_escapes_in_a_string_literal_line_split_too() -> None:
    # a repr()/json.dumps of a captured bar: its backspaces are escapes in the line
    line = repr("1/2 [====>....] - loss: 0.5\b\b\b\b\r2/2 [=========] - loss: 0.4\b\b\b\b\r"
                + OOM + "\n")
    texts = list(line_texts(line.encode(), PREFILTER_NEEDLES_BYTES, ReadStats()))
    assert any(t.startswith("W tensorflow/core/common_runtime/bfc_allocator.cc") for t in texts)
    assert not any("\b" in t for t in texts)


def test_an_overstruck_word_is_no_longer_binary() -> None:
    # "a\bb" (a backspace between two letters) is a redraw too: the piece after it is read
    assert [p.decode() for p in pieces_of(b"x\b" + CUDNN.encode())] == ["x", CUDNN]


def test_a_backspaced_progress_log_reads_at_a_bounded_rate() -> None:
    """~4 MB of Keras steps with their backspaces on five physical lines: linear work (the
    bound leaves room for a loaded machine; scripts/bench_explain.py --progress
    keras2-backspaces measures the real rate), every piece template matched at most the
    repeat bound, and nothing skipped as binary."""
    line = _progbar(4000) + b"\b" * 80 + b"\r" + OOM.encode()
    data = b"\n".join([line] * 5) + b"\n"
    t0 = time.process_time()
    facts = read_stream(io.BytesIO(data))
    took = time.process_time() - t0
    assert facts.stats is not None and facts.stats.skipped_binary == 0
    assert facts.get("mem.ran_out").count >= 1
    assert took < len(data) / 2e6  # at least 2 MB/s of CPU time
