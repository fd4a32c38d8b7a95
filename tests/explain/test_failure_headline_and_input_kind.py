"""The explain verdict on a failure and on a non-text input.

- A traceback's final exception makes ``program_failed`` true even when a specific pattern
  (not the generic exception one) took that line, e.g. TensorFlow's
  ``ResourceExhaustedError: OOM when allocating tensor ... on /device:GPU:N``.
- An allocation on a GPU device (an OOM on ``/device:GPU:N``, the ``GPU_N_bfc`` allocator)
  shows TensorFlow created that device: running out of its memory does not make
  ``gpu_usable`` false.
- When a finding quotes the failing exception line (also an honest unknown, category
  ``unknown``), the headline names that finding, not "tfgpu does not know why", also when
  the exception's message quotes a second exception (Ray's ``RayActorError`` followed by
  the actor's own error line).
- An input most of whose bytes are not text says so in the headline and the header.
"""

from __future__ import annotations

import io
import random

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report


def _report(data: bytes) -> Report:
    result = explain_stream(io.BytesIO(data))
    return explain_report(result.findings, result.stats, "in.log", died=result.died,
                          failure=result.failure)


# tensorflow/python/framework/errors_impl.py ResourceExhaustedError; the message wording
# is the BFC allocator's (tensorflow/core/common_runtime/bfc_allocator.cc)
@pytest.mark.parametrize("exc_line", [
    "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating "
    "tensor with shape[64,3,512,512] and type half on /job:localhost/replica:0/task:0/"
    "device:GPU:1 by allocator GPU_1_bfc",
    "tensorflow.python.framework.errors_impl.ResourceExhaustedError:  OOM when allocating "
    "tensor with shape[1024,4096] and type float on /job:worker/replica:0/task:0/device:GPU:0 "
    "by allocator GPU_0_bfc [Op:MatMul]",
])
def test_traceback_ending_in_gpu_oom_is_a_failure_on_a_usable_gpu(exc_line: str) -> None:
    text = ("Traceback (most recent call last):\n  File \"train.py\", line 12, in <module>\n"
            "    history = net.fit(ds, epochs=3)\n" + exc_line + "\n")
    rep = _report(text.encode())
    assert rep.verdict.program_failed is True
    assert rep.verdict.headline.startswith("The program failed (line 4)")
    assert rep.verdict.gpu_usable is True
    assert rep.meta["gpu_usable"].startswith("yes: TensorFlow allocated memory on a GPU")


def test_gpu_oom_without_a_traceback_is_no_death() -> None:
    rep = _report(b"ResourceExhaustedError: OOM when allocating tensor with shape[8,8] and "
                  b"type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
                  b"GPU_0_bfc\n")
    assert rep.verdict.program_failed is False
    assert rep.verdict.gpu_usable is True


def test_host_oom_is_no_gpu_evidence() -> None:
    rep = _report(b"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                  b"tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
                  b"allocating tensor with shape[8,8] and type float on /job:localhost/"
                  b"replica:0/task:0/device:CPU:0 by allocator cpu\n")
    assert rep.verdict.program_failed is True
    assert rep.verdict.gpu_usable is not True


# RLlib's rllib/evaluation/rollout_worker.py raises the RuntimeError; Ray wraps an actor's
# creation-task error in ray.exceptions.RayActorError (python/ray/exceptions.py)
@pytest.mark.parametrize("between", [
    "",
    "  File \"/opt/venv/lib/python3.10/site-packages/ray/rllib/evaluation/rollout_worker.py\","
    " line 500, in __init__\n    raise RuntimeError(\n",
])
def test_failure_quoted_by_an_unknown_category_finding_names_it(between: str) -> None:
    text = ("Traceback (most recent call last):\n  File \"run.py\", line 9, in <module>\n"
            "    algo = config.build()\n"
            "ray.exceptions.RayActorError: The actor died because of an error raised in its "
            "creation task, ray::RolloutWorker.__init__() (pid=4411, ip=172.17.0.2)\n"
            + between +
            "RuntimeError: GPUs were assigned to this worker by Ray, but your DL framework (tf)"
            " reports GPU acceleration is disabled. This could be due to a bad CUDA- or tf "
            "installation.\n")
    rep = _report(text.encode())
    ids = [f.id for f in rep.findings]
    assert "tensorflow-sees-no-gpu" in ids
    assert rep.verdict.program_failed is True
    assert "does not know why" not in rep.verdict.headline
    assert rep.verdict.headline.startswith("The program failed (line ")
    assert "no GPU" in rep.verdict.headline


def test_unknown_exception_still_does_not_know_why() -> None:
    rep = _report(b"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                  b"FrobnicateError: the widget jammed\n")
    assert rep.verdict.program_failed is True
    assert "does not know why" in rep.verdict.headline


def test_binary_input_says_it_is_not_a_text_log() -> None:
    rng = random.Random(7)
    data = bytes(rng.getrandbits(8) for _ in range(200_000))
    rep = _report(data)
    assert rep.verdict.headline.startswith("The input does not look like a text log (")
    assert "% of its bytes are control bytes" in rep.verdict.headline
    assert "binary line" in rep.meta["not_text"]


def test_text_log_with_ansi_colours_is_a_text_log() -> None:
    line = b"\x1b[32mEpoch 1/3\x1b[0m 10/10 [==========] - 1s 5ms/step - loss: 0.5\r\n"
    rep = _report(line * 500)
    assert "not look like a text log" not in rep.verdict.headline
    assert "not_text" not in rep.meta
