"""Which TensorFlow add-on's code raised an ImportError: the add-on packages, and the frame
or import line nearest above the error (checks/addons.py, tf_api_versions.py, tf_install.py and
nvidia_tools.py read it; a module of its own, which imports no other check)."""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: A traceback's frame line: CPython's ``File "<path>", line N``, IPython's ``<path> in
#: <function>(...)``, pytest's ``<path>:N: in <function>``; a warning's ``<path>:N:
#: DeprecationWarning:`` line names a package too, and is none.
FRAME = re.compile(r'\bFile "[^"\n]{1,400}(?:", line \d|$)|\.py"?, line\b|\.py in \S'
                   r"|\.py:\d{1,6}: in ")  # (a frame line hard-wrapped keeps a piece of it)

#: The add-on packages whose op libraries (.so) checks/addons.py reads: package folder ->
#: pip distribution name.
OP_LIBRARY_DISTS: dict[str, str] = {
    "tensorflow_io": "tensorflow-io",
    "tensorflow_addons": "tensorflow-addons",
    "tensorflow_text": "tensorflow-text",
    "tensorflow_decision_forests": "tensorflow-decision-forests",
    "tensorflow_quantum": "tensorflow-quantum",
    "tensorflow_recommenders_addons": "tensorflow-recommenders-addons",
}

#: TensorFlow add-on packages (import name -> pip distribution) whose releases are built for
#: some TensorFlow minors only: their op libraries (:data:`OP_LIBRARY_DISTS`) and their imports of
#: TensorFlow's private modules (``tensorflow.python.*``, read by
#: ``tf_api_versions.module_missing``).  The import names are the packages' own (each
#: project's setup.py ``packages``).
ADDON_DISTS: dict[str, str] = {
    **OP_LIBRARY_DISTS,
    "tensorflow_probability": "tensorflow-probability",
    "tensorflow_hub": "tensorflow-hub",
    "tensorflow_datasets": "tensorflow-datasets",
    "tensorflow_model_optimization": "tensorflow-model-optimization",
    "tensorflow_recommenders": "tensorflow-recommenders",
    "tensorflow_federated": "tensorflow-federated",
    "tensorflow_transform": "tensorflow-transform",
    "tensorflow_ranking": "tensorflow-ranking",
    "tensorflow_gnn": "tensorflow-gnn",
    "tf_agents": "tf-agents",
    # Keras's hyperparameter search, which libraries such as AutoKeras subclass from its
    # internal modules (keras_tuner.engine.tuner before keras-tuner 1.4.0 moved them)
    "keras_tuner": "keras-tuner",
    # the ONNX converters of Keras and TensorFlow models, whose releases follow TensorFlow's
    "keras2onnx": "keras2onnx",
    "tf2onnx": "tf2onnx",
    # tensorflow/mesh (setup.py name 'mesh-tensorflow'), whose modules import TensorFlow's
    # private ones ("from tensorflow.python.tpu.ops import tpu_ops", tensorflow/mesh#31)
    "mesh_tensorflow": "mesh-tensorflow",
}

#: A folder named as an add-on's import name in a frame's path (its source checkout).
_ADDON_DIR = re.compile(r"[/\\](" + "|".join(sorted(ADDON_DISTS, key=len, reverse=True))
                        + r")[/\\]")

#: How many lines above an ImportError an add-on's import line or frame may stand (a
#: traceback's last frames and their code lines, the lines a program printed between, and the
#: same hard-wrapped at 80 columns in a paste).
ADDON_WINDOW = 30


def frame_between(ctx: Facts, first: int, last: int) -> bool:
    """Whether a Python traceback frame line (``File "...", line N, in ...`` of any file:
    patterns ``ctx.own_frame``, ``ctx.pkg_path``, ``ctx.other_frame``) stands strictly between
    log lines ``first`` and ``last``: a code line above it is then another frame's, not the
    one that raised at ``last``."""
    frames = [*ctx.h("ctx.own_frame").all(), *ctx.h("ctx.other_frame").all(),
              # (a site-packages path is a frame only in a frame line's form)
              *(p for p in ctx.h("ctx.pkg_path").all() if FRAME.search(p.text))]
    return any(first < h.line < last for h in frames)


#: How far above an exception the traceback's code line may stand (a notebook prints context
#: lines and a blank line under its arrowed one).
CODE_WINDOW = 6


def code_line_above(ctx: Facts, pattern: str, line: int) -> Hit | None:
    """The nearest hit of ``pattern`` (a traceback's code line) 1 to :data:`CODE_WINDOW` log
    lines above log line ``line`` with no frame line between (:func:`frame_between`: it is
    then another frame's code), or ``None``."""
    near = [c for c in ctx.h(pattern).all()
            if 1 <= line - c.line <= CODE_WINDOW and not frame_between(ctx, c.line, line)]
    return near[-1] if near else None


