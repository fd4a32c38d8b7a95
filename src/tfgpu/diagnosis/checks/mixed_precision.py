"""Mixed precision: GPUs without Tensor Cores (Keras' compatibility warning, or its OK on
a GPU the knowledge says has none), float16/bfloat16 dtype mismatches, bfloat16 ops
without GPU kernels."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.hardware import _known_cc, _tensor_cores
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import format_cc, parse_cc


def _keras_ok_without_tensor_cores(ctx: Facts) -> list[Finding]:
    """Keras' check said OK (compute capability >= its floor) for a GPU the knowledge
    says has no Tensor Cores (a GeForce GTX 1650 or 1660, CC 7.5): mixed_float16 is slower
    there, and Keras prints no warning."""
    ok = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "OK"]
    if not ok:
        return []
    for hit in ctx.h("mixed.gpu").all():
        name, cc = hit.g("name"), hit.g("cc")
        if not name or not cc:
            continue
        tc = ctx.kb.tensor_cores(name.strip(), cc)
        if tc.has is not False or tc.basis != "gpu-table" or tc.row is None:
            continue
        floor = ctx.kb.platform_fact("tensor-cores-min-cc").value("min_cc")
        return [
            catalogue.make(
                "gpu-without-tensor-cores",
                reason=(f"Keras' mixed-precision check passed because {name.strip()} has "
                        f"compute capability {cc}, but {tc.describe()}"),
                floor=floor,
                evidence=log_evidence(ok, [hit]),
                knowledge_ref=tc.row.ref,
            )
        ]
    return []


def rule_mixed(ctx: Facts) -> list[Finding]:
    """Keras mixed-precision compatibility warning, or its OK on a GPU without Tensor
    Cores (the knowledge's answer by GPU name)."""
    if any(h.g("mixed") for h in ctx.h("placer.no_gpu_device").all()):
        return []  # "this machine does not have a GPU": tensorflow-sees-no-gpu says why
    warn = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "WARNING"]
    slow = ctx.h("mixed.slow")
    if not warn and not slow.count:
        return _keras_ok_without_tensor_cores(ctx)
    gpu = ctx.h("mixed.gpu").first
    cc = gpu[0].g("cc") if gpu else None
    # Keras warns for every GPU without a CUDA compute capability ("probably not an
    # Nvidia GPU": ROCm, DirectML, Metal); it says nothing about such a GPU's float16 speed
    floor = ctx.kb.platform_fact("tensor-cores-min-cc").value("min_cc")
    other = ctx.h("mixed.not_nvidia").first
    if not gpu and other:
        return [catalogue.make(
            "gpu-without-tensor-cores", variant="not-nvidia",
            name=(other[0].g("name") or "this GPU").strip(), floor=floor,
            evidence=log_evidence(warn, slow, other),
        )]
    return [
        catalogue.make(
            "gpu-without-tensor-cores",
            variant="keras-warning",
            reason=(f"this GPU lacks compute capability {floor}"
                    + (f" (it has {cc})" if cc else "")),
            floor=floor,
            evidence=log_evidence(warn, slow, gpu),
        )
    ]


# ------------------------------------------------------------------------------ k-gpu

_HALF = frozenset({"half", "float16", "bfloat16"})


#: The first tensorflow-addons release with the CRF's mixed-precision fixes (tensorflow/addons
#: PR #2051 "Fix float16 and mixed precision for crf", fixing #2030, and PR #2270 "Change CRF
#: layer dtype", addressing #2231: both first in tag v0.12.0, neither in v0.11.2).
_ADDONS_CRF_FIXED = "0.12.0"


def _addon_mismatch(ctx: Facts, op: str, dtypes: str, hits: list[Hit]) -> Finding | None:
    """``mixed-precision-dtype-mismatch`` variant ``addon`` when the log shows TensorFlow
    Addons' code (pattern ``mixed.addon_code``: a tensorflow_addons/ frame, a tfa.* call):
    a layer or function of the addon that does not follow the Keras mixed-precision policy
    (its CRF decode cell took the global policy whatever its inputs' dtype:
    tensorflow/addons#2231, #2269, where casting the inputs did not help); else ``None``."""
    code = ctx.h("mixed.addon_code").all()
    if not code:
        return None
    h = next((c for c in code if c.g("api")), code[0])
    where = (f"tfa.{h.need('api')}" if h.g("api")
             else "tensorflow_addons/" + h.need("mod").replace("\\", "/") + ".py")
    crf = "crf" in where.lower()
    return catalogue.make(
        "mixed-precision-dtype-mismatch", variant="addon", op=op, dtypes=dtypes, where=where,
        evidence=log_evidence(hits, [h]),
        fix=("pip install -U tensorflow-addons   # "
             + (f"the CRF follows the policy from {_ADDONS_CRF_FIXED} (PRs #2051, #2270); "
                if crf else "a release whose layer follows the policy (its changelog); ")
             + "each release supports a few TensorFlow minors (the README's table), so "
             "TensorFlow may need upgrading with it",
             "# or build that part under the float32 policy: keras.mixed_precision."
             "set_global_policy('float32') right before creating the addon's layer or calling "
             "the function, 'mixed_float16' again after (an addon layer: dtype='float32')",
             "# casting your own tensors does not help when the addon's code creates the "
             "mismatch itself"))


