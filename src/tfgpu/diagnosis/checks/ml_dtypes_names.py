"""ml_dtypes lacks a name the package importing it uses: "module 'ml_dtypes' has no attribute
'float8_e4m3b11'" / "cannot import name 'X' from 'ml_dtypes'" (pattern ``mldtypes.no_name``).

ml_dtypes (jax-ml/ml_dtypes) holds the NumPy dtypes (bfloat16, float8_*, int4...) that
TensorFlow 2.13+ and JAX import at start-up; its releases add and remove names, and each
TensorFlow / JAX release is built against the ml_dtypes of its time (its requirements pin
it). The names' releases, from ml_dtypes' CHANGELOG.md (jax-ml/ml_dtypes at commit 00b4fab3):

* 0.2.0 (2023-06-06): added ``int4``, ``uint4``; renamed ``float8_e4m3b11`` to
  ``float8_e4m3b11fnuz`` (the old name deprecated "until version 0.3.0");
* 0.3.0 (2023-09-19): "Removed deprecated name ``ml_dtypes.float8_e4m3b11``";
* 0.5.0 (2024-09-13): added ``float8_e4m3``, ``float8_e3m4``, ``float8_e8m0fnu``,
  ``float4_e2m1fn``, ``float6_e2m3fn``, ``float6_e3m2fn``;
* 0.6.0: added ``complex32``, ``bcomplex32``, ``int1``, ``uint1``.

So a removed name missing is an ml_dtypes newer than the importing package was built for
(jax-ml/ml_dtypes#101: ml_dtypes 0.3.0 under TensorFlow 2.14.0rc1 beside tf-nightly), an added
name missing is one older than it needs (variant ``too-old``), and a name the data does not
date is one of another release (variant ``unsure``, a warning). TensorFlow's own
"Unable to convert function return value to a Python type" that follows (its
pywrap_ml_dtypes types not registered) is then this fault, not NumPy's (checks/tf_install.py
numpy_too_old leaves it).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import package_frames_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _dated(ctx: Facts, name: str) -> tuple[str, str | None, str] | None:
    """``(first release with name, first release without it or None, knowledge ref)`` of an
    ml_dtypes name from platform fact ``ml-dtypes-names`` (ml_dtypes CHANGELOG.md), ``None``
    for a name it does not date."""
    fact = ctx.kb.platform_fact("ml-dtypes-names")
    for item in fact.items("names"):
        key, _, span = item.partition("=")
        if key == name:
            first, _, gone = span.partition("..")
            return first, gone or None, fact.ref
    return None


#: Import names of the packages that import ml_dtypes, as the fix names them.
_ASKERS = {"tensorflow": "TensorFlow", "tensorflow_core": "TensorFlow", "jax": "JAX",
           "jaxlib": "JAX", "keras": "Keras", "tf_keras": "tf-keras", "flax": "Flax",
           "tf2onnx": "tf2onnx", "onnx": "ONNX"}


def ml_dtypes_mismatch_shown(ctx: Facts) -> bool:
    """Whether the log shows ml_dtypes lacking a name (checks/tf_install.py numpy_too_old
    leaves TensorFlow's pybind11 line after it to this reading)."""
    return bool(ctx.h("mldtypes.no_name").count)


def ml_dtypes_name_missing(ctx: Facts) -> list[Finding]:
    """``ml-dtypes-version-mismatch``: the first "module 'ml_dtypes' has no attribute 'X'" /
    "cannot import name 'X' from 'ml_dtypes'" line; dated by platform fact ``ml-dtypes-names``
    (ml_dtypes CHANGELOG.md; default variant:
    X removed, the ml_dtypes is too new; ``too-old``: X added later; ``unsure``: X not
    dated)."""
    hits = ctx.h("mldtypes.no_name").all()
    if not hits:
        return []
    h = hits[0]
    name = h.g("name") or h.need("name2")
    frames = [p for p in package_frames_above(ctx, h.line)
              if (p.g("pkg") or "") in _ASKERS]
    tf_seen = any((p.g("pkg") or "") in ("tensorflow", "tensorflow_core")
                  for p in ctx.h("ctx.pkg_path").all())
    who = (_ASKERS[frames[-1].g("pkg") or ""] if frames
           else "TensorFlow" if tf_seen else "the package importing it (TensorFlow, JAX...)")
    listing = (pip_list_grep("ml-dtypes", "tensorflow", "tf-nightly", "jax",
                             windows=ctx.windows)
               + "   # the ml-dtypes installed, and the packages that pin it")
    check = ("python -m pip check   # names the package whose requirement excludes the "
             "installed ml-dtypes, and the range it allows")
    # TensorFlow's pybind11 error after it (its ml_dtypes types not registered): this fault
    after = [p for p in ctx.h("numpy.too_old").all()
             if "Unable to convert function return value" in p.text and p.line > h.line][:1]
    evidence = log_evidence([h], frames[-1:], after)
    dated = _dated(ctx, name)
    if dated is None:
        return [catalogue.make(
            "ml-dtypes-version-mismatch", variant="unsure", name=name, who=who,
            evidence=evidence,
            fix=(listing, check, 'python -m pip install "ml-dtypes<the range pip check '
                 'names>"   # the ml-dtypes release the asking package was built with'))]
    first, gone, ref = dated
    if gone is not None:
        return [catalogue.make(
            "ml-dtypes-version-mismatch", name=name, gone=gone, first=first, who=who,
            evidence=evidence, knowledge_ref=ref,
            fix=(listing, check,
                 f'python -m pip install "ml-dtypes<{gone}"   # a release that still has '
                 f"{name}, within the range pip check names",
                 f"# or upgrade {who} to a release built for ml-dtypes {gone} or later; "
                 "one TensorFlow distribution per environment (tensorflow beside tf-nightly "
                 "pulls both pins)"))]
    return [catalogue.make(
        "ml-dtypes-version-mismatch", variant="too-old", name=name, first=first, who=who,
        evidence=evidence, knowledge_ref=ref,
        fix=(listing, check,
             f'python -m pip install --upgrade "ml-dtypes>={first}"   # within the range '
             "pip check names",
             f"# or the {who} release made for the installed ml-dtypes"))]


__all__ = ["ml_dtypes_mismatch_shown", "ml_dtypes_name_missing"]
