"""Print the platform-fact row ``tf-api-names``: the public names of TensorFlow's two API
versions in the installed wheel, read from the API modules TensorFlow's generator writes
(``tensorflow/__init__.py`` is the TF 2 API, ``tensorflow/_api/v2/<module>/__init__.py`` its
modules, ``tensorflow/_api/v2/compat/v1/...`` the TF 1 API that ``tf.compat.v1`` serves), with
no import of TensorFlow: each ``from <module> import <name> [as <alias>]`` line and each
``setattr(_current_module, "<name>", ...)`` of those files binds one public name.

Three lists, names under ``tf.`` (``train.AdamOptimizer``; the top level bare): ``v1_only``
(the TF 1 API has it, the TF 2 API does not), ``both``, and ``v2_only`` (the TF 2 API has it,
the TF 1 API does not: ``distribute.TPUStrategy``).  Modules that Keras fills in at
run time (keras, losses, metrics, optimizers, initializers), ``raw_ops`` and the private
``__internal__`` ones are left out.  Run with the TensorFlow release the row names (2.21.0)
and paste the output over the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_api_names.py
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
from pathlib import Path

from _fact_row import print_items

#: ``from tensorflow.python.ops.variables import Variable # line: 206``, ``... import X as Y``,
#: ``setattr(_current_module, "keras", ...)``
_BINDS = re.compile(r"^from \S+ import (\w+)(?: as (\w+))?|^setattr\(_current_module, \"(\w+)\"",
                    re.M)
#: Public dunder names of the top level (TensorFlow's ``_names_with_underscore``).
_DUNDERS = frozenset({"__version__", "__git_version__", "__compiler_version__",
                      "__cxx11_abi_flag__", "__cxx_version__", "__monolithic_build__"})
#: Modules Keras fills in at run time (TensorFlow's KerasLazyLoader), and ones not read.
_SKIP = frozenset({"keras", "losses", "metrics", "optimizers", "initializers", "raw_ops",
                   "compat"})


def _names(init: Path) -> set[str]:
    out = set()
    for m in _BINDS.finditer(init.read_text(encoding="utf-8")):
        name = m.group(3) or m.group(2) or m.group(1)
        if not name.startswith("_") or name in _DUNDERS:
            out.add(name)
    return out


def _api(top: Path, modules: Path) -> dict[str, set[str]]:
    """``{"": top-level names, "train": tf.train's names, ...}`` of one API version."""
    api = {"": _names(top)}
    for init in sorted(modules.glob("*/__init__.py")):
        module = init.parent.name
        if not module.startswith("_") and module not in _SKIP:
            api[module] = _names(init)
    return api


def main() -> None:
    spec = importlib.util.find_spec("tensorflow")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("no tensorflow package on this Python's path")
    root = Path(next(iter(spec.submodule_search_locations)))
    release = importlib.metadata.version("tensorflow")
    v2 = _api(root / "__init__.py", root / "_api/v2")
    v1 = _api(root / "_api/v2/compat/v1/__init__.py", root / "_api/v2/compat/v1")
    v1_only, both, v2_only = [], [], []
    for module in sorted(set(v1) | set(v2)):
        prefix = f"{module}." if module else ""
        one, two = v1.get(module, set()), v2.get(module, set())
        v1_only += [f"{prefix}{n}" for n in sorted(one - two)]
        both += [f"{prefix}{n}" for n in sorted(one & two)]
        v2_only += [f"{prefix}{n}" for n in sorted(two - one)]
    print("[[rows]]")
    print('id = "tf-api-names"')
    print(f'title = "The public names of TensorFlow {release}\'s two API versions: the TF 1 API '
          "(tf.compat.v1) has each name of v1_only and the TF 2 API (tf) lacks it; both have "
          "each name of both; the TF 2 API has each name of v2_only and the TF 1 API lacks "
          'it"')
    print_items("v1_only", v1_only)
    print_items("both", both)
    print_items("v2_only", v2_only)
    print('source = "TF221-API-MODULES"')
    print("retrieved = 2026-12-06")
    print('note = "scripts/probe_tf_api_names.py reads the generated API modules of the '
          "installed wheel. TensorFlow 2.x keeps the TF 1 API under tf.compat.v1, so a v1_only "
          "name is a TensorFlow 1.x name gone from tf in 2.x, a name in both is in this "
          "release's tf and tf.compat.v1 alike, and a v2_only name is in its tf only; the row "
          "does not date when a name arrived "
          '(an older release may lack one). Keras modules (tf.keras, tf.losses...) and tf.raw_ops '
          'are not listed"')


if __name__ == "__main__":
    main()
