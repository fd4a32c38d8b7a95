"""A GPU that TensorFlow found and created a device for, newer than the CUDA this TensorFlow
was built with, with no failure (yet) in the log: ``gpu-arch-not-in-build`` variant
``cuda-older-than-gpu-found``.

The CUDA release that first knows an architecture is a compiler fact (``cuda_arch.toml``, the
CUDA release notes: sm_80 in 11.0, sm_86 in 11.1, sm_90 in 11.8, sm_120 in 12.8). A build
made with a CUDA of an older *major* than that (a TF 1.x build, CUDA 10.0, on a GeForce RTX
30 card) can hold no machine code for the GPU, and neither can its cuBLAS/cuDNN: every kernel
is JIT-compiled from older PTX, if the build carries any, so the first run stalls for tens
of minutes, hangs, gives wrong results or fails later (alexanderkroner/saliency#25: TF 1.13
gave bad outputs and 1.15 hung on an RTX 3090; tensorflow/tensorflow#44200: a 30-minute
start of TF 1.14 on an RTX 3090). The failure forms of the same fact are read by
``cuda_build_older_than_gpu`` (dnn_init_causes.py) and ``cc_against_official_wheel``
(compute_capability.py, the official wheel's own compute capabilities); this check only
speaks when those are silent.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.compute_capability import cc_against_official_wheel
from tfgpu.diagnosis.checks.dnn_init_causes import (
    cuda_build_older_than_gpu,
    gpu_beyond_build_cuda,
    gpu_beyond_build_fields,
)
from tfgpu.diagnosis.checks.extension_builds import dnnlib_compile_beyond_gpu
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def gpu_newer_than_build_cuda(ctx: Facts) -> list[Finding]:
    """``gpu-arch-not-in-build`` (variant ``cuda-older-than-gpu-found``): the log shows
    TensorFlow found the GPU (a created device or its properties line), the GPU's compute
    capability is known (log, host facts, or the GPU's name) and the CUDA this TensorFlow
    uses (a versioned CUDA library the log shows opened, else the TensorFlow version's build
    CUDA) is of an older major than the first CUDA for that architecture
    (``Knowledge.ptxas_first_cuda``).  Variant ``cuda-older-than-gpu-opened`` when the log
    shows no discovery line but shows that CUDA's library opened, and the host facts name the
    GPU (google/deepvariant#452: libcudart.so.10.1 in the DeepVariant 1.1.0 image on an RTX
    3090).  ``[]`` when another framework prints the lines, when neither the TensorFlow
    version nor an opened library gives the CUDA (a discovery excerpt alone is no fault), or
    when a sibling check already says it."""
    # the same basis as cc_against_official_wheel (the TensorFlow version given, by the log or
    # the user's description, and the GPU's CC), for builds that check cannot read (conda's,
    # a TF 1.x one): a log excerpt of device discovery alone, with no version, claims nothing
    if ctx.other_framework or ctx.non_pip_tensorflow:
        return []
    found = [*ctx.h("gpu.created").first[:1], *ctx.h("gpu.props").first[:1]]
    # NVIDIA's own TF 1.15 builds ("1.15.5+nv22.12", NGC containers) use CUDA 11/12 whatever
    # the version says: only a library the log shows opened counts (gpu_beyond_build_cuda)
    behind = gpu_beyond_build_cuda(ctx)
    if behind is None:
        return []
    # the CUDA read from a library the log shows opened needs no TensorFlow version, and
    # with the GPU named by the host facts (or the user) it needs no discovery line either
    opened = behind[4].startswith("the log shows")
    if not (found or opened) or not (ctx.tf_version or opened):
        return []
    if cuda_build_older_than_gpu(ctx) or cc_against_official_wheel(ctx):
        return []
    if dnnlib_compile_beyond_gpu(ctx):
        return []  # the failing dnnlib compile names the same fact as its cause
    return [catalogue.make(
        "gpu-arch-not-in-build",
        variant="cuda-older-than-gpu-found" if found else "cuda-older-than-gpu-opened",
        **gpu_beyond_build_fields(ctx, behind, log_evidence(found[:1])))]
