"""TensorFlow's op registry and kernels: an op this binary does not register (``op.cc``
OpNotFound; NCCL ops in builds without NCCL, TF-TRT's ops in builds without TensorRT
(checks/trt_ops.py), ops of add-on namespaces such as ``Addons>``, ``IO>``), and ops without
a GPU kernel (also under tensorflow-metal).

Sources:

* TF 1.10-1.12 registered the NCCL ops only on importing tensorflow.contrib.nccl
  (tensorpack/tensorpack#913).
* tensorflow ``core/framework/op_kernel.cc`` ("No registered 'X' OpKernel for 'GPU' devices
  compatible with node ..." then ".  Registered:  device='CPU'; ..."), ``core/common_runtime/
  placer.cc`` / ``colocation_graph.cc`` ("... was colocated with a group of nodes that
  required incompatible device ..." and its "Colocation group had the following types and
  supported devices" debug info); Apple's tensorflow-metal page: a colocation error means an
  op without a Metal GPU implementation.
* TensorFlow ``core/common_runtime/colocation_graph.cc`` ``ColocationGraph::InitializeMember``
  (https://github.com/tensorflow/tensorflow/blob/00a25b8904bf5beaba5998c84e148ce6b1d80a4f/
  tensorflow/core/common_runtime/colocation_graph.cc; TF 1.x placer.cc wrote it on one line):
  when no registered device supports the op ("supported_device_types().empty()") it returns
  "No OpKernel was registered to support Op '<op>' used by <node> with these attrs: [...]"
  then "Registered devices: [<the device types of this process>]" and "Registered kernels:"
  with KernelsRegisteredForOp(op), "<no registered kernels>" when the binary has none; the
  three strings are in TensorFlow 2.21's libtensorflow_framework.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._op_server import server_op
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.gpu_kernels import (
    NEWER_RELEASE_FIX,
    dtype_name,
    newer_gpu_kernel,
    node_types,
)
from tfgpu.diagnosis.checks.op_kernel_gpu_build import under_error
from tfgpu.diagnosis.checks.op_subset_builds import subset_build_reading
from tfgpu.diagnosis.checks.tf1_era import tf1_build_cudas
from tfgpu.diagnosis.checks.trt_ops import tftrt_op_types, tftrt_ops_missing
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, cc_key, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError, PlatformFact


def _metal(ctx: Facts) -> bool:
    return bool(ctx.h("ctx.metal").count) or ctx.os == "macos"


def _requests_double(ctx: Facts, first: Hit) -> bool:
    """Whether the kernel lookup error at ``first`` asks for float64: "Requested Attributes:
    dtype=DT_DOUBLE" (T=, Tparams=...; pattern ``placer.requested_attrs``) on its line or one
    of the next three."""
    return any(re.search(r"=DT_DOUBLE\b", h.g("attrs") or "")
               for h in ctx.h("placer.requested_attrs").all() if 0 <= h.line - first.line <= 3)


#: The name prefixes Grappler's optimizers give the nodes they add (tensorflow/core/grappler/
#: optimizers: constant_folding.cc kConstantFoldingConst "ConstantFolding",
#: arithmetic_optimizer.cc kArithmeticOptimizer "ArithmeticOptimizer", both through
#: AddPrefixToNodeName, "<prefix>/<node>").
_GRAPPLER_PREFIX = re.compile(r"^(?P<opt>ConstantFolding|ArithmeticOptimizer)/")


def _grappler_node(hit: Hit) -> re.Match[str] | None:
    return _GRAPPLER_PREFIX.match(hit.g("node") or "")


def _grappler_placed(ctx: Facts, op: str, m: re.Match[str], nok: list[Hit],
                     dtype: bool) -> Finding:
    """``op-has-no-gpu-kernel`` variant ``grappler``: the node without a GPU kernel is one a
    Grappler optimizer added (its name prefix, :data:`_GRAPPLER_PREFIX`) and placed on the GPU
    (returnn#694: a string Const folded by ConstantFolding inside a while loop, TensorFlow
    issue 52200), not one the program placed; soft placement, which the placer applies
    before Grappler runs, does not move it."""
    node = nok[0].g("node") or ""
    return catalogue.make(
        "op-has-no-gpu-kernel", variant="grappler", op=op, node=node, optimizer=m.group("opt"),
        dtype_note=(" for the dtype of this node" if dtype or "DT_STRING" in nok[0].text
                    or any("DT_STRING" in h.text for h in ctx.h("placer.requested_attrs").all())
                    else ""),
        evidence=log_evidence(nok, ctx.h("placer.requested_attrs").all()[:1]),
        fix=("with tf.device('/CPU:0'): ...   # build the tensors this node comes from (string "
             "constants, lookup tables) and the ops that use them on the CPU explicitly",
             "tf.config.optimizer.set_experimental_options({'constant_folding': False})   "
             "# or turn that optimizer off" if m.group("opt") == "ConstantFolding" else
             "tf.config.optimizer.set_experimental_options({'arithmetic_optimization': False})"
             "   # or turn that optimizer off"),
    )


def _remapper_ops(ctx: Facts) -> frozenset[str]:
    """The fused op types Grappler's remapper creates (platform fact
    ``tf-remapper-fused-ops``: remapper.cc's kFusedConv2D "_FusedConv2D" and the others);
    empty when the fact is missing or malformed."""
    try:
        return frozenset(ctx.kb.platform_fact("tf-remapper-fused-ops").items("ops"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return frozenset()


def _remapper_fused(ctx: Facts, op: str, nok: list[Hit], dtype: bool, where: str) -> Finding:
    """``op-has-no-gpu-kernel`` variant ``remapper``: the op without a GPU kernel is one
    Grappler's remapper made by fusing (``_FusedConv2D`` from Conv2D + BiasAdd + Relu): the
    program placed the unfused ops, which have GPU kernels, and the remapper fused them on a
    GPU device that has no kernel for the fused type (a ROCm build: remapper.cc's "ROCm does
    not support _FusedConv2D", ROCm/tensorflow-upstream#923; a PluggableDevice; a dtype the
    fused kernel lacks).  Turning the remapper off keeps the unfused ops."""
    return catalogue.make(
        "op-has-no-gpu-kernel", variant="remapper", op=op, where=where,
        dtype_note=" for the dtypes of this node" if dtype else "",
        evidence=log_evidence(nok, limit=2),
        knowledge_ref=ctx.kb.platform_fact("tf-remapper-fused-ops").ref,
        fix=("tf.config.optimizer.set_experimental_options({'remapping': False})   # before "
             "building the model: Grappler then keeps the unfused ops, which have GPU kernels",
             "# TF 1.x: tf.ConfigProto(graph_options=tf.GraphOptions(rewrite_options="
             "rewriter_config_pb2.RewriterConfig(remapping=rewriter_config_pb2.RewriterConfig."
             "OFF)))",
             "# a ROCm or plugin build: a newer release of it may not fuse on its GPU device"),
    )


def op_without_gpu_kernel(ctx: Facts) -> list[Finding]:
    """``op-has-no-gpu-kernel`` from op_kernel.cc's "No registered 'X' OpKernel for 'GPU'
    devices" (variant ``not-registered``; ``dtype`` when the registered kernels listed under
    it include a GPU one, for other dtypes) and from the placer's colocation error (variant
    ``colocation``), naming the op types its debug info lists without GPU.  On macOS /
    tensorflow-metal the missing kernel is the Metal plugin's."""
    # grappler's graph_view.cc kernel check only warns (notices.grappler_kernel_check)
    grappler = {h.line for h in ctx.h("grappler.kernel_check").all()}
    # 'DML': tensorflow-directml's DirectML device (its TF 1.15 fork), a GPU too
    nok = [h for h in ctx.h("placer.no_kernel").all()
           if (h.g("dev") or "") in ("GPU", "DML") and h.line not in grappler]
    # the placer's "Assigned device '.../device:GPU:1' does not have registered OpKernel
    # support for <op>": the same fact for a node whose device was assigned before placement
    nok += [h for h in ctx.h("placer.assigned_no_kernel").all()
            if not any(n.line == h.line for n in nok)]
    col = [h for h in ctx.h("placer.colocation_group").all() if (h.g("dev") or "") == "GPU"]
    if not col:
        # the error line cut from the paste: its Colocation Debug Info's root member asked
        # for a GPU that no device type the group supports is
        col = [h for h in ctx.h("placer.coloc_root").all()
               if re.search(r"device:GPU:\d", h.g("req") or "")
               and "GPU" not in (h.g("types") or "").replace(",", " ").split()
               and _gpu_registered(ctx, h)]
    if not nok and not col:
        return []
    metal = _metal(ctx)
    dml = any(h.g("dev") == "DML" for h in nok)
    where = ("the tensorflow-metal plugin (Apple's Metal GPU device)" if metal
             else "tensorflow-directml (its DML device)" if dml
             else "this TensorFlow build")
    fix_cpu = "with tf.device('/CPU:0'): ...   # run that op (or that step) on the CPU"
    if nok:
        first = nok[0]
        op = first.g("op") or "an op"
        # the devices of the kernels listed under it (on its own line in a one-line paste)
        listing = [first, *_kernel_rows(ctx, first.line)]
        regs = {m.group("dev") for h in listing for m in _ROW.finditer(h.text)}
        # a function's argument/return node on an assigned GPU: TensorFlow registers GPU
        # kernels for _Arg/_Retval (core/kernels/function_ops.cc, per dtype), so the node's
        # dtype is the one without
        dtype = "GPU" in regs or (first.g("adev") is not None
                                  and op in ("_Arg", "_Retval", "_DeviceArg", "_DeviceRetval"))
        if op in _remapper_ops(ctx):
            return [_remapper_fused(ctx, op, nok, dtype, where)]
        if not metal and not dml and op in tftrt_op_types(ctx):
            # TF-TRT's ops are TensorFlow's own, with kernels only in builds with TensorRT
            return [tftrt_ops_missing(ctx, op, log_evidence(nok), kernel=True)]
        if not dtype and not metal and _not_tensorflows_op(ctx, op):
            return [_library_without_gpu_kernel(ctx, op, nok)]
        if op.startswith("CudnnRNN") and not metal:
            from tfgpu.diagnosis.checks.op_kernel_gpu_build import directml_host, directml_rnn

            if directml_host(ctx):
                return [directml_rnn(ctx, op, log_evidence(nok))]
        grappler_node = _grappler_node(first)
        if grappler_node is not None and not metal and not dml:
            return [_grappler_placed(ctx, op, grappler_node, nok, dtype)]
        cause = (f"{op} has no GPU kernel in {where}"
                 + (" for the dtypes of this node (a GPU kernel exists for other dtypes)"
                    if dtype else "")
                 + ": the op cannot run on the GPU. Not a setup fault; the GPU works for "
                   "other ops.")
        # the node's types: its dump on the line, or op_kernel.cc's "Requested Attributes:"
        # on it or the next lines
        asked = node_types(first.text) or next(
            (t for h in ctx.h("placer.requested_attrs").all() if 0 < h.line - first.line <= 3
             if (t := node_types(h.text))), {})
        newer = "" if metal or dml or rows_dropped(ctx) else newer_gpu_kernel(
            ctx, op, asked, _row_types(listing, gpu_only=True))
        if metal:
            cause += (" tensorflow-metal implements a subset of TensorFlow's ops; a newer "
                      "tensorflow-metal may add it.")
        double = dml and _requests_double(ctx, first)
        if double:
            # DirectML has no float64 math (microsoft/DirectML#309), and tensorflow-directml
            # registers no float64 kernels for DML devices (its PRs #180, #280)
            cause += (" The node asks for float64 (DT_DOUBLE): DirectML has no float64 math, "
                      "so tensorflow-directml registers no float64 kernels for its DML "
                      "device; in float32 the op runs there.")
        fix = [*(("# make it float32: tf.keras.backend.set_floatx('float32'), dtype=tf.float32 "
                  "for the variable or tf.cast(x, tf.float32) (NumPy arrays are float64 by "
                  "default)",) if double else ()),
               fix_cpu,
               "tf.config.set_soft_device_placement(True)   # let TensorFlow place it on the CPU"]
        if metal:
            fix.append("python -m pip install -U tensorflow-metal   # newer plugins add ops")
        if newer and asked:
            # the node's types printed: a claim (gpu_kernels.newer_gpu_kernel)
            return [catalogue.make("op-has-no-gpu-kernel", variant="newer-release", op=op,
                                   evidence=log_evidence(nok), why=cause + newer,
                                   fix=(*fix, NEWER_RELEASE_FIX))]
        # without them the note says "may" and the title stays the log's own
        return [catalogue.make("op-has-no-gpu-kernel", variant="dtype" if dtype else
                               "not-registered", op=op, evidence=log_evidence(nok),
                               why=cause + newer,
                               fix=(*fix, NEWER_RELEASE_FIX) if newer else tuple(fix))]
    first = col[0]
    cpu_only = [h for h in _group_members(ctx, first)
                if "GPU" not in (h.g("devs") or "").split()]
    names = sorted({h.g("op") or "" for h in cpu_only} - {""})
    op = ", ".join(names) if names else "an op colocated with " + (first.g("op") or "this node")
    node = f"The node {first.g('op')}" if first.g("op") else "A node placed on the GPU"
    cause = (f"{node} is colocated (shares a variable) with ops that must run on the GPU, and "
             + (f"{', '.join(names)} {'have' if len(names) > 1 else 'has'} no GPU kernel in "
                f"{where}" if names else
                f"one op of that group has no GPU kernel in {where} (the error's "
                "'Colocation Debug Info' lists each op type and its devices)")
             + ". Typical: an optimizer's update op (e.g. Adam with amsgrad) or a random/"
               "int64 op without a GPU implementation.")
    fix = [fix_cpu, "tf.config.set_soft_device_placement(True)",
           "# or another optimizer/option whose ops have GPU kernels (e.g. amsgrad=False)"]
    if metal:
        fix.append("python -m pip install -U tensorflow-metal   # newer plugins add ops")
    return [catalogue.make("op-has-no-gpu-kernel", variant="colocation", op=op,
                           evidence=log_evidence(col, cpu_only[:4]), why=cause,
                           fix=tuple(fix))]


