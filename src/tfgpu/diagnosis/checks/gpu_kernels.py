"""The GPU kernels TensorFlow 2.21 registers (platform fact ``tf-gpu-kernel-dtypes``): an op a
log finds no GPU kernel for, with the node's types, that a newer release's GPU build has.

Sources:

* TensorFlow 2.21.0's Linux wheel, ``kernels.get_all_registered_kernels()`` (device_type GPU,
  and DEFAULT, which a GPU device runs; the allowed values of each type constraint, merged
  per attribute over the op's kernels): scripts/probe_tf_gpu_kernels.py prints the row.  The
  wheel registers its GPU kernels whether or not a GPU is present.
* GPU kernels are added across releases: complex types for the element-wise ops
  (tensorflow/tensorflow#15103, #15182), int32 Mod (#2505), cuSOLVER's decompositions (#9518:
  SelfAdjointEigV2 had only a CPU kernel in TensorFlow 1.1).
* The fact is CUDA's kernel set: tensorflow-metal, DirectML and other PluggableDevices,
  tensorflow-rocm and mobile builds register their own, and native Windows has no GPU
  release after 2.10 (platform fact windows-native-gpu-last), so no note is given for them.
* A kernel with every argument in host memory (HostMemory: int32 Mod, Assert, LinSpace) is
  placed on a GPU device but computes on the CPU: the fact lists such ops apart
  (``host_only``), and no note says a newer release runs them on the GPU.
* The types are merged per attribute over an op's kernels, so a pair of attributes may be
  listed that no one kernel takes (Fill's int32 with int64 indices, Cast's pairs): no note
  is a claim for an op whose kernels constrain two attributes or more.
"""

from __future__ import annotations

import functools
import re

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

__all__ = ["NEWER_RELEASE_FIX", "another_build", "dtype_name", "gpu_build_takes",
           "gpu_kernel_dtypes", "gpu_placeable_ops", "newer_gpu_kernel", "node_types"]

#: ``{op: {attribute: dtypes}}``: the types TensorFlow 2.21's GPU kernels take.
KernelTypes = dict[str, dict[str, frozenset[str]]]


def gpu_kernel_dtypes(ctx: Facts) -> KernelTypes:
    """``{op: {attribute: the dtypes its GPU kernels take}}`` in TensorFlow 2.21's GPU build
    (platform fact ``tf-gpu-kernel-dtypes``, items ``"Op:T=float32,float64;Tidx=int32"``; an
    empty dict: the kernels constrain no type); ``{}`` when the fact is missing or
    malformed."""
    try:
        items = ctx.kb.platform_fact("tf-gpu-kernel-dtypes").items("op_dtypes")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return {}
    return _parsed(items)


@functools.lru_cache(maxsize=4)
def _parsed(items: tuple[str, ...]) -> KernelTypes:
    """The fact's ``"Op:T=a,b;Tidx=c"`` items as :data:`KernelTypes`, parsed once per list
    (the checks ask for them several times a log)."""
    out: KernelTypes = {}
    for item in items:
        op, _, rest = item.partition(":")
        attrs: dict[str, frozenset[str]] = {}
        for part in filter(None, rest.split(";")):
            name, _, types = part.partition("=")
            attrs[name] = frozenset(filter(None, types.split(",")))
        out[op] = attrs
    return out


def gpu_placeable_ops(ctx: Facts) -> frozenset[str]:
    """The ops a GPU device of TensorFlow 2.21 takes: those of :func:`gpu_kernel_dtypes` and
    the fact's ``host_only`` ones (kernels that keep every argument in host memory); empty
    when the fact is missing or malformed."""
    try:
        host = ctx.kb.platform_fact("tf-gpu-kernel-dtypes").items("host_only")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return frozenset()
    return frozenset(gpu_kernel_dtypes(ctx)) | frozenset(host)


#: TensorFlow's DataType enum names whose Python dtype name is not the lower-cased rest.
_DT_NAMES = {"FLOAT": "float32", "HALF": "float16", "DOUBLE": "float64"}


def dtype_name(dt: str) -> str:
    """``"complex64"`` for ``"DT_COMPLEX64"`` (or ``"DT_COMPLEX64_REF"``), ``"float32"`` for
    ``"DT_FLOAT"``: the tf.dtypes name of a DataType enum name (tensorflow/core/framework/
    types.proto; tf.dtypes names DT_FLOAT, DT_HALF and DT_DOUBLE float32, float16 and
    float64); ``""`` for another text.  Never raises."""
    dt = dt.strip()
    if not dt.startswith("DT_"):
        return ""
    core = dt[3:].removesuffix("_REF")
    return _DT_NAMES.get(core, core.lower())


#: A node attribute holding a type: ``T=DT_FLOAT`` in a node dump ("Exp = Exp[T=DT_COMPLEX64]",
#: "[[Node: x = Op[T=DT_FLOAT, ...]]") or op_kernel.cc's "Requested Attributes: T=DT_INT32".
_NODE_TYPE = re.compile(r"(?<![\w.])(\w{1,40})=(DT_\w{2,30})\b")
#: A node dump's attribute bracket: ``<node> = <Op>[...]`` (``{{node X}} = X[...]`` too).
_DUMP = r"(?<![\w/.-]){name}(?:\}}\}})? = \w{{1,120}}\[(?P<attrs>[^\]]{{0,2000}})\]"
#: op_kernel.cc's "Requested Attributes: T=DT_INT32, ..." up to the kernel list.
_REQUESTED = re.compile(r"Requested Attributes:\s?(?P<attrs>[^\n]{0,2000}?)"
                        r"(?:\s\.\s|\.\s{1,4}Registered|(?=\n)|$)")


