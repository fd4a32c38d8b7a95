"""Fuzz ``explain_lines`` and ``explain_stream``: 10,000 mutated logs, no exception escapes.

Seeds are the recorded TensorFlow logs (``tests/fixtures/recorded/tf-logs``) and every
case log (``tests/fixtures/cases/*.json``).  Each example takes one, then: replaces
numbers with huge or odd ones (``99999999999999999999``, a 400-digit number, ``1e400``,
``nan``, ``0..``), splices in lines of other logs, cuts, repeats or deletes lines, inserts
brackets, quotes, NUL, ``\\r``, non-ASCII; adds a line of the OOM and allocator forms with
huge shapes (``shape[99999999999999999999]``, 300 dimensions); sometimes passes host facts
(every fixture snapshot); and runs ``explain_lines`` or ``explain_stream`` (bytes,
sometimes UTF-16 or invalid UTF-8).

Any exception fails, wherever it is raised.  ``TFGPU_FUZZ_LOGS`` sets the number of
examples (default 10,000); the run is derandomized unless ``TFGPU_FUZZ_RANDOM=1``.
"""

from __future__ import annotations

import io
import json
import os
import re
import traceback
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixture_helpers import fixture_hosts
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.facts import HostFacts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXAMPLES = int(os.environ.get("TFGPU_FUZZ_LOGS", "10000"))


def _seed_logs() -> list[list[str]]:
    logs = [p.read_text(encoding="utf-8", errors="replace").splitlines()
            for p in sorted((FIXTURES / "recorded" / "tf-logs").glob("*")) if p.is_file()]
    for p in sorted((FIXTURES / "cases").glob("*.json")):
        log = json.loads(p.read_text(encoding="utf-8")).get("log")
        if log:
            logs.append(log.splitlines())
    return [log for log in logs if log]


LOGS = _seed_logs()
FACTS = fixture_hosts()
NUMBERS = ["99999999999999999999", "1" + "0" * 400, "1e400", "nan", "0..", "-1", "0",
           "4294967296", "18446744073709551616", "9" * 2000, "0.0000", ".", "1.2.3.4"]
INSERTS = ["(", ")", "'", '"', ":", "[", "]", ",", " ", "\x00", "\r", "\t", "é", "找不到",
           "\ufffd", "\x1b[31m", "  ", "GPU:0", "CUDA_ERROR_", "libcudnn.so.8"]
#: Message forms with numbers the rules compute with (sizes, shapes, versions).
FORMS = [
    "OOM when allocating tensor with shape[{n}] and type float on /job:localhost/replica:0/"
    "task:0/device:GPU:0 by allocator GPU_0_bfc",
    "OOM when allocating tensor with shape[{dims}] and type double",
    "Allocator (GPU_0_bfc) ran out of memory trying to allocate {n}.5GiB",
    "failed to allocate {n}G ({n} bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory;"
    " total memory reported: {n}",
    "Profiling failure on CUDNN engine 1#TC: RESOURCE_EXHAUSTED: Allocating {n} bytes exceeds "
    "the memory limit of {n} bytes",
    "Total memory: {n}GiB", "Free memory: {n}MiB",
    "Created device /job:localhost/replica:0/task:0/device:GPU:{n} with {n} MB memory:  -> "
    "device: 0, name: X, pci bus id: 0000:01:00.0, compute capability: {n}.{n}",
    "Ignoring visible gpu device (x) with Cuda compute capability {n}.5. The minimum required "
    "Cuda capability is 3.5.",
    "kernel reported version is: {n}.1.1", "ptxas {n}.0.0 has a bug",
    "Loaded runtime CuDNN library: {n} but source was compiled with {n}.",
    "Driver Version: {n}.1   CUDA Version: {n}.1",
    "Could not load dynamic library 'libcudart.so.{n}'; dlerror: x",
]
_NUM = re.compile(r"\d+")


@st.composite
def mutated_log(draw: st.DrawFn) -> list[str]:
    lines = list(draw(st.sampled_from(LOGS)))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["numbers", "numbers", "splice", "delete", "insert", "cut",
                                   "repeat", "form"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            lines = [""]
        line = lines[i]
        if op == "numbers":
            big = draw(st.sampled_from(NUMBERS))
            lines[i] = _NUM.sub(big, line, count=draw(st.integers(0, 3)))
        elif op == "splice":
            other = draw(st.sampled_from(LOGS))
            lines.insert(i, other[draw(st.integers(0, len(other) - 1))])
        elif op == "delete":
            del lines[i]
        elif op == "insert":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.sampled_from(INSERTS)) + line[at:]
        elif op == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif op == "repeat":
            lines[i] = line * draw(st.integers(2, 4))
        else:
            n = draw(st.sampled_from(NUMBERS))
            dims = ",".join([n] * draw(st.sampled_from([1, 4, 300])))
            lines.insert(i, draw(st.sampled_from(FORMS)).format(n=n, dims=dims))
    return lines


#: Rule exceptions seen (input line, exception, file:line), for the report.


def _run(lines: list[str], facts: HostFacts | None, how: str) -> None:
    if how == "lines":
        explain_lines(lines, facts)
        return
    text = "\n".join(lines)
    if how == "utf-16":
        data = text.encode("utf-16", "surrogatepass")
    elif how == "latin-1":
        data = text.encode("utf-8", "surrogatepass") + b"\xff\xfe\x80 \xc3\n"
    else:
        data = text.encode("utf-8", "surrogatepass")
    explain_stream(io.BytesIO(data), facts, chunk_bytes=4096)


def _where(exc: BaseException) -> tuple[str, int]:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "tfgpu" in f.filename]
    last = frames[-1] if frames else traceback.extract_tb(exc.__traceback__)[-1]
    return last.filename, last.lineno or 0


@pytest.mark.skipif(not LOGS, reason="no recorded logs")
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          derandomize=os.environ.get("TFGPU_FUZZ_RANDOM") != "1",
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lines=mutated_log(), facts_i=st.integers(-len(FACTS), len(FACTS) - 1),
       how=st.sampled_from(["lines", "lines", "stream", "utf-16", "latin-1"]))
def test_mutated_logs_never_raise(lines: list[str], facts_i: int, how: str) -> None:
    facts = FACTS[facts_i] if facts_i >= 0 else None
    _run(lines, facts, how)


#: Numbers no allocation can have, in the memory messages the checks compute with (they
#: once raised OverflowError there): each must give findings, never an exception.
HUGE_NUMBER_LINES = [
    "Profiling failure on CUDNN engine 1#TC: RESOURCE_EXHAUSTED: Allocating 4718624784 bytes "
    "exceeds the memory limit of " + "1" + "0" * 400 + " bytes",
    "Profiling failure on CUDNN engine 1: RESOURCE_EXHAUSTED: Allocating " + "1" + "0" * 400
    + " bytes exceeds the memory limit of 1 bytes",
    "failed to allocate 1G (1 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory; "
    "total memory reported: " + "1" + "0" * 400,
    "OOM when allocating tensor with shape[" + ",".join(["99999"] * 300) + "] and type double",
    "could not allocate pinned host memory of size: " + "9" * 300,
]


@pytest.mark.parametrize("line", HUGE_NUMBER_LINES, ids=range(len(HUGE_NUMBER_LINES)))
def test_huge_numbers_in_memory_messages_give_findings(line: str) -> None:
    assert explain_lines([line])


def test_the_seeds_are_all_there() -> None:
    assert len(LOGS) >= 30 and len(FACTS) >= 30
