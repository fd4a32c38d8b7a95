"""A compiled library (an op library, an add-on's ops) linked against another TensorFlow
release's framework library file: ``op-library-built-for-other-tensorflow`` variant
``framework-soname``.

TensorFlow's framework library is ``libtensorflow_framework.so`` up to 1.13,
``libtensorflow_framework.so.1`` in 1.14-1.15 and ``.so.2`` in 2.x (platform fact
``tf-framework-library-name``); an op library records the name it was linked against, so
under another release tf.load_op_library fails with TensorFlow's NotFoundError
"<that name>: cannot open shared object file". That is the op library's build, not a missing
CUDA library: the fix is to rebuild it against this TensorFlow or install the release it was
built for. Only when the load is the op loader's (TensorFlow's NotFoundError, or a
``load_op_library``/``load_library`` call in the log), never for tfjs-node or libtensorflow
(whose own framework library it is), and never when the name is the installed TensorFlow's own
(then TensorFlow's own install is broken: the library finding says so).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.libnames import file_name
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

FACT = "tf-framework-library-name"
_NAME = re.compile(r"^libtensorflow_framework\.so(?:\.(?P<major>\d+))?$")


def _expected(ctx: Facts, first_versioned: tuple[int, int]) -> str | None:
    """The framework library file name of the log's or host's TensorFlow, or ``None`` when
    its version is unknown."""
    mm = tf_minor(ctx.tf_version or "")
    if mm is None:
        return None
    if mm < first_versioned:
        return "libtensorflow_framework.so"
    return f"libtensorflow_framework.so.{mm[0]}"


def framework_soname_hits(ctx: Facts) -> list[Hit]:
    """The loader lines of a framework library file another release ships, read as an op
    library's dependency (module docstring); ``[]`` otherwise."""
    if ctx.non_pip_tensorflow:
        return []  # tfjs-node / libtensorflow: their own framework library
    hits = [h for h in ctx.h("lib.missing").all()
            if _NAME.match(file_name(h.g("lib") or ""))]
    if not hits:
        return []
    op_load = ctx.h("op.load_call").count > 0
    # (TensorFlow's NotFoundError on the line, or on the line before when a paste wrapped
    # the message after "NotFoundError:")
    hits = [h for h in hits if op_load or "NotFoundError" in h.text
            or h.before.rstrip().endswith("NotFoundError:")]
    if not hits:
        return []
    fact = ctx.kb.platform_fact(FACT)
    first = tf_minor(fact.value("first_versioned"))
    assert first is not None
    expected = _expected(ctx, first)
    name = file_name(hits[0].g("lib") or "")
    if expected is not None and name == expected:
        return []  # this TensorFlow's own framework library is missing: a broken install
    return hits


def framework_soname_mismatch(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``framework-soname`` (see the module
    docstring): the release whose framework library the op library was linked against, and
    the one installed when the version is known."""
    hits = framework_soname_hits(ctx)
    if not hits:
        return []
    fact = ctx.kb.platform_fact(FACT)
    first = fact.value("first_versioned")
    first_mm = tf_minor(first)
    assert first_mm is not None  # framework_soname_hits read it
    name = file_name(hits[0].g("lib") or "")
    m = _NAME.match(name)
    major = m.group("major") if m else None
    built = (f"TensorFlow {first}-1.15" if major == "1" else
             f"TensorFlow 1.4-{first_mm[0]}.{first_mm[1] - 1}" if major is None
             else f"TensorFlow {major}.x")
    here = _expected(ctx, first_mm)
    have = (f"; this TensorFlow ({ctx.tf_version}) ships {here}" if here is not None
            else "")
    return [catalogue.make(
        "op-library-built-for-other-tensorflow", variant="framework-soname",
        filename=name, built=built, have=have, ref=fact.ref,
        evidence=log_evidence(hits[:1], ctx.h("op.load_call").first[:1]),
        knowledge_ref=fact.ref,
        fix=('python -c "import tensorflow as tf; print(tf.__version__, '
             "tf.sysconfig.get_link_flags())\"   # the framework library this TensorFlow ships "
             "(-l:libtensorflow_framework.so.N)",
             "# rebuild the op library (or the add-on's ops) against this TensorFlow with those "
             "link flags and tf.sysconfig.get_compile_flags(), or install the TensorFlow "
             "release it was built for",
             "ldd <the op library .so> | grep tensorflow_framework   # the name it was linked "
             "against"),
    )]
