"""Compute capability: ignored GPUs, missing kernels, invalid PTX on a new architecture,
slow JIT start.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError


def rule_compute_capability(ctx: Facts) -> list[Finding]:
    """Ignored GPUs, missing kernels, invalid PTX on a new architecture, slow JIT start."""
    out: list[Finding] = []
    ign = ctx.h("cc.ignored")
    if ign.count:
        h = ign.first[0]
        cc, mn = h.g("cc") or "?", h.g("min") or "?"
        name = re.search(r"name: ([^,]+)", h.g("desc") or "")
        gpu = name.group(1) if name else "the GPU"
        lowest = ctx.kb.lowest_wheel_cc()
        try:
            fits = ctx.kb.newest_wheel_for_cc(cc)
        except KnowledgeQueryError:
            fits = None  # "?" or another CC the log gives in no X.Y form
        cause = (
            f"This TensorFlow build contains kernels only for compute capability >= {mn}; "
            f"{gpu} is {cc}."
        )
        ref: str | None = None
        if cc_key(cc) < cc_key(lowest.min_cc):
            ref = lowest.ref
            same = [f for f in ctx.kb.wheel_archs if f.min_cc == lowest.min_cc]
            cause += (
                f" No official TensorFlow wheel supports it: the lowest floor of any official "
                f"build is {lowest.min_cc} (TensorFlow {same[0].tf_version} to "
                f"{same[-1].tf_version_last}, "
                f"knowledge table tf_compute_capabilities, e.g. row {lowest.ref})."
            )
            fix: tuple[str, ...] = (
                f"build TensorFlow from source with TF_CUDA_COMPUTE_CAPABILITIES={cc} (an old "
                "release whose CUDA still supports this GPU)",
                "or use a newer GPU",
                "or run on the CPU: pip install tensorflow-cpu",
            )
        elif fits is not None:
            ref = fits.ref
            cause += (
                f" Official wheels up to TensorFlow {fits.tf_version_last} (floor {fits.min_cc}, "
                f"knowledge row {fits.ref}) include kernels for {cc}: a floor of {mn} means a "
                "newer official release or a custom build (third-party image or wheel) "
                "specialised for other GPUs."
            )
            fix = (
                f'pip install "tensorflow<={fits.tf_version_last}"   # the newest official wheel '
                f"built for compute capability {cc}",
                f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}",
            )
        else:
            fix = (
                f"use a TensorFlow build that includes compute capability {cc}",
                f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}",
            )
        out.append(
            catalogue.make(
                "gpu-compute-capability-too-low",
                gpu=gpu,
                cc=cc,
                minimum=mn,
                evidence=log_evidence(ign),
                cause=cause,
                fix=fix,
                knowledge_ref=ref,
            )
        )
    errs = ctx.h("cuda.error")
    invalid = errs.by_key.get("CUDA_ERROR_INVALID_PTX")
    nokernel = ctx.h("cc.no_kernel")
    nobin = errs.by_key.get("CUDA_ERROR_NO_BINARY_FOR_GPU")
    if invalid is not None or nokernel.count or nobin is not None:
        ccs = ctx.compute_capabilities
        gpu_cc: str | None = ccs[0] if ccs else None
        cause = (
            "The GPU has no matching machine code (SASS) in this TensorFlow build and the "
            "embedded PTX could not be JIT-compiled for it"
        )
        if invalid is not None:
            cause += " (CUDA_ERROR_INVALID_PTX = 218)"
        if gpu_cc:
            cause += f"; the GPU's compute capability is {gpu_cc}"
            major = int(gpu_cc.split(".")[0]) if gpu_cc.split(".")[0].isdigit() else 0
            if major >= 10:
                cause += (
                    " (Blackwell), newer than the architectures stock pip wheels were built for"
                )
        cause += "."
        out.append(
            catalogue.make(
                "gpu-arch-not-in-build",
                evidence=log_evidence([x for x in (invalid, nobin) if x is not None], nokernel),
                cause=cause,
                fix=(
                    'python -c "import tensorflow as tf; '
                    "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"",
                    "use NVIDIA's NGC TensorFlow container (built for the newest GPUs)",
                    "or a TensorFlow build compiled for this GPU (TF_CUDA_COMPUTE_CAPABILITIES="
                    + (gpu_cc or "<your cc>")
                    + ")",
                ),
            )
        )
    adding = ctx.h("cc.adding")
    if adding.count and not out:
        out.append(
            catalogue.make(
                "gpu-devices-added",
                ids=adding.first[0].g("ids") or "",
                evidence=log_evidence(adding.first[:1]),
                fix=(
                    'python -c "import tensorflow as tf; '
                    "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"",
                    "rebuild with TF_CUDA_COMPUTE_CAPABILITIES including your GPU's capability, "
                    "or keep "
                    "the JIT cache large: export CUDA_CACHE_MAXSIZE=4294967296",
                ),
            )
        )
    return out
