"""A long log line hard-wrapped by a paste where neither piece holds the message's keyword
whole, or where the keyword is on the second piece only (logs/engine.py ``_wrap_join``).

The pieces are joined only when the second does not start a new log record and a catalogue
pattern matches across the break (its match begins on the first piece and ends on the
second), so neither piece matches alone.  Lines are TensorFlow's own wordings
(common_runtime/direct_session.cc / gpu_device.cc "failed initializing StreamExecutor for
CUDA device ordinal N: ...", stream_executor/cuda/cuda_driver.cc "failed call to
cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY; total memory reported: N" and "failed to
enable peer access from 0x... to 0x...: CUDA_ERROR_TOO_MANY_PEERS: ..."), cut at other places.
"""

from __future__ import annotations

import io
import time

from tfgpu.explain import explain_lines, explain_stream
from tfgpu.logs import read_lines
from tfgpu.logs.engine import Engine

CTX_OOM = (
    "2018-03-01 10:00:00.000001: E tensorflow/core/common_runtime/direct_session.cc:154] "
    "Internal: failed initializing StreamExecutor for CUDA device ordinal 1: Internal: failed "
    "call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY; total memory reported: "
    "12788498432"
)
PEER = (
    "2020-02-01 09:00:00.000001: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1590] "
    "Unable to enable peer access between device ordinals 3 and 8, status: Internal: failed to "
    "enable peer access from 0x55d0c0a1b2c0 to 0x55d0c0f3d830: CUDA_ERROR_TOO_MANY_PEERS: peer "
    "mapping resources exhausted"
)


def _cut(line: str, at: str, *, keep_space: bool = False) -> list[str]:
    """``line`` broken before ``at`` (a paste's hard wrap); the space at the break is dropped
    unless ``keep_space``."""
    i = line.index(at)
    head = line[:i] if keep_space else line[:i].rstrip(" ")
    return [head, line[i:]]


def _ids(lines: list[str]) -> set[str]:
    return {f.id for f in explain_lines(lines)}


def _stream_ids(lines: list[str], chunk: int = 1 << 20) -> set[str]:
    data = ("\n".join(lines) + "\n").encode()
    return {f.id for f in explain_stream(io.BytesIO(data), chunk_bytes=chunk).findings}


def test_a_context_out_of_memory_cut_inside_the_call_name_is_read_as_memory() -> None:
    for at in ("CtxRetain: CUDA", "PrimaryCtxRetain", "Retain: CUDA_ERR"):
        lines = _cut(CTX_OOM, at)
        assert lines[0].endswith(("cuDevicePrimary", "cuDevice", "cuDevicePrimaryCtx")), lines
        hit = read_lines(lines).get("mem.cuda_oom").first[0]
        assert (hit.line, hit.g("ctx"), hit.g("total")) == (
            1, "cuDevicePrimaryCtxRetain", "12788498432")
        for found in (_ids(lines), _stream_ids(lines), _stream_ids(lines, chunk=7)):
            assert "gpu-memory-held-by-other-process" in found, found
            assert "gpu-stream-executor-init-failed" not in found, found


def test_the_context_out_of_memory_names_the_programs_own_workers() -> None:
    f = {x.id: x for x in explain_lines(_cut(CTX_OOM, "CtxRetain"))}[
        "gpu-memory-held-by-other-process"]
    assert "MPI ranks" in f.cause
    assert any("fewer processes per GPU" in x for x in f.fix)


def test_a_peer_access_failure_cut_at_a_word_boundary_keeps_its_cuda_error() -> None:
    lines = _cut(PEER, "peer access from")
    assert lines[0].endswith("failed to enable")
    errs = {h.g("err") for h in read_lines(lines).get("gpu.peer_access").all()}
    assert "CUDA_ERROR_TOO_MANY_PEERS" in errs
    for found in (_ids(lines), _stream_ids(lines), _stream_ids(lines, chunk=5)):
        assert "gpu-peer-access-limit" in found, found
    # and cut again one word later (the keyword "failed to enable peer access from" split)
    lines = _cut(PEER, "access from")
    errs = {h.g("err") for h in read_lines(lines).get("gpu.peer_access").all()}
    assert "CUDA_ERROR_TOO_MANY_PEERS" in errs


def test_a_next_line_that_starts_a_record_or_a_line_that_ends_a_sentence_is_not_joined() -> None:
    head, tail = _cut(CTX_OOM, "CtxRetain")
    for second in ("2018-03-01 10:00:01.000001: E x.cc:1] CtxRetain: CUDA_ERROR_OUT_OF_MEMORY",
                   "Traceback (most recent call last): CtxRetain: CUDA_ERROR_OUT_OF_MEMORY",
                   "E0301 10:00:01.000001 123 x.cc:1] CtxRetain: CUDA_ERROR_OUT_OF_MEMORY"):
        assert read_lines([head, second]).get("mem.cuda_oom").count == 0, second
    assert read_lines([head + ".", tail]).get("mem.cuda_oom").count == 0
    # not adjacent: a blank line between the pieces
    assert read_lines([head, "", tail]).get("mem.cuda_oom").count == 0


def test_a_message_whole_on_one_piece_is_not_recorded_twice() -> None:
    lines = [CTX_OOM, "and the next line goes on without a keyword"]
    assert read_lines(lines).get("mem.cuda_oom").count == 1
    # the first piece holds the whole message: the join adds no second hit
    assert read_lines([CTX_OOM + " while", "creating the context"]).get("mem.cuda_oom").count == 1


def test_the_join_keeps_one_line_and_stays_linear() -> None:
    eng = Engine()
    for i in range(1, 5):
        eng.feed(i, f"line {i} goes on and on")
    assert eng._prev is not None and eng._prev.line == 4  # one line kept, the last
    # 30,000 lines that all continue, half of them holding a keyword that fails alone
    lines = ["Internal: failed initializing StreamExecutor for CUDA device ordinal 0 and",
             "more CUDA_ERROR_OUT_OF_MEMORY text that wraps on and"] * 15_000
    # CPU time, not wall time: other jobs on a loaded machine do not count (the linear join
    # takes about 11 s of CPU here on a 2-vCPU machine; a join that grew with the kept text
    # would take far longer)
    start = time.process_time()
    facts = read_lines(lines)
    assert time.process_time() - start < 20
    assert facts.get("mem.cuda_oom").count == 0  # no context call on either piece


def test_a_message_wrapped_twice_mid_word_is_not_repeated_from_its_second_line() -> None:
    # a loader line hard-wrapped twice inside words: the
    # join records it at line 1; line 2 alone also reads as "libcudnn.so.8: cannot open
    # shared object file", the same message, and is not a second piece of evidence
    lines = ["2023-05-02 09:11:03.221: W tensorflow/tsl/platform/default/dso_loader.cc:66] "
             "Could not load dynamic library 'libcu",
             "dnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such "
             "file or dir",
             "ectory"]
    hits = read_lines(lines).get("lib.missing")
    assert [h.line for h in hits.all()] == [1]
    assert hits.all()[0].groups["lib"] == "libcudnn.so.8"
    # the same line 2 after an unrelated line is still read on its own
    assert [h.line for h in read_lines(["some other text", lines[1]]).get("lib.missing").all()] \
        == [2]