def _group_members(ctx: Facts, first: Hit) -> list[Hit]:
    """The "<OpType>: <devices>" member lines of the colocation group ``first`` starts (its
    error line or its Colocation Debug Info's root member): from the root member just
    before an error line (a paste may put the debug block first) up to the next group's
    root member or error line, at most 60 lines on."""
    roots = [h.line for h in ctx.h("placer.coloc_root").all()]
    errors = [h.line for h in ctx.h("placer.colocation_group").all()]
    before = [n for n in roots if first.line - 60 <= n < first.line and n not in errors]
    start = before[-1] if first.line in errors and before else first.line
    later = [n for n in (*roots, *errors) if n > first.line]
    end = min([*later, first.line + 60])
    return [h for h in ctx.h("placer.coloc_member").all() if start < h.line < end]


def _gpu_registered(ctx: Facts, root: Hit) -> bool:
    """The member lines of the Colocation Debug Info's group at ``root`` list GPU for some
    op type, or the log shows TensorFlow creating a GPU device: the process has a GPU device,
    and the op types without it lack a GPU kernel (with no GPU registered at all every member
    lists CPU only: that is a GPU the process does not see, checks/visibility.py)."""
    return bool(ctx.h("gpu.created").count) or any(
        "GPU" in (h.g("devs") or "").split() for h in _group_members(ctx, root))


