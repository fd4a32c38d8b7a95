"""Libraries that refuse the installed TensorFlow at import, in their own words, and op
libraries whose namespaced op names the installed TensorFlow refuses.

* Open3D's TensorFlow ops (isl-org/Open3D ``python/open3d/ml/tf/__init__.py``): "Version
  mismatch: Open3D needs TensorFlow version 2.4.*, but version 2.5.2 is installed!" (older
  releases spell it "Tensorflow"): the wheel's ops are compiled for one TensorFlow minor
  (isl-org/Open3D-ML#432).
* csbdeep before TensorFlow 2 (CSBDeep/CSBDeep ``csbdeep/models/__init__.py`` at 60bd4677):
  "csbdeep only supports tensorflow < 2 for now (installed tensorflow version: 2.3.0)"
  (juglab/DenoiSeg#44: a release that still pinned that csbdeep).
* TensorFlow's op-definition check (``core/framework/op_def_util.cc`` ``ValidateOpDef``):
  "Invalid name: Addons>Gelu (Did you use CamelCase?)". ``IsValidOpName`` accepts a '>'
  namespace ("Absorb another name/namespace, starting with a '>'"); the releases before op
  namespaces checked RE2 ``(?:_.*|[A-Z][a-zA-Z0-9]*)``, so a namespaced op of a library built
  for a newer TensorFlow is refused there (tensorflow/addons#655: tensorflow-addons 0.6.0
  under TensorFlow 2.0.0b1).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._tf_pin_python import tf_pin_unavailable
from tfgpu.diagnosis.checks.op_registry import OP_NAMESPACES
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: What each guard's refusal means, by the library's name as it prints it
_WHY = {
    "Open3D": ("Open3D's TensorFlow ops are compiled against one TensorFlow minor, and a "
               "compiled op library loads only into the TensorFlow release it was built "
               "with."),
    "csbdeep": ("That csbdeep release is written for TensorFlow 1 and refuses TensorFlow 2 "
                "and later; the package that pulled it in (a CARE, N2V or DenoiSeg release) "
                "pins it."),
}

#: The other route, keeping the installed TensorFlow: the library release that supports it
#: (csbdeep 0.6.0 supports TensorFlow 2: CSBDeep/CSBDeep#49 "Support for TensorFlow 2",
#: released as 0.6.0 per CSBDeep/CSBDeep#30, 2020-07-08).  Put first when the pin has no
#: wheel for the log's Python (:func:`tf_pin_unavailable`).
_KEEP = {
    "csbdeep": ('pip install -U "csbdeep>=0.6.0"   # {alt}keeps TensorFlow {have}: csbdeep 0.6.0 '
                "and later support TensorFlow 2; the package that pinned the older csbdeep "
                "(an n2v, DenoiSeg or CARE release) needs its own release made for TensorFlow "
                "2"),
    "Open3D": ("# {alt}keep TensorFlow {have} and install the open3d release made for it (the "
               "one whose TensorFlow ops are built for TensorFlow {have}: Open3D's release "
               "notes name the TensorFlow each release's ops are built with), if there is one"),
}


def library_refuses_tensorflow(ctx: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` variant ``import-guard``: a library's own import
    check names the TensorFlow it needs and the one installed (pattern
    ``addon.tf_guard``)."""
    hits = ctx.h("addon.tf_guard").all()
    if not hits:
        return []
    h = hits[0]
    lib = h.g("lib") or h.need("lib2")
    req = (h.g("req") or h.need("req2")).replace(" ", "")
    have = (h.g("have") or h.need("have2")).rstrip(".!")
    spec = f"=={req}" if req[0].isdigit() else req
    pin = f"tensorflow{spec}"
    dist = lib.lower()
    pin_line = (f'pip install "{pin}"   # the TensorFlow this {lib} release needs, with the '
                "CUDA/cuDNN that release was built for")
    gap = tf_pin_unavailable(ctx, spec)
    keep_line = _KEEP.get(lib, "").format(have=have, alt="" if gap else "or ") or (
        f"# {'' if gap else 'or '}keep TensorFlow {have} and install the {dist} release made "
        "for it (its release notes or compatibility table name the TensorFlow each needs)")
    fix = (pin_line, keep_line) if gap is None else (
        keep_line,
        f"# not pip install \"{pin}\" here: {gap}; that route needs an environment "
        f"with a Python TensorFlow {req} has wheels for")
    return [catalogue.make(
        "tensorflow-addon-version-pin", variant="import-guard", addon=lib, requirement=req,
        have=have, why=_WHY[lib], evidence=log_evidence([h]), fix=fix,
    )]


def namespaced_op_refused(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``namespace-unsupported``: the
    installed TensorFlow's op-definition check refuses a namespaced op name (pattern
    ``addon.op_name_refused``), so the library registering it was built for a newer
    TensorFlow (one with op namespaces)."""
    hits = ctx.h("addon.op_name_refused").all()
    if not hits:
        return []
    h = hits[0]
    op, prefix = h.need("op"), h.need("prefix")
    known = OP_NAMESPACES.get(prefix)
    package = known[0] if known else f"the library of the '{prefix}>' ops"
    checks = ['python -c "import tensorflow as tf; print(tf.__version__)"   # the TensorFlow '
              "installed"]
    if known:
        checks.append(f"python -m pip show {known[0]}   # the {known[0]} release installed")
    return [catalogue.make(
        "op-library-built-for-other-tensorflow", variant="namespace-unsupported", op=op,
        prefix=prefix, package=package, evidence=log_evidence([h]),
        fix=(*checks,
             "# upgrade TensorFlow to the release this library release was built for (its "
             "README's compatibility table), or install the library release made for the "
             "installed TensorFlow"),
    )]


__all__ = ["library_refuses_tensorflow", "namespaced_op_refused"]