def rule_mixed_dtypes(ctx: Facts) -> list[Finding]:
    """Mixed-precision faults in op errors.

    * "cannot compute AddV2 as input #1 was expected to be a half tensor but is a float
      tensor" (eager), "Input 'y' of 'AddV2' Op has type float32 that does not match type
      float16" (graph), "Tensor conversion requested dtype float16 for Tensor with dtype
      float32": a float16/bfloat16 tensor meets a float32 one (a layer or model code that
      ignores the Keras compute dtype).
    * "No OpKernel was registered to support Op 'Conv2D' ... T=DT_BFLOAT16": no bfloat16
      GPU kernel for the op (TF registers bfloat16 GPU kernels for few ops; XLA has them).
    """
    out: list[Finding] = []
    mism: list[tuple[Hit, set[str]]] = []
    for h in ctx.h("mixed.dtype_mismatch").all():
        pair = {h.g("want") or h.g("want2") or h.g("want3") or h.g("want4") or "",
                h.g("got") or h.g("got2") or h.g("got3") or h.g("got4") or ""} - {""}
        if pair & _HALF and len(pair) == 2:
            mism.append((h, pair))
    if mism:
        h, pair = mism[0]
        op = h.g("op") or h.g("op2") or ("A binary math op" if h.g("got4") else "An op")
        low = sorted(pair & _HALF)[0]
        high = sorted(pair - _HALF)
        # claim audit C: tensorflow#49460 (Keras mixed precision on) and #33077 (TF 1.14 graph
        # code that casts to float16 itself, no Keras policy): both kinds
        numpy = (" A float64 side is most often a NumPy array or a Python float: NumPy's "
                 "default dtype is float64." if high and high[0] in ("double", "float64") else "")
        cause = (f"{op} got a {low} tensor and a {high[0]} one. Most often a Keras "
                 "mixed-precision policy makes layers compute in the low-precision dtype while "
                 "code that creates its own float32 tensors (constants, embeddings sums, custom "
                 "layers, variable updates) does not follow it; code that casts to "
                 f"{low} itself (TensorFlow 1 graphs, no Keras policy) fails the same way. "
                 "Either way one side must be cast to the other's dtype." + numpy) if high else (
                 f"{op} got a {' and a '.join(sorted(pair))} tensor: two low-precision types "
                 "mixed, such as a mixed_bfloat16 policy beside code that casts to float16 (or "
                 "the reverse). One side must be cast to the other's dtype.")
        other = high[0] if high else sorted(pair - {low})[0]
        tf_low = "float16" if low == "half" else low
        dtypes = " and ".join(sorted(pair & _HALF) + high)
        addon = _addon_mismatch(ctx, op, dtypes, [m for m, _ in mism])
        out.append(addon if addon is not None else catalogue.make(
            "mixed-precision-dtype-mismatch",
            op=op, dtypes=dtypes,
            evidence=log_evidence([m for m, _ in mism]),
            cause=cause,
            fix=(f"# cast the {other} tensor to the layer's compute dtype in that code: "
                 "tf.cast(x, self.compute_dtype)",
                 f"# without Keras: tf.cast(x, tf.{tf_low}) on the {other} side (or keep the "
                 "whole computation in float32)",
                 "# or leave the Keras policy at float32 for this model: "
                 "keras.mixed_precision.set_global_policy('float32')",
                 "# or use the graph rewrite instead: tf.config.optimizer."
                 "set_experimental_options({'auto_mixed_precision': True})"),
        ))
    # the DT_BFLOAT16 attribute on the same line or in the node dump below it (TF 1.x
    # prints "[[Node: ... = Conv2D[T=DT_BFLOAT16 ...]]" after the registered kernels)
    pairs = [(k, b) for k in ctx.h("mixed.no_kernel").all() for b in ctx.h("mixed.bf16_attr").all()
             if 0 <= b.line - k.line <= 30]
    if pairs:
        k, b = pairs[0]
        op = k.g("op") or "the op"
        out.append(catalogue.make(
            "bfloat16-unsupported-on-gpu",
            op=op,
            evidence=log_evidence([k], [b] if b.line != k.line else []),
        ))
    return out