#: Op-name prefixes of libraries that register their ops under a namespace
#: (tensorflow/addons ``REGISTER_OP("Addons>...")``, tensorflow/io ``REGISTER_OP("IO>...")``):
#: prefix -> (package, module to import).  ScaNN's TensorFlow ops too
#: (google-research/google-research scann/scann/scann_ops/cc/ops/scann_ops.cc at 960a3093:
#: REGISTER_OP("Scann>ScannSearch"), "Scann>TensorsToScann"...; a SavedModel with a ScaNN
#: index needs them, tensorflow/recommenders#182).
OP_NAMESPACES: dict[str, tuple[str, str]] = {
    "Addons": ("tensorflow-addons", "tensorflow_addons"),
    "IO": ("tensorflow-io", "tensorflow_io"),
    "Scann": ("scann", "scann"),
}


_NCCL_OP = re.compile(r"^Nccl[A-Z]\w*$")
#: The host name of a Mac in "binary running on <host>" (macOS names it after the model:
#: "Bairens-MacBook.local", "iMac", "Mac-mini"; tensorflow/tensorflow#22274): no NCCL there
_MAC_HOST = re.compile(r"(?i)\b(?:\w+-)?(?:MacBook(?:-Pro|-Air)?|iMac(?:-Pro)?|Mac-?mini|Mac-?Pro"
                       r"|Mac-?Studio)\b")
#: op_def_library.py's "Unrecognized Op name X": a Python op wrapper called, no graph
#: imported, so one of TensorFlow's own ops missing says nothing of a graph from a newer
#: release (a Python package of another build than its binary, for one): hedged.
_WRAPPER_CALL = re.compile(r"\bUnrecognized Op name\b")


def _text_op(f: Facts, op: str) -> tuple[str, str, str] | None:
    """``(package, module, how it is known)`` of tensorflow-text when ``op`` is one of its op
    types (platform fact ``tensorflow-text-op-types``), else ``None``."""
    fact = f.kb.platform_fact("tensorflow-text-op-types")
    # (the newer ops are namespaced TFText>: one of a later release than the row is still its)
    if op not in fact.items("ops") and not op.startswith("TFText>"):
        return None
    return (fact.value("package"), fact.value("module"),
            f"one of the op types it registers, knowledge row {fact.ref}")


def _package_op(f: Facts, op: str, package: str, module: str, how: str,
                ev: tuple[Evidence, ...]) -> Finding:
    """``tf-op-not-registered`` variant ``package``: ``op`` is ``package``'s, which this
    process has not loaded; a model server's log (pattern ``ctx.model_server``: TF Serving's
    external/org_tensorflow paths, tensorflow_model_server, tritonserver) gets the server's
    fix (its binary must hold the package's ops) instead of an import.  TensorFlow Java's
    (``org.tensorflow.`` classes, pattern ``ctx.mobile_tf``) is variant ``package-jvm``: the
    op library loaded into the JVM; a traceback frame of the package itself (its
    site-packages files ran) is variant ``package-imported``: not "not loaded"."""
    if any("org.tensorflow." in h.text for h in f.h("ctx.mobile_tf").all()):
        # TensorFlow Java (tensorflow/java org/tensorflow/TensorFlow.java: loadLibrary calls
        # TF_LoadLibrary): a Python import cannot put ops into a JVM
        return catalogue.make(
            "tf-op-not-registered", variant="package-jvm", op=op, package=package, how=how,
            evidence=ev,
            fix=(f"# load {package}'s op library into the Java process before loading the "
                 f"model: org.tensorflow.TensorFlow.loadLibrary(\"<{package}'s op .so>\"), "
                 "built for the TensorFlow version of the TensorFlow Java release in use "
                 "(TensorFlow.version() prints it)",
                 f"# no such library for this platform ({package} publishes Python wheels "
                 "for some platforms only): build it from source for that TensorFlow, serve "
                 f"the model from a process that has it, or export it without {package}'s "
                 "ops"))
    if any(p.g("pkg") == module for p in f.h("ctx.pkg_path").all()):
        # the package's own frame is in the traceback: it was imported and ran
        return catalogue.make(
            "tf-op-not-registered", variant="package-imported", op=op, package=package,
            how=how, module=module, evidence=ev,
            fix=(f"python -c \"import tensorflow as tf, {module}; print(tf.__version__)\"   # "
                 f"the TensorFlow this {module} loads its ops into",
                 f"python -m pip show {package} tensorflow   # the two releases: a {package} "
                 "release is built for one TensorFlow (its README's compatibility table)",
                 f"# a graph or SavedModel loaded by another process (a server, another "
                 f"Python): that process needs {package}'s ops too"))
    if f.h("ctx.model_server").count:
        fix: tuple[str, ...] = (
            f"# a model server runs this graph: its binary must hold {package}'s ops (a TF "
            "Serving release at least as new as the TensorFlow and "
            f"{package} that exported the model, or a build that links them) or load "
            f"{package}'s op library built for the server's TensorFlow (Triton's TensorFlow "
            "backend: its custom-operations guide preloads such libraries with LD_PRELOAD)",
            f"# or export the model without {package}'s ops")
    else:
        fix = (f"python -c \"import tensorflow as tf, {module}; print(tf.__version__)\"",
               f"# import {module} before loading the model; pip install a {package} "
               "release built for this TensorFlow (its README's compatibility table)")
    return catalogue.make("tf-op-not-registered", variant="package", op=op, package=package,
                          how=how, module=module, evidence=ev, fix=fix)


#: Ops whose kernel calls back into Python (tf.py_func, tf.numpy_function, tf.py_function):
#: the TensorFlow 2.21 wheel has their kernel (PyFuncOp) in the Python runtime's
#: python/lib_pywrap_tensorflow_common.so and not in libtensorflow_cc.so.2, which registers
#: only the ops' definitions (script_ops.cc; strings of both), so a C++ program (TensorFlow
#: Serving, the C/C++/Java APIs) has no kernel for them, or no op at all in a reduced build:
#: the graph holds a Python function it cannot run.
_PYTHON_ONLY_OPS = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})


def _python_only(op: str, ev: tuple[Evidence, ...]) -> Finding:
    """``tf-op-not-registered`` variant ``python-only`` for ``op``, one of
    :data:`_PYTHON_ONLY_OPS`."""
    return catalogue.make(
        "tf-op-not-registered", variant="python-only", op=op, evidence=ev,
        fix=("# export the model without tf.py_function / tf.numpy_function / tf.py_func: "
             "write that step with TensorFlow ops, or do it in the client before the request",
             "# or run the model from Python TensorFlow (tf.saved_model.load), where the "
             "Python function exists"))


def python_only_op_kernel(ctx: Facts) -> list[Finding]:
    """``tf-op-not-registered`` variant ``python-only`` for the placer's "No OpKernel was
    registered to support Op 'PyFunc'" or "No registered 'PyFunc' OpKernel for 'CPU'
    devices" (patterns ``placer.no_opkernel``, ``placer.no_kernel``): a C++ binary that has
    the op's definition (the 2.21 wheel's libtensorflow_cc.so.2 registers PyFunc's op from
    script_ops.cc) but not its kernel, which only Python TensorFlow's runtime has."""
    for name in ("placer.no_opkernel", "placer.no_kernel"):
        for h in ctx.h(name).all():
            if (h.g("op") or "") in _PYTHON_ONLY_OPS:
                return [_python_only(h.need("op"), log_evidence([h]))]
    return []


