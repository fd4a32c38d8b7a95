"""Host-memory allocations that failed and took the process down: ``LLVM ERROR: out of
memory`` (LLVM could not allocate host memory) and a C++ ``std::bad_alloc`` nothing caught.

Sources (LLVM): llvm/llvm-project llvm/lib/Support/ErrorHandling.cpp (at
029a21d6a90250df8971ea84b46471a33c592f83) ``report_bad_alloc_error``, built without
exceptions: it writes "LLVM ERROR: out of memory", the reason ("Allocation failed" from its
new-handler) and aborts.  It runs when malloc/new fails in the process that hosts LLVM, so it
is host memory (RAM, swap, a ulimit/cgroup/page-file limit), never GPU memory.  In a
TensorFlow process LLVM runs in XLA's CPU/GPU compiler and in ROCm's code generation:
tensorflow/agents#168 (tensorflow-rocm; the reporter fixed Ubuntu's virtual memory).

C++: operator new throws std::bad_alloc when it cannot allocate (the C++ standard,
[new.delete.single]); libstdc++'s verbose terminate handler (gcc libstdc++-v3/libsupc++/
vterminate.cc) prints "terminate called after throwing an instance of 'std::bad_alloc'" when
nothing caught it, and aborts.  Host memory again: TensorFlow's GPU allocator reports its own
out-of-memory as errors, and CUDA libraries throw their own types (thrust, RMM).
hx173149/C3D-tensorflow#57 (the reporter: too little RAM).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def llvm_out_of_host_memory(ctx: Facts) -> list[Finding]:
    """``LLVM ERROR: out of memory`` (``mem.llvm_oom``): variant ``llvm-allocation`` of
    ``host-ram-exhausted-process-killed``.  Which limit was hit (RAM and swap, a per-process
    or container limit) is not in the line: the fix shows how to tell."""
    hits = ctx.h("mem.llvm_oom").all()
    if not hits:
        return []
    return [catalogue.make(
        "host-ram-exhausted-process-killed", variant="llvm-allocation",
        evidence=log_evidence(hits, limit=2),
        cause=("LLVM prints this when an allocation of host memory fails in the process running "
               "it (llvm ErrorHandling.cpp report_bad_alloc_error) and then aborts the process. "
               "In TensorFlow, LLVM runs while XLA compiles a graph (CPU or GPU) and in "
               "tensorflow-rocm's code generation, so the compile needed more host memory than "
               "the process could get: RAM and swap exhausted, or a limit on the process "
               "(ulimit -v, a container's memory limit, the Windows page file). Not GPU memory."),
        fix=("free -h   # RAM and swap while it runs",
             "ulimit -v   # 'unlimited' unless a virtual-memory limit is set for this shell",
             "# in a container: its memory limit (docker stats; docker run --memory)",
             "# then add RAM or swap, lift the limit, or compile less at once: smaller batch or "
             "model, and without XLA auto-clustering: "
             + c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0")),
    )]


def cxx_bad_alloc(ctx: Facts) -> list[Finding]:
    """libstdc++'s "terminate called after throwing an instance of 'std::bad_alloc'"
    (``mem.cxx_bad_alloc``): variant ``cxx-bad-alloc`` of
    ``host-ram-exhausted-process-killed``, a warning: most often host RAM or a memory limit,
    else one request of a wrong (huge) size; the fix shows how to tell."""
    hits = ctx.h("mem.cxx_bad_alloc").all()
    if not hits:
        return []
    return [catalogue.make(
        "host-ram-exhausted-process-killed", variant="cxx-bad-alloc",
        evidence=log_evidence(hits, limit=2),
        fix=("free -h   # RAM and swap while it runs (Windows: Task Manager > Performance)",
             "# in a container or a Slurm job: its memory limit (docker stats; sacct -j <job> "
             "-o ReqMem,MaxRSS)",
             "# hold less in host memory at once: a tf.data pipeline reading files in batches "
             "instead of whole arrays, a smaller batch, fewer parallel workers; or a machine "
             "with more RAM",
             "# RAM to spare and it still happens: one request of a wrong, huge size (a corrupt "
             "input, a shape read wrong); the line before it names the step"),
    )]
