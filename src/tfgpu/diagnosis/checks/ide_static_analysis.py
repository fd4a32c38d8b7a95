"""An editor's or linter's static analysis not finding ``tf.keras``.

TensorFlow attaches ``keras`` to its module while it is imported: TensorFlow 2.21's
``tensorflow/__init__.py`` runs ``setattr(_current_module, "keras",
_KerasLazyLoader(globals()))`` (TensorFlow 2.6-2.15 forwarded to the keras package the same
lazy way), so a tool that reads the files without running them (Pylance/pyright in VS Code,
PyCharm's inspections, pylint) finds no ``tensorflow.keras`` module or member, while
``import tensorflow.keras`` runs. Threads: microsoft/pylance-release#3753 and #5482 (a
maintainer: "from keras.models import ..."), tensorflow/tensorflow#64033 (pylint's E1101 with
2.15.1). The program is not at fault; only the editor's warning is.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tf_keras_unseen(ctx: Facts) -> list[Finding]:
    """``ide-cannot-see-tf-keras``: a static analyser's report (pattern
    ``ide.tf_keras_unseen``) that tensorflow.keras does not exist, with the tool named; an
    info finding (the code runs), unless the same tool cannot resolve tensorflow itself, or the
    program's own run failed to import it: then the interpreter lacks TensorFlow (the other
    readings say so). Before TensorFlow 2.6 (platform fact ``tf-keras-lazy-module``) the fix
    does not offer ``import keras``, another library there."""
    hits = ctx.h("ide.tf_keras_unseen").all()
    if not hits or ctx.h("ide.tf_unresolved").count or _unresolved(ctx):
        return []  # the interpreter lacks packages: interpreter_lacks_modules says so
    # the program's own run failed to import TensorFlow: that, not the editor, is the fault
    if ctx.h("tools.no_module_tf").count or any(
            (m.g("mod") or "").startswith("tensorflow")
            for m in ctx.h("py.module_missing").all()):
        return []
    h = hits[0]
    # before TensorFlow 2.6 tf.keras is TensorFlow's own copy: the keras package is another
    # library there, so "import keras" is no fix (platform fact tf-keras-lazy-module)
    lazy = ctx.kb.platform_fact("tf-keras-lazy-module").value("first_tf")
    mm = ctx.tf_mm
    older = mm is not None and mm < tuple(int(x) for x in str(lazy).split(".")[:2])
    tool = ("pylint" if h.g("pylint") else "PyCharm's inspection" if h.g("pycharm")
            else "Pylance (pyright)")
    return [catalogue.make(
        "ide-cannot-see-tf-keras", tool=tool, evidence=log_evidence(hits[:2]),
        fix=(("python -c \"import tensorflow as tf; print(tf.keras.__name__)\"   # runs: the "
              "code is fine, only the editor cannot see tf.keras (fails: the editor's "
              "interpreter is not TensorFlow's: select the environment that has it)",
              *(() if older else (
                  "# import Keras by its own name, which the editor can follow: import keras "
                  "/ from keras import layers (TensorFlow 2.16+: Keras 3, tf.keras's own; "
                  "2.6-2.15: the keras package of TensorFlow's minor)",)),
              f"# or leave the import and silence that one warning: {_SILENCE[tool]}")))]


#: How each tool silences one line's warning (Pylance/pyright ignores flake8's noqa and pylint's
#: comments: pyright's docs, "Comments"; PyCharm's suppression comment; pylint's message
#: control).
_SILENCE = {
    "Pylance (pyright)": "# type: ignore (or # pyright: ignore[reportMissingImports]) at the "
                         "line's end",
    "PyCharm's inspection": "# noinspection PyUnresolvedReferences on the line above",
    "pylint": "# pylint: disable=<the message pylint names: no-member, import-error or "
              "no-name-in-module> at the line's end",
}


#: Packages whose import name tfgpu knows to be a distribution's, beside TensorFlow's own and
#: its add-ons' (:data:`ADDON_DISTS`): TensorFlow's and Keras's own requirements that a
#: program imports itself (the 2.21 wheel's Requires-Dist: numpy, h5py, keras). A project's
#: own modules (src, utils, ...) fail in an editor for its analysis root, not its interpreter.
_KNOWN_PACKAGES = frozenset({"tensorflow", "keras", "tf_keras", "numpy", "h5py"})


def _unresolved(ctx: Facts) -> list[Hit]:
    """The editor's reports of packages it cannot find, other than tensorflow.keras (which a
    working install shows too): ``tensorflow`` itself, Keras, NumPy, h5py or an add-on
    (:data:`_KNOWN_PACKAGES`, :data:`ADDON_DISTS`); a module tfgpu cannot tell from the
    project's own is left alone."""
    out = []
    for h in ctx.h("ide.module_unresolved").all():
        mod = h.g("mod") or ""
        top = mod.split(".")[0]
        if re.match(r"tensorflow\.keras\b", mod):
            continue
        if top in _KNOWN_PACKAGES or top in ADDON_DISTS:
            out.append(h)
    return out


def interpreter_lacks_modules(ctx: Facts) -> list[Finding]:
    """``editor-interpreter-lacks-modules``: Pylance/pyright cannot resolve ``tensorflow``
    itself or another package (pattern ``ide.module_unresolved``, tensorflow.keras aside):
    the interpreter the editor analyses with does not have them installed, most often
    another environment than the one the program runs in (microsoft/pylance-release
    docs/howto/unresolved-imports.md: "Check the Python interpreter"). A warning about the
    editor; nothing when the program's own run failed to import them (the run's readings
    say that)."""
    hits = _unresolved(ctx)
    if not hits or ctx.h("tools.no_module_tf").count or ctx.h("py.module_missing").count:
        return []
    mods: list[str] = []
    for h in hits:
        top = h.need("mod").split(".")[0]
        if top not in mods:
            mods.append(top)
    names = ", ".join(mods[:4]) + (" ..." if len(mods) > 4 else "")
    # a pip name only where it is known: TensorFlow's and its add-ons' (the add-on table);
    # other import names need not be their distribution's (cv2: opencv-python)
    dists = [("tensorflow" if m == "tensorflow" else ADDON_DISTS.get(m)) for m in mods[:4]]
    install = (f"python -m pip install {' '.join(d for d in dists if d)}   # only if that "
               "environment lacks it too (the import fails when the program runs)"
               if all(dists) else
               "# install them into that environment only if the program's own import fails "
               "too (a pip name can differ from the import name: cv2 is opencv-python)")
    return [catalogue.make(
        "editor-interpreter-lacks-modules", modules=names, evidence=log_evidence(hits[:3]),
        fix=("# VS Code: click the Python version in the status bar (or Ctrl+Shift+P, "
             "\"Python: Select Interpreter\") and pick the environment the program runs in",
             "python -c \"import sys; print(sys.executable)\"   # in the terminal where the "
             "program runs: the interpreter to select",
             install))]
