"""Explain's memory is bounded by bytes whatever the input: no newline at all, every line
unique, every line a candidate; Ctrl-C stops it.  Peak RSS is measured (``VmHWM``) in a
child interpreter reading a generated stream from a pipe."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgpu.logs import engine as _engine
from tfgpu.logs import reader as _reader
from tfgpu.logs.engine import Engine
from tfgpu.logs.reader import MAX_CACHE_BYTES, TemplateCache, cache_key, scan_view

ROOT = Path(__file__).resolve().parents[2]
#: The issue's bound for any explain input, MiB.
RSS_BOUND_MIB = 100

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/status")

#: Writes ``MIB`` MiB of one kind of hostile input to stdout.
GENERATOR = """\
import os, sys
kind, total = sys.argv[1], int(sys.argv[2]) << 20
out = sys.stdout.buffer
letters = bytes(97 + i % 26 for i in range(256))
n = 0
while n < total:
    if kind == "letters":      # random letters, never a newline
        b = os.urandom(1 << 20).translate(letters)
    elif kind == "unique":     # unique 4 KiB lines, no keyword
        b = b"".join(os.urandom(2047).hex().encode() + b"\\n" for _ in range(256))
    else:                      # unique 4 KiB lines, each a candidate (a keyword)
        b = b"".join(b"E cuda error " + os.urandom(2041).hex().encode() + b"\\n"
                     for _ in range(256))
    out.write(b)
    n += len(b)
"""

READER = """\
import contextlib, io, sys
from tfgpu.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    rc = main(["explain", "-"])
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
print(rc, hwm / 1024)
"""


def _explain_pipe(kind: str, mib: int) -> tuple[int, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    gen = subprocess.Popen([sys.executable, "-c", GENERATOR, kind, str(mib)],
                           stdout=subprocess.PIPE)
    try:
        out = subprocess.run([sys.executable, "-c", READER], stdin=gen.stdout,
                             capture_output=True, text=True, env=env, timeout=300)
    finally:
        assert gen.stdout is not None
        gen.stdout.close()
        gen.wait(timeout=30)
    assert out.returncode == 0, out.stderr
    rc, hwm = out.stdout.split()
    return int(rc), float(hwm)


@pytest.mark.parametrize(
    ("kind", "mib"),
    # Before the byte bounds these peaked at about size + 25 MiB (letters: the whole
    # input as cache keys; unique lines: the 200,000-entry cache).
    [("letters", 160), ("unique", 128), ("candidates", 64)],
)
def test_peak_memory_stays_under_100_mib(kind: str, mib: int) -> None:
    rc, hwm = _explain_pipe(kind, mib)
    assert rc in (0, 1)
    assert hwm < RSS_BOUND_MIB, f"{kind} {mib} MiB: peak RSS {hwm:.0f} MiB"


def test_the_reader_cache_is_bounded_by_bytes_not_entries() -> None:
    cache = TemplateCache(limit=10_000)
    keys = [bytes([65 + i % 26]) * 1000 + str(i).encode() for i in range(50)]
    cleared = 0
    for k in keys:
        if k not in cache.counts:
            if cache.make_room([k]):
                cleared += 1
                cache.account([k])
            cache.counts[k] = 0
        assert cache.nbytes <= 10_000
        assert sum(len(x) + 100 for x in cache.counts) == cache.nbytes
    assert cleared >= 4


def test_a_very_long_template_is_cached_by_its_scanned_view() -> None:
    long = b"a" * (5 << 20)
    assert cache_key(long) == scan_view(long)
    assert len(cache_key(long)) == 2 * _reader.MAX_SCAN_BYTES + 1
    assert cache_key(b"short line") == b"short line"


def test_the_engine_template_cache_is_bounded_by_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_engine, "MAX_TEMPLATE_BYTES", 200_000)
    eng = Engine()
    for i in range(2000):
        eng.feed(i + 1, "E cuda error " + "x" * 1500 + chr(0x4E00 + i))
        assert eng._template_bytes <= 200_000
    assert 0 < len(eng._templates) < 200
    assert eng.lines_fed == 2000


def test_the_default_bounds_leave_room_under_100_mib() -> None:
    assert MAX_CACHE_BYTES + _engine.MAX_TEMPLATE_BYTES + 2 * _reader.CHUNK_BYTES \
        + _reader.MAX_CARRY_BYTES < 32 << 20


def _wait_until_written(pid: int, nbytes: int, limit_s: float = 60.0) -> None:
    """Wait until process ``pid`` has written ``nbytes`` (``/proc/<pid>/io`` wchar): a writer
    into a pipe gets that far only once its reader reads, so the reader is past its start-up
    (a fixed sleep raced a slow import on a loaded machine).  Falls back to 2 s without /proc."""
    io = Path(f"/proc/{pid}/io")
    if not io.exists():
        time.sleep(2.0)
        return
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        fields = dict(line.split(": ") for line in io.read_text().splitlines())
        if int(fields["wchar"]) >= nbytes:
            return
        time.sleep(0.05)
    raise AssertionError(f"the writer wrote under {nbytes} bytes in {limit_s} s")


def test_ctrl_c_stops_explain_reading_an_endless_pipe() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    gen = subprocess.Popen([sys.executable, "-c", GENERATOR, "letters", str(1 << 20)],
                           stdout=subprocess.PIPE)
    assert gen.stdout is not None
    explain = subprocess.Popen([sys.executable, "-m", "tfgpu", "explain", "-"],
                               stdin=gen.stdout, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env, text=True)
    gen.stdout.close()
    try:
        _wait_until_written(gen.pid, 1 << 20)  # explain has read 1 MiB: well into the stream
        assert explain.poll() is None
        explain.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        _out, err = explain.communicate(timeout=10)
        assert time.monotonic() - t0 < 3
        assert explain.returncode == 130, err
        assert "interrupted" in err and "Traceback" not in err
    finally:
        for p in (explain, gen):
            if p.poll() is None:
                p.kill()
            p.wait()
