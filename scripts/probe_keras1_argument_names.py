"""Print the platform-fact row ``keras1-argument-names``: the Keras 1 keyword arguments that
Keras 2 renamed, with their Keras 2 names, read from keras/legacy/interfaces.py of a clone of
keras-team/keras at tag :data:`TAG` (the last standalone Keras 2 with the Keras 1 shims):
every ``('old', 'new')`` pair of its ``conversions=[...]`` lists, the layers' and the
generator methods' (``nb_epoch`` -> ``epochs``, ``samples_per_epoch`` -> ``steps_per_epoch``).

Keras 2.0-2.3 translated these names with a warning ("Update your `X` call to the Keras 2
API"); tf.keras and Keras 3 have no such shim, so a Keras 1 name there is Python's
"got an unexpected keyword argument" (checks/keras_training_loop.py). Paste the output over
the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_keras1_argument_names.py /path/to/keras-team/keras/.git
"""

from __future__ import annotations

import re
import subprocess
import sys

from _fact_row import print_items

TAG = "2.3.1"
_LIST = re.compile(r"conversions=\[(?P<body>[^\]]*)\]")
_PAIR = re.compile(r"\('(?P<old>\w+)',\s*'(?P<new>\w+)'\)")


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    text = subprocess.run(
        ["git", f"--git-dir={sys.argv[1]}", "show", f"{TAG}:keras/legacy/interfaces.py"],
        capture_output=True, text=True, check=True).stdout
    renamed: dict[str, set[str]] = {}
    for block in _LIST.finditer(text):
        for pair in _PAIR.finditer(block.group("body")):
            renamed.setdefault(pair.group("old"), set()).add(pair.group("new"))
    print('id = "keras1-argument-names"')
    print('title = "Keyword arguments of Keras 1 that Keras 2 renamed (keras/legacy/interfaces.py '
          f'at {TAG}), as old:new (several new names where layers differ, joined by |)"')
    pairs = [f"{old}:{'|'.join(sorted(new))}" for old, new in sorted(renamed.items())]
    print_items("renamed", pairs)
    print(f'source = "https://github.com/keras-team/keras/blob/{TAG}/keras/legacy/interfaces.py"')


if __name__ == "__main__":
    main()
