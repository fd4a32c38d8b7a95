"""TensorFlow aborts on a failed CUDA runtime or cuDNN call: ``CHECK_EQ`` with the status number.

Source: the TF 2.21 wheel's libtensorflow_framework.so.2 and libtensorflow_cc.so.2 hold the
check texts ``err == cudaSuccess`` (gpu_cudamallocasync_allocator.cc), ``cudaFree(ptr) ==
cudaSuccess``, ``status == CUDNN_STATUS_SUCCESS`` and one ``cudnnCreateXxxDescriptor(&result)
== CUDNN_STATUS_SUCCESS`` / ``cudnnSetXxxDescriptor(...) == CUDNN_STATUS_SUCCESS`` per cuDNN
descriptor (stream_executor cuda_dnn.cc); TF 1.x cuda_dnn.cc aborts with "Check failed: status
== CUDNN_STATUS_SUCCESS (7 vs. 0)Failed to set cuDNN stream." and its cuda_solvers.cc with the
reversed ``CHECK_EQ(cudaSuccess, cudaStreamSynchronize(stream))`` ("(0 vs. 77)").  glog
prints a failed ``CHECK_EQ(a, b)`` as ``Check failed: a == b (va vs. vb)``: the status is a
bare number, decoded here through ``status_codes.toml`` as the CUDA driver's form is
(:mod:`tfgpu.diagnosis.checks.cuda_driver_checks`).

Numbering: cuDNN 9 numbers its statuses from 1000 up (cudnn_graph.h 9.6.0), cuDNN 8 from 0 to
14 (cudnn_ops_infer.h 8.2.1, the rows' ``legacy_value``), so a cuDNN number names one status
either way.  The CUDA runtime's table is driver_types.h of CUDA 12.6/13.x; the headers of CUDA
7.5 and 8.0 numbered the runtime's codes below 100 otherwise (there ``cudaErrorIllegalAddress
= 77``, ``cudaErrorInvalidPtx = 78``), so a runtime number below 100 is decoded with that
caveat and never claimed as a fault of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._code_claims import code_claim
from tfgpu.diagnosis.checks.foreign_status import describe_for_log
from tfgpu.diagnosis.checks.status_codes import describe, new_fault_finding
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import CudaError

#: The enum of each success value the check compares with (status_codes.toml ``[enums]``).
_ENUM_OF = {"cudaSuccess": "cudaError_t", "CUDNN_STATUS_SUCCESS": "cudnnStatus_t"}

#: CUDA runtime codes from this value up have one meaning in every driver_types.h tfgpu
#: has read; below it the CUDA 7.5/8.0 headers gave the numbers to other codes.
_RUNTIME_STABLE_FROM = 100

#: Said of a runtime number below :data:`_RUNTIME_STABLE_FROM`.
_OLD_RUNTIME_NUMBERING = (" CUDA runtimes of CUDA 8.0 and before numbered the runtime's codes "
                          "below 100 otherwise (their driver_types.h: 77 "
                          "cudaErrorIllegalAddress, 78 cudaErrorInvalidPtx), so for a "
                          "TensorFlow built with such a CUDA this reading may not hold.")


def _parts(hit: Hit) -> tuple[str, str, int] | None:
    """(the check as the log prints it, the enum, the status number) of a
    ``cuda.lib_check_eq`` hit."""
    ok = hit.g("ok") or hit.g("ok2")
    raw = hit.g("code") or hit.g("code2")
    if ok not in _ENUM_OF or raw is None:
        return None
    check = (f"{ok} == {(hit.g('call') or '').strip()}" if hit.g("ok")
             else f"{(hit.g('call2') or '').strip()} == {ok}")
    try:
        return check, _ENUM_OF[ok], int(raw)
    except ValueError:
        return None


def _what(check: str, enum: str, msg: str, program: str = "TensorFlow") -> str:
    """The sentence that says which check failed (as the log prints it) and which program
    checked it (another framework's log: that program, :attr:`Facts.other_framework`)."""
    lib = "cuDNN" if enum == "cudnnStatus_t" else "CUDA runtime"
    said = f", with the message '{msg}'" if msg else ""
    return (f"{program} checks a {lib} call's status with CHECK_EQ and aborted the process "
            f"when '{check}' failed{said}; it returned ")


def _decoded(row: CudaError, code: int) -> str:
    """The row's name and meaning for the number the log printed (a cuDNN 8 number says
    so: the row's own value is cuDNN 9's).  cuDNN releases before 8 number the statuses
    they have as cuDNN 8 does (0-13: Caffe's glog lines print "(3 vs. 0)
    CUDNN_STATUS_BAD_PARAM" under cuDNN 2, 3, 5 and 7: BVLC/caffe#2756, bear63/sceneReco#31,
    BVLC/caffe#5544, NVIDIA/caffe#435); cuDNN 9 moved them to 1000 and up (cudnn_graph.h)."""
    if row.code == code:
        return describe(row)
    return (f"{row.library or row.enum} returned {row.name} ({code} in cuDNN 8's numbering, "
            f"which earlier cuDNN releases share; {row.code} in cuDNN 9's): "
            f"{row.meaning.rstrip('.')}")


def _foreign_fix(ctx: Facts, program: str, enum: str) -> tuple[str, ...]:
    """Fix lines for another program's failed check (Caffe's CUDNN_CHECK, ...): which cuDNN
    or CUDA runtime it loads, and that program's tracker; no TensorFlow command."""
    lib = "cudnn" if enum == "cudnnStatus_t" else "cudart"
    find = (f"where.exe {lib}64_*.dll" if ctx.windows
            else f"ldconfig -p | grep lib{lib}")
    return (
        f"{find}   # the {'cuDNN' if lib == 'cudnn' else 'CUDA runtime'} libraries found: the "
        f"one {program} loads at run time must be the version it was built with",
        f"# install the cuDNN/CUDA release this {program} build supports, or rebuild {program} "
        "against the installed one (Caffe's CUDNN_STATUS_BAD_PARAM at a convolution layer: "
        "fixed by moving from cuDNN 5 to 6 in BVLC/caffe#5544 and HsinYingLee/OPN#2)",
        f"# search the exact 'Check failed' line in {program}'s issue tracker (this log is "
        f"{program}'s, not TensorFlow's)",
        "tfgpu doctor   # checks the host itself",
    )


def rule_library_check_eq(ctx: Facts, found: Sequence[Finding]) -> list[Finding]:
    """``Check failed: err == cudaSuccess (700 vs. 0)``, ``Check failed: cudnnCreateXxx(&result)
    == CUDNN_STATUS_SUCCESS (1001 vs. 0)``, ``Check failed: cudaSuccess == cudaXxx(...) (0 vs.
    N)``: the first such line, its status number decoded through ``status_codes.toml``
    (:meth:`~tfgpu.knowledge.Knowledge.status_code`).

    A code that names its fault whatever call returned it (a sticky kernel fault, the
    Exclusive_Thread compute mode: :func:`~tfgpu.diagnosis.checks._code_claims.code_claim`)
    gives that fault's finding; a ``new:<id>`` fault the cuda-status-code finding; any other
    code, a number the table lacks, or a runtime number below 100 (numbered otherwise by old
    CUDA headers) the ``unrecognised-error`` crash with the code's meaning: the process died
    on that status and tfgpu has no check that says why at that call.  Returns at most one
    finding.

    A post-pass, run by the engine after the checks: a line a finding in ``found`` quotes is
    explained already (cuDNN 8's "(3 vs. 0)batch_descriptor: {count: 0 ...}" is
    ``cudnn-bad-param``'s), so only the other lines are read; and a code that names no fault
    of its own adds nothing beside an error-level finding of ``found``."""
    covered = {e.line for f in found for e in f.evidence if e.line is not None}
    hits = [h for h in ctx.h("cuda.lib_check_eq").all() if h.line not in covered]
    if not hits:
        return []
    hit = hits[0]
    parts = _parts(hit)
    if parts is None:
        return []
    check, enum, code = parts
    msg = (hit.g("msg") or "").strip()
    row: CudaError | None = ctx.kb.status_code(enum, code)
    ev = log_evidence(hits, limit=2)
    old = enum == "cudaError_t" and code < _RUNTIME_STABLE_FROM
    # another program's CHECK_EQ (Caffe's CUDNN_CHECK in include/caffe/util/cudnn.hpp:
    # "CHECK_EQ(status, CUDNN_STATUS_SUCCESS) << \" \" << cudnnGetErrorString(status)"):
    # its words, not TensorFlow's reading of the status
    fw = ctx.other_framework
    lead = _what(check, enum, msg, fw or "TensorFlow")
    if row is not None and not old:
        claim = code_claim(row, lead=lead, evidence=ev)
        if claim is not None:
            return [claim]
        if row.maps_to.startswith("new:"):
            # glog prints CHECK_EQ(a, b) as "(a vs. b)": the status is on the side it was
            printed = f"(0 vs. {code})" if hit.g("ok") else f"({code} vs. 0)"
            return [new_fault_finding(ctx, row, hits[:2], printed=printed)]
    if any(f.severity is Severity.ERROR for f in found):
        # an error already names a cause (an earlier sticky kernel fault breaks every later
        # call): this code alone names none, so it adds no "cause unknown" beside it
        return []
    if row is None:
        lib = "cuDNN" if enum == "cudnnStatus_t" else "CUDA runtime"
        meaning = (f"{code}, which is no {enum} value in tfgpu's table (status_codes.toml), so "
                   f"the line does not say what failed in the {lib}.")
    else:
        said = describe_for_log(ctx, row, code) if fw else _decoded(row, code)
        meaning = (f"{code}: {said} (knowledge row {row.ref}). tfgpu has no "
                   "check that says why this call failed, so it makes no further guess.")
    found_here = catalogue.make(
        "unrecognised-error", variant="crash", evidence=ev,
        cause=lead + meaning + (_OLD_RUNTIME_NUMBERING if old else ""),
        fix=_foreign_fix(ctx, fw, enum) if fw else (
            "TF_CPP_MIN_LOG_LEVEL=0 python train.py   # every log line: the first CUDA or "
            "cuDNN error before the abort names the fault",
            "CUDA_LAUNCH_BLOCKING=1 python train.py   # kernels run one at a time: a kernel "
            "fault is reported at the op that caused it",
            "tfgpu doctor   # checks the host itself"),
        knowledge_ref=row.ref if row is not None else None,
    )
    # another program's log gets no TensorFlow tracker link
    return [dataclasses.replace(found_here, doc=None) if fw else found_here]