def op_not_registered(f: Facts) -> list[Finding]:
    """``op-not-on-tpu-worker`` where the op was looked up on a Cloud TPU worker,
    ``nccl-not-available`` for an NCCL op on native Windows or macOS (variant
    ``op-not-registered``), ``tftrt-not-enabled`` (variant ``ops``) for one
    of TF-TRT's ops, the ``package`` variant of
    ``tf-op-not-registered`` for a namespaced op, its ``core-op`` variant for one of
    TensorFlow's own ops (platform fact ``tf-core-op-types``: a graph from a newer
    TensorFlow; not for op_def_library.py's "Unrecognized Op name", a wrapper call with no
    graph), else the hedged ``tf-op-not-registered``."""
    hits = f.h("op.not_registered")
    out: list[Finding] = []
    if hits.count:
        op = hits.first[0].g("op") or "?"
        ev = log_evidence(hits, limit=2)
        prefix = op.split(">", 1)[0] if ">" in op else ""
        host = hits.first[0].g("host") or ""
        if _on_tpu_worker(f, host):
            out.append(_tpu_worker_op(f, op, prefix, host, ev))
        elif _NCCL_OP.match(op) and (f.os in ("windows", "macos") or _MAC_HOST.search(host)):
            out.append(catalogue.make(
                "nccl-not-available", variant="op-not-registered", op=op, evidence=ev,
            ))
        elif _NCCL_OP.match(op):
            out.append(catalogue.make(
                "tf-op-not-registered", variant="nccl", op=op, evidence=ev,
            ))
        elif op in _PYTHON_ONLY_OPS:
            out.append(_python_only(op, ev))
        elif op.startswith("CudnnRNN"):
            out.append(_cudnn_rnn_op(f, op, ev))
        elif op in tftrt_op_types(f):
            out.append(tftrt_ops_missing(f, op, ev))
        elif (text := _text_op(f, op)) is not None:
            out.append(_package_op(f, op, *text, ev))
        elif prefix in OP_NAMESPACES:
            out.append(_package_op(f, op, *OP_NAMESPACES[prefix],
                                   f"its ops carry the '{prefix}>' prefix", ev))
        elif op in core_op_types(f) and not _WRAPPER_CALL.search(hits.first[0].text):
            out.append(_core_op_finding(f, op, ev))
        else:
            out.append(catalogue.make(
                "tf-op-not-registered", op=op, evidence=ev,
                fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # compare "
                     "with the TensorFlow that saved the model",
                     "# an op of tensorflow-text/-addons/-io or a custom .so: import that "
                     "library (built for this TensorFlow) before loading",
                     "# a model saved by a newer TensorFlow: load it with that release or newer"),
            ))
    nodes = f.h("nccl.node")
    if not out and nodes.count and f.windows:
        out.append(_nccl_missing(nodes.first[0].g("op") or "NcclAllReduce",
                                 log_evidence(nodes, limit=2)))
    return out


def _on_tpu_worker(f: Facts, host: str) -> bool:
    """Whether ``host`` (OpNotFound's "binary running on <host>") is named like a Cloud TPU
    Node's worker (platform fact ``cloud-tpu-worker-host``: n-<8 hex>-w-<N>) and the paste's
    own shell is not on it (a prompt "user@<host>": the client runs there); False when the
    fact is missing or malformed."""
    if not host or any(f"@{host}:" in h.text for h in f.h("ctx.shell_prompt").all()):
        return False
    try:
        pattern = f.kb.platform_fact("cloud-tpu-worker-host").value("host_pattern")
        return re.match(pattern, host) is not None
    except (LookupError, KnowledgeError, KnowledgeQueryError, re.error):
        return False


def _tpu_worker_op(f: Facts, op: str, prefix: str, host: str,
                   ev: tuple[Evidence, ...]) -> Finding:
    """``op-not-on-tpu-worker``: the op was looked up on a Cloud TPU
    worker. An add-on's namespaced op (``OP_NAMESPACES``) is a custom op the worker cannot
    load; one of TensorFlow's own ops (``tf-core-op-types``) is missing from the worker's TPU
    software version; any other op is either."""
    category = None
    if prefix in OP_NAMESPACES:
        package = OP_NAMESPACES[prefix][0]
        category = "model-code"
        why = (f"{op} is a custom op of {package}: importing {package} registers it in this "
               "client only, and a Cloud TPU worker cannot load a library's custom ops.")
    elif op in core_op_types(f):
        category = "version-mismatch"
        why = (f"{op} is one of TensorFlow's own ops, so the worker's runtime is of another "
               "release than this client's TensorFlow (the TPU's software version, chosen "
               "when it was created, predates the op).")
    else:
        why = (f"{op} is not among TensorFlow's own ops: a custom op loaded into this client "
               "only (a Cloud TPU worker cannot load one), or an op of a newer runtime than "
               "the worker's TPU software version.")
    return catalogue.make("op-not-on-tpu-worker", op=op, host=host,
                          why=why, evidence=ev, category=category,
                          knowledge_ref=f.kb.platform_fact("cloud-tpu-worker-host").ref)


def _cudnn_rnn_op(f: Facts, op: str, ev: tuple[Evidence, ...]) -> Finding:
    """A cuDNN RNN op (``CudnnRNN*``) not registered: ``cudnn-rnn-op-missing-from-windows-build``
    on a Windows host whose TensorFlow is 1.4 or older
    (TensorFlow's Windows builds lacked these ops until tensorflow/tensorflow#13699, October
    2017), else ``tf-op-not-registered`` variant ``cudnn-rnn``, hedged (TF 1.x's contrib op not
    loaded, such a build, or a graph from a newer release)."""
    tf = f.tf_version
    mm = tf_minor(tf)
    if f.windows and mm is not None and mm <= (1, 4):  # tf_minor(None) is None
        return catalogue.make("cudnn-rnn-op-missing-from-windows-build", op=op,
                              seen=f" (TensorFlow {tf})", evidence=ev)
    return catalogue.make("tf-op-not-registered", variant="cudnn-rnn", op=op, evidence=ev)


def _nccl_missing(op: str, evidence: tuple[Evidence, ...]) -> Finding:
    return catalogue.make(
        "nccl-not-available", op=op, evidence=evidence,
    )


#: For a log from R: R's seed functions hide the GPU inside the R process by default
#: (rstudio/tensorflow R/seed.R: use_session_with_seed() and set_random_seed() set
#: CUDA_VISIBLE_DEVICES=-1 unless disable_gpu = FALSE), where a shell's `env` does not see it.
_R_SEED_LINES = ("# R: use_session_with_seed() and tensorflow::set_random_seed() hide the GPU "
                 "unless called with disable_gpu = FALSE (they set CUDA_VISIBLE_DEVICES=-1 in "
                 "the R process: Sys.getenv('CUDA_VISIBLE_DEVICES') there shows it)",)

#: How many lines after the placer's error its device and kernel lists may stand.
_KERNEL_LIST_SPAN = 12


