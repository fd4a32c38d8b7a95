"""Ctrl-C (SIGINT) or SIGTERM while ``tfgpu explain`` reads a pipe from a hung program
(``python train.py 2>&1 | tfgpu explain``: the terminal signals the whole pipeline) stops the
reading and explains the lines read so far, then exits with the signal's code (130, 143);
what the stopped program still writes within the grace period is explained too, and a
second Ctrl-C aborts at once.  Real child processes, real signals."""

from __future__ import annotations

import array
import contextlib
import fcntl
import io
import os
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from proc_helpers import SRC
from tfgpu.logs import input_stream

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="FIONREAD on a pipe, signals")

#: What a run that then hangs printed: a cuDNN library TensorFlow could not load.
HUNG_RUN = (b"W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            b"dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared "
            b"object file: No such file or directory\n"
            b"Epoch 1/5\n")
#: What Python prints when Ctrl-C stops that run (its last words, after the signal).
STOPPED = (b"Traceback (most recent call last):\n"
           b"  File \"train.py\", line 9, in <module>\n"
           b"    model.fit(x, y, epochs=5)\n"
           b"KeyboardInterrupt\n")


def _unread(fd: int) -> int:
    """Bytes waiting in the pipe whose end ``fd`` is (Linux ``FIONREAD``)."""
    buf = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, buf)
    return buf[0]


@contextmanager
def _explain_reading(*args: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``tfgpu explain -`` reading a pipe this test writes into, like a program that runs
    on; yields the child once it has read what was written first (:data:`HUNG_RUN`), and
    the pipe's write end (the test closes it, or not: a hung program)."""
    r, w = os.pipe()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    child = subprocess.Popen([sys.executable, "-m", "tfgpu", "explain", *args, "-"],
                             stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, text=True)
    try:
        os.write(w, HUNG_RUN)
        deadline = time.monotonic() + 60
        while _unread(r) and time.monotonic() < deadline:  # explain has read it all
            time.sleep(0.02)
        assert not _unread(r) and child.poll() is None
        time.sleep(0.2)  # now waiting in its next read
        yield child, w
    finally:
        os.close(r)
        with contextlib.suppress(OSError):
            os.close(w)
        if child.poll() is None:
            child.kill()
        child.wait()


def test_ctrl_c_on_a_hung_run_explains_the_lines_read_and_exits_130() -> None:
    with _explain_reading() as (child, _w):
        child.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = child.communicate(timeout=30)
        took = time.monotonic() - t0
    assert child.returncode == 130, err
    assert "interrupted by Ctrl-C (SIGINT) after 2 lines of standard input; explaining " \
           "what was read" in err
    assert "library-not-loaded-libcudnn-so-8" in out  # the report of the lines read
    assert "interrupted: by Ctrl-C (SIGINT) after 2 lines" in out
    assert "Traceback" not in err
    assert took < input_stream.DRAIN_S + 10  # bounded: the grace period, then the report


def test_sigterm_on_a_hung_run_explains_the_lines_read_and_exits_143() -> None:
    with _explain_reading("--json") as (child, _w):
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=30)
    assert child.returncode == 143, err
    assert "interrupted by SIGTERM after 2 lines" in err
    import json

    doc = json.loads(out)
    assert doc["meta"]["interrupted"].startswith("by SIGTERM after 2 lines")
    assert "library-not-loaded-libcudnn-so-8" in {f["id"] for f in doc["findings"]}


def test_the_last_words_of_the_stopped_program_are_explained_too() -> None:
    """The same Ctrl-C stops the program: its KeyboardInterrupt traceback, written just
    after the signal, still reaches the report (read within the grace period)."""
    with _explain_reading() as (child, w):
        child.send_signal(signal.SIGINT)
        time.sleep(0.05)
        os.write(w, STOPPED)
        os.close(w)
        out, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert "after 6 lines" in err
    assert "program-stopped-by-user" in out and "library-not-loaded-libcudnn-so-8" in out


def test_a_second_ctrl_c_aborts_at_once_and_the_handlers_come_back() -> None:
    """In-process: the first SIGINT only stops the reading; the second runs the handler that
    was there before (KeyboardInterrupt: the command ends with "interrupted", 130), which is
    back once the reading is over."""
    before = signal.getsignal(signal.SIGINT)
    capped = input_stream.CappedStream(io.BytesIO(b"line\n" * 10), 1 << 20)
    with pytest.raises(KeyboardInterrupt), input_stream.stop_on_signals(capped):
        signal.raise_signal(signal.SIGINT)
        assert capped.stopped_by == signal.SIGINT
        assert capped.read(4) == b""  # stopped: no pipe to drain
        signal.raise_signal(signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is before
    capped = input_stream.CappedStream(io.BytesIO(b"line\n"), 1 << 20)
    with input_stream.stop_on_signals(capped):
        assert capped.read(100) == b"line\n"
    assert capped.stopped_by is None and signal.getsignal(signal.SIGINT) is before


def test_an_ignored_sigint_stays_ignored() -> None:
    """A background job's SIGINT is ignored (``SIG_IGN``): reading does not take it over."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        capped = input_stream.CappedStream(io.BytesIO(b"x\n"), 1 << 20)
        with input_stream.stop_on_signals(capped):
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            signal.raise_signal(signal.SIGINT)
        assert capped.stopped_by is None
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("verbosity", [-1, -2, -3])
def test_quiet_reports_still_say_the_input_was_cut_short(verbosity: int) -> None:
    """-q and -qq drop the header but keep its ``interrupted`` line: without it a partial
    report reads as the whole log's."""
    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_stream
    from tfgpu.report.text import render_text_to_string

    result = explain_stream(io.BytesIO(HUNG_RUN))
    report = explain_report(result.findings, result.stats, "standard input",
                            died=result.died, failure=result.failure, interrupted="SIGTERM")
    quiet = render_text_to_string(report, verbosity=verbosity)
    assert "  interrupted: by SIGTERM after 2 lines" in quiet
    assert "  input: " not in quiet and "  read: " not in quiet