def node_types(text: str, node: str | None = None) -> dict[str, str]:
    """``{attribute: tf.dtypes name}`` of one node's type attributes in ``text``: its dump's
    bracket (``node``'s, else the first dump's: ``{"T": "complex64"}`` for ``"... Exp =
    Exp[T=DT_COMPLEX64](x)"``) and op_kernel.cc's "Requested Attributes:"; the first value of
    an attribute counts (a one-line paste holds other nodes' dumps).  ``{}`` when none is
    printed."""
    name = re.escape(node) if node else r"[\w/.-]{1,400}"
    parts = [m.group("attrs") for m in (re.search(_DUMP.format(name=name), text),
                                        _REQUESTED.search(text)) if m is not None]
    out: dict[str, str] = {}
    for part in parts:
        for m in _NODE_TYPE.finditer(part):
            out.setdefault(m.group(1), dtype_name(m.group(2)))
    return out


def another_build(ctx: Facts) -> bool:
    """Whether the log's GPU kernels are another build's than TensorFlow's Linux CUDA wheels,
    or a newer one cannot run there: tensorflow-metal (or a macOS host), a PluggableDevice
    (DirectML, Metal, Intel's) or DirectML's words, ROCm (the log, or the host's build), a
    mobile (Android, Java) build, native Windows (no GPU release after 2.10)."""
    from tfgpu.diagnosis.checks.op_kernel_gpu_build import directml_host

    host = ctx.host
    rocm_host = (host is not None and host.tf is not None
                 and host.tf.build_info.get("is_rocm_build") == "True")
    return bool(ctx.h("ctx.metal").count or ctx.os == "macos" or ctx.rocm_log or rocm_host
                or ctx.windows or ctx.h("gpu.pluggable_created").count
                or ctx.h("ctx.mobile_tf").count or directml_host(ctx))


def gpu_build_takes(ctx: Facts, op: str, node: dict[str, str]) -> bool:
    """Whether TensorFlow 2.21's GPU build has a kernel for ``op`` that takes the node's
    printed types ``node`` (every constrained attribute printed; ``{}``: any kernel of the
    op), and the log's kernels are CUDA TensorFlow's (not :func:`another_build`'s)."""
    have = gpu_kernel_dtypes(ctx).get(op)
    if have is None or another_build(ctx):
        return False
    return all(t in have[a] for a, t in node.items() if a in have)


def newer_gpu_kernel(ctx: Facts, op: str, node: dict[str, str],
                     listed: dict[str, frozenset[str]] | None) -> str:
    """The note that TensorFlow 2.21's GPU build has a GPU kernel for ``op`` that this log's
    TensorFlow lacks (platform fact ``tf-gpu-kernel-dtypes``), or ``""``.

    ``node``: the node's type attributes as printed (:func:`node_types`; ``{}`` when not);
    ``listed``: the types the log's own GPU kernel rows take, per attribute (``None``: the
    log lists no GPU kernel for the op).  With the node's types printed, the note is a claim
    and needs 2.21's kernels to take every constrained attribute printed, the deciding one
    (T, else dtype, else the first) among them, and the log's GPU kernels not to take that
    type already (then another attribute is the mismatch).  Without them it says "may", for
    the types 2.21 takes beyond the log's.  No note for :func:`another_build`'s logs nor
    for a log of TensorFlow 2.21 or newer."""
    if not op or another_build(ctx):
        return ""
    if (tm := tf_minor(ctx.tf_version)) is not None and tm >= (2, 21):
        return ""
    have = gpu_kernel_dtypes(ctx).get(op)
    if have is None:
        return ""
    key = "T" if "T" in have else "dtype" if "dtype" in have else next(iter(have), "")
    if node:
        if len(have) > 1:
            return ""  # two constrained attributes: the fact's pairs are not each a kernel's
        if key and key not in node:
            return ""  # the deciding type is not printed
        if any(a in have and t not in have[a] for a, t in node.items()):
            return ""
        if listed is not None and (not key or node[key] in listed.get(key, frozenset())):
            return ""  # the log's GPU kernels take this type: another attribute differs
        which = f" with {key}={node[key]}" if key else ""
        return (f" TensorFlow 2.21's GPU build registers a GPU kernel for {op}{which} "
                "(platform fact tf-gpu-kernel-dtypes): this TensorFlow is older, and a newer "
                "release runs the op on the GPU.")
    extra = sorted(have.get(key, frozenset()) - (listed or {}).get(key, frozenset()))
    if listed is not None and not extra:
        return ""
    types = f"{key} in [{', '.join(extra)}]" if extra else "any type"
    lacks = "types the kernels listed here lack" if listed else "which this TensorFlow lacks"
    return (f" TensorFlow 2.21's GPU build registers GPU kernels for {op} ({types}), {lacks} "
            "(platform fact tf-gpu-kernel-dtypes): a newer release may run it on the GPU, if "
            "the node's types are among those.")


#: The fix line that names the newer release (after soft placement, which works today).
NEWER_RELEASE_FIX = ("# or a newer TensorFlow, whose GPU build has this kernel (tfgpu plan lists "
                     "the releases this host can run)")