def op_kernel_registry(ctx: Facts) -> list[Finding]:
    """The placer's "No OpKernel was registered to support Op" with its lists: the op's kernels
    are all GPU kernels and no GPU device is registered (``op-kernel-gpu-only-no-gpu-device``),
    or the binary has no kernel at all for it (``op-kernel-not-in-this-build``, hedged).  NCCL
    ops and the bfloat16 attribute keep their own findings (rule_nccl, mixed precision)."""
    if ctx.h("mixed.bf16_attr").count:
        return []
    for hit in ctx.h("placer.no_opkernel").all():
        op = hit.g("op") or ""
        if op.startswith("Nccl") or op in _PYTHON_ONLY_OPS:
            continue  # (python_only_op_kernel reads Python-callback ops)
        near = range(hit.line, hit.line + _KERNEL_LIST_SPAN + 1)
        devs_hit = next(iter(under_error(ctx, hit.line, ("placer.registered_devices",))), None)
        if devs_hit is None:
            continue
        devs = [d.strip() for d in (devs_hit.g("devs") or "").split(",") if d.strip()]
        attrs = _node_attrs(hit.text) or next(
            (_node_attrs(f"with these attrs: [{h.g('attrs')}]")
             for h in under_error(ctx, hit.line, ("placer.node_attrs",))
             if h.line < devs_hit.line), {})
        # the kernel rows under the error, or on its own line when a paste joined them
        # ("... Registered devices: [CPU], Registered kernels:   device='GPU'  [[Node: ...")
        kernels = sorted({h.g("dev") or "" for h in ctx.h("placer.kernel_registered").all()
                          if h.line in near and (h.line > hit.line or (
                              h.line == hit.line and "Registered kernels:" in h.text))
                          and _kernel_fits(h.text, attrs)} - {""})
        none = [h for h in ctx.h("placer.no_kernels_listed").all() if h.line in near]
        ev = log_evidence([hit, devs_hit], none[:1])
        if not kernels and op in tftrt_op_types(ctx):
            # TF-TRT's op (tensorflow/tensorrt#326): its kernel exists only with TensorRT
            return [tftrt_ops_missing(ctx, op, ev, kernel=True)]
        if not kernels and not none and attrs:
            rows = _kernel_rows(ctx, hit.line)
            if rows:
                return [_no_kernel_for_attrs(ctx, op, attrs, rows, [hit, devs_hit])]
        node_line = any(hit.line < h.line <= hit.line + _KERNEL_LIST_SPAN
                        for h in ctx.h("placer.node_device").all())
        if not attrs and not none and _attrs_unprinted(hit.text) and not node_line:
            # TF 1.x: "with these attrs.  Registered devices: [CPU,GPU], Registered kernels:
            # ..." (tensorflow/tensorflow#12327) prints no attributes, and the placer raises
            # it only when no kernel of a registered device type takes them; so the reading
            # holds when every listed kernel's device is registered (a GPU-only op on a
            # CPU-only list is op-kernel-gpu-only-no-gpu-device's, below) and no TF1 node line
            # "[[Node: X = Op[T=...]]]" after the list prints the attributes
            rows = _kernel_rows(ctx, hit.line)
            if rows and {h.g("dev") or "" for h in rows} <= set(devs):
                return [_no_kernel_for_attrs(ctx, op, {}, rows, [hit, devs_hit])]
        if kernels and "GPU" not in devs and set(kernels) <= {"GPU"}:
            xla = (" An XLA_GPU device without a GPU device (TensorFlow 2.3 and earlier) means "
                   "the GPU was found but TensorFlow's own GPU device was not created, "
                   "typically because its CUDA/cuDNN libraries did not load."
                   if "XLA_GPU" in devs else "")
            newer = _gpu_newer_than_tf1(ctx)
            return [*newer, catalogue.make(
                "op-kernel-gpu-only-no-gpu-device", op=op, devs=", ".join(devs),
                kernels=", ".join(f"device='{k}'" for k in kernels), xla=xla, evidence=ev,
                fix=('python -c "import tensorflow as tf; '
                     'print(tf.config.list_physical_devices())"   # no GPU listed: the GPU '
                     "findings (driver, libraries, build) come first",
                     "env | grep CUDA_VISIBLE_DEVICES   # empty, -1 or an index this machine "
                     "does not have hides the GPU",
                     "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
                     "'cuInit|dlerror|Skipping registering GPU'   # why TensorFlow made no GPU "
                     "device",
                     pip_list_grep("tensorflow", windows=ctx.windows)
                     + "   # TensorFlow 1.x: 'tensorflow' (CPU) next to 'tensorflow-gpu': "
                     "uninstall both, then install tensorflow-gpu alone",
                     *_R_SEED_LINES * ctx.r_host),
            )]
        if (none and "GPU" not in devs and op in _gpu_only_rows(ctx)
                and not ctx.h("ctx.mobile_tf").count):  # a mobile build registers its own
            return [_gpu_only_release(ctx, op, devs, ev)]
        if none and ("GPU" in devs or not _gpu_build_only(ctx, op)):
            # one of TensorFlow's own ops in a mobile app or another reduced build
            # (checks/op_subset_builds.py)
            return [subset_build_reading(ctx, op, devs, ev) or catalogue.make(
                "op-kernel-not-in-this-build", op=op, devs=", ".join(devs), evidence=ev,
            )]
    return []


def _attrs_unprinted(text: str) -> bool:
    """Whether the placer's line says "with these attrs" and prints no attribute list
    (TensorFlow 1.x: "with these attrs.  Registered devices: ...")."""
    _, sep, rest = text.partition("with these attrs")
    return bool(sep) and not rest.lstrip(" :.").startswith("[")


def _kernel_rows(ctx: Facts, line: int) -> list[Hit]:
    """The "device='X'; ..." rows of the kernel list under the error on ``line``: the rows
    kept of the log (its first ones, up to ``MAX_KEYS`` distinct ones and the last) from the
    first within :data:`_KERNEL_LIST_SPAN` lines after it to the end of that list, which the
    next error, list header or op_kernel.cc "Registered:" list bounds (a list can be long:
    TensorFlow 2.0-2.3 print the XLA and GPU rows before the CPU ones), at most
    :data:`_KERNEL_ROWS_MAX` lines on."""
    kept = [h for h in ctx.h("placer.kernel_registered").kept() if h.line > line]
    if not kept or kept[0].line > line + _KERNEL_LIST_SPAN:
        return []
    first = kept[0].line
    # the list ends at the next error or empty list after the error's own line, or at a list
    # header or another op_kernel.cc "Registered:" list after its first row (the headers
    # before it are its own)
    bounds = [h.line for name in _LIST_ENDS for h in ctx.h(name).all() if h.line > line]
    bounds += [h.line for name in _LIST_HEADERS for h in ctx.h(name).all() if h.line > first]
    bounds += [h.line for h in kept if h.line > first and "Registered:" in h.text]
    end = min([*bounds, line + _KERNEL_ROWS_MAX])
    return [h for h in kept if h.line < end]


def rows_dropped(ctx: Facts) -> bool:
    """Whether the log holds more kernel rows than were kept (a list longer than the record
    keeps: ``MAX_KEYS`` distinct rows): then what a list lacks is not known."""
    hits = ctx.h("placer.kernel_registered")
    return hits.count > len(hits.kept())


#: Messages whose line ends the kernel list above them: the errors a list follows and an
#: empty list.
_LIST_ENDS = ("placer.no_opkernel", "placer.no_kernel", "mixed.no_kernel",
              "eager.no_valid_device", "placer.no_gpu_kernel", "placer.no_kernels_listed")
#: Lines that open a kernel list (eager's header, the placer's "Registered devices:").
_LIST_HEADERS = ("eager.kernels_for_op", "placer.registered_devices")


#: The most kernel rows one list is read for (TensorFlow's longest lists have some hundred).
_KERNEL_ROWS_MAX = 400


def _no_kernel_for_attrs(ctx: Facts, op: str, attrs: dict[str, str], rows: list[Hit],
                         hits: list[Hit]) -> Finding:
    """``op-no-kernel-for-node-dtype``: the op's kernel ``rows`` are listed and none takes the
    node's ``attrs`` (the dtype or format attributes a row constrains); with the note that
    TensorFlow 2.21's GPU build takes the node's T when it does (checks/gpu_kernels.py)."""
    constrained = sorted({name for h in rows for name, _ in _CONSTRAINT.findall(h.text)
                          if name in attrs})
    attr_text = ", ".join(f"{n}={attrs[n]}" for n in constrained) or "these attributes"
    kernels = "; ".join(h.text.strip() for h in rows[:4]) + ("; ..." if len(rows) > 4 else "")
    gpu = any((h.g("dev") or "") == "GPU" for h in rows)
    note = ("" if gpu else " The list has no device='GPU' kernel at all: if this TensorFlow "
            "is a CPU-only build, a GPU build may list more types for the op.")
    node = {a: dtype_name(v) for a, v in attrs.items() if dtype_name(v)}
    if node and not rows_dropped(ctx):
        note += newer_gpu_kernel(ctx, op, node, _row_types(rows, gpu_only=True))
    return catalogue.make(
        "op-no-kernel-for-node-dtype", op=op, attrs=attr_text, kernels=kernels, note=note,
        evidence=log_evidence(hits, rows[:3]),
    )


