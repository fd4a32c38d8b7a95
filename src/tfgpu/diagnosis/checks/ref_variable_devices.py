"""A TF 1.x reference variable used on another device than its own.

Sources: tensorflow/core/framework/op_def_util.cc ``ValidateAttrValue``: a ``type`` attr may
not hold a reference dtype, "AttrValue must not have reference type value of <dtype>", to
which the node check appends " for attr '<name>'" (the text is in TensorFlow 2.21's
libtensorflow_framework.so.2 and in TF 0.x logs).  Attr ``tensor_type`` is the one of
``_Recv``/``_Send`` (graph_partition.cc builds them with the edge's own dtype), so the line
says a ref edge, an op reading a TF 1.x variable directly rather than through its read, crosses
devices.  The _Recv NodeDef printed with it names ``recv_device`` and ``send_device``.  Threads:
tensorflow/tensorflow#1570 (TF 0.7: SparseApplyAdagrad had only a CPU kernel, soft placement
moved it off the GPU that held the embedding); a keras ``multi_gpu_model`` report (TF 1.x:
_Recv from GPU:0 to GPU:1; building the model under ``tf.device('/cpu:0')`` fixed it, as
Keras' multi_gpu_model docstring builds the template model).  Resource variables (TensorFlow
2's default) have no reference dtype.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The attr of _Recv/_Send that carries the edge's dtype.
_RECV_ATTR = "tensor_type"


def ref_variable_devices(ctx: Facts) -> list[Finding]:
    """``ref-variable-read-on-another-gpu`` when the _Recv NodeDef shows a GPU sending to
    another GPU, else the ``ref-edge`` variant of ``op-has-no-gpu-kernel`` (an op moved off
    the variable's device, most often for want of a GPU kernel).  Nothing for a ref dtype in
    another attr (not a device crossing)."""
    hits = [h for h in ctx.h("op.ref_attr").all() if (h.g("attr") or _RECV_ATTR) == _RECV_ATTR]
    if not hits:
        return []
    dtype = hits[0].g("dtype") or "a _ref dtype"
    devs = [h for h in ctx.h("op.ref_recv_devices").all() if h.line >= hits[0].line]
    send = (devs[0].g("send") or "").upper() or None if devs else None
    recv = (devs[0].g("recv") or "").upper() or None if devs else None
    evidence = log_evidence(hits, devs[:1], limit=2)
    if send and recv and send.startswith("GPU:") and recv.startswith("GPU:"):
        return [catalogue.make("ref-variable-read-on-another-gpu", dtype=dtype, send=send,
                               recv=recv, evidence=evidence)]
    where = (f"from {send} to {recv}" if send and recv else "between two devices")
    why = (f"TensorFlow had to send a reference tensor (a TF 1.x variable, dtype {dtype}) "
           f"{where}, and a reference dtype is not allowed in the _Recv node that would "
           "carry it (op_def_util.cc): an op that uses the variable itself (an optimizer's "
           "update, an embedding lookup or scatter on it) was placed on another device than "
           "the variable. Either that op has no kernel on the variable's device and soft "
           "placement moved it (a GPU variable updated by an op with only a CPU kernel, such "
           "as SparseApplyAdagrad in early releases), or device scopes split the variable "
           "from its users; the op and the devices are in the _Recv node this error prints "
           "(recv_device, send_device).")
    return [catalogue.make(
        "op-has-no-gpu-kernel", variant="ref-edge", dtype=dtype, why=why,
        evidence=evidence,
        fix=("# put the variable and the ops that use it on one device: create it (the "
             "embedding, the model) inside with tf.device('/cpu:0'): ... when one of its ops "
             "has no GPU kernel, or use an optimizer whose update has a GPU kernel",
             "# or use resource variables, which have no reference dtype: "
             "tf.compat.v1.enable_resource_variables() before building the graph (TensorFlow "
             "2 uses them by default)",
             "# log_device_placement=True in the session's ConfigProto shows which op runs "
             "on which device"),
    )]


__all__ = ["ref_variable_devices"]
