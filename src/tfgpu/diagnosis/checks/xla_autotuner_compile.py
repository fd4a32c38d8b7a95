"""XLA's autotuner compiling none of the candidate configurations of a fused GPU instruction.

Source: xla/backends/autotuner/autotuner.cc ``Autotuner::TuneBestConfig`` (the text is in the
TensorFlow 2.21 wheel's libtensorflow_cc.so.2): it compiles every supported config of the
instruction (Triton, cuBLAS, cuDNN backends), drops each that fails with only a VLOG(4)
"Discarding config ... due to: ...", and when none is left returns InternalError "Autotuner
could not compile any configs for HLO: " + ``instr->ToString()``.  XLA compiles its Triton
kernels with ptxas; public notes printing the line (a Blackwell, compute capability 12.0,
setup with the system's CUDA 12.4 ptxas first on PATH; an H100 training job that turned off
Triton GEMM through XLA_FLAGS) name that compiler.  The reason is not in the line: a hedge,
standing down when the log shows ptxas's own failure (``defers_to`` in the catalogue).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Evidence, Finding

#: The instruction's name at the start of its HLO text ("%gemm_fusion_dot.3 = ...").
_INSTR = re.compile(r"%(?P<name>[\w.-]{1,120})\s*=")


def xla_autotuner_no_config_compiled(ctx: Facts) -> list[Finding]:
    """``xla-autotuner-no-config-compiled`` (a warning hedge, category unknown) from
    ``xla.autotuner_no_compile``; a Triton GEMM fusion (``__triton_gemm`` or a
    ``gemm_fusion`` instruction) is named as such, with the flag that turns Triton GEMM
    off."""
    hits = ctx.h("xla.autotuner_no_compile").all()
    if not hits:
        return []
    hlo = hits[0].g("hlo") or ""
    m = _INSTR.search(hlo)
    name = m.group("name") if m else None
    triton = "__triton" in hlo or (name or "").startswith(("gemm_fusion", "triton"))
    what = "a Triton GEMM fusion" if triton else "a fused GPU instruction"
    instr = f"the instruction %{name}" if name else "this instruction"
    need, at, gpu_ev = _ptxas_need(ctx)
    fix = (
        "which -a ptxas; ptxas --version   # the ptxas XLA may use: at least the CUDA release of "
        f"the GPU's architecture ({at})",
        "nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute capability",
        c.pip(ctx, "install", "-U", "nvidia-cuda-nvcc-cu12")
        + "   # a current ptxas in this environment; put its bin folder first on PATH: "
        "python -c \"import nvidia.cuda_nvcc as m; print(list(m.__path__)[0] + '/bin')\"",
        c.set_env(ctx, "XLA_FLAGS", "--xla_gpu_enable_triton_gemm=false")
        + "   # to run now without XLA's Triton GEMM kernels",
        "# or run the step without XLA: model.compile(..., jit_compile=False)",
    )
    return [catalogue.make(
        "xla-autotuner-no-config-compiled", what=what, instr=instr, need=need,
        evidence=(*log_evidence(hits, limit=2), *gpu_ev), fix=fix,
    )]


def _ptxas_need(ctx: Facts) -> tuple[str, str, tuple[Evidence, ...]]:
    """``(cause clause, fix clause, evidence)`` naming the first CUDA whose ptxas knows the
    GPU's architecture (``cuda_arch.toml``): of the GPU the log or the host shows
    (:func:`~tfgpu.diagnosis.checks.dnn_init_causes.gpu_ccs`), else said generically."""
    for cc, ev in gpu_ccs(ctx):
        ma, mi = cc_key(cc)
        row = ctx.kb.ptxas_first_cuda(f"sm_{ma}{mi}")
        if row is not None:
            return (f"this GPU's compute capability {cc} needs the ptxas of CUDA "
                    f"{row.first_cuda} or later, knowledge row {row.ref}; an older one makes "
                    f"XLA log 'ptxas does not support CC {cc}'",
                    f"{row.first_cuda} for compute capability {cc}", (ev,))
    return ("each architecture needs the ptxas of the CUDA release that introduced it, "
            "knowledge table cuda_arch; an older one makes XLA log 'ptxas does not support "
            "CC X.Y'",
            "the compute capability nvidia-smi prints below", ())


__all__ = ["xla_autotuner_no_config_compiled"]
