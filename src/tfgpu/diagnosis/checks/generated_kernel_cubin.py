"""TensorFlow 2.4's MLIR-generated GPU kernels with no cubin for the GPU: "Failed to load
in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU" as an op's error.

Source: TensorFlow 2.4 compiled a set of element-wise GPU kernels (Tanh, Abs and others) with
its MLIR kernel generator (tensorflow/compiler/mlir/tools/kernel_gen, ``tf_to_gpu_binary``) into
binary blobs that the op loads at run time through StreamExecutor (``LoadModuleFromCuBin`` ->
cuda_driver.cc ``LoadCubin``, whose failure status reads "Failed to load in-memory CUBIN: " and
the CUresult).  In 2.4 that generator built a cubin for each ``sm_XX`` entry of the build's
TF_CUDA_COMPUTE_CAPABILITIES and ignored the ``compute_XX`` (PTX) entries, so those kernels
carry no PTX: a GPU with no cubin of its major at an equal or lower minor gets
CUDA_ERROR_NO_BINARY_FOR_GPU on them, while TensorFlow's other kernels run through the
build's PTX (tensorflow/tensorflow#47058: a TF 2.4.1 build for CC 7.0 on an A100, traced to
``tf_to_gpu_binary``; later kernel_gen's gpu_kernel_to_blob_pass.cc embeds PTX for
``compute_XX``).  The official 2.4 wheel lists sm_35..sm_75 + compute_80
(``tf_compute_capabilities.toml``), so on it an Ampere or newer GPU (CC 8.0 and up) has no
cubin for those kernels: google/qkeras#104 (an A100 with a CUDA 10.1 build of 2.4,
"[Op:Abs]").

The same status from an XLA-compiled cluster is another matter (XLA compiles for the GPU's
own CC with the ptxas it finds: jax-ml/jax#5723, a toolkit newer than the driver), so this
reading needs TensorFlow 2.4 known; other releases stay with the hedges of
:mod:`tfgpu.diagnosis.checks.compute_capability`.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError, parse_cc

#: LoadCubin's status with the CUresult that says the blob holds nothing this GPU can run.
_CUBIN_NO_BINARY = re.compile(r"in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU", re.IGNORECASE)


def _cubin_covers(sass: tuple[str, ...], gpu_cc: str) -> bool:
    """Whether a cubin of ``sass`` runs on ``gpu_cc``: the same major, an equal or lower
    minor (CUDA binary compatibility; no PTX counted)."""
    major, minor = parse_cc(gpu_cc)
    return any(parse_cc(s)[0] == major and parse_cc(s)[1] <= minor for s in sass)


def generated_kernel_no_cubin(ctx: Facts, hits: list[Hit], gpu_cc: str | None,
                              ) -> Finding | None:
    """``gpu-arch-not-in-build`` for a TensorFlow 2.4 op whose generated kernel had no cubin:
    variant ``generated-kernel`` (a warning, category compute-capability) when the GPU's
    compute capability is known and no ``sm_XX`` of the build's list covers it (the official
    wheel's list, or ``tf.sysconfig.get_build_info()`` from the facts); variant
    ``generated-kernel-unconfirmed`` (category unknown) when the GPU or the build's list is
    not known (a conda or other non-pip build without build info).  ``None``
    when no hit is LoadCubin's CUDA_ERROR_NO_BINARY_FOR_GPU, the release is not 2.4, or the
    GPU is covered (the hedges of compute_capability.py speak then).

    Args:
        ctx: the facts and the log.
        hits: the "no kernel image" / CUDA_ERROR_NO_BINARY_FOR_GPU lines of TensorFlow's own
            kernels.
        gpu_cc: the GPU's compute capability ("8.6") when the facts or the log give it.
    """
    cubin = [h for h in hits if _CUBIN_NO_BINARY.search(h.text)]
    mm = ctx.tf_mm
    if not cubin or mm != (2, 4) or ctx.other_framework:
        return None
    tf = ctx.tf_version or "2.4"
    info = (ctx.host.tf.build_info or {}) if ctx.host is not None and ctx.host.tf else {}
    listed = str(info.get("cuda_compute_capabilities") or "")
    sass: tuple[str, ...] = ()
    where = ""
    if listed:
        sass = tuple(f"{m.group(1)}.{m.group(2)}"
                     for m in re.finditer(r"sm_(\d{1,2})(\d)\b", listed))
        where = "tf.sysconfig.get_build_info()"
    elif not (ctx.conda or ctx.non_pip_tensorflow):
        try:
            wheel = ctx.kb.wheel_compute_capabilities(tf)
        except KnowledgeQueryError:
            wheel = None
        if wheel is not None:
            sass = tuple(wheel.sass)
            where = f"the official TensorFlow {tf} wheel, knowledge row {wheel.row.ref}"
    cubins = (f"cubins for compute capability {', '.join(sass)} only ({where})" if sass
              else "cubins only for the sm_XX entries of the build's list "
                   "(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])")
    evidence = log_evidence(cubin, limit=2)
    if gpu_cc is None or not sass:
        return catalogue.make(
            "gpu-arch-not-in-build", variant="generated-kernel-unconfirmed", tf=tf,
            cubins=cubins, evidence=evidence, fix=_fix(None))
    if _cubin_covers(sass, gpu_cc):
        return None
    return catalogue.make(
        "gpu-arch-not-in-build", variant="generated-kernel", tf=tf, cc=gpu_cc,
        cubins=cubins, evidence=evidence, fix=_fix(gpu_cc))


def _fix(gpu_cc: str | None) -> tuple[str, ...]:
    """The fix lines: see the GPU and the build's list, then a release or build for it."""
    sm = f"sm_{gpu_cc.replace('.', '')}" if gpu_cc else "sm_XY"
    return (
        "nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute capability",
        'python -c "import tensorflow as tf; print(tf.__version__, '
        "tf.sysconfig.get_build_info().get('cuda_compute_capabilities'))\"   # an sm_XX of "
        "the GPU's major at or below its minor must be in this list",
        "# install a later TensorFlow release built for this GPU (tfgpu matrix --gpu lists "
        f"them), or build 2.4 from source with {sm} in TF_CUDA_COMPUTE_CAPABILITIES (its "
        "generated kernels use the sm_ entries only)",
    )


__all__ = ["generated_kernel_no_cubin"]
