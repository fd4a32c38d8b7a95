"""The log lines that show a CUDA library (cuDNN, cuBLAS, cuFFT, cuSOLVER, cuSPARSE) failing
to start or to run, and which library each names.

Shared by the GPU-memory reading of such failures (``rule_library_handle``, memory.py) and
the causes told apart from it (dnn_init_causes.py).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: A report that the quoted words are gone or never came ("after setting allow_growth I no
#: longer see 'cuDNN failed to initialize'"): the tail-only form (group ``convtail``) is
#: read from prose, which may deny it
_DENIED = re.compile(r"(?i)(?:\b(?:no longer|never|not|no more|solved|fixed|instead of)\b|n't\b)"
                     r"[^\n]{0,80}?cudnn failed to initiali")


def failed_library(h: Hit) -> str | None:
    """The library a handle-failure line names (``"cuDNN"``, ``"cuBLAS"``, ``"cuFFT"``,
    ``"cuSOLVER"``...), ``None`` when the line names none."""
    lib = (h.g("lib") or "").lower()
    if lib:
        return {"cudnn": "cuDNN", "cublas": "cuBLAS", "cublaslt": "cuBLASLt",
                "cusolver": "cuSOLVER", "cusparse": "cuSPARSE"}.get(lib, lib)
    if h.g("bstatus") or h.g("scal"):
        return "cuBLAS"
    if h.g("conv") or h.g("convtail") or h.g("notfound") or h.g("status"):
        return "cuDNN"
    if h.g("gemm") or (h.g("nosupport") and "BLAS" in h.text):
        return "cuBLAS"
    if h.g("fft"):
        return "cuFFT"
    if h.g("solver"):
        return "cuSOLVER"
    if h.g("stream") or h.g("noalgo"):  # cuda.lib_call
        return "cuDNN"
    if h.g("blas"):
        return "rocBLAS" if h.g("vendor") == "roc" else "cuBLAS"
    return None


def library_calls(ctx: Facts) -> list[Hit]:
    """cuda_solvers.cc "cuBlas call failed status = N" / "Failed to create cuSolverDN
    instance", cuda_dnn.cc "Failed to set cuDNN stream" and conv_ops_gpu.cc "No algorithm
    worked!" (``cuda.lib_call``): failures of the same libraries as a failed handle. "No
    algorithm worked" is left to ``rule_autotune`` (memory.py) when the log gives the
    workspace limit that every engine exceeded."""
    autotune = ctx.h("mem.autotune_limit").count > 0
    return [h for h in ctx.h("cuda.lib_call").all() if not (h.g("noalgo") and autotune)]


def handle_failures(ctx: Facts) -> list[Hit]:
    """The cuDNN/cuBLAS handle, launch and call failures (patterns ``mem.handle``,
    ``cudnn.dnn_handle``, then :func:`library_calls`), pattern by pattern, then the cuFFT
    plan-step lines (``cufft.plan``) no earlier pattern read."""
    found = [*ctx.h("mem.handle").all(), *ctx.h("cudnn.dnn_handle").all(), *library_calls(ctx)]
    found = [h for h in found if not (h.g("convtail") and _DENIED.search(h.text))]
    # cuda_fft.cc's other plan-step wordings (pattern cufft.plan), once a line
    seen = {h.line for h in found}
    return [*found, *(h for h in ctx.h("cufft.plan").all() if h.line not in seen)]
