"""An application's own words that the GPU ran out of memory, when the log holds none of
TensorFlow's (or another framework's) out-of-memory lines: faceswap's "You do not have enough
GPU memory available to train the selected model at the selected settings", a tool's "Not
enough GPU memory", "ran out of GPU memory".

The application states the fault; tfgpu does not infer it.  What is unknown is the size
that failed and whether other programs held memory, so the fixes are the ones every GPU
out-of-memory thread gives: less work per step, fewer other holders.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's, CUDA's and other frameworks' own out-of-memory lines: when any shows, its
#: finding (with the size, the allocator, the holder) says more than the application's words.
_OWN_OOM = ("mem.exhausted", "mem.oom_tensor", "mem.ran_out", "mem.cuda_oom",
            "mem.cuda_alloc_oom", "mem.runtime_init_oom", "mem.torch_alloc_oom",
            "mem.torch_check_oom", "mem.cupy_oom", "mem.module_oom", "mem.alloc_report",
            "mem.handle")


#: An error statement: the line is an error record or an exception (``ERROR``, ``Error:``,
#: ``RuntimeError: ...``, ``[E]``), not a tip, a question, an option's help or a quote.
_ERROR_LINE = re.compile(r"\bERROR\b|\b\w*(?:Error|Exception)\b:|\berror:|^\s*\[?E\]?\s")
#: Words that make the statement conditional, hypothetical or someone's doubt: "if the job
#: ran out of GPU memory", "use this if you do not have enough GPU memory", "I don't think it
#: ran out of GPU memory", "models with insufficient VRAM are offloaded".
_NOT_A_STATEMENT = re.compile(r"\b(?:if|when|whether|think|might|may|could|avoid|with "
                              r"insufficient|use this|otherwise)\b|\?|^\s*-{1,2}\w",
                              re.IGNORECASE)


def _stated(h: Hit) -> bool:
    """The hit's line states, as an error, that the GPU ran out of memory."""
    return bool(_ERROR_LINE.search(h.text)) and not _NOT_A_STATEMENT.search(h.text)


def app_says_gpu_out_of_memory(ctx: Facts) -> list[Finding]:
    """``gpu-resource-exhausted`` (variant ``app-words``): the program says in its own words,
    on an error line (:data:`_ERROR_LINE`; not a tip, question, option help or doubt:
    :data:`_NOT_A_STATEMENT`), that the GPU ran out of memory (pattern ``mem.app_words``),
    and no out-of-memory line of TensorFlow, CUDA or another framework (:data:`_OWN_OOM`) is
    in the log."""
    hits = [h for h in ctx.h("mem.app_words").all() if _stated(h)]
    if not hits or any(ctx.h(n).count for n in _OWN_OOM):
        return []
    first = hits[0]
    return [catalogue.make(
        "gpu-resource-exhausted", variant="app-words",
        line=first.line, said=(first.g("said") or "").strip(),
        evidence=log_evidence(hits[:2]),
        fix=("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
             "# other programs holding GPU memory (a browser, a second session): close them",
             "# lower the batch size or the input size, or pick a lighter model (the "
             "application's own settings)",
             "# TensorFlow programs: memory growth (tf.config.experimental."
             "set_memory_growth(gpu, True)) lets TensorFlow take memory as needed instead of "
             "most of it at start"),
    )]
