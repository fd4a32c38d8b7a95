"""A Keras progress bar rewritten with ``\\r`` thousands of times on one physical line is
read faster without changing what is read: the pieces that differ only in numbers are
searched for keywords once, and a line's prefix is split once however often the engine
asks.  Every piece still reaches the engine as its own line (no repeat cap: that would
change the hits), so the results are those of the per-piece search."""

from __future__ import annotations

import io
import time

from tfgpu.facts.log import ReadStats
from tfgpu.logs import read_stream
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES
from tfgpu.logs.reader import (
    FollowState,
    _split_prefix,
    clean_line,
    holds_anchor,
    line_texts,
    pieces_of,
)
from tfgpu.logs.reader import split_prefix as split

#: Keras 2's progress bar as its Progbar writes it on a terminal (``\r`` then the bar).
STEP = " {i}/{n} [{bar}] - ETA: {eta} - loss: {loss:.4f} - accuracy: {acc:.4f}"
OOM = ("W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (GPU_0_bfc) ran "
       "out of memory trying to allocate 9.00GiB (rounded to 9663676416)requested by op "
       "model/conv2d_3/Conv2D")


def _progress_line(steps: int, tail: str = "") -> bytes:
    pieces = []
    for i in range(1, steps + 1):
        done = 30 * i // steps
        bar = "=" * max(0, done - 1) + ">" + "." * (30 - done)
        eta = f"{(steps - i) // 60}:{(steps - i) % 60:02d}" if steps - i > 60 else f"{steps - i}s"
        pieces.append(STEP.format(i=i, n=steps, bar=bar[:30], eta=eta, loss=2.3 / i, acc=i / steps))
    return ("\r".join(pieces) + ("\r" + tail if tail else "")).encode()


def _reference(raw: bytes) -> list[str]:
    """line_texts without a follow state, written piece by piece (the search per piece)."""
    out = []
    for piece in pieces_of(raw):
        if holds_anchor(piece.lower().translate(None, b"0123456789"), PREFILTER_NEEDLES_BYTES):
            text = clean_line(piece, PREFILTER_NEEDLES_BYTES)
            if text is not None:
                out.append(text)
    return out


def test_pieces_searched_once_per_template_give_the_per_piece_texts() -> None:
    raw = _progress_line(400, OOM)
    stats = ReadStats()
    got = list(line_texts(raw, PREFILTER_NEEDLES_BYTES, stats))
    assert got == _reference(raw)
    assert got[-1].startswith("W tensorflow/core/common_runtime/bfc_allocator.cc")
    assert stats.candidates == len(got) == 401  # every step is a candidate line of its own


def test_every_piece_still_reaches_the_engine_as_its_own_line() -> None:
    """No repeat cap on pieces: the Keras step pattern counts each of the 400 steps."""
    facts = read_stream(io.BytesIO(_progress_line(400, OOM) + b"\n"))
    assert facts.get("keras.step").count == 400
    assert facts.get("mem.ran_out").count == 1
    follow = FollowState()
    texts = list(line_texts(_progress_line(50), PREFILTER_NEEDLES_BYTES, ReadStats(), follow))
    assert len(texts) == 50


def test_the_prefix_split_is_remembered_without_changing_its_answer() -> None:
    """The engine tests ``message is text`` for a line without prefix: an equal line given
    as another object gets its own object back, never the remembered one."""
    a = "".join(["Epoch ", "1/5 - loss: 0.5"])
    b = "".join(["Epoch ", "1/5 - loss: 0.5"])
    assert a == b and a is not b
    assert split(a) == ("", a) and split(a)[1] is a
    assert split(b)[1] is b
    line = "Aug 26 14:08:07 host kernel: NVRM: API mismatch"
    assert split(line) == split("".join(["Aug 26 14:08:07 host kernel: ", "NVRM: API mismatch"]))
    assert split(line) == ("sys host kernel", "NVRM: API mismatch")
    for text in ("> quoted", "[ 7386.259769] NVRM: x", "  12 | code", "plain"):
        # asked twice (the second answer is the remembered one): the unremembered split's
        assert split(text) == split(text) == _split_prefix(text)


def test_a_progress_bar_log_joined_by_carriage_returns_reads_at_a_bounded_rate() -> None:
    """~2 MB of Keras steps on five physical lines: linear work, far from a hang (measured
    8.8 MB/s CPU on one core; the floor here leaves room for a loaded machine)."""
    data = b"\n".join(_progress_line(4000) for _ in range(5)) + b"\n"
    t0 = time.process_time()
    facts = read_stream(io.BytesIO(data))
    took = time.process_time() - t0
    assert facts.get("keras.step").count == 20000
    assert took < len(data) / 1e6  # at least 1 MB/s of CPU time
