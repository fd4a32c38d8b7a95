"""A name of TensorFlow's public API that the ``tensorflow`` module Python imported lacks,
read against TensorFlow's own API lists: "AttributeError: module 'tensorflow' has no
attribute 'Variable'", "... has no attribute '__version__'", "module 'tensorflow' has no
attribute 'flags'".

The lists are data: platform fact ``tf-api-names``, the public names of TensorFlow 2.21.0's
two API versions as its generated API modules bind them (``tensorflow/__init__.py`` and
``tensorflow/_api/v2/*`` for tf, ``tensorflow/_api/v2/compat/v1/*`` for tf.compat.v1;
scripts/probe_tf_api_names.py), under tf (``distribute.TPUStrategy``) or under tf.compat.v1
("module 'tensorflow._api.v2.compat.v1' has no attribute 'disable_tensor_equality'").  The
readings:

* a ``v1_only`` name (tf.flags, tf.train.AdamOptimizer): TensorFlow 1 code on TensorFlow 2,
  told by ``tf1-api-on-tf2`` (checks/python_import.py reads :func:`v1_only_reads`);
* a name in ``both`` (tf.Variable, tf.constant): TensorFlow 2.21 has it under tf and
  tf.compat.v1 alike, so neither API era explains its absence: a broken or shadowed install,
  or a release older than the name (the row does not date names): variant
  ``core-name-missing`` of ``tf-api-newer-than-installed``, hedged; a ``v2_only`` name
  (tf.distribute.TPUStrategy: no TensorFlow 1.x had it) and a name missing from tf.compat.v1
  that 2.21's has are read the same way (variants ``v2-name-missing``,
  ``compat-v1-name-missing``);
* ``__version__`` (or another of the package's dunder names): every TensorFlow package binds
  it in its ``__init__.py`` (tensorflow/python/framework/versions.py), so the module that
  has none is not the TensorFlow package: variant ``not-the-package`` (not for Python's
  "partially initialized module" wording, a circular import: the hedge then);
* either, when the traceback runs through TensorFlow's ``__init__`` and then a companion
  package (tensorflow-estimator, keras, tensorboard) nearest the error: that companion, of
  another release, asked for the name while TensorFlow was importing
  (``tensorflow-addon-version-pin`` variant ``companion-import``).

Names a dated row of ``tf-api-symbol-*`` explains (checks/tf_api_versions.py) and the TF 1
names of the ``tools.tf1_api`` pattern are theirs; TensorFlow 1.x's own module spelling
(``tensorflow._api.v1.<sub>``) is no TF 1-on-TF 2 reading; any name in neither list (a typo,
a private name, Keras's modules) stays unknown.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import frame_between, package_frames_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.tf_api_versions import claimed_lines, tf_path
from tfgpu.diagnosis.checks.tf_name_callers import library_reading
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The dunder names TensorFlow's package binds at its top level (TensorFlow 2.21's
#: ``_names_with_underscore``, tensorflow/__init__.py).
_DUNDERS = frozenset({"__version__", "__git_version__", "__compiler_version__",
                      "__cxx11_abi_flag__", "__cxx_version__", "__monolithic_build__"})

#: The module spelling of TensorFlow 2's TF 1 API (``tf.compat.v1``) and its submodules:
#: ``tensorflow._api.v2.compat.v1``, ``tensorflow.compat.v1.train`` (``sub``: ``train``).
_COMPAT_V1 = re.compile(r"^tensorflow(?:_core)?(?:\._api\.v2)?\.compat\.v1(?:\.(?P<sub>[\w.]+))?$")

#: The module spelling TensorFlow 1.x prints for its own API modules.
_TF1_SPELLING = re.compile(r"^tensorflow(?:_core)?\._api\.v1(?!\.compat\.v2)(?:\.|$)")

#: The command that tells the readings apart: the version and the file Python imported.
_WHICH = ('python -c "import tensorflow as tf; print(tf.__file__, getattr(tf, '
          "'__version__', None))\"   # the file Python imported as tensorflow, and its version")


def _reads(ctx: Facts) -> list[tuple[Hit, str, str]]:
    """``(line, path under tf., kind)`` for each "module 'tensorflow...' has no attribute"
    line (pattern ``tfapi.no_attr``) whose name the ``tf-api-names`` row lists, kind
    ``"v1-only"``, ``"both"``, ``"v2-only"`` or ``"dunder"``, or ``"compat-v1"`` for a name
    TensorFlow 2.21's ``tf.compat.v1`` has (path ``compat.v1.<name>``); lines other readers
    explain are left out."""
    hits = ctx.h("tfapi.no_attr").all()
    if not hits:
        return []
    # (tf1_api_on_tf2 reads its own names, except on a TensorFlow 1.x older than the name:
    # a TF 1 call resolved before it, read here)
    taken = claimed_lines(ctx) | {h.line for h in ctx.h("tools.tf1_api").all()
                                  if not older_tf1(ctx, h)}
    row = ctx.kb.platform_fact("tf-api-names")
    v1_only, both = frozenset(row.items("v1_only")), frozenset(row.items("both"))
    v2_only = frozenset(row.items("v2_only"))
    out = []
    for h in hits:
        if h.line in taken:
            continue
        mod, attr = h.g("mod") or "", h.g("attr") or ""
        v1 = _COMPAT_V1.match(mod)
        if v1 is not None:
            # TensorFlow 2's TF 1 API (tf.compat.v1): a name it has in 2.21 is missing
            name = ".".join(p for p in (v1.group("sub"), attr) if p)
            if name in v1_only or name in both:
                out.append((h, f"compat.v1.{name}", "compat-v1"))
            continue
        found = tf_path(mod, attr)
        if found is None:
            continue
        path = found
        if path in _DUNDERS:
            out.append((h, path, "dunder"))
        elif path in v1_only:
            out.append((h, path, "v1-only"))
        elif path in both:
            out.append((h, path, "both"))
        elif path in v2_only:
            out.append((h, path, "v2-only"))
    return sorted(out, key=lambda r: r[0].line)


#: How many lines above an error a traceback's code line may stand and still be read as one
#: of its frames (a deep traceback's frames and their code lines).
_TRACE_WINDOW = 40


def tf1_call_ran(ctx: Facts, line: int) -> Hit | None:
    """A traceback code line above log line ``line`` that calls a name only TensorFlow 1 has
    (``tf.app.run()``, ``tf.Session()``: pattern ``ctx.tf1_api_code``) and that the traceback
    went past (another frame line stands between it and ``line``, within
    :data:`_TRACE_WINDOW` lines): that call ran, so the ``tensorflow`` Python imported is a
    1.x release (TensorFlow 2 has no such name at the top level); ``None`` otherwise."""
    went_past = next((c for c in reversed(ctx.h("ctx.tf1_api_code").all())
                      if 0 < line - c.line <= _TRACE_WINDOW
                      and frame_between(ctx, c.line, line)), None)
    return went_past or _tf1_name_resolved(ctx, line)


def _tf1_name_resolved(ctx: Facts, line: int) -> Hit | None:
    """The raising frame's own code line (up to six lines above ``line``, no frame between:
    a notebook's "---> 62 with tf.variable_scope(scope, tf.AUTO_REUSE):") when it calls a
    name only TensorFlow 1 has and the missing name stands inside that call's arguments:
    Python looks up the called function before it evaluates the arguments, so the TF 1 name
    was found and the module is a TensorFlow 1.x; ``None`` otherwise."""
    missing = next((h.g("attr") for h in ctx.h("tfapi.no_attr").all() if h.line == line), None)
    if not missing:
        return None
    for c in reversed(ctx.h("ctx.tf1_api_code").all()):
        if not (1 <= line - c.line <= 6) or frame_between(ctx, c.line, line):
            continue
        m = re.search(r"(?<![\w.])(?:tf|tensorflow)\.(?:train\.)?" + re.escape(c.g("attr") or "?")
                      + r"\((?P<args>.*)", c.text)
        if m and re.search(r"(?<![\w.])(?:tf|tensorflow)\." + re.escape(missing) + r"\b",
                           m.group("args")):
            return c
    return None


def _tf1_python(ctx: Facts) -> bool:
    """Whether the log's Python (its ``site-packages`` paths) is one TensorFlow 1.x ran on
    (platform fact ``tf1-python-versions``: up to 3.7): code that spells ``tf`` as
    ``tensorflow.compat.v1`` runs ``tf.app.run()`` on TensorFlow 2 too, so a TF 1 call proves
    a 1.x only on such a Python."""
    py = ctx.log_python_version
    if py is None:
        return False
    pythons = [p for item in ctx.kb.platform_fact("tf1-python-versions").items("linux")
               for p in item.partition("=")[2].split(",")]
    newest = max((tuple(int(x) for x in p.split("-")[-1].split(".")) for p in pythons
                  if p), default=(3, 7))
    return tuple(int(x) for x in py.split(".")[:2]) <= newest


#: TensorFlow 2's own module spellings (tensorflow._api.v2.*, 1.15-2.1's tensorflow_core.*):
#: a name missing there is not missing from a 1.x.
_TF2_SPELLING = re.compile(r"^tensorflow(?:_core\.|\._api\.v2\.)")


def older_tf1(ctx: Facts, hit: Hit) -> bool:
    """Whether a TF 1 name missing on ``hit`` is read as a 1.x older than the name: no
    version in the log, no TensorFlow 2 module spelling, a TF 1 call the traceback ran
    (:func:`tf1_call_ran`) and a Python TensorFlow 1.x ran on (:func:`_tf1_python`)."""
    return (ctx.tf_mm is None and not _TF2_SPELLING.match(hit.g("mod") or "")
            and tf1_call_ran(ctx, hit.line) is not None and _tf1_python(ctx))


def _on_tf1(ctx: Facts, hit: Hit) -> bool:
    """Whether the TensorFlow that raised on ``hit`` is a 1.x release: the log's version
    says so, TensorFlow 1.x's own module spelling (``tensorflow._api.v1.<sub>``), or a
    TensorFlow 1 call its traceback ran on a TensorFlow 1 Python (:func:`older_tf1`)."""
    mm = ctx.tf_mm
    return ((mm is not None and mm[0] < 2) or _TF1_SPELLING.match(hit.g("mod") or "") is not None
            or older_tf1(ctx, hit))


def v1_only_reads(ctx: Facts) -> list[tuple[Hit, str]]:
    """``(line, path under tf.)`` of each missing name that only TensorFlow 1's API has
    (``tf-api-names`` ``v1_only``), unless the TensorFlow that raised is a 1.x release
    (:func:`_on_tf1`: then the name's absence is no API era's, and ``core_name_missing``
    reads it).  Read by ``tf1_api_on_tf2``."""
    return [(h, path) for h, path, kind in _reads(ctx)
            if kind == "v1-only" and not _on_tf1(ctx, h)]


#: What the ``tf-api-names`` row says of a missing name, by its reading.
_BOTH = ("a name of TensorFlow's public API in both its TF 1 and TF 2 forms (TensorFlow 2.21 "
         "has it under tf and tf.compat.v1 alike)")
_WHOSE = {
    "both": _BOTH,
    # (a dunder name of a partially initialized module: the circular-import hedge)
    "dunder": _BOTH,
    "v2-only": "a name of TensorFlow 2's API (TensorFlow 2.21 has it under tf, not in its TF 1 "
               "API tf.compat.v1: a TensorFlow 1.x release never had it)",
    "compat-v1": "a name of the TF 1 API that TensorFlow 2 keeps under tf.compat.v1 "
                 "(TensorFlow 2.21 has it there)",
}


def older_release(ctx: Facts, path: str, shown: str, hits: list[Hit]) -> Finding:
    """``tf-api-newer-than-installed`` variant ``tf1-name-older-release``: tf.``path``, a TF 1
    name, is missing from a TensorFlow 1.x or older release (``shown`` says how the log
    shows that release), so the code is newer than it.  Also read by checks/python_import.py
    for the names of ``tools.tf1_api`` missing where the log states a 0.x."""
    row = ctx.kb.platform_fact("tf-api-names")
    return catalogue.make(
        "tf-api-newer-than-installed", variant="tf1-name-older-release", symbol=path,
        shown=shown, ref=row.ref, evidence=log_evidence(hits), knowledge_ref=row.ref,
        fix=(_WHICH,
             "# upgrade to the TensorFlow 1.x the code was written for (its README or "
             "requirements say which; 1.15, the last 1.x, has every TF 1 name), with the "
             "CUDA/cuDNN that release needs (tfgpu plan lists them)",
             "# or change the code to the name the installed release has (its API docs "
             "of that version)"))


def core_name_missing(ctx: Facts) -> list[Finding]:
    """``tf-api-newer-than-installed`` variant ``not-the-package`` (the module has no
    ``__version__``: not the TensorFlow package) or ``core-name-missing`` (a name both of
    TensorFlow 2.21's API versions have: a broken or shadowed install, or a release older
    than the name; hedged, with the command that tells them apart), ``v2-name-missing``
    (a name only its TF 2 API has) or ``compat-v1-name-missing`` (a name its ``tf.compat.v1``
    has, missing there), read the same way.

    Returns:
        One finding for the first such line, or nothing.
    """
    # (a TF 1 name missing from a 1.x whose traceback ran a TF 1 call on a Python TensorFlow
    # 1.x ran on: that module is TensorFlow's, so not shadowed, and a 1.x older than the name
    # is what is left; so too where the log states a 0.x, older than the 1.x API the code
    # spells (tensorflow/tensorflow#8654: tf.layers on 0.12.1). A stated 1.x stays unknown:
    # the name is not dated against it, and another Python's TensorFlow 2 fits as well)
    mm = ctx.tf_mm
    stated_old = mm is not None and mm[0] == 0
    reads = [(h, path, kind) for h, path, kind in _reads(ctx)
             if kind != "v1-only" or older_tf1(ctx, h) or stated_old]
    if not reads:
        return []
    hit, path, kind = next((r for r in reads if r[2] == "dunder"), reads[0])
    row = ctx.kb.platform_fact("tf-api-names")
    evidence = log_evidence([h for h, p, _ in reads if p == path])
    listing = pip_list_grep("tensorflow", "keras", "tensorboard", windows=ctx.windows)
    companion = _companion_loading(ctx, hit.line)
    if companion is not None:
        pkg, frames = companion
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="companion-import", package=pkg,
            symbol=path, evidence=log_evidence(frames, [hit]), knowledge_ref=row.ref,
            fix=(f"{listing}   # {pkg} must be one TensorFlow's requirements allow",
                 "python -m pip check   # names the package whose version TensorFlow's "
                 "requirements exclude, and the range they allow",
                 f'python -m pip install "{pkg}<the range pip check names>"   # '
                 "tensorflow-estimator and tensorboard 2.N (and keras 2.N up to TensorFlow "
                 "2.15) go with TensorFlow 2.N; TensorFlow 2.16+ takes Keras 3"))]
    if kind != "dunder":
        # a library's own file asked (standalone Keras, an add-on, tensorflow-estimator): that
        # library is of another release than TensorFlow (checks/tf_name_callers.py)
        library = library_reading(
            ctx, hit, path, f"tf.{path} is {_WHOSE.get(kind, _BOTH)}, knowledge row "
            f"{row.ref}; the TensorFlow it imported has no such name, so that TensorFlow is "
            "of another release than the one it was made for (or was still importing, when "
            "TensorFlow's own __init__ imports it).", row.ref)
        if library is not None:
            return [library]
    reinstall = ('python -m pip install --force-reinstall "tensorflow==<the version you '
                 'need>"   # when the file is site-packages/tensorflow/__init__.py: a broken '
                 "or partial install")
    if kind == "dunder" and "partially initialized" not in hit.text:
        return [catalogue.make(
            "tf-api-newer-than-installed", variant="not-the-package", symbol=path,
            evidence=evidence, knowledge_ref=row.ref,
            fix=(_WHICH,
                 "# None, or a file outside site-packages/tensorflow: a folder or file named "
                 "tensorflow (in the working directory or the script's folder) shadows the "
                 "package, or an uninstall left an empty site-packages/tensorflow folder "
                 "behind: rename the one, delete the other",
                 "python -m pip uninstall -y tensorflow && python -m pip install "
                 '"tensorflow==<the version you need>"   # then reinstall cleanly'))]
    known, mm = ctx.tf_version, ctx.tf_mm
    if kind == "v1-only":
        # a TF 1 name missing from a TensorFlow 1.x: that release predates the name (1.x
        # gained names release by release; TensorFlow 2's tf.compat.v1 is 1.15's main module
        # without contrib, TensorFlow RELEASE.md 1.15.0)
        ran = tf1_call_ran(ctx, hit.line)
        # (a notebook's code line starts "---> 62 ")
        code = re.sub(r"^-*>\s*\d+\s+", "", ran.text.strip()) if ran is not None else ""
        shown = (f"the traceback ran {code[:80]} (line {ran.line}), a name only "
                 "TensorFlow 1 has, so the module is TensorFlow's own (not a file shadowing "
                 "it)" if ran is not None else f"the log states TensorFlow {ctx.tf_version}"
                 if stated_old else "the log shows a TensorFlow 1.x")
        return [older_release(ctx, path, shown, [hit, *([ran] if ran is not None else [])])]
    # the row does not date names: a release the log names may predate this one (TF 1.x
    # added names through its releases, and TF 2.x to both APIs)
    era = (f"The log names TensorFlow {known}, a 1.x release: tf.{path} may be newer than it "
           f"(TensorFlow 1.x gained names release by release), and the code then needs a "
           f"newer TensorFlow. " if mm is not None and mm[0] < 2 else
           f"The log names TensorFlow {known}: if tf.{path} is older than that release, the "
           f"install is broken or shadowed; if newer, the code needs a newer TensorFlow. "
           if known else "")
    return [catalogue.make(
        "tf-api-newer-than-installed",
        variant=("v2-name-missing" if kind == "v2-only" else "compat-v1-name-missing"
                 if kind == "compat-v1" else "core-name-missing"), symbol=path,
        evidence=evidence, knowledge_ref=row.ref,
        cause=(f"The tensorflow module Python imported has no tf.{path}, " + _WHOSE[kind]
               + f" (knowledge row {row.ref}): not a TensorFlow 1 name that TensorFlow 2 "
               "removed. " + era + "What fits: a broken or "
               "partial install, a file or folder named tensorflow in the working directory "
               "or the script's folder shadowing the package, another package installed "
               "under the name tensorflow, a TensorFlow release older than the name, or a "
               "companion package of another release (tensorflow-estimator, keras, "
               "tensorboard) asking for it while TensorFlow is still importing. The first "
               "commands below tell them apart."),
        fix=(_WHICH,
             f"{listing}   # tensorflow-estimator, keras, tensorboard of another release "
             "than TensorFlow: python -m pip check names them",
             "# a path outside site-packages/tensorflow: rename that file or folder (and "
             "delete its __pycache__); a version older than the code was written for: "
             "install the release its requirements name",
             reinstall))]


#: Companion packages TensorFlow's own ``__init__`` imports while it loads, each released
#: in step with TensorFlow's minor (tensorflow/tools/pip_package/setup.py pins them:
#: ``'tensorflow_estimator >= 2.10.0rc0, < 2.11'``, ``'tensorboard >= 2.10, < 2.11'``,
#: ``'keras >= 2.10.0rc0, < 2.11'`` at 2.10): import name -> pip distribution.
_COMPANIONS = {"tensorflow_estimator": "tensorflow-estimator", "keras": "keras",
               "tf_keras": "tf-keras", "tensorboard": "tensorboard"}


def _companion_loading(ctx: Facts, line: int) -> tuple[str, list[Hit]] | None:
    """``(pip distribution, frames)`` when the traceback above log line ``line`` runs through
    TensorFlow's own package (its ``__init__`` importing) and then, nearest the error, a
    companion package's file (:data:`_COMPANIONS`): the companion asked for the name while
    ``import tensorflow`` was still binding it; ``None`` otherwise (within
    :data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_WINDOW` lines)."""
    near = package_frames_above(ctx, line)
    if not near or (near[-1].g("pkg") or "") not in _COMPANIONS:
        return None
    last = near[-1]
    loading = [p for p in near if (p.g("pkg") or "") in ("tensorflow", "tensorflow_core")
               and p.line < last.line and "__init__.py" in (p.g("rest") or "")]
    if not loading:
        return None
    return _COMPANIONS[last.g("pkg") or ""], [loading[0], last]


__all__ = ["core_name_missing", "older_release", "older_tf1", "v1_only_reads"]