def op_no_kernel_for_attrs_eager(ctx: Facts) -> list[Finding]:
    """``op-no-kernel-for-node-dtype`` for eager execution's "Could not find device for node:
    {{node X}} = X[<attrs>]" followed by "All kernels registered for op X:" rows of which none
    takes the node's attributes (eager/context.cc SelectDevice); bfloat16 nodes are
    mixed_precision's (``bfloat16-unsupported-on-gpu``).  An empty list ("<no registered
    kernels>") is the hedge ``op-kernel-not-in-this-build`` (variant ``eager``), unless the log
    is tensorflow-metal's (op_kernel_gpu_build's plugin reading)."""
    if ctx.h("mixed.bf16_attr").count:
        return []
    none = ctx.h("placer.no_kernels_listed").all()
    for hit in ctx.h("mixed.no_kernel").all():
        if "Could not find device for node" not in hit.text:
            continue
        op = hit.g("op") or ""
        empty = [h for h in none if hit.line < h.line <= hit.line + _KERNEL_LIST_SPAN]
        if empty:
            if op.startswith("CudnnRNN") and ctx.h("ctx.metal").count:
                return []
            return [catalogue.make("op-kernel-not-in-this-build", variant="eager", op=op,
                                   evidence=log_evidence([hit], empty[:1]))]
        _, sep, rest = hit.text.partition(f"= {op}[")
        if not sep:
            continue
        attrs = {m.group(1): m.group(3) for m in _ATTR.finditer(rest.split("]\n", 1)[0] + "]")}
        rows = _kernel_rows(ctx, hit.line)
        if attrs and rows and not any(_kernel_fits(h.text, attrs) for h in rows):
            return [_no_kernel_for_attrs(ctx, op, attrs, rows, [hit])]
    return []


def op_no_valid_device_eager(ctx: Facts) -> list[Finding]:
    """``op-no-kernel-for-node-dtype`` variant ``unprinted`` for eager execution's "Could not
    find valid device for node." of TensorFlow 1.x and early 2.x (eager/execute.cc SelectDevice;
    reports of 2.0-2.3), whose kernel list has a CPU (or XLA_CPU) row: the CPU is always a
    device, so the node's attributes (most often an input's dtype) fit none of the CPU
    kernels, and no GPU kernel took them either,
    but the log does not print them: a hedge that names the dtype first and what to print.
    An empty list is ``op-kernel-not-in-this-build`` (variant ``eager``); a list of GPU kernels
    only is left to the GPU readings (no GPU device, or the dtype: the line cannot tell)."""
    none = ctx.h("placer.no_kernels_listed").all()
    heads = ctx.h("eager.kernels_for_op").all()
    for hit in ctx.h("eager.no_valid_device").all():
        near = [h for h in heads if hit.line <= h.line <= hit.line + 3]
        op = (near[0].g("op") if near else None) or hit.g("node") or hit.g("name")
        if not op:
            continue  # the op is not named (a cut paste)
        start = near[0].line if near else hit.line
        empty = [h for h in none if start <= h.line <= start + 2]
        if empty:
            return [catalogue.make("op-kernel-not-in-this-build", variant="eager", op=op,
                                   evidence=log_evidence([hit], empty[:1]))]
        rows = _kernel_rows(ctx, start)
        # TensorFlow 1.x-2.3 (this wording's releases) create an XLA_CPU device by default
        # (2.4's release notes: "XLA:CPU and XLA:GPU devices are no longer registered by
        # default"), and list its rows before the CPU ones: a paste cut before the CPU rows
        # still shows a CPU-side device that did not take the node
        if not any((h.g("dev") or "") in ("CPU", "XLA_CPU") for h in rows):
            continue
        kernels = "; ".join(h.text.strip() for h in rows[:4]) + ("; ..." if len(rows) > 4
                                                                  else "")
        # a CPU kernel taking the node's types would have run it: every listed row counts
        newer = ("" if rows_dropped(ctx)
                 else newer_gpu_kernel(ctx, op, {}, _row_types(rows, gpu_only=False)))
        return [catalogue.make(
            "op-no-kernel-for-node-dtype", variant="unprinted", op=op, kernels=kernels,
            newer=newer, evidence=log_evidence([hit], rows[:3]),
        )]
    return []


#: The id every platform fact of GPU-only ops starts with (one row per CPU kernel's merge).
_GPU_ONLY_ROWS = "gpu-only-kernel-ops-until"


def _gpu_only_rows(ctx: Facts) -> dict[str, PlatformFact]:
    """``{op: its row}`` of the platform facts whose id starts with ``gpu-only-kernel-ops-
    until``: ops whose kernels TensorFlow registered for the GPU only until a later release
    added a CPU kernel (the row's ``cpu_kernel_merged``); empty when the facts are missing or
    malformed."""
    try:
        return {op: row for row in ctx.kb.facts if row.id.startswith(_GPU_ONLY_ROWS)
                for op in row.items("ops")}
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return {}


#: One row of a kernel list with its constraints: ``device='GPU'; T in [DT_FLOAT]; Tidx in
#: [DT_INT32]`` (several on one line in a one-line paste).
_ROW = re.compile(r"device='(?P<dev>[A-Z_]{2,20})'(?:;\s{0,4}label='[^'\n]{0,60}')?"
                  r"(?P<cons>(?:;\s{0,4}\w{1,40} in \[[^\]]{0,400}\])*)")


def _row_types(rows: list[Hit], *, gpu_only: bool) -> dict[str, frozenset[str]] | None:
    """``{attribute: dtypes}`` the kernel rows in ``rows``' lines take (device='GPU' rows
    only when ``gpu_only``; every row of a line is read, a one-line paste holds them all);
    ``None`` when there is no such row."""
    out: dict[str, set[str]] = {}
    seen = False
    for h in rows:
        for m in _ROW.finditer(h.text):
            if gpu_only and m.group("dev") != "GPU":
                continue
            seen = True
            for name, vals in _CONSTRAINT.findall(m.group("cons")):
                out.setdefault(name, set()).update(
                    dtype_name(v) for v in vals.split(",") if dtype_name(v))
    return {a: frozenset(ts) for a, ts in out.items()} if seen else None


def listed_gpu_types(ctx: Facts, line: int) -> dict[str, frozenset[str]] | None:
    """``{attribute: dtypes}`` of the device='GPU' rows of the kernel list under the error on
    ``line`` (:func:`_kernel_rows`); ``None`` when it lists no GPU kernel (or no list)."""
    return _row_types(_kernel_rows(ctx, line), gpu_only=True)


def _gpu_only_release(ctx: Facts, op: str, devs: list[str],
                      ev: tuple[Evidence, ...]) -> Finding:
    """``op-kernel-gpu-only-no-gpu-device`` variant ``gpu-only-release``: "<no registered
    kernels>" for an op whose kernels were GPU-only in the releases before its CPU kernel, and
    no GPU among the registered devices: a CPU-only build of such a release (a release with
    the CPU kernel would list it)."""
    row = _gpu_only_rows(ctx)[op]
    return catalogue.make(
        "op-kernel-gpu-only-no-gpu-device", variant="gpu-only-release", op=op,
        devs=", ".join(devs), cpu_from=row.value("cpu_kernel_merged"), evidence=ev,
        knowledge_ref=row.ref,
        fix=('python -c "import tensorflow as tf; print(tf.__version__, '
             'tf.test.is_built_with_cuda())"   # False: a CPU-only build',
             pip_list_grep("tensorflow", windows=ctx.windows)
             + "   # TensorFlow 1.x: install tensorflow-gpu (alone) on a host with an NVIDIA "
             "GPU and its CUDA",
             f"# or run on the CPU with a TensorFlow release that has {op}'s CPU kernel "
             f"(merged {row.value('cpu_kernel_merged')}: a release after it)"),
    )


def _gpu_build_only(ctx: Facts, op: str) -> bool:
    """Whether ``op``'s kernels exist only in GPU builds (checks/op_kernel_gpu_build.py reads
    its "<no registered kernels>" as no GPU device)."""
    from tfgpu.diagnosis.checks.op_kernel_gpu_build import gpu_build_only_ops

    return op.startswith(gpu_build_only_ops(ctx))


# --- kernels that fit the node's attributes -------------------------------------------------

#: One ``name=value`` of the placer's "with these attrs: [...]" (values quoted or not).
_ATTR = re.compile(r'(\w{1,40})=("?)([\w.-]{1,60})\2(?=[,\]\s])')
#: One constraint of a "Registered kernels:" row: ``T in [DT_FLOAT, DT_HALF]``,
#: ``data_format in ["NHWC"]`` (KernelsRegisteredForOp, op_kernel.cc).
_CONSTRAINT = re.compile(r"(\w{1,40}) in \[([^\]]{0,400})\]")


