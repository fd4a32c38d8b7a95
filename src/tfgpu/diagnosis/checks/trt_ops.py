"""A TF-TRT-converted model loaded by a TensorFlow binary without TF-TRT's ops
(``tftrt-not-enabled``, variant ``ops``).

Sources (platform_facts rows ``tftrt-op-types``, ``tftrt-disabled-first``):

* TF-TRT's ops (TRTEngineOp, CreateTRTResourceHandle, InitializeTRTResource,
  SerializeTRTResource, GetCalibrationDataOp; earlier CreateTRTEngineCacheHandle,
  InitializeTRTEngineOp, SerializeTRTEngineOp; TF 1.x contrib's TRTCalibOp) are registered
  under ``#if GOOGLE_CUDA && GOOGLE_TENSORRT`` (tensorflow/compiler/tf2tensorrt/ops/*.cc), so a
  binary built without TensorRT answers a graph holding them with op.cc's "Op type not
  registered 'TRTEngineOp' in binary running on HOST".  The TensorFlow 2.21 wheel, a CUDA
  build without TensorRT, has an empty gen_trt_ops.py and none of the names in its libraries.
* TensorFlow's CUDA builds (pip wheels, TF Serving's -gpu images) have no TensorRT from 2.18
  (tensorflow/tensorflow#87911; tensorflow/serving#4018: a TF-TRT SavedModel loads in
  2.17.0-gpu, not in 2.18.0-gpu).
* TF 1.x's TF-TRT Python modules loaded the ops from a separate library on import
  (tensorflow/contrib/tensorrt/python/ops/trt_engine_op.py: ``_trt_engine_op.so``;
  tensorflow/compiler/tf2tensorrt/python/ops/trt_ops.py: ``_trt_ops.so``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError


def tftrt_op_types(f: Facts) -> frozenset[str]:
    """TF-TRT's op type names (platform fact ``tftrt-op-types``); empty when the fact is
    missing or malformed."""
    try:
        return frozenset(f.kb.platform_fact("tftrt-op-types").items("ops"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return frozenset()


def tftrt_ops_missing(f: Facts, op: str, evidence: tuple[Evidence, ...], *,
                      kernel: bool = False) -> Finding:
    """``tftrt-not-enabled`` variant ``ops``: the graph or SavedModel holds TF-TRT's op ``op``
    (one of :func:`tftrt_op_types`) and the binary loading it does not register it; variant
    ``kernel`` (``kernel=True``) for op_kernel.cc's "No registered 'TRTEngineOp' OpKernel for
    'GPU' devices", the placer's "Assigned device ... does not have registered OpKernel support
    for TRTEngineOp" and colocation_graph.cc's "No OpKernel was registered to support Op
    'TRTEngineOp'": its only kernel, a GPU one, is registered under ``#if GOOGLE_CUDA`` /
    ``#if GOOGLE_TENSORRT`` (tensorflow/compiler/tf2tensorrt/kernels/trt_engine_op.cc at
    tensorflow/tensorflow@4c1a172f: ``REGISTER_KERNEL_BUILDER(Name("TRTEngineOp")
    .Device(DEVICE_GPU), TRTEngineOp)``), so a binary built without TensorRT has none
    (tensorflow/tensorrt#326, NVIDIA's TF-TRT maintainer: "a TensorFlow version that was
    compiled without TensorRT and TF-TRT support").  Never a custom-op rebuild: the op is
    TensorFlow's own (review b50b P4).

    The first fix line fits the program the log shows: TF Serving (pattern
    ``ctx.tf_serving``: the last -gpu image with TF-TRT), a JVM (``ctx.jvm``: TensorFlow for
    Java), else Python (the linked-TensorRT query).  A TensorFlow version in the log or the
    facts at or after platform fact ``tftrt-disabled-first`` is named in the cause.
    """
    first, _ = f.kb.fact_series("tftrt-disabled-first")
    start, last = f"{first[0]}.{first[1]}", f"{first[0]}.{first[1] - 1}"
    tf = f.tf_version
    mm = tf_minor(tf)
    seen = (f"; this TensorFlow {tf} is one of them" if mm is not None and mm >= first
            else "")
    serving = bool(f.h("ctx.tf_serving").count)
    jvm = not serving and bool(f.h("ctx.jvm").count)
    where = (" (TensorFlow Serving's model server)" if serving
             else " (TensorFlow for Java's native library)" if jvm else "")
    unconverted = ("# or load the SavedModel as saved before the conversion (the converter's "
                   "input_saved_model_dir): it needs no TF-TRT")
    if serving:
        fix: tuple[str, ...] = (
            f"docker run --gpus all ... tensorflow/serving:{last}.0-gpu   # the last TF "
            "Serving GPU image with TF-TRT (or an NGC TensorFlow/Triton container)",
            unconverted)
    elif jvm:
        fix = ("# TensorFlow for Java/C: use a native library built with TensorRT (Linux, "
               "CUDA)", unconverted)
    else:
        fix = ("python -c \"from tensorflow.compiler.tf2tensorrt import _pywrap_py_utils as "
               "u; print(u.get_linked_tensorrt_version())\"   # (0, 0, 0) or an ImportError: "
               "this TensorFlow has no TF-TRT",
               f'python -m pip install "tensorflow[and-cuda]=={last}.*"   # Linux: the last '
               "TensorFlow whose CUDA build has TF-TRT; or an NVIDIA NGC TensorFlow container",
               unconverted,
               "# TensorFlow 1.x: import tensorflow.contrib.tensorrt before loading the graph "
               "(it loads TF-TRT's op library)")
    return catalogue.make(
        "tftrt-not-enabled", variant="kernel" if kernel else "ops", op=op, where=where,
        first=start, last=last,
        seen=seen, evidence=evidence, knowledge_ref=f.kb.platform_fact("tftrt-op-types").ref,
        fix=fix,
    )
