"""A TensorFlow name missing under Python 2.7, whose AttributeError names no module
("AttributeError: 'module' object has no attribute 'global_variables_initializer'": CPython 2.7
Objects/object.c PyObject_GenericGetAttr prints the type name, 'module'), read with the
traceback's code line above it that spells ``tf.<path>.<name>`` (at most six lines up, no other
frame between): the same readings Python 3's "module 'tensorflow' has no attribute X" gets.

* a name a data row dates (``tf1-api-symbol-*`` rows of platform_facts.toml, TensorFlow
  RELEASE.md 0.7.0-0.12.0, and the ``tf-api-symbol-*`` rows): the TensorFlow that ran is older
  than the name's first release: ``tf-api-newer-than-installed``.  For a top-level TF 1 name
  (platform fact ``tf-api-names`` ``v1_only``: tf.global_variables_initializer) a TensorFlow
  2.0/2.1 fits too (TensorFlow 2.1 is the last release on Python 2, platform fact
  ``tf-contrib-span``): variant ``py2-older-or-tf2`` names both;
* a member of a tf.contrib module (``tf.contrib.learn.Estimator``, and Python 3's
  "module 'tensorflow.contrib.learn' has no attribute 'Estimator'") no row dates: the module
  exists, so the TensorFlow is a 0.7-1.15 release, and tf.contrib changed from one 1.x to the
  next without a compatibility promise: variant ``contrib-member-missing`` (hedged: older or
  newer, the version tells).

The names other readers take (``tools.tf1_api_py2``, ``tools.contrib_py2``,
``tfapi.py2_compat_attr``: checks/python_import.py, checks/tf_api_versions.py) are left to them.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import frame_between
from tfgpu.diagnosis.checks.tf_api_versions import symbol_row
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import PlatformFact

_VERSION = ('python -c "import tensorflow as tf; print(tf.__version__, tf.__file__)"   # with '
            "the Python that ran the code: the release it imports")


def _tf1_row(ctx: Facts, path: str) -> PlatformFact | None:
    """The ``tf1-api-symbol-*`` row (a TensorFlow 1 era name's first release) of ``path``,
    else a ``tf-api-symbol-*`` row with a ``first`` release; ``None`` otherwise."""
    for fact in ctx.kb.facts:
        if fact.id.startswith("tf1-api-symbol-") and fact.values.get("symbol") == path:
            return fact
    row = symbol_row(ctx.kb, path)
    return row if row is not None and isinstance(row.values.get("first"), str) else None


def _py2_paths(ctx: Facts) -> list[tuple[Hit, Hit, str]]:
    """``(error line, code line, path under tf.)`` of each Python 2 "'module' object has no
    attribute X" whose traceback code line above spells ``tf.<...>.X``."""
    taken = {h.line for name in ("tools.tf1_api_py2", "tools.contrib_py2",
                                 "tfapi.py2_compat_attr") for h in ctx.h(name).all()}
    codes = ctx.h("ctx.tf_dotted_code").all()
    out = []
    for err in ctx.h("ctx.py2_module_no_attr").all():
        attr = err.g("attr")
        if not attr or err.line in taken:
            continue
        for code in reversed(codes):
            if not (1 <= err.line - code.line <= 6) or frame_between(ctx, code.line, err.line):
                continue
            m = re.search(r"(?<![\w.])(?:tf|tensorflow)\.((?:\w{1,80}\.){0,6}?)"
                          + re.escape(attr) + r"\b", code.text)
            if m:
                out.append((err, code, m.group(1) + attr))
                break
    return out


def _contrib_member(path: str) -> bool:
    """Whether ``path`` is a member of a tf.contrib module (``contrib.learn.Estimator``)."""
    return path.startswith("contrib.") and path.count(".") >= 2


def _py3_contrib_members(ctx: Facts) -> list[tuple[Hit, str]]:
    """Python 3's "module 'tensorflow.contrib.<sub>' has no attribute X": the hit and the
    path under tf."""
    out = []
    for h in ctx.h("tfapi.no_attr").all():
        mod = h.g("mod") or ""
        m = re.match(r"^tensorflow\.(contrib\.[\w.]+)$", mod)
        if m and h.g("attr"):
            out.append((h, f"{m.group(1)}.{h.g('attr')}"))
    return out


def _contrib_finding(ctx: Facts, path: str, hits: list[Hit]) -> list[Finding]:
    mm = ctx.tf_mm
    if mm is not None and mm[0] >= 2:
        return []  # a tf.contrib module on a 2.x: the log contradicts itself
    span = ctx.kb.platform_fact("tf-contrib-span")
    parent, _, name = path.rpartition(".")
    return [catalogue.make(
        "tf-api-newer-than-installed", variant="contrib-member-missing", symbol=path,
        parent=parent, name=name, first=span.value("first"), last=span.value("last"),
        ref=span.ref, evidence=log_evidence(hits), knowledge_ref=span.ref,
        fix=(_VERSION,
             "# the code's README or requirements name the TensorFlow 1.x it was written "
             "for: install that release (tensorflow-gpu==1.N.* for a GPU build of that era), "
             "with the CUDA/cuDNN it needs (tfgpu plan lists them)",
             f"# or change the code to what tf.{parent} of the installed release offers "
             "(its API docs of that version)"))]


def tf_py2_missing_name(ctx: Facts) -> list[Finding]:
    """``tf-api-newer-than-installed`` for a TensorFlow name missing under Python 2 (a dated
    name: default variant or ``py2-older-or-tf2``; a tf.contrib member:
    ``contrib-member-missing``), and Python 3's missing tf.contrib member."""
    for err, code, path in _py2_paths(ctx):
        row = _tf1_row(ctx, path)
        if row is None:
            if _contrib_member(path):
                return _contrib_finding(ctx, path, [code, err])
            continue
        first = str(row.values["first"])
        since, have = tf_minor(first), tf_minor(ctx.tf_version)
        if since is not None and have is not None and have >= since:
            return []  # the stated release has it: another cause
        names = ctx.kb.platform_fact("tf-api-names")
        evidence = log_evidence([code, err])
        older = row.values.get("older")
        before = (f"# before {first} the same thing is {older}" if isinstance(older, str)
                  else "# or change the code to what the installed release offers")
        upgrade = (f"# or upgrade to TensorFlow {first} or newer (the 1.x the code's README "
                   "names), with the CUDA/cuDNN that release needs (tfgpu plan lists them)")
        if (path in names.items("v1_only") and not path.startswith("contrib")
                and (ctx.tf_mm is None or ctx.tf_mm[0] >= 2)):
            span = ctx.kb.platform_fact("tf-contrib-span")
            return [catalogue.make(
                "tf-api-newer-than-installed", variant="py2-older-or-tf2", symbol=path,
                first=first, py2_last=span.value("python2_last"), ref=row.ref,
                names_ref=names.ref, evidence=evidence, knowledge_ref=row.ref,
                fix=(_VERSION,
                     f"# older than {first}: {upgrade[5:]}",
                     before,
                     f"# 2.0 or 2.1: tf.compat.v1.{path}, or run the code on TensorFlow 1.15 "
                     "(Python 2.7 or a Python 3 up to 3.7)"))]
        return [catalogue.make(
            "tf-api-newer-than-installed", symbol=path, first=first, evidence=evidence,
            knowledge_ref=row.ref,
            cause=(f"The AttributeError is Python 2's wording, which names no module; the "
                   f"traceback's code line above it calls tf.{path}, which exists from "
                   f"TensorFlow {first} on (knowledge row {row.ref}). The TensorFlow that ran "
                   f"has no such name, so it is older than {first}: the code (or its tutorial) "
                   f"was written for a newer release."
                   + (f" Before {first} the same thing is {older}." if isinstance(older, str)
                      else "")),
            fix=(_VERSION, upgrade.replace("# or upgrade", "# upgrade"), before))]
    members = _py3_contrib_members(ctx)
    if members:
        h, path = members[0]
        return _contrib_finding(ctx, path, [h])
    return []


__all__ = ["tf_py2_missing_name"]
