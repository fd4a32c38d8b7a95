"""TensorFlow 1.x ``cuda_driver.cc`` aborts on a failed CUDA driver call: ``CHECK_EQ``.

Source: tensorflow/stream_executor/cuda/cuda_driver.cc (TF 1.x, e.g. at
tensorflow/tensorflow@4ccbd3e97c47b28a0102d64b9bb6ed569f40834e) checks some driver calls with
``CHECK_EQ(CUDA_SUCCESS, cuXxx(...))``: ``GpuDriver::CreateContext`` its
``cuDevicePrimaryCtxGetState`` / ``cuDevicePrimaryCtxSetFlags`` / ``cuCtxSetCurrent`` calls,
``ScopedActivateContext`` its ``cuCtxSetCurrent`` (TF 0.x: ``dynload::cuCtxSetCurrent``).  glog
prints a failed ``CHECK_EQ(a, b)`` as ``Check failed: a == b (va vs. vb)``, so the CUresult is
a bare number ("(0 vs. 303)").  The number is decoded through ``status_codes.toml`` (cuda.h
``enum CUresult``): its name and meaning, with the next steps for that code.  A failed
context call is the GPU's initialisation failing (``gpu-stream-executor-init-failed``); any
other call gets ``cuda-driver-call-check-failed``.  The same file's FAIL_IF_CUDA_RES_ERROR
(``ScopedActivateContext``: "Failed setting context: CUDA_ERROR_X: text") names the code:
switching to an existing context failed, ``cuda-driver-call-check-failed`` too.  With
CUDA_ERROR_NOT_INITIALIZED the threads (tensorflow/tensorflow#57877, #41450, #44137, #29876)
are all a process forked after TensorFlow had initialised CUDA (multiprocessing's "fork",
Keras ``use_multiprocessing=True``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._code_claims import code_claim, names_host_fault
from tfgpu.diagnosis.checks._context_codes import context_code_finding
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import CudaError

#: Driver calls that make, query or switch to the GPU's context: their failure means the GPU
#: could not be initialised for this process (cuda.h, "Primary Context Management" and
#: "Context Management" groups, plus cuInit and the device queries).
_CONTEXT_CALLS = ("cuInit", "cuDeviceGet", "cuDevicePrimaryCtx", "cuCtxCreate",
                  "cuCtxSetCurrent", "cuCtxGetCurrent", "cuCtxGetDevice", "cuCtxPushCurrent",
                  "cuCtxPopCurrent", "cuCtxSetFlags")

#: What to run next for the codes reports of these aborts show, by CUresult value (meanings:
#: status_codes.toml).  Codes not listed get the generic lines.
_NEXT_BY_CODE: dict[int, tuple[str, ...]] = {
    2: ("nvidia-smi   # which processes already hold the GPU's memory",),
    3: ("# CUDA was not initialised in this process: a process forked after CUDA started "
        "(multiprocessing 'fork') cannot use it; use the 'spawn' start method",
        "# Keras: fit(..., use_multiprocessing=False), or create the workers before TensorFlow "
        "touches the GPU"),
    4: ("# the CUDA driver was shutting down (the call ran while the process exited): look for "
        "the first error before this line; the abort at exit is its consequence",),
    46: ("nvidia-smi -q -d COMPUTE   # 'Exclusive Process' allows one process, 'Prohibited' none",),
    216: ("nvidia-smi -q -d COMPUTE   # 'Exclusive_Thread': TensorFlow cannot run in that "
          "compute mode (tensorflow/tensorflow#526)",
          "sudo nvidia-smi --compute-mode=0   # Default (or 3: Exclusive_Process); on a shared "
          "cluster ask the administrator or the scheduler for that mode"),
    100: ("nvidia-smi   # does the driver list a GPU?",
          "echo $CUDA_VISIBLE_DEVICES   # an empty or -1 value hides every GPU"),
    101: ("nvidia-smi -L   # the GPUs the driver sees; CUDA_VISIBLE_DEVICES renumbers them "
          "from 0",),
    201: ("# the context is not current in this thread or was destroyed: a process forked after "
          "CUDA started, or GPU work from another thread after shutdown",),
    303: ("nvidia-smi   # no output or 'command not found': no working NVIDIA driver on this "
          "machine (a CPU-only machine needs the CPU build or must hide the GPU: "
          "CUDA_VISIBLE_DEVICES=-1)",
          "# a driver is installed: reinstall it or reboot (a libcuda that does not match the "
          "loaded kernel module fails to initialise); in a container, start it with --gpus all"),
    999: ("sudo dmesg | grep -i -E 'xid|nvrm'   # the driver's own record of the failure",
          "# reboot or reload the driver (after a driver update or a suspend/resume this is "
          "common)"),
}

#: Fallback next steps (the CUresult meaning names the fault).
_GENERIC: tuple[str, ...] = (
    "nvidia-smi   # does the driver see the GPU, and which processes use it?",
    "sudo dmesg | grep -i -E 'xid|nvrm'   # driver faults",
)


#: Said when the code names no host fault (status_codes.toml ``generic``/``harmless``/
#: ``context``, or a number the table lacks): the call failed and the log does not say why.
_NO_HOST_FAULT = (" The code names no host fault in cuda.h (an API-usage or internal error, or "
                  "a follow-on of an earlier failure), so this line alone does not say why: "
                  "the first CUDA error before it, or the steps below, tell more.")


#: cuda.h's CUresult 100: "no CUDA-capable device is detected by the installed CUDA driver".
_NO_DEVICE = "CUDA_ERROR_NO_DEVICE"

#: The next steps when CUDA_ERROR_NO_DEVICE follows a GPU the log shows found.
_SEEN_NEXT: tuple[str, ...] = (
    "sudo dmesg | grep -i -E 'xid|nvrm|fallen off'   # the GPU lost or the driver reset after "
    "the start",
)


def gpu_seen_before(ctx: Facts, hit: Hit) -> Hit | None:
    """The first line before ``hit`` where TensorFlow found, registered or created a GPU
    (gpu_device.cc's "Found device N with properties", "Adding visible gpu devices: N",
    "Created TensorFlow device ... GPU:N": patterns ``gpu.props``, ``cc.adding``,
    ``gpu.created``), or ``None``."""
    seen = [h for n in ("gpu.props", "cc.adding", "gpu.created") for h in ctx.h(n).all()
            if h.line < hit.line]
    return min(seen, key=lambda h: h.line) if seen else None


#: CUresult values whose own next steps stay even in a forked child: out of memory and the
#: compute-mode refusals name a fault of their own.
_NOT_FORK_CODES = frozenset({2, 46, 216})

#: The next steps when the GPU worked earlier in the log and the call failed in a child
#: process (see :func:`forked_after_gpu`).
FORK_NEXT: tuple[str, ...] = (
    "multiprocessing.set_start_method('spawn')   # first thing under if __name__ == "
    "'__main__': a spawned child starts a fresh process that initialises CUDA itself",
    "# or: create the worker processes (or the Pool) before TensorFlow touches the GPU; Keras: "
    "fit(..., use_multiprocessing=False)",
)


def forked_after_gpu(ctx: Facts, hit: Hit) -> tuple[Hit, Hit] | None:
    """(device-created hit, fork hit) when the log created a GPU device before ``hit`` and
    shows a process started by multiprocessing (``ctx.forked_child``): the driver worked in
    the parent, and a child forked after CUDA was initialised cannot use it, whatever CUresult
    the child's first context call then returns (here, the CUDA runtime's
    ``cudaGetDevice()``/implicit initialisation and ``cuInit`` with "initialization error"
    too: :mod:`tfgpu.diagnosis.checks.driver`, :mod:`...cudart_stub_status`).  None
    otherwise."""
    created = [h for h in ctx.h("gpu.created").all() if h.line < hit.line]
    forks = fork_shown(ctx)
    if not created or not forks:
        return None
    return created[0], forks[0]


def fork_shown(ctx: Facts) -> list[Hit]:
    """The ``ctx.forked_child`` hits, when nothing in the log says the children were not
    forked: a spawn start method or spawn context (``ctx.spawned_child``), or Windows, which
    has no fork (CPython's multiprocessing spawns there).  ``[]`` otherwise."""
    if ctx.windows or ctx.h("ctx.spawned_child").count:
        return []
    return ctx.h("ctx.forked_child").all()


#: The CUDA runtime's start-up failure a forked child gets: cudaErrorInitializationError (3,
#: cudaGetErrorString "initialization error"), printed by gpu_device.cc as "cudaGetDevice()
#: failed. Status: initialization error" or "CUDA runtime implicit initialization on GPU:0
#: failed. Status: initialization error" (tensorflow/tensorflow#57877, #41450).
FORKED_RUNTIME_ERROR = "cudaErrorInitializationError"


def runtime_failed_in_fork(ctx: Facts) -> bool:
    """Whether the log shows the CUDA runtime failing to start with "initialization error"
    in a process :func:`forked_after_gpu` reads as forked (``cuda.runtime_call_status``,
    ``cuda.runtime_init``): ``cuda-runtime-init-failed`` (variant ``forked``) names the fork,
    and cuInit's CUDA_ERROR_NOT_INITIALIZED in the same child is that failure's own line."""
    for name in ("cuda.runtime_call_status", "cuda.runtime_init"):
        for hit in ctx.h(name).all():
            row = ctx.kb.runtime_error_by_text((hit.g("text") or "").strip())
            if row is not None and row.name == FORKED_RUNTIME_ERROR \
                    and forked_after_gpu(ctx, hit) is not None:
                return True
    return False


def forked_runtime_finding(ctx: Facts, hits: list[Hit] | Hits, forked: tuple[Hit, Hit], *,
                           call: str, text: str, name: str, code: str, meaning: str,
                           ref: str) -> Finding:
    """``cuda-runtime-init-failed`` variant ``forked``: the CUDA runtime's "initialization
    error" in a process forked after TensorFlow had initialised CUDA
    (:func:`forked_after_gpu`), with the device-created and fork lines, and the child's
    cuInit CUDA_ERROR_NOT_INITIALIZED line when the log has one."""
    created, fork = forked
    cuinit = [h for h in ctx.h("cuinit").all() if h.g("name") == "CUDA_ERROR_NOT_INITIALIZED"]
    return catalogue.make(
        "cuda-runtime-init-failed", variant="forked", call=call, text=text, name=name,
        code=code, meaning=meaning, ref=ref, created=created.line, fork=fork.line,
        evidence=log_evidence(hits, [created, fork], cuinit[:1]), knowledge_ref=ref,
    )


def fork_words(created: Hit, fork: Hit) -> str:
    """The cause sentence of :func:`forked_after_gpu`'s reading, with its two lines."""
    return (f" But this log created a GPU device earlier (line {created.line}), so the driver "
            f"and the GPU worked, and the failing call ran in a process started by Python's "
            f"multiprocessing (line {fork.line}): most likely that process was forked after "
            "TensorFlow had initialised CUDA, and a forked child cannot use its parent's CUDA "
            "state (CUDA is not fork-safe; tensorflow/tensorflow#57877). Use the 'spawn' start "
            "method.")


def _code(hit: Hit) -> int | None:
    raw = hit.g("code") or hit.g("code2")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


def _meaning(code: int, row: CudaError | None) -> str:
    if row is None:
        return (f"{code}, which is no CUresult value in tfgpu's table (cuda.h enum CUresult), "
                "so the line does not say what failed")
    return f"{row.name} ({row.code}): {row.meaning.rstrip('.')} (knowledge row {row.ref})"


#: cuCtxSetCurrent returning CUDA_ERROR_NOT_INITIALIZED when switching to a context that
#: exists (ScopedActivateContext: TF 1.x's CHECK_EQ, later FAIL_IF_CUDA_RES_ERROR).
_FORKED_CONTEXT = (" Here TensorFlow is switching to a context it created earlier, so CUDA had "
                   "started in the process that made it, and this process cannot use it: in "
                   "every report of this line the process was forked after TensorFlow had "
                   "initialised CUDA "
                   "(multiprocessing's default 'fork' start method on Linux, Keras "
                   "use_multiprocessing=True, a parent that listed the GPUs with device_lib "
                   "before starting its workers; tensorflow/tensorflow#57877, #41450), and a "
                   "forked child cannot use its parent's CUDA context.")


def cuda_check_eq_failed(ctx: Facts) -> list[Finding]:
    """``Check failed: CUDA_SUCCESS == cuXxx(...) (0 vs. N)`` (or ``cuXxx(...) ==
    CUDA_SUCCESS (N vs. 0)``): the first such line, its CUresult ``N`` decoded through
    ``status_codes.toml``.  A context/device call gives ``gpu-stream-executor-init-failed``
    (the GPU could not be initialised); any other call ``cuda-driver-call-check-failed``
    (category ``memory`` for CUDA_ERROR_OUT_OF_MEMORY).  Returns at most one finding."""
    hits = ctx.h("driver.cu_check_eq").all()
    if not hits:
        return []
    hit = hits[0]
    call = hit.g("call") or hit.need("call2")  # one alternative or the other
    code = _code(hit)
    if code is None:
        return []
    row = ctx.kb.cuda_error(code)
    claim = code_claim(row, evidence=log_evidence(hits, limit=2),
                       lead=f"TensorFlow's CUDA driver layer checks {call} with CHECK_EQ and "
                            "aborts the process when it fails; it returned ")
    if claim is not None:
        return [claim]
    if call.startswith(_CONTEXT_CALLS):
        # a code with a fault of its own (MPS, ECC, CUDA's peer limit): checks/_context_codes.py
        own = context_code_finding(ctx, row, hits[:2], what=f"TensorFlow's {call}")
        if own is not None:
            return [own]
    meaning = _meaning(code, row)
    fix = _NEXT_BY_CODE.get(code, _GENERIC)
    if code == 3 and ctx.windows:
        fix = _GENERIC  # no fork on Windows: the fork steps do not apply
    what = (f"TensorFlow's CUDA driver layer checks {call} with CHECK_EQ and aborts the process "
            f"when it fails; it returned {meaning}.")
    if (call == "cuCtxSetCurrent" and "cuCtxSetCurrent(cuda_context" in hit.text and code == 3
            and not ctx.windows):  # Windows has no fork: the generic reading below
        # TF 1.x's ScopedActivateContext: switching to the context TensorFlow made earlier,
        # read as its later FAIL_IF_CUDA_RES_ERROR wording is (set_context_failed)
        return [_context_switch_failed(ctx, list(hits), hit, code, row, what)]
    if call.startswith(_CONTEXT_CALLS):
        forked = forked_after_gpu(ctx, hit) if code not in _NOT_FORK_CODES else None
        extra = ""
        if forked is not None:
            extra, fix = fork_words(*forked), FORK_NEXT
        hedge = forked is None and not names_host_fault(row)
        if hedge:
            extra = _NO_HOST_FAULT
        seen = gpu_seen_before(ctx, hit) if forked is None and row is not None \
            and row.name == _NO_DEVICE else None
        if seen is not None:
            # "no CUDA GPU" after this process listed one: the row's reading (none installed,
            # hidden, not passed in) is contradicted; what hid it later the line cannot tell
            hedge, fix = True, (*_SEEN_NEXT, *fix)
            extra = (f" But this log shows TensorFlow finding a GPU before the call (line "
                     f"{seen.line}: {seen.text.strip()[-80:]}), so a GPU was visible to this "
                     "process when it started: it was lost or hidden afterwards (the GPU "
                     "dropping off the bus or the driver resetting, an Xid in the kernel log; "
                     "CUDA_VISIBLE_DEVICES changed for a child process), and this line alone "
                     "does not say which.")
        return [catalogue.make(
            "gpu-stream-executor-init-failed",
            error=f" ({row.name})" if row is not None else f" (CUresult {code})",
            severity=Severity.WARNING if hedge else None,
            evidence=log_evidence(hits[:2], list(forked) if forked else [],
                                  [seen] if seen is not None else []),
            cause=what + (" The call makes or switches to the GPU's CUDA context, so the GPU "
                          "could not be initialised for this process.") + extra,
            fix=fix,
        )]
    return [catalogue.make(
        "cuda-driver-call-check-failed",
        call=call, name=row.name if row is not None else "an unknown code", code=code,
        category="memory" if code == 2 else None,
        evidence=log_evidence(hits, limit=2),
        cause=what,
        fix=fix,
    )]


def set_context_failed(ctx: Facts) -> list[Finding]:
    """``Failed setting context: CUDA_ERROR_X: text`` (cuda_driver.cc ScopedActivateContext,
    FAIL_IF_CUDA_RES_ERROR on cuCtxSetCurrent): ``cuda-driver-call-check-failed`` with the
    code's meaning; CUDA_ERROR_NOT_INITIALIZED is a process forked after TensorFlow had
    initialised CUDA in every thread printing it (see the module docstring)."""
    hits = ctx.h("driver.set_context_failed").all()
    if not hits or ctx.h("driver.cu_check_eq").count:
        return []
    hit = hits[0]
    name = hit.g("name")
    raw = int(hit.g("code") or "0")  # the pattern's code group: -?\d{1,6}, or absent
    row = ctx.kb.cuda_error_named(name) if name is not None else ctx.kb.cuda_error(raw)
    claim = code_claim(row, evidence=log_evidence(hits[:2]),
                       lead="TensorFlow's CUDA driver layer could not make the GPU's CUDA "
                            "context current in a thread (cuCtxSetCurrent in "
                            "ScopedActivateContext); it returned ")
    if claim is not None:
        return [claim]
    own = context_code_finding(ctx, row, hits[:2], what="TensorFlow's cuCtxSetCurrent")
    if own is not None:
        return [own]  # a code with a fault of its own: checks/_context_codes.py
    code = row.code if row is not None else raw
    what = ("TensorFlow's CUDA driver layer aborts the process when it cannot make the GPU's "
            "CUDA context current in a thread (cuCtxSetCurrent in ScopedActivateContext); it "
            f"returned {_meaning(code, row)}.")
    return [_context_switch_failed(ctx, list(hits), hit, code, row, what)]


def _context_switch_failed(ctx: Facts, hits: list[Hit], hit: Hit, code: int,
                           row: CudaError | None, what: str) -> Finding:
    """``cuda-driver-call-check-failed`` for cuCtxSetCurrent in ScopedActivateContext
    (TF 1.x's CHECK_EQ, later FAIL_IF_CUDA_RES_ERROR) with its CUresult ``code``: ``what``
    plus, for CUDA_ERROR_NOT_INITIALIZED off Windows, the forked child's reading
    (:data:`_FORKED_CONTEXT`; Windows has no fork), or the fork lines of
    :func:`forked_after_gpu` for the other codes."""
    if code == 3 and not ctx.windows:
        what += _FORKED_CONTEXT
    fix = _GENERIC if code == 3 and ctx.windows else _NEXT_BY_CODE.get(code, _GENERIC)
    forked = forked_after_gpu(ctx, hit) if code not in _NOT_FORK_CODES | {3} else None
    if forked is not None:
        what += fork_words(*forked)
        fix = FORK_NEXT
    return catalogue.make(
        "cuda-driver-call-check-failed",
        call="cuCtxSetCurrent", name=row.name if row is not None else "an unknown code",
        code=code, category="memory" if code == 2 else None,
        evidence=log_evidence(hits[:2], list(forked) if forked else []),
        cause=what,
        fix=fix,
    )

