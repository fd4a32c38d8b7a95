"""Print the platform-fact row ``keras-builtin-object-names``: the names Keras itself gives
the objects a saved model's config names (layers, initializers, losses, metrics, optimizers,
activations, regularizers, constraints, models), read from a clone of keras-team/keras at
the tags :data:`TAGS`, with no import of Keras: every string literal
``"keras.<module>.<Name>"`` in the package's sources (the ``keras_export(...)`` names that
make the public API, the v1 names TensorFlow 1 exported included), tests left out.

A saved model naming one of these and a Keras that does not know it is a file of another
Keras release (or package); any other name is a custom object the loader was not given
(checks/saved_model_files.py).  Paste the output over the row in
src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_keras_builtin_names.py /path/to/keras-team/keras/.git
"""

from __future__ import annotations

import re
import subprocess
import sys

from _fact_row import print_items

#: The releases read: the first Keras split out of TensorFlow (2.6), the last Keras 2 (2.15),
#: the first and a recent Keras 3.
TAGS = ("v2.6.0", "v2.15.0", "v3.0.0", "v3.12.0")
#: The API modules whose objects a saved config names.
MODULES = ("layers", "initializers", "losses", "metrics", "optimizers", "activations",
           "regularizers", "constraints", "models")
_NAME = re.compile(r'"keras\.(?P<module>' + "|".join(MODULES)
                   + r')\.(?:experimental\.)?([A-Za-z]\w*)"')
#: Class names Keras writes into configs that no export names: the functional model's class
#: (tf.keras engine/functional.py ``class Functional``, Keras 3 models/functional.py), and
#: the layers Keras 2 makes for TensorFlow ops called on Keras tensors (v2.15.0
#: keras/layers/core/tf_op_layer.py ``class TFOpLambda``, ``class SlicingOpLambda``).
_UNEXPORTED = {"models": ("Functional",), "layers": ("TFOpLambda", "SlicingOpLambda")}


def _names(git_dir: str, tag: str) -> dict[str, set[str]]:
    """``{module: names}`` exported at ``tag``."""
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "grep", "-h", "-o", "-E",
         r'"keras\.[a-z_]+\.(experimental\.)?[A-Za-z][A-Za-z0-9_]*"', tag, "--",
         "keras", ":!*_test.py", ":!*/tests/*"],
        capture_output=True, text=True, check=True).stdout
    found: dict[str, set[str]] = {m: set() for m in MODULES}
    for m in _NAME.finditer(out):
        found[m.group("module")].add(m.group(2))
    return found


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    names: dict[str, set[str]] = {m: set() for m in MODULES}
    for module, extra in _UNEXPORTED.items():
        names[module] |= set(extra)
    for tag in TAGS:
        for module, found in _names(sys.argv[1], tag).items():
            names[module] |= found
    print("[[rows]]")
    print('id = "keras-builtin-object-names"')
    print('title = "The names Keras gives its own layers, initializers, losses, metrics, '
          "optimizers, activations, regularizers, constraints and models (Keras 2.6-2.15 and "
          '3.x), per module: a saved config naming one of them where that kind is looked up is '
          'Keras\'s own object, any other name a custom one"')
    for module in MODULES:
        print_items(module, sorted(names[module]))
    print('source = "KERAS-EXPORTS"')
    print("retrieved = 2026-12-06")
    print('note = "scripts/probe_keras_builtin_names.py: every \\"keras.<module>.<Name>\\" '
          f"string in the sources at tags {', '.join(TAGS)} (keras_export names, v1 names "
          'included), plus Functional, TFOpLambda and SlicingOpLambda (Keras writes them '
          'into configs; no export names them)"')


if __name__ == "__main__":
    main()
