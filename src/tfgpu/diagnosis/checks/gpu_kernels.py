"""The GPU kernels TensorFlow 2.21 registers (platform fact ``tf-gpu-kernel-dtypes``): an op a
log finds no GPU kernel for, that a newer release's GPU build has one for.

Sources:

* TensorFlow 2.21.0's Linux wheel, ``kernels.get_all_registered_kernels()`` (device_type GPU,
  the allowed values of each kernel's ``T`` constraint): scripts/probe_tf_gpu_kernels.py
  prints the row.  The wheel registers its GPU kernels whether or not a GPU is present.
* GPU kernels are added across releases: complex types for the element-wise ops
  (tensorflow/tensorflow#15103, #15182), cuSOLVER's decompositions (#9518: SelfAdjointEigV2
  had only a CPU kernel in TensorFlow 1.1), NonMaxSuppressionV3's GPU kernel.
"""

from __future__ import annotations

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

__all__ = ["NEWER_RELEASE_FIX", "dtype_name", "gpu_kernel_dtypes", "newer_gpu_kernel"]


def gpu_kernel_dtypes(ctx: Facts) -> dict[str, frozenset[str]]:
    """``{op: the dtypes of T its GPU kernels take}`` in TensorFlow 2.21's GPU build (platform
    fact ``tf-gpu-kernel-dtypes``, items ``"Op:float32,float64"``; an empty set: its GPU
    kernels do not constrain T); ``{}`` when the fact is missing or malformed."""
    try:
        items = ctx.kb.platform_fact("tf-gpu-kernel-dtypes").items("op_dtypes")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return {}
    out: dict[str, frozenset[str]] = {}
    for item in items:
        op, _, types = item.partition(":")
        out[op] = frozenset(t for t in types.split(",") if t)
    return out


#: TensorFlow's DataType enum names whose Python dtype name is not the lower-cased rest.
_DT_NAMES = {"FLOAT": "float32", "HALF": "float16", "DOUBLE": "float64"}


def dtype_name(dt: str) -> str:
    """``"complex64"`` for ``"DT_COMPLEX64"`` (or ``"DT_COMPLEX64_REF"``), ``"float32"`` for
    ``"DT_FLOAT"``: the tf.dtypes name of a DataType enum name; ``""`` for another text."""
    if not dt.startswith("DT_"):
        return ""
    core = dt[3:].removesuffix("_REF")
    return _DT_NAMES.get(core, core.lower())


def newer_gpu_kernel(ctx: Facts, op: str, dtype: str, listed: frozenset[str] | None) -> str:
    """The note that TensorFlow 2.21's GPU build has a GPU kernel for ``op`` that this log's
    TensorFlow lacks (platform fact ``tf-gpu-kernel-dtypes``), or ``""``.

    ``dtype`` is the node's T (a tf.dtypes name, ``""`` when the log does not print it);
    ``listed`` the T dtypes of the GPU kernels the log lists (``None``: no list shown, so this
    TensorFlow registers none for the op).  With a dtype the note needs 2.21's GPU kernels to
    take it; without one, that 2.21 lists GPU types the log's kernels lack ("may").  No note
    for tensorflow-metal, DirectML or ROCm logs (another build's kernel set), nor for a log of
    TensorFlow 2.21 or newer."""
    if ctx.h("ctx.metal").count or ctx.rocm_log or not op:
        return ""
    if (tm := tf_minor(ctx.tf_version)) is not None and tm >= (2, 21):
        return ""
    have = gpu_kernel_dtypes(ctx).get(op)
    if have is None:
        return ""
    if dtype:
        if have and dtype not in have:
            return ""
        return (f" TensorFlow 2.21's GPU build registers a GPU kernel for {op} with "
                f"T={dtype} (platform fact tf-gpu-kernel-dtypes): this TensorFlow is older, "
                "and a newer release runs the op on the GPU.")
    extra = sorted(have - (listed or frozenset()))
    if listed is not None and not extra:
        return ""
    types = f"T in [{', '.join(extra)}]" if extra else "any T"
    kind = "more GPU kernels" if listed else "GPU kernels"
    return (f" TensorFlow 2.21's GPU build registers {kind} for {op} ({types}), which this "
            "TensorFlow lacks (platform fact tf-gpu-kernel-dtypes): a newer release may run "
            "it on the GPU, if the node's dtype is among those.")


#: The fix line that names the newer release (after soft placement, which works today).
NEWER_RELEASE_FIX = ("# or a newer TensorFlow, whose GPU build has this kernel (tfgpu plan lists "
                     "the releases this host can run)")
