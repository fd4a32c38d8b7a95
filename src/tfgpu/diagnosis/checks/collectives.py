"""Tf.distribute collectives (all-reduce, broadcast, gather) aborted or timed out.

Source: tensorflow/core/common_runtime/base_collective_executor.cc (TF 1.11 to 2.21; the
strings read in the 2.21 wheel's libtensorflow_framework.so.2): ``StartAbort(s)`` logs
``BaseCollectiveExecutor::StartAbort <status>`` and turns every later collective's status into
``Collective ops is aborted by: <s>`` + "The error could be from a previous operation. Restart
your program to reset."  So the words after "aborted by" are the cause; the abort only
repeats it.  The executor's watchdogs fail a collective with DEADLINE_EXCEEDED "Collective has
timed out waiting for other workers." (parameter resolution: another member never joined) or
"Collective has timed out during execution." (tensorflow's collective_ops_test exercises both
with a member that starts late).

What the first error is decides the finding:

* an NCCL error (``NCCL: unhandled system error``...): nccl-error's (not repeated here);
* ``Out of range: End of sequence`` (a tf.data iterator ended at an epoch's end; TF 1.11-2.x
  logged it at W level every epoch: tensorflow/tensorflow#22484, #31509): harmless;
* a timeout: another member (worker or replica) never joined in time;
* gRPC's words for a worker that is gone (``failed to connect to all addresses``, ``Socket
  closed``, ``Connection reset by peer``, ``Deadline Exceeded``): the connection to another
  worker was lost;
* a GPU-stack error (cuBLAS, cuDNN, out of memory, CUDA, XLA): left to the findings that read
  its own line;
* anything else: quoted, as the cause (hedged: tfgpu does not know it).

An input's end that a collective all-reduce could not get past (:func:`collective_input_end`)
is no notice: the program's ``OutOfRangeError: [_Derived_]End of sequence`` naming
``[[CollectiveReduce_N]]`` / ``[Op:__inference_collective_all_reduce_N]``, or the ring
algorithm's own E-level ``Aborting RingReduce with Out of range: End of sequence``
(tensorflow v2.0.0 core/common_runtime/ring_alg.cc ``RingAlg::StartAbort``).  The TensorFlow
maintainers' answer (tensorflow/tensorflow#36153, guptapriya 2020-06-08): "MultiWorkerMirrored
Strategy doesn't handle last partial batch correctly. To remedy the error, please pass
steps_per_epoch argument (and use repeat in your dataset accordingly for multiple epochs)
... We expect to have this fixed by TF 2.3" (the same fix confirmed in tensorflow/tensorflow
#25254).  A later ``StartAbort Cancelled`` is then its consequence, not a cause of its own.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: gRPC status texts of a peer worker that is unreachable or gone (grpc core: "failed to
#: connect to all addresses", "Socket closed", "Connection reset by peer", "Connection
#: refused", "Deadline Exceeded", "Stream removed"), as TensorFlow's distributed runtime
#: passes them through.
_PEER = re.compile(r"failed to connect to all addresses|Socket closed|Connection reset by peer"
                   r"|Connection refused|Deadline Exceeded|Stream removed|connection attempt "
                   r"timed out|Connection timed out", re.I)


def _input_ended(h: Hit, inner: str) -> bool:
    """Whether the abort on ``h`` (its status text ``inner``) is a tf.data input's end:
    "End of sequence", also as a paste's hard wrap leaves it ("End of seq" / "uence", which
    the log reader joins with a space), or an OUT_OF_RANGE status whose text the wrap cut
    inside those words."""
    squashed = re.sub(r"\s+", "", inner).lower()
    if "endofsequence" in squashed:
        return True
    # the status cut inside "End of sequence": an OUT_OF_RANGE code says so from "End of",
    # the code-less "Collective ops is aborted by:" form from "End of s"
    code = (h.g("code") or "").replace("_", " ").lower()
    if code not in ("", "out of range"):
        return False  # another status, whatever its text
    shortest = len("endof") if code else len("endofs")
    return len(squashed) >= shortest and "endofsequence".startswith(squashed)
_NCCL = re.compile(r"\bNCCL\b")
#: First errors of the GPU stack other checks read from their own lines (cuBLAS/cuDNN/MIOpen
#: launch and handle failures, a convolution without a DNN algorithm: "Failed to find conv
#: algorithm!" in tensorflow-rocm logs, out of memory, CUDA errors, XLA/ptxas): the abort only
#: repeats them, so this check stays quiet and leaves them to those findings (or to
#: unrecognised-error).
_GPU_STACK = re.compile(r"NCCL|Blas|DNN|ThenRnn|conv(?:olution)? algorithm|MIOpen|\bOOM\b"
                        r"|out of memory"
                        r"|Resource ?exhausted|RESOURCE_EXHAUSTED|CUDA|ptxas|\bXLA\b", re.I)
_TIMEOUT = re.compile(r"Collective has timed out", re.I)
#: An abort whose status is only the cancellation another abort caused ("Cancelled:
#: [_Derived_]Cancelled", with gRPC's "Additional GRPC error information:" after it).
_CANCELLED = re.compile(r"^(?:\[_Derived_\]\s*)?Cancelled\b", re.I)
#: How far below the OutOfRangeError line its "[[CollectiveReduce_N]]" node line may stand.
_NODE_BELOW = 8


#: How far below "OutOfRangeError: N root error(s) found." its "(0) Out of range: End of
#: sequence" line may stand (the root errors' node lines between).
ROOTS_BELOW = 8


def raised_end_of_sequence(f: Facts) -> list[Hit]:
    """The program's own ``OutOfRangeError ... End of sequence`` lines (pattern
    ``data.end_of_sequence``): the exception line, or "OutOfRangeError: N root error(s)
    found." with an "(N) Out of range: End of sequence" root under it (a root line alone,
    under another exception class, is no failure of its own)."""
    every = f.h("data.end_of_sequence").all()
    roots = [h for h in every if h.g("root")]
    return [h for h in every if not h.g("root") and (
        not h.g("roots") or any(0 < r.line - h.line <= ROOTS_BELOW for r in roots))]


def collective_input_end(f: Facts) -> tuple[list[Hit], list[Hit]]:
    """``(raised, ring)``: the program's ``OutOfRangeError ... End of sequence`` lines with
    a collective all-reduce named under them (``ctx.collective_reduce_node`` within
    :data:`_NODE_BELOW` lines), and the ring algorithm's E-level aborts on an input's end
    (``collective.ring_abort``).  dataset_end.py stands down for the first."""
    nodes = [n.line for n in f.h("ctx.collective_reduce_node").all()]
    # (a multi-root error's node lines stand under its roots: twice as far)
    raised = [h for h in raised_end_of_sequence(f)
              if any(0 <= n - h.line <= _NODE_BELOW * (2 if h.g("roots") else 1)
                     for n in nodes)]
    ring = [h for h in f.h("collective.ring_abort").all()
            if _input_ended(h, h.g("inner") or "")]
    return raised, ring


def collective_aborted(f: Facts) -> list[Finding]:
    """``collective-ops-aborted`` (variants ``timeout``, ``peer``; the default is hedged and
    quotes the first error) and ``collective-end-of-sequence-notice`` (harmless)."""
    aborted = f.h("collective.aborted").all()
    timeouts = f.h("collective.timeout").all()
    raised, ring = collective_input_end(f)
    if not aborted and not timeouts and not raised and not ring:
        return []
    inners = [(h, (h.g("inner") or h.g("inner2") or "").strip()) for h in aborted]
    # the first error that is not the end of an input
    real = [(h, t) for h, t in inners if not _input_ended(h, t)]
    ended = [h for h, t in inners if _input_ended(h, t)] + ring
    # the input's end came first and every other abort only cancels what it left: the end
    # of the input is the cause (tensorflow/tensorflow#33531: "End of sequence", then
    # "Cancelled", then the program's OutOfRangeError from CollectiveReduce)
    first_end = min((h.line for h in ended), default=None)
    ended_first = (not timeouts and (raised or ended)
                   and all(_CANCELLED.search(t) and (first_end is None or h.line > first_end)
                           for h, t in real))
    if ended_first and (raised or ring or real):
        return [catalogue.make(
            "collective-ops-aborted", variant="input-ended" if raised else "input-ended-logged",
            # every end-of-input abort line: known_harmless.py must not call one harmless
            evidence=log_evidence(ended, raised[:1], [h for h, _ in real][:1], limit=12),
        )]
    if aborted and not real and not timeouts and raised_end_of_sequence(f):
        # the program died on the End of sequence (a MirroredStrategy's multi-device
        # iterator, no all-reduce named): dataset_end.py reads the raised exception; the
        # aborts are its own lines, not a harmless epoch end
        return []
    if aborted and not real and not timeouts:
        return [catalogue.make("collective-end-of-sequence-notice",
                               evidence=log_evidence(aborted[:2]))]
    if any(_NCCL.search(t) for _, t in real) or f.h("nccl.error").count:
        return []  # nccl-error reads NCCL's code and WARN lines
    evidence = log_evidence(timeouts, [h for h, _ in real])
    if timeouts or any(_TIMEOUT.search(t) for _, t in real):
        phase = next((h.g("phase") for h in timeouts if h.g("phase")), None)
        during = phase == "during execution"
        return [catalogue.make(
            "collective-ops-aborted", variant="timeout", evidence=evidence,
            cause=("A collective op (the all-reduce or broadcast tf.distribute runs between "
                   "workers or GPUs) hit its timeout "
                   + ("while it ran: a member stopped sending midway"
                      if during else "waiting for the other members to join it")
                   + ". The other worker (or replica) crashed, hung, ran out of memory, was "
                   "still starting, or runs a different program path or cluster "
                   "configuration; this log is only the one that waited. Its own error, if "
                   "any, is in the OTHER worker's log."),
            fix=("# read the other workers' logs (the first error there is the cause); "
                 "restart all workers together",
                 "# check every worker gets the same TF_CONFIG cluster (its own task index) "
                 "and the same number of GPUs, and calls the same steps (same dataset size "
                 "per worker: shard or repeat the input so no worker runs out first)",
                 "# a slow start (large model, data loading) can need a longer timeout: "
                 "tf.distribute.experimental.CommunicationOptions(timeout_seconds=...)"),
        )]
    peer = next(((h, m.group(0)) for h, t in real if (m := _PEER.search(t))), None)
    if peer is not None:
        return [catalogue.make(
            "collective-ops-aborted", variant="peer", what=peer[1], evidence=evidence,
            cause=(f"A collective was aborted because the connection to another worker "
                   f"failed ('{peer[1]}', gRPC's words): that worker is not running (it "
                   "crashed, was killed or was never started), or its address in TF_CONFIG "
                   "is wrong or not reachable (a firewall, a container network, another "
                   "port). The cause is on the other side: its log says why it stopped."),
            fix=("# read the other workers' logs: a worker that died first (OOM, an error, "
                 "Killed) is the cause",
                 "# check TF_CONFIG's cluster addresses and ports on every worker, and that "
                 "each worker can reach the others (nc -vz <host> <port>)"),
        )]
    if not real or _GPU_STACK.search(real[0][1]):
        return []
    h, text = real[0]
    return [catalogue.make(
        "collective-ops-aborted", evidence=evidence,
        cause=(f"TensorFlow aborted the collective ops (multi-GPU or multi-worker all-reduce) "
               f"after an error (line {h.line}): '{text[:200]}'. That error is the cause; the "
               "abort and the errors after it only repeat it. tfgpu does not know this error "
               "itself."),
        fix=("# look for the FIRST error line before the abort (and in the other workers' "
             "logs): fix that one",
             "search the error after 'aborted by:' in the TensorFlow issue tracker"),
    )]


__all__ = ["collective_aborted", "collective_input_end"]