#: A TensorSpec's dtype as pprint writes it: ``dtype=tf.float32`` (an option's line holds
#: TensorSpecs and Python values only).
_SPEC_DTYPE = re.compile(r"dtype=tf\.(\w{2,12})")

#: How many lines below "Could not find matching ... function" its Got and Expected blocks may
#: run (a few arguments and options of a few lines each).
_SAVEDMODEL_REACH = 80


def savedmodel_float32_only(ctx: Facts) -> list[Finding]:
    """``mixed-precision-dtype-mismatch`` (variant ``savedmodel-float32``): a function loaded
    from a SavedModel was called with a float16/bfloat16 tensor ("Got:" block) and none of its
    traces takes that dtype: every TensorSpec of the "Expected ... option(s)" blocks is of
    another dtype, float32 among them.  Source: tensorflow/python/saved_model/
    function_deserialization.py ``restored_function_body`` (TF 2.0-2.21): a loaded function
    runs only the concrete functions saved with it and is never retraced; a mixed_float16
    policy makes a Keras layer that wraps one (TF Hub's ``hub.KerasLayer``) cast its inputs
    to float16 (tensorflow/hub#854: ``dtype=tf.float32`` on the layer fixed it).

    Args:
        ctx: the facts view.

    Returns:
        One finding, or none (a shape or structure mismatch, a float16 trace among the
        options, the blocks not in the log).
    """
    for head in ctx.h("savedmodel.no_matching_function").all():
        below = range(head.line, head.line + _SAVEDMODEL_REACH)
        specs = [h for h in ctx.h("savedmodel.expected_spec").all() if h.line in below]
        first_spec = min((h.line for h in specs), default=head.line + _SAVEDMODEL_REACH)
        got = [h for h in ctx.h("savedmodel.got_half").all()
               if head.line <= h.line <= first_spec]
        # every dtype a spec line names (a dict of inputs puts several on one line)
        dtypes = {dt for h in specs for dt in _SPEC_DTYPE.findall(h.text)}
        if not got or "float32" not in dtypes or dtypes & _HALF:
            continue
        low = "float16" if got[0].g("dt") == "half" else got[0].g("dt") or "float16"
        return [catalogue.make(
            "mixed-precision-dtype-mismatch", variant="savedmodel-float32", dt=low,
            evidence=log_evidence([head], got[:1], specs[:1]),
        )]
    return []


# ------------------------------------------------------------- host facts (from hardware.py)


def no_tensor_cores(f: Facts) -> Iterator[Finding]:
    """GPUs without Tensor Cores: ``mixed_float16`` makes them slower, not faster.

    TensorFlow's mixed-precision guide checks only compute capability >= 7.0 (platform
    fact tensor-cores-min-cc), but the TU116/TU117 parts (GTX 16xx, MX450/550, T400-T2000;
    CC 7.5) have no Tensor Cores: the knowledge answers by the GPU's name (column
    tensor_cores of gpu_compute_capability) and by the floor only for a name it does not
    know.  Source: https://www.tensorflow.org/guide/mixed_precision (supported hardware).
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    floor = kb.cc_floor("tensor-cores-min-cc")[0]
    for g in facts.nvidia_gpus:
        tc = _tensor_cores(g, kb)
        if tc is None or tc.has is not False or tc.cc is None:
            continue
        cc = _known_cc(g, kb)  # reported (or an MX row), the evidence line
        old = parse_cc(tc.cc) < floor
        if old and cc is None:
            continue  # only the table's CC, for a GPU no driver reports: nothing to add
        reason = (f"compute capability {cc} < {format_cc(floor)}" if old else
                  f"{g.name} is a Turing part without Tensor Cores although its compute "
                  f"capability is {tc.cc}")
        yield catalogue.make(
            "gpu-without-tensor-cores", reason=reason, floor=format_cc(floor),
            evidence=(Evidence(f"gpus[{g.index}].name", g.name),)
            + ((Evidence(f"gpus[{g.index}].compute_capability", cc),) if cc else ()),
        )
        return
