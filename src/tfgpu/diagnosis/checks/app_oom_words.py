"""An application's own words that the GPU ran out of memory, when the log holds none of
TensorFlow's (or another framework's) out-of-memory lines: faceswap's "You do not have enough
GPU memory available to train the selected model at the selected settings", a tool's "Not
enough GPU memory", "ran out of GPU memory".

The application states the fault; tfgpu does not infer it.  What is unknown is the size
that failed and whether other programs held memory, so the fixes are the ones every GPU
out-of-memory thread gives: less work per step, fewer other holders.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's, CUDA's and other frameworks' own out-of-memory lines: when any shows, its
#: finding (with the size, the allocator, the holder) says more than the application's words.
_OWN_OOM = ("mem.exhausted", "mem.oom_tensor", "mem.ran_out", "mem.cuda_oom",
            "mem.cuda_alloc_oom", "mem.runtime_init_oom", "mem.torch_alloc_oom",
            "mem.torch_check_oom", "mem.cupy_oom", "mem.module_oom", "mem.alloc_report",
            "mem.handle")


def app_says_gpu_out_of_memory(ctx: Facts) -> list[Finding]:
    """``gpu-resource-exhausted`` (variant ``app-words``): the program says in its own words
    that the GPU ran out of memory (pattern ``mem.app_words``) and no out-of-memory line of
    TensorFlow, CUDA or another framework (:data:`_OWN_OOM`) is in the log."""
    hits = ctx.h("mem.app_words")
    if not hits.count or any(ctx.h(n).count for n in _OWN_OOM):
        return []
    first = hits.first[0]
    return [catalogue.make(
        "gpu-resource-exhausted", variant="app-words",
        line=first.line, said=(first.g("said") or "").strip(),
        evidence=log_evidence(hits, limit=2),
        fix=("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
             "# other programs holding GPU memory (a browser, a second session): close them",
             "# lower the batch size or the input size, or pick a lighter model (the "
             "application's own settings)",
             "# TensorFlow programs: memory growth (tf.config.experimental."
             "set_memory_growth(gpu, True)) lets TensorFlow take memory as needed instead of "
             "most of it at start"),
    )]
