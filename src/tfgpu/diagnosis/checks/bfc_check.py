"""A fatal CHECK of TensorFlow's BFC allocator: ``bfc-allocator-check-failed``.

Source: ``bfc_allocator.cc`` (``tensorflow/core/common_runtime/`` in TF 1.x, later
``tensorflow/tsl/framework/`` and ``xla/tsl/framework/``) guards its own bookkeeping with
``CHECK``s (``c->in_use() && (c->bin_num == kInvalidBinNum)``, ``h != kInvalidChunkHandle``,
``BinForSize(bin_size) == BinFromIndex(b)``); a failed one aborts the process with glog's
``F ... bfc_allocator.cc:N] Check failed: ...``.  Running out of memory is never such a
check (that is ``ResourceExhaustedError`` / "ran out of memory").  Platform fact
``bfc-allocator-check-bug``: TensorFlow 1.11 and 1.12 abort there on a known bug
(tensorflow/tensorflow#22750), 1.10 and 1.13+ do not.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

#: Out-of-memory errors (checks/memory.py and library_failures.py read them; cuda.error only
#: for CUDA_ERROR_OUT_OF_MEMORY): one before the check makes it a consequence, not the fault.
_OOM_ERRORS = ("mem.exhausted", "mem.cuda_oom", "mem.module_oom", "mem.oom_tensor",
               "mem.runtime_init_oom", "cuda.error")


def _check_text(h: Hit) -> str:
    """The failed CHECK's expression as its own line prints it (a hard-wrap join may have
    carried the next lines, "Aborted" or "Fatal Python error", into the match)."""
    first = h.parts[0][1] if h.parts else h.text
    expr = first.split("Check failed:", 1)[-1].strip()
    return expr or (h.g("check") or "")


def _release_lines(ctx: Facts, working: list[str]) -> list[str]:
    """One pip line per release without the bug, each with the CUDA it was built with
    (platform fact ``tf1-gpu-build-cuda``), the one of 1.11/1.12's CUDA first."""
    builds = dict(str(b).split("=", 1) for b in ctx.kb.platform_fact(
        "tf1-gpu-build-cuda").items("builds"))
    buggy = builds.get("1.12")
    ordered = sorted(working, key=lambda w: builds.get(w) != buggy)
    return [c.pip(ctx, "install", f"tensorflow-gpu=={w}.*") + f"   # built with CUDA "
            f"{builds.get(w, '?')}" + (", the same as 1.11/1.12"
                                       if buggy is not None and builds.get(w) == buggy else "")
            for w in ordered[:2]]


def bfc_allocator_check_failed(ctx: Facts) -> list[Finding]:
    """``bfc-allocator-check-failed``: the allocator's fatal check; variant ``tf-release``
    when the TensorFlow version (host facts or the log) is one the platform fact names."""
    hits = ctx.h("mem.bfc_check").all()
    if not hits:
        return []
    h = hits[0]
    # memory that ran out before the check (an allocation that failed, a CUDA call out of
    # memory): the allocator's state after a failed request, explained by that finding
    if any(x.line <= h.line and (name != "cuda.error" or "OUT_OF_MEMORY" in (x.g("name") or ""))
           for name in _OOM_ERRORS for x in ctx.h(name).all()):
        return []  # an out-of-memory error's own finding explains the run
    ran_out = [x for x in ctx.h("mem.ran_out").all() if x.line <= h.line]
    if ran_out:
        # only the allocator's "ran out of memory trying to allocate" warning before: memory
        # ran out, and the allocator aborted on its own check right after
        return [catalogue.make(
            "bfc-allocator-check-failed", variant="after-oom",
            evidence=log_evidence(ran_out[-1:], hits), line=h.line, check=_check_text(h),
            oom=ran_out[-1].line)]
    fact = ctx.kb.platform_fact("bfc-allocator-check-bug")
    working = " or ".join(str(w) for w in fact.items("working"))
    minor = tf_minor(ctx.tf_version)
    series = f"{minor[0]}.{minor[1]}" if minor else None
    lines = _release_lines(ctx, [str(w) for w in fact.items("working")])
    if series is not None and series in fact.items("affected"):
        return [catalogue.make(
            "bfc-allocator-check-failed", variant="tf-release", evidence=log_evidence(hits),
            knowledge_ref=fact.ref, tf=ctx.tf_version, working=working, ref=fact.ref,
            line=h.line, check=_check_text(h),
            fix=(*lines,
                 "python -c \"import tensorflow as tf; print(tf.__version__)\"   # the "
                 "TensorFlow this program imports"))]
    # the allocator's file under tsl/ or xla/ is a TensorFlow 2.x layout (2.12+; 1.x kept it
    # in core/common_runtime/): no 1.x release to name
    two_x = any(d in h.text for d in ("tsl/framework", "xla/tsl"))
    release = (f"TensorFlow 1.11 and 1.12 have a known bug there (knowledge row {fact.ref}: "
               f"{working} do not); if this is one of them, change the release."
               if (series is None and not two_x) or (series or "").startswith("1.") else "")
    return [catalogue.make(
        "bfc-allocator-check-failed", evidence=log_evidence(hits), knowledge_ref=fact.ref,
        line=h.line, check=_check_text(h), release=release,
        fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # 1.11 or "
             "1.12: change the release (next lines)" if release else
             "python -c \"import tensorflow as tf; print(tf.__version__)\"",
             *(lines if release else ()),
             "# a custom op or another native library in the process: run without it to see "
             "whether the check still fails",
             "# search the exact 'Check failed' text with your TensorFlow version in the "
             "TensorFlow issue tracker: a newer release may fix it"))]
