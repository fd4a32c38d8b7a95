"""TensorFlow's ROCm allocator could not get GPU memory from HIP: ``gpu-memory-held-by-other-
process`` variant ``rocm-unproven`` (a warning, the hedge of CUDA's unproven out-of-memory).

rocm_driver.cc logs "failed to allocate <size> (<bytes> bytes) from device: <status>" (pattern
``rocm.alloc_failed``), the status by name or as ``hipError_t(<code>)``; HIP's out-of-memory
codes are platform fact ``hip-out-of-memory-codes`` (HIP's hip_runtime_api.h: 2 today, 1002 in
the HCC era). As with CUDA_ERROR_OUT_OF_MEMORY the line does not tell who holds the memory:
TensorFlow's own pool, which reserves nearly all of it by default, or another process on the
GPU (the reading of tensorflow-upstream maintainers for a run whose tests shared the GPU).
The fixes name ROCm's own tool (rocm-smi), never nvidia-smi.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

FACT = "hip-out-of-memory-codes"


def rocm_device_out_of_memory(f: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` variant ``rocm-unproven`` for the lines of
    ``rocm.alloc_failed`` whose status is one of HIP's out-of-memory codes or names; ``[]``
    for any other status (left to the unrecognised-error quoting)."""
    fact = f.kb.platform_fact(FACT)
    codes, names = set(fact.items("codes")), set(fact.items("names"))
    hits = [h for h in f.h("rocm.alloc_failed").all()
            if (h.g("code") or "") in codes or (h.g("name") or "") in names]
    if not hits:
        return []
    first = hits[0]
    status = first.g("name") or f"hipError_t({first.g('code')})"
    sizes = ", ".join(dict.fromkeys(h.g("size") or "" for h in hits[:4]))
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="rocm-unproven", status=status,
        sizes=sizes, ref=fact.ref, evidence=log_evidence(hits[:3]), knowledge_ref=fact.ref,
        fix=("rocm-smi --showmemuse --showpids   # another process holding the GPU's memory "
             "(another run, a test runner's parallel workers, a notebook): stop it",
             "export TF_FORCE_GPU_ALLOW_GROWTH=true   # let TensorFlow grow its pool instead "
             "of reserving nearly all GPU memory (processes sharing the GPU)",
             "# only this program on the GPU: a smaller batch size or input size"),
    )]
