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

from tfgpu.diagnosis import catalogue
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
    if not hits or ctx.h("ide.tf_unresolved").count:
        return []
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
              "# or leave the import and silence that one warning (# type: ignore, # noqa, or "
              "pylint: disable=no-member on the line)")))]