def _node_attrs(text: str) -> dict[str, str]:
    """The node's attributes from the placer's "with these attrs: [...]" (``{}`` when the line
    does not list them): ``data_format="NCHW", T=DT_FLOAT`` -> ``{"data_format": "NCHW",
    "T": "DT_FLOAT"}``."""
    _, sep, rest = text.partition("with these attrs: [")
    if not sep:
        return {}
    return {m.group(1): m.group(3) for m in _ATTR.finditer(rest.split("]\n", 1)[0] + "]")}


def _kernel_fits(row: str, attrs: dict[str, str]) -> bool:
    """Whether the registered-kernel ``row`` can serve a node with ``attrs``: every constraint
    of the row (``attr in [values]``) whose attribute the node lists holds its value.  The
    placer lists every kernel of the op, also those for other dtypes or data formats (TF 1.x
    DepthToSpace: a CPU kernel for NHWC only, asked for NCHW), and only a fitting one can run
    the node; with no attributes known every row fits."""
    for name, values in _CONSTRAINT.findall(row):
        want = attrs.get(name)
        if want is not None and want not in {v.strip().strip('"') for v in values.split(",")}:
            return False
    return True


def _gpu_newer_than_tf1(ctx: Facts) -> list[Finding]:
    """``gpu-arch-not-in-build`` variant ``tf1-no-gpu-device`` (warning; "if this TensorFlow
    is 1.x" when its version is unknown) for a GPU no TensorFlow 1.x GPU build supports (its
    architecture's first CUDA is of a newer major than every 1.x build's CUDA: platform fact
    ``tf1-gpu-build-cuda``, ``cuda_arch.toml``) when TensorFlow's version is 1.x or unknown,
    else ``[]`` (also when that platform fact is missing).  Such a build holds no code for
    the GPU (GeForce RTX 30 / A100 with TF 1.15's CUDA 10.0), the reason a GPU kernel found
    no GPU device to run on."""
    from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs

    tf = ctx.tf_version or ""
    if tf and not tf.startswith("1."):
        return []
    known = tf1_build_cudas(ctx.kb)
    if not known or not known.builds:
        return []  # the 1.x builds' CUDA is unknown (the platform fact is missing)
    newest = max(int(cuda.split(".")[0]) for _, cuda in known.builds)
    for cc, _ev in gpu_ccs(ctx):
        ma, mi = cc_key(cc)
        row = ctx.kb.ptxas_first_cuda(f"sm_{ma}{mi}")
        if row is not None and int(row.first_cuda.split(".")[0]) > newest:
            return [catalogue.make(
                "gpu-arch-not-in-build", variant="tf1-no-gpu-device", cc=cc, arch=row.arch,
                first=row.first_cuda, newest=f"{newest}.0", ref=row.ref, fact=known.ref,
                which=f"this TensorFlow {tf}" if tf else "if this TensorFlow is 1.x, it",
                evidence=(_ev,), knowledge_ref=row.ref,
                fix=('python -c "import tensorflow as tf; print(tf.__version__, '
                     'tf.test.is_built_with_cuda())"   # 1.x: no build for this GPU',
                     f"# use a TensorFlow built with CUDA >= {row.first_cuda}: TF 2 "
                     "(tfgpu plan), or NVIDIA's TF 1.15 builds (nvidia-tensorflow, NGC "
                     "containers) for TF 1.x code"))]
    return []


# --- an op of another library without a GPU kernel (platform facts tf-core-op-types and
# tf-other-op-types: every op type TensorFlow 2.21 registers) ---------------------------
# Sources: TensorFlow's "Create an op" guide (tensorflow.org/guide/create_op, "GPU kernels":
# the GPU kernel is registered under #ifdef GOOGLE_CUDA, its .cu.cc compiled by nvcc with
# -D GOOGLE_CUDA=1 and linked into the op library; a bazel build defines GOOGLE_CUDA only with
# --config=cuda); tensorflow/lingvo#126 (Lingvo's AssertSameDim0 had no GPU kernel in a trainer
# built without --config=cuda; rebuilt with it, it ran on the GPU).


