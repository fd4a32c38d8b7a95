"""A failed internal check of XLA's compiler: glog/absl ``Check failed:`` or XLA's RET_CHECK.

Sources: XLA aborts on ``CHECK(cond)`` / ``CHECK_EQ(a, b)`` (glog, absl in later releases:
"F<time> <file>:<line>] Check failed: <cond>") and returns ``RET_CHECK(cond)`` as an Internal
Status ("RET_CHECK failure (<file>:<line>) <cond>", xla/status_macros.cc).  Both assert XLA's
own invariants, so one that fails in a compiler pass (HLO passes, the SPMD partitioner, the
GPU/CPU emitters: ``platform_facts`` row ``xla-compiler-sources``, read from the TensorFlow 2.21
wheel's file paths) means the compiler mishandled the graph it was given: a bug of that XLA
release, not the GPU setup.  Maintainers say so in the threads (tensorflow/tensorflow#9895: "a
CHECK failure indicates a logical error in the XLA compiler"); running without XLA avoids it.
Checks in XLA's runtime (thunks, autotuners, stream executor, transfer managers, allocators)
and checked conditions about the device (the GPU compiler's ``RET_CHECK(dnn != nullptr)``: cuDNN
did not start, ``dnn-library-not-found``) are left to the other checks: they can follow a
setup, device or memory fault.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import Knowledge

#: Where XLA's source tree starts in a logged path, most specific first: the XLA repository
#: vendored as ``external/xla/xla/`` (TF >= 2.15), TensorFlow's own copy
#: ``tensorflow/compiler/xla/`` (TF <= 2.14; also JAX's ``external/org_tensorflow/...``).
_XLA_ROOTS = ("xla/xla/", "compiler/xla/")
#: TensorFlow's graph-to-HLO lowering (tf2xla): compile time as a whole.
_TF2XLA = "compiler/tf2xla/"


def compiler_source(kb: Knowledge, path: str) -> bool:
    """Whether the source file ``path`` of a log line (a full path with ``/`` or ``\\``,
    or absl's basename) is one of XLA's compiler sources (``xla-compiler-sources``): below
    XLA's root in one of its ``dirs`` with none of its ``runtime_words``; a basename in its
    ``files``; or TensorFlow's tf2xla lowering."""
    fact = kb.platform_fact("xla-compiler-sources")
    p = path.replace("\\", "/").lstrip("./")
    if "/" not in p:
        return p in fact.items("files")
    if _TF2XLA in p:
        return True
    sub = None
    for root in _XLA_ROOTS:
        at = p.rfind(root)
        if at >= 0:
            sub = p[at + len(root):]
            break
    if sub is None and p.startswith("xla/"):
        sub = p[len("xla/"):]
    if sub is None:
        return False
    return (sub.startswith(fact.items("dirs"))
            and not any(w in sub for w in fact.items("runtime_words")))


#: Words of a checked condition about the device the compiler runs for, not about the graph:
#: the GPU compiler's ``RET_CHECK(dnn != nullptr)`` (cuDNN did not start: dnn-library-not-found)
#: and its checks of the stream executor and allocator it was handed.
_DEVICE_WORDS = ("dnn", "stream_exec", "executor", "allocator", "device")


def _about_the_device(hit: Hit) -> bool:
    """Whether the checked condition of ``hit`` names the device's objects
    (:data:`_DEVICE_WORDS`): the check then guards the setup, not the graph."""
    cond = (hit.g("expr") or hit.g("rexpr") or "").lower()
    return any(w in cond for w in _DEVICE_WORDS)


def _file(hit: Hit) -> str:
    """The source file a ``tell.check_in_file`` hit names."""
    return hit.g("file") or hit.g("rfile") or ""


def xla_compiler_check_failed(ctx: Facts) -> list[Finding]:
    """``xla-compiler-check-failed`` from the ``tell.check_in_file`` lines whose file is an
    XLA compiler source (:func:`compiler_source`); the first such line names the file and
    its condition."""
    dnn_null = {h.line for h in ctx.h("xla.dnn_null").all()}
    hits = [h for h in ctx.h("tell.check_in_file").all()
            if compiler_source(ctx.kb, _file(h)) and h.line not in dnn_null
            and not _about_the_device(h)]
    if not hits:
        return []
    first = hits[0]
    path = _file(first).replace("\\", "/")
    name = path.rsplit("/", 1)[-1]
    ret = first.g("rfile") is not None
    cond = (first.g("rexpr") if ret else first.g("expr")) or ""
    cond = cond.strip()
    how = ("a RET_CHECK (XLA returned it as an Internal error)" if ret
           else "a CHECK (XLA aborted the process)")
    return [catalogue.make(
        "xla-compiler-check-failed", file=name, how=how,
        cond=f" ('{cond[:120]}')" if cond else "",
        evidence=log_evidence(hits, limit=2),
        fix=("# run the step without XLA: model.compile(..., jit_compile=False) in Keras, "
             "@tf.function(jit_compile=False), tf.config.optimizer.set_jit(False)",
             c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0")
             + "   # XLA auto-clustering off",
             c.pip(ctx, "install", "-U", "tensorflow")
             + "   # a later release may have fixed the pass",
             c.set_env(ctx, "XLA_FLAGS", "--xla_dump_to=xla_dump")
             + "   # to report it: rerun, then attach the dumped HLO and this line to an "
             "issue on github.com/openxla/xla"),
    )]


__all__ = ["compiler_source", "xla_compiler_check_failed"]
