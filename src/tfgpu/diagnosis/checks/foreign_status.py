"""A library status code in another framework's log, described in the library's own words.

``status_codes.toml`` says what each code means to a TensorFlow user: its cuDNN rows name
TensorFlow's follow-up messages and remedies ("TensorFlow preallocates ...: set
TF_FORCE_GPU_ALLOW_GROWTH=true", 'Possibly insufficient driver version').  In a PyTorch or
PaddlePaddle log (:attr:`tfgpu.facts.view.Facts.other_framework`) those remedies are wrong:
PyTorch raises "cuDNN error: CUDNN_STATUS_INTERNAL_ERROR" from a failed cuDNN *call* in a
convolution (pytorch/pytorch#16831 with cudnn.benchmark, #6310 a CUDA/cuDNN install,
NVIDIA/apex#610 a CUDA version mismatch), Paddle "Failed to create Cudnn handle in
DeviceContext ... CUDNN_STATUS_NOT_INITIALIZED" when its loader found no usable cuDNN
(PaddlePaddle/Paddle#21917).  So such a log gets the code's meaning from NVIDIA's cuDNN API
reference, ``cudnnStatus_t`` (cuDNN 7.6.5:
https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn_765/cudnn-api/index.html#cudnnStatus_t;
the same texts in the cuDNN 8.x API references and in the copies that Paddle prints, e.g.
PaddlePaddle/PaddleMIX#678), and the note that the log is not TensorFlow's.
"""

from __future__ import annotations

from tfgpu.diagnosis.checks.status_codes import describe
from tfgpu.facts.view import Facts
from tfgpu.knowledge import CudaError

#: cudnnStatus_t in NVIDIA's cuDNN API reference (module docstring), first sentences.
CUDNN_DOCS: dict[str, str] = {
    "CUDNN_STATUS_NOT_INITIALIZED": (
        "the cuDNN library was not initialized properly; usually a call to cudnnCreate() "
        "failed (an error in the CUDA Runtime API it called, or in the hardware setup) or "
        "was not made before another cuDNN routine"),
    "CUDNN_STATUS_ALLOC_FAILED": (
        "resource allocation failed inside the cuDNN library, usually an internal "
        "cudaMalloc() failure"),
    "CUDNN_STATUS_BAD_PARAM": "an incorrect value or parameter was passed to the function",
    "CUDNN_STATUS_INTERNAL_ERROR": "an internal cuDNN operation failed",
    "CUDNN_STATUS_ARCH_MISMATCH": (
        "the function requires a feature absent from the current GPU device"),
    "CUDNN_STATUS_MAPPING_ERROR": (
        "an access to GPU memory space failed, usually a failure to bind a texture"),
    "CUDNN_STATUS_EXECUTION_FAILED": (
        "the GPU program failed to execute, usually a failure to launch some cuDNN kernel on "
        "the GPU (the hardware, the driver version and the cuDNN install are the places to "
        "look)"),
    "CUDNN_STATUS_NOT_SUPPORTED": (
        "the functionality requested is not presently supported by cuDNN"),
    "CUDNN_STATUS_LICENSE_ERROR": (
        "the functionality requested requires a license, and checking it failed"),
    "CUDNN_STATUS_RUNTIME_PREREQUISITE_MISSING": (
        "a runtime library required by RNN calls (libcuda.so or nvcuda.dll) cannot be found "
        "in the predefined search paths"),
}

#: Words of a ``status_codes.toml`` meaning that are TensorFlow's own.
_TF_WORDS = ("TensorFlow", "TF_")


def _number(ctx: Facts, row: CudaError, printed: int | None) -> str:
    """The status number as the log's cuDNN numbered it: the number the log printed
    (``printed``), else by the cuDNN major the log shows (:attr:`Facts.log_cudnn_major`):
    cuDNN 9 numbers its statuses from 1000 up (cudnn_graph.h 9.x, the row's ``code``), cuDNN
    8 and earlier from 0 (cudnn_ops_infer.h 8.2.1 and cudnn.h before it, the row's
    ``legacy_value``); both when the log shows neither."""
    legacy = row.legacy_code
    if legacy is None or legacy == row.code:
        return str(printed if printed is not None else row.code)
    if printed is not None:
        if printed == legacy:
            return (f"{printed} in the numbering of cuDNN 8 and earlier; {row.code} in "
                    "cuDNN 9's")
        return str(printed)
    major = ctx.log_cudnn_major
    if major is not None and major < 9:
        return f"{legacy} in cuDNN {major}'s numbering; {row.code} from cuDNN 9"
    if major is not None:
        return str(row.code)
    return f"{row.code} in cuDNN 9's numbering; {legacy} before cuDNN 9"


def describe_for_log(ctx: Facts, row: CudaError, printed: int | None = None) -> str:
    """:func:`describe` of ``row``, except in another framework's log: a cuDNN status in
    cuDNN's own words (:data:`CUDNN_DOCS`) with a note that the log is that framework's;
    another code whose meaning is TensorFlow's, its name alone with that note.  The number
    is the one the log printed (``printed``) or follows the cuDNN the log shows
    (:func:`_number`)."""
    fw = ctx.other_framework
    num = _number(ctx, row, printed)
    head = f"{row.library or row.enum} returned {row.name} ({num})"
    if fw is None:
        if num == str(row.code):
            return describe(row)
        return f"{head}: {row.meaning.rstrip('.')}"
    own = CUDNN_DOCS.get(row.name) if row.enum == "cudnnStatus_t" else None
    if own is not None:
        return (f"{head}: {own} (cuDNN's own description; this log is {fw}'s, not "
                "TensorFlow's, so TensorFlow's readings and remedies of this status do not "
                "apply)")
    if any(w in row.meaning for w in _TF_WORDS):
        return (f"{head} (tfgpu's reading of this code is TensorFlow's, and this log is "
                f"{fw}'s)")
    return describe(row)


__all__ = ["CUDNN_DOCS", "describe_for_log"]