def _not_tensorflows_op(ctx: Facts, op: str) -> bool:
    """Whether ``op`` is none of the op types TensorFlow 2.21 registers itself (platform facts
    ``tf-core-op-types`` and ``tf-other-op-types``); False when either fact is missing, and
    for an op type with a leading underscore: TensorFlow's own internal ops (core/ops/
    function_ops.cc ``_Arg``/``_Retval``, sendrecv_ops.cc ``_Send``/``_Recv``...), which no
    Python API lists."""
    if op.startswith("_"):
        return False
    try:
        other = frozenset(ctx.kb.platform_fact("tf-other-op-types").items("ops"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return False
    core = core_op_types(ctx)
    return bool(core) and op not in core and op not in other


def _library_without_gpu_kernel(ctx: Facts, op: str, hits: list[Hit]) -> Finding:
    """``custom-op-gpu-kernel-not-built``: op_kernel.cc's "No registered 'X' OpKernel for
    'GPU' devices" for an op TensorFlow does not register itself: the add-on or custom
    library that registers it registered no GPU kernel (built without CUDA, or a CPU-only
    op)."""
    if ">" in op:
        return _addon_op_without_gpu_kernel(ctx, op, hits)
    tf1 = tf_minor(ctx.tf_version)
    contrib = ("" if tf1 is not None and tf1 >= (2, 0) else
               " (with TensorFlow 1.x, also a tf.contrib op that never moved into TensorFlow)")
    return catalogue.make(
        "custom-op-gpu-kernel-not-built", op=op, contrib=contrib,
        evidence=log_evidence(hits[:1]),
        knowledge_ref=ctx.kb.platform_fact("tf-other-op-types").ref,
        fix=("# a library you build (a custom op, a project's ops built with bazel): rebuild "
             "it with CUDA so its GPU kernels are registered: bazel build --config=cuda ..., or "
             "compile its .cu.cc kernels with nvcc -D GOOGLE_CUDA=1 and the library with "
             "-D GOOGLE_CUDA=1 (TensorFlow's create-op guide, GPU kernels)",
             "# an add-on's op without a GPU kernel: run it on the CPU: with "
             "tf.device('/CPU:0'): ...",
             "tf.config.set_soft_device_placement(True)   # or let TensorFlow place such ops "
             "on the CPU"),
    )


def _addon_op_without_gpu_kernel(ctx: Facts, op: str, hits: list[Hit]) -> Finding:
    """``custom-op-gpu-kernel-not-built`` variant ``namespaced``: the op's name carries a
    library's namespace ("Addons>ImageProjectiveTransformV2": op.cc IsValidOpName allows a
    '>' namespace; :data:`OP_NAMESPACES` names the package): the installed release of that
    add-on registered no GPU kernel for it (tensorflow/addons#443, its maintainer:
    tensorflow-addons 0.4.0 had no GPU kernel for the image transform yet), or was built for
    another TensorFlow or platform.  Never a rebuild with bazel: the user installs the add-on
    (review b50b P5)."""
    prefix = op.split(">", 1)[0]
    known = OP_NAMESPACES.get(prefix) or (("tensorflow-text", "tensorflow_text")
                                          if prefix == "TFText" else None)
    package = known[0] if known else f"the library of the '{prefix}>' ops"
    show = ((f"python -m pip show {known[0]}   # the {known[0]} release installed",)
            if known else ())
    return catalogue.make(
        "custom-op-gpu-kernel-not-built", variant="namespaced", op=op, prefix=prefix,
        package=package, evidence=log_evidence(hits[:1]),
        fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # the TensorFlow '
             "installed",
             *show,
             f"# install the {package} release made for this TensorFlow (its compatibility "
             "table) from a wheel with GPU kernels (a newer release, on Linux), or run the op "
             "on the CPU: with tf.device('/CPU:0'): ...",
             "tf.config.set_soft_device_placement(True)   # or let TensorFlow place such ops "
             "on the CPU"),
    )


def _op_attrs(f: Facts) -> dict[str, frozenset[str]]:
    """``{op: its attributes in TensorFlow 2.21}`` (platform fact ``tf-op-attrs``, items
    ``"Op:attr,attr"``); empty when the fact is missing or malformed."""
    try:
        items = f.kb.platform_fact("tf-op-attrs").items("op_attrs")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return {}
    out: dict[str, frozenset[str]] = {}
    for item in items:
        op, _, attrs = str(item).partition(":")
        out[op] = frozenset(a for a in attrs.split(",") if a)
    return out


def node_attr_not_in_op(f: Facts) -> list[Finding]:
    """``graph-attr-from-newer-tensorflow``: "NodeDef mentions attr 'A' not in Op<name=X;
    ...>" (``node_def_util.cc``): a node carries an attribute this binary's op X does not
    define.  For one of TensorFlow's own ops (platform facts ``tf-core-op-types``,
    ``tf-other-op-types`` and ``tftrt-op-types``) the graph was written by a newer
    TensorFlow, unless TensorFlow 2.21 lacks the attribute too
    (platform fact ``tf-op-attrs``; variant ``edited-graph``: no release wrote it); for
    another op (variant ``library-op``) by another version of the library that registers
    it."""
    hits = f.h("op.attr_not_in_op")
    if not hits.count:
        return []
    first = hits.first[0]
    op, attr = first.g("op") or "?", first.g("attr") or "?"
    # TensorFlow's own: its exported ops, TF-TRT's, the other ops it registers, and the
    # internal ones Grappler and the graph rewrites make ("_FusedConv2D", "_MklConv2D").  No
    # release is named as the loader's: a log (or host) often shows the writing side's version
    # beside the loading one's (a Python TensorFlow that exported the model, a Serving, Java
    # or cloud runtime that loads it)
    core = core_op_types(f)
    ours = (op in core or op in tftrt_op_types(f) or op.startswith("_")
            or (bool(core) and not _not_tensorflows_op(f, op)))
    if ours:
        known = _op_attrs(f).get(op)
        if known is not None and attr not in known:
            return [catalogue.make(
                "graph-attr-from-newer-tensorflow", variant="edited-graph", op=op, attr=attr,
                evidence=log_evidence(hits, limit=2),
                knowledge_ref=f.kb.platform_fact("tf-op-attrs").ref,
            )]
        return [catalogue.make(
            "graph-attr-from-newer-tensorflow", op=op, attr=attr,
            evidence=log_evidence(hits, limit=2),
            knowledge_ref=f.kb.platform_fact("tf-op-attrs" if known else "tf-core-op-types").ref,
        )]
    return [catalogue.make(
        "graph-attr-from-newer-tensorflow", variant="library-op", op=op, attr=attr,
        evidence=log_evidence(hits, limit=2),
    )]


#: How far above a graph error the frame or op name of a node the program was building may
#: stand (``op.built_here``): a Python traceback's last frames, their code lines and the
#: exception's first lines, hard-wrapped at 80 columns in a paste; and how far below (an
#: eager error's ``[Op:Name]`` at the end of a message wrapped over lines).
BUILT_HERE_WINDOW = 40
BUILT_HERE_WRAP = 3


def node_inputs_not_in_op(f: Facts) -> list[Finding]:
    """``graph-attr-from-newer-tensorflow`` variant ``inputs-differ`` (a warning): "NodeDef
    expected inputs '<types>' do not match <n> inputs specified" (``node_def_util.cc``
    ValidateNodeDef, pattern ``op.inputs_not_in_op``): a node's input count is not its op's
    signature in this binary.  Ops change their inputs across releases in either direction,
    and a tool that edits a graph can leave a node's inputs behind, so the finding names both
    (another TensorFlow version on one side, a graph edited after TensorFlow wrote it).
    Nothing for an op of TensorFlow's own rewrites (a name starting with ``_``) or a node the
    program was building (``op.built_here`` within :data:`BUILT_HERE_WINDOW` lines above the
    first or the last such line, or on the next lines of a message wrapped there: a notebook
    that re-ran the cell keeps only its latest frames): made in this process."""
    hits = f.h("op.inputs_not_in_op")
    if not hits.count or f.h("op.attr_not_in_op").count:
        return []
    first = hits.first[0]
    op = first.g("op")
    built = f.h("op.built_here").all()
    if (op or "").startswith("_") or any(
            -BUILT_HERE_WRAP <= at.line - h.line <= BUILT_HERE_WINDOW
            for at in (first, hits.last or first) for h in built):
        # an op of TensorFlow's own graph rewrites (Grappler's _FusedMatMul, oneDNN's _Mkl*)
        # or a node the program is building: made in this process, not by another release
        return []
    given = first.need("given")
    return [catalogue.make(
        "graph-attr-from-newer-tensorflow", variant="inputs-differ",
        op=op or "(its name cut off in the log)",
        given=f"{given} input" if given == "1" else f"{given} inputs",
        types=first.g("types") or "no inputs", evidence=log_evidence(hits, limit=2),
    )]


# --- an op TensorFlow itself registers (platform fact tf-core-op-types) -------------


def core_op_types(f: Facts) -> frozenset[str]:
    """The op types TensorFlow 2.21 registers itself (platform fact ``tf-core-op-types``:
    tensorflow/core/ops at v2.21.0, as the 2.21.0 wheel's gen_*_ops.py export them); empty
    when the fact is missing or malformed."""
    try:
        return frozenset(f.kb.platform_fact("tf-core-op-types").items("ops"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return frozenset()


def _python_tensorflow(f: Facts) -> bool:
    """Whether the TensorFlow that failed is a Python package (pip's, conda's): its files in
    the traceback, or the host facts' distribution; else the log may come from a mobile or
    C++ build."""
    if f.host is not None and any(d.name.startswith("tensorflow")
                                  for d in f.host.python.distributions):
        return True
    return any((h.g("pkg") or "") in ("tensorflow", "tensorflow_core")
               for h in f.h("ctx.pkg_path").all()) or bool(f.h("ctx.tf_python").count)


def _core_op_finding(f: Facts, op: str, ev: tuple[Evidence, ...]) -> Finding:
    """``tf-op-not-registered`` variant ``core-op``: ``op`` is one of TensorFlow's own ops
    (no add-on or custom library registers it), so a binary without it predates the op: the
    graph was written by a newer TensorFlow than the one loading it."""
    server = server_op(f, op, ev)  # a server with its own TensorFlow (_op_server.py)
    if server is not None:
        return server
    tf = f.tf_version
    have = f"TensorFlow {tf}" if tf else "the TensorFlow loading it"
    if f.h("ctx.op_subset_build").count and not _python_tensorflow(f):
        # an Android/iOS app or a C++ binary linked with a static libtensorflow, and no pip
        # TensorFlow in sight: such builds leave ops out (mobile op subsets, selective
        # registration, a static library without --whole-archive: tensorflow/tensorflow#4242,
        # #3308, #10254), so even an op every release has (Const, NoOp) can be missing
        return catalogue.make(
            "tf-op-not-registered", variant="core-op-build", op=op, evidence=ev,
            knowledge_ref=f.kb.platform_fact("tf-core-op-types").ref,
            fix=("# an Android/iOS or C++ build: register the op's kernels in it (the mobile "
                 "build's op list, tf_op_files.txt / selective registration's ops_to_register.h, "
                 "or link the static library with --whole-archive)",
                 "# a pip TensorFlow in Python: print(tf.__version__): a release older than the "
                 "one that wrote the graph, upgrade it"))
    return catalogue.make(
        "tf-op-not-registered", variant="core-op", op=op, have=have, evidence=ev,
        knowledge_ref=f.kb.platform_fact("tf-core-op-types").ref,
        fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # the release "
             "loading the graph: older than the one that wrote it",
             "pip install -U tensorflow   # TensorFlow 1.x GPU: pip install -U "
             "'tensorflow-gpu==<the release that exported the model, or newer>' (the CPU and "
             "GPU packages are separate installs of their own versions)",
             "# or use a model exported by (or for) this TensorFlow release"),
    )

