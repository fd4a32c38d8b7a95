"""A Keras progress bar rewritten with ``\\r`` thousands of times on one physical line is
read faster without changing the findings: the pieces that differ only in numbers are
searched for keywords once, a line's prefix is split once however often the engine asks,
and in a stream the pieces follow the repeat bound of lines (a piece template matched
``MAX_REPEATS`` times is skipped: hit counts are lower bounds, evidence keeps the first
ones).  Lines already in memory (``read_lines``) have no repeat bound, for lines or pieces."""

from __future__ import annotations

import collections
import io
import time
from pathlib import Path

from tfgpu.facts.line_prefix import _split_prefix
from tfgpu.facts.line_prefix import split_prefix as split
from tfgpu.facts.log import ReadStats
from tfgpu.logs import read_lines, read_stream
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES
from tfgpu.logs.reader import (
    _DIGITS,
    _LOWER,
    MAX_REPEATS,
    FollowState,
    clean_line,
    holds_anchor,
    line_texts,
    pieces_of,
    scan_view,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "explain-pastes"

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


def _templates(raw: bytes) -> collections.Counter[bytes]:
    """How many pieces of ``raw`` share each template (lower case, digits deleted)."""
    return collections.Counter(scan_view(p.translate(_LOWER, _DIGITS)) for p in pieces_of(raw))


def test_repeated_pieces_follow_the_repeat_bound_of_lines() -> None:
    """In a stream, each piece template is matched at most ``MAX_REPEATS`` times, as a
    repeated line is: the Keras step count becomes a lower bound (the sum over the bar's
    templates of min(count, 8), not the 400 steps), the OOM after the bar is still read,
    and the skipped pieces are counted once per line and template."""
    raw = _progress_line(400, OOM)
    facts = read_stream(io.BytesIO(raw + b"\n"))
    per_template = _templates(raw)
    steps = sum(n for t, n in per_template.items() if b" - loss: " in t)
    assert steps == 400
    bound = sum(min(n, MAX_REPEATS) for t, n in per_template.items() if b" - loss: " in t)
    assert facts.get("keras.step").count == bound < steps
    assert facts.get("mem.ran_out").count == 1
    assert facts.stats is not None
    assert facts.stats.repeats_skipped == sum(
        1 for t, n in per_template.items() if b" - loss: " in t and n > MAX_REPEATS)


def test_progress2_paste_keeps_its_oom_with_eight_step_hits() -> None:
    """tests/fixtures/explain-pastes/progress2.log: 400 steps of one template, then the OOM
    on the same physical line: 8 step hits (a lower bound), the OOM read as before."""
    with (FIXTURES / "progress2.log").open("rb") as fh:
        facts = read_stream(fh)
    assert facts.get("keras.step").count == MAX_REPEATS
    assert facts.get("mem.oom_tensor").count == 1


def test_lines_in_memory_still_pass_every_piece_on() -> None:
    """``read_lines`` and ``line_texts`` without the stream's template cache: no repeat
    bound, every step reaches the engine."""
    assert read_lines([_progress_line(400, OOM).decode()]).get("keras.step").count == 400
    follow = FollowState()
    texts = list(line_texts(_progress_line(50), PREFILTER_NEEDLES_BYTES, ReadStats(), follow))
    assert len(texts) == 50


def test_the_repeat_bound_is_shared_by_pieces_and_whole_lines() -> None:
    """A template matched as whole lines counts for the pieces too (one rule, one count)."""
    line = b"2024-01-01 10:00:00.000000: " + OOM.encode()
    data = b"\n".join([line] * MAX_REPEATS) + b"\n" + b"1/2 [===] - loss: 0.5\r" + line + b"\n"
    facts = read_stream(io.BytesIO(data))
    assert facts.get("mem.ran_out").count == MAX_REPEATS
    fresh = read_stream(io.BytesIO(b"1/2 [===] - loss: 0.5\r" + line + b"\n"))
    assert fresh.get("mem.ran_out").count == 1


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
    65 MB/s CPU on one core on 20 MB with the repeat bound on pieces, 7.9 MB/s without; the
    floor here leaves room for a loaded machine).  Step hits are a lower bound: at most
    ``MAX_REPEATS`` per piece template over the whole stream."""
    data = b"\n".join(_progress_line(4000) for _ in range(5)) + b"\n"
    t0 = time.process_time()
    facts = read_stream(io.BytesIO(data))
    took = time.process_time() - t0
    templates = {t for t in _templates(_progress_line(4000)) if b" - loss: " in t}
    assert 0 < facts.get("keras.step").count <= MAX_REPEATS * len(templates) < 20000
    assert took < len(data) / 1e6  # at least 1 MB/s of CPU time