def package_frames_above(ctx: Facts, line: int) -> list[Hit]:
    """The traceback frame lines of installed packages (``site-packages/<pkg>/...``, pattern
    ``ctx.pkg_path``) within :data:`ADDON_WINDOW` lines above log line ``line``, in log
    order: the last is the package frame nearest the error."""
    return sorted((p for p in ctx.h("ctx.pkg_path").all()
                   if 0 < line - p.line <= ADDON_WINDOW and FRAME.search(p.text)),
                  key=lambda p: p.line)


def installed_package_frame(ctx: Facts, line: int) -> Hit | None:
    """The traceback frame nearest above log line ``line`` when it is a file of an installed
    package other than TensorFlow's own (``site-packages/<pkg>/...``), within the error's
    traceback (:data:`ADDON_WINDOW` lines), and no
    frame of the program's own code (a script, a notebook cell) stands between; else
    ``None``."""
    near = package_frames_above(ctx, line)
    if not near:
        return None
    last = near[-1]
    pkg = last.g("pkg") or ""
    # TensorFlow's own files; a private module (_pytest); a test runner's environment of the
    # user's own package (.tox, .nox)
    if (pkg in ("tensorflow", "tensorflow_core") or pkg.startswith("_")
            or re.search(r"(?:^|[/\\\s])\.(?:tox|nox)[/\\]", last.text)):
        return None
    # any frame after it, in any printed form, is where the import ran
    if any(last.line < o.line < line for name in ("ctx.own_frame", "ctx.other_frame")
           for o in ctx.h(name).all()):
        return None
    return last


def addon_importing_at(ctx: Facts, line: int) -> str | None:
    """The pip distribution of the TensorFlow add-on whose code raised the ImportError on log line
    ``line``: the nearest package named above it within :data:`ADDON_WINDOW` lines (a
    traceback frame's ``site-packages/<pkg>/`` path, pattern ``ctx.pkg_path``, or an
    ``import <pkg>`` code line right under a frame, ``ctx.addon_import``) when that package
    is an add-on (:data:`ADDON_DISTS`); ``None`` when it is another package (the program's
    own library stands between), when a frame or statement of the program's own code
    (``ctx.own_frame``: a script, a notebook cell, the REPL; or a ``from tensorflow...
    import`` line not under the add-on's frame) stands between, or none is named.
    TensorFlow's own frames are skipped: they are where the import ran."""
    frames = {p.line for name in ("ctx.pkg_path", "ctx.own_frame")
              for p in ctx.h(name).all() if FRAME.search(p.text)}
    # a package's frame line, or an import line right under a frame (the frame's code line)
    above = [(p.line, p.g("pkg") or "", name == "ctx.pkg_path")
             for name in ("ctx.pkg_path", "ctx.addon_import")
             for p in ctx.h(name).all() if 0 < line - p.line <= ADDON_WINDOW
             and (p.line in frames if name == "ctx.pkg_path"
                  else bool({p.line - 1, p.line - 2, p.line - 3} & frames))]  # (hard-wrapped)
    # an add-on's own file outside site-packages (a source checkout run in place:
    # ".../tensorflow_ranking/python/model.py"): its frame is the add-on's, not the program's
    checkout = {p.line: m.group(1) for p in ctx.h("ctx.own_frame").all()
                if 0 < line - p.line <= ADDON_WINDOW
                and (m := _ADDON_DIR.search(p.text)) is not None}
    above += [(ln, pkg, True) for ln, pkg in checkout.items()]
    near = [(ln, pkg, frame) for ln, pkg, frame in sorted(above, reverse=True)
            if pkg not in ("tensorflow", "tensorflow_core")]
    if not near:
        return None
    at, pkg, frame = near[0]
    # the program's own frame or statement after the add-on's (a script, a notebook cell,
    # the REPL) made the import itself
    if any(at < h.line <= line and h.line not in checkout for h in ctx.h("ctx.own_frame").all()):
        return None
    # a "from tensorflow... import" line after the add-on's: the program's own statement,
    # but for the code line right under the add-on's own frame (a traceback prints it there)
    if any(at < h.line < line and not (frame and h.line == at + 1)
           for h in ctx.h("ctx.tf_from_import").all()):
        return None
    return ADDON_DISTS.get(pkg)


def addons_warning_in_log(ctx: Facts) -> bool:
    """Whether the log holds TensorFlow Addons' own version warning (its range, patterns
    ``tfa.unsupported_tf``, or the TensorFlow its ops were built against, ``tfa.abi``):
    checks/nvidia_tools.py addons_unsupported_tf reads Addons' failed import with it."""
    return bool(ctx.h("tfa.unsupported_tf").count or ctx.h("tfa.abi").count)


__all__ = ["ADDON_DISTS", "ADDON_WINDOW", "CODE_WINDOW", "FRAME", "OP_LIBRARY_DISTS",
           "addon_importing_at", "addons_warning_in_log", "code_line_above"]
